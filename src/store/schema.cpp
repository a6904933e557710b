// The schema: its version, the migrations that bring a file to it, a new file's, and the version
// of a file restored without its application_id.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>

#include "embedded_data.hpp"

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

namespace detail {

int migration_version(std::string_view file_name) {
    int version = 0;
    for (char c : file_name.substr(0, 4)) version = version * 10 + (c - '0');
    return version;
}

namespace {

// What a schema is made of, as sqlite_master lists it: each table, view, index and trigger by
// type and name, a table's and a view's with their columns in order (SQLite's own objects aside).
std::vector<std::string> schema_outline(SQLite::Database& db) {
    SQLite::Statement query(db, R"(
        SELECT m.type || ' ' || m.name || ' (' ||
               coalesce((SELECT group_concat(name, ', ') FROM (SELECT p.name FROM pragma_table_info(m.name) p ORDER BY p.cid)), '') || ')'
        FROM sqlite_master m WHERE m.name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY m.type, m.name)");
    return first_column<std::string>(query);
}

}  // namespace

std::optional<RestoredVersions> restored_schema_versions(SQLite::Database& db, int user_version) {
    const auto outline = schema_outline(db);
    if (outline.empty()) return std::nullopt;
    SQLite::Database reference(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    reference.exec(std::string(embedded::schema_sql));
    int version = 1;
    std::optional<RestoredVersions> found;
    auto compare = [&] {
        if ((user_version == 0 || user_version == version) && schema_outline(reference) == outline) {
            if (!found) found = RestoredVersions{version, version};
            found->newest = version;
        }
    };
    compare();
    for (const auto& migration : embedded::migrations) {
        reference.exec(std::string(migration.content));
        version = migration_version(migration.name);
        compare();
    }
    return found;
}

}  // namespace detail

int current_schema_version() {
    int version = 1;
    for (const auto& migration : embedded::migrations) version = std::max(version, migration_version(migration.name));
    return version;
}

namespace {

// A migration writes in rollback mode: killed then, the file needs its journal beside it, so a
// signal lets it finish (stop_writing).
struct MigrationUnderWay {
    MigrationUnderWay() { set_file_unsettled(true); }
    ~MigrationUnderWay() { set_file_unsettled(false); }
    MigrationUnderWay(const MigrationUnderWay&) = delete;
    MigrationUnderWay& operator=(const MigrationUnderWay&) = delete;
};

}  // namespace

void Store::initialise() {
    auto& db = *db_;
    // 16 KiB pages (SQLite's default is 4 KiB): 10,000 benchmark records import in 0.74 s
    // instead of 0.87 s, and export, verify and show are as fast. Only a new file can take it.
    db.exec(fmt::format("PRAGMA page_size = {}", page_size));
    const MigrationUnderWay under_way;
    SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
    db.exec(std::string(embedded::schema_sql));
    db.exec(fmt::format("PRAGMA application_id = {}", application_id));
    db.exec("PRAGMA user_version = 1");
    migrate(1);
    sync_gpu_catalogue();
    transaction.commit();
}

void Store::upgrade(int version) {
    const MigrationUnderWay under_way;
    SQLite::Transaction transaction(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    migrate(version);
    sync_gpu_catalogue();
    transaction.commit();
}

void Store::migrate(int from_version) {
    for (const auto& migration : embedded::migrations) {
        const int version = migration_version(migration.name);
        if (version <= from_version) continue;
        db_->exec(std::string(migration.content));
        db_->exec(fmt::format("PRAGMA user_version = {}", version));
    }
    // cluster_values (version 5) is derived: filled from the history the database already holds.
    if (from_version < 5) rebuild_current_values();
}

int Store::schema_version() const {
    return guarded(path_, [&] { return db_->execAndGet("PRAGMA user_version").getInt(); });
}

void Store::take_back_restored() {
    if (!restored_schema_) return;
    guarded(path_, [&] {
        auto& db = connection();
        // Both are in the file's header, written in the open transaction like any page.
        db.exec(fmt::format("PRAGMA application_id = {}", application_id));
        // From the oldest version the file may be: the migrations that changed no outline
        // change nothing where they were made already.
        const auto versions = restored_schema_versions(db, 0);
        db.exec(fmt::format("PRAGMA user_version = {}", *restored_schema_));
        if (versions && versions->oldest < current_schema_version()) {
            migrate(versions->oldest);
            sync_gpu_catalogue();
        }
    });
}

}  // namespace gpuclusters::store
