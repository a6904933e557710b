// The history: changesets, what each touched, and what stood before it (log, blame, revert).
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <array>
#include <fmt/format.h>

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

std::optional<model::Changeset> Store::changeset(long long id) const {
    return guarded(path_, [&]() -> std::optional<model::Changeset> {
        auto& query = bind_all(prepare("SELECT id, created_at, author, message, command FROM changeset WHERE id = ?"), id);
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
        auto& query = bind_all(prepare("SELECT coalesce(max(id), 0) FROM changeset WHERE created_at <= ?"), timestamp);
        query.executeStep();
        return query.getColumn(0).getInt64();
    });
}

namespace {

// The changesets that touched a cluster: made, re-ranked or cited one of its claims, or created or
// removed it. Each branch is an index lookup by cluster.
std::string changesets_sql(bool of_cluster) {
    std::string sql = "SELECT id, created_at, author, message, command FROM changeset";
    if (of_cluster) {
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
    return sql + std::string(of_cluster ? " AND" : " WHERE") + " id <= ?4 ORDER BY id DESC LIMIT ?3";
}

void read_changesets(SQLite::Statement& query, const std::string& cluster_id, const std::string& field,
                     std::optional<long long> limit, std::optional<long long> as_of,
                     const std::function<void(const model::Changeset&)>& visit) {
    if (!cluster_id.empty()) bind_all(query, cluster_id, field);
    query.bind(3, static_cast<std::int64_t>(limit.value_or(-1)));
    query.bind(4, static_cast<std::int64_t>(as_of.value_or(no_limit)));
    while (query.executeStep()) {
        visit({query.getColumn(0).getInt64(), column_text(query, 1), column_text(query, 2), column_text(query, 3),
               column_text(query, 4)});
    }
}

}  // namespace

void Store::each_changeset(const std::string& cluster_id, const std::string& field, std::optional<long long> limit,
                           std::optional<long long> as_of, const std::function<void(const model::Changeset&)>& visit) const {
    guarded(path_, [&] {
        // Its own statement, not a cached one: `visit` reads the store while this one steps.
        SQLite::Statement query(connection(), changesets_sql(!cluster_id.empty()));
        read_changesets(query, cluster_id, field, limit, as_of, visit);
    });
}

std::vector<model::Changeset> Store::changesets(const std::string& cluster_id, const std::string& field,
                                                std::optional<long long> limit, std::optional<long long> as_of) const {
    // Read whole before anyone reads the store again, so the cached statement serves (a site
    // asks once a record).
    static const std::string of_cluster = changesets_sql(true);
    static const std::string of_all = changesets_sql(false);
    std::vector<model::Changeset> found;
    guarded(path_, [&] {
        read_changesets(prepare(cluster_id.empty() ? of_all.c_str() : of_cluster.c_str()), cluster_id, field, limit, as_of,
                        [&](const model::Changeset& changeset) { found.push_back(changeset); });
    });
    return found;
}

namespace {

// The clusters a changeset touched, one row per claim, rank, citation or withdrawal it wrote
// (with a field ?3, only those of that field; without one, also a row per cluster it created or
// changed the presence of). For one cluster (?2) every branch starts from that cluster's claims:
// the unary + keeps SQLite off the changeset indexes, which would scan the whole changeset.
std::string touched_rows_sql(bool one_cluster, bool one_field) {
    const std::string column = "c.cluster_id";
    const std::string cluster = one_cluster ? "c.cluster_id = ?2 AND +" : "";
    const std::string field = one_field ? " AND c.field = ?3" : "";
    std::string sql = fmt::format(
        R"(
            SELECT {0} FROM claim c WHERE {1}c.changeset_id = ?1{2}
            UNION ALL SELECT {0} FROM {3} WHERE {1}r.changeset_id = ?1{2}
            UNION ALL SELECT {0} FROM {4} WHERE {1}t.changeset_id = ?1{2}
            UNION ALL SELECT {0} FROM {5} WHERE {1}w.changeset_id = ?1{2})",
        column, cluster, field,
        one_cluster ? "claim c CROSS JOIN claim_rank r ON r.claim_id = c.id" : "claim_rank r JOIN claim c ON c.id = r.claim_id",
        one_cluster ? "claim c CROSS JOIN citation t ON t.claim_id = c.id" : "citation t JOIN claim c ON c.id = t.claim_id",
        one_cluster
            ? "claim c CROSS JOIN citation t ON t.claim_id = c.id CROSS JOIN citation_withdrawal w ON w.citation_id = t.id"
            : "citation_withdrawal w JOIN citation t ON t.id = w.citation_id JOIN claim c ON c.id = t.claim_id");
    if (!one_field) {
        sql += fmt::format(R"(
            UNION ALL SELECT id FROM cluster WHERE {0}changeset_id = ?1
            UNION ALL SELECT cluster_id FROM cluster_presence WHERE {1}changeset_id = ?1
            UNION ALL SELECT cluster_id FROM record_key WHERE {2}changeset_id = ?1
            UNION ALL SELECT k.cluster_id FROM {3} WHERE {4}w.changeset_id = ?1)",
                           one_cluster ? "id = ?2 AND " : "", one_cluster ? "cluster_id = ?2 AND " : "",
                           one_cluster ? "cluster_id = ?2 AND +" : "",
                           one_cluster
                               ? "record_key k CROSS JOIN record_key_withdrawal w ON w.source_id = k.source_id AND w.key = k.key"
                               : "record_key_withdrawal w JOIN record_key k ON k.source_id = w.source_id AND k.key = w.key",
                           one_cluster ? "k.cluster_id = ?2 AND +" : "");
    }
    return sql;
}

