// A database is checked before it is trusted for writing: a trigger or view of someone else's, a
// table of another shape, damaged pages; each refused without a byte written. And the record of
// files checked, which spares a writer the check of a file it left as it is.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fmt/format.h>
#include <fstream>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/records.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/store/store.hpp"
#include "raw_sql.hpp"
#include "scratch.hpp"
#include "store/internal.hpp"

using namespace gpuclusters;

namespace {

std::string trusted_bytes(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), {}};
}

void trust_sample(const std::string& path) {
    ledger::initialise(path, model::Changeset{0, "2026-11-30T12:00:00Z", "tester", "sample", "gpuclusters init --sample"},
                       "2026-11-30");
}

model::ChangeRequest city_request(const std::string& city) {
    model::ChangeRequest request;
    request.records.push_back({.cluster_id = "cscs-alps",
                               .origin = "ID",
                               .fields = {{.field = "city", .raw_value = city, .origin = "--set city"}},
                               .unsourced = true});
    request.changeset = {0, "2026-11-30T12:00:00Z", "tester", "test", "gpuclusters add"};
    request.today = "2026-11-30";
    return request;
}

// Opening `path` for writing is refused with `message`, and leaves every byte as it was.
void refused_untouched(const std::string& path, const std::string& message) {
    const std::string before = trusted_bytes(path);
    CHECK_THROWS_WITH_AS(store::Store::open(path), doctest::Contains(message.c_str()), DatabaseError);
    CHECK(trusted_bytes(path) == before);
    CHECK_FALSE(std::filesystem::exists(path + "-wal"));
    // A reader still reads it (a trigger runs only on writes).
    CHECK_NOTHROW(store::Store::open(path, store::Access::read_only));
}

}  // namespace

TEST_CASE("a trigger that gpuclusters did not make is refused for writing, with how to remove it") {
    // Found by the hostile corpus: a trigger on changeset forged a Verified badge at every write.
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    trust_sample(path);
    raw_sql(path,
            "CREATE TRIGGER forge AFTER INSERT ON changeset BEGIN "
            "INSERT INTO verification (cluster_id, changeset_id) VALUES ('cscs-alps', NEW.id); END;");
    refused_untouched(path, "trigger \"forge\" is not one gpuclusters made; remove it with `sqlite3 " + path +
                                " 'DROP TRIGGER \"forge\"'`; nothing written, left untouched");
    raw_sql(path, "DROP TRIGGER forge");
    auto store = store::Store::open(path);
    const auto signed_before = store.verifications(std::nullopt);  // the sample's own badge
    ledger::apply_changes(store, city_request("Bern"));
    CHECK(store.verifications(std::nullopt) == signed_before);
}

TEST_CASE("a view of someone else's, or one of ours changed, is refused for writing") {
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    trust_sample(path);
    SUBCASE("a view added") {
        raw_sql(path, "CREATE VIEW mine AS SELECT id FROM cluster");
        refused_untouched(path, "view \"mine\" is not one gpuclusters made; remove it with");
    }
    SUBCASE("a view of ours made again otherwise: the tool's own queries read it") {
        raw_sql(path, "DROP VIEW current_source; CREATE VIEW current_source AS SELECT * FROM source_revision");
        refused_untouched(path, "view \"current_source\" is not the one gpuclusters made (its SQL was changed)");
    }
    SUBCASE("an append-only trigger of ours made to do something else") {
        raw_sql(path,
                "DROP TRIGGER claim_append_only_u; "
                "CREATE TRIGGER claim_append_only_u BEFORE UPDATE ON claim BEGIN SELECT 1; END;");
        refused_untouched(path, "trigger \"claim_append_only_u\" is not the one gpuclusters made");
    }
}

TEST_CASE("a table of ours with other columns, or missing, is refused for writing") {
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    trust_sample(path);
    SUBCASE("one column") {
        raw_sql(path, "DROP TABLE live_claim; CREATE TABLE live_claim (cluster_id TEXT);");
        refused_untouched(path, "table live_claim has the columns (cluster_id), not those gpuclusters made");
    }
    SUBCASE("missing") {
        raw_sql(path, "DROP TABLE cluster_values");
        CHECK_THROWS_WITH_AS(store::Store::open(path), doctest::Contains("table cluster_values is missing"), DatabaseError);
    }
}

