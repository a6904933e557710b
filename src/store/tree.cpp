// What a record file of the shared tree says beyond the record itself (gpuclusters(5), format 3):
// the reasons given with the claims' ranks, the fields made unknown, the clusters removed. Read
// only for the tree, so that the record reads that every command makes stay as they are.
#include "gpuclusters/store/store.hpp"

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

TreeExtras Store::tree_extras(const std::string& cluster_id) const {
    return guarded(path_, [&] {
        TreeExtras extras;
        // The reason given when each claim in force took its current rank.
        auto& reasons = bind_all(prepare(R"(
            SELECT l.claim_id, r.reason FROM live_claim l
            JOIN claim_rank r ON r.claim_id = l.claim_id AND r.changeset_id = l.ranked_in
            WHERE l.cluster_id = ?1 AND r.reason <> '')"),
                                 cluster_id);
        while (reasons.executeStep()) extras.rank_reasons.emplace(reasons.getColumn(0).getInt64(), column_text(reasons, 1));
        // A field with claims in its history and none in force was made unknown (cleared, or the
        // changeset that gave it a value reverted).
        auto& cleared = bind_all(prepare(R"(
            SELECT field FROM claim WHERE cluster_id = ?1
            EXCEPT SELECT c.field FROM live_claim l CROSS JOIN claim c ON c.id = l.claim_id WHERE l.cluster_id = ?1
            ORDER BY 1)"),
                                 cluster_id);
        while (cleared.executeStep()) extras.cleared_fields.push_back(column_text(cleared, 0));
        return extras;
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

}  // namespace gpuclusters::store
