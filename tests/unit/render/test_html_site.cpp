#include <doctest/doctest.h>

#include <fmt/format.h>
#include <map>
#include <sstream>

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

// What the ledger keeps of the records, sorted in memory as the store sorts it on disk.
class MemoryLists : public ledger::SiteLists {
public:
    void keep(const std::vector<ledger::SiteKept>& kept) {
        for (const auto& item : kept) {
            for (const auto& place : item.places) entries_.push_back({place.list, place.key, place.number, item.text, order_});
            ++order_;
        }
    }
    void each(const std::string& list, bool by_number, std::optional<std::size_t> limit,
              const std::function<void(const std::string&, long long, const std::string&)>& visit) const override {
        std::vector<const Entry*> chosen;
        for (const auto& entry : entries_)
            if (entry.list == list) chosen.push_back(&entry);
        std::stable_sort(chosen.begin(), chosen.end(),
                         [&](const Entry* a, const Entry* b) { return by_number ? a->number > b->number : a->key < b->key; });
        for (std::size_t i = 0; i < chosen.size() && (!limit || i < *limit); ++i)
            visit(chosen[i]->key, chosen[i]->number, chosen[i]->text);
    }
    std::vector<std::pair<std::string, std::size_t>> keys(const std::string& list) const override {
        std::map<std::string, std::size_t> counted;
        for (const auto& entry : entries_)
            if (entry.list == list) ++counted[entry.key];
        return {counted.begin(), counted.end()};
    }
    std::size_t key_count(const std::string& list) const override { return keys(list).size(); }

private:
    struct Entry {
        std::string list, key;
        long long number;
        std::string text;
        std::size_t order;
    };
    std::vector<Entry> entries_;
    std::size_t order_ = 0;
};

// A site's files in memory, whole or streamed.
class MemoryOutput : public ledger::SiteOutput {
public:
    void write(const ledger::SiteFile& file) override { CHECK(files.emplace(file.path, file.bytes).second); }
    std::ostream& open(const std::string& path) override { return streams_[path]; }
    void close(const std::string& path) override { CHECK(files.emplace(path, streams_.at(path).str()).second); }
    std::map<std::string, std::string> files;

private:
    std::map<std::string, std::ostringstream> streams_;
};

