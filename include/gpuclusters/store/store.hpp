#pragma once
// The database: opening (with the checks that keep foreign or newer files untouched), migrations,
// one transaction per write, and every query. Only this layer speaks SQL.
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/rows.hpp"

namespace SQLite {
class Database;
class Statement;
}  // namespace SQLite

namespace gpuclusters::store {

using model::BackedValue;
using model::FieldRow;
using model::SourceUse;

/// 'GPUC': PRAGMA application_id of every gpuclusters database.
inline constexpr int application_id = 0x47505543;

/// The schema version this build writes: 1 (db/schema.sql) plus the migrations in db/migrations.
int current_schema_version();

/// Milliseconds a writer waits for another writer before giving up (GPUCLUSTERS_BUSY_TIMEOUT_MS).
int busy_timeout_ms();

/// How a command uses the database: readers open it read-only and never migrate it.
enum class Access { read_only, read_write };

/// What open() does with a gpuclusters database restored without its application_id (a
/// `sqlite3 .dump` read into a new file, which keeps no PRAGMA): refuses it with a message that
/// names `gpuclusters check --repair`, or opens it untouched for check (restored_schema()).
enum class Restored { refuse, open };

/// How a writer keeps its journal. A write that is always rolled back (a dry run), or not yet
/// known to come (edit, until Store::use_write_ahead_log), stays in rollback-journal mode:
/// switching to WAL mode and back would move the header's change counter of a file it leaves
/// otherwise as it was.
enum class Journal { write_ahead, rollback };

/// Asks the write in progress in this process to stop, from a signal handler, while it commits
/// or its commit waits to be folded into the file (or a migration runs): it sets a flag and
/// interrupts the statement SQLite is running (as the sqlite3 shell's own handler does), nothing
/// else. An interrupted commit rolls back (Stopped); one that completes stands; either way the
/// store closes as always, folding the log into the file. Returns false when the process may end
/// at once instead: nothing is committing or waiting (the file alone is whole as it is, and a
/// write not yet committed has not touched it), or a stop was asked before.
bool stop_writing(int signal) noexcept;
/// The signal that asked a write to stop, or 0.
int stop_signal() noexcept;
/// Forgets a stop asked before: a process that runs commands one after another (the handlers
/// of the next command are installed) starts each with none.
void forget_stop_request() noexcept;
/// "SIGINT", "SIGTERM", "SIGHUP" (or "a signal").
const char* signal_name(int signal) noexcept;

/// What a copy made by Store::copy_into holds.
struct CopyFacts {
    long long bytes = 0;
    int schema_version = 0;
    long long newest_changeset = 0;  ///< 0: none
    long long clusters = 0;          ///< present
};

/// Whether the file's header says it is a gpuclusters database (SQLite's magic, our
/// application_id), read without opening it with SQLite.
bool is_gpuclusters_file(const std::string& path);

/// The SQLite library's version, for --version.
std::string sqlite_version();

class Store {
public:
    /// Opens an existing database; throws DatabaseError when the file is missing, not a regular
    /// file, not SQLite, not ours, of a newer schema, corrupt or locked. A writer migrates an
    /// older schema; a reader refuses it. A reader that cannot write beside the file still reads
    /// it (see gpuclusters(5), "Reading without write access").
    static Store open(const std::string& path, Access access = Access::read_write, Restored restored = Restored::refuse,
                      Journal journal = Journal::write_ahead);
    /// Creates a new database at the current schema, or opens an existing one like open().
    /// `created` tells which happened.
    static Store create(const std::string& path, bool& created);
    /// A writer opened with Journal::rollback that is about to write for good switches to WAL
    /// mode first (a no-op when it is in it): its commit then never leaves the file alone
    /// half-written.
    void use_write_ahead_log();
    /// Ends every cached statement still stepping, and so the read its last step may hold: before
    /// a DDL statement or a journal switch, and in a writer in rollback-journal mode that then
    /// waits (edit, while the editor is open), whose shared lock would keep every other writer out.
    void finish_reading() const noexcept;

    Store(Store&&) noexcept;
    Store& operator=(Store&&) noexcept;
    ~Store();

