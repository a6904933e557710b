// The store's half of check: the derived tables compared with the history, written again from it,
// SQLite's own checks, and a database restored without its application_id.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>

#include "gpuclusters/ledger/records.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/store/store.hpp"
#include "raw_sql.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

// A database with the bundled sample, at `path`.
void integrity_sample(const std::string& path) {
    ledger::initialise(path, model::Changeset{0, "2026-11-30T12:00:00Z", "tester", "sample", "gpuclusters init --sample"},
                       "2026-11-30");
}

std::vector<store::DerivedDifference> differences_of(const store::Store& store) {
    std::vector<store::DerivedDifference> found;
    store.each_derived_difference([&](const store::DerivedDifference& difference) { found.push_back(difference); });
    return found;
}

// The claim the sample prefers for Frontier's GPU count, and a second preferred one by hand.
constexpr const char* hand_insert = R"(
    INSERT INTO changeset (created_at, author, message, command) VALUES ('2026-12-01T00:00:00Z', 'mallory', 'by hand', 'sqlite3');
    INSERT INTO claim (cluster_id, field, state, value, changeset_id)
    VALUES ('olcf-frontier', 'gpus_installed', 'set', '99999', (SELECT max(id) FROM changeset));
    INSERT INTO claim_rank (claim_id, changeset_id, rank)
    VALUES ((SELECT max(id) FROM claim), (SELECT max(id) FROM changeset), 'preferred');)";

}  // namespace

TEST_CASE("the derived tables of a database written by the tool are what its history gives") {
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    integrity_sample(path);
    auto store = store::Store::open(path, store::Access::read_only);
    CHECK(differences_of(store).empty());
    CHECK(store.extra_preferred().empty());
    CHECK(store.sqlite_problems().empty());
    CHECK_FALSE(store.restored_schema());
}

TEST_CASE("a claim inserted by hand is found in cluster_values and live_claim, and a rebuild mends both") {
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    integrity_sample(path);
    raw_sql(path, hand_insert);
    auto store = store::Store::open(path, store::Access::read_write);
    const auto found = differences_of(store);
    REQUIRE(found.size() == 2);
    const auto& values = found[0];
    CHECK(values.table == store::DerivedDifference::Table::values);
    CHECK(values.cluster_id == "olcf-frontier");
    CHECK(values.field == "gpus_installed");
    REQUIRE(values.stored);
    REQUIRE(values.expected);
    CHECK(values.stored->value.value == "39424");
    CHECK(values.expected->value.value == "99999");
    const auto& live = found[1];
    CHECK(live.table == store::DerivedDifference::Table::live_claims);
    CHECK(live.claim_id == values.expected->id);
    CHECK_FALSE(live.stored);
    REQUIRE(live.expected);
    CHECK(live.expected->rank == model::Rank::preferred);

    const auto extra = store.extra_preferred();
    REQUIRE(extra.size() == 1);
    CHECK(extra[0].field == "gpus_installed");
    REQUIRE(extra[0].claims.size() == 2);
    CHECK(extra[0].claims[0].value.value == "99999");  // ranked last: first
    CHECK(extra[0].claims[1].value.value == "39424");

    store.with_write_transaction([&] {
        store.rebuild_derived_tables();
        return true;
    });
    CHECK(differences_of(store).empty());
}

