#pragma once
// What the files of store/ share and nothing outside them sees: the SQLite column readers, the
// one decoding of a claim row, the statement cache and the rows waiting to be written.
#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::store::detail {

inline constexpr long long no_limit = std::numeric_limits<long long>::max();
// Page cache sizes (KiB): for reading and small writes, and for a bulk write (24 MiB imported
// 25,000 records a tenth slower than 16, and a million must stay under 64 MiB with jemalloc's
// arenas and the WAL index beside it).
inline constexpr int page_size = 16384;
inline constexpr int small_cache_kib = 2048;
inline constexpr int bulk_cache_kib = 16384;

inline std::string column_text(SQLite::Statement& statement, int index) {
    auto column = statement.getColumn(index);
    return column.isNull() ? std::string() : column.getString();
}

/// Binds `value` to ?index: a flag as 0 or 1, any other integer (an id, a count) as SQLite's
/// 64-bit one (SQLiteCpp has no overload for long long), text as text, a null pointer or an
/// empty optional as NULL. With `no_copy`, SQLite reads a string (or the one a pointer points to) where it is: it must
/// outlive the statement's run.
template <typename Value>
inline constexpr bool is_optional = false;
template <typename Value>
inline constexpr bool is_optional<std::optional<Value>> = true;

template <bool no_copy = false, typename Value>
void bind_value(SQLite::Statement& query, int index, const Value& value) {
    if constexpr (is_optional<Value>) {
        value ? bind_value<no_copy>(query, index, *value) : query.bind(index);
    } else if constexpr (std::is_same_v<Value, bool>) {
        query.bind(index, value ? 1 : 0);
    } else if constexpr (std::is_integral_v<Value>) {
        query.bind(index, static_cast<std::int64_t>(value));
    } else if constexpr (std::is_same_v<Value, std::string_view>) {
        query.bind(index, std::string(value));
    } else if constexpr (std::is_same_v<Value, const std::string*>) {
        value == nullptr ? query.bind(index) : bind_value<no_copy>(query, index, *value);
    } else if constexpr (no_copy && std::is_same_v<Value, std::string>) {
        query.bindNoCopy(index, value);
    } else {
        query.bind(index, value);
    }
}

/// Binds `values` to ?1, ?2, ... in order (see bind_value). Returns the query, so that a cached
/// statement is prepared and bound in one line.
template <typename... Values>
SQLite::Statement& bind_all(SQLite::Statement& query, const Values&... values) {
    int index = 0;
    (bind_value(query, ++index, values), ...);
    return query;
}

/// Binds one row of a multi-row statement, `values` to ?at+1, ?at+2, ... in order, strings
/// where they are (bind_value's no_copy).
template <typename... Values>
void bind_row(SQLite::Statement& query, int at, const Values&... values) {
    (bind_value<true>(query, ++at, values), ...);
}

/// Column 0 of every row the query has left, as text or as a 64-bit integer.
template <typename Value>
std::vector<Value> first_column(SQLite::Statement& query) {
    std::vector<Value> values;
    while (query.executeStep()) {
        if constexpr (std::is_same_v<Value, std::string>) {
            values.push_back(column_text(query, 0));
        } else {
            values.push_back(query.getColumn(0).getInt64());
        }
    }
    return values;
}

/// The steps of each statement's EXPLAIN QUERY PLAN, in order (for the tests of the plans).
template <typename Sqls>
std::vector<std::string> query_plans(SQLite::Database& db, const Sqls& sqls) {
    std::vector<std::string> steps;
    for (const auto& sql : sqls) {
        SQLite::Statement plan(db, std::string("EXPLAIN QUERY PLAN ") + sql);
        while (plan.executeStep()) steps.push_back(column_text(plan, 3));
    }
    return steps;
}

