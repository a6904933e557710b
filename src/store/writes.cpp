// Writing: one IMMEDIATE transaction per write, savepoints inside it, and every INSERT. The ledger's
// change engine is the only caller.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <SQLiteCpp/Savepoint.h>
#include <sqlite3.h>

#include <atomic>
#include <csignal>

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

namespace {

// What stop_writing, a signal handler's call, may touch: flags, and the connection of the write
// in progress (a lock-free atomic, so that a handler reads it whole).
volatile std::sig_atomic_t requested_stop = 0;
// Set while the file alone may not be the database: a write commits, or its commit waits in the
// write-ahead log to be folded into the file (until the writer closes it), or a migration writes
// in rollback mode. Before its commit a write in WAL mode has not touched the file: ended then,
// it leaves the file as it was (its frames in -wal, uncommitted, count for nothing).
volatile std::sig_atomic_t file_unsettled = 0;
std::atomic<sqlite3*> writing_connection{nullptr};
static_assert(std::atomic<sqlite3*>::is_always_lock_free);

}  // namespace

namespace detail {

void throw_stopped(const std::string& path) {
    const int signal = requested_stop;
    throw Stopped(signal, fmt::format("{}: stopped by {} before the write was committed: it was rolled back; nothing written",
                                      path, signal_name(signal)));
}

void set_file_unsettled(bool unsettled) noexcept { file_unsettled = unsettled ? 1 : 0; }

}  // namespace detail

const char* signal_name(int signal) noexcept {
    return signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : signal == SIGHUP ? "SIGHUP" : "a signal";
}

bool stop_writing(int signal) noexcept {
    // With the file settled, ending at once loses nothing (a write may be waiting on its input,
    // where no flag is read); asked twice, the user wants out now.
    if (requested_stop != 0 || file_unsettled == 0) return false;
    requested_stop = signal;
    if (sqlite3* connection = writing_connection.load()) sqlite3_interrupt(connection);
    return true;
}

int stop_signal() noexcept { return requested_stop; }

void forget_stop_request() noexcept { requested_stop = 0; }

// A first load (a bulk write into a file that holds no cluster yet) is written in place, in
// rollback-journal mode: through the WAL, every page of it is written twice, once to the log and
// once more when the log is folded into the file (an eighth of an import's time). The journal
// keeps the file's old pages (the schema), and pages the cache cannot hold reach the file before
// the commit, so the file alone is unsettled from the start: a caught signal stops the write at
// its next statement and rolls it back, and after a kill the next command (a reader too) rolls
// the journal back. The switch needs the file to itself (no other connection, reader or writer,
// has it open; else the write goes through the WAL as any other); readers that come during the
// write wait for it, as they would for sqlite3's. synchronous=FULL: in rollback mode NORMAL may
// leave a file damaged by a power cut.
class Store::InPlace {
public:
    InPlace(Store& store, WriteMode mode) : store_(store) {
        if (mode != WriteMode::first_load || store.journal_ != Journal::write_ahead || !store.holds_no_clusters()) return;
        try {
            store.finish_reading();
            sqlite3_busy_timeout(store.db_->getHandle(), 0);
            store.db_->exec("PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL");
            switched_ = true;
            set_file_unsettled(true);
            store.writing_in_place_ = true;
        } catch (const SQLite::Exception&) {
            // Another connection has the file open: the write goes through the WAL.
        }
        sqlite3_busy_timeout(store.db_->getHandle(), busy_timeout_ms());
    }
    InPlace(const InPlace&) = delete;
    InPlace& operator=(const InPlace&) = delete;
    ~InPlace() {
        if (!switched_) return;
        store_.writing_in_place_ = false;
        try {
            // Back to WAL mode for what this writer may write next; its close leaves the file in
            // rollback mode again.
            store_.db_->exec("PRAGMA synchronous = NORMAL");
            store_.enter_wal_mode();
        } catch (const SQLite::Exception&) {
            // Left in rollback mode, where a closed file is anyway.
        }
    }

private:
    Store& store_;
    bool switched_ = false;
};

