// What a record file of the shared tree says beyond the record's claims, so that it travels to
// other databases as a change would: the fields the record ever had claims for (those it has no
// claim in force for are cleared), the findings an editor accepted for it, and the clusters removed.
#include "gpuclusters/store/store.hpp"

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

std::vector<std::string> Store::claimed_fields(const std::string& cluster_id, std::optional<long long> as_of) const {
    return guarded(path_, [&] {
        // One range of claim_by_field (cluster, field, changeset), its fields in order, and no
        // claim ranked: ranking each claim of the history took nearly a third of an export with
        // provenance.
        auto& query =
            bind_all(prepare("SELECT DISTINCT field FROM claim WHERE cluster_id = ?1 AND changeset_id <= ?2 ORDER BY 1"),
                     cluster_id, as_of.value_or(no_limit));
        std::vector<std::string> fields;
        while (query.executeStep()) fields.push_back(column_text(query, 0));
        return fields;
    });
}

std::vector<std::string> Store::removed_clusters() const {
    return guarded(path_, [&] {
        auto& query = prepare(R"(
            SELECT k.id FROM cluster k
            WHERE (SELECT p.present FROM cluster_presence p WHERE p.cluster_id = k.id ORDER BY p.changeset_id DESC LIMIT 1) = 0
            ORDER BY k.id)");
        std::vector<std::string> ids;
        while (query.executeStep()) {
            ids.push_back(column_text(query, 0));
            check_stored_cluster_id(path_, ids.back());
        }
        return ids;
    });
}

std::vector<Acceptance> Store::acceptances_of(const std::string& cluster_id, std::optional<long long> as_of) const {
    return guarded(path_, [&] {
        auto& query = bind_all(prepare(R"(
            SELECT a.rule, a.reason, a.changeset_id FROM finding_acceptance a
            WHERE a.cluster_id = ?1 AND a.accepted = 1
              AND a.changeset_id = (SELECT max(changeset_id) FROM finding_acceptance
                                    WHERE cluster_id = ?1 AND rule = a.rule AND changeset_id <= ?2)
            ORDER BY a.rule)"),
                               cluster_id, as_of.value_or(no_limit));
        std::vector<Acceptance> found;
        while (query.executeStep()) {
            found.push_back({cluster_id, column_text(query, 0), column_text(query, 1), query.getColumn(2).getInt64()});
        }
        return found;
    });
}

std::optional<long long> Store::cluster_created_in(const std::string& id) const {
    return guarded(path_, [&]() -> std::optional<long long> {
        auto& query = bind_all(prepare("SELECT changeset_id FROM cluster WHERE id = ?"), id);
        if (!query.executeStep()) return std::nullopt;
        return query.getColumn(0).getInt64();
    });
}

std::optional<TreeSync> Store::last_tree_sync() const {
    return guarded(path_, [&]() -> std::optional<TreeSync> {
        auto& query = prepare("SELECT coalesce(changeset_id, 0), commit_id FROM tree_sync ORDER BY rowid DESC LIMIT 1");
        if (!query.executeStep()) return std::nullopt;
        return TreeSync{query.getColumn(0).getInt64(), column_text(query, 1)};
    });
}

}  // namespace gpuclusters::store
