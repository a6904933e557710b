// The rules that read power values against their quotes: a figure in kW or GW stored as MW, and
// a capacity or a plan behind power in service.
#include <algorithm>

#include <fmt/format.h>

#include "rules/reading_rules.hpp"
#include "rules/reading_support.hpp"

namespace gpuclusters::rules::reading {
namespace {

std::optional<Decimal> in_megawatts(const Quantity& q, const Decimal& value) {
    switch (q.unit) {
        case Unit::megawatt:
            return value;
        case Unit::kilowatt:
            return value.scaled(-3);
        case Unit::gigawatt:
            return value.scaled(3);
        default:
            return std::nullopt;
    }
}

// As the value is written: 29,580.98 kW is 29.58098 MW, which backs 29.58.
bool gives(const Decimal& megawatts, const Decimal& value) {
    return megawatts == value || megawatts.rounded(value.decimals()) == value;
}

// A figure with its unit speaks of the power before a bare number that happens to match the
// value ("la misma electricidad que 9.000 hogares (9 megavatios)").
bool power_figure_gives(const std::vector<Quantity>& quantities, const Decimal& value) {
    return std::any_of(quantities.begin(), quantities.end(), [&](const Quantity& q) {
        if (q.unit == Unit::none || q.unit == Unit::energy || !in_megawatts(q, q.value)) return false;
        return gives(*in_megawatts(q, q.value), value) || (q.alternative && gives(*in_megawatts(q, *q.alternative), value));
    });
}

PowerReading judge_power(const Record& record, const Claim& claim, const Context& context) {
    PowerReading result;
    const auto value = Decimal::parse(claim.value.value);
    if (!value) return result;
    for (const auto& citation : claim.citations) {
        if (citation.quote.empty()) continue;
        const auto& quantities = quantities_of(record, citation, context);
        const bool unit_matches = power_figure_gives(quantities, *value);
        for (const auto& q : quantities) {
            if (unit_matches && q.unit == Unit::none) continue;
            Candidate candidate{&q, &citation};
            if (q.unit == Unit::energy) {
                // "20 MWh": an energy, whatever the number.
                if (within(q, *value)) {
                    candidate.fault(Problem::unit, "energy",
                                    fmt::format("its quote gives an energy, not power: '{}'", excerpt(citation.quote, q)));
                    result.problems.push_back(std::move(candidate));
                }
                continue;
            }
            if (q.unit == Unit::none) {
                if (!within(q, *value)) continue;
            } else if (in_megawatts(q, q.value)) {
                // Each reading of the figure ("22.786" is also 22,786 written the European way).
                std::vector<Decimal> readings{q.value};
                if (q.alternative) readings.push_back(*q.alternative);
                bool converted = false;
                const Decimal* taken_as_mw = nullptr;
                for (const auto& reading : readings) {
                    const auto megawatts = in_megawatts(q, reading);
                    const auto upper = q.upper ? in_megawatts(q, *q.upper) : std::nullopt;
                    if (gives(*megawatts, *value) || (upper && *megawatts <= *value && *value <= *upper)) converted = true;
                    if (q.unit != Unit::megawatt && (reading == *value || gives(reading, *value))) taken_as_mw = &reading;
                }
                if (!converted) {
                    // The number is there, its unit is not MW: a kW or GW figure taken as MW.
                    if (taken_as_mw) {
                        candidate.fault(Problem::unit, to_string(q.unit),
                                        fmt::format("its quote gives {} {}, which is {} MW: '{}'", taken_as_mw->to_string(),
                                                    to_string(q.unit), in_megawatts(q, *taken_as_mw)->to_string(),
                                                    excerpt(citation.quote, q)));
                        result.problems.push_back(std::move(candidate));
                    }
                    continue;
                }
            } else {
                continue;
            }
            // "drawing 8-30 MW": the top of a range is a maximum, not what is drawn.
            const auto top = q.upper ? in_megawatts(q, *q.upper) : std::nullopt;
            const auto low = in_megawatts(q, q.value);
            const bool range_top = top && low && gives(*top, *value) && !gives(*low, *value);
            if (range_top) {
                candidate.fault(Problem::capacity, "range-top",
                                fmt::format("its quote gives a range, whose top is a maximum: '{}'", excerpt(citation.quote, q)));
            } else if (q.difference && !q.capacity) {
                // (An increment of capacity, "adds 250 MW of capacity", is read as the capacity it is.)
                candidate.fault(Problem::capacity, "difference",
                                fmt::format("its quote gives a difference, not power drawn: '{}'", q.difference_words));
            } else if (q.capacity) {
                candidate.fault(Problem::capacity, q.peak ? "peak" : "capacity",
                                fmt::format("its quote gives {}, not power drawn: '{}'", q.peak ? "a peak" : "a capacity",
                                            q.capacity_words.empty() ? excerpt(citation.quote, q) : q.capacity_words));
            } else if (q.modality == Modality::planned || q.modality == Modality::procured) {
                candidate.fault(Problem::planned, "planned",
                                fmt::format("its quote gives planned power, not power drawn: {}", quoted(citation, q)));
            } else {
                result.clean = true;
                return result;
            }
            result.problems.push_back(std::move(candidate));
        }
    }
    return result;
}

}  // namespace

const PowerReading& read_power(const Record& record, const Claim& claim, const Context& context) {
    auto& cache = cache_of(context);
    if (const auto found = cache.powers.find(&claim); found != cache.powers.end()) return found->second;
    return cache.powers.emplace(&claim, judge_power(record, claim, context)).first->second;
}

namespace {

void power_rule(const Record& record, const Context& context, std::vector<Finding>& out, bool units) {
    report_first(
        record, context, "power_mw", read_power, out, [&](const Candidate& c) { return (c.problem == Problem::unit) == units; },
        [](const Claim& claim, const Candidate& c) {
            return fmt::format("power_mw = {} is power in service in MW; {}", display_claim(&claim), c.message);
        });
}

}  // namespace

void power_unit(const Record& record, const Context& context, std::vector<Finding>& out) {
    power_rule(record, context, out, true);
}

void capacity_power(const Record& record, const Context& context, std::vector<Finding>& out) {
    power_rule(record, context, out, false);
}

}  // namespace gpuclusters::rules::reading