// The columns of a row, read through SQLiteCpp (the cached statements) or straight from the C
// API, where SQLiteCpp's Column objects (a shared_ptr each) cost a fifth of an export's time.
struct CachedColumns {
    SQLite::Statement& query;
    std::string text(int index) const { return column_text(query, index); }
    /// The text in SQLite's own buffer: valid until the next step.
    std::string_view view(int index) const {
        const auto column = query.getColumn(index);
        const char* text = column.getText("");
        return {text, static_cast<std::size_t>(column.getBytes())};
    }
    bool null(int index) const { return query.isColumnNull(index); }
    /// view(), or nullopt for NULL.
    std::optional<std::string_view> view_or_null(int index) const {
        if (null(index)) return std::nullopt;
        return view(index);
    }
    long long integer(int index) const { return query.getColumn(index).getInt64(); }
};
struct RawColumns {
    sqlite3_stmt* query;
    std::string text(int index) const { return std::string(view(index)); }
    /// The text in SQLite's own buffer: valid until the next step.
    std::string_view view(int index) const {
        const auto* text = sqlite3_column_text(query, index);
        if (text == nullptr) return {};
        return {reinterpret_cast<const char*>(text), static_cast<std::size_t>(sqlite3_column_bytes(query, index))};
    }
    bool null(int index) const { return sqlite3_column_type(query, index) == SQLITE_NULL; }
    /// view(), or nullopt for NULL: one call where null() and view() make three.
    std::optional<std::string_view> view_or_null(int index) const {
        const auto* text = sqlite3_column_text(query, index);
        if (text == nullptr) {
            // (SQLite gives no text for a value it had no memory to convert, too.)
            if (!null(index)) throw std::bad_alloc();
            return std::nullopt;
        }
        return std::string_view{reinterpret_cast<const char*>(text),
                                static_cast<std::size_t>(sqlite3_column_bytes(query, index))};
    }
    long long integer(int index) const { return sqlite3_column_int64(query, index); }
};

// A statement run straight through the C API (SQLiteCpp keeps its handle private), for the loops
// over every row of a table or a changeset.
class RawQuery {
public:
    RawQuery(SQLite::Database& db, const std::string& sql) : db_(db.getHandle()) {
        sqlite3_stmt* raw = nullptr;
        const int prepared = sqlite3_prepare_v2(db_, sql.c_str(), -1, &raw, nullptr);
        query_.reset(raw);
        if (prepared != SQLITE_OK) throw SQLite::Exception(db_, prepared);
    }
    void bind(int index, long long value) { sqlite3_bind_int64(query_.get(), index, value); }
    void reset() { sqlite3_reset(query_.get()); }
    /// True while there is a row.
    bool step() {
        const int result = sqlite3_step(query_.get());
        if (result != SQLITE_ROW && result != SQLITE_DONE) throw SQLite::Exception(db_, result);
        return result == SQLITE_ROW;
    }
    RawColumns columns() const { return {query_.get()}; }

private:
    sqlite3* db_;
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> query_{nullptr, sqlite3_finalize};
};

/// What every query of a source's metadata selects, in this order, from `source_revision v`;
/// read_source_meta decodes it.
inline constexpr std::string_view source_meta_columns =
    "v.kind, v.title, v.publisher, v.published, v.accessed, v.archive_url, v.archived, v.edition_of";
inline constexpr int source_meta_column_count = 8;

// The source_meta_columns of a row from `first`.
template <typename Columns>
model::SourceMeta read_source_meta(const Columns& row, int first) {
    return {row.text(first),     row.text(first + 1), row.text(first + 2), row.text(first + 3),
            row.text(first + 4), row.text(first + 5), row.text(first + 6), row.text(first + 7)};
}

/// What every query of claims selects, in this order, from `claim c`; read_claim decodes it.
inline constexpr std::string_view claim_columns =
    "c.id, c.field, c.state, c.value, c.derivation, c.basis, c.estimator, c.bound, c.changeset_id";
inline constexpr int claim_column_count = 9;

/// The claim_columns of a row from `first`, into `claim` (whose strings keep their buffers: a
/// loop over a million claims fills one again and again). Rank and citations are the caller's.
template <typename Columns>
void read_claim(const Columns& row, int first, model::Claim& claim) {
    claim.id = row.integer(first);
    claim.field.assign(row.view(first + 1));
    claim.state = model::claim_state_from(row.view(first + 2));
    claim.value.value.assign(row.view(first + 3));
    claim.value.qualifiers.derivation.assign(row.view(first + 4));
    claim.value.qualifiers.basis.assign(row.view(first + 5));
    claim.value.qualifiers.estimator.assign(row.view(first + 6));
    claim.value.qualifiers.bound.assign(row.view(first + 7));
    claim.changeset_id = row.integer(first + 8);
}

