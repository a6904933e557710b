// Reading records: one by id (as of any changeset), or all of them as streams. The lists and
// searches over clusters are clusters.cpp's.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <map>
#include <unordered_map>
#include <vector>

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

namespace {

// The queries below read the rows of one record (`one`: its id ?1, the limit ?2) or of every
// record (the limit ?1), in cluster id order, the cluster first. One record's are index lookups by
// cluster (or by claim or source), never a scan of a history table: see record_query_plans().
constexpr const char* record_cluster_sql = "SELECT changeset_id FROM cluster WHERE id = ? AND changeset_id <= ?";
constexpr const char* record_presence_sql = R"(
            SELECT present FROM cluster_presence WHERE cluster_id = ? AND changeset_id <= ?
            ORDER BY changeset_id DESC LIMIT 1)";

// The claims with their ranks: those not retired (`evidence`), or the preferred ones alone. The
// current state walks live_claim (a row per claim not retired, in cluster and claim order: a range
// of its primary key per record); a past one ranks each claim as of the limit through
// claim_rank's primary key (one seek per claim).
std::string claims_sql(bool one, bool as_of, bool evidence) {
    if (as_of) {
        return fmt::format(R"(
                SELECT c.cluster_id, {columns}, r.rank, r.changeset_id, r.reason
                FROM claim c {join}JOIN claim_rank r ON r.claim_id = c.id
                 AND r.changeset_id = (SELECT max(changeset_id) FROM claim_rank WHERE claim_id = c.id AND changeset_id <= {limit})
                WHERE {cluster}c.changeset_id <= {limit} AND {rank}
                ORDER BY {order})",
                           fmt::arg("columns", claim_columns), fmt::arg("join", one ? "" : "INDEXED BY claim_by_field CROSS "),
                           fmt::arg("limit", one ? "?2" : "?1"), fmt::arg("cluster", one ? "c.cluster_id = ?1 AND " : ""),
                           fmt::arg("rank", evidence ? "r.rank <> 'retired'" : "r.rank = 'preferred'"),
                           fmt::arg("order", one ? "c.id" : "c.cluster_id"));
    }
    // Every record's reasons come from reasons_sql: a look-up of each claim's rank row cost more
    // than the rest of the claim.
    return fmt::format(R"(
                SELECT l.cluster_id, {}, l.rank, l.ranked_in, {}
                FROM live_claim l CROSS JOIN claim c ON c.id = l.claim_id{} ORDER BY l.cluster_id, l.claim_id)",
                       claim_columns,
                       one ? "(SELECT reason FROM claim_rank WHERE claim_id = l.claim_id AND changeset_id = l.ranked_in)" : "''",
                       one        ? " WHERE l.cluster_id = ?1"
                       : evidence ? ""
                                  : " WHERE l.rank = 'preferred'");
}

// The reasons given for the live claims' ranks, of every record, in cluster and claim order. Few
// ranks have one: a scan of the ranks finds them, and only they are sorted.
constexpr const char* reasons_sql = R"(
            SELECT l.cluster_id, l.claim_id, r.reason
            FROM claim_rank r CROSS JOIN claim c ON c.id = r.claim_id
              CROSS JOIN live_claim l ON l.cluster_id = c.cluster_id AND l.claim_id = r.claim_id
            WHERE r.reason <> '' AND l.ranked_in = r.changeset_id
            ORDER BY l.cluster_id, l.claim_id)";