bool Store::holds_no_clusters() const {
    auto& query = prepare("SELECT NOT EXISTS (SELECT 1 FROM cluster)");
    const bool none = query.executeStep() && query.getColumn(0).getInt() == 1;
    query.reset();
    return none;
}

void Store::with_write_transaction(const std::function<bool()>& body, WriteMode mode) {
    if (requested_stop != 0) throw_stopped(path_);  // a signal that came after an earlier commit
    // While it is set, a signal during the commit interrupts it (SQLITE_INTERRUPT: Stopped).
    struct Writing {
        explicit Writing(sqlite3* connection) { writing_connection.store(connection); }
        ~Writing() { writing_connection.store(nullptr); }
    } writing(db_->getHandle());
    guarded(path_, [&] {
        // A bulk write checks no foreign keys: every id it writes was handed out or read by this
        // store in the same transaction, and the checks (a parent lookup per reference, a
        // statement journal per multi-row INSERT) were a quarter of an import's time. It gets a
        // larger page cache, so that its pages stay in memory rather than spilling to the WAL.
        // The foreign_keys pragma only takes effect outside a transaction; both settings are
        // restored however the body ends (after the rollback, if any).
        struct BulkSettings {
            SQLite::Database& db;
            bool bulk;
            ~BulkSettings() {
                if (!bulk) return;
                try {
                    db.exec(fmt::format("PRAGMA foreign_keys = ON; PRAGMA cache_size = -{}", small_cache_kib));
                } catch (const SQLite::Exception&) {
                    // The connection is closed with the command; nothing else runs on it.
                }
            }
        } settings{*db_, mode != WriteMode::checked};
        if (settings.bulk) {
            connection().exec(fmt::format("PRAGMA foreign_keys = OFF; PRAGMA cache_size = -{}", bulk_cache_kib));
        }
        const InPlace in_place(*this, mode);
        // A cached statement left mid-result holds a read snapshot; a write must not start from a
        // stale one (another process may have written meanwhile: SQLITE_BUSY_SNAPSHOT).
        for (auto& [sql, statement] : statements_->statements) statement->reset();
        SQLite::Transaction transaction(connection(), SQLite::TransactionBehavior::IMMEDIATE);
        // The catalogue's copy follows the writer's catalogue (gpu_maker and
        // gpu_model_canonical follow it at every write), in the write itself: a write refused
        // for its input changes nothing. A restored file of an older schema may not have it yet:
        // taking it back migrates it, then syncs it.
        if (!restored_schema_ || *restored_schema_ >= current_schema_version()) sync_gpu_catalogue();
        // Ids are read again by the next transaction: other processes may write in between.
        struct Reset {
            PendingRows& pending;
            std::vector<long long>& written;
            ~Reset() {
                pending.discard();
                pending.forget_cited();
                pending.next_claim_id = 0;
                pending.next_citation_id = 0;
                written.clear();
            }
        } reset{*pending_, changesets_written_};
        if (body()) {
            flush_pending();
            // Once, at the end: an FTS5 table written early in a transaction syncs at every
            // later statement (a quarter of a bulk import's time when refreshed per record).
            for (const long long changeset : changesets_written_) refresh_derived_tables(changeset);
            // From here until the writer closes the file, a signal is caught: the commit finishes
            // (or, interrupted, rolls back) and the log is folded in (close() settles it again).
            set_file_unsettled(true);
            transaction.commit();
        }
    });
}

void Store::with_savepoint(const std::function<void()>& body) {
    guarded(path_, [&] {
        SQLite::Savepoint savepoint(connection(), "record");
        try {
            body();
            flush_pending();
        } catch (...) {
            // Rows still waiting belong to the savepoint that is rolled back, and what was known of
            // a claim's citations may hold some of its rows.
            pending_->discard();
            pending_->forget_cited();
            throw;
        }
        savepoint.release();
    });
}

long long Store::insert_changeset(const model::Changeset& changeset) {
    bind_all(prepare("INSERT INTO changeset (created_at, author, message, command) VALUES (?, ?, ?, ?)"), changeset.created_at,
             changeset.author, changeset.message, changeset.command)
        .exec();
    changesets_written_.push_back(db_->getLastInsertRowid());
    return changesets_written_.back();
}

