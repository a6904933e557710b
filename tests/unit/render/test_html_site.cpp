#include <doctest/doctest.h>

#include "formats/site_folder.hpp"
#include "gpuclusters/model/error.hpp"
#include "render/html_pages.hpp"
#include "render/html_site.hpp"

using namespace gpuclusters;

namespace {

model::Claim claim(std::string field, std::string value, std::string bound = "") {
    model::Claim made;
    made.field = std::move(field);
    made.value.value = std::move(value);
    made.value.qualifiers.bound = std::move(bound);
    return made;
}

model::Claim not_published(std::string field) {
    model::Claim made;
    made.field = std::move(field);
    made.state = model::ClaimState::not_published;
    return made;
}

model::Record acme(std::vector<model::Claim> claims) {
    model::Record record;
    record.id = "acme-one";
    record.claims = {claim("name", "Acme One"), claim("owner", "Acme"), claim("gpu_model", "NVIDIA H100")};
    for (auto& more : claims) record.claims.push_back(std::move(more));
    return record;
}

}  // namespace

TEST_CASE("a record's sentence says what the sources say of its GPUs, bound and all") {
    using render::html::record_sentence;
    CHECK(record_sentence(acme({claim("status", "operational"), claim("gpus_installed", "10000")})) ==
          "Acme One is an operational GPU cluster run by Acme. It has 10,000 NVIDIA H100 GPUs installed.");
    CHECK(record_sentence(acme({claim("gpus_installed", "10000", "approximate")})) ==
          "Acme One is a GPU cluster run by Acme. It has about 10,000 NVIDIA H100 GPUs installed.");
    CHECK(record_sentence(acme({claim("status", "under construction"), claim("gpus_installed", "100000", "at least")})) ==
          "Acme One is a GPU cluster under construction run by Acme. It has at least 100,000 NVIDIA H100 GPUs installed.");
    CHECK(record_sentence(acme({claim("status", "partly operational"), not_published("gpus_installed")})) ==
          "Acme One is a partly operational GPU cluster run by Acme. Its number of GPUs installed is not published.");
    CHECK(record_sentence(acme({})) == "Acme One is a GPU cluster run by Acme. Its number of GPUs installed is not recorded.");
    auto first = claim("gpus_installed", "1000");
    first.rank = model::Rank::normal;
    auto second = claim("gpus_installed", "2000");
    second.rank = model::Rank::normal;
    CHECK(record_sentence(acme({first, second})) ==
          "Acme One is a GPU cluster run by Acme. Its sources give 2 competing figures for the GPUs installed.");
    model::Record unnamed;
    unnamed.id = "x-1";
    unnamed.claims = {not_published("owner")};
    CHECK(record_sentence(unnamed) ==
          "x-1 is a GPU cluster whose operator is not published. Its number of GPUs installed is not recorded.");
}

TEST_CASE("a page shows control and bidirectional characters as escapes, never as what they do") {
    CHECK(render::page_text("plain café") == "plain café");
    CHECK(render::page_text("a\nb") == "a\\u000ab");
    CHECK(render::page_text("evil\u202Etxt.exe") == "evil\\u202etxt.exe");
    CHECK(render::page_text("bell\x07") == "bell\\u0007");
}

TEST_CASE("an operator's page is one for every spelling that folds to the same letters") {
    using render::HtmlSite;
    CHECK(HtmlSite::operator_path("ByteDance") == "operators/bytedance.html");
    CHECK(HtmlSite::operator_path("Bytedance") == HtmlSite::operator_path("ByteDance"));
    CHECK(HtmlSite::operator_path("CSCS (Swiss National Supercomputing Centre)") ==
          "operators/cscs-swiss-national-supercomputing-centre.html");
    CHECK(HtmlSite::operator_path("../../etc") == "operators/etc.html");
    CHECK(HtmlSite::operator_path("华为") == "operators/e58d8ee4b8ba.html");
}

