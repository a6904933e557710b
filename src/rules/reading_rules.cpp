#include "rules/reading_rules.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <unordered_map>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "rules/rule_support.hpp"

namespace gpuclusters::rules {

namespace reading {
namespace {

using model::Claim;
using model::ClaimState;
using model::Decimal;
using model::Record;
using support::cite_evidence;
using support::finding;
using support::live_claims;
using support::set_value;
using support::shown;

}  // namespace

// The types below are members of ReadingCache, which rules.hpp names (Context holds one), so they
// share its linkage rather than the anonymous namespace's.

// What keeps a figure from backing a value, one kind per rule.
enum class Problem { none, equivalence, planned, capacity, unit, bound };

// A figure of a quote that gives a value (or an operand of its derivation), and what is wrong
// with it for that value, if anything.
struct Candidate {
    const Quantity* quantity = nullptr;
    const model::Citation* citation = nullptr;
    Problem problem = Problem::none;
    std::string message;  ///< why, with the quote's words
};

struct CountReading {
    bool backed = false;  ///< some figure gives the value (or every operand), problems or not
    bool clean = false;   ///< one does without a problem
    std::vector<Candidate> problems;
};

struct PowerReading {
    bool clean = false;
    std::vector<Candidate> problems;
};

}  // namespace reading

// By address: a record of 100,000 claims is read in time linear in them (a list searched in
// order made it quadratic). Node-based maps, so that what was handed out stays where it is as
// more is read.
struct ReadingCache {
    std::unordered_map<const model::Citation*, std::vector<Quantity>> quantities;
    std::unordered_map<const model::Claim*, reading::CountReading> counts;
    std::unordered_map<const model::Claim*, reading::PowerReading> powers;
    bool model_known = false;
    const model::GpuModel* model = nullptr;  ///< the record's gpu_model in the catalogue
    void clear() {
        quantities.clear();
        counts.clear();
        powers.clear();
        model_known = false;
        model = nullptr;
    }
};

namespace reading {
namespace {

ReadingCache& cache_of(const Context& context) {
    if (!context.readings) context.readings = std::make_shared<ReadingCache>();
    return *context.readings;
}

// A quote speaks of the time of its source: "by 2027" is a plan unless 2027 is past.
int reference_year(const Record& record, const model::Citation& citation, const Context& context) {
    if (const auto source = record.sources.find(citation.source_id); source != record.sources.end()) {
        const auto& meta = source->second.meta;
        const std::string& date = meta.published.empty() ? meta.accessed : meta.published;
        if (date.size() >= 4) return std::stoi(date.substr(0, 4));
    }
    return std::stoi(context.today.substr(0, 4));
}

std::string quoted(const model::Citation& citation, const Quantity& quantity) {
    return "'" + excerpt(citation.quote, quantity) + "'";
}

const model::GpuModel* model_of(const Record& record, const Quantity& quantity, const Context& context) {
    if (quantity.model && quantity.model->kind != "family") return quantity.model;
    auto& cache = cache_of(context);
    if (!cache.model_known) {
        const Claim* gpu = set_value(record, "gpu_model");
        cache.model = gpu ? model::GpuCatalogue::builtin().find(gpu->value.value) : nullptr;
        cache.model_known = true;
    }
    return cache.model;
}

// A whole number of GPUs as a page shows it: 37,632.
std::string grouped(const Decimal& value) {
    const auto whole = value.to_integer();
    return whole ? text::group_thousands(*whole) : value.to_string();
}

bool other_model(const Record& record, const Quantity& quantity, const Context& context) {
    if (!quantity.model || quantity.model->kind == "family") return false;
    Quantity unnamed = quantity;
    unnamed.model = nullptr;
    const model::GpuModel* own = model_of(record, unnamed, context);
    return own && own->kind != "family" && own != quantity.model;
}

bool is_part(Unit unit) { return unit == Unit::gcd || unit == Unit::die || unit == Unit::tile; }
bool is_holder(Unit unit) { return unit == Unit::node || unit == Unit::rack || unit == Unit::tray; }

std::string_view part_name(Unit unit) {
    return unit == Unit::gcd ? "GCDs" : unit == Unit::die ? "dies" : unit == Unit::tile ? "tiles" : "";
}

bool within(const Quantity& quantity, const Decimal& number) {
    if (quantity.upper) return quantity.value <= number && number <= *quantity.upper;
    return quantity.value == number || (quantity.alternative && *quantity.alternative == number);
}

// The modality and the bound of a figure that gives the value: the problems that do not depend
// on what it counts. `claim_bound` is how the value is stored.
void judge_words(Candidate& candidate, std::string_view claim_bound) {
    const Quantity& q = *candidate.quantity;
    const model::Citation& citation = *candidate.citation;
    if (q.modality == Modality::equivalence) {
        candidate.problem = Problem::equivalence;
        candidate.message = fmt::format("a performance equivalence: {}", quoted(citation, q));
    } else if (q.bound == Bound::at_most) {
        // "will host up to 4,088": the limit disqualifies the figure before its future does.
        candidate.problem = Problem::capacity;
        candidate.message = fmt::format("a capacity or upper limit: {}", quoted(citation, q));
    } else if (q.modality == Modality::planned) {
        candidate.problem = Problem::planned;
        candidate.message = fmt::format("a planned figure: {}", quoted(citation, q));
    } else if (q.modality == Modality::procured) {
        candidate.problem = Problem::planned;
        candidate.message = fmt::format("a figure procured, not shown installed: {}", quoted(citation, q));
    } else if (claim_bound.empty() && (q.bound == Bound::approximate || q.bound == Bound::at_least)) {
        candidate.problem = Problem::bound;
        const std::string words = "'" + phrase_text(citation.quote, q) + "'";
        candidate.message = q.bound == Bound::at_least ? fmt::format("lower bound: {}", words)
                            : q.upper                  ? fmt::format("a range: {}", words)
                                                       : fmt::format("approximate: {}", words);
    } else if (claim_bound == model::bound_at_least && q.bound == Bound::approximate) {
        candidate.problem = Problem::bound;
        candidate.message = fmt::format("approximate, not a lower bound: '{}'", phrase_text(citation.quote, q));
    }
}

const std::vector<Quantity>& quantities_of(const Record& record, const model::Citation& citation, const Context& context) {
    auto& cache = cache_of(context);
    if (const auto found = cache.quantities.find(&citation); found != cache.quantities.end()) return found->second;
    return cache.quantities
        .emplace(&citation, context.config.quote_reader().quantities(citation.quote, reference_year(record, citation, context)))
        .first->second;
}

// The figures that give a whole GPU count, converted through the catalogue where the quote
// counts superchips, GCDs, dies or tiles.
std::vector<Candidate> count_candidates(const Record& record, const Claim& claim, const Context& context) {
    std::vector<Candidate> candidates;
    const auto value = Decimal::parse(claim.value.value);
    if (!value) return candidates;
    for (const auto& citation : claim.citations) {
        if (citation.quote.empty()) continue;
        for (const auto& q : quantities_of(record, citation, context)) {
            if (q.unit == Unit::other || q.unit == Unit::megawatt || q.unit == Unit::kilowatt || q.unit == Unit::gigawatt) {
                continue;
            }
            const model::GpuModel* gpu = model_of(record, q, context);
            // "they had 4k H100s before ... adding 4k Blackwell GPUs": a figure of another model
            // than the record's is another cluster's, or another part's.
            // (An equivalence names another model by nature: "3,500 H100s" of a B200 record.)
            if (other_model(record, q, context) && q.modality != Modality::equivalence && q.unit != Unit::h100_equivalent)
                continue;
            Candidate candidate{&q, &citation};
            const bool raw = within(q, *value);
            bool converted = false;
            if (q.unit == Unit::superchip && gpu && gpu->package == "superchip") {
                const auto gpus = q.value.times(gpu->gpus_per_package);
                converted = gpus && *gpus == *value && gpu->gpus_per_package != 1;
            } else if (is_part(q.unit) && gpu && gpu->parts_per_gpu > 0 &&
                       text::lower_ascii(gpu->part) + "s" == text::lower_ascii(part_name(q.unit))) {
                const auto gpus = q.value.divided_by(gpu->parts_per_gpu);
                converted = gpus && *gpus == *value;
            }
            if (!raw && !converted) continue;
            // What the figure counts first: a figure in the wrong unit is no count of GPUs at all.
            // Only a model's name, not a noun ("550k GB200s"), leaves the unit in doubt: the
            // words that qualify the figure come first then.
            if (raw && !converted && q.unit_from_model) judge_words(candidate, claim.value.qualifiers.bound);
            if (raw && !converted && candidate.problem == Problem::none) {
                const std::string figure = quoted(citation, q);
                if (q.unit == Unit::superchip && gpu && gpu->gpus_per_package > 1) {
                    const auto gpus = q.value.times(gpu->gpus_per_package);
                    candidate.problem = Problem::unit;
                    candidate.message =
                        fmt::format("counts superchips: {}; each {} superchip holds {} GPUs, so {} GPUs{}", figure, gpu->model,
                                    gpu->gpus_per_package, gpus ? grouped(*gpus) : "more",
                                    q.unit_from_model ? " (unless the source counts GPUs by the model's name)" : "");
                } else if (q.unit == Unit::superchip && !gpu) {
                    candidate.problem = Problem::unit;
                    candidate.message = fmt::format(
                        "counts superchips: {}; the catalogue cannot say how many GPUs each "
                        "holds without a catalogued gpu_model",
                        figure);
                } else if (is_part(q.unit)) {
                    candidate.problem = Problem::unit;
                    const bool known = gpu && gpu->parts_per_gpu > 0 &&
                                       text::lower_ascii(gpu->part) + "s" == text::lower_ascii(part_name(q.unit));
                    const auto gpus = known ? q.value.divided_by(gpu->parts_per_gpu) : std::nullopt;
                    candidate.message =
                        known
                            ? fmt::format("counts {}: {}; the {} has {} {} per GPU, so {} GPUs", part_name(q.unit), figure,
                                          gpu->model, gpu->parts_per_gpu, part_name(q.unit), gpus ? grouped(*gpus) : "fewer")
                            : fmt::format("counts {}, not GPUs: {}; the catalogue gives no {} per GPU for {}", part_name(q.unit),
                                          figure, part_name(q.unit), gpu ? gpu->model : std::string("this model"));
                } else if (is_holder(q.unit) || q.unit == Unit::core || q.unit == Unit::cpu) {
                    candidate.problem = Problem::unit;
                    candidate.message = fmt::format("counts {}s, not GPUs: {}{}", q.unit == Unit::cpu ? "CPU" : to_string(q.unit),
                                                    figure, is_holder(q.unit) ? " (a count is nodes x GPUs per node)" : "");
                } else if (q.per != Unit::none) {
                    candidate.problem = Problem::unit;
                    candidate.message = fmt::format("counts GPUs per {}, not the GPUs installed: {}", to_string(q.per), figure);
                }
            }
            if (candidate.problem == Problem::none) judge_words(candidate, claim.value.qualifiers.bound);
            candidates.push_back(std::move(candidate));
        }
    }
    return candidates;
}

// The figures that give one operand of a derivation ("9,856 x 4": 9,856 nodes, 4 GPUs each).
std::vector<Candidate> operand_candidates(const Record& record, const Claim& claim, long long operand, const Context& context) {
    std::vector<Candidate> candidates;
    const Decimal number = Decimal::whole(operand);
    for (const auto& citation : claim.citations) {
        if (citation.quote.empty()) continue;
        for (const auto& q : quantities_of(record, citation, context)) {
            if (q.unit == Unit::other || q.unit == Unit::megawatt || q.unit == Unit::kilowatt || q.unit == Unit::gigawatt ||
                !within(q, number)) {
                continue;
            }
            Candidate candidate{&q, &citation};
            {
                if (is_part(q.unit) || q.unit == Unit::core || q.unit == Unit::cpu) {
                    candidate.problem = Problem::unit;
                    candidate.message = fmt::format("the operand {} counts {}, not GPUs: {}", operand,
                                                    is_part(q.unit)       ? std::string(part_name(q.unit))
                                                    : q.unit == Unit::cpu ? "CPUs"
                                                                          : "cores",
                                                    quoted(citation, q));
                }
            }
            if (candidate.problem == Problem::none) judge_words(candidate, claim.value.qualifiers.bound);
            candidates.push_back(std::move(candidate));
        }
    }
    return candidates;
}

bool any_clean(const std::vector<Candidate>& candidates) {
    return std::any_of(candidates.begin(), candidates.end(), [](const Candidate& c) { return c.problem == Problem::none; });
}

std::vector<long long> operands_of(const std::string& derivation) {
    std::vector<long long> operands;
    for (auto term : text::split(derivation, '+')) {
        for (auto factor : text::split(term, 'x')) {
            try {
                operands.push_back(model::parse_whole_number(factor));
            } catch (const std::exception&) {
                return {};
            }
        }
    }
    return operands;
}

CountReading judge_count(const Record& record, const Claim& claim, const Context& context) {
    CountReading result;
    auto whole = count_candidates(record, claim, context);
    if (any_clean(whole)) {
        result.backed = result.clean = true;
        return result;
    }
    bool every_operand = false;
    std::vector<Candidate> operand_problems;
    if (const auto& derivation = claim.value.qualifiers.derivation; !derivation.empty()) {
        const auto operands = operands_of(derivation);
        every_operand = !operands.empty();
        bool all_clean = every_operand;
        std::vector<std::vector<Candidate>> per_operand;
        for (const long long operand : operands) per_operand.push_back(operand_candidates(record, claim, operand, context));
        // "18 compute nodes, each housing two GB200 superchips" is 18 x 4 GPUs: a count of
        // superchips per node is a factor of GPUs only when another operand is GPUs per superchip.
        const bool per_superchip = std::any_of(per_operand.begin(), per_operand.end(), [](const auto& candidates) {
            return std::any_of(candidates.begin(), candidates.end(),
                               [](const Candidate& c) { return c.quantity->per == Unit::superchip; });
        });
        for (std::size_t n = 0; n < operands.size(); ++n) {
            const long long operand = operands[n];
            auto& candidates = per_operand[n];
            for (auto& candidate : candidates) {
                const Quantity& q = *candidate.quantity;
                const model::GpuModel* gpu = model_of(record, q, context);
                if (candidate.problem == Problem::none && q.unit == Unit::superchip && q.per != Unit::none && !per_superchip &&
                    gpu && gpu->gpus_per_package > 1) {
                    candidate.problem = Problem::unit;
                    candidate.message = fmt::format("the operand {} counts superchips: {}; each {} superchip holds {} GPUs",
                                                    operand, quoted(*candidate.citation, q), gpu->model, gpu->gpus_per_package);
                }
            }
            if (candidates.empty()) {
                every_operand = all_clean = false;
                continue;
            }
            (void)operand;
            if (any_clean(candidates)) continue;
            all_clean = false;
            for (auto& candidate : candidates) operand_problems.push_back(std::move(candidate));
        }
        if (all_clean) {
            result.backed = result.clean = true;
            return result;
        }
    }
    result.backed = !whole.empty() || every_operand;
    result.problems = whole.empty() ? std::move(operand_problems) : std::move(whole);
    return result;
}

// Each value is judged once, for all the rules that report on it.
const CountReading& read_count(const Record& record, const Claim& claim, const Context& context) {
    auto& cache = cache_of(context);
    if (const auto found = cache.counts.find(&claim); found != cache.counts.end()) return found->second;
    return cache.counts.emplace(&claim, judge_count(record, claim, context)).first->second;
}

// Reports, for each live GPU count, the first problem of one kind that keeps every figure
// behind it from backing it.
void count_rule(const Record& record, const Context& context, std::vector<Finding>& out, Problem kind, std::string_view lead) {
    for (const Claim* claim : live_claims(record, "gpus_installed")) {
        if (claim->state != ClaimState::set) continue;
        const CountReading& reading = read_count(record, *claim, context);
        if (reading.clean) continue;
        for (const auto& candidate : reading.problems) {
            if (candidate.problem != kind) continue;
            auto result = finding(record, claim, "gpus_installed",
                                  fmt::format("gpus_installed = {} {}{}", shown(*claim), lead, candidate.message));
            cite_evidence(result, record, *candidate.citation);
            out.push_back(std::move(result));
            break;
        }
    }
}

// --- power -------------------------------------------------------------------------------------

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

PowerReading judge_power(const Record& record, const Claim& claim, const Context& context) {
    PowerReading result;
    const auto value = Decimal::parse(claim.value.value);
    if (!value) return result;
    for (const auto& citation : claim.citations) {
        if (citation.quote.empty()) continue;
        for (const auto& q : quantities_of(record, citation, context)) {
            Candidate candidate{&q, &citation};
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
                        candidate.problem = Problem::unit;
                        candidate.message = fmt::format("its quote gives {} {}, which is {} MW: '{}'", taken_as_mw->to_string(),
                                                        to_string(q.unit), in_megawatts(q, *taken_as_mw)->to_string(),
                                                        excerpt(citation.quote, q));
                        result.problems.push_back(std::move(candidate));
                    }
                    continue;
                }
            } else {
                continue;
            }
            if (q.capacity) {
                candidate.problem = Problem::capacity;
                candidate.message = fmt::format("its quote gives a capacity, not power drawn: '{}'",
                                                q.capacity_words.empty() ? excerpt(citation.quote, q) : q.capacity_words);
            } else if (q.modality == Modality::planned || q.modality == Modality::procured) {
                candidate.problem = Problem::planned;
                candidate.message = fmt::format("its quote gives planned power, not power drawn: {}", quoted(citation, q));
            } else {
                result.clean = true;
                return result;
            }
            result.problems.push_back(std::move(candidate));
        }
    }
    return result;
}

