#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <SQLiteCpp/Savepoint.h>
#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <limits>
#include <map>
#include <unordered_map>

#include "embedded_data.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::store {
namespace {

constexpr long long no_limit = std::numeric_limits<long long>::max();
// Page cache sizes (KiB): for reading and small writes, and for a bulk write (more gained nothing
// on 100,000 records, and a million must stay under 64 MiB with the WAL index beside it).
constexpr int page_size = 16384;
constexpr int small_cache_kib = 8192;
constexpr int bulk_cache_kib = 24576;

int migration_version(std::string_view file_name) {
    int version = 0;
    for (char c : file_name.substr(0, 4)) version = version * 10 + (c - '0');
    return version;
}

std::string column_text(SQLite::Statement& statement, int index) {
    auto column = statement.getColumn(index);
    return column.isNull() ? std::string() : column.getString();
}

// The metadata columns kind, title, publisher, published, accessed, archive_url, archived from `first`.
model::SourceMeta source_meta(SQLite::Statement& query, int first) {
    return {column_text(query, first),     column_text(query, first + 1), column_text(query, first + 2),
            column_text(query, first + 3), column_text(query, first + 4), column_text(query, first + 5),
            column_text(query, first + 6)};
}

// The columns of a row, read through SQLiteCpp (the cached statements) or straight from the C
// API, where SQLiteCpp's Column objects (a shared_ptr each) cost a fifth of an export's time.
struct CachedColumns {
    SQLite::Statement& query;
    std::string text(int index) const { return column_text(query, index); }
    bool null(int index) const { return query.isColumnNull(index); }
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

// A claim's value and qualifiers: the columns value, derivation, basis, estimator, bound from `first`.
model::FieldValue field_value(SQLite::Statement& query, int first) {
    return {column_text(query, first),
            {column_text(query, first + 1), column_text(query, first + 2), column_text(query, first + 3),
             column_text(query, first + 4)}};
}

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

// Runs `body`, turning SQLite's exceptions into DatabaseError that names the file.
template <typename Body>
auto guarded(const std::string& path, Body&& body) -> decltype(body()) {
    try {
        return body();
    } catch (const SQLite::Exception& error) {
        throw translate(error, path);
    }
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

// The queries that read one record as of a changeset. Each is an index lookup by cluster (or by
// claim or source), never a scan of a history table: see record_query_plans().
constexpr const char* record_cluster_sql = "SELECT changeset_id FROM cluster WHERE id = ? AND changeset_id <= ?";
constexpr const char* record_presence_sql = R"(
            SELECT present FROM cluster_presence WHERE cluster_id = ? AND changeset_id <= ?
            ORDER BY changeset_id DESC LIMIT 1)";
constexpr const char* record_claims_sql = R"(
            SELECT c.id, c.field, c.state, c.value, c.derivation, c.basis, c.estimator, c.bound, c.changeset_id,
                   r.rank, r.changeset_id
            FROM claim c
            JOIN claim_rank r ON r.claim_id = c.id
             AND r.changeset_id = (SELECT max(changeset_id) FROM claim_rank WHERE claim_id = c.id AND changeset_id <= ?2)
            WHERE c.cluster_id = ?1 AND c.changeset_id <= ?2 ORDER BY c.id)";
constexpr const char* record_citations_sql = R"(
            SELECT t.id, t.claim_id, t.source_id, t.locator, t.quote, t.changeset_id
            FROM claim c JOIN citation t ON t.claim_id = c.id
            WHERE c.cluster_id = ?1 AND c.changeset_id <= ?2 AND t.changeset_id <= ?2
              AND coalesce((SELECT w.withdrawn FROM citation_withdrawal w WHERE w.citation_id = t.id AND w.changeset_id <= ?2
                            ORDER BY w.changeset_id DESC LIMIT 1), 0) = 0
            ORDER BY t.id)";
constexpr const char* record_source_sql = R"(
                SELECT s.url, v.kind, v.title, v.publisher, v.published, v.accessed, v.archive_url, v.archived
                FROM source s JOIN source_revision v ON v.source_id = s.id
                WHERE s.id = ?1 AND v.changeset_id <= ?2 ORDER BY v.changeset_id DESC LIMIT 1)";

// A citation of a written claim, unless the claim has it already. The claim's few citations are
// looked at, never the source's: without statistics SQLite would pick citation_by_source, and
// citing a list source once per record would grow quadratically.
constexpr const char* citation_unless_repeated_sql = R"(
            INSERT INTO citation (id, claim_id, source_id, locator, quote, changeset_id)
            SELECT ?1, ?2, ?3, ?4, ?5, ?6
            WHERE NOT EXISTS (SELECT 1 FROM citation INDEXED BY citation_by_claim
                              WHERE claim_id = ?2 AND source_id = ?3 AND locator = ?4 AND quote = ?5))";

}  // namespace

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

// Statements prepared once per connection and reused: bulk writes run the same few statements
// hundreds of thousands of times. Keyed by the address of the SQL literal at its call site.
struct Store::StatementCache {
    std::map<const char*, std::unique_ptr<SQLite::Statement>> statements;
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
    // Rows per statement: enough to amortise a statement, few enough variants to cache.
    static constexpr std::size_t batch = 64;

    std::vector<Claim> claims;
    std::vector<Rank> ranks;
    std::vector<Citation> citations;
    // The next ids to hand out; 0 until read from the table in the open transaction.
    long long next_claim_id = 0;
    long long next_citation_id = 0;
    // Multi-row INSERTs by table and row count.
    std::map<std::pair<int, std::size_t>, std::unique_ptr<SQLite::Statement>> inserts;

    bool empty() const { return claims.empty() && ranks.empty() && citations.empty(); }
    std::size_t size() const { return claims.size() + ranks.size() + citations.size(); }
    void discard() {
        claims.clear();
        ranks.clear();
        citations.clear();
    }
};

Store::Store(std::string path, std::unique_ptr<SQLite::Database> db)
    : path_(std::move(path)),
      db_(std::move(db)),
      statements_(std::make_unique<StatementCache>()),
      pending_(std::make_unique<PendingRows>()) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

SQLite::Statement& Store::prepare(const char* sql) const {
    flush_pending();
    auto& slot = statements_->statements[sql];
    if (!slot) {
        slot = std::make_unique<SQLite::Statement>(*db_, sql);
    } else {
        slot->reset();
        slot->clearBindings();
    }
    return *slot;
}

SQLite::Database& Store::connection() const {
    flush_pending();
    return *db_;
}

namespace {

// "INSERT INTO table (columns) VALUES (?, ...), (?, ...)" for `rows` rows of `width` columns.
std::string multi_row_insert(std::string_view head, int width, std::size_t rows) {
    std::string row = "(";
    for (int i = 0; i < width; ++i) row += i == 0 ? "?" : ", ?";
    row += ")";
    std::string sql(head);
    for (std::size_t i = 0; i < rows; ++i) sql += (i == 0 ? " VALUES " : ", ") + row;
    return sql;
}

}  // namespace

