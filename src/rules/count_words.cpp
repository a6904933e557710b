// The words of a GPU count: what a figure counts instead of GPUs, and what qualifies it (a
// plan, a capacity, a bound), as the count rules word them.
#include <fmt/format.h>

#include "gpuclusters/model/text.hpp"
#include "rules/reading_support.hpp"

namespace gpuclusters::rules::reading {

// A whole number of GPUs as a page shows it: 37,632.
std::string grouped(const Decimal& value) {
    const auto whole = value.to_integer();
    return whole ? text::group_thousands(*whole) : value.to_string();
}

bool is_part(Unit unit) { return unit == Unit::gcd || unit == Unit::die || unit == Unit::tile; }

std::string_view part_name(Unit unit) {
    return unit == Unit::gcd ? "GCDs" : unit == Unit::die ? "dies" : unit == Unit::tile ? "tiles" : "";
}

// Whether the catalogue says how many of the parts a quote counts (GCDs, dies, tiles) make a GPU.
bool parts_known(const model::GpuModel* gpu, Unit unit) {
    return gpu && gpu->parts_per_gpu > 0 && text::lower_ascii(gpu->part) + "s" == text::lower_ascii(part_name(unit));
}

// A candidate's fault from the words that qualify its figure (an equivalence, a capacity, a plan,
// a bound), once it is known to count GPUs. `claim_bound` is how the value is stored.
void judge_words(Candidate& candidate, std::string_view claim_bound) {
    const Quantity& q = *candidate.quantity;
    const model::Citation& citation = *candidate.citation;
    if (q.modality == Modality::equivalence) {
        candidate.fault(Problem::equivalence, "equivalence", fmt::format("a performance equivalence: {}", quoted(citation, q)));
    } else if (q.bound == Bound::at_most) {
        // "will host up to 4,088": the limit disqualifies the figure before its future does.
        candidate.fault(Problem::capacity, "capacity", fmt::format("a capacity or upper limit: {}", quoted(citation, q)));
    } else if (q.modality == Modality::planned) {
        candidate.fault(Problem::planned, "planned", fmt::format("a planned figure: {}", quoted(citation, q)));
    } else if (q.modality == Modality::procured) {
        candidate.fault(Problem::planned, "procured",
                        fmt::format("a figure procured, not shown installed: {}", quoted(citation, q)));
    } else if (q.modality == Modality::retired) {
        candidate.fault(Problem::planned, "retired", fmt::format("a figure no longer in service: {}", quoted(citation, q)));
    } else if (claim_bound.empty() && (q.bound == Bound::approximate || q.bound == Bound::at_least)) {
        const char* kind = q.bound == Bound::at_least ? "lower bound" : q.upper ? "a range" : "approximate";
        candidate.fault(Problem::bound,
                        q.bound == Bound::at_least ? "lower-bound"
                        : q.upper                  ? "range"
                                                   : "approximate",
                        fmt::format("{}: '{}'", kind, phrase_text(citation.quote, q)));
    } else if (claim_bound == model::bound_at_least && q.bound == Bound::approximate) {
        candidate.fault(Problem::bound, "approximate",
                        fmt::format("approximate, not a lower bound: '{}'", phrase_text(citation.quote, q)));
    }
}

// The kind of a count-unit finding: what the figure counts ("gcd", "node", "per-node").
std::string unit_kind(const Quantity& q) {
    if (q.unit == Unit::gpu && q.per != Unit::none) return fmt::format("per-{}", to_string(q.per));
    return std::string(to_string(q.unit));
}

// What a figure counts instead of GPUs, when it counts something else; "" when it counts GPUs.
std::string miscount(const Quantity& q, const model::GpuModel* gpu, const std::string& figure) {
    if (q.unit == Unit::superchip && gpu && gpu->gpus_per_package > 1) {
        const auto gpus = q.value.times(gpu->gpus_per_package);
        return fmt::format("counts superchips: {}; each {} superchip holds {} GPUs, so {} GPUs{}", figure, gpu->model,
                           gpu->gpus_per_package, gpus ? grouped(*gpus) : "more",
                           q.unit_from_model ? " (unless the source counts GPUs by the model's name)" : "");
    }
    if (q.unit == Unit::superchip && !gpu) {
        return fmt::format(
            "counts superchips: {}; the catalogue cannot say how many GPUs each holds without a catalogued gpu_model", figure);
    }
    if (is_part(q.unit)) {
        if (!parts_known(gpu, q.unit)) {
            return fmt::format("counts {}, not GPUs: {}; the catalogue gives no {} per GPU for {}", part_name(q.unit), figure,
                               part_name(q.unit), gpu ? gpu->model : std::string("this model"));
        }
        const auto gpus = q.value.divided_by(gpu->parts_per_gpu);
        return fmt::format("counts {}: {}; the {} has {} {} per GPU, so {} GPUs", part_name(q.unit), figure, gpu->model,
                           gpu->parts_per_gpu, part_name(q.unit), gpus ? grouped(*gpus) : "fewer");
    }
    if (is_holder(q.unit) || q.unit == Unit::core || q.unit == Unit::cpu) {
        return fmt::format("counts {}s, not GPUs: {}{}", q.unit == Unit::cpu ? "CPU" : to_string(q.unit), figure,
                           is_holder(q.unit) ? " (a count is nodes x GPUs per node)" : "");
    }
    if (q.per != Unit::none) return fmt::format("counts GPUs per {}, not the GPUs installed: {}", to_string(q.per), figure);
    return "";
}

}  // namespace gpuclusters::rules::reading
