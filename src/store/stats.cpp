// The dataset in figures: how many current values rest on an operator's own words (the counts of
// GPUs are the ledger's, from for_each_current_record).
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

Store::ValueSources Store::value_sources() const {
    // Every published current value but the derived ones, by its claim.
    std::string claims;
    for (const auto& spec : model::field_catalogue()) {
        if (spec.derived) continue;
        claims += fmt::format("{}SELECT {}_claim AS claim_id FROM cluster_values WHERE {} IS NOT NULL",
                              claims.empty() ? "" : " UNION ALL ", spec.name, spec.name);
    }
    return guarded(path_, [&] {
        SQLite::Statement query(connection(), fmt::format(R"(
            WITH operator_source AS (
                SELECT s.id FROM source s
                WHERE (SELECT r.kind FROM source_revision r WHERE r.source_id = s.id
                       ORDER BY r.changeset_id DESC LIMIT 1) = 'operator'),
            value_claim AS ({})
            SELECT count(*), coalesce(sum(EXISTS (
                SELECT 1 FROM current_citation t WHERE t.claim_id = v.claim_id
                  AND t.source_id IN (SELECT id FROM operator_source))), 0)
            FROM value_claim v)",
                                                          claims));
        query.executeStep();
        return ValueSources{query.getColumn(0).getInt64(), query.getColumn(1).getInt64()};
    });
}

}  // namespace gpuclusters::store
