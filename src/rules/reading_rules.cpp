#include "rules/reading_rules.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <unordered_map>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "rules/quote_reading.hpp"
#include "rules/reading_support.hpp"

namespace gpuclusters::rules::reading {
namespace {

// A quote speaks of the time of its source: "by 2027" is a plan unless 2027 is past.
int reference_year(const Record& record, const model::Citation& citation, const Context& context) {
    if (const auto source = record.sources.find(citation.source_id); source != record.sources.end()) {
        const auto& meta = source->second.meta;
        const std::string& date = meta.published.empty() ? meta.accessed : meta.published;
        if (date.size() >= 4) return std::stoi(date.substr(0, 4));
    }
    return std::stoi(context.today.substr(0, 4));
}

}  // namespace

ReadingCache& cache_of(const Context& context) {
    if (!context.readings) context.readings = std::make_shared<ReadingCache>();
    return *context.readings;
}

std::string quoted(const model::Citation& citation, const Quantity& quantity) {
    return "'" + excerpt(citation.quote, quantity) + "'";
}

bool within(const Quantity& quantity, const Decimal& number) {
    if (quantity.upper) return quantity.value <= number && number <= *quantity.upper;
    return quantity.value == number || (quantity.alternative && *quantity.alternative == number);
}

namespace {

// What `ask` finds in a text's reading: the one kept, or one made now (and kept while the
// record's texts are within ReadingCache::keep_bytes).
template <typename Ask>
auto ask_reading(const Context& context, ReadingCache::ReadText& text, std::string_view words, int year, Ask ask) {
    if (text.reading) return ask(*text.reading);
    auto& cache = cache_of(context);
    const auto& impl = context.config.quote_reader().impl();
    if (cache.kept_bytes + words.size() <= ReadingCache::keep_bytes) {
        cache.kept_bytes += words.size();
        text.reading = std::make_unique<Reading>(impl, words, year);
        return ask(*text.reading);
    }
    Reading reading(impl, words, year);
    return ask(reading);
}

}  // namespace

const std::vector<Quantity>& quantities_of(const Record& record, const model::Citation& citation, const Context& context) {
    const int year = reference_year(record, citation, context);
    auto& text = cache_of(context).texts[ReadingCache::Text{citation.quote, year}];
    if (!text.quantities) {
        text.quantities = ask_reading(context, text, citation.quote, year, [](Reading& reading) { return reading.quantities(); });
    }
    return *text.quantities;
}

const std::vector<StatusEvent>& status_events_of(const Context& context, std::string_view words, int year) {
    auto& text = cache_of(context).texts[ReadingCache::Text{words, year}];
    if (!text.status_events) {
        text.status_events = ask_reading(context, text, words, year, [](Reading& reading) { return reading.status_events(); });
    }
    return *text.status_events;
}

const std::vector<StatusEvent>& status_events_of(const Record& record, const model::Citation& citation, const Context& context) {
    return status_events_of(context, citation.quote, reference_year(record, citation, context));
}

namespace {

const model::GpuModel* model_of(const Record& record, const Quantity& quantity, const Context& context) {
    if (quantity.model && quantity.model->kind != "family") return quantity.model;
    auto& cache = cache_of(context);
    if (!cache.model_known) {
        const Claim* gpu = record.value_of("gpu_model");
        cache.model = gpu ? model::GpuCatalogue::builtin().find(gpu->value.value) : nullptr;
        cache.model_known = true;
    }
    return cache.model;
}

bool other_model(const Record& record, const Quantity& quantity, const Context& context) {
    if (!quantity.model) return false;
    Quantity unnamed = quantity;
    unnamed.model = nullptr;
    const model::GpuModel* own = model_of(record, unnamed, context);
    if (!own || own == quantity.model) return false;
    if (own->kind != "family" && quantity.model->kind != "family") return true;
    // A family and a model of it are the same GPUs named less or more closely: "1,900 Hopper GPUs"
    // may be H100s. Of another maker or another architecture, they are other GPUs; of a model
    // whose architecture the catalogue does not know, no one can tell.
    if (own->maker != quantity.model->maker) return true;
    const auto family_of = [](const model::GpuModel& gpu) { return gpu.kind == "family" ? gpu.model : gpu.family; };
    const std::string ours = family_of(*own), theirs = family_of(*quantity.model);
    return !ours.empty() && !theirs.empty() && ours != theirs;
}

// The figures that give a whole GPU count, converted through the catalogue where the quote
// counts superchips, GCDs, dies or tiles.
std::vector<Candidate> count_candidates(const Record& record, const Claim& claim, const Context& context) {
    std::vector<Candidate> candidates;
    const auto value = Decimal::parse(claim.value.value);
    if (!value) return candidates;
    for (const auto& citation : claim.citations) {
        if (citation.quote.empty()) continue;
        const std::vector<Quantity>& all = quantities_of(record, citation, context);
        for (const auto& q : all) {
            if (q.unit == Unit::other || q.unit == Unit::energy || counts_power(q.unit)) continue;
            const model::GpuModel* gpu = model_of(record, q, context);
            Candidate candidate{&q, &citation};
            const bool raw = within(q, *value);
            // "they had 4k H100s before ... adding 4k Blackwell GPUs": a figure of another model
            // than the record's is another cluster's, or another part's; when it alone gives the
            // value, the value counts the wrong chips.
            // (An equivalence names another model by nature: "3,500 H100s" of a B200 record.)
            if (other_model(record, q, context) && q.modality != Modality::equivalence && q.unit != Unit::h100_equivalent) {
                if (!raw) continue;
                const model::GpuModel* own = model_of(record, Quantity{}, context);
                candidate.fault(
                    Problem::other_model, "other-model",
                    fmt::format("counts {}, not the record's {}: {}", q.model->model, own->model, quoted(citation, q)));
                candidates.push_back(std::move(candidate));
                continue;
            }
            bool converted = false;
            if (q.unit == Unit::superchip && gpu && gpu->package == "superchip") {
                const auto gpus = q.value.times(gpu->gpus_per_package);
                converted = gpus && *gpus == *value && gpu->gpus_per_package != 1;
            } else if (is_part(q.unit) && parts_known(gpu, q.unit)) {
                const auto gpus = q.value.divided_by(gpu->parts_per_gpu);
                converted = gpus && *gpus == *value;
            } else if (is_holder(q.unit) && q.per == Unit::none && !q.upper) {
                // "more than 4,600 nodes, each with six GPUs" gives 27,600 GPUs, with the nodes'
                // bound and modality; the GPUs of each must be a plain count in service ("up to 8
                // GPUs each" is a capacity, "each will get 8" a plan).
                for (const auto& each : all) {
                    const bool plain = each.unit == Unit::gpu && each.per == q.unit && !each.upper &&
                                       each.bound == Bound::exact && each.modality == Modality::in_service;
                    const auto per = plain ? each.value.to_integer() : std::nullopt;
                    const auto gpus = per && *per > 1 ? q.value.times(*per) : std::nullopt;
                    if (gpus && *gpus == *value) converted = true;
                }
            }
            if (!raw && !converted) continue;
            // What the figure counts first: a figure in the wrong unit is no count of GPUs at all.
            // Only a model's name, not a noun ("550k GB200s"), leaves the unit in doubt: the
            // words that qualify the figure come first then.
            if (raw && !converted && q.unit_from_model) judge_words(candidate, claim.value.qualifiers.bound);
            // "4,200 XK7 compute nodes (each containing ... one accelerator)": N x 1 GPUs. So too
            // where the quote gives a node's make-up apart, CPUs and one GPU ("two CPUs and one
            // GPU", "one Grace CPU paired with one Hopper GPU"), and no other GPUs per node.
            const auto one_each = [&] {
                const auto gpus_per_node = [&](const Quantity& other) { return other.per == q.unit && other.unit == Unit::gpu; };
                const auto one_gpu = [](const Quantity& other) {
                    return other.unit == Unit::gpu && other.value == Decimal::whole(1);
                };
                const bool made_up =
                    std::ranges::any_of(all, [](const Quantity& other) { return other.unit == Unit::cpu; }) &&
                    std::ranges::any_of(all, [&](const Quantity& other) { return other.per == Unit::none && one_gpu(other); });
                return std::ranges::any_of(all, [&](const Quantity& other) { return gpus_per_node(other) && one_gpu(other); }) ||
                       (made_up && std::ranges::none_of(
                                       all, [&](const Quantity& other) { return gpus_per_node(other) && !one_gpu(other); }));
            };
            if (raw && !converted && is_holder(q.unit) && one_each()) converted = true;
            if (raw && !converted && candidate.problem == Problem::none) {
                if (std::string why = miscount(q, gpu, quoted(citation, q)); !why.empty()) {
                    candidate.fault(Problem::unit, unit_kind(q), why);
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
            if (q.unit == Unit::other || q.unit == Unit::energy || counts_power(q.unit) || !within(q, number)) {
                continue;
            }
            Candidate candidate{&q, &citation};
            if (is_part(q.unit) || q.unit == Unit::core || q.unit == Unit::cpu) {
                candidate.fault(Problem::unit, to_string(q.unit),
                                fmt::format("the operand {} counts {}, not GPUs: {}", operand,
                                            is_part(q.unit)       ? std::string(part_name(q.unit))
                                            : q.unit == Unit::cpu ? "CPUs"
                                                                  : "cores",
                                            quoted(citation, q)));
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

// The figures behind each operand of a derivation, judged as factors of the product.
std::vector<std::vector<Candidate>> operand_readings(const Record& record, const Claim& claim,
                                                     const std::vector<long long>& operands, const Context& context) {
    std::vector<std::vector<Candidate>> per_operand;
    for (const long long operand : operands) per_operand.push_back(operand_candidates(record, claim, operand, context));
    // "18 compute nodes, each housing two GB200 superchips" is 18 x 4 GPUs: a count of
    // superchips per node is a factor of GPUs only when another operand is GPUs per superchip.
    const bool per_superchip = std::ranges::any_of(per_operand, [](const auto& candidates) {
        return std::ranges::any_of(candidates, [](const Candidate& c) { return c.quantity->per == Unit::superchip; });
    });
    for (std::size_t n = 0; n < operands.size(); ++n) {
        for (auto& candidate : per_operand[n]) {
            const Quantity& q = *candidate.quantity;
            const model::GpuModel* gpu = model_of(record, q, context);
            if (candidate.problem == Problem::none && q.unit == Unit::superchip && q.per != Unit::none && !per_superchip && gpu &&
                gpu->gpus_per_package > 1) {
                candidate.fault(Problem::unit, "superchip",
                                fmt::format("the operand {} counts superchips: {}; each {} superchip holds {} GPUs", operands[n],
                                            quoted(*candidate.citation, q), gpu->model, gpu->gpus_per_package));
            }
        }
    }
    // "H 21 Dual Intel Xeon Platinum 8468 CPUs + Four NVIDIA H100 GPUs", a table's row: where
    // another operand is a clean count of GPUs, a count of CPUs may be the nodes' own.
    const auto gpus_elsewhere = [&](std::size_t n) {
        for (std::size_t other = 0; other < per_operand.size(); ++other) {
            const auto gpus = [](const Candidate& c) { return c.problem == Problem::none && c.quantity->unit == Unit::gpu; };
            if (other != n && std::ranges::any_of(per_operand[other], gpus)) return true;
        }
        return false;
    };
    for (std::size_t n = 0; n < operands.size(); ++n) {
        if (!gpus_elsewhere(n)) continue;
        for (auto& candidate : per_operand[n]) {
            if (candidate.problem != Problem::unit || candidate.quantity->unit != Unit::cpu) continue;
            candidate.soft = true;
            candidate.message += "; another operand counts GPUs, so these may be each node's CPUs";
        }
    }
    return per_operand;
}

CountReading judge_count(const Record& record, const Claim& claim, const Context& context) {
    CountReading result;
    auto whole = count_candidates(record, claim, context);
    // A figure of another model matters only when no figure of the record's own gives the value:
    // "approximately 2.5K H100s and 2.5K A100s" of an H100 record is read by its H100s.
    if (std::ranges::any_of(whole, [](const Candidate& c) { return c.problem != Problem::other_model; })) {
        std::erase_if(whole, [](const Candidate& c) { return c.problem == Problem::other_model; });
    }
    if (any_clean(whole)) {
        result.backed = result.clean = true;
        return result;
    }
    bool every_operand = false;
    std::vector<Candidate> operand_problems;
    if (const auto& derivation = claim.value.qualifiers.derivation; !derivation.empty()) {
        const auto operands = operands_of(derivation);
        // "16,688 x 1": the nodes are an operand, which the derivation multiplies into GPUs.
        std::erase_if(whole, [&](const Candidate& c) {
            return is_holder(c.quantity->unit) &&
                   std::ranges::any_of(operands, [&](long long operand) { return within(*c.quantity, Decimal::whole(operand)); });
        });
        every_operand = !operands.empty();
        bool all_clean = every_operand;
        auto per_operand = operand_readings(record, claim, operands, context);
        for (auto& candidates : per_operand) {
            if (candidates.empty()) {
                every_operand = all_clean = false;
                continue;
            }
            if (any_clean(candidates)) continue;
            all_clean = false;
            for (auto& candidate : candidates) operand_problems.push_back(std::move(candidate));
        }
        // "166 racks contains 64 blades" is 166 x 64 blades: a derivation with no operand that
        // counts GPUs counts none.
        const bool holders_only =
            all_clean && std::ranges::all_of(per_operand, [](const auto& candidates) {
                return std::ranges::all_of(candidates, [](const Candidate& c) { return is_holder(c.quantity->unit); });
            });
        if (holders_only) {
            for (auto& candidates : per_operand) {
                for (auto& candidate : candidates) {
                    candidate.fault(Problem::unit, to_string(candidate.quantity->unit),
                                    fmt::format("no operand of {} counts GPUs: {}", derivation,
                                                quoted(*candidate.citation, *candidate.quantity)));
                    operand_problems.push_back(candidate);
                }
            }
            all_clean = false;
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
    report_first(
        record, context, "gpus_installed", read_count, out, [&](const Candidate& c) { return c.problem == kind; },
        [&](const Claim& claim, const Candidate& c) {
            return fmt::format("gpus_installed = {} {}{}", display_claim(&claim), lead, c.message);
        });
}

// "27,648 Nvidia Tesla V100 GPUs ... Summit was decommissioned on November 15, 2024": a count
// clean in its own words, whose quote reports a retirement that has happened, may count GPUs no
// longer in service. A warning: the retirement may be of another machine the quote names.
void retirement_in_quote(const Record& record, const Claim& claim, const Context& context, std::vector<Finding>& out) {
    for (const auto& citation : claim.citations) {
        if (citation.quote.empty()) continue;
        for (const auto& event : status_events_of(record, citation, context)) {
            if (event.kind != StatusEvent::Kind::retired || !event.happened) continue;
            auto result = finding(record, &claim, "gpus_installed",
                                  fmt::format("gpus_installed = {} may count GPUs no longer in service: its quote says '{}'",
                                              display_claim(&claim), event.words));
            result.kind = "retired";
            result.severity = Severity::warning;
            cite_evidence(result, record, citation);
            out.push_back(std::move(result));
            return;
        }
    }
}

}  // namespace

void start_record(const Context& context) { cache_of(context).clear(); }

void planned_count(const Record& record, const Context& context, std::vector<Finding>& out) {
    count_rule(record, context, out, Problem::planned, "is not an installed count: its quote gives ");
    // (A count with a planned figure behind it is not clean: each count gets one finding at most.)
    for (const Claim* claim : live_claims(record, "gpus_installed")) {
        if (claim->state == ClaimState::set && read_count(record, *claim, context).clean) {
            retirement_in_quote(record, *claim, context, out);
        }
    }
}

void capacity_count(const Record& record, const Context& context, std::vector<Finding>& out) {
    count_rule(record, context, out, Problem::capacity, "is not an installed count: its quote gives ");
}

void equivalent_count(const Record& record, const Context& context, std::vector<Finding>& out) {
    count_rule(record, context, out, Problem::equivalence, "is not a count of GPUs: its quote gives ");
}

void count_bound(const Record& record, const Context& context, std::vector<Finding>& out) {
    report_first(
        record, context, "gpus_installed", read_count, out, [](const Candidate& c) { return c.problem == Problem::bound; },
        [](const Claim& claim, const Candidate& c) {
            const std::string number = text::group_thousands(std::stoll(claim.value.value));
            const std::string fix = c.quantity->bound == Bound::at_least ? number + "+" : "~" + number;
            return fmt::format("gpus_installed = {} is stored as {}, but its source gives {} (record it as {})",
                               display_claim(&claim),
                               claim.value.qualifiers.bound.empty() ? "exact" : claim.value.qualifiers.bound, c.message, fix);
        });
}

void count_unit(const Record& record, const Context& context, std::vector<Finding>& out) {
    count_rule(record, context, out, Problem::unit, "");
}

void other_model_count(const Record& record, const Context& context, std::vector<Finding>& out) {
    count_rule(record, context, out, Problem::other_model, "");
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

}  // namespace gpuclusters::rules::reading