// The files of a site of `records`, as the ledger would have it make them.
std::map<std::string, std::string> site_of(render::HtmlSite& site, const std::vector<ledger::SiteRecord>& records,
                                           const ledger::SiteDataset& dataset) {
    MemoryLists lists;
    MemoryOutput output;
    for (const auto& record : records) {
        std::vector<ledger::SiteKept> kept;
        for (const auto& file : site.record(record, kept)) output.write(file);
        lists.keep(kept);
    }
    site.finish(dataset, lists, output);
    return output.files;
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
    std::vector<ledger::SiteKept> kept;
    const auto files = site.record(page, kept);
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
    ledger::SiteDataset dataset;
    dataset.changesets = page.history;
    dataset.modified = "2026-11-30T12:00:00Z";
    dataset.clusters = 1;
    auto files = site_of(site, {page}, dataset);
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

TEST_CASE("a list page groups its rows under their labels, the clusters with no value last") {
    render::HtmlSite site(formats::site_templates(std::nullopt), {});
    std::vector<ledger::SiteRecord> records(3);
    records[0].record = acme({claim("country", "France"), claim("gpus_installed", "100")});
    records[0].record.id = "a-one";
    records[1].record = acme({claim("gpus_installed", "300")});
    records[1].record.id = "b-two";
    records[2].record = acme({claim("country", "Chile"), claim("gpus_installed", "200")});
    records[2].record.id = "c-three";
    ledger::SiteDataset dataset;
    dataset.clusters = 3;
    auto files = site_of(site, records, dataset);
    const std::string& countries = files["lists/country.html"];
    const auto chile = countries.find("<h2 id=\"group-chile\">Chile</h2>");
    const auto france = countries.find("<h2 id=\"group-france\">France</h2>");
    const auto unrecorded = countries.find("<h2 id=\"group-not-recorded\">Not recorded</h2>");
    REQUIRE(chile != std::string::npos);
    REQUIRE(france != std::string::npos);
    REQUIRE(unrecorded != std::string::npos);
    CHECK(chile < countries.find("clusters/c-three.html"));
    CHECK(countries.find("clusters/c-three.html") < france);
    CHECK(france < countries.find("clusters/a-one.html"));
    CHECK(countries.find("clusters/a-one.html") < unrecorded);
    CHECK(unrecorded < countries.find("clusters/b-two.html"));
    CHECK(countries.find('\x01') == std::string::npos);
    const std::string& largest = files["lists/largest.html"];
    CHECK(largest.find("The 3 largest clusters") != std::string::npos);
    CHECK(largest.find("clusters/b-two.html") < largest.find("clusters/c-three.html"));
    CHECK(largest.find("clusters/c-three.html") < largest.find("clusters/a-one.html"));
    const std::string& index = files["index.html"];
    CHECK(index.find("All 3 clusters") != std::string::npos);
    CHECK(index.find("clusters/a-one.html") < index.find("clusters/b-two.html"));
    CHECK(index.find("clusters/b-two.html") < index.find("clusters/c-three.html"));
}

TEST_CASE("a template that leaves a table's rows off makes a page without them, nothing else lost") {
    auto templates = formats::site_templates(std::nullopt);
    templates["list.html"] = "<h1>{{title}}</h1>{{#groups}}<h2>{{label}}</h2>{{/groups}}<p>end</p>";
    render::HtmlSite site(templates, {});
    std::vector<ledger::SiteRecord> records(1);
    records[0].record = acme({claim("country", "France")});
    auto files = site_of(site, records, {});
    CHECK(files["lists/country.html"] == "<h1>Clusters by country</h1><h2>France</h2><p>end</p>");
}

TEST_CASE("a template holding the bytes that mark a page's rows is refused") {
    auto templates = formats::site_templates(std::nullopt);
    templates["foot.html"] = "a \x01 b";
    CHECK_THROWS_WITH_AS(render::HtmlSite(templates, {}),
                         doctest::Contains("site template 'foot.html': holds a control character"), InputError);
}

TEST_CASE("a kept text holds any bytes, and a text pack() did not make is a logic error") {
    const std::vector<std::string_view> parts{"", "a:b", std::string_view("\0\x01\x02", 3), "12:34", "café"};
    const auto back = render::html::unpack(render::html::pack(parts));
    REQUIRE(back.size() == parts.size());
    for (std::size_t i = 0; i < parts.size(); ++i) CHECK(back[i] == parts[i]);
    CHECK_THROWS_AS(render::html::unpack("5:abc"), std::logic_error);
    CHECK_THROWS_AS(render::html::unpack("x:abc"), std::logic_error);
    CHECK_THROWS_AS(render::html::unpack("3abc"), std::logic_error);
}

TEST_CASE("a sitemap of more URLs than the protocol allows in a file is split, with an index") {
    ledger::SiteSettings settings;
    settings.base_url = "https://example.org/";
    render::HtmlSite site(formats::site_templates(std::nullopt), settings);
    MemoryLists lists;
    std::vector<ledger::SiteKept> pages;
    for (int n = 0; n < 50'010; ++n) {
        const std::string path = "clusters/c" + std::to_string(100000 + n) + ".html";
        pages.push_back({path, {{"page", path, 0}}});
    }
    lists.keep(pages);
    MemoryOutput output;
    site.finish({}, lists, output);
    const std::string& index = output.files["sitemap.xml"];
    CHECK(index.find("<sitemapindex") != std::string::npos);
    CHECK(index.find("<loc>https://example.org/sitemap-1.xml</loc>") != std::string::npos);
    CHECK(index.find("<loc>https://example.org/sitemap-2.xml</loc>") != std::string::npos);
    CHECK(index.find("sitemap-3.xml") == std::string::npos);
    const std::string& first = output.files["sitemap-1.xml"];
    const std::string& second = output.files["sitemap-2.xml"];
    auto urls = [](const std::string& text) {
        std::size_t count = 0;
        for (std::size_t at = 0; (at = text.find("<url>", at)) != std::string::npos; ++at) ++count;
        return count;
    };
    CHECK(urls(first) == 50'000);
    CHECK(urls(first) + urls(second) == 50'010 + 9);  // and the index, 6 lists, sources, changes
    CHECK(first.find("<loc>https://example.org/clusters/c100000.html</loc>") != std::string::npos);
}

TEST_CASE("the index comes in pages of a hundred clusters, its pager the same size on any site") {
    render::HtmlSite site(formats::site_templates(std::nullopt), {});
    std::vector<ledger::SiteRecord> records(1'050);
    for (std::size_t i = 0; i < records.size(); ++i) {
        records[i].record = acme({});
        records[i].record.id = fmt::format("c{:04}", i);
    }
    ledger::SiteDataset dataset;
    dataset.clusters = records.size();
    auto files = site_of(site, records, dataset);
    auto rows = [](const std::string& text) {
        std::size_t count = 0;
        for (std::size_t at = 0; (at = text.find("<tr><td>", at)) != std::string::npos; ++at) ++count;
        return count;
    };
    CHECK(rows(files["index.html"]) == 100);
    CHECK(rows(files["index-11.html"]) == 50);
    CHECK(files.count("index-12.html") == 0);
    CHECK(files["index-11.html"].find("clusters/c1049.html") != std::string::npos);
    CHECK(files["index.html"].find("application/ld+json") != std::string::npos);
    CHECK(files["index-2.html"].find("application/ld+json") == std::string::npos);
    const std::string& middle = files["index-6.html"];
    CHECK(middle.find("All 1,050 clusters, page 6 of 11") != std::string::npos);
    CHECK(middle.find("<a href=\"index-5.html\" rel=\"prev\">") != std::string::npos);
    CHECK(middle.find("<a href=\"index-7.html\" rel=\"next\">") != std::string::npos);
    CHECK(middle.find("<a href=\"index-6.html\" aria-current=\"page\">6</a>") != std::string::npos);
    CHECK(middle.find("<a href=\"index.html\">1</a>") != std::string::npos);
    CHECK(middle.find("<a href=\"index-11.html\">11</a>") != std::string::npos);
    CHECK(middle.find("<a href=\"index-2.html\">") == std::string::npos);  // beyond reach: a gap
    CHECK(middle.find("<a href=\"index-3.html\">3</a>") != std::string::npos);
    CHECK(middle.find("<a href=\"index-9.html\">9</a>") != std::string::npos);
    CHECK(middle.find("<a href=\"index-10.html\">") == std::string::npos);
}

TEST_CASE("a sitemap template that leaves its URLs off gets none, and nothing before its text") {
    ledger::SiteSettings settings;
    settings.base_url = "https://example.org/";
    auto templates = formats::site_templates(std::nullopt);
    templates["sitemap.xml"] = "<urlset></urlset>\n";
    render::HtmlSite site(templates, settings);
    std::vector<ledger::SiteRecord> records(1);
    records[0].record = acme({});
    auto files = site_of(site, records, {});
    CHECK(files["sitemap.xml"] == "<urlset></urlset>\n");
}