void Store::flush_pending() const {
    auto& pending = *pending_;
    if (pending.empty()) return;
    // The rows leave the queue first: a failing INSERT must not be retried by the next flush.
    auto claims = std::move(pending.claims);
    auto ranks = std::move(pending.ranks);
    auto citations = std::move(pending.citations);
    pending.discard();
    // The rows outlive each INSERT, so SQLite reads their strings where they are (bindNoCopy).
    // Claims first: ranks and citations refer to them. OR FAIL spares SQLite a statement journal
    // per INSERT when foreign keys are off (a bulk write): a constraint failure here is a bug, and
    // the savepoint or transaction around undoes it.
    auto write = [&](int table, std::string_view head, int width, auto& rows, auto bind_row) {
        for (std::size_t start = 0; start < rows.size(); start += PendingRows::batch) {
            const std::size_t count = std::min(PendingRows::batch, rows.size() - start);
            auto& slot = pending.inserts[{table, count}];
            if (!slot) {
                slot = std::make_unique<SQLite::Statement>(*db_, multi_row_insert(head, width, count));
            } else {
                slot->reset();
            }
            for (std::size_t i = 0; i < count; ++i) bind_row(*slot, static_cast<int>(i) * width, rows[start + i]);
            slot->exec();
        }
    };
    write(0, "INSERT OR FAIL INTO claim (id, cluster_id, field, state, value, derivation, basis, estimator, bound, changeset_id)", 10,
          claims, [](SQLite::Statement& query, int at, const PendingRows::Claim& row) {
              query.bind(at + 1, static_cast<std::int64_t>(row.id));
              query.bindNoCopy(at + 2, row.cluster_id);
              query.bindNoCopy(at + 3, row.field);
              query.bind(at + 4, std::string(model::to_string(row.state)));
              if (row.state == model::ClaimState::set) {
                  query.bindNoCopy(at + 5, row.value.value);
              } else {
                  query.bind(at + 5);
              }
              query.bindNoCopy(at + 6, row.value.qualifiers.derivation);
              query.bindNoCopy(at + 7, row.value.qualifiers.basis);
              query.bindNoCopy(at + 8, row.value.qualifiers.estimator);
              query.bindNoCopy(at + 9, row.value.qualifiers.bound);
              query.bind(at + 10, static_cast<std::int64_t>(row.changeset_id));
          });
    write(1, "INSERT OR FAIL INTO claim_rank (claim_id, changeset_id, rank, reason)", 4, ranks,
          [](SQLite::Statement& query, int at, const PendingRows::Rank& row) {
              query.bind(at + 1, static_cast<std::int64_t>(row.claim_id));
              query.bind(at + 2, static_cast<std::int64_t>(row.changeset_id));
              query.bind(at + 3, std::string(model::to_string(row.rank)));
              query.bindNoCopy(at + 4, row.reason);
          });
    // live_claim follows the ranks in the same batches and in their order: what is not retired is
    // in, at its rank. (Written here, from the rows in memory, rather than from the changeset's
    // ranks at the commit: for an import those are a second pass over millions of rows.)
    std::vector<const PendingRows::Rank*> live;
    auto write_live = [&] {
        write(3, "INSERT OR REPLACE INTO live_claim (cluster_id, claim_id, rank, ranked_in)", 4, live,
              [](SQLite::Statement& query, int at, const PendingRows::Rank* row) {
                  query.bindNoCopy(at + 1, row->cluster_id);
                  query.bind(at + 2, static_cast<std::int64_t>(row->claim_id));
                  query.bindNoCopy(at + 3, model::to_string(row->rank).data());
                  query.bind(at + 4, static_cast<std::int64_t>(row->changeset_id));
              });
        live.clear();
    };
    for (const auto& row : ranks) {
        if (row.rank != model::Rank::retired) {
            live.push_back(&row);
            continue;
        }
        write_live();
        auto& remove = pending.inserts[{4, 1}];
        if (!remove) remove = std::make_unique<SQLite::Statement>(*db_, "DELETE FROM live_claim WHERE cluster_id = ? AND claim_id = ?");
        remove->reset();
        remove->bindNoCopy(1, row.cluster_id);
        remove->bind(2, static_cast<std::int64_t>(row.claim_id));
        remove->exec();
    }
    write_live();
    write(2, "INSERT OR FAIL INTO citation (id, claim_id, source_id, locator, quote, changeset_id)", 6, citations,
          [](SQLite::Statement& query, int at, const PendingRows::Citation& row) {
              query.bind(at + 1, static_cast<std::int64_t>(row.id));
              query.bind(at + 2, static_cast<std::int64_t>(row.claim_id));
              query.bind(at + 3, static_cast<std::int64_t>(row.source_id));
              query.bindNoCopy(at + 4, row.locator);
              query.bindNoCopy(at + 5, row.quote);
              query.bind(at + 6, static_cast<std::int64_t>(row.changeset_id));
          });
}

long long Store::next_id(const char* table) {
    auto& pending = *pending_;
    long long& next = std::string_view(table) == "claim" ? pending.next_claim_id : pending.next_citation_id;
    if (next == 0) {
        // Read once per transaction; the write lock keeps other writers out until it ends.
        auto& query = prepare(std::string_view(table) == "claim" ? "SELECT coalesce(max(id), 0) + 1 FROM claim"
                                                                 : "SELECT coalesce(max(id), 0) + 1 FROM citation");
        query.executeStep();
        next = query.getColumn(0).getInt64();
    }
    return next++;
}

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

bool Store::cluster_known(const std::string& id) const {
    return guarded(path_, [&] {
        auto& query = prepare("SELECT 1 FROM cluster WHERE id = ?");
        query.bind(1, id);
        return query.executeStep();
    });
}

bool Store::cluster_present(const std::string& id, long long limit) const {
    auto& presence = prepare(record_presence_sql);
    presence.bind(1, id);
    presence.bind(2, static_cast<std::int64_t>(limit));
    return !presence.executeStep() || presence.getColumn(0).getInt() == 1;
}

std::optional<model::Record> Store::load_record(const std::string& id, std::optional<long long> as_of) const {
    return guarded(path_, [&]() -> std::optional<model::Record> {
        const long long limit = as_of.value_or(no_limit);
        auto& cluster = prepare(record_cluster_sql);
        cluster.bind(1, id);
        cluster.bind(2, static_cast<std::int64_t>(limit));
        if (!cluster.executeStep()) return std::nullopt;
        model::Record record;
        record.id = id;
        record.created_in = cluster.getColumn(0).getInt64();
        if (!cluster_present(id, limit)) return std::nullopt;

        // Each claim's rank as of the limit: one seek in claim_rank's primary key per claim.
        auto& claims = prepare(record_claims_sql);
        claims.bind(1, id);
        claims.bind(2, static_cast<std::int64_t>(limit));
        std::map<long long, std::size_t> position;
        while (claims.executeStep()) {
            const auto rank = model::rank_from(column_text(claims, 9));
            if (rank == model::Rank::retired) continue;
            model::Claim claim;
            claim.id = claims.getColumn(0).getInt64();
            claim.field = column_text(claims, 1);
            claim.state = model::claim_state_from(column_text(claims, 2));
            claim.value = field_value(claims, 3);
            claim.changeset_id = claims.getColumn(8).getInt64();
            claim.ranked_in = claims.getColumn(10).getInt64();
            claim.rank = rank;
            position[claim.id] = record.claims.size();
            record.claims.push_back(std::move(claim));
        }

        auto& citations = prepare(record_citations_sql);
        citations.bind(1, id);
        citations.bind(2, static_cast<std::int64_t>(limit));
        while (citations.executeStep()) {
            const auto found = position.find(citations.getColumn(1).getInt64());
            if (found == position.end()) continue;
            model::Citation citation{citations.getColumn(0).getInt64(), citations.getColumn(2).getInt64(),
                                     column_text(citations, 3), column_text(citations, 4),
                                     citations.getColumn(5).getInt64()};
            record.sources.emplace(citation.source_id, model::Source{});
            record.claims[found->second].citations.push_back(std::move(citation));
        }
        for (auto& [source_id, source] : record.sources) {
            auto& query = prepare(record_source_sql);
            query.bind(1, static_cast<std::int64_t>(source_id));
            query.bind(2, static_cast<std::int64_t>(limit));
            if (query.executeStep()) {
                source = {source_id, column_text(query, 0), source_meta(query, 1)};
            }
        }
        return record;
    });
}

std::vector<std::string> Store::record_query_plans() const {
    return guarded(path_, [&] {
        std::vector<std::string> steps;
        for (const char* sql : {record_cluster_sql, record_presence_sql, record_claims_sql, record_citations_sql,
                                record_source_sql, citation_unless_repeated_sql}) {
            SQLite::Statement plan(connection(), std::string("EXPLAIN QUERY PLAN ") + sql);
            while (plan.executeStep()) steps.push_back(column_text(plan, 3));
        }
        return steps;
    });
}

std::vector<FieldRow> Store::preferred_fields(const std::vector<std::string>& fields, std::optional<long long> as_of) const {
    return guarded(path_, [&] {
        std::string sql = R"(
            SELECT c.cluster_id, c.field, c.state, c.value, c.derivation, c.basis, c.estimator, c.bound
            FROM claim c
            WHERE c.changeset_id <= ?1
              AND (SELECT r.rank FROM claim_rank r WHERE r.claim_id = c.id AND r.changeset_id <= ?1
                   ORDER BY r.changeset_id DESC LIMIT 1) = 'preferred')";
        if (!fields.empty()) {
            sql += " AND c.field IN (";
            for (std::size_t i = 0; i < fields.size(); ++i) sql += i == 0 ? "?" : ", ?";
            sql += ")";
        }
        SQLite::Statement query(connection(), sql);
        query.bind(1, static_cast<std::int64_t>(as_of.value_or(no_limit)));
        for (std::size_t i = 0; i < fields.size(); ++i) query.bind(static_cast<int>(i + 2), fields[i]);
        std::vector<FieldRow> rows;
        while (query.executeStep()) {
            rows.push_back({column_text(query, 0), column_text(query, 1), model::claim_state_from(column_text(query, 2)),
                            field_value(query, 3)});
        }
        return rows;
    });
}

std::vector<std::string> Store::cluster_ids(std::optional<long long> as_of) const {
    return guarded(path_, [&] {
        SQLite::Statement query(connection(), R"(
            SELECT k.id FROM cluster k
            WHERE k.changeset_id <= ?1
              AND coalesce((SELECT p.present FROM cluster_presence p WHERE p.cluster_id = k.id AND p.changeset_id <= ?1
                            ORDER BY p.changeset_id DESC LIMIT 1), 1) = 1
            ORDER BY k.id)");
        query.bind(1, static_cast<std::int64_t>(as_of.value_or(no_limit)));
        std::vector<std::string> ids;
        while (query.executeStep()) ids.push_back(column_text(query, 0));
        return ids;
    });
}