DatabaseError translate(const SQLite::Exception& error, const std::string& path);

// Throws Stopped for the signal stop_writing was given (writes.cpp).
[[noreturn]] void throw_stopped(const std::string& path);
// Whether a signal must let this process finish its write (see stop_writing).
void set_file_unsettled(bool unsettled) noexcept;

// The schema version a migration's file name gives ("0007-....sql": 7).
int migration_version(std::string_view file_name);
// The schema versions whose tables, views, indexes and triggers the file has, one by one and no
// others (db/schema.sql and the migrations up to each, made again in memory): the oldest and the
// newest, which differ when a migration changed no object's outline (16 rewrote CHECK text);
// nullopt when none has: another application's file. A user_version the file kept must be one.
struct RestoredVersions {
    int oldest;
    int newest;
};
std::optional<RestoredVersions> restored_schema_versions(SQLite::Database& db, int user_version);

// --- the file before SQLite opens it (file_checks.cpp) -------------------------------------------
// A file that is not SQLite is refused before SQLite touches it (an empty one is the caller's).
void check_header(const std::string& path);
// A database is a regular file: a folder, device or FIFO named by --db is refused untouched.
void check_regular(const std::string& path, const std::filesystem::file_status& status);
// The database a command opens: there, a regular file, SQLite's and not empty.
void check_file(const std::string& path);
// SQLite opens FILE-wal, FILE-shm and FILE-journal by name, following links. One that is not a
// file SQLite made (a link, a folder, a FIFO) would fail a writer only after it switched the file
// to WAL mode, or be written through: refused before the file is touched.
void check_files_beside(const std::string& path);
// "file:PATH?immutable=1" with the characters a URI path may not hold escaped.
std::string immutable_uri(const std::string& path);
// Whether the file is there with something in it (FILE-wal: may hold commits the file lacks).
bool file_not_empty(const std::string& path);
// A reader that may write beside the file puts it back whole, as the writer that was killed
// would have: the log folded in (or the journal rolled back) by leaving WAL mode, which SQLite
// does only when no other connection has the file open. It changes no row, and runs nothing of
// the file's (no trigger); where it cannot, the reader reads the file with its log as before.
void recover_for_reader(const std::string& path);

// --- trust (trust.cpp): whether a file may be written to -----------------------------------------
// A file's identity, size, times and header, with its -wal's size and times: what changes when
// anything writes to it. "-" first when it cannot be read. Of a file that no connection of this
// process has open: reading it through a descriptor of its own, then closing that, would drop
// SQLite's locks on it (POSIX locks belong to the process).
std::string file_fingerprint(const std::string& path);
// The same, read through the connection's own descriptor, while it is open.
std::string file_fingerprint(SQLite::Database& db, const std::string& path);
// Whether this user's record of files checked (or left by gpuclusters) holds that fingerprint.
bool checked_before(const std::string& fingerprint);
// Records a file's fingerprint as checked (a cache: errors are ignored).
void remember_checked(const std::string& fingerprint) noexcept;
// db/schema.sql and the migrations up to `version`, into an empty database.
void build_reference_schema(SQLite::Database& reference, int version);
// Each trigger and view that is not the migrations' own, and each table of theirs missing or of
// other columns, as a sentence (a trigger's and a view's says how to remove it).
std::vector<std::string> schema_problems(SQLite::Database& db, const std::string& path, int version);
// What `pragma` (PRAGMA quick_check or integrity_check) finds, a problem a line; empty when the
// file is whole.
std::vector<std::string> check_problems(SQLite::Database& db, const char* pragma);
// Where a value was read: a claim of the history, or the derived cluster_values.
enum class StoredIn { claim, values };
// Throws DatabaseError naming the file, the cluster, the field and where the value was read, when
// a claim's value is not in the form gpuclusters writes (model::stored_value_problem): nothing
// downstream reads "12k" as 12 or throws std::stoll's error on a value written behind the tool's back.
// `field`, when the caller knows the claim's field, spares looking it up.
void check_stored_claim(const std::string& path, std::string_view cluster_id, const model::Claim& claim, StoredIn where,
                        const model::FieldSpec* field = nullptr);
