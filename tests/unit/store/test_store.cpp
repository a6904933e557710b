#include <doctest/doctest.h>
#include <sqlite3.h>

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fstream>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "gpuclusters/store/store.hpp"
#include "raw_sql.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

long long count_rows(store::Store&, const std::string& path, const std::string& table) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_stmt* statement = nullptr;
    sqlite3_prepare_v2(db, ("SELECT count(*) FROM " + table).c_str(), -1, &statement, nullptr);
    sqlite3_step(statement);
    const long long count = sqlite3_column_int64(statement, 0);
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return count;
}

long long count_rows_where(const std::string& path, const std::string& table, const std::string& condition) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_stmt* statement = nullptr;
    sqlite3_prepare_v2(db, ("SELECT count(*) FROM " + table + " WHERE " + condition).c_str(), -1, &statement, nullptr);
    sqlite3_step(statement);
    const long long count = sqlite3_column_int64(statement, 0);
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return count;
}

model::ChangeRequest request_for(const std::string& id, std::vector<model::FieldInput> fields) {
    model::ChangeRequest request;
    request.sources.push_back({"https://example.org/report", std::string("operator"), std::nullopt, std::nullopt, std::nullopt,
                               std::string("2026-11-01"), std::nullopt, "--source"});
    for (auto& field : fields) field.citations.push_back({0, "", "the quote", "--quote"});
    request.records.push_back({id, "ID", std::move(fields), false});
    request.changeset = {0, "2026-11-30T12:00:00Z", "tester", "test", "gpuclusters add"};
    request.today = "2026-11-30";
    return request;
}

// The first column of the first row of a query, as text, through the plain C API.
std::string sql_text(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_stmt* statement = nullptr;
    sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr);
    std::string text;
    if (sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_text(statement, 0) != nullptr) {
        text = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
    }
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return text;
}

std::string source_file(const std::string& relative) {
    std::ifstream file(std::string(GPUCLUSTERS_SOURCE_DIR) + "/" + relative);
    REQUIRE_MESSAGE(file, relative);
    return {std::istreambuf_iterator<char>(file), {}};
}

std::string file_bytes(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), {}};
}

}  // namespace

TEST_CASE("a new database says it is ours and which schema it has") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    CHECK(created);
    CHECK(store.schema_version() == store::current_schema_version());
    CHECK(store::current_schema_version() >= 2);
    // Made with 16 KiB pages, in WAL mode.
    CHECK(sql_text(dir.file("a.db"), "PRAGMA page_size") == "16384");
    CHECK(sql_text(dir.file("a.db"), "PRAGMA journal_mode") == "wal");
    bool again = true;
    auto reopened = store::Store::create(dir.file("a.db"), again);
    CHECK_FALSE(again);
}

TEST_CASE("the schema's source kinds are the model's: the SQL CHECK and model::source_kinds name the same list") {
    ScratchDir dir;
    bool created = false;
    { auto store = store::Store::create(dir.file("kinds.db"), created); }
    const std::string table = sql_text(dir.file("kinds.db"), "SELECT sql FROM sqlite_master WHERE name = 'source_revision'");
    const auto start = table.find("CHECK (kind = ");
    REQUIRE(start != std::string::npos);
    const auto end = table.find(')', start);
    std::string listed;
    for (const auto kind : model::source_kinds) listed += fmt::format("{}kind = '{}'", listed.empty() ? "" : " OR ", kind);
    CHECK(table.substr(start + 7, end - start - 7) == listed);
}

namespace {

// The tables whose CHECK constraints make SQLite build a temporary table for every row written
// (an IN list of more than two constants), found from the code SQLite makes of an INSERT (which
// has no checks on a read-only connection: this one may write, and does not).
std::vector<std::string> tables_checked_through_temporary_tables(const std::string& path) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
    std::vector<std::string> names;
    sqlite3_stmt* listing = nullptr;
    REQUIRE(sqlite3_prepare_v2(
                db, "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY rowid", -1,
                &listing, nullptr) == SQLITE_OK);
    while (sqlite3_step(listing) == SQLITE_ROW)
        names.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(listing, 0)));
    sqlite3_finalize(listing);
    std::vector<std::string> tables;
    for (const auto& table : names) {
        sqlite3_stmt* explain = nullptr;
        REQUIRE(sqlite3_prepare_v2(db, ("EXPLAIN INSERT INTO \"" + table + "\" DEFAULT VALUES").c_str(), -1, &explain, nullptr) ==
                SQLITE_OK);
        while (sqlite3_step(explain) == SQLITE_ROW) {
            if (std::string(reinterpret_cast<const char*>(sqlite3_column_text(explain, 1))) == "OpenEphemeral") {
                tables.push_back(table);
                break;
            }
        }
        sqlite3_finalize(explain);
    }
    sqlite3_close(db);
    return tables;
}

}  // namespace

