// check and check --repair: what they find, what the repair writes (and that it writes nothing
// when there is nothing to mend).
#include <doctest/doctest.h>
#include <sqlite3.h>

#include "gpuclusters/ledger/integrity.hpp"
#include "gpuclusters/ledger/records.hpp"
#include "gpuclusters/model/error.hpp"
#include "raw_sql.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

model::Changeset check_case_changeset() { return {0, "2026-11-30T12:00:00Z", "tester", "", "gpuclusters check --repair"}; }

std::string check_case_sample(const ScratchDir& dir) {
    const std::string path = dir.file("check.db");
    ledger::initialise(path, model::Changeset{0, "2026-11-30T12:00:00Z", "tester", "sample", "gpuclusters init --sample"},
                       "2026-11-30");
    return path;
}

struct Found {
    ledger::IntegritySummary summary;
    std::vector<store::DerivedDifference> differences;
};

Found checked(const store::Store& store) {
    Found found;
    found.summary = ledger::check_integrity(
        store, [&](const store::DerivedDifference& difference) { found.differences.push_back(difference); });
    return found;
}

Found repaired(store::Store& store) {
    Found found;
    found.summary =
        ledger::repair_integrity(store, check_case_changeset(), "2026-11-30",
                                 [&](const store::DerivedDifference& difference) { found.differences.push_back(difference); });
    return found;
}

}  // namespace

TEST_CASE("check of a clean database finds nothing, and --repair writes nothing") {
    ScratchDir dir;
    const auto path = check_case_sample(dir);
    auto store = store::Store::open(path, store::Access::read_write);
    const auto clean = checked(store);
    CHECK_FALSE(clean.summary.problems_left());
    CHECK(clean.differences.empty());
    const long long changesets = store.latest_changeset_id();
    const auto repair = repaired(store);
    CHECK_FALSE(repair.summary.repaired);
    CHECK(repair.summary.changeset_id == 0);
    CHECK_FALSE(repair.summary.problems_left());
    CHECK(store.latest_changeset_id() == changesets);
}

TEST_CASE("check finds a claim inserted by hand; --repair keeps the one ranked last and ranks the other normal") {
    ScratchDir dir;
    const auto path = check_case_sample(dir);
    raw_sql(path, R"(
        INSERT INTO changeset (created_at, author, message, command) VALUES ('2026-12-01T00:00:00Z', 'mallory', 'by hand', 'sqlite3');
        INSERT INTO claim (cluster_id, field, state, value, changeset_id)
        VALUES ('olcf-frontier', 'gpus_installed', 'set', '99999', (SELECT max(id) FROM changeset));
        INSERT INTO claim_rank (claim_id, changeset_id, rank)
        VALUES ((SELECT max(id) FROM claim), (SELECT max(id) FROM changeset), 'preferred');)");
    auto store = store::Store::open(path, store::Access::read_write);
    const auto before = store.load_record("olcf-frontier");
    REQUIRE(before);
    const auto found = checked(store);
    CHECK(found.summary.problems_left());
    CHECK(found.summary.differences == found.differences.size());
    CHECK(found.summary.differences == 2);
    REQUIRE(found.summary.extra_preferred.size() == 1);

    const auto repair = repaired(store);
    CHECK(repair.summary.repaired);
    CHECK(repair.differences.size() == found.differences.size());
    REQUIRE(repair.summary.changeset_id == 3);
    CHECK_FALSE(repair.summary.problems_left());

    const auto after = checked(store);
    CHECK_FALSE(after.summary.problems_left());
    const auto record = store.load_record("olcf-frontier");
    REQUIRE(record);
    const auto* preferred = record->preferred("gpus_installed");
    REQUIRE(preferred);
    CHECK(preferred->value.value == "99999");
    const auto others = record->others("gpus_installed", false);
    REQUIRE(others.size() == 1);
    CHECK(others[0]->value.value == "39424");
    CHECK(others[0]->ranked_in == 3);
    const auto changeset = store.changeset(3);
    REQUIRE(changeset);
    CHECK(changeset->message == "");
    CHECK(changeset->command == "gpuclusters check --repair");
}

TEST_CASE("check --repair mends derived rows edited by hand without writing a changeset") {
    ScratchDir dir;
    const auto path = check_case_sample(dir);
    raw_sql(path, "UPDATE cluster_values SET gpus_installed = '99999' WHERE cluster_id = 'olcf-frontier';");
    auto store = store::Store::open(path, store::Access::read_write);
    const auto repair = repaired(store);
    CHECK(repair.summary.repaired);
    CHECK(repair.summary.differences == 1);
    CHECK(repair.summary.changeset_id == 0);
    CHECK(store.latest_changeset_id() == 1);
    CHECK_FALSE(checked(store).summary.problems_left());
}

TEST_CASE("check of a restored database reports it; --repair takes it back") {
    ScratchDir dir;
    const auto path = check_case_sample(dir);
    raw_sql(path, "PRAGMA application_id = 0; PRAGMA user_version = 0;");
    {
        const auto store = store::Store::open(path, store::Access::read_only, store::Restored::open);
        const auto found = checked(store);
        CHECK(found.summary.restored_schema == store::current_schema_version());
        CHECK(found.summary.problems_left());
        CHECK(found.differences.empty());
    }
    {
        auto store = store::Store::open(path, store::Access::read_write, store::Restored::open);
        const auto repair = repaired(store);
        CHECK(repair.summary.repaired);
        CHECK_FALSE(repair.summary.problems_left());
    }
    const auto store = store::Store::open(path, store::Access::read_only);
    CHECK_FALSE(checked(store).summary.problems_left());
}