std::vector<std::string> Store::search(const std::string& fts_query) const {
    return guarded(path_, [&] {
        SQLite::Statement query(connection(), "SELECT cluster_id FROM cluster_search WHERE cluster_search MATCH ? ORDER BY rank");
        query.bind(1, fts_query);
        std::vector<std::string> ids;
        while (query.executeStep()) ids.push_back(column_text(query, 0));
        return ids;
    });
}

namespace {

// A source with its newest revision, found by url (?1) or id (?2): one index seek either way.
constexpr const char* source_sql = R"(
        SELECT s.id, s.url, v.kind, v.title, v.publisher, v.published, v.accessed, v.archive_url, v.archived,
               v.changeset_id
        FROM source s JOIN source_revision v ON v.source_id = s.id
        WHERE s.{} = ? ORDER BY v.changeset_id DESC LIMIT 1)";

model::Source read_source(SQLite::Statement& query) {
    return {query.getColumn(0).getInt64(), column_text(query, 1), source_meta(query, 2), query.getColumn(9).getInt64()};
}

}  // namespace

std::optional<model::Source> Store::source_by_url(const std::string& normalised_url) const {
    return guarded(path_, [&]() -> std::optional<model::Source> {
        static const std::string sql = fmt::format(source_sql, "url");
        auto& query = prepare(sql.c_str());
        query.bind(1, normalised_url);
        if (!query.executeStep()) return std::nullopt;
        return read_source(query);
    });
}

std::optional<model::Source> Store::source_by_id(long long id) const {
    return guarded(path_, [&]() -> std::optional<model::Source> {
        static const std::string sql = fmt::format(source_sql, "id");
        auto& query = prepare(sql.c_str());
        query.bind(1, static_cast<std::int64_t>(id));
        if (!query.executeStep()) return std::nullopt;
        return read_source(query);
    });
}

std::optional<model::Changeset> Store::changeset(long long id) const {
    return guarded(path_, [&]() -> std::optional<model::Changeset> {
        auto& query = prepare("SELECT id, created_at, author, message, command FROM changeset WHERE id = ?");
        query.bind(1, static_cast<std::int64_t>(id));
        if (!query.executeStep()) return std::nullopt;
        return model::Changeset{query.getColumn(0).getInt64(), column_text(query, 1), column_text(query, 2),
                                column_text(query, 3), column_text(query, 4)};
    });
}

long long Store::latest_changeset_id() const {
    return guarded(path_, [&] { return connection().execAndGet("SELECT coalesce(max(id), 0) FROM changeset").getInt64(); });
}

long long Store::changeset_at(const std::string& timestamp) const {
    return guarded(path_, [&] {
        auto& query = prepare("SELECT coalesce(max(id), 0) FROM changeset WHERE created_at <= ?");
        query.bind(1, timestamp);
        query.executeStep();
        return query.getColumn(0).getInt64();
    });
}

std::vector<model::Changeset> Store::changesets(const std::string& cluster_id, const std::string& field,
                                                std::optional<long long> limit, std::optional<long long> as_of) const {
    return guarded(path_, [&] {
        // The changesets that touched a cluster: made, re-ranked or cited one of its claims, or
        // created or removed it. Each branch is an index lookup by cluster.
        std::string sql = "SELECT id, created_at, author, message, command FROM changeset";
        if (!cluster_id.empty()) {
            sql += R"( WHERE id IN (
                SELECT c.changeset_id FROM claim c WHERE c.cluster_id = ?1 AND (?2 = '' OR c.field = ?2)
                UNION SELECT r.changeset_id FROM claim c JOIN claim_rank r ON r.claim_id = c.id
                      WHERE c.cluster_id = ?1 AND (?2 = '' OR c.field = ?2)
                UNION SELECT t.changeset_id FROM claim c JOIN citation t ON t.claim_id = c.id
                      WHERE c.cluster_id = ?1 AND (?2 = '' OR c.field = ?2)
                UNION SELECT w.changeset_id FROM claim c JOIN citation t ON t.claim_id = c.id
                      JOIN citation_withdrawal w ON w.citation_id = t.id
                      WHERE c.cluster_id = ?1 AND (?2 = '' OR c.field = ?2)
                UNION SELECT k.changeset_id FROM cluster k WHERE k.id = ?1 AND ?2 = ''
                UNION SELECT p.changeset_id FROM cluster_presence p WHERE p.cluster_id = ?1 AND ?2 = ''))";
        }
        sql += std::string(cluster_id.empty() ? " WHERE" : " AND") + " id <= ?4 ORDER BY id DESC LIMIT ?3";
        SQLite::Statement query(connection(), sql);
        if (!cluster_id.empty()) {
            query.bind(1, cluster_id);
            query.bind(2, field);
        }
        query.bind(3, static_cast<std::int64_t>(limit.value_or(-1)));
        query.bind(4, static_cast<std::int64_t>(as_of.value_or(no_limit)));
        std::vector<model::Changeset> found;
        while (query.executeStep()) {
            found.push_back({query.getColumn(0).getInt64(), column_text(query, 1), column_text(query, 2),
                             column_text(query, 3), column_text(query, 4)});
        }
        return found;
    });
}

std::vector<TouchedField> Store::touched_fields(long long changeset_id) const {
    return guarded(path_, [&] {
        auto& query = prepare(R"(
            SELECT c.cluster_id, c.field FROM claim c WHERE c.changeset_id = ?1
            UNION SELECT c.cluster_id, c.field FROM claim_rank r JOIN claim c ON c.id = r.claim_id WHERE r.changeset_id = ?1
            UNION SELECT c.cluster_id, c.field FROM citation t JOIN claim c ON c.id = t.claim_id WHERE t.changeset_id = ?1
            UNION SELECT c.cluster_id, c.field FROM citation_withdrawal w JOIN citation t ON t.id = w.citation_id
                  JOIN claim c ON c.id = t.claim_id WHERE w.changeset_id = ?1
            ORDER BY 1, 2)");
        query.bind(1, static_cast<std::int64_t>(changeset_id));
        std::vector<TouchedField> fields;
        while (query.executeStep()) fields.push_back({column_text(query, 0), column_text(query, 1)});
        return fields;
    });
}

// One column of a query whose parameters are all ids: the shape of most history look-ups.
std::vector<std::string> Store::texts(const char* sql, std::initializer_list<long long> ids) const {
    return guarded(path_, [&] {
        auto& query = prepare(sql);
        int index = 0;
        for (long long id : ids) query.bind(++index, static_cast<std::int64_t>(id));
        std::vector<std::string> values;
        while (query.executeStep()) values.push_back(column_text(query, 0));
        return values;
    });
}

std::vector<long long> Store::numbers(const char* sql, std::initializer_list<long long> ids) const {
    return guarded(path_, [&] {
        auto& query = prepare(sql);
        int index = 0;
        for (long long id : ids) query.bind(++index, static_cast<std::int64_t>(id));
        std::vector<long long> values;
        while (query.executeStep()) values.push_back(query.getColumn(0).getInt64());
        return values;
    });
}

std::vector<std::string> Store::clusters_created_in(long long changeset_id) const {
    return texts("SELECT id FROM cluster WHERE changeset_id = ? ORDER BY id", {changeset_id});
}

std::vector<std::string> Store::presence_changed_in(long long changeset_id) const {
    return texts("SELECT cluster_id FROM cluster_presence WHERE changeset_id = ? ORDER BY cluster_id", {changeset_id});
}

std::vector<long long> Store::later_changesets(const TouchedField& field, long long after) const {
    return guarded(path_, [&] {
        auto& query = prepare(R"(
            SELECT c.changeset_id FROM claim c WHERE c.cluster_id = ?1 AND c.field = ?2 AND c.changeset_id > ?3
            UNION SELECT r.changeset_id FROM claim c JOIN claim_rank r ON r.claim_id = c.id
                  WHERE c.cluster_id = ?1 AND c.field = ?2 AND r.changeset_id > ?3
            UNION SELECT t.changeset_id FROM claim c JOIN citation t ON t.claim_id = c.id
                  WHERE c.cluster_id = ?1 AND c.field = ?2 AND t.changeset_id > ?3
            UNION SELECT w.changeset_id FROM claim c JOIN citation t ON t.claim_id = c.id
                  JOIN citation_withdrawal w ON w.citation_id = t.id
                  WHERE c.cluster_id = ?1 AND c.field = ?2 AND w.changeset_id > ?3
            ORDER BY 1)");
        query.bind(1, field.cluster_id);
        query.bind(2, field.field);
        query.bind(3, static_cast<std::int64_t>(after));
        std::vector<long long> ids;
        while (query.executeStep()) ids.push_back(query.getColumn(0).getInt64());
        return ids;
    });
}