TEST_CASE("hand edits of each derived table are each reported, and the rebuild puts every one back") {
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    integrity_sample(path);
    raw_sql(path, R"(
        UPDATE cluster_values SET owner = 'Nobody' WHERE cluster_id = 'cscs-alps';
        DELETE FROM cluster_values WHERE cluster_id = 'cineca-leonardo';
        INSERT INTO cluster_values (cluster_id) VALUES ('no-such-cluster');
        DELETE FROM live_claim WHERE claim_id = (SELECT min(claim_id) FROM live_claim WHERE cluster_id = 'alcf-aurora');
        UPDATE live_claim SET rank = 'deprecated' WHERE claim_id = (SELECT max(claim_id) FROM live_claim WHERE cluster_id = 'nersc-perlmutter');
        UPDATE cluster_search SET name = 'Hopper' WHERE cluster_id = 'nersc-perlmutter';
        DELETE FROM cluster_search WHERE cluster_id = 'olcf-frontier';)");
    auto store = store::Store::open(path, store::Access::read_write);
    const auto found = differences_of(store);
    auto has = [&](store::DerivedDifference::Table table, const std::string& cluster, const std::string& field, auto&& more) {
        return std::any_of(found.begin(), found.end(), [&](const store::DerivedDifference& difference) {
            return difference.table == table && difference.cluster_id == cluster && difference.field == field && more(difference);
        });
    };
    using Table = store::DerivedDifference::Table;
    CHECK(has(Table::values, "cscs-alps", "owner", [](const auto& difference) {
        return difference.stored->value.value == "Nobody" && difference.expected->value.value.starts_with("CSCS");
    }));
    CHECK(has(Table::values, "cineca-leonardo", "", [](const auto& difference) { return !difference.row_stored; }));
    CHECK(has(Table::values, "no-such-cluster", "", [](const auto& difference) { return !difference.row_expected; }));
    CHECK(has(Table::live_claims, "alcf-aurora", "name",
              [](const auto& difference) { return !difference.stored && difference.expected; }));
    CHECK(std::any_of(found.begin(), found.end(), [](const auto& difference) {
        return difference.table == Table::live_claims && difference.cluster_id == "nersc-perlmutter" &&
               difference.stored->rank == model::Rank::deprecated && difference.expected->rank != model::Rank::deprecated;
    }));
    CHECK(has(Table::search, "nersc-perlmutter", "name", [](const auto& difference) {
        return difference.stored_text == "Hopper" && difference.expected_text == "Perlmutter";
    }));
    CHECK(has(Table::search, "olcf-frontier", "", [](const auto& difference) { return !difference.row_stored; }));
    CHECK(found.size() == 7);

    store.with_write_transaction([&] {
        store.rebuild_derived_tables();
        return true;
    });
    CHECK(differences_of(store).empty());
    CHECK(store.search("Perlmutter") == std::vector<std::string>{"nersc-perlmutter"});
    CHECK(store.search("Frontier") == std::vector<std::string>{"olcf-frontier"});
    CHECK(store.search("Hopper").empty());
}

TEST_CASE("SQLite's checks report a row that names a parent that is not there") {
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    integrity_sample(path);
    raw_sql(path, R"(
        INSERT INTO claim (cluster_id, field, state, value, changeset_id) VALUES ('ghost', 'name', 'set', 'Ghost', 1);)");
    auto store = store::Store::open(path, store::Access::read_only);
    const auto problems = store.sqlite_problems();
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].kind == store::SqliteProblem::Kind::foreign_key);
    CHECK(problems[0].message.find("claim row") != std::string::npos);
    CHECK(problems[0].message.find("cluster") != std::string::npos);
}

TEST_CASE("a database restored without its application_id is told from another application's file") {
    ScratchDir dir;
    const std::string path = dir.file("restored.db");
    integrity_sample(path);
    // What `sqlite3 .dump` read into a new file keeps: everything but the two PRAGMAs.
    raw_sql(path, "PRAGMA application_id = 0; PRAGMA user_version = 0;");
    const auto before = std::filesystem::file_size(path);
    for (const auto access : {store::Access::read_only, store::Access::read_write}) {
        try {
            store::Store::open(path, access);
            FAIL("a restored file was opened");
        } catch (const DatabaseError& error) {
            const std::string message = error.what();
            CHECK(message.find("restored without its application_id") != std::string::npos);
            CHECK(message.find("gpuclusters check --repair") != std::string::npos);
            CHECK(message.find(fmt::format("schema version {}", store::current_schema_version())) != std::string::npos);
        }
    }
    CHECK(std::filesystem::file_size(path) == before);
    {
        auto store = store::Store::open(path, store::Access::read_write, store::Restored::open);
        REQUIRE(store.restored_schema());
        CHECK(*store.restored_schema() == store::current_schema_version());
        store.with_write_transaction([&] {
            store.take_back_restored();
            return true;
        });
    }
    auto store = store::Store::open(path, store::Access::read_only);
    CHECK_FALSE(store.restored_schema());
    CHECK(store.schema_version() == store::current_schema_version());
    CHECK(store.cluster_present_as_of("olcf-frontier", std::nullopt));
}

