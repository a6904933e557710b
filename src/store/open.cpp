// Opening a database: the checks that keep foreign, newer or damaged files untouched, the
// connection's settings and the migrations.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "embedded_data.hpp"

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

namespace {

int migration_version(std::string_view file_name) {
    int version = 0;
    for (char c : file_name.substr(0, 4)) version = version * 10 + (c - '0');
    return version;
}

// Process-wide settings, made before the first connection initialises SQLite: one thread uses the
// library, so its mutexes and memory statistics are pure cost (a tenth of a bulk import's time).
void configure_library_once() {
    [[maybe_unused]] static const bool configured = [] {
        sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
        sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
        return true;
    }();
}

// A file that is not SQLite is refused before SQLite touches it.
void check_header(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw DatabaseError(fmt::format("{}: cannot read the file", path));
    char header[16] = {};
    file.read(header, sizeof header);
    if (file.gcount() == 0) return;  // empty file: decided by the caller
    if (file.gcount() < 16 || std::string_view(header, 16) != std::string_view("SQLite format 3\0", 16)) {
        throw DatabaseError(fmt::format("{}: not a gpuclusters database (not an SQLite file); left untouched", path));
    }
}

}  // namespace

namespace detail {

DatabaseError translate(const SQLite::Exception& error, const std::string& path) {
    switch (error.getErrorCode()) {
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            return DatabaseError(fmt::format("{}: database is locked by another process (waited {} ms); "
                                             "try again when it has finished",
                                             path, busy_timeout_ms()));
        case SQLITE_CORRUPT:
        case SQLITE_NOTADB:
            return DatabaseError(fmt::format("{}: the database file is corrupt ({})", path, error.what()));
        case SQLITE_READONLY:
            return DatabaseError(fmt::format("{}: the database is read-only here ({})", path, error.what()));
        case SQLITE_FULL:
            return DatabaseError(fmt::format("{}: the disk is full; nothing was written", path));
        case SQLITE_IOERR:
            return DatabaseError(fmt::format("{}: I/O error ({}); nothing was written", path, error.what()));
        case SQLITE_CANTOPEN:
            return DatabaseError(fmt::format("{}: cannot open the database ({})", path, error.what()));
        default:
            return DatabaseError(fmt::format("{}: {}", path, error.what()));
    }
}

}  // namespace detail

int current_schema_version() {
    int version = 1;
    for (const auto& migration : embedded::migrations) version = std::max(version, migration_version(migration.name));
    return version;
}

int busy_timeout_ms() {
    if (const char* value = std::getenv("GPUCLUSTERS_BUSY_TIMEOUT_MS")) {
        char* end = nullptr;
        const long parsed = std::strtol(value, &end, 10);
        if (end != value && *end == '\0' && parsed >= 0 && parsed <= 600000) return static_cast<int>(parsed);
    }
    return 5000;
}

Store::Store(std::string path, std::unique_ptr<SQLite::Database> db)
    : path_(std::move(path)),
      db_(std::move(db)),
      statements_(std::make_unique<StatementCache>()),
      pending_(std::make_unique<PendingRows>()) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

Store Store::open(const std::string& path) {
    configure_library_once();
    std::error_code ignored;
    if (!std::filesystem::exists(path, ignored)) {
        throw DatabaseError(fmt::format("{}: no database here; create one with `gpuclusters init` "
                                        "(or give --db or GPUCLUSTERS_DB)",
                                        path));
    }
    check_header(path);
    if (std::filesystem::file_size(path, ignored) == 0) {
        throw DatabaseError(fmt::format("{}: empty file, not a gpuclusters database; run `gpuclusters init`", path));
    }
    return guarded(path, [&] {
        Store store(path, std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE, busy_timeout_ms()));
        bool created = false;
        store.configure_and_check(false, created);
        return store;
    });
}

Store Store::create(const std::string& path, bool& created) {
    configure_library_once();
    std::error_code ignored;
    if (std::filesystem::exists(path, ignored)) check_header(path);
    return guarded(path, [&] {
        Store store(path, std::make_unique<SQLite::Database>(
                              path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE, busy_timeout_ms()));
        store.configure_and_check(true, created);
        return store;
    });
}

void Store::configure_and_check(bool may_initialise, bool& created) {
    auto& db = *db_;
    const int app_id = db.execAndGet("PRAGMA application_id").getInt();
    const int version = db.execAndGet("PRAGMA user_version").getInt();
    const int objects = db.execAndGet("SELECT count(*) FROM sqlite_master").getInt();
    created = false;
    if (app_id == 0 && version == 0 && objects == 0) {
        if (!may_initialise) {
            throw DatabaseError(fmt::format("{}: empty SQLite file, not a gpuclusters database; run `gpuclusters init`", path_));
        }
        // 16 KiB pages (SQLite's default is 4 KiB): 10,000 benchmark records import in 0.74 s
        // instead of 0.87 s, and export, verify and show are as fast. Only a new file can take
        // it: a WAL file keeps its page size.
        db.exec(fmt::format("PRAGMA page_size = {}", page_size));
        db.exec("PRAGMA journal_mode = WAL");
        SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
        db.exec(std::string(embedded::schema_sql));
        db.exec(fmt::format("PRAGMA application_id = {}", application_id));
        db.exec("PRAGMA user_version = 1");
        migrate(1);
        transaction.commit();
        created = true;
    } else if (app_id != application_id) {
        throw DatabaseError(fmt::format(
            "{}: an SQLite database of another application (application_id {:#x}), not gpuclusters; left untouched",
            path_, static_cast<unsigned>(app_id)));
    } else if (version > current_schema_version()) {
        throw DatabaseError(fmt::format(
            "{}: written by a newer gpuclusters (schema version {}; this one knows up to {}); left untouched",
            path_, version, current_schema_version()));
    } else if (version < current_schema_version()) {
        SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
        migrate(version);
        transaction.commit();
    }
    db.exec("PRAGMA foreign_keys = ON");
    // WAL with synchronous=NORMAL cannot corrupt the file; a power cut may lose the last commit.
    db.exec("PRAGMA synchronous = NORMAL");
    // Readers stream, so a small page cache serves them; it also bounds SQLite's sorters (verify
    // groups look-alikes with one). A bulk write raises it (with_write_transaction).
    db.exec(fmt::format("PRAGMA cache_size = -{}", small_cache_kib));
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

}  // namespace gpuclusters::store