TEST_CASE("no CHECK constraint makes SQLite build a table for each row written, new or migrated") {
    ScratchDir dir;
    bool created = false;
    { auto store = store::Store::create(dir.file("new.db"), created); }
    CHECK(tables_checked_through_temporary_tables(dir.file("new.db")).empty());
    // A file of version 15 (before the constraints were rewritten) is rewritten by the migration.
    const std::string old_path = dir.file("old.db");
    std::ifstream schema(std::string(GPUCLUSTERS_SOURCE_DIR) + "/db/schema.sql");
    std::string sql{std::istreambuf_iterator<char>(schema), {}};
    for (const auto* name : {"0002-search-and-current-state-views.sql", "0003-withdrawals-presence-archives.sql",
                             "0004-acceptances-and-verifications.sql", "0005-current-values.sql", "0006-leaner-indexes.sql",
                             "0007-bounds-and-live-claims.sql", "0008-power-estimator-in-current-cluster.sql",
                             "0009-catalogued-model-and-total-cores.sql", "0010-record-keys.sql", "0011-gpu-catalogue.sql",
                             "0012-record-key-withdrawals.sql", "0013-source-editions.sql", "0014-tree-sync-and-signers.sql",
                             "0015-cluster-aliases.sql"})
        sql += source_file(std::string("db/migrations/") + name);
    // Read back from `sqlite3 .dump` (no application_id, no user_version), it cannot be told from
    // version 16 by its tables and columns; taken back, it is migrated as a 15 would be.
    const std::string restored_path = dir.file("restored.db");
    raw_sql(restored_path, sql);
    {
        auto store = store::Store::open(restored_path, store::Access::read_write, store::Restored::open);
        REQUIRE(store.restored_schema());
        CHECK(*store.restored_schema() == 16);
        store.with_write_transaction([&] {
            store.take_back_restored();
            return true;
        });
    }
    CHECK(sql_text(restored_path, "PRAGMA user_version") == "16");
    CHECK(tables_checked_through_temporary_tables(restored_path).empty());
    raw_sql(old_path, sql + "PRAGMA application_id = 1196447043; PRAGMA user_version = 15;");
    auto before = tables_checked_through_temporary_tables(old_path);
    std::ranges::sort(before);
    CHECK(fmt::format("{}", fmt::join(before, " ")) == "claim claim_rank gpu_catalogue live_claim source_revision");
    { auto store = store::Store::open(old_path); }
    CHECK(sql_text(old_path, "PRAGMA user_version") == "16");
    CHECK(tables_checked_through_temporary_tables(old_path).empty());
    CHECK(sql_text(old_path, "PRAGMA integrity_check") == "ok");
    // The rules are the same: a rank, a bound or a kind outside its list is still refused.
    raw_sql(old_path,
            "INSERT INTO changeset (id, created_at, author, message) VALUES (1, '2026-01-01', 'a', 'm');"
            "INSERT INTO cluster (number, id, changeset_id) VALUES (1, 'x', 1);"
            "INSERT INTO claim (id, cluster_id, field, state, value, changeset_id) VALUES (1, 'x', 'name', 'set', 'X', 1);");
    for (const char* refused : {"INSERT INTO claim_rank (claim_id, changeset_id, rank) VALUES (1, 1, 'best')",
                                "INSERT INTO live_claim (cluster_id, claim_id, rank, ranked_in) VALUES ('x', 1, 'retired', 1)",
                                "INSERT INTO claim (id, cluster_id, field, state, value, changeset_id, bound) "
                                "VALUES (2, 'x', 'name', 'set', 'Y', 1, 'about')"}) {
        CAPTURE(refused);
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(old_path.c_str(), &db) == SQLITE_OK);
        CHECK(sqlite3_exec(db, refused, nullptr, nullptr, nullptr) == SQLITE_CONSTRAINT);
        sqlite3_close(db);
    }
}

TEST_CASE("current_cluster has a column for each field of the catalogue, in its order, and no other") {
    // The field catalogue is the one list of fields; the migrations that make the view are history
    // and cannot be generated from it, so a field added without its column fails here.
    ScratchDir dir;
    bool created = false;
    { auto store = store::Store::create(dir.file("view.db"), created); }
    const std::string listed =
        sql_text(dir.file("view.db"), "SELECT group_concat(name, ' ') FROM pragma_table_info('current_cluster')");
    const auto columns = text::split(listed, ' ');
    REQUIRE_FALSE(columns.empty());
    CHECK(columns.front() == "id");
    // Each other column is a field, or a qualifier of the field before it (a count's bound, a
    // power's basis and estimator): the fields in the catalogue's order, every one of them.
    std::vector<std::string> fields;
    const model::FieldSpec* field = nullptr;
    for (const auto column : std::span(columns).subspan(1)) {
        if (const auto* named = model::find_field(column)) {
            field = named;
            fields.emplace_back(column);
            continue;
        }
        REQUIRE_MESSAGE(field != nullptr, column);
        const auto keys = model::qualifier_keys(field->type);
        CHECK_MESSAGE(std::any_of(keys.begin(), keys.end(),
                                  [&](const auto& key) { return column.ends_with(fmt::format("_{}", key.name)); }),
                      column);
    }
    std::vector<std::string> catalogue;
    for (const auto& each : model::field_catalogue()) catalogue.emplace_back(each.name);
    CHECK(fields == catalogue);
}

