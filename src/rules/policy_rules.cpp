// The rules of the published editorial policy that read a record's values, one function each;
// catalogue.cpp binds them to their ids, db/rule_catalogue.toml explains them.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <set>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "rules/policy_rules.hpp"
#include "rules/reading_rules.hpp"
#include "rules/rule_support.hpp"

namespace gpuclusters::rules::policy {
namespace {

using model::Claim;
using model::ClaimState;
using model::display_claim;
using model::Record;
using support::cite_evidence;
using support::finding;
using support::kind_of;
using support::live_claims;

std::chrono::sys_days day_of(const std::string& date) {
    // Partial dates stand for the end of their period: the most favourable reading.
    const int year = std::stoi(date.substr(0, 4));
    const unsigned month = date.size() >= 7 ? static_cast<unsigned>(std::stoi(date.substr(5, 2))) : 12;
    if (date.size() >= 10) {
        return std::chrono::year_month_day{std::chrono::year{year}, std::chrono::month{month},
                                           std::chrono::day{static_cast<unsigned>(std::stoi(date.substr(8, 2)))}};
    }
    return std::chrono::year_month_day_last{std::chrono::year{year}, std::chrono::month_day_last{std::chrono::month{month}}};
}

// Facility power per GPU, in watts: a GB200 rack draws about 1.7 kW a GPU with its share of CPUs,
// network and cooling; the smallest inference cards (T4, L4) about 70 W alone. A figure a
// thousand times off (kW stored as MW, or MW as kW) falls far outside these bounds.
constexpr double most_watts_per_gpu = 15'000;
constexpr double least_watts_per_gpu = 40;
// The largest clusters hold a few hundred thousand GPUs; a count far beyond is a count of cores,
// of shader units or of something else.
constexpr long long most_gpus_known = 1'000'000;
// A list's total cores counts every CPU core and every accelerator core (an SM, a CU: a hundred
// or more a GPU), and even a count of CPU cores alone gives a node several for each GPU: GPUs
// beyond half the cores are cores counted as GPUs.
constexpr long long fewest_cores_per_gpu = 2;
// GPUs as general-purpose accelerators date from CUDA (2007).
constexpr int first_gpu_computing_year = 2007;

}  // namespace

// --- provenance --------------------------------------------------------------------------------

void uncited_value(const Record& record, const Context&, std::vector<Finding>& out) {
    // Most records cite every value: one pass over the claims says so, before a look at each field.
    const auto uncited = [](const Claim& claim) { return claim.state == ClaimState::set && claim.citations.empty(); };
    if (std::ranges::none_of(record.claims, uncited)) return;
    for (const auto& spec : model::field_catalogue()) {
        // gpu_maker and gpu_model_canonical rest on gpu_model's evidence through the catalogue.
        if (spec.derived) continue;
        for (const Claim* claim : live_claims(record, spec.name)) {
            if (uncited(*claim)) {
                out.push_back(
                    finding(record, claim, spec.name, fmt::format("{} = {} has no citation", spec.name, display_claim(claim))));
            }
        }
    }
}

void quote_missing_value(const Record& record, const Context& context, std::vector<Finding>& out) {
    for (const auto& field : context.config.quote_fields) {
        const auto& spec = *model::find_field(field);
        for (const Claim* claim : live_claims(record, field)) {
            if (claim->state != ClaimState::set) continue;
            const auto quoted =
                std::ranges::find_if(claim->citations, [](const auto& citation) { return !citation.quote.empty(); });
            if (quoted == claim->citations.end()) continue;
            const bool read = spec.type == model::FieldType::count || spec.type == model::FieldType::decimal;
            if (read && reading::reading_backs(record, *claim, context)) continue;
            // The quotes of a claim back it together: one may give the nodes, another the GPUs per node.
            std::string quotes;
            for (const auto& citation : claim->citations) {
                if (!citation.quote.empty()) quotes.append(citation.quote).append("\n");
            }
            if (quote_contains_value(spec, claim->value, quotes)) continue;
            auto result = finding(record, claim, field,
                                  fmt::format("no quote behind {} = {} contains the value", field, display_claim(claim)));
            cite_evidence(result, record, *quoted);
            out.push_back(std::move(result));
        }
    }
}

// A value cited without a quote: its sources are named, but not the words it rests on. A value
// with no citation at all is uncited-value's.
void unquoted_value(const Record& record, const Context& context, std::vector<Finding>& out) {
    for (const auto& field : context.config.unquoted_fields) {
        for (const Claim* claim : live_claims(record, field)) {
            if (claim->state != ClaimState::set || claim->citations.empty()) continue;
            // A list's row, named by its locator, is checkable as it stands: a table has no words to quote.
            const auto checkable = [&](const model::Citation& citation) {
                if (!citation.quote.empty()) return true;
                const auto source = record.sources.find(citation.source_id);
                return !citation.locator.empty() && source != record.sources.end() && source->second.meta.kind == "list";
            };
            if (std::any_of(claim->citations.begin(), claim->citations.end(), checkable)) continue;
            std::set<long long> sources;
            for (const auto& citation : claim->citations) sources.insert(citation.source_id);
            auto result = finding(record, claim, field,
                                  fmt::format("{} = {} is cited to {} source{} but no quote: the quote is what makes a "
                                              "value checkable",
                                              field, display_claim(claim), sources.size(), sources.size() == 1 ? "" : "s"));
            cite_evidence(result, record, claim->citations.front());
            out.push_back(std::move(result));
        }
    }
}

void source_accessed_date(const Record& record, const Context& context, std::vector<Finding>& out) {
    for (const auto& [id, source] : record.sources) {
        if (!source.meta.accessed.empty() && source.meta.accessed <= context.today) continue;
        auto result = finding(record, nullptr, "",
                              source.meta.accessed.empty()
                                  ? fmt::format("source {} ({}) has no accessed date", id, model::url_domain(source.url))
                                  : fmt::format("source {} ({}) was accessed on {}, in the future", id,
                                                model::url_domain(source.url), source.meta.accessed));
        result.evidence.source_id = id;
        result.evidence.url = source.url;
        out.push_back(std::move(result));
    }
}

void stale_sources(const Record& record, const Context& context, std::vector<Finding>& out) {
    const Claim* status = record.value_of("status");
    if (!status || (status->value.value != "operational" && status->value.value != "partly operational")) return;
    std::string newest;
    for (const auto& [id, source] : record.sources) {
        const std::string& date = source.meta.published.empty() ? source.meta.accessed : source.meta.published;
        if (!date.empty() && date > newest) newest = date;
    }
    if (newest.empty()) return;
    const auto age = (day_of(context.today) - day_of(newest)).count();
    if (age <= context.config.stale_source_days) return;
    out.push_back(finding(record, status, "status",
                          fmt::format("the record is {} but its newest source dates from {} ({} days ago; the limit is {})",
                                      status->value.value, newest, age, context.config.stale_source_days)));
}

// --- counts ------------------------------------------------------------------------------------

void press_only_count(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* count = record.value_of("gpus_installed");
    if (!count || count->citations.empty()) return;
    const bool press_only = std::all_of(count->citations.begin(), count->citations.end(), [&](const model::Citation& citation) {
        return kind_of(record, citation.source_id) == "press";
    });
    if (!press_only) return;
    auto result =
        finding(record, count, "gpus_installed",
                fmt::format("gpus_installed = {} rests only on press sources: an unaudited press total", display_claim(count)));
    cite_evidence(result, record, count->citations.front());
    out.push_back(std::move(result));
}

void h100_equivalents(const Record& record, const Context& context, std::vector<Finding>& out) {
    reading::equivalent_count(record, context, out);
    const auto& patterns = context.config.h100_equivalents;
    if (const Claim* notes = record.value_of("gpu_count_notes")) {
        const std::string match = patterns.first_match(notes->value.value);
        if (!match.empty()) {
            auto result = finding(record, notes, "gpu_count_notes",
                                  fmt::format("gpu_count_notes speaks of H100-equivalents (\"{}\"): make sure no such "
                                              "figure is counted as GPUs",
                                              match));
            // A note may rightly explain why an H100-equivalent figure is left out: a warning.
            result.severity = Severity::warning;
            out.push_back(std::move(result));
        }
    }
}

void derivation_mismatch(const Record& record, const Context&, std::vector<Finding>& out) {
    for (const Claim* claim : live_claims(record, "gpus_installed")) {
        if (claim->state != ClaimState::set || claim->value.qualifiers.derivation.empty()) continue;
        std::string problem;
        try {
            const auto evaluated = model::parse_count(claim->value.qualifiers.derivation);
            if (std::to_string(evaluated.value) != claim->value.value) {
                problem = fmt::format("evaluates to {}, not {}", text::group_thousands(evaluated.value),
                                      text::group_thousands(std::stoll(claim->value.value)));
            }
        } catch (const std::exception& error) {
            problem = fmt::format("does not parse ({})", error.what());
        }
        if (!problem.empty()) {
            out.push_back(finding(record, claim, "gpus_installed",
                                  fmt::format("the derivation {} {}", claim->value.qualifiers.derivation, problem)));
        }
    }
}

void competing_count_unmentioned(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* notes = record.value_of("gpu_count_notes");
    const auto mentioned = notes ? numbers_in(notes->value.value) : std::vector<long long>{};
    for (const Claim* other : record.others("gpus_installed", false)) {
        if (other->state != ClaimState::set) continue;
        const long long value = std::stoll(other->value.value);
        if (std::find(mentioned.begin(), mentioned.end(), value) != mentioned.end()) continue;
        out.push_back(finding(record, other, "gpus_installed",
                              fmt::format("the competing figure {} is not mentioned in gpu_count_notes", display_claim(other))));
    }
}

// --- model, status, power, location ------------------------------------------------------------

// The fields taken from gpu_model hold what the catalogue gives now: a value written by other
// means, or before the catalogue (or the field) changed, is stale.
void maker_mismatch(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* gpu = record.value_of("gpu_model");
    if (!gpu) return;
    for (const auto& [spec, expected] : model::values_from_model(gpu->value.value)) {
        if (expected.empty()) continue;
        const Claim* held = record.value_of(spec->name);
        if (held && held->value.value == expected) continue;
        out.push_back(finding(record, held, spec->name,
                              held ? fmt::format("{} is {} but the catalogue gives {} for gpu_model {}", spec->name,
                                                 held->value.value, expected, gpu->value.value)
                                   : fmt::format("{} is unknown but the catalogue gives {} for gpu_model {}", spec->name,
                                                 expected, gpu->value.value)));
    }
}

void unknown_model(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* gpu = record.value_of("gpu_model");
    if (!gpu) return;
    // A name of two models is ambiguous-model's: what it lacks is one model, not a catalogue entry.
    const model::NameReading reading = model::GpuCatalogue::builtin().recognise(gpu->value.value).reading;
    if (reading != model::NameReading::none) return;
    out.push_back(finding(
        record, gpu, "gpu_model",
        fmt::format("gpu_model '{}' is not in the catalogue (db/gpu_models.tsv), so gpu_maker is unknown", gpu->value.value)));
}

// "A100/H100" or "NVIDIA Tesla K40/Intel Xeon Phi 7120P" is a record of two kinds of accelerator,
// or a list unsure which: no one canonical model or maker follows from it, and the record's GPU
// count mixes them. The finding names what the catalogue knows of each.
void ambiguous_model(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* gpu = record.value_of("gpu_model");
    if (!gpu) return;
    const model::AcceleratorName name = model::GpuCatalogue::builtin().recognise(gpu->value.value);
    if (name.reading != model::NameReading::two_models) return;
    std::vector<std::string> known;
    for (const model::GpuModel* entry : name.named) known.push_back(entry->model);
    out.push_back(finding(
        record, gpu, "gpu_model",
        fmt::format("gpu_model '{}' names two models{}, so it has no canonical model or maker: record the "
                    "model the source confirms, or one record for each part of the cluster",
                    gpu->value.value, known.empty() ? "" : fmt::format(" (the catalogue knows {})", fmt::join(known, ", ")))));
}

// TPUs, NPUs, LPUs and wafer-scale engines are catalogued so that a record of one is recognised
// for what it is: outside a policy that counts GPUs, rather than an unknown model.
void not_a_gpu(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* gpu = record.value_of("gpu_model");
    if (!gpu) return;
    const model::GpuModel* known = model::GpuCatalogue::builtin().find(gpu->value.value);
    if (!known || known->kind != "accelerator") return;
    out.push_back(finding(record, gpu, "gpu_model",
                          fmt::format("gpu_model '{}' is an accelerator by {}, not a GPU: the record is outside the scope "
                                      "of a policy that counts GPUs (keep it out of GPU totals, or out of the dataset)",
                                      gpu->value.value, known->maker)));
}

void status_notes_undated(const Record& record, const Context& context, std::vector<Finding>& out) {
    const Claim* notes = record.value_of("status_notes");
    if (!notes || !context.config.status_dates.first_match(notes->value.value).empty()) return;
    out.push_back(finding(record, notes, "status_notes", "status_notes gives no date for the source's wording"));
}

void power_on_announced(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* status = record.value_of("status");
    const Claim* power = record.value_of("power_mw");
    if (!status || !power || status->value.value != "announced") return;
    out.push_back(finding(record, power, "power_mw",
                          fmt::format("power_mw = {} is live power, but the record is only announced", display_claim(power))));
}

void estimate_unlabelled(const Record& record, const Context&, std::vector<Finding>& out) {
    for (const Claim* claim : live_claims(record, "power_mw")) {
        if (claim->state != ClaimState::set || claim->value.qualifiers.basis == "estimate") continue;
        for (const auto& citation : claim->citations) {
            if (kind_of(record, citation.source_id) != "estimate") continue;
            auto result = finding(record, claim, "power_mw",
                                  fmt::format("power_mw = {} comes from an estimate source but is not labelled as an "
                                              "estimate (write it as '{} (estimate: WHO)')",
                                              display_claim(claim), claim->value.value));
            cite_evidence(result, record, citation);
            out.push_back(std::move(result));
            break;
        }
    }
}

void invalid_country(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* country = record.value_of("country");
    if (!country || model::CountryTable::builtin().by_code(country->value.value)) return;
    out.push_back(
        finding(record, country, "country", fmt::format("country '{}' is not an ISO 3166-1 alpha-2 code", country->value.value)));
}

void power_per_gpu(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* power = record.value_of("power_mw");
    const Claim* count = record.value_of("gpus_installed");
    if (!power || !count) return;
    // Bounds for GPUs: a wafer-scale engine draws tens of kW. Power not yet live (announced,
    // under construction) is another rule's business.
    if (const Claim* gpu = record.value_of("gpu_model")) {
        const model::GpuModel* known = model::GpuCatalogue::builtin().find(gpu->value.value);
        if (known && known->kind == "accelerator") return;
    }
    if (const Claim* status = record.value_of("status");
        status && (status->value.value == "announced" || status->value.value == "under construction")) {
        return;
    }
    const double megawatts = std::strtod(power->value.value.c_str(), nullptr);
    const auto gpus = static_cast<double>(std::stoll(count->value.value));
    if (!(megawatts > 0) || !(gpus > 0)) return;
    const double watts = megawatts * 1e6 / gpus;
    if (watts > most_watts_per_gpu) {
        out.push_back(finding(record, power, "power_mw",
                              fmt::format("power_mw = {} for {} GPUs is {:.0f} kW a GPU, beyond what any GPU draws "
                                          "(at most about {:.0f} kW with cooling): a kW figure stored as MW?",
                                          display_claim(power), display_claim(count), watts / 1000, most_watts_per_gpu / 1000)));
    } else if (watts < least_watts_per_gpu) {
        out.push_back(finding(record, power, "power_mw",
                              fmt::format("power_mw = {} for {} GPUs is {:.2g} W a GPU, less than any GPU draws "
                                          "(at least about {:.0f} W): an MW figure stored as kW, or a W figure?",
                                          display_claim(power), display_claim(count), watts, least_watts_per_gpu)));
    }
}

void count_implausible(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* count = record.value_of("gpus_installed");
    if (!count) return;
    if (std::stoll(count->value.value) <= most_gpus_known) return;
    out.push_back(finding(record, count, "gpus_installed",
                          fmt::format("gpus_installed = {} is beyond any known cluster (the largest hold a few hundred "
                                      "thousand GPUs): a count of cores or of something else?",
                                      display_claim(count))));
}

void count_exceeds_cores(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* count = record.value_of("gpus_installed");
    const Claim* cores = record.value_of("total_cores");
    if (!count || !cores) return;
    const long long gpus = std::stoll(count->value.value);
    const long long all_cores = std::stoll(cores->value.value);
    if (gpus <= all_cores / fewest_cores_per_gpu) return;
    out.push_back(finding(record, count, "gpus_installed",
                          fmt::format("gpus_installed = {} is more than {} total_cores = {}, and a list counts a hundred or "
                                      "more cores for each GPU: a count of cores, not of GPUs?",
                                      display_claim(count), gpus > all_cores ? "all" : "half of", display_claim(cores))));
}

void first_operational_early(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* date = record.value_of("first_operational");
    if (!date || date->value.value.size() < 4) return;
    const int year = std::atoi(date->value.value.substr(0, 4).c_str());
    if (year >= first_gpu_computing_year) return;
    out.push_back(finding(record, date, "first_operational",
                          fmt::format("first_operational {} is before GPU computing began ({}, CUDA): a typing error, "
                                      "or the site's date rather than the cluster's?",
                                      date->value.value, first_gpu_computing_year)));
}

// --- record ------------------------------------------------------------------------------------

void required_field(const Record& record, const Context&, std::vector<Finding>& out) {
    for (const auto& spec : model::field_catalogue()) {
        if (!spec.required || record.preferred(spec.name)) continue;
        out.push_back(finding(record, nullptr, spec.name,
                              fmt::format("{} is required: set it, or mark it not published with its source", spec.name)));
    }
}

// A merge's competing claims are the editors' disagreement, not the record's value: one must be
// weighed and preferred before the record can be signed.
void merge_conflict(const Record& record, const Context&, std::vector<Finding>& out) {
    for (const auto& spec : model::field_catalogue()) {
        if (!record.in_merge_conflict(spec.name)) continue;
        std::vector<std::string> values;
        for (const Claim* claim : record.others(spec.name, false)) values.push_back(display_claim(claim));
        out.push_back(finding(record, nullptr, spec.name,
                              fmt::format("a merge left {} undecided between {}: prefer one with `gpuclusters rank {} {} "
                                          "preferred --value VALUE --reason TEXT`",
                                          spec.name, fmt::join(values, " and "), record.id, spec.name)));
    }
}

}  // namespace gpuclusters::rules::policy
