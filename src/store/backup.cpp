// A copy of the database made with SQLite's online backup: one read transaction, so the copy is
// the database as it stood at one moment while writers go on, page by page in flat memory.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <filesystem>

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

CopyFacts Store::copy_into(const std::string& path, const std::string& named) const {
    // A copy that fails leaves its journal beside it (a full disk stops SQLite from removing it).
    struct JournalRemoved {
        const std::string& path;
        ~JournalRemoved() {
            std::error_code ignored;
            std::filesystem::remove(path + "-journal", ignored);
        }
    } journal_removed{path};
    return guarded(path, [&] {
        CopyFacts facts;
        {
            SQLite::Database copy(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            sqlite3_backup* backup = sqlite3_backup_init(copy.getHandle(), "main", db_->getHandle(), "main");
            if (backup == nullptr) {
                throw DatabaseError(fmt::format("{}: cannot copy the database ({})", path_, sqlite3_errmsg(copy.getHandle())));
            }
            // Every page in one step: a step per batch would let a writer's commit restart the copy.
            const int stepped = sqlite3_backup_step(backup, -1);
            const int finished = sqlite3_backup_finish(backup);
            if (stepped != SQLITE_DONE || finished != SQLITE_OK) {
                const int code = stepped != SQLITE_DONE ? stepped : finished;
                // The copy's side failing to write (a full disk, a write or sync the disk refused)
                // is an output error; failing to read the database is the database's.
                const bool writing = (code & 0xff) == SQLITE_FULL || (code & 0xff) == SQLITE_CANTOPEN ||
                                     code == SQLITE_IOERR_WRITE || code == SQLITE_IOERR_FSYNC || code == SQLITE_IOERR_TRUNCATE ||
                                     code == SQLITE_IOERR_DIR_FSYNC;
                if (writing) {
                    throw OutputError(
                        fmt::format("{}: the copy could not be written whole ({}); left as it was", named, sqlite3_errstr(code)));
                }
                throw DatabaseError(fmt::format("{}: the copy failed ({}); nothing written", path_, sqlite3_errstr(code)));
            }
            // The source's header may say WAL (a writer has it open): the copy is left in rollback
            // mode, whole on its own, as gpuclusters leaves a file at rest.
            copy.exec("PRAGMA journal_mode = DELETE");
            if (const auto problems = check_problems(copy, "PRAGMA quick_check"); !problems.empty()) {
                throw DatabaseError(
                    fmt::format("{}: the copy fails PRAGMA quick_check ({}); nothing written; "
                                "`gpuclusters check` reports on the database",
                                path_, problems.front()));
            }
            facts.schema_version = copy.execAndGet("PRAGMA user_version").getInt();
            facts.newest_changeset = copy.execAndGet("SELECT coalesce(max(id), 0) FROM changeset").getInt64();
            facts.clusters = copy.execAndGet("SELECT count(*) FROM current_cluster_id").getInt64();
        }
        facts.bytes = static_cast<long long>(std::filesystem::file_size(path));
        return facts;
    });
}

}  // namespace gpuclusters::store
