// merge and rename on a real database: what each does to the two records, the aliases they leave,
// the refusals, and that a revert puts everything back.
#include <doctest/doctest.h>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/ledger/record_merge.hpp"
#include "gpuclusters/ledger/revert.hpp"
#include "gpuclusters/model/error.hpp"
#include "scratch_database.hpp"

using namespace gpuclusters;

namespace {

const std::string merge_today = "2026-11-30";

model::Changeset merge_changeset(const std::string& message) {
    return {0, merge_today + "T12:00:00Z", "tester", message, "test"};
}

// One field of one record, backed by a page of `site` that quotes `quote`.
void merge_set(store::Store& store, const std::string& id, const std::string& field, const std::string& value,
               const std::string& site) {
    model::ChangeRequest request;
    request.sources.push_back({.reference = "https://" + site + "/" + id, .kind = "operator", .origin = "--source"});
    request.records.push_back({.cluster_id = id,
                               .origin = "ID",
                               .fields = {{.field = field,
                                           .raw_value = value,
                                           .citations = {{0, "", value + " at " + site, "--quote"}},
                                           .origin = "--set " + field}}});
    request.changeset = merge_changeset("set " + field);
    request.today = merge_today;
    ledger::apply_changes(store, request);
}

ledger::MergeResult merge(store::Store& store, const std::string& into, const std::string& merged, bool dry_run = false) {
    ledger::MergeResult kept;
    ledger::merge_records(store, {into, merged, dry_run}, merge_changeset(""), merge_today,
                          [&](const ledger::MergeResult& result, const ledger::ChangesetView&) { kept = result; });
    return kept;
}

ledger::MergeResult rename(store::Store& store, const std::string& from, const std::string& to) {
    ledger::MergeResult kept;
    ledger::rename_record(store, {from, to, false}, merge_changeset(""), merge_today,
                          [&](const ledger::MergeResult& result, const ledger::ChangesetView&) { kept = result; });
    return kept;
}

void revert_changeset(store::Store& store, long long id) {
    ledger::revert(store, {.changeset = std::to_string(id)}, merge_changeset(""), merge_today,
                   [](const ledger::RevertResult&, const ledger::ChangesetView&) {});
}

// A field's claims as "value rank (citations)", in claim order.
std::vector<std::string> claims_of(const store::Store& store, const std::string& id, const std::string& field) {
    std::vector<std::string> found;
    for (const auto& claim : ledger::require_record(store, id).claims) {
        if (claim.field != field) continue;
        found.push_back(claim.value.value + " " + std::string(model::to_string(claim.rank)) + " (" +
                        std::to_string(claim.citations.size()) + ")");
    }
    return found;
}

// How many rows of the derived tables differ from what the history gives (check).
std::size_t derived_differences(const store::Store& store) {
    std::size_t count = 0;
    store.each_derived_difference([&](const store::DerivedDifference&) { ++count; });
    return count;
}

}  // namespace

TEST_CASE("merge: a shared value is cited twice, differing values compete, B leads to A") {
    ScratchDatabase db;
    merge_set(db.store, "acme-one", "owner", "Acme", "acme.example.org");
    merge_set(db.store, "acme-one", "gpus_installed", "1,000", "acme.example.org");
    merge_set(db.store, "acme-1", "owner", "Acme", "press.example.com");
    merge_set(db.store, "acme-1", "gpus_installed", "1,200", "press.example.com");
    merge_set(db.store, "acme-1", "city", "Springfield", "press.example.com");

    const auto result = merge(db.store, "acme-one", "acme-1");
    CHECK(result.kept == "acme-one");
    CHECK(result.gone == "acme-1");
    CHECK(result.changeset_id == 6);
    CHECK(result.claims_copied == 2);
    CHECK(result.citations_joined == 1);
    CHECK(result.fields_in_conflict == 1);

    CHECK(claims_of(db.store, "acme-one", "owner") == std::vector<std::string>{"Acme preferred (2)"});
    CHECK(claims_of(db.store, "acme-one", "gpus_installed") == std::vector<std::string>{"1000 normal (1)", "1200 normal (1)"});
    CHECK(claims_of(db.store, "acme-one", "city") == std::vector<std::string>{"Springfield preferred (1)"});
    CHECK(ledger::require_record(db.store, "acme-one").in_merge_conflict("gpus_installed"));
    CHECK(derived_differences(db.store) == 0);

    CHECK_FALSE(db.store.cluster_present_as_of("acme-1", std::nullopt));
    CHECK(db.store.cluster_ids() == std::vector<std::string>{"acme-one"});
    CHECK(db.store.alias_target("acme-1") == "acme-one");
    CHECK(db.store.aliases_of("acme-one") == std::vector<std::string>{"acme-1"});
    CHECK(ledger::resolve_cluster_id(db.store, "acme-1") == "acme-one");
    CHECK(ledger::resolve_cluster_id(db.store, "acme-1", 5) == "acme-1");
    CHECK(ledger::record_page(db.store, "acme-1", std::nullopt).reached_by == "'acme-1' was merged into 'acme-one'");

    SUBCASE("a write through B's id goes to A") {
        merge_set(db.store, "acme-1", "region", "Illinois", "press.example.com");
        CHECK(claims_of(db.store, "acme-one", "region") == std::vector<std::string>{"Illinois preferred (1)"});
        CHECK_FALSE(db.store.cluster_present_as_of("acme-1", std::nullopt));
    }
    SUBCASE("the refusals: B merged already, one record, an unknown id") {
        CHECK_THROWS_WITH_AS(merge(db.store, "acme-one", "acme-1"), "'acme-1' is merged into 'acme-one' already", InputError);
        CHECK_THROWS_WITH_AS(merge(db.store, "acme-one", "acme-one"),
                             "'acme-one' and 'acme-one' are one record: nothing to merge", InputError);
        CHECK_THROWS_WITH_AS(merge(db.store, "acme-one", "nowhere"), "no cluster 'nowhere' (`gpuclusters list` shows the ids)",
                             InputError);
        CHECK(db.store.latest_changeset_id() == 6);
    }
    SUBCASE("the revert puts both records back and ends the alias") {
        const auto before = ledger::require_record(db.store, "acme-one", 5);
        revert_changeset(db.store, 6);
        CHECK(db.store.cluster_ids() == std::vector<std::string>{"acme-1", "acme-one"});
        CHECK_FALSE(db.store.alias_target("acme-1"));
        CHECK(claims_of(db.store, "acme-one", "gpus_installed") == std::vector<std::string>{"1000 preferred (1)"});
        CHECK(claims_of(db.store, "acme-one", "owner") == std::vector<std::string>{"Acme preferred (1)"});
        CHECK(claims_of(db.store, "acme-1", "gpus_installed") == std::vector<std::string>{"1200 preferred (1)"});
        CHECK(ledger::require_record(db.store, "acme-one").claims.size() == before.claims.size());
        CHECK(derived_differences(db.store) == 0);
        SUBCASE("and merging again works as the first time") {
            CHECK(merge(db.store, "acme-one", "acme-1").claims_copied == 2);
            CHECK(db.store.alias_target("acme-1") == "acme-one");
        }
    }
}