    const std::string& path() const { return path_; }
    int schema_version() const;
    /// Closes the connection now (the destructor would); false when it was a writer's and another
    /// connection kept it from folding the write-ahead log into the file, so that the file alone
    /// lacks what the log holds until the next command.
    bool close_at_rest() noexcept;

    /// Copies the database, as it stands at one moment (writers may go on meanwhile), into the
    /// empty file at `path` with SQLite's online backup, in rollback-journal mode so that the file
    /// alone is the whole copy, and checks the copy's pages (PRAGMA quick_check). DatabaseError
    /// when the copy cannot be made from the database or fails the check.
    /// A copy the disk cannot hold whole throws OutputError naming `named` (the file the copy
    /// stands for), leaving nothing of it beside `path`.
    CopyFacts copy_into(const std::string& path, const std::string& named) const;

    // --- reading --------------------------------------------------------------------------------
    /// Whether the id was ever used (a cluster whose creation was reverted is known but absent).
    bool cluster_known(const std::string& id) const;
    /// Whether a cluster was made and present as of a changeset (or now: a reverted creation is
    /// not).
    bool cluster_present_as_of(const std::string& id, std::optional<long long> as_of) const;
    /// A record as of a changeset (or now), with its non-retired claims and their sources.
    std::optional<model::Record> load_record(const std::string& id, std::optional<long long> as_of = std::nullopt) const;
    /// EXPLAIN QUERY PLAN steps of the queries load_record runs, and of the check insert_citation
    /// makes against a written claim's citations: each should SEARCH an index.
    std::vector<std::string> record_query_plans() const;
    /// Each cluster present as of a changeset (or now), in id order (or its reverse), with the
    /// preferred claims of `fields` (all fields when empty) that it has. Streams: one cluster's
    /// rows at a time.
    void each_cluster_fields(const std::vector<std::string>& fields, std::optional<long long> as_of, bool descending,
                             const std::function<void(const std::string& id, std::vector<FieldRow>& rows)>& visit) const;
    /// A per-command temporary table of ids and sort keys (on disk, as SQLite's temporary
    /// tables are), filled in any order; start_sorted_ids empties it.
    void start_sorted_ids() const;
    void add_sorted_id(const std::string& id, const std::optional<std::string>& key) const;
    /// A per-command temporary table of texts (a website's rows), each under keys of named lists,
    /// so that a page listing every cluster in any order is read back from disk in flat memory.
    /// start_kept empties it; keep_text returns the text's number for keep_under.
    void start_kept() const;
    long long keep_text(const std::string& text) const;
    void keep_under(const std::string& list, const std::string& key, long long number, long long text) const;
    /// The texts kept under `list` with their keys: by key (ties in the order kept), or by number,
    /// largest first; at most `limit`. Sorts on disk, through an index made at the first call.
    void each_kept(const std::string& list, bool by_number, std::optional<std::size_t> limit,
                   const std::function<void(const std::string& key, long long number, const std::string& text)>& visit) const;
    /// The keys of `list`, in order, with the number of texts under each.
    std::vector<std::pair<std::string, std::size_t>> kept_keys(const std::string& list) const;
    /// How many different keys `list` has.
    std::size_t kept_key_count(const std::string& list) const;
    /// The clusters of that table as each_cluster_fields gives them, sorted by key (the ids
    /// without one last), ties in the order they were added; all reversed with `reverse`.
    void each_sorted_cluster(const std::vector<std::string>& fields, std::optional<long long> as_of, bool reverse,
                             std::optional<std::size_t> limit,
                             const std::function<void(const std::string& id, std::vector<FieldRow>& rows)>& visit) const;
    /// Ids of the clusters present as of a changeset (or now), sorted; only those starting with
    /// `prefix` when one is given (shell completion).
    std::vector<std::string> cluster_ids(std::optional<long long> as_of = std::nullopt, const std::string& prefix = "") const;
    /// cluster_ids one at a time, in id order.
    void each_cluster_id(std::optional<long long> as_of, const std::function<void(const std::string& id)>& visit) const;
    /// Cluster ids whose current name, owner, summary or notes match an FTS5 query.
    std::vector<std::string> search(const std::string& fts_query) const;
    std::optional<model::Source> source_by_url(const std::string& normalised_url) const;
    /// The record a key of a source names (record_key), if any.
    std::optional<std::string> cluster_of_key(long long source_id, const std::string& key) const;
    /// Every key that names a record, whatever its presence (as of a changeset: those not
    /// withdrawn by then).
    std::vector<model::RecordKey> keys_of(const std::string& cluster_id, std::optional<long long> as_of = std::nullopt) const;
    /// The fields a cluster had claims for as of a changeset, in force or not, in name order.
    std::vector<std::string> claimed_fields(const std::string& cluster_id, std::optional<long long> as_of) const;
    /// The clusters removed now (their creation reverted), in id order.
    std::vector<std::string> removed_clusters() const;
    /// The findings accepted for one cluster as of a changeset (or now), by rule.
    std::vector<Acceptance> acceptances_of(const std::string& cluster_id, std::optional<long long> as_of = std::nullopt) const;
    /// The record an id leads to when it was merged into another or renamed (cluster_alias), as of
    /// a changeset (or now); one step: that record may be an alias too.
    std::optional<std::string> alias_target(const std::string& alias, std::optional<long long> as_of = std::nullopt) const;
    /// The changeset of the alias's newest row as of a changeset (or now).
    std::optional<long long> alias_made_in(const std::string& alias, std::optional<long long> as_of = std::nullopt) const;
    /// The ids that lead to a cluster now, in id order.
    std::vector<std::string> aliases_of(const std::string& cluster_id) const;
    /// The aliases a changeset wrote or withdrew, in alias order.
    std::vector<AliasChange> alias_changes_in(long long changeset_id) const;
    /// The changeset that made a cluster; nullopt for an id never used.
    std::optional<long long> cluster_created_in(const std::string& id) const;
    /// The newest sync's row (tree_sync): the newest changeset and the commit (empty: none yet)
    /// the database and the tree then agreed on; nullopt before the first sync.
    std::optional<TreeSync> last_tree_sync() const;
    std::optional<model::Source> source_by_id(long long id) const;

