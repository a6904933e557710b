// The fields a record once had and has no longer: what the tree of record files writes as
// cleared, so that making a field unknown travels to other databases as a change would.
#include "gpuclusters/store/store.hpp"

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

std::vector<std::string> Store::cleared_fields(const std::string& cluster_id, std::optional<long long> as_of) const {
    return guarded(path_, [&] {
        // A field with claims in its history and none in force as of the limit (cleared, or the
        // changeset that gave it a value reverted). Both halves are index ranges by cluster.
        auto& query = bind_all(prepare(R"(
            SELECT field FROM claim WHERE cluster_id = ?1 AND changeset_id <= ?2
            EXCEPT
            SELECT c.field FROM claim c
            JOIN claim_rank r ON r.claim_id = c.id
             AND r.changeset_id = (SELECT max(changeset_id) FROM claim_rank WHERE claim_id = c.id AND changeset_id <= ?2)
            WHERE c.cluster_id = ?1 AND c.changeset_id <= ?2 AND r.rank <> 'retired'
            ORDER BY 1)"),
                               cluster_id, as_of.value_or(no_limit));
        std::vector<std::string> fields;
        while (query.executeStep()) fields.push_back(column_text(query, 0));
        return fields;
    });
}

}  // namespace gpuclusters::store