std::vector<model::Claim> Store::field_claims(const TouchedField& field, std::optional<long long> as_of) const {
    return guarded(path_, [&] {
        auto& query = prepare(R"(
            SELECT c.id, c.state, c.value, c.derivation, c.basis, c.estimator, c.bound, c.changeset_id,
                   (SELECT r.rank FROM claim_rank r WHERE r.claim_id = c.id AND r.changeset_id <= ?3
                     ORDER BY r.changeset_id DESC LIMIT 1)
            FROM claim c WHERE c.cluster_id = ?1 AND c.field = ?2 AND c.changeset_id <= ?3 ORDER BY c.id)");
        query.bind(1, field.cluster_id);
        query.bind(2, field.field);
        query.bind(3, static_cast<std::int64_t>(as_of.value_or(no_limit)));
        std::vector<model::Claim> claims;
        while (query.executeStep()) {
            model::Claim claim;
            claim.id = query.getColumn(0).getInt64();
            claim.field = field.field;
            claim.state = model::claim_state_from(column_text(query, 1));
            claim.value = field_value(query, 2);
            claim.changeset_id = query.getColumn(7).getInt64();
            claim.rank = model::rank_from(column_text(query, 8));
            claims.push_back(std::move(claim));
        }
        return claims;
    });
}

std::vector<CitationState> Store::citations_touched_in(long long changeset_id) const {
    return guarded(path_, [&] {
        // Each citation the changeset added or withdrew/restored, with whether it was live just
        // before and is live now.
        auto& query = prepare(R"(
            WITH touched AS (
                SELECT id FROM citation WHERE changeset_id = ?1
                UNION SELECT citation_id FROM citation_withdrawal WHERE changeset_id = ?1)
            SELECT t.id, t.changeset_id < ?1,
                   coalesce((SELECT w.withdrawn FROM citation_withdrawal w WHERE w.citation_id = t.id AND w.changeset_id < ?1
                             ORDER BY w.changeset_id DESC LIMIT 1), 0),
                   coalesce((SELECT w.withdrawn FROM citation_withdrawal w WHERE w.citation_id = t.id
                             ORDER BY w.changeset_id DESC LIMIT 1), 0)
            FROM citation t WHERE t.id IN (SELECT id FROM touched) ORDER BY t.id)");
        query.bind(1, static_cast<std::int64_t>(changeset_id));
        std::vector<CitationState> states;
        while (query.executeStep()) {
            const bool existed = query.getColumn(1).getInt() == 1;
            states.push_back({query.getColumn(0).getInt64(), existed && query.getColumn(2).getInt() == 0,
                              query.getColumn(3).getInt() == 0});
        }
        return states;
    });
}

std::optional<bool> Store::presence_before(const std::string& cluster_id, long long changeset_id) const {
    return guarded(path_, [&]() -> std::optional<bool> {
        auto& created = prepare("SELECT changeset_id FROM cluster WHERE id = ?");
        created.bind(1, cluster_id);
        if (!created.executeStep() || created.getColumn(0).getInt64() >= changeset_id) return false;
        auto& query = prepare(R"(
            SELECT present FROM cluster_presence WHERE cluster_id = ? AND changeset_id < ?
            ORDER BY changeset_id DESC LIMIT 1)");
        query.bind(1, cluster_id);
        query.bind(2, static_cast<std::int64_t>(changeset_id));
        return !query.executeStep() || query.getColumn(0).getInt() == 1;
    });
}

std::vector<long long> Store::sources_revised_in(long long changeset_id) const {
    return numbers("SELECT source_id FROM source_revision WHERE changeset_id = ? ORDER BY source_id", {changeset_id});
}

std::optional<model::SourceMeta> Store::source_meta_as_of(long long source_id, long long as_of) const {
    return guarded(path_, [&]() -> std::optional<model::SourceMeta> {
        auto& query = prepare(R"(
            SELECT kind, title, publisher, published, accessed, archive_url, archived FROM source_revision
            WHERE source_id = ? AND changeset_id <= ? ORDER BY changeset_id DESC LIMIT 1)");
        query.bind(1, static_cast<std::int64_t>(source_id));
        query.bind(2, static_cast<std::int64_t>(as_of));
        if (!query.executeStep()) return std::nullopt;
        return source_meta(query, 0);
    });
}

std::vector<long long> Store::later_source_revisions(long long source_id, long long after) const {
    return numbers("SELECT changeset_id FROM source_revision WHERE source_id = ? AND changeset_id > ? ORDER BY 1",
                   {source_id, after});
}

std::vector<SourceUse> Store::sources(const std::string& cluster_id) const {
    return guarded(path_, [&] {
        // A source backs a value when a current citation of it sits on a claim that is not retired.
        SQLite::Statement query(connection(), R"(
            WITH live AS (
                SELECT t.source_id, t.claim_id, c.cluster_id
                FROM current_citation t JOIN claim_with_rank c ON c.id = t.claim_id
                WHERE c.rank <> 'retired' AND c.cluster_id IN (SELECT id FROM current_cluster_id))
            SELECT s.id, s.url, s.kind, s.title, s.publisher, s.published, s.accessed, s.archive_url, s.archived,
                   (SELECT count(DISTINCT claim_id) FROM live WHERE live.source_id = s.id)
            FROM current_source s
            WHERE ?1 = '' OR s.id IN (SELECT source_id FROM live WHERE cluster_id = ?1)
            ORDER BY s.id)");
        query.bind(1, cluster_id);
        std::vector<SourceUse> found;
        while (query.executeStep()) {
            found.push_back({{query.getColumn(0).getInt64(), column_text(query, 1), source_meta(query, 2)},
                             query.getColumn(9).getInt64()});
        }
        return found;
    });
}

std::vector<BackedValue> Store::values_backed_by(long long source_id) const {
    return guarded(path_, [&] {
        SQLite::Statement query(connection(), R"(
            SELECT c.cluster_id, c.id, c.field, c.state, c.value, c.derivation, c.basis, c.estimator, c.bound, c.changeset_id,
                   c.rank, t.id, t.locator, t.quote, t.changeset_id
            FROM current_citation t JOIN claim_with_rank c ON c.id = t.claim_id
            WHERE t.source_id = ? AND c.rank <> 'retired' AND c.cluster_id IN (SELECT id FROM current_cluster_id)
            ORDER BY c.cluster_id, c.id, t.id)");
        query.bind(1, static_cast<std::int64_t>(source_id));
        std::vector<BackedValue> found;
        while (query.executeStep()) {
            model::Claim claim;
            claim.id = query.getColumn(1).getInt64();
            claim.field = column_text(query, 2);
            claim.state = model::claim_state_from(column_text(query, 3));
            claim.value = field_value(query, 4);
            claim.changeset_id = query.getColumn(9).getInt64();
            claim.rank = model::rank_from(column_text(query, 10));
            claim.citations.push_back({query.getColumn(11).getInt64(), source_id, column_text(query, 12),
                                       column_text(query, 13), query.getColumn(14).getInt64()});
            found.push_back({column_text(query, 0), std::move(claim)});
        }
        return found;
    });
}

void Store::insert_citation_withdrawal(long long citation_id, long long changeset_id, bool withdrawn) {
    auto& query = prepare("INSERT INTO citation_withdrawal (citation_id, changeset_id, withdrawn) VALUES (?, ?, ?)");
    query.bind(1, static_cast<std::int64_t>(citation_id));
    query.bind(2, static_cast<std::int64_t>(changeset_id));
    query.bind(3, withdrawn ? 1 : 0);
    query.exec();
}