// The clusters, each once, in the order the changeset wrote them: DISTINCT over UNION ALL is
// streamed, where UNION or ORDER BY would sort every row before handing over the first.
std::string touched_clusters_sql(bool one_cluster, bool one_field) {
    return "SELECT DISTINCT cluster_id FROM (" + touched_rows_sql(one_cluster, one_field) + ")";
}

// Every claim of one cluster (?1), retired ones too: whether changeset ?2 made or re-ranked it,
// its rank just before ?2, and its rank now.
constexpr const char* cluster_claims_sql = R"(
            SELECT c.id, c.field,
                   c.changeset_id = ?2 OR EXISTS (SELECT 1 FROM claim_rank r WHERE r.claim_id = c.id AND r.changeset_id = ?2),
                   (SELECT r.rank FROM claim_rank r WHERE r.claim_id = c.id AND r.changeset_id < ?2
                     ORDER BY r.changeset_id DESC LIMIT 1),
                   (SELECT r.rank FROM claim_rank r WHERE r.claim_id = c.id ORDER BY r.changeset_id DESC LIMIT 1)
            FROM claim c WHERE c.cluster_id = ?1 ORDER BY c.id)";

// The citations of one cluster's claims that changeset ?2 added, withdrew or restored: whether
// each existed before ?2, was withdrawn just before it, and is withdrawn now.
constexpr const char* cluster_citations_sql = R"(
            SELECT t.id, t.claim_id, t.changeset_id < ?2,
                   coalesce((SELECT w.withdrawn FROM citation_withdrawal w WHERE w.citation_id = t.id AND w.changeset_id < ?2
                             ORDER BY w.changeset_id DESC LIMIT 1), 0),
                   coalesce((SELECT w.withdrawn FROM citation_withdrawal w WHERE w.citation_id = t.id
                             ORDER BY w.changeset_id DESC LIMIT 1), 0)
            FROM claim c CROSS JOIN citation t INDEXED BY citation_by_claim ON t.claim_id = c.id
            WHERE c.cluster_id = ?1
              AND (t.changeset_id = ?2
                   OR EXISTS (SELECT 1 FROM citation_withdrawal w WHERE w.citation_id = t.id AND w.changeset_id = ?2))
            ORDER BY t.id)";

}  // namespace

void Store::each_touched_cluster(long long changeset_id, const std::string& cluster_id, const std::string& field,
                                 const std::function<void(const std::string&)>& visit) const {
    guarded(path_, [&] {
        // Its own statement, not a cached one: `visit` reads the store while this one steps.
        SQLite::Statement query(connection(), touched_clusters_sql(!cluster_id.empty(), !field.empty()));
        query.bind(1, static_cast<std::int64_t>(changeset_id));
        if (!cluster_id.empty()) query.bind(2, cluster_id);
        if (!field.empty()) query.bind(3, field);
        while (query.executeStep()) visit(column_text(query, 0));
    });
}

std::vector<std::string> Store::touched_query_plans() const {
    return guarded(path_, [&] {
        return query_plans(connection(), std::array{touched_clusters_sql(true, false), touched_clusters_sql(true, true),
                                                    std::string(cluster_claims_sql), std::string(cluster_citations_sql)});
    });
}