TEST_CASE("a record page escapes every value and links each to its numbered source") {
    render::HtmlSite site(formats::site_templates(std::nullopt), {});
    ledger::SiteRecord page;
    page.record = acme({claim("gpus_installed", "12288")});
    page.record.claims[0].value.value = "<script>alert(1)</script>";
    model::Source source;
    source.id = 7;
    source.url = "https://example.org/a?x=1&y=\"2\"";
    source.meta.kind = "operator";
    page.record.sources.emplace(7, source);
    model::Citation citation;
    citation.source_id = 7;
    citation.quote = "12,288 GPUs <b>installed</b>";
    page.record.claims[3].citations.push_back(citation);
    const auto files = site.record(page);
    REQUIRE(files.size() == 1);  // no related clusters: no compare page
    CHECK(files[0].path == "clusters/acme-one.html");
    const std::string& html = files[0].bytes;
    CHECK(html.find("<script>") == std::string::npos);
    CHECK(html.find("<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>") != std::string::npos);
    CHECK(html.find("12,288 <a class=\"source-number\" href=\"#source-1\"") != std::string::npos);
    CHECK(html.find("<blockquote><p>12,288 GPUs &lt;b&gt;installed&lt;/b&gt;</p></blockquote>") != std::string::npos);
    CHECK(html.find("href=\"https://example.org/a?x=1&amp;y=&quot;2&quot;\"") != std::string::npos);
    CHECK(html.find("<p class=\"value unknown\">Unknown</p>") != std::string::npos);
}

TEST_CASE("a template that is missing or does not parse is refused, naming it") {
    auto templates = formats::site_templates(std::nullopt);
    templates.erase("operator.html");
    CHECK_THROWS_WITH_AS(render::HtmlSite(templates, {}), "site templates: no template 'operator.html'", InputError);
    templates = formats::site_templates(std::nullopt);
    templates["head.html"] = "{{#open}}";
    CHECK_THROWS_WITH_AS(render::HtmlSite(templates, {}), doctest::Contains("site template 'head.html'"), InputError);
}

TEST_CASE("JSON inside a script element cannot end the element") {
    const nlohmann::ordered_json json = {{"name", "</script><script>alert(1)</script> & co"}};
    const std::string text = render::html::script_json(json);
    CHECK(text.find('<') == std::string::npos);
    CHECK(text.find('>') == std::string::npos);
    CHECK(text.find('&') == std::string::npos);
    CHECK(nlohmann::json::parse(text)["name"] == "</script><script>alert(1)</script> & co");
}

TEST_CASE("a compare page's path names its clusters in order") {
    CHECK(render::html::compare_path(std::vector<std::string>{"a-one", "b-two"}) == "compare/a-one--b-two.html");
}

TEST_CASE("the pages of every record: index, lists, operators, sources and changes, each escaped") {
    ledger::SiteSettings settings;
    settings.base_url = "https://example.org/";
    render::HtmlSite site(formats::site_templates(std::nullopt), settings);
    ledger::SiteRecord page;
    page.record = acme({claim("gpus_installed", "12288"), claim("segment", "big-tech")});
    page.record.id = "acme-one";
    page.history.push_back({4, "2026-11-30T12:00:00Z", "ed <i>", "import & check", "import"});
    site.record(page);
    ledger::SiteDataset dataset;
    dataset.changesets = page.history;
    dataset.modified = "2026-11-30T12:00:00Z";
    std::map<std::string, std::string> files;
    site.finish(dataset, [&](const ledger::SiteFile& file) { files.emplace(file.path, file.bytes); });
    for (const char* path : {"index.html", "lists/index.html", "lists/segment.html", "lists/largest.html", "sources.html",
                             "changes.html", "feed.xml", "sitemap.xml", "style.css", "sort.js"}) {
        CHECK_MESSAGE(files.count(path) == 1, path);
    }
    CHECK(files["lists/segment.html"].find("<h2 id=\"group-big-tech\">Big tech</h2>") != std::string::npos);
    CHECK(files["changes.html"].find("by ed &lt;i&gt;: import &amp; check") != std::string::npos);
    CHECK(files["feed.xml"].find("<id>https://example.org/changes.html#changeset-4</id>") != std::string::npos);
    CHECK(files["sitemap.xml"].find("<loc>https://example.org/clusters/acme-one.html</loc>") != std::string::npos);
    CHECK(files["index.html"].find("\"dateModified\":\"2026-11-30T12:00:00Z\"") != std::string::npos);
}