// The citations not withdrawn. `any_withdrawal`: whether the current state must look at each
// citation's withdrawals.
std::string citations_sql(bool one, bool as_of, bool any_withdrawal) {
    const std::string limit = one ? "?2" : "?1";
    const std::string not_withdrawn =
        fmt::format(R"(coalesce((SELECT w.withdrawn FROM citation_withdrawal w WHERE w.citation_id = t.id{}
                                ORDER BY w.changeset_id DESC LIMIT 1), 0) = 0)",
                    as_of ? " AND w.changeset_id <= " + limit : "");
    if (as_of) {
        return fmt::format(R"(
                SELECT c.cluster_id, t.claim_id, t.id, t.source_id, t.locator, t.quote, t.changeset_id
                FROM claim c {}JOIN citation t ON t.claim_id = c.id
                WHERE {}t.changeset_id <= {}
                  AND {}
                ORDER BY {})",
                           one ? "" : "INDEXED BY claim_by_field CROSS ",
                           one ? "c.cluster_id = ?1 AND c.changeset_id <= ?2 AND " : "", limit, not_withdrawn,
                           one ? "t.id" : "c.cluster_id");
    }
    return fmt::format(R"(
                SELECT l.cluster_id, t.claim_id, t.id, t.source_id, t.locator, t.quote, t.changeset_id
                FROM live_claim l CROSS JOIN citation t INDEXED BY citation_by_claim ON t.claim_id = l.claim_id{}{}
                ORDER BY {})",
                       one              ? " WHERE l.cluster_id = ?1 AND "
                       : any_withdrawal ? " WHERE "
                                        : "",
                       one || any_withdrawal ? not_withdrawn : "", one ? "t.id" : "l.cluster_id, l.claim_id, t.id");
}

// The keys not withdrawn as of the limit (a key withdrawn by a revert is not the record's).
std::string keys_sql(bool one) {
    return fmt::format(R"(
            SELECT k.cluster_id, k.source_id, k.key, k.changeset_id FROM record_key k
            WHERE {0}k.changeset_id <= {1}
              AND coalesce((SELECT w.withdrawn FROM record_key_withdrawal w WHERE w.source_id = k.source_id AND w.key = k.key
                            AND w.changeset_id <= {1} ORDER BY w.changeset_id DESC LIMIT 1), 0) = 0 ORDER BY k.cluster_id, k.source_id, k.key)",
                       one ? "k.cluster_id = ?1 AND " : "", one ? "?2" : "?1");
}

// One record's queries, made once: `prepare` caches its statements by their text.
struct RecordSql {
    std::string claims, citations;
};
const RecordSql& record_sql(bool as_of) {
    static const RecordSql past{claims_sql(true, true, true), citations_sql(true, true, true)};
    static const RecordSql current{claims_sql(true, false, true), citations_sql(true, false, true)};
    return as_of ? past : current;
}
const char* record_keys_sql() {
    static const std::string sql = keys_sql(true);
    return sql.c_str();
}

// A source's url and its metadata as of a changeset.
const char* record_source_sql() {
    static const std::string sql = fmt::format(R"(
                SELECT s.url, {} FROM source s JOIN source_revision v ON v.source_id = s.id
                WHERE s.id = ?1 AND v.changeset_id <= ?2 ORDER BY v.changeset_id DESC LIMIT 1)",
                                               source_meta_columns);
    return sql.c_str();
}

// A cached statement, stepped as a RawQuery is.
struct CachedQuery {
    SQLite::Statement& query;
    bool step() { return query.executeStep(); }
    CachedColumns columns() const { return {query}; }
};

// Rows in cluster id order, the cluster first, that each record takes from the front.
template <typename Query>
struct RowStream {
    void start(bool wanted) { left = wanted && query.step(); }
    void next() { left = query.step(); }
    // Passes over the rows of clusters before `id` (not present, or with no record read).
    void skip_to(std::string_view id) {
        while (left && row.view(0) < id) next();
    }
    bool at(std::string_view id) const { return left && row.view(0) == id; }

    Query query;
    const decltype(query.columns()) row = query.columns();
    bool left = false;
};

// A source's url and metadata from its lookup (record_source_sql, bound), or its id alone when it
// has none as of the limit.
template <typename Query>
model::Source read_source(Query&& lookup, long long id, const std::string& path) {
    model::Source source{id, "", {}};
    if (lookup.step()) {
        const auto row = lookup.columns();
        source.url = row.text(0);
        source.meta = read_source_meta(row, 1);
        check_stored_source(path, source);
    }
    return source;
}