// The same for a source's metadata, read from source_revision or current_source.
void check_stored_source(const std::string& path, long long source_id, const model::SourceMeta& meta);
// The same, and the source's URL.
void check_stored_source(const std::string& path, const model::Source& source);
// DatabaseError for a cluster id that gpuclusters would not write.
void check_stored_cluster_id(const std::string& path, std::string_view id);

// Runs `body`, turning SQLite's exceptions into DatabaseError that names the file.
template <typename Body>
auto guarded(const std::string& path, Body&& body) -> decltype(body()) {
    try {
        return body();
    } catch (const SQLite::Exception& error) {
        // A statement a signal interrupted (stop_writing): SQLite rolled its transaction back.
        if (error.getErrorCode() == SQLITE_INTERRUPT && stop_signal() != 0) throw_stopped(path);
        throw translate(error, path);
    }
}

// "INSERT INTO table (columns) VALUES (?, ...), (?, ...)" for `rows` rows of `width` columns.
std::string multi_row_insert(std::string_view head, int width, std::size_t rows);

// The citations of one claim, withdrawn ones too, from the claim's own few: without statistics
// SQLite would pick citation_by_source, and citing a list source once per record would grow
// quadratically.
inline constexpr const char* claim_citations_sql = R"(
            SELECT source_id, locator, quote, id FROM citation INDEXED BY citation_by_claim WHERE claim_id = ?1)";

}  // namespace gpuclusters::store::detail

namespace gpuclusters::store {

// Statements prepared once per connection and reused: bulk writes run the same few statements
// hundreds of thousands of times. Keyed by the SQL text itself, so that two call sites of one
// statement share it and a text built at run time can never be mistaken for another that once
// lived at its address.
struct Store::StatementCache {
    std::map<std::string, std::unique_ptr<SQLite::Statement>, std::less<>> statements;
};

// Claims, ranks and citations wait here and reach SQLite as multi-row INSERTs: a record's dozens
// of rows cost three statements instead of forty (most of a bulk import's time was per-statement
// overhead). Ids are handed out here, so callers get them before the rows are written. Anything
// else that touches the connection writes the waiting rows first (connection(), prepare()).
struct Store::PendingRows {
    struct Claim {
        long long id;
        std::string cluster_id, field;
        model::ClaimState state;
        model::FieldValue value;
        long long changeset_id;
    };
    struct Rank {
        std::string cluster_id;
        long long claim_id, changeset_id;
        model::Rank rank;
        std::string reason;
    };
    struct Citation {
        long long id, claim_id, source_id;
        std::string locator, quote;
        long long changeset_id;
    };
    struct Withdrawal {
        long long citation_id, changeset_id;
        bool withdrawn;
    };
    // Rows per statement: enough to amortise a statement, few enough variants to cache.
    static constexpr std::size_t batch = 64;

    std::vector<Claim> claims;
    std::vector<Rank> ranks;
    std::vector<Citation> citations;
    std::vector<Withdrawal> withdrawals;
    // The citations waiting for claims not yet written, as claim, source, locator and quote: a
    // claim cited ten thousand times looks each new one up here instead of among the others.
    std::unordered_set<std::string> waiting_citations;
    // The citations of the written claim cited last, read once for a run of citations of it: the
    // hash of each one's source, locator and quote, with its id to read it back by when a new one
    // has the same hash. Hashes, not the quotes: a claim may have a hundred thousand citations.
    // Kept across flushes (its rows are written then, not undone), and forgotten when a
    // savepoint or transaction ends, which may undo them.
    long long cited_claim = 0;
    std::unordered_multimap<std::uint64_t, long long> cited;  ///< hash -> citation id
    void forget_cited() {
        cited_claim = 0;
        cited.clear();
    }
    // The next ids to hand out; 0 until read from the table in the open transaction.
    long long next_claim_id = 0;
    long long next_citation_id = 0;
    // What each cached multi-row statement writes: with its row count, the key of `inserts`.
    enum Batched : int {
        claim_rows,
        rank_rows,
        citation_rows,
        live_claim_rows,
        live_claim_deletions,
        scratch_rows,
        scratch_profile_rows,
        withdrawal_rows
    };
    // Multi-row INSERTs (and deletions) by what they write and row count.
    std::map<std::pair<int, std::size_t>, std::unique_ptr<SQLite::Statement>> inserts;