void Store::for_each_record(std::optional<long long> as_of, const std::function<void(model::Record&)>& visit,
                            RecordParts parts) const {
    const bool evidence = parts == RecordParts::evidence;
    guarded(path_, [&] {
        const long long limit = as_of.value_or(no_limit);
        auto& db = connection();
        RawQuery clusters(db, R"(
            SELECT k.id, k.changeset_id FROM cluster k
            WHERE k.changeset_id <= ?1
              AND coalesce((SELECT p.present FROM cluster_presence p WHERE p.cluster_id = k.id AND p.changeset_id <= ?1
                            ORDER BY p.changeset_id DESC LIMIT 1), 1) = 1
            ORDER BY k.id)");
        // The current state walks live_claim (a row per claim not retired, in cluster and claim
        // order); a past one ranks each claim as of the limit through claim_rank's primary key.
        const std::string rank_filter = evidence ? "" : " WHERE l.rank = 'preferred'";
        const std::string claims_sql =
            as_of ? fmt::format(R"(
                SELECT c.cluster_id, c.id, c.field, c.state, c.value, c.derivation, c.basis, c.estimator, c.bound,
                       c.changeset_id, r.rank, r.changeset_id
                FROM claim c INDEXED BY claim_by_field
                CROSS JOIN claim_rank r ON r.claim_id = c.id
                 AND r.changeset_id = (SELECT max(changeset_id) FROM claim_rank WHERE claim_id = c.id AND changeset_id <= ?1)
                WHERE c.changeset_id <= ?1 AND {}
                ORDER BY c.cluster_id)", evidence ? "r.rank <> 'retired'" : "r.rank = 'preferred'")
                  : R"(
                SELECT l.cluster_id, c.id, c.field, c.state, c.value, c.derivation, c.basis, c.estimator, c.bound,
                       c.changeset_id, l.rank, l.ranked_in
                FROM live_claim l CROSS JOIN claim c ON c.id = l.claim_id)" + rank_filter +
                  " ORDER BY l.cluster_id, l.claim_id";
        // Withdrawn citations are rare: when there are none, the current state needs no look at
        // each citation's withdrawals.
        bool any_withdrawal = true;
        if (!as_of) {
            RawQuery withdrawals(db, "SELECT EXISTS (SELECT 1 FROM citation_withdrawal)");
            any_withdrawal = withdrawals.step() && withdrawals.columns().integer(0) != 0;
        }
        const std::string citations_sql =
            as_of ? std::string(R"(
                SELECT c.cluster_id, t.claim_id, t.id, t.source_id, t.locator, t.quote, t.changeset_id
                FROM claim c INDEXED BY claim_by_field
                CROSS JOIN citation t ON t.claim_id = c.id
                WHERE t.changeset_id <= ?1
                  AND coalesce((SELECT w.withdrawn FROM citation_withdrawal w WHERE w.citation_id = t.id AND w.changeset_id <= ?1
                                ORDER BY w.changeset_id DESC LIMIT 1), 0) = 0
                ORDER BY c.cluster_id)")
                  : std::string(R"(
                SELECT l.cluster_id, t.claim_id, t.id, t.source_id, t.locator, t.quote, t.changeset_id
                FROM live_claim l CROSS JOIN citation t INDEXED BY citation_by_claim ON t.claim_id = l.claim_id)") +
                        (any_withdrawal ? R"(
                WHERE coalesce((SELECT w.withdrawn FROM citation_withdrawal w WHERE w.citation_id = t.id
                                ORDER BY w.changeset_id DESC LIMIT 1), 0) = 0)"
                                        : "") +
                        " ORDER BY l.cluster_id, l.claim_id, t.id";
        RawQuery claims(db, claims_sql);
        RawQuery citations(db, citations_sql);
        // (The current state's queries have no parameter: binding it does nothing.)
        for (auto* query : {&clusters, &claims, &citations}) query->bind(1, limit);
        // Sources are few beside citations and cited over and over: their metadata as of the
        // limit is looked up once each and kept in a cache of bounded size.
        RawQuery source_lookup(db, R"(
            SELECT s.url, v.kind, v.title, v.publisher, v.published, v.accessed, v.archive_url, v.archived
            FROM source s JOIN source_revision v ON v.source_id = s.id
            WHERE s.id = ?1 AND v.changeset_id <= ?2 ORDER BY v.changeset_id DESC LIMIT 1)");
        constexpr std::size_t source_cache_size = 16384;
        std::unordered_map<long long, model::Source> source_cache;
        auto source_of = [&](long long id) -> const model::Source& {
            if (const auto found = source_cache.find(id); found != source_cache.end()) return found->second;
            if (source_cache.size() >= source_cache_size) source_cache.clear();
            source_lookup.reset();
            source_lookup.bind(1, id);
            source_lookup.bind(2, limit);
            model::Source source{id, "", {}};
            if (source_lookup.step()) {
                const auto row = source_lookup.columns();
                source.url = row.text(0);
                source.meta = {row.text(1), row.text(2), row.text(3), row.text(4), row.text(5), row.text(6), row.text(7)};
            }
            return source_cache.emplace(id, std::move(source)).first->second;
        };
        // The three streams come in cluster id order straight from the indexes (no sort, so no
        // temporary b-tree the size of the database); each record takes its rows from their fronts.
        const RawColumns claim_row = claims.columns();
        const RawColumns citation_row = citations.columns();
        bool claims_left = claims.step();
        bool citations_left = evidence && citations.step();
        // One record is filled again and again: its strings keep their buffers from one cluster
        // to the next (a million records, a few allocations each instead of dozens).
        model::Record record;
        while (clusters.step()) {
            const RawColumns cluster_row = clusters.columns();
            record.id.assign(cluster_row.view(0));
            record.created_in = cluster_row.integer(1);
            record.sources.clear();
            record.verification.reset();
            std::size_t used = 0;
            while (claims_left && claim_row.view(0) < record.id) claims_left = claims.step();
            while (claims_left && claim_row.view(0) == record.id) {
                if (used == record.claims.size()) record.claims.emplace_back();
                model::Claim& claim = record.claims[used++];
                claim.id = claim_row.integer(1);
                claim.field.assign(claim_row.view(2));
                claim.state = model::claim_state_from(claim_row.view(3));
                claim.value.value.assign(claim_row.view(4));
                claim.value.qualifiers.derivation.assign(claim_row.view(5));
                claim.value.qualifiers.basis.assign(claim_row.view(6));
                claim.value.qualifiers.estimator.assign(claim_row.view(7));
                claim.value.qualifiers.bound.assign(claim_row.view(8));
                claim.changeset_id = claim_row.integer(9);
                claim.rank = model::rank_from(claim_row.view(10));
                claim.ranked_in = claim_row.integer(11);
                claim.citations.clear();
                claims_left = claims.step();
            }
            record.claims.resize(used);
            const auto by_id = [](const model::Claim& a, const model::Claim& b) { return a.id < b.id; };
            if (!std::is_sorted(record.claims.begin(), record.claims.end(), by_id)) {
                std::sort(record.claims.begin(), record.claims.end(), by_id);
            }
            // A citation of one of the record's claims is the record's: its cluster id is read only
            // for the others (the claim ids tell most rows apart for less).
            auto claim_of = [&](long long claim_id) {
                const auto found = std::lower_bound(record.claims.begin(), record.claims.end(), claim_id,
                                                    [](const model::Claim& claim, long long id) { return claim.id < id; });
                return found != record.claims.end() && found->id == claim_id ? found : record.claims.end();
            };
            while (citations_left) {
                const long long claim_id = citation_row.integer(1);
                auto found = claim_of(claim_id);
                if (found == record.claims.end()) {
                    const std::string_view cluster = citation_row.view(0);
                    if (cluster > record.id) break;
                    // A citation of an earlier cluster (one not present), or of a claim of this one
                    // that is not read (values only): passed over.
                    citations_left = citations.step();
                    continue;
                }
                {
                    const long long source_id = citation_row.integer(3);
                    auto& citation = found->citations.emplace_back();
                    citation.id = citation_row.integer(2);
                    citation.source_id = source_id;
                    citation.locator.assign(citation_row.view(4));
                    citation.quote.assign(citation_row.view(5));
                    citation.changeset_id = citation_row.integer(6);
                    if (!record.sources.contains(source_id)) record.sources.emplace(source_id, source_of(source_id));
                }
                citations_left = citations.step();
            }
            for (auto& claim : record.claims) {
                const auto by_citation_id = [](const model::Citation& a, const model::Citation& b) { return a.id < b.id; };
                if (!std::is_sorted(claim.citations.begin(), claim.citations.end(), by_citation_id)) {
                    std::sort(claim.citations.begin(), claim.citations.end(), by_citation_id);
                }
            }
            visit(record);
        }
    });
}

std::vector<Acceptance> Store::acceptances(std::optional<long long> as_of) const {
    return guarded(path_, [&] {
        SQLite::Statement query(connection(), R"(
            SELECT a.cluster_id, a.rule, a.reason, a.changeset_id FROM finding_acceptance a
            WHERE a.changeset_id = (SELECT max(changeset_id) FROM finding_acceptance
                                    WHERE cluster_id = a.cluster_id AND rule = a.rule AND changeset_id <= ?1)
              AND a.accepted = 1
            ORDER BY a.cluster_id, a.rule)");
        query.bind(1, static_cast<std::int64_t>(as_of.value_or(no_limit)));
        std::vector<Acceptance> found;
        while (query.executeStep()) {
            found.push_back({column_text(query, 0), column_text(query, 1), column_text(query, 2), query.getColumn(3).getInt64()});
        }
        return found;
    });
}

std::map<std::string, long long> Store::verifications(std::optional<long long> as_of) const {
    return guarded(path_, [&] {
        SQLite::Statement query(connection(), R"(
            SELECT v.cluster_id, v.changeset_id FROM verification v
            WHERE v.changeset_id = (SELECT max(changeset_id) FROM verification WHERE cluster_id = v.cluster_id AND changeset_id <= ?1)
              AND v.verified = 1)");
        query.bind(1, static_cast<std::int64_t>(as_of.value_or(no_limit)));
        std::map<std::string, long long> found;
        while (query.executeStep()) found.emplace(column_text(query, 0), query.getColumn(1).getInt64());
        return found;
    });
}