// The record's claims from the stream, into the claims it holds (whose strings keep their
// buffers), in id order.
template <typename Stream>
void take_claims(Stream& claims, model::Record& record, const std::string& path) {
    std::size_t used = 0;
    claims.skip_to(record.id);
    while (claims.at(record.id)) {
        if (used == record.claims.size()) record.claims.emplace_back();
        model::Claim& claim = record.claims[used++];
        read_claim(claims.row, 1, claim);
        check_stored_claim(path, record.id, claim, StoredIn::claim);
        claim.rank = model::rank_from(claims.row.view(1 + claim_column_count));
        claim.ranked_in = claims.row.integer(2 + claim_column_count);
        claim.rank_reason = claims.row.text(3 + claim_column_count);
        // (Its citations are the last record's until take_citations, which every caller calls.)
        claims.next();
    }
    record.claims.resize(used);
    if (!std::ranges::is_sorted(record.claims, {}, &model::Claim::id)) std::ranges::sort(record.claims, {}, &model::Claim::id);
}

// The record's claim of that id among those read (in id order), or the claims' end.
std::vector<model::Claim>::iterator claim_with_id(model::Record& record, long long claim_id) {
    const auto found = std::ranges::lower_bound(record.claims, claim_id, {}, &model::Claim::id);
    return found != record.claims.end() && found->id == claim_id ? found : record.claims.end();
}

// The reasons of the record's claims' ranks from the stream.
template <typename Stream>
void take_reasons(Stream& reasons, model::Record& record) {
    reasons.skip_to(record.id);
    while (reasons.at(record.id)) {
        if (const auto found = claim_with_id(record, reasons.row.integer(1)); found != record.claims.end()) {
            found->rank_reason.assign(reasons.row.view(2));
        }
        reasons.next();
    }
}

// What filling records one after another keeps from one to the next: each claim's count of
// citations filled (over those it held, whose strings keep their buffers), and the map nodes of
// the sources of records read before, filled again for the same reason.
template <typename SourceOf>
struct Filling {
    explicit Filling(SourceOf& source_of) : source_of(source_of) {}

    void start(model::Record& record) {
        while (!record.sources.empty()) spare_sources.push_back(record.sources.extract(record.sources.begin()));
    }

    void add_source(model::Record& record, long long id) {
        if (record.sources.contains(id)) return;
        const model::Source& source = source_of(id);
        if (spare_sources.empty()) {
            record.sources.emplace(id, source);
            return;
        }
        auto node = std::move(spare_sources.back());
        spare_sources.pop_back();
        node.key() = id;
        node.mapped() = source;
        record.sources.insert(std::move(node));
    }

    SourceOf& source_of;
    std::vector<std::size_t> cited;
    std::vector<std::map<long long, model::Source>::node_type> spare_sources;
};

// The citations of the record's claims from the stream, each in its claim, with their sources.
template <typename Stream, typename SourceOf>
void take_citations(Stream& citations, model::Record& record, Filling<SourceOf>& filling) {
    auto& cited = filling.cited;
    cited.assign(record.claims.size(), 0);
    // A citation of one of the record's claims is the record's: its cluster id is read only
    // for the others (the claim ids tell most rows apart for less).
    const auto& citation_row = citations.row;
    while (citations.left) {
        auto found = claim_with_id(record, citation_row.integer(1));
        if (found == record.claims.end()) {
            const std::string_view cluster = citation_row.view(0);
            if (cluster > record.id) break;
            // A citation of an earlier cluster (one not present), or of a claim of this one
            // that is not read (values only, or retired): passed over.
            citations.next();
            continue;
        }
        const long long source_id = citation_row.integer(3);
        std::size_t& used = cited[static_cast<std::size_t>(found - record.claims.begin())];
        if (used == found->citations.size()) found->citations.emplace_back();
        auto& citation = found->citations[used++];
        citation.id = citation_row.integer(2);
        citation.source_id = source_id;
        citation.locator.assign(citation_row.view(4));
        citation.quote.assign(citation_row.view(5));
        citation.changeset_id = citation_row.integer(6);
        filling.add_source(record, source_id);
        citations.next();
    }
    for (std::size_t i = 0; i < record.claims.size(); ++i) {
        auto& list = record.claims[i].citations;
        list.resize(cited[i]);
        if (!std::ranges::is_sorted(list, {}, &model::Citation::id)) std::ranges::sort(list, {}, &model::Citation::id);
    }
}