TEST_CASE("files that are not ours are refused and left untouched") {
    ScratchDir dir;
    SUBCASE("missing") {
        CHECK_THROWS_AS(store::Store::open(dir.file("none.db")), DatabaseError);
        CHECK_FALSE(std::filesystem::exists(dir.file("none.db")));
    }
    SUBCASE("not SQLite") {
        std::ofstream(dir.file("text.db")) << "this is a text file, not a database\n";
        const std::string before = file_bytes(dir.file("text.db"));
        CHECK_THROWS_WITH_AS(store::Store::open(dir.file("text.db")), doctest::Contains("not an SQLite file"), DatabaseError);
        bool created = false;
        CHECK_THROWS_AS(store::Store::create(dir.file("text.db"), created), DatabaseError);
        CHECK(file_bytes(dir.file("text.db")) == before);
    }
    SUBCASE("another application's SQLite file") {
        raw_sql(dir.file("other.db"), "CREATE TABLE t(x); INSERT INTO t VALUES (1); PRAGMA application_id = 1234;");
        const std::string before = file_bytes(dir.file("other.db"));
        CHECK_THROWS_WITH_AS(store::Store::open(dir.file("other.db")), doctest::Contains("another application"), DatabaseError);
        bool created = false;
        CHECK_THROWS_AS(store::Store::create(dir.file("other.db"), created), DatabaseError);
        CHECK(file_bytes(dir.file("other.db")) == before);
    }
    SUBCASE("a newer schema") {
        {
            bool created = false;
            store::Store::create(dir.file("new.db"), created);
        }
        raw_sql(dir.file("new.db"), "PRAGMA user_version = 999;");
        CHECK_THROWS_WITH_AS(store::Store::open(dir.file("new.db")), doctest::Contains("newer gpuclusters"), DatabaseError);
    }
    SUBCASE("a corrupt file") {
        {
            bool created = false;
            store::Store::create(dir.file("bad.db"), created);
        }
        std::string bytes = file_bytes(dir.file("bad.db"));
        for (std::size_t i = 100; i < bytes.size(); ++i) bytes[i] = static_cast<char>(0xA5);
        std::filesystem::remove(dir.file("bad.db-wal"));
        std::ofstream(dir.file("bad.db"), std::ios::binary) << bytes;
        CHECK_THROWS_AS(store::Store::open(dir.file("bad.db")).cluster_ids(), DatabaseError);
    }
}

TEST_CASE("an older schema is migrated on open") {
    ScratchDir dir;
    const std::string path = dir.file("old.db");
    // Version 1 is db/schema.sql alone; later versions come from db/migrations.
    std::ifstream schema(std::string(GPUCLUSTERS_SOURCE_DIR) + "/db/schema.sql");
    const std::string sql{std::istreambuf_iterator<char>(schema), {}};
    raw_sql(path, sql + "PRAGMA application_id = 1196447043; PRAGMA user_version = 1;");
    auto store = store::Store::open(path);
    CHECK(store.schema_version() == store::current_schema_version());
    CHECK(store.cluster_ids().empty());
    CHECK(store.search("\"x\"").empty());  // the FTS table of migration 2 exists
}

TEST_CASE("gpu_catalogue holds the writer's catalogue: filled when made or migrated, rewritten by a write when it differs") {
    ScratchDir dir;
    const std::string path = dir.file("c.db");
    const auto& models = model::GpuCatalogue::builtin().models();
    const auto accelerators = std::count_if(models.begin(), models.end(), [](const auto& m) { return !m.is_gpu(); });
    const auto check_copy = [&] {
        CHECK(count_rows_where(path, "gpu_catalogue", "1") == static_cast<long long>(models.size()));
        CHECK(count_rows_where(path, "gpu_catalogue", "chip <> 'GPU'") == accelerators);
        CHECK(sql_text(path, "SELECT chip FROM gpu_catalogue WHERE model = 'Google TPU v5p'") == "TPU");
        CHECK(sql_text(path,
                       "SELECT kind || ' ' || chip || ' ' || gpus_per_package FROM gpu_catalogue WHERE model = 'NVIDIA GB200'") ==
              "gpu GPU 2");
    };
    SUBCASE("made") {
        bool created = false;
        store::Store::create(path, created);
        check_copy();
    }
    SUBCASE("migrated from version 1") {
        std::ifstream schema(std::string(GPUCLUSTERS_SOURCE_DIR) + "/db/schema.sql");
        const std::string sql{std::istreambuf_iterator<char>(schema), {}};
        raw_sql(path, sql + "PRAGMA application_id = 1196447043; PRAGMA user_version = 1;");
        store::Store::open(path);
        check_copy();
    }
    SUBCASE("a row changed, one added and one removed by hand: a writer puts them back, a reader leaves them") {
        {
            bool created = false;
            store::Store::create(path, created);
        }
        raw_sql(path,
                "UPDATE gpu_catalogue SET chip = 'GPU' WHERE model = 'Google TPU v5p'; "
                "DELETE FROM gpu_catalogue WHERE model = 'NVIDIA H100'; "
                "INSERT INTO gpu_catalogue VALUES ('Frobnicator', 'Acme', 'gpu', 'GPU', 'gpu', 1);");
        store::Store::open(path, store::Access::read_only);
        CHECK(sql_text(path, "SELECT chip FROM gpu_catalogue WHERE model = 'Google TPU v5p'") == "GPU");
        {
            // Opened for writing, it is left as it is until the writer writes: a write refused for
            // its input changes no row.
            auto writer = store::Store::open(path);
            CHECK(sql_text(path, "SELECT chip FROM gpu_catalogue WHERE model = 'Google TPU v5p'") == "GPU");
            writer.with_write_transaction([] { return true; });
        }
        check_copy();
        CHECK(count_rows_where(path, "gpu_catalogue", "model IN ('Frobnicator', 'NVIDIA H100')") == 1);
    }
}

