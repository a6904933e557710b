// Opening a database: the checks that keep foreign, newer or damaged files untouched, the
// connection's settings and the migrations.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>
#include <utility>

#include "embedded_data.hpp"
#include "gpuclusters/model/text.hpp"

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

namespace detail {

int migration_version(std::string_view file_name) {
    int version = 0;
    for (char c : file_name.substr(0, 4)) version = version * 10 + (c - '0');
    return version;
}

}  // namespace detail

namespace {

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
            return DatabaseError(
                fmt::format("{}: database is locked by another process (waited {} ms); "
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

std::string sqlite_version() { return sqlite3_libversion(); }

bool is_gpuclusters_file(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    unsigned char header[72] = {};
    file.read(reinterpret_cast<char*>(header), sizeof header);
    if (file.gcount() != sizeof header ||
        std::string_view(reinterpret_cast<const char*>(header), 16) != std::string_view("SQLite format 3\0", 16)) {
        return false;
    }
    const auto id = static_cast<std::uint32_t>(header[68]) << 24 | static_cast<std::uint32_t>(header[69]) << 16 |
                    static_cast<std::uint32_t>(header[70]) << 8 | header[71];
    return id == static_cast<std::uint32_t>(application_id);
}

int busy_timeout_ms() {
    if (const char* value = std::getenv("GPUCLUSTERS_BUSY_TIMEOUT_MS")) {
        char* end = nullptr;
        const long parsed = std::strtol(value, &end, 10);
        if (end != value && *end == '\0' && parsed >= 0 && parsed <= 600000) return static_cast<int>(parsed);
    }
    return 5000;
}

Store::Store(std::string path, std::unique_ptr<SQLite::Database> db, Access access)
    : path_(std::move(path)),
      access_(access),
      db_(std::move(db)),
      statements_(std::make_unique<StatementCache>()),
      pending_(std::make_unique<PendingRows>()) {}
Store::Store(Store&&) noexcept = default;

Store& Store::operator=(Store&& other) noexcept {
    if (this == &other) return *this;
    close();
    path_ = std::move(other.path_);
    access_ = other.access_;
    journal_ = other.journal_;
    restored_ = other.restored_;
    restored_schema_ = other.restored_schema_;
    opened_ = std::exchange(other.opened_, false);
    db_ = std::move(other.db_);
    statements_ = std::move(other.statements_);
    pending_ = std::move(other.pending_);
    changesets_written_ = std::move(other.changesets_written_);
    duplicate_keys_ = std::move(other.duplicate_keys_);
    return *this;
}

Store::~Store() { close(); }

void Store::close() noexcept {
    leave_in_rollback_mode();
    const bool remember = opened_ && db_;  // (a store moved from has no connection)
    if (access_ == Access::read_write && db_) set_file_unsettled(false);
    opened_ = false;
    // The statements go before the connection they were prepared on.
    pending_.reset();
    statements_.reset();
    db_.reset();
    // As this writer leaves it, the file is one gpuclusters checked or wrote: the next writer
    // need not check it again unless something else changes it.
    if (remember) remember_checked(file_fingerprint(path_));
}

void Store::finish_reading() const noexcept {
    // tryReset: reset() rethrows the error of a statement's last failed step, which would stop
    // the loop with the rest still stepping.
    for (auto& [sql, statement] : statements_->statements) statement->tryReset();
}

bool Store::close_at_rest() noexcept {
    const bool at_rest = leave_in_rollback_mode();
    close();
    return at_rest;
}

bool Store::leave_in_rollback_mode() noexcept {
    // A file refused on opening is closed as it was found: not a byte written.
    if (!db_ || access_ != Access::read_write || !opened_) return true;
    // Between writes the file is left in rollback-journal mode, with no -wal or -shm beside it:
    // then a copy of the file alone is whole, and a user who may read it but not write to its
    // folder reads it (sqlite3 too). While another connection has it open the switch fails at
    // once (no busy wait), and the last writer to close it makes it.
    try {
        finish_reading();
        sqlite3_busy_timeout(db_->getHandle(), 0);
        db_->exec("PRAGMA journal_mode = DELETE");
        return true;
    } catch (const SQLite::Exception&) {
        // Still in WAL mode: a complete database, with its log beside it until the next writer;
        // the file alone lacks something only when the log holds a commit.
        std::error_code error;
        return std::filesystem::file_size(path_ + "-wal", error) == 0 || error;
    }
}

namespace {

// A database is a regular file: a folder, device or FIFO named by --db is refused untouched.
void check_regular(const std::string& path, const std::filesystem::file_status& status) {
    if (!std::filesystem::is_regular_file(status)) {
        throw DatabaseError(fmt::format("{}: not a regular file, so not a database; left untouched", path));
    }
}

void check_file(const std::string& path) {
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (!std::filesystem::exists(status)) {
        throw DatabaseError(
            fmt::format("{}: no database here; create one with `gpuclusters init` "
                        "(or give --db or GPUCLUSTERS_DB)",
                        path));
    }
    check_regular(path, status);
    check_header(path);
    if (std::filesystem::file_size(path, error) == 0) {
        throw DatabaseError(fmt::format("{}: empty file, not a gpuclusters database; run `gpuclusters init`", path));
    }
}

// SQLite opens FILE-wal, FILE-shm and FILE-journal by name, following links. One that is not a
// file SQLite made (a link, a folder, a FIFO) would fail a writer only after it switched the file
// to WAL mode, or be written through: refused before the file is touched.
void check_files_beside(const std::string& path) {
    // SQLite names them after the file a link leads to: the names beside both are checked.
    std::error_code error;
    const auto resolved = std::filesystem::canonical(path, error);
    std::vector<std::string> besides;
    for (const char* suffix : {"-wal", "-shm", "-journal"}) {
        besides.push_back(path + suffix);
        if (!error && resolved.string() != path) besides.push_back(resolved.string() + suffix);
    }
    for (const std::string& beside : besides) {
        std::error_code unreadable;
        const auto status = std::filesystem::symlink_status(beside, unreadable);
        if (!std::filesystem::exists(status) || std::filesystem::is_regular_file(status)) continue;
        throw DatabaseError(fmt::format("{}: {} is {}, not a file SQLite made; remove it; left untouched", path, beside,
                                        std::filesystem::is_symlink(status) ? "a symbolic link" : "not a regular file"));
    }
}

// "file:PATH?immutable=1" with the characters a URI path may not hold escaped.
std::string immutable_uri(const std::string& path) {
    std::string uri = "file:";
    for (unsigned char c : path) {
        if (c == '%' || c == '?' || c == '#' || c < 0x20 || c >= 0x7f) {
            uri += fmt::format("%{:02X}", c);
        } else {
            uri += static_cast<char>(c);
        }
    }
    return uri + "?immutable=1";
}

// A database in WAL mode needs its -shm beside it even to be read; a reader who cannot create
// one (a copy owned by someone else, a read-only folder or medium) reads the file as immutable,
// which is exact when no write-ahead log holds commits the file lacks.
bool readable_as_immutable(const std::string& path) {
    std::error_code error;
    const auto log_size = std::filesystem::file_size(path + "-wal", error);
    return error || log_size == 0;
}

// Whether a writer that was killed (or a program that holds the file) left part of the database
// beside the file: commits in FILE-wal not yet folded in, or a write's journal to roll back.
bool left_beside(const std::string& path) {
    std::error_code error;
    const auto log_size = std::filesystem::file_size(path + "-wal", error);
    if (!error && log_size > 0) return true;
    const auto journal_size = std::filesystem::file_size(path + "-journal", error);
    return !error && journal_size > 0;
}

// A reader that may write beside the file puts it back whole, as the writer that was killed
// would have: the log folded in (or the journal rolled back) by leaving WAL mode, which SQLite
// does only when no other connection has the file open. It changes no row, and runs nothing of
// the file's (no trigger); where it cannot, the reader reads the file with its log as before.
void recover_for_reader(const std::string& path) {
    if (!left_beside(path) || !is_gpuclusters_file(path)) return;
    const auto folder = std::filesystem::path(path).parent_path();
    if (::access(path.c_str(), W_OK) != 0 || ::access(folder.empty() ? "." : folder.c_str(), W_OK) != 0) return;
    try {
        SQLite::Database db(path, SQLite::OPEN_READWRITE, 0);
        db.exec("PRAGMA journal_mode = DELETE");
    } catch (const SQLite::Exception&) {
        // Another program holds it, or it is damaged: the reader's own open says which.
    }
}

}  // namespace

namespace {

// What a schema is made of, as sqlite_master lists it: each table, view, index and trigger by
// type and name, a table's and a view's with their columns in order (SQLite's own objects aside).
std::vector<std::string> schema_outline(SQLite::Database& db) {
    SQLite::Statement query(db, R"(
        SELECT m.type || ' ' || m.name || ' (' ||
               coalesce((SELECT group_concat(name, ', ') FROM (SELECT p.name FROM pragma_table_info(m.name) p ORDER BY p.cid)), '') || ')'
        FROM sqlite_master m WHERE m.name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY m.type, m.name)");
    std::vector<std::string> outline;
    while (query.executeStep()) outline.push_back(query.getColumn(0).getString());
    return outline;
}

// The schema version whose tables, views, indexes and triggers the file has, one by one and no
// others (db/schema.sql and the migrations up to it, made again in memory); nullopt when none
// has: another application's file. A user_version the file kept must be that version.
std::optional<int> restored_schema_version(SQLite::Database& db, int user_version) {
    const auto outline = schema_outline(db);
    if (outline.empty()) return std::nullopt;
    SQLite::Database reference(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    reference.exec(std::string(embedded::schema_sql));
    int version = 1;
    auto matches = [&] { return (user_version == 0 || user_version == version) && schema_outline(reference) == outline; };
    if (matches()) return version;
    for (const auto& migration : embedded::migrations) {
        reference.exec(std::string(migration.content));
        version = migration_version(migration.name);
        if (matches()) return version;
    }
    return std::nullopt;
}

}  // namespace

Store Store::open(const std::string& path, Access access, Restored restored, Journal journal) {
    configure_library_once();
    check_file(path);
    // A reader too: SQLite opens a journal beside the file to see whether it is hot, and a FIFO
    // there would block it for ever.
    check_files_beside(path);
    return guarded(path, [&] {
        if (access == Access::read_write) {
            Store store(path, std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE, busy_timeout_ms()), access);
            store.restored_ = restored;
            store.journal_ = journal;
            bool created = false;
            store.configure_and_check(false, created);
            return store;
        }
        recover_for_reader(path);
        try {
            Store store(path, std::make_unique<SQLite::Database>(path, SQLite::OPEN_READONLY, busy_timeout_ms()), access);
            store.restored_ = restored;
            bool created = false;
            store.configure_and_check(false, created);
            return store;
        } catch (const SQLite::Exception& error) {
            const int code = error.getErrorCode();
            if (code != SQLITE_CANTOPEN && code != SQLITE_READONLY) throw;
            if (!readable_as_immutable(path)) {
                throw DatabaseError(
                    fmt::format("{}: its write-ahead log ({}-wal) holds changes this user cannot read "
                                "without writing beside the file; ask its owner to run any gpuclusters "
                                "write, or copy the -wal file with it",
                                path, path));
            }
            Store store(path,
                        std::make_unique<SQLite::Database>(immutable_uri(path), SQLite::OPEN_READONLY | SQLite::OPEN_URI,
                                                           busy_timeout_ms()),
                        access);
            store.restored_ = restored;
            bool created = false;
            store.configure_and_check(false, created);
            return store;
        }
    });
}

Store Store::create(const std::string& path, bool& created) {
    configure_library_once();
    std::error_code ignored;
    if (const auto status = std::filesystem::status(path, ignored); std::filesystem::exists(status)) {
        check_regular(path, status);
        check_header(path);  // an empty file may become the database
    }
    check_files_beside(path);
    return guarded(path, [&] {
        Store store(path,
                    std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE, busy_timeout_ms()),
                    Access::read_write);
        store.configure_and_check(true, created);
        return store;
    });
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
        created = true;
    } else if (app_id == 0 && (restored_schema_ = restored_schema_version(db, version))) {
        // `sqlite3 .dump` keeps no PRAGMA: read into a new file, a database of ours has neither
        // its application_id nor its user_version. Its tables tell it from another application's.
        if (restored_ == Restored::refuse) {
            throw DatabaseError(
                fmt::format("{}: looks like a gpuclusters database (schema version {}) restored without its application_id "
                            "(from `sqlite3 .dump`?); run `gpuclusters check --repair` to take it back; left untouched",
                            path_, *restored_schema_));
        }
        // Opened as it is, for check to report and check --repair to take back.
    } else if (app_id != application_id) {
        throw DatabaseError(
            fmt::format("{}: an SQLite database of another application (application_id {:#x}), not gpuclusters; left untouched",
                        path_, static_cast<unsigned>(app_id)));
    } else if (version > current_schema_version()) {
        throw DatabaseError(
            fmt::format("{}: written by a newer gpuclusters (schema version {}; this one knows up to {}); left untouched", path_,
                        version, current_schema_version()));
    } else if (version < current_schema_version() && access_ == Access::read_only) {
        // Readers never migrate: the file may not be theirs to change.
        throw DatabaseError(
            fmt::format("{}: written by an older gpuclusters (schema version {}; this one reads {}); "
                        "`gpuclusters init` (or any write) migrates it; left untouched",
                        path_, version, current_schema_version()));
    }
    if (!created && access_ == Access::read_write) {
        check_trust(restored_schema_ ? *restored_schema_ : version);
        if (!restored_schema_ && version < current_schema_version()) {
            const MigrationUnderWay under_way;
            SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
            migrate(version);
            sync_gpu_catalogue();
            transaction.commit();
        }
    }
    db.exec("PRAGMA foreign_keys = ON");
    if (access_ == Access::read_write) {
        // Writers work in WAL mode (readers never wait for them, nor do other writers for this
        // one's reads), and leave the file in rollback mode when they close it
        // (leave_in_rollback_mode). WAL with synchronous=NORMAL cannot corrupt the file; a power
        // cut may lose the last commit. Nothing before this point writes to a file that is
        // refused (another application's, a newer one): a refused file is closed as it was
        // found, byte for byte. A write refused later, for its input, changes no row (the
        // catalogue's copy is synced in the write itself); the switch to WAL mode and back moves
        // the header's change counter.
        if (journal_ == Journal::write_ahead) {
            enter_wal_mode();
        } else {
            // Dirty pages stay in memory until the commit that a dry run never makes: spilled,
            // they would reach the file itself, which a kill would then leave half-written
            // beside its journal.
            db.exec("PRAGMA cache_spill = OFF");
        }
        opened_ = true;
        db.exec("PRAGMA synchronous = NORMAL");
    }
    // Readers stream, so a small page cache serves them; it also bounds SQLite's sorters (verify
    // groups look-alikes with one). A bulk write raises it (with_write_transaction).
    db.exec(fmt::format("PRAGMA cache_size = -{}", small_cache_kib));
}

void Store::check_trust(int version) {
    // A file this user's gpuclusters left as it is now was checked then; one that changed since
    // (sqlite3, another program, a copy, damage) is checked before anything is written to it.
    if (checked_before(file_fingerprint(*db_, path_))) return;
    auto& db = *db_;
    auto refuse = [&](std::string_view what, const std::vector<std::string>& problems, std::string_view then) {
        std::string listed;
        for (std::size_t i = 0; i < problems.size() && i < 3; ++i) listed += (i == 0 ? "" : "; ") + problems[i];
        if (problems.size() > 3) listed += fmt::format("; and {} more", problems.size() - 3);
        throw DatabaseError(fmt::format("{}: {}: {}{}; nothing written, left untouched", path_, what, listed, then));
    };
    // A trigger of someone else's would run inside this writer's transaction.
    if (const auto problems = schema_problems(db, path_, version); !problems.empty()) {
        refuse("not written to, its schema is not gpuclusters'", problems, "");
    }
    if (const auto problems = quick_check_problems(db); !problems.empty()) {
        refuse("the database is damaged (PRAGMA quick_check)", problems,
               fmt::format("; `gpuclusters check` reports it; restore a backup, or try `sqlite3 {} .recover`",
                           text::shell_quote(path_)));
    }
}

void Store::use_write_ahead_log() {
    if (journal_ == Journal::write_ahead) return;
    // A cached statement left unfinished holds a read transaction, in which the switch fails.
    finish_reading();
    guarded(path_, [&] { enter_wal_mode(); });
    journal_ = Journal::write_ahead;
}

void Store::enter_wal_mode() {
    // The switch from rollback mode writes the file's header from inside the statement's read
    // transaction, where SQLite calls no busy handler (it could deadlock): while another writer
    // or a reader holds the file, SQLITE_BUSY comes back at once. So the wait is ours, up to
    // the busy timeout, as SQLite's own would be.
    using clock = std::chrono::steady_clock;
    const auto deadline = clock::now() + std::chrono::milliseconds(busy_timeout_ms());
    auto pause = std::chrono::milliseconds(1);
    for (;;) {
        try {
            db_->exec("PRAGMA journal_mode = WAL");
            return;
        } catch (const SQLite::Exception& error) {
            if (error.getErrorCode() != SQLITE_BUSY || clock::now() + pause > deadline) throw;
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::milliseconds(50));
    }
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
        db.exec(fmt::format("PRAGMA user_version = {}", *restored_schema_));
        if (*restored_schema_ < current_schema_version()) {
            migrate(*restored_schema_);
            sync_gpu_catalogue();
        }
    });
}