std::optional<long long> Store::verification_of(const std::string& cluster_id, std::optional<long long> as_of) const {
    return guarded(path_, [&]() -> std::optional<long long> {
        auto& query = prepare(R"(
            SELECT changeset_id, verified FROM verification WHERE cluster_id = ? AND changeset_id <= ?
            ORDER BY changeset_id DESC LIMIT 1)");
        query.bind(1, cluster_id);
        query.bind(2, static_cast<std::int64_t>(as_of.value_or(no_limit)));
        if (!query.executeStep() || query.getColumn(1).getInt() == 0) return std::nullopt;
        return query.getColumn(0).getInt64();
    });
}

std::map<std::string, long long> Store::last_changes(std::optional<long long> as_of) const {
    return guarded(path_, [&] {
        SQLite::Statement query(connection(), R"(
            SELECT cluster_id, max(changeset_id) FROM (
                SELECT c.cluster_id, c.changeset_id FROM claim c
                UNION ALL SELECT c.cluster_id, r.changeset_id FROM claim_rank r JOIN claim c ON c.id = r.claim_id
                UNION ALL SELECT c.cluster_id, t.changeset_id FROM citation t JOIN claim c ON c.id = t.claim_id
                UNION ALL SELECT c.cluster_id, w.changeset_id FROM citation_withdrawal w
                          JOIN citation t ON t.id = w.citation_id JOIN claim c ON c.id = t.claim_id
                UNION ALL SELECT id, changeset_id FROM cluster
                UNION ALL SELECT cluster_id, changeset_id FROM cluster_presence)
            WHERE changeset_id <= ? GROUP BY cluster_id)");
        query.bind(1, static_cast<std::int64_t>(as_of.value_or(no_limit)));
        std::map<std::string, long long> found;
        while (query.executeStep()) found.emplace(column_text(query, 0), query.getColumn(1).getInt64());
        return found;
    });
}

void Store::insert_acceptance(const Acceptance& acceptance, bool accepted) {
    auto& query = prepare(R"(
        INSERT INTO finding_acceptance (cluster_id, rule, changeset_id, accepted, reason) VALUES (?, ?, ?, ?, ?))");
    query.bind(1, acceptance.cluster_id);
    query.bind(2, acceptance.rule);
    query.bind(3, static_cast<std::int64_t>(acceptance.changeset_id));
    query.bind(4, accepted ? 1 : 0);
    query.bind(5, acceptance.reason);
    query.exec();
}

void Store::insert_verification(const std::string& cluster_id, long long changeset_id, bool verified) {
    auto& query = prepare("INSERT INTO verification (cluster_id, changeset_id, verified) VALUES (?, ?, ?)");
    query.bind(1, cluster_id);
    query.bind(2, static_cast<std::int64_t>(changeset_id));
    query.bind(3, verified ? 1 : 0);
    query.exec();
}

std::vector<VerifyEvent> Store::verify_events_in(long long changeset_id) const {
    return guarded(path_, [&] {
        // What the changeset did to badges and acceptances, and how each stood just before it.
        auto& query = prepare(R"(
            SELECT v.cluster_id, '', v.verified,
                   coalesce((SELECT p.verified FROM verification p WHERE p.cluster_id = v.cluster_id AND p.changeset_id < ?1
                             ORDER BY p.changeset_id DESC LIMIT 1), 0), ''
            FROM verification v WHERE v.changeset_id = ?1
            UNION ALL
            SELECT a.cluster_id, a.rule, a.accepted,
                   coalesce((SELECT p.accepted FROM finding_acceptance p WHERE p.cluster_id = a.cluster_id AND p.rule = a.rule
                             AND p.changeset_id < ?1 ORDER BY p.changeset_id DESC LIMIT 1), 0),
                   coalesce((SELECT p.reason FROM finding_acceptance p WHERE p.cluster_id = a.cluster_id AND p.rule = a.rule
                             AND p.changeset_id < ?1 ORDER BY p.changeset_id DESC LIMIT 1), '')
            FROM finding_acceptance a WHERE a.changeset_id = ?1
            ORDER BY 1, 2)");
        query.bind(1, static_cast<std::int64_t>(changeset_id));
        std::vector<VerifyEvent> events;
        while (query.executeStep()) {
            events.push_back({column_text(query, 0), column_text(query, 1), query.getColumn(2).getInt() == 1,
                              query.getColumn(3).getInt() == 1, column_text(query, 4)});
        }
        return events;
    });
}

void Store::insert_presence(const std::string& cluster_id, long long changeset_id, bool present) {
    auto& query = prepare("INSERT INTO cluster_presence (cluster_id, changeset_id, present) VALUES (?, ?, ?)");
    query.bind(1, cluster_id);
    query.bind(2, static_cast<std::int64_t>(changeset_id));
    query.bind(3, present ? 1 : 0);
    query.exec();
}

void Store::with_write_transaction(const std::function<bool()>& body, WriteMode mode) {
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
        } settings{*db_, mode == WriteMode::bulk};
        if (settings.bulk) {
            connection().exec(fmt::format("PRAGMA foreign_keys = OFF; PRAGMA cache_size = -{}", bulk_cache_kib));
        }
        // A cached statement left mid-result holds a read snapshot; a write must not start from a
        // stale one (another process may have written meanwhile: SQLITE_BUSY_SNAPSHOT).
        for (auto& [sql, statement] : statements_->statements) statement->reset();
        SQLite::Transaction transaction(connection(), SQLite::TransactionBehavior::IMMEDIATE);
        // Ids are read again by the next transaction: other processes may write in between.
        struct Reset {
            PendingRows& pending;
            std::vector<long long>& written;
            ~Reset() {
                pending.discard();
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
            // Rows still waiting belong to the savepoint that is rolled back.
            pending_->discard();
            throw;
        }
        savepoint.release();
    });
}

long long Store::insert_changeset(const model::Changeset& changeset) {
    auto& query = prepare("INSERT INTO changeset (created_at, author, message, command) VALUES (?, ?, ?, ?)");
    query.bind(1, changeset.created_at);
    query.bind(2, changeset.author);
    query.bind(3, changeset.message);
    query.bind(4, changeset.command);
    query.exec();
    changesets_written_.push_back(db_->getLastInsertRowid());
    return changesets_written_.back();
}

void Store::insert_cluster(const std::string& id, long long changeset_id) {
    auto& query = prepare("INSERT INTO cluster (id, changeset_id) VALUES (?, ?)");
    query.bind(1, id);
    query.bind(2, static_cast<std::int64_t>(changeset_id));
    query.exec();
}

long long Store::insert_source(const std::string& url, long long changeset_id) {
    auto& query = prepare("INSERT INTO source (url, changeset_id) VALUES (?, ?)");
    query.bind(1, url);
    query.bind(2, static_cast<std::int64_t>(changeset_id));
    query.exec();
    return db_->getLastInsertRowid();
}

void Store::insert_source_revision(long long source_id, long long changeset_id, const model::SourceMeta& meta) {
    auto& query = prepare(R"(
        INSERT INTO source_revision (source_id, changeset_id, kind, title, publisher, published, accessed, archive_url, archived)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?))");
    query.bind(1, static_cast<std::int64_t>(source_id));
    query.bind(2, static_cast<std::int64_t>(changeset_id));
    query.bind(3, meta.kind);
    query.bind(4, meta.title);
    query.bind(5, meta.publisher);
    query.bind(6, meta.published);
    query.bind(7, meta.accessed);
    query.bind(8, meta.archive_url);
    query.bind(9, meta.archived);
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

long long Store::insert_citation(long long claim_id, long long source_id, const std::string& locator,
                                 const std::string& quote, long long changeset_id) {
    auto& pending = *pending_;
    // Ids are handed out in order and the queue is written whole: the claims waiting are those
    // from the first one waiting on.
    const bool claim_waiting = !pending.claims.empty() && claim_id >= pending.claims.front().id;
    if (claim_waiting) {
        // A claim not yet written has no citations but those waiting with it.
        const bool repeat = std::any_of(pending.citations.begin(), pending.citations.end(), [&](const auto& row) {
            return row.claim_id == claim_id && row.source_id == source_id && row.locator == locator && row.quote == quote;
        });
        if (repeat) return 0;
        const long long id = guarded(path_, [&] { return next_id("citation"); });
        pending.citations.push_back({id, claim_id, source_id, locator, quote, changeset_id});
        return id;
    }
    // A written claim may have this citation already, withdrawn or not: then nothing is added.
    return guarded(path_, [&]() -> long long {
        const long long id = next_id("citation");
        auto& query = prepare(citation_unless_repeated_sql);
        query.bind(1, static_cast<std::int64_t>(id));
        query.bind(2, static_cast<std::int64_t>(claim_id));
        query.bind(3, static_cast<std::int64_t>(source_id));
        query.bind(4, locator);
        query.bind(5, quote);
        query.bind(6, static_cast<std::int64_t>(changeset_id));
        if (query.exec() == 1) return id;
        --pending_->next_citation_id;  // not used: the next citation takes it
        return 0LL;
    });
}