TEST_CASE("cluster_values follows every write and is rebuilt from the history by the migration") {
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    auto export_values = [](store::Store& store, bool current) {
        std::string text;
        // Field by field in catalogue order (the history lists claims by id).
        auto note = [&](model::Record& record) {
            text += record.id + ":";
            for (const auto& spec : model::field_catalogue()) {
                const auto* claim = record.preferred(spec.name);
                if (!claim) continue;
                text += fmt::format(" {}={}[{}|{}|{}|{}]", claim->field, claim->value.value, model::to_string(claim->state),
                                    claim->value.qualifiers.derivation, claim->value.qualifiers.basis, claim->id);
            }
            text += "\n";
        };
        if (current) {
            store.for_each_current_record(note);
        } else {
            store.for_each_record(store.latest_changeset_id(), note, store::Store::RecordParts::values);
        }
        return text;
    };
    {
        bool created = false;
        auto store = store::Store::create(path, created);
        ledger::apply_changes(store,
                              request_for("c1", {{.field = "owner", .raw_value = "Acme", .origin = "o"},
                                                 {.field = "gpus_installed", .raw_value = "1536 x 8", .origin = "g"},
                                                 {.field = "power_mw", .raw_value = "20 (estimate: Epoch AI)", .origin = "p"},
                                                 {.field = "city", .not_published = true, .origin = "c"}}));
        ledger::apply_changes(store, request_for("c2", {{.field = "owner", .raw_value = "Beta", .origin = "o"}}));
        ledger::apply_changes(store, request_for("c1", {{.field = "owner", .raw_value = "Acme Corp", .origin = "o"}}));
        ledger::apply_changes(store, request_for("c3", {}));
        const auto current = export_values(store, true);
        CHECK(current == export_values(store, false));
        CHECK(current.find("owner=Acme Corp") != std::string::npos);
        CHECK(current.find("city=[not_published") != std::string::npos);
        CHECK(current.find("gpus_installed=12288[set|1536 x 8|") != std::string::npos);
        CHECK(current.find("c3:\n") != std::string::npos);  // a cluster without values has its row
    }
}

TEST_CASE("a version 4 file gains cluster_values and live_claim, filled from its history") {
    ScratchDir dir;
    const std::string path = dir.file("v4.db");
    std::string sql = source_file("db/schema.sql");
    for (const auto* name : {"0002-search-and-current-state-views.sql", "0003-withdrawals-presence-archives.sql",
                             "0004-acceptances-and-verifications.sql"}) {
        sql += source_file(std::string("db/migrations/") + name);
    }
    // c1: an owner replaced (its first claim retired), a derived count, a researched blank and a
    // competing figure; c2: one value.
    raw_sql(path, sql + R"(
        PRAGMA application_id = 1196447043; PRAGMA user_version = 4;
        INSERT INTO changeset (id, created_at, author) VALUES (1, '2026-11-01T00:00:00Z', 'a'), (2, '2026-11-02T00:00:00Z', 'a');
        INSERT INTO cluster (number, id, changeset_id) VALUES (1, 'c1', 1), (2, 'c2', 1);
        INSERT INTO claim (id, cluster_id, field, state, value, derivation, changeset_id) VALUES
            (1, 'c1', 'owner', 'set', 'Acme', '', 1), (2, 'c1', 'gpus_installed', 'set', '12288', '1536 x 8', 1),
            (3, 'c1', 'city', 'not_published', NULL, '', 1), (4, 'c2', 'owner', 'set', 'Beta', '', 1),
            (5, 'c1', 'owner', 'set', 'Acme Corp', '', 2), (6, 'c1', 'gpus_installed', 'set', '14000', '', 2);
        INSERT INTO claim_rank (claim_id, changeset_id, rank) VALUES
            (1, 1, 'preferred'), (2, 1, 'preferred'), (3, 1, 'preferred'), (4, 1, 'preferred'),
            (1, 2, 'retired'), (5, 2, 'preferred'), (6, 2, 'normal');
    )");
    auto store = store::Store::open(path);
    CHECK(store.schema_version() == store::current_schema_version());
    CHECK(count_rows(store, path, "cluster_values") == 2);
    CHECK(sql_text(path,
                   "SELECT owner || '|' || gpus_installed || '|' || coalesce(city, 'NULL') || '|' || city_claim "
                   "FROM cluster_values WHERE cluster_id = 'c1'") == "Acme Corp|12288|NULL|3");
    CHECK(sql_text(path,
                   "SELECT group_concat(claim_id || ':' || rank || ':' || ranked_in, ' ') FROM "
                   "(SELECT * FROM live_claim ORDER BY cluster_id, claim_id)") ==
          "2:preferred:1 3:preferred:1 5:preferred:2 6:normal:2 4:preferred:1");
    CHECK(sql_text(path, "SELECT bound FROM claim WHERE id = 2").empty());
    std::string current;
    store.for_each_record(std::nullopt, [&](model::Record& record) {
        current += record.id + ":";
        for (const auto& claim : record.claims) current += " " + std::to_string(claim.id);
        current += "\n";
    });
    CHECK(current == "c1: 2 3 5 6\nc2: 4\n");
}