    // --- history --------------------------------------------------------------------------------
    std::optional<model::Changeset> changeset(long long id) const;
    long long latest_changeset_id() const;
    /// The newest changeset made at or before `timestamp` (YYYY-MM-DDTHH:MM:SSZ); 0 when none.
    long long changeset_at(const std::string& timestamp) const;
    /// Changesets newest first; only those touching a cluster (and a field) when given.
    std::vector<model::Changeset> changesets(const std::string& cluster_id, const std::string& field,
                                             std::optional<long long> limit, std::optional<long long> as_of = std::nullopt) const;
    /// changesets(), handed to `visit` one at a time as they are read (`visit` may read the store).
    void each_changeset(const std::string& cluster_id, const std::string& field, std::optional<long long> limit,
                        std::optional<long long> as_of, const std::function<void(const model::Changeset&)>& visit) const;
    /// The clusters a changeset touched (made, re-ranked or cited a claim of, withdrew a citation
    /// of, created, or changed the presence of), each once, in the order the changeset wrote
    /// them. Only one cluster, and one field, when given (with a field, presence alone does not
    /// count). Streams: the first id comes at once, and `visit` may read the store.
    void each_touched_cluster(long long changeset_id, const std::string& cluster_id, const std::string& field,
                              const std::function<void(const std::string& cluster_id)>& visit) const;
    /// How SQLite runs each_touched_cluster for one cluster, and changeset_part (tests check that
    /// no step scans).
    std::vector<std::string> touched_query_plans() const;
    /// Clusters a changeset created, and those whose presence it changed (revert, re-add).
    std::vector<std::string> clusters_created_in(long long changeset_id) const;
    std::vector<std::string> presence_changed_in(long long changeset_id) const;
    /// Changesets after `after` that touched the field.
    std::vector<long long> later_changesets(const TouchedField& field, long long after) const;
    /// What a changeset did to one cluster's claims and citations, with how they stood just
    /// before it and stand now: what revert reads to put them back.
    ChangesetPart changeset_part(long long changeset_id, const std::string& cluster_id) const;
    /// The keys of the cluster the changeset wrote, withdrew or showed again.
    std::vector<KeyState> key_changes(long long changeset_id, const std::string& cluster_id) const;
    /// Whether a cluster was present just before a changeset.
    std::optional<bool> presence_before(const std::string& cluster_id, long long changeset_id) const;
    std::vector<long long> sources_revised_in(long long changeset_id) const;
    /// The clusters that ever cited a source or were named by a key of it: the record files
    /// that list it.
    std::vector<std::string> clusters_of_source(long long source_id) const;
    /// A source's metadata as of a changeset; nullopt when it did not exist yet.
    std::optional<model::SourceMeta> source_meta_as_of(long long source_id, long long as_of) const;
    std::vector<long long> later_source_revisions(long long source_id, long long after) const;
    /// The sources whose current metadata names `list` (a normalised URL) in edition_of.
    std::vector<long long> sources_of_list(const std::string& list) const;

