// stats' counting: each present record is counted in the GPU total or left out for one reason;
// phases linked by builds-upon and superseded-by count once; the accelerators that are not GPUs
// are counted by chip. gpuclusters-stats(1) states the rule as an SQL query over the views, which
// the e2e case `stats` runs against these figures.
#include "gpuclusters/ledger/stats.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/record.hpp"

namespace gpuclusters::ledger {

namespace {

// The catalogue entry whose name gpu_model_canonical holds, by that exact name (as the query
// joins gpu_catalogue.model), never by a looser spelling.
const model::GpuModel* catalogue_entry_named(const std::string& name) {
    const model::GpuModel* entry = model::GpuCatalogue::builtin().find(name);
    return entry && entry->model == name ? entry : nullptr;
}

}  // namespace

std::string_view to_string(LeftOut reason) {
    static constexpr std::string_view names[]{"superseded_phase", "unknown_model", "uncatalogued_model", "not_a_gpu",
                                              "unknown_count"};
    static_assert(std::size(names) == std::size(left_out_reasons));
    return names[static_cast<std::size_t>(reason)];
}

std::vector<std::string_view> stats_fields() {
    std::vector<std::string_view> fields{"gpu_model", "gpu_model_canonical", "gpus_installed", "related"};
    fields.insert(fields.end(), std::begin(stats_dimensions), std::end(stats_dimensions));
    return fields;
}

StatsRow stats_row(const model::Record& record) {
    StatsRow row;
    row.id = record.id;
    row.model_known = record.value_of("gpu_model") != nullptr;
    if (const auto* canonical = record.value_of("gpu_model_canonical")) row.gpu_model_canonical = canonical->value.value;
    if (const auto* count = record.value_of("gpus_installed")) {
        row.count = std::stoll(count->value.value);
        row.bound = count->value.qualifiers.bound;
    }
    if (const auto* related = record.value_of("related")) row.related = model::parse_related(related->value.value);
    for (std::size_t i = 0; i < std::size(stats_dimensions); ++i) {
        if (const auto* value = record.value_of(stats_dimensions[i])) row.dimensions[i] = value->value.value;
    }
    return row;
}

std::vector<std::string> superseded_phases(const std::vector<StatsRow>& rows) {
    std::unordered_map<std::string_view, std::size_t> index;
    for (std::size_t i = 0; i < rows.size(); ++i) index.emplace(rows[i].id, i);
    // newer[i]: the rows one link newer than row i. "a (superseded-by)" on b: a is newer than b;
    // "a (builds-upon)" on b: b is newer than a. same-site says nothing of age.
    std::map<std::size_t, std::vector<std::size_t>> newer;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        for (const auto& relation : rows[i].related) {
            const auto other = index.find(relation.cluster_id);
            if (other == index.end() || other->second == i) continue;
            if (relation.relation == "superseded-by") newer[i].push_back(other->second);
            if (relation.relation == "builds-upon") newer[other->second].push_back(i);
        }
    }
    // reach[i]: every row newer than i through one link or more, sorted.
    std::map<std::size_t, std::vector<std::size_t>> reach;
    for (const auto& [start, firsts] : newer) {
        std::vector<bool> seen(rows.size(), false);
        std::vector<std::size_t> pending = firsts, reached;
        while (!pending.empty()) {
            const std::size_t at = pending.back();
            pending.pop_back();
            if (seen[at]) continue;
            seen[at] = true;
            reached.push_back(at);
            if (const auto next = newer.find(at); next != newer.end())
                pending.insert(pending.end(), next->second.begin(), next->second.end());
        }
        std::sort(reached.begin(), reached.end());
        reach[start] = std::move(reached);
    }
    const auto reaches = [&](std::size_t from, std::size_t to) {
        const auto found = reach.find(from);
        return found != reach.end() && std::binary_search(found->second.begin(), found->second.end(), to);
    };
    std::vector<std::string> superseded;
    for (const auto& entry : reach) {
        // A plain variable, not a structured binding: clang 14 cannot capture those in a lambda.
        const std::size_t start = entry.first;
        const auto& reached = entry.second;
        // Strictly newer: a row on a cycle with this one (links that contradict each other) is not.
        const bool left_out = std::any_of(reached.begin(), reached.end(), [&](std::size_t later) {
            return later != start && rows[later].count && !reaches(later, start);
        });
        if (left_out) superseded.push_back(rows[start].id);
    }
    std::sort(superseded.begin(), superseded.end());
    return superseded;
}

DatasetStats tally_stats(const std::vector<StatsRow>& rows) {
    DatasetStats stats;
    const auto superseded = superseded_phases(rows);
    std::map<std::string, Tally> chips;
    std::array<std::map<std::optional<std::string>, StatsGroup>, std::size(stats_dimensions)> groups;
    for (const auto& row : rows) {
        ++stats.clusters;
        if (row.count) ++stats.with_gpu_count;
        const model::GpuModel* entry = row.gpu_model_canonical ? catalogue_entry_named(*row.gpu_model_canonical) : nullptr;
        const std::optional<LeftOut> reason = std::binary_search(superseded.begin(), superseded.end(), row.id)
                                                  ? LeftOut::superseded_phase
                                              : !row.model_known ? LeftOut::unknown_model
                                              : !entry           ? LeftOut::uncatalogued_model
                                              : !entry->is_gpu() ? LeftOut::not_a_gpu
                                              : !row.count       ? std::optional(LeftOut::unknown_count)
                                                                 : std::nullopt;
        if (reason == LeftOut::not_a_gpu) chips[entry->chip].add(row.count);
        const bool unknown =
            reason == LeftOut::unknown_model || reason == LeftOut::uncatalogued_model || reason == LeftOut::unknown_count;
        if (reason) {
            stats.left_out[static_cast<std::size_t>(*reason)].add(row.count);
            if (unknown) ++stats.left_out_unknown;
        } else {
            stats.gpus.add(row.count);
            if (row.bound == model::bound_approximate) stats.approximate.add(row.count);
            if (row.bound == model::bound_at_least) stats.at_least.add(row.count);
        }
        for (std::size_t i = 0; i < groups.size(); ++i) {
            auto& group = groups[i][row.dimensions[i]];
            group.value = row.dimensions[i];
            ++group.clusters;
            if (row.count) ++group.with_gpu_count;
            if (!reason) {
                group.gpus.add(row.count);
                group.add_bound(row.bound);
            }
            if (unknown) ++group.left_out_unknown;
        }
    }
    stats.accelerators.assign(chips.begin(), chips.end());
    for (std::size_t i = 0; i < groups.size(); ++i) {
        std::vector<StatsGroup> list;
        // By value, unknown last.
        for (auto& [value, group] : groups[i]) {
            if (value) list.push_back(std::move(group));
        }
        if (const auto unknown = groups[i].find(std::nullopt); unknown != groups[i].end())
            list.push_back(std::move(unknown->second));
        stats.by.emplace_back(&model::require_field(stats_dimensions[i]), std::move(list));
    }
    return stats;
}

}  // namespace gpuclusters::ledger