TEST_CASE("a file with a table too many or too few is another application's, restored or not") {
    ScratchDir dir;
    const std::string path = dir.file("other.db");
    integrity_sample(path);
    raw_sql(path, "PRAGMA application_id = 0; PRAGMA user_version = 0; CREATE TABLE extra (x);");
    CHECK_THROWS_WITH_AS(store::Store::open(path, store::Access::read_write, store::Restored::open),
                         doctest::Contains("another application (application_id 0x0)"), DatabaseError);
    // One table of ours alone is not our schema.
    const std::string one = dir.file("one.db");
    raw_sql(one, "CREATE TABLE changeset (id INTEGER PRIMARY KEY, created_at TEXT NOT NULL, author TEXT NOT NULL)");
    CHECK_THROWS_WITH_AS(store::Store::open(one, store::Access::read_only, store::Restored::open),
                         doctest::Contains("another application"), DatabaseError);
    // A table of a later version but not one of its own: no version's schema.
    const std::string mixed = dir.file("mixed.db");
    integrity_sample(mixed);
    raw_sql(mixed, "PRAGMA application_id = 0; PRAGMA user_version = 0; DROP TABLE live_claim;");
    CHECK_THROWS_WITH_AS(store::Store::open(mixed, store::Access::read_only), doctest::Contains("another application"),
                         DatabaseError);
}

TEST_CASE("a restored database of an older schema is recognised as that version and migrated when taken back") {
    ScratchDir dir;
    const std::string path = dir.file("nine.db");
    // A version 9 file as `sqlite3 .dump` leaves it: schema.sql and migrations 2 to 9, no PRAGMA.
    auto source = [](const std::string& relative) {
        std::ifstream file(std::string(GPUCLUSTERS_SOURCE_DIR) + "/" + relative);
        REQUIRE_MESSAGE(file, relative);
        return std::string(std::istreambuf_iterator<char>(file), {});
    };
    std::string sql = source("db/schema.sql");
    std::vector<std::string> migrations;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(GPUCLUSTERS_SOURCE_DIR) + "/db/migrations")) {
        const std::string name = entry.path().filename().string();
        if (name.substr(0, 4) <= "0009") migrations.push_back(name);
    }
    std::sort(migrations.begin(), migrations.end());
    REQUIRE(migrations.size() == 8);
    for (const auto& name : migrations) sql += source("db/migrations/" + name);
    raw_sql(path, sql + R"(
        INSERT INTO changeset (id, created_at, author) VALUES (1, '2026-11-01T00:00:00Z', 'a');
        INSERT INTO cluster (number, id, changeset_id) VALUES (1, 'c1', 1);
        INSERT INTO claim (id, cluster_id, field, state, value, changeset_id) VALUES (1, 'c1', 'owner', 'set', 'Acme', 1);
        INSERT INTO claim_rank (claim_id, changeset_id, rank) VALUES (1, 1, 'preferred');)");
    CHECK_THROWS_WITH_AS(store::Store::open(path, store::Access::read_only), doctest::Contains("(schema version 9) restored"),
                         DatabaseError);
    {
        auto store = store::Store::open(path, store::Access::read_write, store::Restored::open);
        REQUIRE(store.restored_schema());
        CHECK(*store.restored_schema() == 9);
        store.with_write_transaction([&] {
            store.take_back_restored();
            store.rebuild_derived_tables();
            return true;
        });
    }
    auto store = store::Store::open(path, store::Access::read_only);
    CHECK(store.schema_version() == store::current_schema_version());
    CHECK(differences_of(store).empty());
    const auto record = store.load_record("c1");
    REQUIRE(record);
    REQUIRE(record->preferred("owner"));
    CHECK(record->preferred("owner")->value.value == "Acme");
    // Taking it back filled the catalogue's copy that the migration made.
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    sqlite3_stmt* count = nullptr;
    sqlite3_prepare_v2(db, "SELECT count(*) FROM gpu_catalogue", -1, &count, nullptr);
    REQUIRE(sqlite3_step(count) == SQLITE_ROW);
    CHECK(sqlite3_column_int64(count, 0) > 0);
    sqlite3_finalize(count);
    sqlite3_close(db);
}
