// The dataset in figures: clusters and GPUs installed by a field's value, and how many current
// values rest on an operator's own words. One row of cluster_values per present cluster, so each
// figure is one pass over it, however large the dataset.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

std::vector<Store::StatsGroup> Store::stats_by(const model::FieldSpec& field) const {
    // The column is a catalogue field's name, never the user's text.
    return guarded(path_, [&] {
        SQLite::Statement query(connection(), fmt::format(R"(
            SELECT {0}, count(*), coalesce(sum(CAST(gpus_installed AS INTEGER)), 0), count(gpus_installed)
            FROM cluster_values GROUP BY {0} ORDER BY {0} IS NULL, {0})",
                                                          field.name));
        std::vector<StatsGroup> groups;
        while (query.executeStep()) {
            StatsGroup group;
            if (!query.getColumn(0).isNull()) group.value = column_text(query, 0);
            group.clusters = query.getColumn(1).getInt64();
            group.gpus_installed = query.getColumn(2).getInt64();
            group.with_gpu_count = query.getColumn(3).getInt64();
            groups.push_back(std::move(group));
        }
        return groups;
    });
}

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