    /// What for_each_record reads: the preferred values only, or every live claim with its
    /// citations and their sources.
    enum class RecordParts { values, evidence };
    /// Every record present as of a changeset (or now), in id order, one at a time: four queries
    /// in all (clusters, claims, citations with their sources, keys), read as streams.
    void for_each_record(std::optional<long long> as_of, const std::function<void(model::Record&)>& visit,
                         RecordParts parts = RecordParts::evidence) const;

    /// Every present record's preferred values (no citations, no competing claims) as they are
    /// now, in id order, from cluster_values: one row per record instead of ranking the history.
    /// With `fields`, only those values are read (and the record holds no others).
    void for_each_current_record(const std::function<void(model::Record&)>& visit,
                                 const std::vector<std::string_view>& fields = {}) const;

    // --- verify ---------------------------------------------------------------------------------
    /// possible-duplicate's profiles and keys, in temporary tables (memory stays flat however
    /// many records): cleared, filled a record at a time, paired, judged, then asked cluster by
    /// cluster.
    void clear_duplicate_keys();
    /// A record's profile (what it is compared on), whether it has a name the score compares, and
    /// its keys as (kind, key), each at most once; a key of kind "w" is its whole name.
    void add_duplicate_record(const std::string& cluster_id, const std::string& profile, bool named,
                              const std::vector<std::pair<std::string, std::string>>& keys);
    /// The candidate pairs: records that share a key held by at most `largest_block` records (a
    /// key of kind "m" only when neither is named, or its "w" key is held by `placeholder_records`
    /// or more: a placeholder).
    void pair_duplicate_keys(long long largest_block, long long placeholder_records);
    /// A candidate pair: both profiles, the keys of each that a name or owner is compared on
    /// ("kind\x1fkey" -> how many records hold it), and how many records there are.
    struct DuplicatePair {
        std::string left_id, right_id, left_profile, right_profile;
        std::map<std::string, long long, std::less<>> left_keys, right_keys;
        long long records = 0;
    };
    /// A pair found alike: its score and the evidence in words.
    struct DuplicateVerdict {
        double score = 0;
        std::string evidence;
    };
    /// Each candidate pair once, in id order (the left record's profile and keys are read once
    /// for all its pairs); a pair `judge` finds alike is noted for both of its records. `judge`
    /// must not touch the store.
    void judge_duplicate_pairs(const std::function<std::optional<DuplicateVerdict>(const DuplicatePair&)>& judge);
    /// Another record found alike, with its score and the evidence.
    struct DuplicateGroup {
        std::string other_id;
        double score = 0;
        std::string evidence;
    };
    /// A cluster's look-alikes, the best `most` first.
    std::vector<DuplicateGroup> duplicate_groups_of(const std::string& cluster_id, long long most) const;
    std::vector<Acceptance> acceptances(std::optional<long long> as_of) const;
    /// The changeset of each cluster's newest verification, as of a changeset (or now).
    std::map<std::string, long long> verifications(std::optional<long long> as_of) const;
    /// One cluster's newest verification as of a changeset (or now), when it is in force.
    std::optional<Signature> verification_of(const std::string& cluster_id, std::optional<long long> as_of) const;
    /// The newest changeset that changed each cluster's record (fields, citations, presence).
    std::map<std::string, long long> last_changes(std::optional<long long> as_of) const;
    void insert_acceptance(const Acceptance& acceptance, bool accepted);
    void insert_tree_sync(const TreeSync& sync);
    /// `signer` and `signed_on` for a badge that came from a record file of the tree.
    void insert_verification(const std::string& cluster_id, long long changeset_id, bool verified = true,
                             const std::string& signer = "", const std::string& signed_on = "");
    /// Badges signed (rule empty) and findings accepted or withdrawn in a changeset.
    std::vector<VerifyEvent> verify_events_in(long long changeset_id) const;