void Store::insert_cluster(const std::string& id, long long changeset_id) {
    bind_all(prepare("INSERT INTO cluster (id, changeset_id) VALUES (?, ?)"), id, changeset_id).exec();
}

void Store::insert_record_key(long long source_id, const std::string& key, const std::string& cluster_id,
                              long long changeset_id) {
    // A key written before and withdrawn (a reverted import) is shown again, not written twice:
    // it names the record it always named.
    if (cluster_of_key(source_id, key) == cluster_id) {
        set_key_withdrawn(source_id, key, changeset_id, false);
        return;
    }
    bind_all(prepare("INSERT INTO record_key (source_id, key, cluster_id, changeset_id) VALUES (?, ?, ?, ?)"), source_id, key,
             cluster_id, changeset_id)
        .exec();
}

void Store::set_key_withdrawn(long long source_id, const std::string& key, long long changeset_id, bool withdrawn) {
    bind_all(prepare("INSERT INTO record_key_withdrawal (source_id, key, changeset_id, withdrawn) VALUES (?, ?, ?, ?)"),
             source_id, key, changeset_id, withdrawn)
        .exec();
}

long long Store::insert_source(const std::string& url, long long changeset_id) {
    bind_all(prepare("INSERT INTO source (url, changeset_id) VALUES (?, ?)"), url, changeset_id).exec();
    return db_->getLastInsertRowid();
}

void Store::insert_source_revision(long long source_id, long long changeset_id, const model::SourceMeta& meta) {
    auto& query = prepare(R"(
        INSERT INTO source_revision (source_id, changeset_id, kind, title, publisher, published, accessed, archive_url, archived,
                                     edition_of)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?))");
    bind_all(query, source_id, changeset_id, meta.kind, meta.title, meta.publisher, meta.published, meta.accessed,
             meta.archive_url, meta.archived, meta.edition_of);
    query.exec();
}

long long Store::insert_claim(const std::string& cluster_id, const std::string& field, model::ClaimState state,
                              const model::FieldValue& value, long long changeset_id) {
    const long long id = guarded(path_, [&] { return next_id("claim"); });
    pending_->claims.push_back({id, cluster_id, field, state, value, changeset_id});
    if (pending_->size() >= PendingRows::batch) guarded(path_, [&] { flush_pending(); });
    return id;
}

void Store::insert_rank(const std::string& cluster_id, long long claim_id, long long changeset_id, model::Rank rank,
                        const std::string& reason) {
    pending_->ranks.push_back({cluster_id, claim_id, changeset_id, rank, reason});
    if (pending_->size() >= PendingRows::batch) guarded(path_, [&] { flush_pending(); });
}

namespace {

// What tells two citations of one claim apart: source, locator and quote (the locator's length
// first, so that no locator and quote run into each other).
std::string citation_key(long long source_id, std::string_view locator, std::string_view quote) {
    std::string key = fmt::format("{}\x1f{}\x1f", source_id, locator.size());
    key += locator;
    key += quote;
    return key;
}

}  // namespace