TEST_CASE("merge: a dry run writes nothing; a published value beats 'not published'") {
    ScratchDatabase db;
    merge_set(db.store, "acme-one", "city", "Springfield", "acme.example.org");
    merge_set(db.store, "acme-1", "owner", "Acme", "press.example.com");
    const auto dry = merge(db.store, "acme-one", "acme-1", true);
    CHECK(dry.dry_run);
    CHECK(dry.changeset_id == 0);
    CHECK(db.store.latest_changeset_id() == 2);
    CHECK(db.store.cluster_present_as_of("acme-1", std::nullopt));
    CHECK_FALSE(db.store.alias_target("acme-1"));

    // acme-1 researched the city and found it not published; acme-one's source gives it.
    model::ChangeRequest request;
    request.sources.push_back({.reference = "https://press.example.com/acme-1", .kind = "press", .origin = "--source"});
    request.records.push_back(
        {.cluster_id = "acme-1",
         .origin = "ID",
         .fields = {
             {.field = "city", .not_published = true, .citations = {{0, "", "", "--quote"}}, .origin = "--not-published"}}});
    request.changeset = merge_changeset("city not published");
    request.today = merge_today;
    ledger::apply_changes(db.store, request);
    merge(db.store, "acme-one", "acme-1");
    CHECK(claims_of(db.store, "acme-one", "city") == std::vector<std::string>{"Springfield preferred (1)", " deprecated (1)"});
}

TEST_CASE("rename: the record under a new id, the old one an alias; refusals; revert") {
    ScratchDatabase db;
    merge_set(db.store, "acme-one", "owner", "Acme", "acme.example.org");
    merge_set(db.store, "beta-one", "owner", "Beta", "beta.example.org");
    const auto result = rename(db.store, "acme-one", "acme-prime");
    CHECK(result.rename);
    CHECK(result.claims_copied == 1);
    CHECK(db.store.cluster_ids() == std::vector<std::string>{"acme-prime", "beta-one"});
    CHECK(claims_of(db.store, "acme-prime", "owner") == std::vector<std::string>{"Acme preferred (1)"});
    CHECK(ledger::record_page(db.store, "acme-one", std::nullopt).reached_by == "'acme-one' was renamed 'acme-prime'");

    CHECK_THROWS_AS(rename(db.store, "beta-one", "acme-prime"), InputError);
    CHECK_THROWS_WITH_AS(rename(db.store, "beta-one", "acme-one"),
                         "'acme-one' leads to 'acme-prime' already (merged or renamed): choose another id", InputError);
    CHECK_THROWS_AS(rename(db.store, "nowhere", "somewhere"), InputError);
    CHECK(db.store.latest_changeset_id() == 3);

    SUBCASE("renamed twice, the first id leads to the last") {
        rename(db.store, "acme-prime", "acme-final");
        CHECK(ledger::resolve_cluster_id(db.store, "acme-one") == "acme-final");
    }
    SUBCASE("the revert gives the old id back") {
        revert_changeset(db.store, 3);
        CHECK(db.store.cluster_ids() == std::vector<std::string>{"acme-one", "beta-one"});
        CHECK_FALSE(db.store.alias_target("acme-one"));
        CHECK(claims_of(db.store, "acme-one", "owner") == std::vector<std::string>{"Acme preferred (1)"});
        CHECK(derived_differences(db.store) == 0);
        CHECK_THROWS_AS(rename(db.store, "beta-one", "acme-prime"), InputError);  // a removed record's id
    }
}