std::vector<SqliteProblem> Store::sqlite_problems() const {
    return guarded(path_, [&] {
        std::vector<SqliteProblem> problems;
        auto& db = connection();
        try {
            SQLite::Statement integrity(db, "PRAGMA integrity_check");
            while (integrity.executeStep()) {
                // A row may hold several lines, headed by the schema's ("*** in database main ***").
                const std::string text = integrity.getColumn(0).getString();
                std::string_view rest = text;
                while (!rest.empty()) {
                    const auto end = std::min(rest.find('\n'), rest.size());
                    const std::string_view line = rest.substr(0, end);
                    rest.remove_prefix(std::min(end + 1, rest.size()));
                    if (line.empty() || line == "ok" || line.starts_with("*** in database ")) continue;
                    problems.push_back({SqliteProblem::Kind::damage, std::string(line)});
                }
            }
        } catch (const SQLite::Exception& error) {
            // Damage that stops the check itself is its finding.
            if (error.getErrorCode() != SQLITE_CORRUPT && error.getErrorCode() != SQLITE_NOTADB) throw;
            problems.push_back({SqliteProblem::Kind::damage, error.what()});
        }
        // The foreign keys are read from the tables, which damage leaves unreadable.
        if (!problems.empty()) return problems;
        SQLite::Statement foreign(db, "PRAGMA foreign_key_check");
        while (foreign.executeStep()) {
            const std::string table = foreign.getColumn(0).getString();
            const std::string parent = foreign.getColumn(2).getString();
            // A table WITHOUT ROWID has no row number to give.
            problems.push_back(
                {SqliteProblem::Kind::foreign_key, foreign.getColumn(1).isNull()
                                                       ? fmt::format("a {} row names a {} row that is not there", table, parent)
                                                       : fmt::format("{} row {} names a {} row that is not there", table,
                                                                     foreign.getColumn(1).getInt64(), parent)});
        }
        return problems;
    });
}

}  // namespace gpuclusters::store