const PowerReading& read_power(const Record& record, const Claim& claim, const Context& context) {
    auto& cache = cache_of(context);
    if (const auto found = cache.powers.find(&claim); found != cache.powers.end()) return found->second;
    return cache.powers.emplace(&claim, judge_power(record, claim, context)).first->second;
}

void power_rule(const Record& record, const Context& context, std::vector<Finding>& out, bool units) {
    for (const Claim* claim : live_claims(record, "power_mw")) {
        if (claim->state != ClaimState::set) continue;
        const PowerReading& reading = read_power(record, *claim, context);
        if (reading.clean) continue;
        for (const auto& candidate : reading.problems) {
            if ((candidate.problem == Problem::unit) != units) continue;
            auto result = finding(record, claim, "power_mw",
                                  fmt::format("power_mw = {} is power in service in MW; {}", shown(*claim), candidate.message));
            cite_evidence(result, record, *candidate.citation);
            out.push_back(std::move(result));
            break;
        }
    }
}

}  // namespace

void start_record(const Context& context) { cache_of(context).clear(); }

void planned_count(const Record& record, const Context& context, std::vector<Finding>& out) {
    count_rule(record, context, out, Problem::planned, "is not an installed count: its quote gives ");
}

void capacity_count(const Record& record, const Context& context, std::vector<Finding>& out) {
    count_rule(record, context, out, Problem::capacity, "is not an installed count: its quote gives ");
}