// The record's keys from the stream, with their sources.
template <typename Stream, typename SourceOf>
void take_keys(Stream& keys, model::Record& record, Filling<SourceOf>& filling) {
    keys.skip_to(record.id);
    while (keys.at(record.id)) {
        const long long source_id = keys.row.integer(1);
        record.keys.push_back({source_id, std::string(keys.row.view(2)), keys.row.integer(3)});
        filling.add_source(record, source_id);
        keys.next();
    }
}

}  // namespace

std::optional<std::string> Store::cluster_of_key(long long source_id, const std::string& key) const {
    return guarded(path_, [&]() -> std::optional<std::string> {
        auto& query = bind_all(prepare("SELECT cluster_id FROM record_key WHERE source_id = ? AND key = ?"), source_id, key);
        if (!query.executeStep()) return std::nullopt;
        return column_text(query, 0);
    });
}

std::vector<model::RecordKey> Store::keys_of(const std::string& cluster_id, std::optional<long long> as_of) const {
    return guarded(path_, [&] {
        auto& query = bind_all(prepare(record_keys_sql()), cluster_id, as_of.value_or(no_limit));
        std::vector<model::RecordKey> keys;
        while (query.executeStep())
            keys.push_back({query.getColumn(1).getInt64(), column_text(query, 2), query.getColumn(3).getInt64()});
        return keys;
    });
}

bool Store::cluster_known(const std::string& id) const {
    return guarded(path_, [&] { return bind_all(prepare("SELECT 1 FROM cluster WHERE id = ?"), id).executeStep(); });
}

bool Store::cluster_present_as_of(const std::string& id, std::optional<long long> as_of) const {
    return guarded(path_, [&] {
        const long long limit = as_of.value_or(no_limit);
        return bind_all(prepare(record_cluster_sql), id, limit).executeStep() && cluster_present(id, limit);
    });
}

bool Store::cluster_present(const std::string& id, long long limit) const {
    auto& presence = bind_all(prepare(record_presence_sql), id, limit);
    return !presence.executeStep() || presence.getColumn(0).getInt() == 1;
}

std::optional<model::Record> Store::load_record(const std::string& id, std::optional<long long> as_of) const {
    return guarded(path_, [&]() -> std::optional<model::Record> {
        const long long limit = as_of.value_or(no_limit);
        auto& cluster = bind_all(prepare(record_cluster_sql), id, limit);
        if (!cluster.executeStep()) return std::nullopt;
        model::Record record;
        record.id = id;
        record.created_in = cluster.getColumn(0).getInt64();
        if (!cluster_present(id, limit)) return std::nullopt;

        // The record's rows through cached statements (the current state's take no limit).
        const auto rows = [&](const std::string& sql) {
            auto& query = bind_all(prepare(sql.c_str()), id);
            if (as_of) query.bind(2, static_cast<std::int64_t>(limit));
            RowStream<CachedQuery> stream{{query}};
            stream.start(true);
            return stream;
        };
        const auto source_of = [&](long long source_id) {
            return read_source(CachedQuery{bind_all(prepare(record_source_sql()), source_id, limit)}, source_id, path_);
        };
        auto claims = rows(record_sql(as_of.has_value()).claims);
        take_claims(claims, record, path_);
        auto citations = rows(record_sql(as_of.has_value()).citations);
        Filling filling(source_of);
        take_citations(citations, record, filling);
        record.keys = keys_of(id, limit);
        for (const auto& key : record.keys) {
            filling.add_source(record, key.source_id);
        }
        return record;
    });
}

std::vector<std::string> Store::record_query_plans() const {
    return guarded(path_, [&] {
        return query_plans(connection(), std::array<std::string, 9>{record_cluster_sql, record_presence_sql,
                                                                    record_sql(true).claims, record_sql(true).citations,
                                                                    record_sql(false).claims, record_sql(false).citations,
                                                                    record_keys_sql(), record_source_sql(), claim_citations_sql});
    });
}