std::vector<std::string> Store::clusters_created_in(long long changeset_id) const {
    return guarded(path_, [&] {
        return first_column<std::string>(
            bind_all(prepare("SELECT id FROM cluster WHERE changeset_id = ? ORDER BY id"), changeset_id));
    });
}

std::vector<std::string> Store::presence_changed_in(long long changeset_id) const {
    return guarded(path_, [&] {
        return first_column<std::string>(bind_all(
            prepare("SELECT cluster_id FROM cluster_presence WHERE changeset_id = ? ORDER BY cluster_id"), changeset_id));
    });
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
        return first_column<long long>(bind_all(query, field.cluster_id, field.field, after));
    });
}

ChangesetPart Store::changeset_part(long long changeset_id, const std::string& cluster_id) const {
    return guarded(path_, [&] {
        ChangesetPart part;
        auto& claims = bind_all(prepare(cluster_claims_sql), cluster_id, changeset_id);
        while (claims.executeStep()) {
            const CachedColumns row{claims};
            auto& claim = part.claims.emplace_back();
            claim.claim_id = row.integer(0);
            claim.field.assign(row.view(1));
            claim.touched = row.integer(2) != 0;
            if (!claims.getColumn(3).isNull()) claim.before = model::rank_from(row.view(3));
            claim.now = model::rank_from(row.view(4));
        }
        auto& citations = bind_all(prepare(cluster_citations_sql), cluster_id, changeset_id);
        while (citations.executeStep()) {
            const CachedColumns row{citations};
            const bool existed = row.integer(2) != 0;
            part.citations.push_back({row.integer(0), existed && row.integer(3) == 0, row.integer(4) == 0});
            // Claims come in id order: the citation's claim is found by bisection.
            const long long claim_id = row.integer(1);
            const auto claim = std::ranges::lower_bound(part.claims, claim_id, {}, &ClaimRanks::claim_id);
            if (claim != part.claims.end() && claim->claim_id == claim_id) claim->touched = true;
        }
        part.keys = key_changes(changeset_id, cluster_id);
        return part;
    });
}

std::vector<std::string> ChangesetPart::touched_fields() const {
    std::vector<std::string> fields;
    for (const auto& claim : claims) {
        if (claim.touched) fields.push_back(claim.field);
    }
    std::sort(fields.begin(), fields.end());
    fields.erase(std::unique(fields.begin(), fields.end()), fields.end());
    return fields;
}

std::vector<KeyState> Store::key_changes(long long changeset_id, const std::string& cluster_id) const {
    return guarded(path_, [&] {
        auto& query = prepare(R"(
            SELECT k.source_id, k.key,
                   k.changeset_id < ?1 AND coalesce((SELECT w.withdrawn FROM record_key_withdrawal w
                       WHERE w.source_id = k.source_id AND w.key = k.key AND w.changeset_id < ?1
                       ORDER BY w.changeset_id DESC LIMIT 1), 0) = 0,
                   coalesce((SELECT w.withdrawn FROM record_key_withdrawal w WHERE w.source_id = k.source_id AND w.key = k.key
                       ORDER BY w.changeset_id DESC LIMIT 1), 0) = 0
            FROM record_key k
            WHERE k.cluster_id = ?2
              AND (k.changeset_id = ?1 OR EXISTS (SELECT 1 FROM record_key_withdrawal w
                                                  WHERE w.source_id = k.source_id AND w.key = k.key AND w.changeset_id = ?1))
            ORDER BY k.source_id, k.key)");
        bind_all(query, changeset_id, cluster_id);
        std::vector<KeyState> keys;
        while (query.executeStep()) {
            keys.push_back({query.getColumn(0).getInt64(), column_text(query, 1), query.getColumn(2).getInt() == 1,
                            query.getColumn(3).getInt() == 1});
        }
        return keys;
    });
}

std::optional<bool> Store::presence_before(const std::string& cluster_id, long long changeset_id) const {
    return guarded(path_, [&]() -> std::optional<bool> {
        auto& created = bind_all(prepare("SELECT changeset_id FROM cluster WHERE id = ?"), cluster_id);
        if (!created.executeStep() || created.getColumn(0).getInt64() >= changeset_id) return false;
        auto& query = prepare(R"(
            SELECT present FROM cluster_presence WHERE cluster_id = ? AND changeset_id < ?
            ORDER BY changeset_id DESC LIMIT 1)");
        bind_all(query, cluster_id, changeset_id);
        return !query.executeStep() || query.getColumn(0).getInt() == 1;
    });
}

}  // namespace gpuclusters::store
