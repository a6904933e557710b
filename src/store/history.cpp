// The history: changesets, what each touched, and what stood before it (log, blame, revert).
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>


#include <fmt/format.h>

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

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
        static const std::string sql = fmt::format(R"(
            SELECT {},
                   (SELECT r.rank FROM claim_rank r WHERE r.claim_id = c.id AND r.changeset_id <= ?3
                     ORDER BY r.changeset_id DESC LIMIT 1)
            FROM claim c WHERE c.cluster_id = ?1 AND c.field = ?2 AND c.changeset_id <= ?3 ORDER BY c.id)", claim_columns);
        auto& query = prepare(sql.c_str());
        query.bind(1, field.cluster_id);
        query.bind(2, field.field);
        query.bind(3, static_cast<std::int64_t>(as_of.value_or(no_limit)));
        std::vector<model::Claim> claims;
        while (query.executeStep()) {
            const CachedColumns row{query};
            model::Claim& claim = claims.emplace_back();
            read_claim(row, 0, claim);
            claim.rank = model::rank_from(row.view(claim_column_count));
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

}  // namespace gpuclusters::store