void Store::start_import_ids() {
    guarded(path_, [&] {
        connection().exec("CREATE TEMP TABLE IF NOT EXISTS import_id (id TEXT PRIMARY KEY, place TEXT NOT NULL); "
                          "DELETE FROM import_id;");
    });
}

std::optional<std::string> Store::note_import_id(const std::string& id, const std::string& place) {
    return guarded(path_, [&]() -> std::optional<std::string> {
        auto& insert = prepare("INSERT INTO import_id (id, place) VALUES (?, ?) ON CONFLICT DO NOTHING");
        insert.bind(1, id);
        insert.bind(2, place);
        if (insert.exec() == 1) return std::nullopt;
        auto& earlier = prepare("SELECT place FROM import_id WHERE id = ?");
        earlier.bind(1, id);
        earlier.executeStep();
        return column_text(earlier, 0);
    });
}

void Store::clear_duplicate_keys() {
    guarded(path_, [&] {
        // (Re)created here rather than remembered: a rolled-back transaction takes temporary
        // tables made in it along.
        connection().exec(R"(
            CREATE TEMP TABLE IF NOT EXISTS duplicate_key (
                ordinal INTEGER PRIMARY KEY, cluster_id TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS duplicate_group (
                cluster_id TEXT NOT NULL, kind TEXT NOT NULL, other_id TEXT NOT NULL, members INTEGER NOT NULL,
                PRIMARY KEY (cluster_id, kind)) WITHOUT ROWID;
            DROP INDEX IF EXISTS temp.duplicate_key_by_key;
            DELETE FROM duplicate_key;
            DELETE FROM duplicate_group;)");
        duplicate_keys_.clear();
    });
}

void Store::add_duplicate_key(const std::string& cluster_id, const std::string& kind, const std::string& key) {
    // Keys wait and go in as multi-row INSERTs: a statement per key was most of the pass.
    duplicate_keys_.push_back({cluster_id, kind, key});
    if (duplicate_keys_.size() == PendingRows::batch) flush_duplicate_keys();
}

void Store::flush_duplicate_keys() {
    if (duplicate_keys_.empty()) return;
    guarded(path_, [&] {
        const std::size_t count = duplicate_keys_.size();
        auto& slot = pending_->inserts[{5, count}];
        if (!slot) {
            slot = std::make_unique<SQLite::Statement>(*db_, multi_row_insert("INSERT INTO duplicate_key (cluster_id, kind, key)", 3, count));
        } else {
            slot->reset();
        }
        for (std::size_t i = 0; i < count; ++i) {
            const int at = static_cast<int>(i) * 3;
            slot->bindNoCopy(at + 1, duplicate_keys_[i][0]);
            slot->bindNoCopy(at + 2, duplicate_keys_[i][1]);
            slot->bindNoCopy(at + 3, duplicate_keys_[i][2]);
        }
        slot->exec();
    });
    duplicate_keys_.clear();
}

void Store::group_duplicate_keys() {
    flush_duplicate_keys();
    guarded(path_, [&] {
        // The keys sorted once (the index), then the groups of two or more found through it.
        // Members in the order they were added: the first names the second, the others the first.
        connection().exec(R"(
            CREATE INDEX temp.duplicate_key_by_key ON duplicate_key(kind, key, ordinal);
            INSERT INTO duplicate_group (cluster_id, kind, other_id, members)
            SELECT d.cluster_id, d.kind,
                   CASE WHEN d.ordinal = g.first
                        THEN (SELECT s.cluster_id FROM duplicate_key s WHERE s.kind = g.kind AND s.key = g.key
                              AND s.ordinal > g.first ORDER BY s.ordinal LIMIT 1)
                        ELSE (SELECT s.cluster_id FROM duplicate_key s WHERE s.ordinal = g.first) END,
                   g.members
            FROM (SELECT kind, key, count(*) AS members, min(ordinal) AS first FROM duplicate_key
                  GROUP BY kind, key HAVING count(*) > 1) g
            JOIN duplicate_key d ON d.kind = g.kind AND d.key = g.key)");
    });
}

std::vector<Store::DuplicateGroup> Store::duplicate_groups_of(const std::string& cluster_id) const {
    return guarded(path_, [&] {
        auto& query = prepare("SELECT kind, other_id, members FROM duplicate_group WHERE cluster_id = ? ORDER BY kind");
        query.bind(1, cluster_id);
        std::vector<DuplicateGroup> groups;
        while (query.executeStep()) {
            groups.push_back({column_text(query, 0), column_text(query, 1), query.getColumn(2).getInt64()});
        }
        return groups;
    });
}

}  // namespace gpuclusters::store