TEST_CASE("version 6 rebuilds citation without its unique index, keeping every row, id and withdrawal") {
    ScratchDir dir;
    const std::string path = dir.file("v5.db");
    // A version 5 file, made from the files as they were, with a claim cited twice and one
    // citation withdrawn.
    std::string sql = source_file("db/schema.sql");
    for (const auto* name : {"0002-search-and-current-state-views.sql", "0003-withdrawals-presence-archives.sql",
                             "0004-acceptances-and-verifications.sql", "0005-current-values.sql"}) {
        sql += source_file(std::string("db/migrations/") + name);
    }
    raw_sql(path, sql + R"(
        PRAGMA application_id = 1196447043; PRAGMA user_version = 5;
        INSERT INTO changeset (id, created_at, author) VALUES (1, '2026-11-01T00:00:00Z', 'a'), (2, '2026-11-02T00:00:00Z', 'a');
        INSERT INTO cluster (number, id, changeset_id) VALUES (1, 'c1', 1);
        INSERT INTO source (id, url, changeset_id) VALUES (1, 'https://example.org/a', 1), (2, 'https://example.org/b', 1);
        INSERT INTO source_revision (source_id, changeset_id, kind, accessed)
        VALUES (1, 1, 'operator', '2026-11-01'), (2, 1, 'press', '2026-11-01');
        INSERT INTO claim (id, cluster_id, field, state, value, changeset_id) VALUES (1, 'c1', 'owner', 'set', 'Acme', 1);
        INSERT INTO claim_rank (claim_id, changeset_id, rank) VALUES (1, 1, 'preferred');
        INSERT INTO citation (id, claim_id, source_id, locator, quote, changeset_id)
        VALUES (5, 1, 2, '', 'Acme, says B.', 1), (7, 1, 1, 'p. 1', 'Acme owns it.', 1), (9, 1, 1, 'p. 2', 'Run by Acme.', 1);
        INSERT INTO citation_withdrawal (citation_id, changeset_id, withdrawn) VALUES (9, 2, 1);
        INSERT INTO cluster_values (cluster_id, owner, owner_claim) VALUES ('c1', 'Acme', 1);
    )");
    const std::string rows =
        "SELECT group_concat(id || '|' || claim_id || '|' || source_id || '|' || locator || '|' || quote || "
        "'|' || changeset_id, ';') FROM (SELECT * FROM citation ORDER BY id)";
    const std::string before = sql_text(path, rows);
    REQUIRE(before == "5|1|2||Acme, says B.|1;7|1|1|p. 1|Acme owns it.|1;9|1|1|p. 2|Run by Acme.|1");

    auto store = store::Store::open(path);
    CHECK(store.schema_version() == store::current_schema_version());
    CHECK(sql_text(path, rows) == before);
    CHECK(sql_text(path, "SELECT group_concat(id) FROM current_citation") == "5,7");
    CHECK(sql_text(path,
                   "SELECT group_concat(name) FROM (SELECT name FROM sqlite_master WHERE tbl_name IN ('citation', 'claim') "
                   "AND type = 'index' ORDER BY name)") ==
          "citation_by_changeset,citation_by_claim,citation_by_source,claim_by_changeset,claim_by_field");
    CHECK(sql_text(path, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'citation_append_only_%'") == "2");
    // A claim's source URLs in citation order (the unique index listed them by source id).
    CHECK(sql_text(path, "SELECT source_urls FROM current_field WHERE claim_id = 1") ==
          "https://example.org/b https://example.org/a");
    // Without the unique index the store tells a repeated citation itself, withdrawn or not.
    store.with_write_transaction([&] {
        CHECK(store.insert_citation(1, 1, "p. 1", "Acme owns it.", 2) == 0);
        CHECK(store.insert_citation(1, 1, "p. 2", "Run by Acme.", 2) == 0);
        CHECK(store.insert_citation(1, 1, "p. 3", "Acme owns it.", 2) == 10);
        return true;
    });
    CHECK(count_rows(store, path, "citation") == 4);
    // The append-only rule holds for the rebuilt table.
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    CHECK(sqlite3_exec(db, "UPDATE citation SET quote = 'x' WHERE id = 7", nullptr, nullptr, nullptr) == SQLITE_CONSTRAINT);
    sqlite3_close(db);
}

TEST_CASE("duplicate keys pair the records that share one, within the largest block") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    store.clear_duplicate_keys();
    // A word of every record ("cluster") pairs nothing when the largest block is smaller.
    store.add_duplicate_record("a", "profile of a", true, {{"n", "colossus"}, {"n", "cluster"}});
    store.add_duplicate_record("b", "profile of b", true, {{"n", "alps"}, {"n", "cluster"}});
    store.add_duplicate_record("c", "profile of c", true, {{"n", "colossus"}, {"n", "cluster"}, {"m", "us model 1000"}});
    store.add_duplicate_record("d", "profile of d", true, {{"n", "cluster"}});
    store.pair_duplicate_keys(3, 5);
    std::vector<store::Store::DuplicatePair> pairs;
    store.judge_duplicate_pairs([&](const store::Store::DuplicatePair& pair) -> std::optional<store::Store::DuplicateVerdict> {
        pairs.push_back(pair);
        return store::Store::DuplicateVerdict{5.5, "name 1.00"};
    });
    REQUIRE(pairs.size() == 1);
    CHECK(pairs[0].left_id == "a");
    CHECK(pairs[0].right_id == "c");
    CHECK(pairs[0].left_profile == "profile of a");
    CHECK(pairs[0].right_profile == "profile of c");
    CHECK(pairs[0].records == 4);
    // Each side's own keys, with how many records hold each.
    CHECK(pairs[0].left_keys.at("n\x1f"
                                "colossus") == 2);
    CHECK(pairs[0].left_keys.at("n\x1f"
                                "cluster") == 4);
    // Only the keys another record holds too, and not the country, model and count.
    CHECK(pairs[0].right_keys.size() == 2);
    const auto groups = store.duplicate_groups_of("c", 3);
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].other_id == "a");
    CHECK(groups[0].score == 5.5);
    CHECK(groups[0].evidence == "name 1.00");
    CHECK(store.duplicate_groups_of("b", 3).empty());
    // Cleared for the next run.
    store.clear_duplicate_keys();
    store.pair_duplicate_keys(3, 5);
    CHECK(store.duplicate_groups_of("a", 3).empty());
}