    // --- the dataset in figures ------------------------------------------------------------------
    struct ValueSources {
        long long values = 0;         ///< published current values, derived fields aside
        long long from_operator = 0;  ///< of those, cited by at least one operator source
    };
    ValueSources value_sources() const;

    // --- sources --------------------------------------------------------------------------------
    /// Every source (or those cited by one cluster's current values), by id, with its use count.
    void each_source(const std::string& cluster_id, const std::function<void(const SourceUse&)>& visit) const;
    std::vector<BackedValue> values_backed_by(long long source_id) const;

    // --- integrity (check) ----------------------------------------------------------------------
    /// The schema version of a gpuclusters database restored without its application_id, opened
    /// with Restored::open; nullopt for one that has it.
    std::optional<int> restored_schema() const { return restored_schema_; }
    /// PRAGMA integrity_check and foreign_key_check, their findings as sentences.
    std::vector<SqliteProblem> sqlite_problems() const;
    /// Every row of cluster_values, live_claim and cluster_search that is not what the history
    /// gives, recomputed from the claims, their ranks and the clusters' presence: cluster_values
    /// first, then live_claim, then cluster_search, each in cluster id order. Streams.
    void each_derived_difference(const std::function<void(const DerivedDifference&)>& visit) const;
    /// The fields of present clusters with more than one preferred claim, in cluster id order.
    std::vector<ExtraPreferred> extra_preferred() const;
    /// Writes the derived tables again, whole, from the history (check --repair); inside
    /// with_write_transaction.
    void rebuild_derived_tables();
    /// Gives a restored database (restored_schema()) its application_id and schema version, and
    /// migrates it when older; inside with_write_transaction.
    void take_back_restored();

    // --- writing: only inside with_write_transaction -------------------------------------------
    /// Runs `body` in one IMMEDIATE transaction: commits when it returns true, rolls back when it
    /// returns false or throws. A writer that waits past the busy timeout gets a DatabaseError.
    /// Before the commit, the derived tables (cluster_values, the full-text index) are rewritten
    /// for the clusters the transaction's changesets changed.
    enum class WriteMode {
        checked,  ///< foreign keys enforced row by row
        bulk,     ///< no foreign key checks: for an import, whose rows all come through this store
        /// bulk, from input at hand (files, not a pipe): written in place, not through the WAL,
        /// when the file holds no cluster yet (see InPlace in writes.cpp)
        first_load,
    };
    void with_write_transaction(const std::function<bool()>& body, WriteMode mode = WriteMode::checked);
    /// Runs `body` in a savepoint inside the open transaction: released when it returns, rolled
    /// back (and the exception passed on) when it throws.
    void with_savepoint(const std::function<void()>& body);