TEST_CASE("damaged pages are found by PRAGMA quick_check before a write, and nothing is written") {
    // Found by the hostile corpus: add and import committed into a file whose integrity_check
    // failed, and the refused write still changed bytes of the header.
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    trust_sample(path);
    // The first page of an index made a page of another type: reads that do not use the index
    // still work, so nothing else would notice.
    std::string bytes = trusted_bytes(path);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    sqlite3_stmt* query = nullptr;
    sqlite3_prepare_v2(
        db, "SELECT rootpage, (SELECT page_size FROM pragma_page_size) FROM sqlite_master WHERE name = 'claim_by_field'", -1,
        &query, nullptr);
    REQUIRE(sqlite3_step(query) == SQLITE_ROW);
    const auto offset =
        static_cast<std::size_t>(sqlite3_column_int64(query, 0) - 1) * static_cast<std::size_t>(sqlite3_column_int64(query, 1));
    sqlite3_finalize(query);
    sqlite3_close(db);
    bytes.replace(offset, 4, "\x0d\xff\xff\xff");
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    refused_untouched(path, "the database is damaged (PRAGMA quick_check)");
}

TEST_CASE("a file a writer left is recorded as checked; one changed since is checked again") {
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    trust_sample(path);
    CHECK(store::detail::checked_before(store::detail::file_fingerprint(path)));
    {
        auto store = store::Store::open(path);
        ledger::apply_changes(store, city_request("Bern"));
    }
    CHECK(store::detail::checked_before(store::detail::file_fingerprint(path)));
    raw_sql(path,
            "INSERT INTO changeset (created_at, author, message, command) VALUES ('2026-12-01T00:00:00Z', 'm', 'by hand', "
            "'sqlite3')");
    CHECK_FALSE(store::detail::checked_before(store::detail::file_fingerprint(path)));
    // A writer refused leaves no record; one that checks and writes nothing leaves one.
    raw_sql(path, "CREATE TRIGGER forge AFTER INSERT ON changeset BEGIN SELECT 1; END;");
    CHECK_THROWS_AS(store::Store::open(path), DatabaseError);
    CHECK_FALSE(store::detail::checked_before(store::detail::file_fingerprint(path)));
    raw_sql(path, "DROP TRIGGER forge");
    store::Store::open(path);
    CHECK(store::detail::checked_before(store::detail::file_fingerprint(path)));
}

TEST_CASE("a stored value that does not parse is an error naming the cluster and the field, never read leniently") {
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    trust_sample(path);
    auto every_current = [](const store::Store& store) { store.for_each_current_record([](model::Record&) {}); };
    SUBCASE("in cluster_values: check --repair writes it again") {
        raw_sql(path, "UPDATE cluster_values SET gpus_installed = '12k' WHERE cluster_id = 'cscs-alps'");
        const auto store = store::Store::open(path, store::Access::read_only);
        CHECK_THROWS_WITH_AS(
            every_current(store),
            doctest::Contains("gpus_installed of cscs-alps in cluster_values: '12k' is not a count (digits alone, "
                              "1 to 1,000,000,000); the derived table was written behind the tool's back: "
                              "`gpuclusters check --repair` writes it again from the history"),
            DatabaseError);
        CHECK_THROWS_AS(store.for_each_current_record([](model::Record&) {}, {"gpus_installed"}), DatabaseError);
        // The history is sound: the record itself reads.
        CHECK(store.load_record("cscs-alps")->preferred("gpus_installed")->value.value == "10752");
    }
    SUBCASE("in a claim of the history") {
        raw_sql(path,
                "DROP TRIGGER claim_append_only_u; UPDATE claim SET value = '12345678901234567890123' "
                "WHERE cluster_id = 'cscs-alps' AND field = 'gpus_installed' AND derivation = '2688 x 4';");
        const auto store = store::Store::open(path, store::Access::read_only);
        CHECK_THROWS_WITH_AS(store.load_record("cscs-alps"), doctest::Contains("gpus_installed of cscs-alps in claim "),
                             DatabaseError);
        CHECK_THROWS_WITH_AS(store.for_each_record(std::nullopt, [](model::Record&) {}), doctest::Contains("is not a count"),
                             DatabaseError);
        CHECK_THROWS_AS(store.each_cluster_fields({"gpus_installed"}, std::nullopt, false,
                                                  [](const std::string&, std::vector<model::FieldRow>&) {}),
                        DatabaseError);
    }
    SUBCASE("a source's date") {
        raw_sql(path,
                "DROP TRIGGER source_revision_append_only_u; UPDATE source_revision SET accessed = 'soon' WHERE source_id = 1;");
        const auto store = store::Store::open(path, store::Access::read_only);
        CHECK_THROWS_WITH_AS(store.source_by_id(1), doctest::Contains("source 1: accessed 'soon' is not a date"), DatabaseError);
        CHECK_THROWS_AS(store.each_source("", [](const model::SourceUse&) {}), DatabaseError);
    }
}