TEST_CASE("a country, model and count key pairs only records without a name of their own") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    store.clear_duplicate_keys();
    // a and b have no name; c and d each their own; e, f and g share a placeholder (3 records,
    // at the limit of 3): as if they had none; h has a name the score does not compare (only
    // words such as "Supercomputer").
    const std::pair<std::string, std::string> alike{"m", "us model 1000"};
    store.add_duplicate_record("a", "profile of a", false, {alike});
    store.add_duplicate_record("b", "profile of b", false, {alike});
    for (const std::string id : {"c", "d"})
        store.add_duplicate_record(id, "profile of " + id, true, {{"w", "name of " + id}, alike});
    for (const std::string id : {"e", "f"}) {
        store.add_duplicate_record(id, "profile of " + id, true, {{"w", "anonymizedsystem"}, alike});
    }
    store.add_duplicate_record("g", "profile of g", true, {{"w", "anonymizedsystem"}});
    store.add_duplicate_record("h", "profile of h", false, {{"w", "supercomputer"}, alike});
    store.pair_duplicate_keys(10, 3);
    std::vector<std::string> pairs;
    store.judge_duplicate_pairs([&](const store::Store::DuplicatePair& pair) -> std::optional<store::Store::DuplicateVerdict> {
        pairs.push_back(pair.left_id + pair.right_id);
        return std::nullopt;
    });
    // e, f and g also meet on their shared placeholder (a key like any other, within the largest
    // block): the score does not count it.
    CHECK(pairs == std::vector<std::string>{"ab", "ae", "af", "ah", "be", "bf", "bh", "ef", "eg", "eh", "fg", "fh"});
    CHECK(store.duplicate_groups_of("a", 3).empty());
}

TEST_CASE("history tables are append-only") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    ledger::apply_changes(store, request_for("c1", {{.field = "owner", .raw_value = "Acme", .origin = "--set owner"}}));
    sqlite3* db = nullptr;
    sqlite3_open(dir.file("a.db").c_str(), &db);
    for (const char* sql : {"UPDATE claim SET value = 'x'", "DELETE FROM claim", "DELETE FROM citation",
                            "UPDATE changeset SET author = 'x'", "DELETE FROM source", "DELETE FROM claim_rank"}) {
        CAPTURE(std::string(sql));
        CHECK(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_CONSTRAINT);
    }
    sqlite3_close(db);
}

TEST_CASE("a write is one changeset, and a failing write leaves nothing") {
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    bool created = false;
    auto store = store::Store::create(path, created);
    auto report =
        ledger::apply_changes(store, request_for("c1", {{.field = "owner", .raw_value = "Acme", .origin = "o"},
                                                        {.field = "gpus_installed", .raw_value = "1536 x 8", .origin = "g"}}));
    CHECK(report.changed);
    CHECK(report.changeset_id == 1);
    CHECK(count_rows(store, path, "changeset") == 1);
    CHECK(count_rows(store, path, "claim") == 2);
    CHECK(count_rows(store, path, "citation") == 2);

    // The same request again changes nothing and writes no changeset.
    report =
        ledger::apply_changes(store, request_for("c1", {{.field = "owner", .raw_value = "Acme", .origin = "o"},
                                                        {.field = "gpus_installed", .raw_value = "1536 x 8", .origin = "g"}}));
    CHECK_FALSE(report.changed);
    CHECK(count_rows(store, path, "changeset") == 1);

    // A bad value anywhere in the request: nothing of it is written.
    CHECK_THROWS_AS(
        ledger::apply_changes(store, request_for("c2", {{.field = "owner", .raw_value = "Beta", .origin = "o"},
                                                        {.field = "status", .raw_value = "rumoured", .origin = "s"}})),
        InputError);
    CHECK(count_rows(store, path, "changeset") == 1);
    CHECK_FALSE(store.cluster_known("c2"));

    // A dry run reports the change and writes nothing.
    auto dry = request_for("c2", {{.field = "owner", .raw_value = "Beta", .origin = "o"}});
    dry.dry_run = true;
    report = ledger::apply_changes(store, dry);
    CHECK(report.changed);
    CHECK(report.changeset_id == 0);
    CHECK_FALSE(store.cluster_known("c2"));
}

