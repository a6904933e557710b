// Verification state: Verified badges and accepted findings, as of any changeset.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

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

std::optional<Signature> Store::verification_of(const std::string& cluster_id, std::optional<long long> as_of) const {
    return guarded(path_, [&]() -> std::optional<Signature> {
        auto& query = prepare(R"(
            SELECT changeset_id, verified, signer, signed_on FROM verification WHERE cluster_id = ? AND changeset_id <= ?
            ORDER BY changeset_id DESC LIMIT 1)");
        bind_all(query, cluster_id, as_of.value_or(no_limit));
        if (!query.executeStep() || query.getColumn(1).getInt() == 0) return std::nullopt;
        return Signature{query.getColumn(0).getInt64(), column_text(query, 2), column_text(query, 3)};
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

}  // namespace gpuclusters::store
