// Opening a database: the checks that keep foreign, newer or damaged files untouched (the file's
// own, before SQLite opens it, are file_checks.cpp's), and the connection's settings. Making and
// migrating the schema is schema.cpp's.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>
#include <utility>

#include "gpuclusters/model/text.hpp"

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

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

std::string sqlite_version() { return sqlite3_libversion(); }

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
      pending_(std::make_unique<PendingRows>()),
      duplicate_rows_(std::make_unique<DuplicateRows>()) {}
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
    duplicate_rows_ = std::move(other.duplicate_rows_);
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
        return !file_not_empty(path_ + "-wal");
    }
}

Store Store::open(const std::string& path, Access access, Restored restored, Journal journal) {
    configure_library_once();
    check_file(path);
    // A reader too: SQLite opens a journal beside the file to see whether it is hot, and a FIFO
    // there would block it for ever.
    check_files_beside(path);
    return guarded(path, [&] {
        const auto opened = [&](std::unique_ptr<SQLite::Database> db) {
            Store store(path, std::move(db), access);
            store.restored_ = restored;
            store.journal_ = journal;
            bool created = false;
            store.configure_and_check(false, created);
            return store;
        };
        if (access == Access::read_write) {
            return opened(std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE, busy_timeout_ms()));
        }
        recover_for_reader(path);
        try {
            return opened(std::make_unique<SQLite::Database>(path, SQLite::OPEN_READONLY, busy_timeout_ms()));
        } catch (const SQLite::Exception& error) {
            const int code = error.getErrorCode();
            if (code != SQLITE_CANTOPEN && code != SQLITE_READONLY) throw;
            // A database in WAL mode needs its -shm beside it even to be read; a reader who cannot
            // create one (a copy owned by someone else, a read-only folder or medium) reads the file
            // as immutable, which is exact when no write-ahead log holds commits the file lacks.
            if (file_not_empty(path + "-wal")) {
                throw DatabaseError(
                    fmt::format("{}: its write-ahead log ({}-wal) holds changes this user cannot read "
                                "without writing beside the file; ask its owner to run any gpuclusters "
                                "write, or copy the -wal file with it",
                                path, path));
            }
            return opened(std::make_unique<SQLite::Database>(immutable_uri(path), SQLite::OPEN_READONLY | SQLite::OPEN_URI,
                                                             busy_timeout_ms()));
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
        initialise();
        created = true;
    } else {
        check_identity(app_id, version);
    }
    if (!created && access_ == Access::read_write) {
        check_trust(restored_schema_ ? *restored_schema_ : version);
        if (!restored_schema_ && version < current_schema_version()) upgrade(version);
    }
    db.exec("PRAGMA foreign_keys = ON");
    if (access_ == Access::read_write) configure_writer();
    // Readers stream, so a small page cache serves them; it also bounds SQLite's sorters (verify
    // groups look-alikes with one). A bulk write raises it (with_write_transaction).
    db.exec(fmt::format("PRAGMA cache_size = -{}", small_cache_kib));
}

void Store::check_identity(int app_id, int version) {
    if (const auto restored = app_id == 0 ? restored_schema_versions(*db_, version) : std::nullopt) {
        restored_schema_ = restored->newest;
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
}

void Store::configure_writer() {
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
        db_->exec("PRAGMA cache_spill = OFF");
    }
    opened_ = true;
    db_->exec("PRAGMA synchronous = NORMAL");
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
    if (const auto problems = check_problems(db, "PRAGMA quick_check"); !problems.empty()) {
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

std::vector<SqliteProblem> Store::sqlite_problems() const {
    return guarded(path_, [&] {
        std::vector<SqliteProblem> problems;
        auto& db = connection();
        for (auto& damage : check_problems(db, "PRAGMA integrity_check"))
            problems.push_back({SqliteProblem::Kind::damage, std::move(damage)});
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