TEST_CASE("claims, ranks and citations wait for a batch, yet every read sees them, and a failed savepoint drops them") {
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    bool created = false;
    auto store = store::Store::create(path, created);
    std::vector<long long> claims;
    store.with_write_transaction([&] {
        const long long changeset = store.insert_changeset({0, "2026-11-30T12:00:00Z", "tester", "", ""});
        store.insert_cluster("c1", changeset);
        const long long source = store.insert_source("https://example.org/a", changeset);
        store.insert_source_revision(source, changeset, {"operator", "", "", "", "2026-11-01", "", ""});
        // More rows than one batch: some are written mid-way, the rest wait.
        for (int i = 0; i < 150; ++i) {
            const long long claim =
                store.insert_claim("c1", "owner", model::ClaimState::set, {fmt::format("Owner {}", i), {}}, changeset);
            store.insert_rank("c1", claim, changeset, i == 0 ? model::Rank::preferred : model::Rank::normal, "");
            CHECK(store.insert_citation(claim, source, "p. 1", fmt::format("quote {}", i), changeset) != 0);
            claims.push_back(claim);
        }
        // Ids are handed out in order, before the rows are written.
        for (std::size_t i = 1; i < claims.size(); ++i) CHECK(claims[i] == claims[i - 1] + 1);
        // The same citation twice is one row, whether the claim's rows wait or were written.
        CHECK(store.insert_citation(claims.back(), source, "p. 1", "quote 149", changeset) == 0);
        CHECK(store.insert_citation(claims.front(), source, "p. 1", "quote 0", changeset) == 0);
        // Another place in the same source is a citation of its own.
        CHECK(store.insert_citation(claims.back(), source, "p. 2", "quote 149", changeset) != 0);
        const auto record = store.load_record("c1");
        REQUIRE(record);
        CHECK(record->claims.size() == 150);
        CHECK(record->preferred("owner")->value.value == "Owner 0");

        // A record that fails takes its waiting rows with it.
        CHECK_THROWS_AS(store.with_savepoint([&] {
            const long long claim = store.insert_claim("c1", "city", model::ClaimState::set, {"Lyon", {}}, changeset);
            store.insert_rank("c1", claim, changeset, model::Rank::preferred, "");
            throw InputError("the record is refused");
        }),
                        InputError);
        CHECK_FALSE(store.load_record("c1")->preferred("city"));
        return true;
    });
    CHECK(count_rows(store, path, "claim") == 150);
    CHECK(count_rows(store, path, "claim_rank") == 150);
    CHECK(count_rows(store, path, "citation") == 151);
    CHECK(store.load_record("c1")->claims.size() == 150);
}

TEST_CASE("a new value retires the old one, which the history keeps") {
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    bool created = false;
    auto store = store::Store::create(path, created);
    ledger::apply_changes(store, request_for("c1", {{.field = "gpus_installed", .raw_value = "12,288", .origin = "g"}}));
    auto report =
        ledger::apply_changes(store, request_for("c1", {{.field = "gpus_installed", .raw_value = "14,000", .origin = "g"}}));
    REQUIRE(report.fields.size() == 1);
    CHECK(report.fields[0].old_display == "12,288");
    CHECK(report.fields[0].new_display == "14,000");
    auto record = store.load_record("c1");
    REQUIRE(record);
    CHECK(record->preferred("gpus_installed")->value.value == "14000");
    CHECK(record->others("gpus_installed", true).empty());
    CHECK(count_rows(store, path, "claim") == 2);
    // As of the first changeset the old value is back.
    auto then = store.load_record("c1", 1);
    CHECK(then->preferred("gpus_installed")->value.value == "12288");

    // --keep-previous: the replaced value stays as a competing figure.
    auto keep = request_for("c1", {{.field = "gpus_installed", .raw_value = "15,000", .origin = "g"}});
    keep.records[0].keep_previous = true;
    ledger::apply_changes(store, keep);
    record = store.load_record("c1");
    CHECK(record->preferred("gpus_installed")->value.value == "15000");
    REQUIRE(record->others("gpus_installed", false).size() == 1);
    CHECK(record->others("gpus_installed", false)[0]->value.value == "14000");
}

TEST_CASE("gpu_maker follows gpu_model and cannot be set directly") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    ledger::apply_changes(store, request_for("c1", {{.field = "gpu_model", .raw_value = "MI250X", .origin = "m"}}));
    auto record = store.load_record("c1");
    CHECK(record->preferred("gpu_maker")->value.value == "AMD");
    CHECK(record->preferred("gpu_maker")->citations.size() == 1);
    auto report =
        ledger::apply_changes(store, request_for("c1", {{.field = "gpu_model", .raw_value = "Ascend 910B", .origin = "m"}}));
    CHECK(report.warnings.size() == 1);
    record = store.load_record("c1");
    CHECK(record->preferred("gpu_maker") == nullptr);
    CHECK_THROWS_WITH(ledger::apply_changes(
                          store, request_for("c1", {{.field = "gpu_maker", .raw_value = "AMD", .origin = "--set gpu_maker"}})),
                      doctest::Contains("derived from gpu_model"));
}

TEST_CASE("gpu_model_canonical follows gpu_model: the catalogue's name, the disclosed value kept") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    ledger::apply_changes(store,
                          request_for("c1", {{.field = "gpu_model", .raw_value = "NVIDIA H100 SXM5 80GB", .origin = "m"}}));
    auto record = store.load_record("c1");
    CHECK(record->preferred("gpu_model")->value.value == "NVIDIA H100 SXM5 80GB");
    CHECK(record->preferred("gpu_model_canonical")->value.value == "NVIDIA H100");
    CHECK(record->preferred("gpu_model_canonical")->citations.size() == 1);
    ledger::apply_changes(store, request_for("c1", {{.field = "gpu_model", .raw_value = "H1OO", .origin = "m"}}));
    CHECK(store.load_record("c1")->preferred("gpu_model_canonical") == nullptr);
    CHECK_THROWS_WITH(
        ledger::apply_changes(store, request_for("c1", {{.field = "gpu_model_canonical", .raw_value = "X", .origin = "m"}})),
        doctest::Contains("gpu_model_canonical is derived from gpu_model"));
}