    // Writes `rows` in statements of up to `batch` rows, sql(count) the one for `count` rows and
    // bind_row(statement, offset, row) binding a row's `width` parameters after `offset`. The rows
    // outlive each statement, so SQLite reads their strings where they are (bind_row).
    template <typename Rows, typename Sql, typename Bind>
    void write_rows(SQLite::Database& db, int table, const Sql& sql, int width, const Rows& rows, Bind bind_row) {
        for (std::size_t start = 0; start < rows.size(); start += batch) {
            const std::size_t count = std::min(batch, rows.size() - start);
            auto& slot = inserts[{table, count}];
            if (!slot) {
                slot = std::make_unique<SQLite::Statement>(db, sql(count));
            } else {
                slot->reset();
            }
            for (std::size_t i = 0; i < count; ++i) bind_row(*slot, static_cast<int>(i) * width, rows[start + i]);
            slot->exec();
        }
    }
    // The same with multi-row INSERTs of `head`'s columns.
    template <typename Rows, typename Bind>
    void insert_rows(SQLite::Database& db, int table, std::string_view head, int width, const Rows& rows, Bind bind_row) {
        const auto sql = [&](std::size_t count) { return detail::multi_row_insert(head, width, count); };
        write_rows(db, table, sql, width, rows, bind_row);
    }
    // live_claim follows the ranks written, in the same batches and in their order: what is not
    // retired is in, at its rank, and what is retired is out. (Written here, from the rows in
    // memory, rather than from the changeset's ranks at the commit: for an import those are a
    // second pass over millions of rows.) A run of ranks of one kind is one batch.
    void write_live_claims(SQLite::Database& db, const std::vector<Rank>& written_ranks);

    bool empty() const { return claims.empty() && ranks.empty() && citations.empty() && withdrawals.empty(); }
    std::size_t size() const { return claims.size() + ranks.size() + citations.size() + withdrawals.size(); }
    void discard() {
        claims.clear();
        ranks.clear();
        citations.clear();
        withdrawals.clear();
        waiting_citations.clear();
    }
};

// possible-duplicate's rows waiting for a multi-row INSERT (a statement per key was most of the
// pass). Records are numbered and keys hashed here, so that SQLite sorts and joins integers, and a
// profile knows the run of key ordinals its keys hold (read back by range, with no second index).
struct Store::DuplicateRows {
    struct Key {
        long long ordinal, record;
        std::string kind, key;
        long long hash;
    };
    struct Profile {
        long long record;
        std::string cluster_id, profile;
        std::optional<long long> whole_name;  ///< the hash of its key of kind "w"
        long long first_key, keys;
        bool named;
    };
    std::vector<Key> keys;
    std::vector<Profile> profiles;
    long long next_ordinal = 1;
    long long next_record = 1;
    // Most records have no look-alike. No cluster id after `after` and before `next` (or after it,
    // when there is no next) has one: verify, which asks in id order, queries the matches of the
    // records that have some, not of every record.
    struct MatchGap {
        std::string after;
        std::optional<std::string> next;
        bool holds(const std::string& id) const { return id > after && (!next || id < *next); }
    };
    std::optional<MatchGap> match_gap;
    void clear() {
        keys.clear();
        profiles.clear();
        next_ordinal = 1;
        next_record = 1;
        match_gap.reset();
    }
};

}  // namespace gpuclusters::store