    long long insert_changeset(const model::Changeset& changeset);
    void insert_cluster(const std::string& id, long long changeset_id);
    long long insert_source(const std::string& url, long long changeset_id);
    void insert_source_revision(long long source_id, long long changeset_id, const model::SourceMeta& meta);
    long long insert_claim(const std::string& cluster_id, const std::string& field, model::ClaimState state,
                           const model::FieldValue& value, long long changeset_id);
    /// Keeps live_claim too: the cluster is the claim's.
    void insert_rank(const std::string& cluster_id, long long claim_id, long long changeset_id, model::Rank rank,
                     const std::string& reason);
    /// 0 when the claim has that citation already; one withdrawn (by a revert) is shown again,
    /// and its id returned.
    long long insert_citation(long long claim_id, long long source_id, const std::string& locator, const std::string& quote,
                              long long changeset_id);
    void insert_citation_withdrawal(long long citation_id, long long changeset_id, bool withdrawn);
    void insert_presence(const std::string& cluster_id, long long changeset_id, bool present);
    /// A key already written for that cluster (and withdrawn) is shown again instead.
    void insert_record_key(long long source_id, const std::string& key, const std::string& cluster_id, long long changeset_id);
    void set_key_withdrawn(long long source_id, const std::string& key, long long changeset_id, bool withdrawn);
    void insert_alias(const std::string& alias, const std::string& cluster_id, long long changeset_id, bool withdrawn);
    /// Makes the (empty) temporary table of the ids an import reads; before the first
    /// note_import_id and outside any savepoint, which would take the table along when rolled back.
    void start_import_ids();
    /// Remembers an id read by an import, in a temporary table (memory stays flat however long the
    /// input); returns where it was read before when it is a repeat.
    std::optional<std::string> note_import_id(const std::string& id, const std::string& place);
    /// Remembers a record that an import's row named (after its keys), in a temporary table.
    void note_import_named(const std::string& cluster_id);
    /// The present records that a key of `source_id` written before changeset `before` names,
    /// and that the import did not name (note_import_named), in id order.
    std::vector<std::string> keyed_records_not_named(long long source_id, long long before) const;

private:
    Store(std::string path, std::unique_ptr<SQLite::Database> db, Access access);
    /// Whether the file was left in rollback mode, its log folded in (true for a reader).
    bool leave_in_rollback_mode() noexcept;
    /// Folds the log in (a writer), closes the connection and records the file as checked.
    void close() noexcept;
    /// Refuses (DatabaseError) a file of schema `version` that changed since this user's last
    /// check and whose schema is not gpuclusters' or whose pages fail PRAGMA quick_check.
    void check_trust(int version);
    /// Opens the file as access_ says: makes an empty one a database when `may_initialise`
    /// (`created`), refuses one it may not use, migrates an older one (a writer), sets the
    /// connection's pragmas.
    void configure_and_check(bool may_initialise, bool& created);
    /// Refuses (DatabaseError) another application's file, a newer schema's, and an older one's
    /// to a reader; a database of ours restored without its application_id is noted in
    /// restored_schema_, and refused unless restored_ allows it.
    void check_identity(int app_id, int version);
    /// A writer's journal mode and synchronous setting; from here on its close folds the log in.
    void configure_writer();
    void enter_wal_mode();
    /// db/schema.sql and every migration into an empty file, in a transaction.
    void initialise();
    /// Migrates a file of schema `version` to the current one, in a transaction.
    void upgrade(int version);
    void migrate(int from_version);
    /// A writer's catalogue into gpu_catalogue when it differs from the copy there.
    void sync_gpu_catalogue();
    /// A cached statement, after the rows waiting to be written are written.
    SQLite::Statement& prepare(const char* sql) const;
    /// The connection, after the rows waiting to be written are written.
    SQLite::Database& connection() const;
    void flush_pending() const;
    /// An id for a new row of `table` (claim or citation) in the open transaction.
    long long next_id(const char* table);
    /// Whether a known cluster is present as of changeset `limit` (a reverted creation is not).
    bool cluster_present(const std::string& id, long long limit) const;
    /// Whether the file holds no cluster at all, present or removed.
    bool holds_no_clusters() const;
    class InPlace;
    bool writing_in_place_ = false;  ///< an InPlace write is open: a signal stops it at its next statement
    /// Indexes kept_key for the reads, once after the last keep_under.
    void sort_kept() const;

    struct StatementCache;
    std::string path_;
    Access access_ = Access::read_write;
    Journal journal_ = Journal::write_ahead;
    Restored restored_ = Restored::refuse;
    std::optional<int> restored_schema_;
    bool opened_ = false;  ///< a writer whose file passed every check, in WAL mode: its close folds the log in
    std::unique_ptr<SQLite::Database> db_;
    // Declared after db_ so that the statements are finalised before the connection closes.
    std::unique_ptr<StatementCache> statements_;
    struct PendingRows;
    std::unique_ptr<PendingRows> pending_;
    std::vector<long long> changesets_written_;  ///< in the open transaction
    bool shown_again(long long citation_id, long long changeset_id);
    struct DuplicateRows;
    std::unique_ptr<DuplicateRows> duplicate_rows_;  ///< profiles and keys waiting to be written
    mutable bool kept_sorted_ = false;               ///< kept_key's indexes made (sort_kept)
    void flush_duplicate_keys();
    /// Brings the derived tables (cluster_values, the full-text index) up to date for the
    /// clusters whose values or presence a changeset changed.
    void refresh_derived_tables(long long changeset_id);
    class DerivedRefresh;
    /// Fills cluster_values from the history (a migrated database).
    void rebuild_current_values();
};

}  // namespace gpuclusters::store