namespace {

// Every cluster present as of ?1, in id order.
constexpr const char* all_clusters_sql = R"(
            SELECT k.id, k.changeset_id FROM cluster k
            WHERE k.changeset_id <= ?1
              AND coalesce((SELECT p.present FROM cluster_presence p WHERE p.cluster_id = k.id AND p.changeset_id <= ?1
                            ORDER BY p.changeset_id DESC LIMIT 1), 1) = 1
            ORDER BY k.id)";

// Withdrawn citations are rare: when there are none, the current state needs no look at each
// citation's withdrawals.
bool any_citation_withdrawn(SQLite::Database& db) {
    RawQuery withdrawals(db, "SELECT EXISTS (SELECT 1 FROM citation_withdrawal)");
    return withdrawals.step() && withdrawals.columns().integer(0) != 0;
}

// Sources are few beside citations and cited over and over: their metadata as of the limit is
// looked up once each and kept in a cache of bounded size.
class SourceCache {
public:
    SourceCache(SQLite::Database& db, const std::string& path, long long limit)
        : lookup_(db, record_source_sql()), path_(path), limit_(limit) {}

    const model::Source& operator()(long long id) {
        if (const auto found = cache_.find(id); found != cache_.end()) return found->second;
        if (cache_.size() >= capacity) cache_.clear();
        lookup_.reset();
        lookup_.bind(1, id);
        lookup_.bind(2, limit_);
        return cache_.emplace(id, read_source(lookup_, id, path_)).first->second;
    }

private:
    static constexpr std::size_t capacity = 16384;
    RawQuery lookup_;
    const std::string& path_;
    const long long limit_;
    std::unordered_map<long long, model::Source> cache_;
};

}  // namespace

void Store::for_each_record(std::optional<long long> as_of, const std::function<void(model::Record&)>& visit,
                            RecordParts parts) const {
    const bool evidence = parts == RecordParts::evidence;
    guarded(path_, [&] {
        const long long limit = as_of.value_or(no_limit);
        auto& db = connection();
        RawQuery clusters(db, all_clusters_sql);
        const bool any_withdrawal = as_of || any_citation_withdrawn(db);
        // (The current state's queries have no parameter: binding the limit does nothing.)
        const auto rows = [&](const std::string& sql) {
            RowStream<RawQuery> stream{RawQuery(db, sql)};
            stream.query.bind(1, limit);
            return stream;
        };
        auto claims = rows(claims_sql(false, as_of.has_value(), evidence));
        auto citations = rows(citations_sql(false, as_of.has_value(), any_withdrawal));
        auto keys = rows(keys_sql(false));
        std::optional<RowStream<RawQuery>> reasons;
        if (!as_of) reasons.emplace(rows(reasons_sql));
        clusters.bind(1, limit);
        SourceCache source_of(db, path_, limit);
        Filling filling(source_of);
        // The streams come in cluster id order, the claims, citations and keys straight from the
        // indexes (no sort, so no temporary b-tree the size of the database), the few reasons
        // sorted; each record takes its rows from their fronts.
        claims.start(true);
        citations.start(evidence);
        keys.start(evidence);
        if (reasons) reasons->start(true);
        // One record is filled again and again: its strings keep their buffers from one cluster
        // to the next (a million records, a few allocations each instead of dozens).
        model::Record record;
        while (clusters.step()) {
            const RawColumns cluster_row = clusters.columns();
            record.id.assign(cluster_row.view(0));
            check_stored_cluster_id(path_, record.id);
            record.created_in = cluster_row.integer(1);
            filling.start(record);
            record.keys.clear();
            record.verification.reset();
            take_claims(claims, record, path_);
            if (reasons) take_reasons(*reasons, record);
            take_citations(citations, record, filling);
            take_keys(keys, record, filling);
            visit(record);
        }
    });
}

}  // namespace gpuclusters::store