void equivalent_count(const Record& record, const Context& context, std::vector<Finding>& out) {
    count_rule(record, context, out, Problem::equivalence, "is not a count of GPUs: its quote gives ");
}

void count_bound(const Record& record, const Context& context, std::vector<Finding>& out) {
    for (const Claim* claim : live_claims(record, "gpus_installed")) {
        if (claim->state != ClaimState::set) continue;
        const CountReading& reading = read_count(record, *claim, context);
        if (reading.clean) continue;
        for (const auto& candidate : reading.problems) {
            if (candidate.problem != Problem::bound) continue;
            const Quantity& q = *candidate.quantity;
            const std::string number = text::group_thousands(std::stoll(claim->value.value));
            const std::string fix = q.bound == Bound::at_least ? number + "+" : "~" + number;
            auto result = finding(
                record, claim, "gpus_installed",
                fmt::format("gpus_installed = {} is stored as {}, but its source gives {} (record it "
                            "as {})",
                            shown(*claim), claim->value.qualifiers.bound.empty() ? "exact" : claim->value.qualifiers.bound,
                            candidate.message, fix));
            cite_evidence(result, record, *candidate.citation);
            out.push_back(std::move(result));
            break;
        }
    }
}

void count_unit(const Record& record, const Context& context, std::vector<Finding>& out) {
    count_rule(record, context, out, Problem::unit, "");
}