namespace gpuclusters::store {
namespace {

// cluster_values holds, per catalogue field, these columns (db/migrations/0005-current-values.sql).
constexpr std::array<std::string_view, 3> value_column_suffixes{"", "_claim", "_qualifiers"};
// Joins the qualifiers of cluster_values (no field value holds a control character).
constexpr char qualifier_separator = '\x1f';

std::optional<std::string> packed_qualifiers(const model::Qualifiers& qualifiers) {
    if (qualifiers == model::Qualifiers{}) return std::nullopt;
    return qualifiers.derivation + qualifier_separator + qualifiers.basis + qualifier_separator + qualifiers.estimator +
           qualifier_separator + qualifiers.bound;
}

// Four parts since schema 7 (the bound); three before, read alike.
model::Qualifiers unpacked_qualifiers(std::string_view packed) {
    model::Qualifiers qualifiers;
    std::string* parts[] = {&qualifiers.derivation, &qualifiers.basis, &qualifiers.estimator, &qualifiers.bound};
    for (auto* part : parts) {
        const auto end = std::min(packed.find(qualifier_separator), packed.size());
        *part = std::string(packed.substr(0, end));
        packed.remove_prefix(std::min(end + 1, packed.size()));
    }
    return qualifiers;
}

std::string value_columns() {
    std::string columns = "cluster_id";
    for (const auto& spec : model::field_catalogue()) {
        for (const auto suffix : value_column_suffixes) columns += fmt::format(", {}{}", spec.name, suffix);
    }
    return columns;
}

// A field's position in the catalogue, which is cluster_values' column order.
std::optional<std::size_t> catalogue_index(std::string_view field) {
    const auto* spec = model::find_field(field);
    if (spec == nullptr) return std::nullopt;
    return static_cast<std::size_t>(spec - model::field_catalogue().data());
}

// One row of cluster_values: the preferred claim of each field, in catalogue order.
struct ValuesRow {
    std::string cluster_id;
    std::vector<std::optional<model::Claim>> fields = std::vector<std::optional<model::Claim>>(model::field_catalogue().size());
};

template <typename Columns>
ValuesRow read_values_row(const Columns& columns) {
    ValuesRow row{columns.text(0)};
    const auto catalogue = model::field_catalogue();
    for (std::size_t i = 0; i < catalogue.size(); ++i) {
        const int at = 1 + static_cast<int>(i * value_column_suffixes.size());
        if (columns.null(at + 1)) continue;
        model::Claim claim;
        claim.field = std::string(catalogue[i].name);
        claim.id = columns.integer(at + 1);
        claim.state = columns.null(at) ? model::ClaimState::not_published : model::ClaimState::set;
        claim.value.value = columns.text(at);
        if (!columns.null(at + 2)) claim.value.qualifiers = unpacked_qualifiers(columns.text(at + 2));
        row.fields[i] = std::move(claim);
    }
    return row;
}

void bind_values_row(SQLite::Statement& query, const ValuesRow& row) {
    query.bind(1, row.cluster_id);
    for (std::size_t i = 0; i < row.fields.size(); ++i) {
        const int at = 2 + static_cast<int>(i * value_column_suffixes.size());
        const auto& claim = row.fields[i];
        if (!claim) {
            for (int column = 0; column < static_cast<int>(value_column_suffixes.size()); ++column) query.bind(at + column);
            continue;
        }
        if (claim->state == model::ClaimState::set) {
            query.bind(at, claim->value.value);
        } else {
            query.bind(at);
        }
        query.bind(at + 1, static_cast<std::int64_t>(claim->id));
        if (const auto qualifiers = packed_qualifiers(claim->value.qualifiers)) {
            query.bind(at + 2, *qualifiers);
        } else {
            query.bind(at + 2);
        }
    }
}

// INSERT OR REPLACE of a whole row.
const char* values_upsert_sql() {
    static const std::string sql = [] {
        const auto count = 1 + model::field_catalogue().size() * value_column_suffixes.size();
        std::string marks = "?";
        for (std::size_t i = 1; i < count; ++i) marks += ", ?";
        return fmt::format("INSERT OR REPLACE INTO cluster_values ({}) VALUES ({})", value_columns(), marks);
    }();
    return sql.c_str();
}

model::Record record_of(ValuesRow&& row) {
    model::Record record;
    record.id = std::move(row.cluster_id);
    record.claims.reserve(row.fields.size());
    for (auto& claim : row.fields) {
        if (claim) record.claims.push_back(std::move(*claim));
    }
    return record;
}

}  // namespace

void Store::refresh_derived_tables(long long changeset_id) {
    static const std::string select_sql = fmt::format("SELECT {} FROM cluster_values WHERE cluster_id = ?", value_columns());
    // The search rows wait in a temporary table (on disk, like any number of clusters) and reach
    // the FTS5 index in two statements: FTS5 writes one segment per statement that touches it. The
    // table is made with the first row: most changesets (a badge, an acceptance) stage none.
    bool staged = false;
    auto stage_search_row = [&](const ValuesRow& row, bool present) {
        if (!staged) {
            connection().exec(R"(
                CREATE TEMP TABLE IF NOT EXISTS search_refresh (
                    cluster_id TEXT PRIMARY KEY, present INTEGER NOT NULL,
                    name TEXT, owner TEXT, summary TEXT, notes TEXT) WITHOUT ROWID;
                DELETE FROM search_refresh;)");
            staged = true;
        }
        auto& stage = prepare(R"(
            INSERT OR REPLACE INTO search_refresh (cluster_id, present, name, owner, summary, notes)
            VALUES (?, ?, ?, ?, ?, ?))");
        stage.bind(1, row.cluster_id);
        stage.bind(2, present ? 1 : 0);
        auto text = [&](std::string_view field) -> std::string {
            const auto index = catalogue_index(field);
            const auto& claim = row.fields[*index];
            return claim && claim->state == model::ClaimState::set ? claim->value.value : std::string();
        };
        int at = 3;
        for (const auto* field : {"name", "owner", "summary"}) {
            const std::string value = text(field);
            if (value.empty()) {
                stage.bind(at++);
            } else {
                stage.bind(at++, value);
            }
        }
        std::string notes = text("gpu_count_notes");
        if (const auto status = text("status_notes"); !status.empty()) notes += (notes.empty() ? "" : " ") + status;
        if (notes.empty()) {
            stage.bind(at);
        } else {
            stage.bind(at, notes);
        }
        stage.exec();
    };

    // The changeset's ranks in claim order, so a record's claims come together: each cluster's row
    // is read and written once per run of its claims (a second run only reads it back).
    // A bulk import's changeset ranks millions of claims: they are read through the C API.
    RawQuery ranks(connection(), R"(
        SELECT c.cluster_id, c.field, c.id, c.state, c.value, c.derivation, c.basis, c.estimator, c.bound, r.rank
        FROM claim_rank r JOIN claim c ON c.id = r.claim_id WHERE r.changeset_id = ?)");
    ranks.bind(1, changeset_id);
    std::optional<ValuesRow> row;
    auto save = [&] {
        if (!row) return;
        // A removed cluster keeps no row, even when a later changeset ranks its claims (revert --force).
        if (!cluster_present(row->cluster_id, no_limit)) {
            auto& remove = prepare("DELETE FROM cluster_values WHERE cluster_id = ?");
            remove.bind(1, row->cluster_id);
            remove.exec();
            stage_search_row(*row, false);
            return;
        }
        auto& upsert = prepare(values_upsert_sql());
        bind_values_row(upsert, *row);
        upsert.exec();
        stage_search_row(*row, true);
    };
    auto load = [&](const std::string& cluster_id) {
        auto& existing = prepare(select_sql.c_str());
        existing.bind(1, cluster_id);
        return existing.executeStep() ? read_values_row(CachedColumns{existing}) : ValuesRow{cluster_id};
    };
    const RawColumns rank_columns = ranks.columns();
    while (ranks.step()) {
        // Millions of rows: their text is looked at in place, and copied only into a kept claim.
        const std::string_view cluster_id = rank_columns.view(0);
        if (!row || row->cluster_id != cluster_id) {
            save();
            row = load(std::string(cluster_id));
        }
        const std::string_view field = rank_columns.view(1);
        const auto index = catalogue_index(field);
        if (!index) continue;
        auto& slot = row->fields[*index];
        const long long claim_id = rank_columns.integer(2);
        if (rank_columns.view(9) == model::to_string(model::Rank::preferred)) {
            model::Claim claim;
            claim.id = claim_id;
            claim.field = std::string(field);
            claim.state = model::claim_state_from(rank_columns.view(3));
            claim.value = {rank_columns.text(4),
                           {rank_columns.text(5), rank_columns.text(6), rank_columns.text(7), rank_columns.text(8)}};
            slot = std::move(claim);
        } else if (slot && slot->id == claim_id) {
            slot.reset();
        }
    }
    save();
    // New clusters have a row even without values; a removed one has none, a returning one its own.
    auto& created = prepare("INSERT OR IGNORE INTO cluster_values (cluster_id) SELECT id FROM cluster WHERE changeset_id = ?");
    created.bind(1, static_cast<std::int64_t>(changeset_id));
    created.exec();
    auto& presence = prepare("SELECT cluster_id, present FROM cluster_presence WHERE changeset_id = ?");
    presence.bind(1, static_cast<std::int64_t>(changeset_id));
    while (presence.executeStep()) {
        const std::string cluster_id = column_text(presence, 0);
        const bool present = presence.getColumn(1).getInt() == 1;
        auto& change = prepare(present ? "INSERT OR IGNORE INTO cluster_values (cluster_id) VALUES (?)"
                                       : "DELETE FROM cluster_values WHERE cluster_id = ?");
        change.bind(1, cluster_id);
        change.exec();
        stage_search_row(load(cluster_id), present);
    }
    if (!staged) return;
    connection().exec(R"(
        DELETE FROM cluster_search
        WHERE rowid IN (SELECT k.number FROM search_refresh s JOIN cluster k ON k.id = s.cluster_id);
        INSERT INTO cluster_search (rowid, cluster_id, name, owner, summary, notes)
        SELECT k.number, s.cluster_id, s.name, s.owner, s.summary, s.notes
        FROM search_refresh s JOIN cluster k ON k.id = s.cluster_id WHERE s.present = 1;
        DELETE FROM search_refresh;)");
}

void Store::rebuild_current_values() {
    connection().exec("DELETE FROM cluster_values");
    for_each_record(
        std::nullopt,
        [&](model::Record& record) {
            ValuesRow row{record.id};
            for (std::size_t i = 0; i < row.fields.size(); ++i) {
                if (const auto* claim = record.preferred(model::field_catalogue()[i].name)) row.fields[i] = *claim;
            }
            auto& upsert = prepare(values_upsert_sql());
            bind_values_row(upsert, row);
            upsert.exec();
        },
        RecordParts::values);
}

void Store::for_each_current_record(const std::function<void(model::Record&)>& visit,
                                    const std::vector<std::string_view>& fields) const {
    guarded(path_, [&] {
        if (fields.empty()) {
            RawQuery query(connection(), fmt::format("SELECT {} FROM cluster_values ORDER BY cluster_id", value_columns()));
            while (query.step()) {
                auto record = record_of(read_values_row(query.columns()));
                visit(record);
            }
            return;
        }
        // Only the columns asked for: a pass over every record that needs four values of each.
        std::string columns = "cluster_id";
        for (const auto field : fields) {
            if (!catalogue_index(field)) throw std::logic_error(fmt::format("no field {}", field));
            for (const auto suffix : value_column_suffixes) columns += fmt::format(", {}{}", field, suffix);
        }
        RawQuery query(connection(), fmt::format("SELECT {} FROM cluster_values ORDER BY cluster_id", columns));
        model::Record record;
        while (query.step()) {
            const RawColumns row = query.columns();
            record.id.assign(row.view(0));
            record.claims.clear();
            for (std::size_t i = 0; i < fields.size(); ++i) {
                const int at = 1 + static_cast<int>(i * value_column_suffixes.size());
                if (row.null(at + 1)) continue;
                model::Claim& claim = record.claims.emplace_back();
                claim.field = std::string(fields[i]);
                claim.id = row.integer(at + 1);
                claim.state = row.null(at) ? model::ClaimState::not_published : model::ClaimState::set;
                claim.value.value.assign(row.view(at));
                if (!row.null(at + 2)) claim.value.qualifiers = unpacked_qualifiers(row.view(at + 2));
            }
            visit(record);
        }
    });
}

}  // namespace gpuclusters::store