long long Store::insert_citation(long long claim_id, long long source_id, const std::string& locator, const std::string& quote,
                                 long long changeset_id) {
    auto& pending = *pending_;
    const std::string key = citation_key(source_id, locator, quote);
    // Ids are handed out in order and the queue is written whole: the claims waiting are those
    // from the first one waiting on.
    const bool claim_waiting = !pending.claims.empty() && claim_id >= pending.claims.front().id;
    std::optional<std::uint64_t> hash;
    if (claim_waiting) {
        // A claim not yet written has no citations but those waiting with it.
        if (!pending.waiting_citations.insert(fmt::format("{}\x1f", claim_id) + key).second) return 0;
    } else {
        // A written claim may have this citation already, withdrawn or not: then nothing is
        // added. Its citations are read once for a run of citations of that claim (a claim cited
        // ten thousand times is not searched ten thousand times).
        if (pending.cited_claim != claim_id) {
            pending.forget_cited();
            guarded(path_, [&] {
                auto& query = bind_all(prepare(claim_citations_sql), claim_id);
                while (query.executeStep()) {
                    const CachedColumns row{query};
                    pending.cited.emplace(std::hash<std::string>{}(citation_key(row.integer(0), row.view(1), row.view(2))),
                                          row.integer(3));
                }
            });
            pending.cited_claim = claim_id;
        }
        hash = std::hash<std::string>{}(key);
        // A citation of the same hash is read back (rarely: the same citation given twice): the
        // hash alone would let a different citation that shares it be dropped.
        for (auto [it, last] = pending.cited.equal_range(*hash); it != last; ++it) {
            const long long same = it->second;
            const bool equal = guarded(path_, [&] {
                auto& query = bind_all(prepare("SELECT source_id, locator, quote FROM citation WHERE id = ?"), same);
                if (!query.executeStep()) return false;
                const CachedColumns row{query};
                return citation_key(row.integer(0), row.view(1), row.view(2)) == key;
            });
            if (equal) return shown_again(same, changeset_id) ? same : 0;
        }
    }
    const long long id = guarded(path_, [&] { return next_id("citation"); });
    pending.citations.push_back({id, claim_id, source_id, locator, quote, changeset_id});
    if (hash) pending.cited.emplace(*hash, id);
    // Written in batches, also while a claim cited many times waits: its rows go first.
    if (pending.size() >= PendingRows::batch) guarded(path_, [&] { flush_pending(); });
    return id;
}

// A citation that a revert withdrew, given again, is shown again (as a key is): the input cites
// it, so it backs the claim. One withdrawn in this very changeset stays withdrawn: a change
// cannot both withdraw and give one citation.
bool Store::shown_again(long long citation_id, long long changeset_id) {
    const auto latest = guarded(path_, [&]() -> std::optional<std::pair<bool, long long>> {
        auto& query = prepare(
            "SELECT withdrawn, changeset_id FROM citation_withdrawal WHERE citation_id = ? ORDER BY changeset_id DESC LIMIT 1");
        query.bind(1, static_cast<std::int64_t>(citation_id));
        if (!query.executeStep()) return std::nullopt;
        return std::pair{query.getColumn(0).getInt() != 0, query.getColumn(1).getInt64()};
    });
    if (!latest || !latest->first || latest->second == changeset_id) return false;
    insert_citation_withdrawal(citation_id, changeset_id, false);
    return true;
}

void Store::insert_citation_withdrawal(long long citation_id, long long changeset_id, bool withdrawn) {
    pending_->withdrawals.push_back({citation_id, changeset_id, withdrawn});
}

void Store::insert_presence(const std::string& cluster_id, long long changeset_id, bool present) {
    bind_all(prepare("INSERT INTO cluster_presence (cluster_id, changeset_id, present) VALUES (?, ?, ?)"), cluster_id,
             changeset_id, present)
        .exec();
}

void Store::insert_acceptance(const Acceptance& acceptance, bool accepted) {
    auto& query = prepare(R"(
        INSERT INTO finding_acceptance (cluster_id, rule, changeset_id, accepted, reason) VALUES (?, ?, ?, ?, ?))");
    bind_all(query, acceptance.cluster_id, acceptance.rule, acceptance.changeset_id, accepted, acceptance.reason);
    query.exec();
}

void Store::insert_tree_sync(const TreeSync& sync) {
    bind_all(prepare("INSERT INTO tree_sync (changeset_id, commit_id) VALUES (nullif(?, 0), ?)"), sync.changeset_id,
             sync.commit_id)
        .exec();
}

void Store::insert_verification(const std::string& cluster_id, long long changeset_id, bool verified, const std::string& signer,
                                const std::string& signed_on) {
    bind_all(prepare("INSERT INTO verification (cluster_id, changeset_id, verified, signer, signed_on) VALUES (?, ?, ?, ?, ?)"),
             cluster_id, changeset_id, verified, signer, signed_on)
        .exec();
}

}  // namespace gpuclusters::store