TEST_CASE("a key names one record per source: stored once, found again, never moved to another record") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    auto keyed = [](const std::string& id, const std::string& key, bool id_from_key) {
        auto request = request_for(id, {{.field = "owner", .raw_value = "Lab", .origin = "o"}});
        request.records[0].keys.push_back({0, key, "row"});
        request.records[0].id_from_key = id_from_key;
        return request;
    };
    auto report = ledger::apply_changes(store, keyed("c1", "System ID 1", false));
    REQUIRE(report.keys.size() == 1);
    CHECK(report.keys[0].added);
    const auto source_id = report.keys[0].source.id;
    CHECK(store.cluster_of_key(source_id, "System ID 1") == std::optional<std::string>("c1"));
    CHECK_FALSE(store.cluster_of_key(source_id, "System ID 2"));
    const auto record = store.load_record("c1");
    REQUIRE(record->keys.size() == 1);
    CHECK(record->keys[0].key == "System ID 1");
    CHECK(record->sources.contains(record->keys[0].source_id));
    // The same key again changes nothing; under another id it names c1 (a mapping's guess) or is refused.
    CHECK_FALSE(ledger::apply_changes(store, keyed("c1", "System ID 1", false)).changed);
    CHECK(ledger::apply_changes(store, keyed("other", "System ID 1", true)).keys[0].cluster_id == "c1");
    CHECK_FALSE(store.cluster_known("other"));
    CHECK_THROWS_WITH(ledger::apply_changes(store, keyed("other", "System ID 1", false)),
                      doctest::Contains("names c1, not other"));
    // A mapping's id that lands on the record of another key of the source is refused.
    CHECK_THROWS_WITH(ledger::apply_changes(store, keyed("c1", "System ID 9", true)),
                      doctest::Contains("is the record of 'System ID 1'"));
    CHECK(count_rows(store, dir.file("a.db"), "record_key") == 1);
    std::vector<model::Record> streamed;
    store.for_each_record(
        std::nullopt, [&](model::Record& each) { streamed.push_back(each); }, store::Store::RecordParts::evidence);
    REQUIRE(streamed.size() == 1);
    CHECK(streamed[0].keys.size() == 1);
}

TEST_CASE("sources: one per URL, a kind for new ones, no future accessed dates") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    auto request = request_for("c1", {{.field = "owner", .raw_value = "Acme", .origin = "o"}});
    request.sources[0].kind.reset();
    CHECK_THROWS_WITH(ledger::apply_changes(store, request), doctest::Contains("needs a kind"));
    request = request_for("c1", {{.field = "owner", .raw_value = "Acme", .origin = "o"}});
    request.sources[0].accessed = "2027-01-01";
    CHECK_THROWS_WITH(ledger::apply_changes(store, request), doctest::Contains("in the future"));
    request = request_for("c1", {{.field = "owner", .raw_value = "Acme", .origin = "o"}});
    ledger::apply_changes(store, request);
    request = request_for("c2", {{.field = "owner", .raw_value = "Beta", .origin = "o"}});
    request.sources[0].reference = "HTTPS://EXAMPLE.org:443/report#section-2";
    auto report = ledger::apply_changes(store, request);
    CHECK(report.sources.empty());  // same source, same metadata
    CHECK(store.load_record("c2")->preferred("owner")->citations[0].source_id == 1);
    // A re-check is a new revision of the source.
    request.sources[0].accessed = "2026-11-30";
    report = ledger::apply_changes(store, request);
    REQUIRE(report.sources.size() == 1);
    CHECK(report.sources[0].changes == std::vector<std::string>{"accessed: 2026-11-01 -> 2026-11-30"});
    CHECK(store.source_by_id(1)->meta.accessed == "2026-11-30");
    request.sources[0].reference = "42";
    CHECK_THROWS_WITH(ledger::apply_changes(store, request), doctest::Contains("no source with id 42"));
}

TEST_CASE("a statement that cannot be prepared (a derived table of one column) fails the write, and the store closes") {
    // Found by the hostile corpus: the failed prepare left an empty slot in the statement cache,
    // and closing the store reset it (SIGSEGV in `add`).
    ScratchDir dir;
    const std::string path = dir.file("a.db");
    {
        bool created = false;
        auto store = store::Store::create(path, created);
        ledger::apply_changes(store, request_for("c1", {{.field = "owner", .raw_value = "Acme", .origin = "--set owner"}}));
    }
    for (const char* table : {"live_claim", "cluster_values"}) {
        CAPTURE(std::string(table));
        ScratchDir copy;
        std::filesystem::copy_file(path, copy.file("a.db"));
        raw_sql(copy.file("a.db"), fmt::format("DROP TABLE {0}; CREATE TABLE {0} (cluster_id TEXT);", table));
        std::optional<store::Store> store;
        try {
            store.emplace(store::Store::open(copy.file("a.db")));
            ledger::apply_changes(*store, request_for("c1", {{.field = "owner", .raw_value = "Beta", .origin = "--set owner"}}));
            FAIL("the write went through");
        } catch (const DatabaseError&) {
        }
        store.reset();
        CHECK(sql_text(copy.file("a.db"), "SELECT count(*) FROM changeset") == "1");
    }
}
