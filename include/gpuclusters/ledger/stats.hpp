#pragma once
// stats: the current dataset in figures. Physical GPUs are counted once a site and apart from the
// accelerators that are not GPUs; every record whose count is not in the total is counted by the
// reason it was left out (gpuclusters-stats(1) gives the rule and the SQL query it equals).
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/values.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

/// The dimensions `stats` totals by.
inline constexpr std::string_view stats_dimensions[] = {"gpu_maker", "country", "segment", "status"};

/// What stats reads of one present cluster.
struct StatsRow {
    std::string id;
    bool model_known = false;                        ///< gpu_model is set (not unknown, not "not published")
    std::optional<std::string> gpu_model_canonical;  ///< the catalogue's name, when it knows the model
    std::optional<long long> count;                  ///< gpus_installed, when set
    std::string bound;                               ///< the count's: empty (exact), approximate or at least
    std::vector<model::Relation> related;
    std::array<std::optional<std::string>, std::size(stats_dimensions)> dimensions;  ///< in stats_dimensions' order
};

/// Why a record's count is not in the GPU total: the first reason that holds, in this order.
enum class LeftOut {
    superseded_phase,    ///< a newer phase it links to (or that links to it) publishes a count
    unknown_model,       ///< no gpu_model (unknown or not published)
    uncatalogued_model,  ///< a gpu_model the catalogue does not know
    not_a_gpu,           ///< a catalogued accelerator that is not a GPU: counted apart, by chip
    unknown_count,       ///< a GPU whose gpus_installed is unknown or not published
};
inline constexpr LeftOut left_out_reasons[] = {LeftOut::superseded_phase, LeftOut::unknown_model, LeftOut::uncatalogued_model,
                                               LeftOut::not_a_gpu, LeftOut::unknown_count};
/// The reason's key in `stats --json` and in the SQL query's rows: "superseded_phase", ...
std::string_view to_string(LeftOut reason);

/// Records, and the sum of the counts those of them that publish one give.
struct Tally {
    long long clusters = 0;
    long long with_count = 0;
    long long units = 0;
    void add(const std::optional<long long>& count) {
        ++clusters;
        if (count) {
            ++with_count;
            units += *count;
        }
    }
    /// The sum, or nullopt (unknown) when none of the records publishes a count.
    std::optional<long long> sum() const { return with_count > 0 ? std::optional<long long>(units) : std::nullopt; }
};

/// Present clusters with one value of a dimension (nullopt: unknown or not published).
struct StatsGroup {
    std::optional<std::string> value;
    long long clusters = 0;
    long long with_gpu_count = 0;  ///< of them, those that publish a count (of any chip)
    Tally gpus;                    ///< those counted in the GPU total, and their GPUs
    /// The bound of the group's sum: approximate when a count in it is, else at least when one
    /// is, else exact (empty). A sum of "~40,000" and 9,408 is no exact 49,408.
    std::string gpus_bound;
    void add_bound(std::string_view bound) {
        if (bound == model::bound_approximate || (bound == model::bound_at_least && gpus_bound.empty()))
            gpus_bound = std::string(bound);
    }
    /// Left out records whose model or count is unknown: when it counts no record, the group's
    /// GPUs are unknown, not 0.
    long long left_out_unknown = 0;
    std::optional<long long> gpus_installed() const {
        if (gpus.clusters == 0 && left_out_unknown > 0) return std::nullopt;
        return gpus.units;
    }
};

struct DatasetStats {
    long long clusters = 0;
    long long with_gpu_count = 0;    ///< clusters that publish a count, whatever their chip
    Tally gpus;                      ///< the records counted, and the physical GPUs they give
    long long left_out_unknown = 0;  ///< as StatsGroup's
    std::optional<long long> gpus_installed() const {
        if (gpus.clusters == 0 && left_out_unknown > 0) return std::nullopt;
        return gpus.units;
    }
    /// Of the counted records, those whose count is approximate (~N), or a lower bound (N+).
    Tally approximate, at_least;
    std::array<Tally, std::size(left_out_reasons)> left_out;  ///< by reason, in left_out_reasons' order
    const Tally& left_out_for(LeftOut reason) const { return left_out[static_cast<std::size_t>(reason)]; }
    /// The accelerators that are not GPUs (left out as not_a_gpu), by the catalogue's chip, in
    /// the chip's byte order.
    std::vector<std::pair<std::string, Tally>> accelerators;
    std::vector<std::pair<const model::FieldSpec*, std::vector<StatsGroup>>> by;
    store::Store::ValueSources values;
    long long verified = 0;  ///< clusters whose Verified badge is current
    long long stale = 0;     ///< signed, and changed since
};

/// The fields a StatsRow is read from.
std::vector<std::string_view> stats_fields();
/// A present record's preferred values (those of stats_fields) as a StatsRow.
StatsRow stats_row(const model::Record& record);
/// The ids of the rows that are superseded phases: linked (builds-upon, superseded-by, between
/// present rows, followed transitively) to a strictly newer row that publishes a count.
std::vector<std::string> superseded_phases(const std::vector<StatsRow>& rows);
/// The figures of the rows: every total but `values` and the badges.
DatasetStats tally_stats(const std::vector<StatsRow>& rows);

/// The current dataset in figures.
DatasetStats dataset_stats(const store::Store& store);

}  // namespace gpuclusters::ledger
