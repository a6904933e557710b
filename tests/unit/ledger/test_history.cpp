#include <doctest/doctest.h>

#include <algorithm>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

model::ChangeRequest change(const std::string& id, const std::string& field, const std::string& value, const std::string& when) {
    model::ChangeRequest request;
    request.sources.push_back(
        {.reference = "https://example.org/" + field, .kind = std::string("operator"), .origin = "--source"});
    request.records.push_back(
        {.cluster_id = id,
         .origin = "ID",
         .fields = {{.field = field, .raw_value = value, .citations = {{0, "", value, "--quote"}}, .origin = "--set " + field}}});
    request.changeset = {0, when, "tester", "test", "gpuclusters add"};
    request.today = when.substr(0, 10);
    return request;
}

}  // namespace

TEST_CASE("tracking parameters and fragments do not make a new source") {
    CHECK(model::normalise_source_url("https://example.org/a?utm_source=x&id=3&utm_medium=y#top") ==
          "https://example.org/a?id=3");
    CHECK(model::normalise_source_url("https://example.org/a?fbclid=1&gclid=2") == "https://example.org/a");
    CHECK(model::normalise_source_url("https://example.org/a?UTM_Source=x") == "https://example.org/a");
    CHECK(model::normalise_source_url("https://example.org/a?utmost=1") == "https://example.org/a?utmost=1");
}

TEST_CASE("archive links are understood as captures of the original page") {
    auto url = model::understand_source_url("https://web.archive.org/web/20240315120000/https://news.example.com/x?utm_source=y");
    CHECK(url.url == "https://news.example.com/x");
    CHECK(url.archive_url == "https://web.archive.org/web/20240315120000/https://news.example.com/x");
    CHECK(url.archived == "2024-03-15");
    url = model::understand_source_url("http://web.archive.org/web/20231001000000id_/http://Example.com/");
    CHECK(url.url == "http://example.com/");
    CHECK(url.archived == "2023-10-01");
    url = model::understand_source_url("https://archive.ph/2023.10.05-101010/https://blog.example.com/post");
    CHECK(url.url == "https://blog.example.com/post");
    CHECK(url.archived == "2023-10-05");
    url = model::understand_source_url("https://archive.ph/RTF6i");
    CHECK(url.url == "https://archive.ph/RTF6i");
    CHECK(url.archive_url == "https://archive.ph/RTF6i");
    CHECK(url.archived.empty());
    url = model::understand_source_url("https://example.com/web/2024/x");
    CHECK(url.url == "https://example.com/web/2024/x");
    CHECK(url.archive_url.empty());
    // A capture of something that is not a web page is only itself.
    url = model::understand_source_url("https://web.archive.org/web/20240315120000/javascript:alert(1)");
    CHECK(url.url == url.archive_url);
    CHECK(url.archived.empty());
}

TEST_CASE("--as-of names a changeset by number, date or timestamp") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    ledger::apply_changes(store, change("c1", "owner", "Acme", "2026-11-01T09:00:00Z"));
    ledger::apply_changes(store, change("c1", "owner", "Beta", "2026-11-03T09:00:00Z"));
    CHECK_FALSE(ledger::resolve_as_of(store, "").has_value());
    CHECK(ledger::resolve_as_of(store, "2") == 2);
    CHECK(ledger::resolve_as_of(store, "2026-10-31") == 0);
    CHECK(ledger::resolve_as_of(store, "2026-11-01") == 1);
    CHECK(ledger::resolve_as_of(store, "2026-11-02") == 1);
    CHECK(ledger::resolve_as_of(store, "2026-11-03T08:59:59Z") == 1);
    CHECK(ledger::resolve_as_of(store, "2026-11-03T09:00:00Z") == 2);
    CHECK(ledger::resolve_as_of(store, "2026-11") == 2);
    CHECK(ledger::resolve_as_of(store, "2026-12") == 2);
    // A plain number is always a changeset, never a year.
    CHECK_THROWS_WITH(ledger::resolve_as_of(store, "2026"), doctest::Contains("no such changeset"));
    CHECK_THROWS_WITH(ledger::resolve_as_of(store, "3"), doctest::Contains("no such changeset"));
    CHECK_THROWS_AS(ledger::resolve_as_of(store, "last week"), InputError);
    CHECK_THROWS_AS(ledger::resolve_as_of(store, "2026-02-30"), InputError);
    CHECK(store.load_record("c1", 1)->preferred("owner")->value.value == "Acme");
    CHECK(store.load_record("c1", 2)->preferred("owner")->value.value == "Beta");
    CHECK_FALSE(store.load_record("c1", 0).has_value());
}

namespace {

// A database of one change, for looking at query plans.
store::Store store_of_one_change(const ScratchDir& dir) {
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    ledger::apply_changes(store, change("c1", "owner", "Acme", "2026-11-01T09:00:00Z"));
    return store;
}

// Every step looks rows up through an index: only a subquery's own rows or a list of constants
// may be walked whole.
void check_no_scans(const std::vector<std::string>& steps) {
    REQUIRE_FALSE(steps.empty());
    for (const auto& step : steps) {
        CAPTURE(step);
        CHECK_FALSE((step.starts_with("SCAN ") && !step.starts_with("SCAN (") && !step.starts_with("SCAN CONSTANT")));
    }
}

}  // namespace

TEST_CASE("reading one record as of a changeset never scans a history table") {
    ScratchDir dir;
    const auto store = store_of_one_change(dir);
    const auto steps = store.record_query_plans();
    check_no_scans(steps);
    // A repeated citation is told among the claim's citations, not the source's.
    CHECK(std::find(steps.begin(), steps.end(), "SEARCH citation USING INDEX citation_by_claim (claim_id=?)") != steps.end());
    CHECK(std::none_of(steps.begin(), steps.end(),
                       [](const std::string& step) { return step.find("citation_by_source") != std::string::npos; }));
}

TEST_CASE("what a changeset did to one cluster is read from that cluster's rows, never by scanning") {
    ScratchDir dir;
    const auto store = store_of_one_change(dir);
    const auto steps = store.touched_query_plans();
    check_no_scans(steps);
    // No branch may start from a changeset index: that is every row of the changeset.
    for (const auto& step : steps) CHECK(step.find("_by_changeset") == std::string::npos);
    CHECK(std::count_if(steps.begin(), steps.end(), [](const std::string& step) {
              return step.find("claim_by_field (cluster_id=?)") != std::string::npos;
          }) >= 4);
}

TEST_CASE("changes that were themselves reverted leave a field as it was") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    ledger::apply_changes(store, change("c1", "owner", "Acme", "2026-11-01T09:00:00Z"));
    ledger::apply_changes(store, change("c1", "owner", "Beta", "2026-11-02T09:00:00Z"));
    const auto report = ledger::ChangesetView(store, 2).report();
    REQUIRE(report.fields.size() == 1);
    CHECK(report.fields[0].old_display == "Acme");
    CHECK(report.fields[0].new_display == "Beta");
    CHECK(store.later_changesets({"c1", "owner"}, 1) == std::vector<long long>{2});
    CHECK(store.changeset_part(2, "c1").touched_fields() == std::vector<std::string>{"owner"});
}