void power_unit(const Record& record, const Context& context, std::vector<Finding>& out) {
    power_rule(record, context, out, true);
}

void capacity_power(const Record& record, const Context& context, std::vector<Finding>& out) {
    power_rule(record, context, out, false);
}

void status_contradiction(const Record& record, const Context& context, std::vector<Finding>& out) {
    const Claim* status = set_value(record, "status");
    const Claim* notes = set_value(record, "status_notes");
    if (!status || !notes) return;
    const int year = std::stoi(context.today.substr(0, 4));
    const auto events = context.config.quote_reader().status_events(notes->value.value, year);
    const StatusEvent* live_now = nullptr;
    const StatusEvent* live_later = nullptr;
    const StatusEvent* live_denied = nullptr;
    const StatusEvent* building = nullptr;
    const StatusEvent* began = nullptr;
    const StatusEvent* retired = nullptr;
    const StatusEvent* retiring = nullptr;
    for (const auto& event : events) {
        switch (event.kind) {
            case StatusEvent::Kind::live:
                if (event.happened && !live_now) live_now = &event;
                if (!event.happened && !live_later) live_later = &event;
                if (event.denied && !live_denied) live_denied = &event;
                break;
            case StatusEvent::Kind::construction:
                if (event.happened && event.began && !began) began = &event;
                if (event.happened && !event.began && !building) building = &event;
                break;
            case StatusEvent::Kind::retired:
                if (event.happened && !retired) retired = &event;
                if (!event.happened && !event.denied && !retiring) retiring = &event;
                break;
        }
    }
    // Construction that began is building still, unless the notes say it went live since.
    if (!building && !live_now) building = began;
    const std::string& value = status->value.value;
    std::string problem;
    bool soft = false;
    if (retired) {
        problem = fmt::format("retired: '{}'", retired->words);
    } else if (retiring && retiring->year != 0 && retiring->year < year) {
        // "Planned to be decommissioned in 2025", read in 2026: its date has passed.
        problem = fmt::format("retired by now: '{}'", retiring->words);
    } else if (retiring && (retiring->year == 0 || retiring->year <= year + 1)) {
        // A retirement soon, or at a date the notes do not give: the status is right today and
        // may not be for long. One years away says nothing against it.
        problem = fmt::format("to be retired: '{}'", retiring->words);
        soft = true;
    } else if (value == "operational" && !live_now && live_later) {
        problem = fmt::format("not live yet: '{}'", live_later->words);
    } else if (value == "operational" && !live_now && building) {
        problem = fmt::format("under construction: '{}'", building->words);
    } else if (value == "partly operational" && !live_now && live_denied) {
        // Building goes on in a partly operational cluster and more goes live later; only notes
        // that deny it is live say that no part of it is.
        problem = fmt::format("not live in any part yet: '{}'", live_denied->words);
    } else if ((value == "announced" || value == "under construction") && live_now &&
               !(value == "announced" && live_later && !building)) {
        problem = fmt::format("live{}: '{}'", building ? " in part" : "", live_now->words);
        soft = true;
    } else if (value == "announced" && building) {
        problem = fmt::format("under construction: '{}'", building->words);
        soft = true;
    }
    if (problem.empty()) return;
    auto result = finding(record, status, "status", fmt::format("status is {}, but status_notes say it is {}", value, problem));
    // A record behind the news (announced, and the notes say it is built or live) is a warning.
    if (soft) result.severity = Severity::warning;
    out.push_back(std::move(result));
}

bool reading_backs(const Record& record, const Claim& claim, const Context& context) {
    if (claim.field == "gpus_installed") return read_count(record, claim, context).backed;
    if (claim.field == "power_mw") {
        const PowerReading& reading = read_power(record, claim, context);
        return reading.clean || std::any_of(reading.problems.begin(), reading.problems.end(),
                                            [](const Candidate& c) { return c.problem != Problem::unit; });
    }
    return false;
}

}  // namespace reading
}  // namespace gpuclusters::rules
