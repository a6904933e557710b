// The rules of the published editorial policy, one function each, and their catalogue.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <fmt/format.h>
#include <map>
#include <set>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "rules/reading_rules.hpp"
#include "rules/rule_support.hpp"

namespace gpuclusters::rules {
namespace {

using model::Claim;
using model::ClaimState;
using model::Record;
using support::cite_evidence;
using support::finding;
using support::kind_of;
using support::live_claims;
using support::set_value;
using support::shown;

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

// --- provenance --------------------------------------------------------------------------------

void uncited_value(const Record& record, const Context&, std::vector<Finding>& out) {
    for (const auto& spec : model::field_catalogue()) {
        // gpu_maker and gpu_model_canonical rest on gpu_model's evidence through the catalogue.
        if (spec.derived) continue;
        for (const Claim* claim : live_claims(record, spec.name)) {
            if (claim->state == ClaimState::set && claim->citations.empty()) {
                out.push_back(
                    finding(record, claim, spec.name, fmt::format("{} = {} has no citation", spec.name, shown(*claim))));
            }
        }
    }
}

void quote_missing_value(const Record& record, const Context& context, std::vector<Finding>& out) {
    for (const auto& field : context.config.quote_fields) {
        const auto& spec = *model::find_field(field);
        for (const Claim* claim : live_claims(record, field)) {
            if (claim->state != ClaimState::set) continue;
            // The quotes of a claim back it together: one may give the nodes, another the GPUs per node.
            std::string quotes;
            const model::Citation* first = nullptr;
            for (const auto& citation : claim->citations) {
                if (citation.quote.empty()) continue;
                quotes += citation.quote + "\n";
                if (!first) first = &citation;
            }
            const bool read = spec.type == model::FieldType::count || spec.type == model::FieldType::decimal;
            if (!first || (read && reading::reading_backs(record, *claim, context)) ||
                quote_contains_value(spec, claim->value, quotes)) {
                continue;
            }
            auto result =
                finding(record, claim, field, fmt::format("no quote behind {} = {} contains the value", field, shown(*claim)));
            cite_evidence(result, record, *first);
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
    const Claim* status = set_value(record, "status");
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
    const Claim* count = set_value(record, "gpus_installed");
    if (!count || count->citations.empty()) return;
    const bool press_only = std::all_of(count->citations.begin(), count->citations.end(), [&](const model::Citation& citation) {
        return kind_of(record, citation.source_id) == "press";
    });
    if (!press_only) return;
    auto result =
        finding(record, count, "gpus_installed",
                fmt::format("gpus_installed = {} rests only on press sources: an unaudited press total", shown(*count)));
    cite_evidence(result, record, count->citations.front());
    out.push_back(std::move(result));
}

void h100_equivalents(const Record& record, const Context& context, std::vector<Finding>& out) {
    reading::equivalent_count(record, context, out);
    const auto& patterns = context.config.h100_equivalents;
    if (const Claim* notes = set_value(record, "gpu_count_notes")) {
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
    const Claim* notes = set_value(record, "gpu_count_notes");
    const auto mentioned = notes ? numbers_in(notes->value.value) : std::vector<long long>{};
    for (const Claim* other : record.others("gpus_installed", false)) {
        if (other->state != ClaimState::set) continue;
        const long long value = std::stoll(other->value.value);
        if (std::find(mentioned.begin(), mentioned.end(), value) != mentioned.end()) continue;
        out.push_back(finding(record, other, "gpus_installed",
                              fmt::format("the competing figure {} is not mentioned in gpu_count_notes", shown(*other))));
    }
}

// --- model, status, power, location ------------------------------------------------------------

// The fields taken from gpu_model hold what the catalogue gives now: a value written by other
// means, or before the catalogue (or the field) changed, is stale.
void maker_mismatch(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* gpu = set_value(record, "gpu_model");
    if (!gpu) return;
    for (const auto& [spec, expected] : model::values_from_model(gpu->value.value)) {
        if (expected.empty()) continue;
        const Claim* held = set_value(record, spec->name);
        if (held && held->value.value == expected) continue;
        out.push_back(finding(record, held, spec->name,
                              held ? fmt::format("{} is {} but the catalogue gives {} for gpu_model {}", spec->name,
                                                 held->value.value, expected, gpu->value.value)
                                   : fmt::format("{} is unknown but the catalogue gives {} for gpu_model {}", spec->name,
                                                 expected, gpu->value.value)));
    }
}

void unknown_model(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* gpu = set_value(record, "gpu_model");
    if (!gpu || model::GpuCatalogue::builtin().find(gpu->value.value)) return;
    out.push_back(finding(
        record, gpu, "gpu_model",
        fmt::format("gpu_model '{}' is not in the catalogue (db/gpu_models.tsv), so gpu_maker is unknown", gpu->value.value)));
}

// TPUs, NPUs, LPUs and wafer-scale engines are catalogued so that a record of one is recognised
// for what it is: outside a policy that counts GPUs, rather than an unknown model.
void not_a_gpu(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* gpu = set_value(record, "gpu_model");
    if (!gpu) return;
    const model::GpuModel* known = model::GpuCatalogue::builtin().find(gpu->value.value);
    if (!known || known->kind != "accelerator") return;
    out.push_back(finding(record, gpu, "gpu_model",
                          fmt::format("gpu_model '{}' is an accelerator by {}, not a GPU: the record is outside the scope "
                                      "of a policy that counts GPUs (keep it out of GPU totals, or out of the dataset)",
                                      gpu->value.value, known->maker)));
}

void status_notes_undated(const Record& record, const Context& context, std::vector<Finding>& out) {
    const Claim* notes = set_value(record, "status_notes");
    if (!notes || !context.config.status_dates.first_match(notes->value.value).empty()) return;
    out.push_back(finding(record, notes, "status_notes", "status_notes gives no date for the source's wording"));
}

void power_on_announced(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* status = set_value(record, "status");
    const Claim* power = set_value(record, "power_mw");
    if (!status || !power || status->value.value != "announced") return;
    out.push_back(finding(record, power, "power_mw",
                          fmt::format("power_mw = {} is live power, but the record is only announced", shown(*power))));
}

void estimate_unlabelled(const Record& record, const Context&, std::vector<Finding>& out) {
    for (const Claim* claim : live_claims(record, "power_mw")) {
        if (claim->state != ClaimState::set || claim->value.qualifiers.basis == "estimate") continue;
        for (const auto& citation : claim->citations) {
            if (kind_of(record, citation.source_id) != "estimate") continue;
            auto result = finding(record, claim, "power_mw",
                                  fmt::format("power_mw = {} comes from an estimate source but is not labelled as an "
                                              "estimate (write it as '{} (estimate: WHO)')",
                                              shown(*claim), claim->value.value));
            cite_evidence(result, record, citation);
            out.push_back(std::move(result));
            break;
        }
    }
}

void invalid_country(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* country = set_value(record, "country");
    if (!country || model::CountryTable::builtin().by_code(country->value.value)) return;
    out.push_back(
        finding(record, country, "country", fmt::format("country '{}' is not an ISO 3166-1 alpha-2 code", country->value.value)));
}

// --- plausibility ------------------------------------------------------------------------------

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

void power_per_gpu(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* power = set_value(record, "power_mw");
    const Claim* count = set_value(record, "gpus_installed");
    if (!power || !count) return;
    // Bounds for GPUs: a wafer-scale engine draws tens of kW. Power not yet live (announced,
    // under construction) is another rule's business.
    if (const Claim* gpu = set_value(record, "gpu_model")) {
        const model::GpuModel* known = model::GpuCatalogue::builtin().find(gpu->value.value);
        if (known && known->kind == "accelerator") return;
    }
    if (const Claim* status = set_value(record, "status");
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
                                          shown(*power), shown(*count), watts / 1000, most_watts_per_gpu / 1000)));
    } else if (watts < least_watts_per_gpu) {
        out.push_back(finding(record, power, "power_mw",
                              fmt::format("power_mw = {} for {} GPUs is {:.2g} W a GPU, less than any GPU draws "
                                          "(at least about {:.0f} W): an MW figure stored as kW, or a W figure?",
                                          shown(*power), shown(*count), watts, least_watts_per_gpu)));
    }
}

void count_implausible(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* count = set_value(record, "gpus_installed");
    if (!count) return;
    if (std::stoll(count->value.value) <= most_gpus_known) return;
    out.push_back(finding(record, count, "gpus_installed",
                          fmt::format("gpus_installed = {} is beyond any known cluster (the largest hold a few hundred "
                                      "thousand GPUs): a count of cores or of something else?",
                                      shown(*count))));
}

void count_exceeds_cores(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* count = set_value(record, "gpus_installed");
    const Claim* cores = set_value(record, "total_cores");
    if (!count || !cores) return;
    const long long gpus = std::stoll(count->value.value);
    const long long all_cores = std::stoll(cores->value.value);
    if (gpus <= all_cores / fewest_cores_per_gpu) return;
    out.push_back(finding(record, count, "gpus_installed",
                          fmt::format("gpus_installed = {} is more than {} total_cores = {}, and a list counts a hundred or "
                                      "more cores for each GPU: a count of cores, not of GPUs?",
                                      shown(*count), gpus > all_cores ? "all" : "half of", shown(*cores))));
}

void first_operational_early(const Record& record, const Context&, std::vector<Finding>& out) {
    const Claim* date = set_value(record, "first_operational");
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

constexpr std::array<Rule, 29> catalogue{{
    {"uncited-value", "provenance", Severity::error, "a set value with no citation",
     "Every value must say where it came from. A value with no citation cannot be checked by the next "
     "editor. Violation: `add x --set owner=Acme` with no --source. Fix: `gpuclusters cite x owner "
     "--source URL --quote \"...\"`, or set the value again with its source.",
     uncited_value},
    {"quote-missing-value", "provenance", Severity::warning, "a value that none of its quotes contains",
     "The quote is the verbatim excerpt that makes a claim checkable, so it should contain the value: numbers "
     "are compared after dropping thousands separators (12,288 = 12 288 = 12288) and, for a derivation such "
     "as 1536 x 8, each operand must appear; text is compared without case after Unicode normalisation. "
     "The quotes of one value are read together, so one may give the nodes and another the GPUs per node; "
     "an organisation matches without its parenthesised gloss, a GPU model by any of its catalogue names. "
     "Violation: gpus_installed = 12,288 cited with the quote \"more than ten thousand GPUs\". Fix: cite the "
     "sentence that gives 12,288, or correct the value. Fields checked: [quote-missing-value] fields.",
     quote_missing_value},
    {"source-accessed-date", "provenance", Severity::error, "a source with no accessed date, or one in the future",
     "Readers must know when a source said what it is cited for. Violation: a source imported with no "
     "accessed date, or accessed on 2031-01-01. Fix: `gpuclusters sources check SOURCE --accessed DATE` "
     "after re-reading it.",
     source_accessed_date},
    {"stale-sources", "provenance", Severity::warning, "an operational record whose newest source is old",
     "An operational or partly operational record must rest on current evidence. The newest source (its "
     "published date, else its accessed date) must be at most [thresholds] stale_source_days old (365 by "
     "default). Violation: status operational, newest source published 2023-09-01. Fix: find a newer source "
     "and cite it, or `sources check` the operator page after re-reading it.",
     stale_sources},
    {"press-only-count", "counts", Severity::error, "gpus_installed backed only by press sources",
     "GPUs installed come from the operator or a deterministic sum of disclosed quantities; an unaudited "
     "press total never counts. Violation: gpus_installed = 2,304 cited only to a news article. Fix: cite "
     "the operator, a paper or a filing; keep the press figure as a competing value, or mark the count not "
     "published.",
     press_only_count},
    {"h100-equivalents", "counts", Severity::error, "a GPU count that is a performance equivalence",
     "H100-equivalents are a performance unit (peak operations divided by an H100's), never a count of "
     "physical GPUs. "
     "How verify reads a quote: it finds each figure (12,288; 12 288; 1.2M; 600k; twelve thousand; 10,000 to 12,000) with the "
     "noun it counts, its bound and the modality of the clause that governs it, "
     "and judges the value by the figure that gives it (or the operands of its derivation), not by words anywhere in the quote. "
     "A figure is an equivalence when its noun says so (\"100,000 H100e\", "
     "\"50,000 H100-equivalents\", \"Hopper-equivalents\") or the words before it do (\"equivalent to 3,500 "
     "H100s\", \"compute equal to 200,000 H100s\", \"in H100 terms\"). Violation: \"2,304 B200s can perform "
     "equivalent work to roughly 3,500 H100s\" cited for gpus_installed = 3,500. Clean: \"3,500 H100 GPUs "
     "installed\". gpu_count_notes that mention H100-equivalents draw a warning, to check that no such figure "
     "was counted. Fix: record the physical count. Phrases: [quote-reader] equivalence, equivalence_after.",
     h100_equivalents},
    {"planned-wording", "counts", Severity::error, "a GPU count that is planned or procured, not installed",
     "Planned counts and orders are not installed GPUs. "
     "How verify reads a quote: it finds each figure (12,288; 12 288; 1.2M; 600k; twelve thousand; 10,000 to 12,000) with the "
     "noun it counts, its bound and the modality of the clause that governs it, "
     "and judges the value by the figure that gives it (or the operands of its derivation), not by words anywhere in the quote. "
     "The modality of a figure is that of the "
     "verb group that governs it: planned (\"plans to deploy 20,000\", \"is slated to get\", \"will come "
     "online with\", \"is building\", \"20,000 GPUs will be installed\", \"by 2027\"), procured but not "
     "installed (\"has ordered 20,000\", \"purchased\", \"agreed to buy\", \"has been allocated\", "
     "\"secured access to 2,304\", \"leased\", \"delivery of\"), or in service (\"has\", \"houses\", "
     "\"operates\", \"deployed\"). A modal word that governs something else does not count: \"37,888 GPUs "
     "... will remain open to users\", \"will be used for climate research\", \"performed better than "
     "expected\". Violation: \"ByteDance has secured access to 2,304 NVIDIA B200 GPUs\". Fix: cite the "
     "operator's statement that the GPUs are installed, or set status announced and leave the count out. "
     "Phrases: [quote-reader] planned, procured, in_service, not_governing, arrival.",
     reading::planned_count},
    {"count-capacity", "counts", Severity::error, "a GPU count that is a capacity or an upper limit",
     "A design limit is not an installation. "
     "How verify reads a quote: it finds each figure (12,288; 12 288; 1.2M; 600k; twelve thousand; 10,000 to 12,000) with the "
     "noun it counts, its bound and the modality of the clause that governs it, "
     "and judges the value by the figure that gives it (or the operands of its derivation), not by words anywhere in the quote. "
     "A figure is a capacity when the words before it bound "
     "it from above: \"up to 100,000\", \"as many as\", \"a maximum of\", \"room for\", \"designed for\", "
     "\"can scale to\", \"could house\". Violation: \"the hall has room for up to 100,000 GPUs\" cited for "
     "gpus_installed = 100,000. Clean: \"deliver up to 1.1 exaflops with its 37,888 GPUs\" (the bound is on "
     "the exaflops). Fix: cite the installed count, or note the design limit in gpu_count_notes. Phrases: "
     "[quote-reader] at_most, at_most_after.",
     reading::capacity_count},
    {"count-bound", "counts", Severity::warning, "an approximate or lower-bound figure behind a count stored as exact",
     "A count may be what its source says: approximate (~10,000) or a lower bound (10,000+). "
     "How verify reads a quote: it finds each figure (12,288; 12 288; 1.2M; 600k; twelve thousand; 10,000 to 12,000) with the "
     "noun it counts, its bound and the modality of the clause that governs it, "
     "and judges the value by the figure that gives it (or the operands of its derivation), not by words anywhere in the quote. "
     "A figure is approximate after \"about\", \"around\", \"roughly\", \"nearly\", \"close to\", \"an "
     "estimated\", \"~\" or in a range (\"10,000 to 12,000\"), and a lower bound after \"more than\", "
     "\"over\", \"at least\", \"in excess of\", \"upwards of\", \"north of\" or with a trailing + "
     "(\"100,000+\"). Violation: \"operates more than 100,000 H100 GPUs\" cited for gpus_installed = 100,000. "
     "Fix: --set gpus_installed=100,000+ (or ~100,000), which shows, exports and imports with its bound. "
     "Phrases: [quote-reader] approximate, at_least, approximate_after, at_least_after.",
     reading::count_bound},
    {"count-unit", "counts", Severity::error, "a GPU count that counts superchips, GCDs, dies, tiles, nodes or cores",
     "GPUs installed counts physical GPUs. "
     "How verify reads a quote: it finds each figure (12,288; 12 288; 1.2M; 600k; twelve thousand; 10,000 to 12,000) with the "
     "noun it counts, its bound and the modality of the clause that governs it, "
     "and judges the value by the figure that gives it (or the operands of its derivation), not by words anywhere in the quote. "
     "The noun of a figure says what it counts, and the GPU "
     "catalogue (db/gpu_models.tsv) says what a model's package and parts are: a GB200 superchip holds 2 GPUs "
     "(a GH200 1), an MI250X has 2 GCDs, a B200 2 dies, a Max 1550 2 tiles, an MI300A is one APU. A figure in "
     "superchips, GCDs, dies or tiles is converted (\"36 GB200 superchips\" back 72 GPUs) and flagged when "
     "stored unconverted; a count of nodes, racks or cores is never a GPU count, though it may be an operand "
     "of a derivation (nodes x GPUs per node). Violation: gpus_installed = 36 with \"36 GB200 superchips\". "
     "Fix: --set gpus_installed=\"36 x 2\", or cite the GPU count.",
     reading::count_unit},
    {"derivation-mismatch", "counts", Severity::error, "a derivation that does not evaluate to the value",
     "A count stored with a derivation (nodes x GPUs per node) must equal it. Violation: 12,000 with the "
     "derivation 1536 x 8 (= 12,288). Fix: set the count again from the derivation, e.g. --set "
     "gpus_installed=\"1536 x 8\".",
     derivation_mismatch},
    {"competing-count-unmentioned", "counts", Severity::warning, "a competing GPU count not explained in the notes",
     "When a record keeps a competing gpus_installed figure, gpu_count_notes must say what it is. "
     "Violation: a competing 14,000 with notes that never mention it. Fix: add to gpu_count_notes, e.g. "
     "\"Press reports 14,000; the operator's 12,288 is used.\"",
     competing_count_unmentioned},
    {"maker-mismatch", "model", Severity::error, "gpu_maker or gpu_model_canonical disagreeing with the catalogue",
     "gpu_maker and gpu_model_canonical are taken from gpu_model through db/gpu_models.tsv at every write. "
     "Violation: gpu_model MI300X with gpu_maker NVIDIA (written by other means), or no gpu_model_canonical "
     "(a record written before schema 9). Fix: set gpu_model again, or re-import the database's export "
     "(export --format jsonl --provenance, then import it); both follow.",
     maker_mismatch},
    {"unknown-model", "model", Severity::warning, "a gpu_model that is not in the catalogue",
     "A model missing from db/gpu_models.tsv leaves gpu_maker unknown. Violation: gpu_model \"H1OO\" (a "
     "typo). Fix: correct the model, or add it to the catalogue with its maker.",
     unknown_model},
    {"not-a-gpu", "model", Severity::warning, "an accelerator that is not a GPU (TPU, NPU, LPU, wafer-scale engine)",
     "The editorial policy counts GPUs. The catalogue knows the other accelerators of Epoch AI's hardware "
     "table (Google TPU, AWS Trainium and Inferentia, Huawei Ascend, Intel Gaudi, Cerebras CS, Groq LPU, "
     "...) so that a record of one is recognised, not reported as an unknown model. Violation: gpu_model = "
     "\"Google TPU v5p\". Fix: keep the record out of GPU totals, or out of the dataset.",
     not_a_gpu},
    {"status-notes-undated", "status", Severity::warning, "status notes without a date",
     "Status notes give the source's wording on status with its date, because a status ages. Violation: "
     "\"In production.\" Fix: \"Production cluster as of September 2023.\" Patterns: [status-notes-date].",
     status_notes_undated},
    {"status-contradiction", "status", Severity::error, "status notes whose reading contradicts the status",
     "Status notes give the source's wording on status; read, they must not contradict it. The notes are read "
     "for what they report, and whether it happened or is yet to come: live (\"went live in 2023\", \"in "
     "production\"), under construction (\"is being built\", \"broke ground\"), retired (\"decommissioned "
     "in November 2024\", \"shut down\"). An operational record whose notes say it is not live yet (\"Expected "
     "to go live in 2026\", \"not yet operational\") or only being built, any record they call retired, and a "
     "partly operational one with nothing live are errors; an announced or under-construction record whose "
     "notes say it is live draws a warning. A future retirement (\"will be decommissioned in 2027\") does not "
     "count. Violation: status operational with notes \"Decommissioned in November 2024.\" Fix: correct the "
     "status, or the notes. Phrases: [quote-reader] live, construction, retired, negation, planned.",
     reading::status_contradiction},
    {"power-on-announced", "status", Severity::warning, "live power on an announced cluster",
     "power_mw is power in service; an announced cluster has none yet. Violation: status announced with "
     "power_mw 300. Fix: leave power out until a phase is live, and put planned capacity in the notes.",
     power_on_announced},
    {"estimate-unlabelled", "power", Severity::error, "a power figure from an estimate not labelled as one",
     "Estimates (such as Epoch AI's satellite estimates) must be labelled. Violation: power_mw = 40 cited to "
     "a source of kind estimate, basis reported. Fix: --set power_mw=\"40 (estimate: Epoch AI)\".",
     estimate_unlabelled},
    {"power-unit", "power", Severity::error, "a power figure in kW or GW stored as MW",
     "power_mw holds megawatts. "
     "How verify reads a quote: it finds each figure (12,288; 12 288; 1.2M; 600k; twelve thousand; 10,000 to 12,000) with the "
     "noun it counts, its bound and the modality of the clause that governs it, "
     "and judges the value by the figure that gives it (or the operands of its derivation), not by words anywhere in the quote. "
     "Power figures are read with their unit (MW, kW, GW, spelled or as "
     "a table's label: \"Power (kW) 29,580.98\") and converted exactly before they are compared, rounded as "
     "the value is written: 29,580.98 kW backs 29.58. Violation: power_mw = 29580.98 with \"Power (kW) "
     "29,580.98\". Fix: --set power_mw=29.58098.",
     reading::power_unit},
    {"power-capacity", "power", Severity::warning, "a capacity, planned or facility power behind live power",
     "power_mw is power in service. "
     "How verify reads a quote: it finds each figure (12,288; 12 288; 1.2M; 600k; twelve thousand; 10,000 to 12,000) with the "
     "noun it counts, its bound and the modality of the clause that governs it, "
     "and judges the value by the figure that gives it (or the operands of its derivation), not by words anywhere in the quote. "
     "A power figure is a capacity when the words around it say so "
     "(\"400 MW of capacity\", \"a 1 GW campus\", \"a grid connection of 150 MW\", \"up to 300 MW\") and "
     "planned when a future governs it (\"will draw 300 MW\", \"expansion to 1 GW by 2027\"). Violation: "
     "power_mw = 400 with \"a data center with 400 MW of capacity\". Fix: cite the power drawn, or keep the "
     "capacity in the notes. Phrases: [quote-reader] power_capacity.",
     reading::capacity_power},
    {"invalid-country", "location", Severity::error, "a country that is not an ISO 3166-1 code",
     "country holds an ISO 3166-1 alpha-2 code. The tool only stores valid codes, so this fires on data "
     "written by other means. Violation: \"UK\". Fix: --set country=GB (or \"United Kingdom\").",
     invalid_country},
    {"power-per-gpu", "plausibility", Severity::error, "power that no number of GPUs could draw",
     "power_mw divided by gpus_installed is the facility power a GPU: from about 40 W (a small inference "
     "card alone) to about 15 kW (the most any GPU draws with its share of cooling and network). A figure "
     "far outside is a unit slip. Violation: power_mw = 7124 for 10,000 GPUs (712 kW a GPU: 7,124 kW stored "
     "as MW). Fix: --set power_mw=7.124.",
     power_per_gpu},
    {"count-implausible", "plausibility", Severity::error, "more GPUs than any known cluster",
     "The largest clusters hold a few hundred thousand GPUs. A count beyond a million is a count of "
     "something else: accelerator cores, shader units, CPU cores. Violation: gpus_installed = 9,988,224 "
     "(a list's accelerator cores). Fix: the physical GPU count, or --not-published gpus_installed.",
     count_implausible},
    {"count-exceeds-cores", "plausibility", Severity::error, "more GPUs than half the cores a list gives",
     "total_cores is what a list (TOP500's Total Cores) gives for the system: every CPU core and every "
     "accelerator core (an SM, a CU), and a GPU has a hundred or more of those. A GPU count above half "
     "of it counts cores. Violation: gpus_installed = 9,988,224 with total_cores = 11,039,616 (the "
     "list's accelerator cores mapped to GPUs). Fix: the physical GPU count, or --not-published "
     "gpus_installed.",
     count_exceeds_cores},
    {"first-operational-early", "plausibility", Severity::error, "a first operational date before GPU computing",
     "GPUs have served as general-purpose accelerators since CUDA (2007). Violation: first_operational = "
     "1997. Fix: the date the GPU cluster went live (a site's older date belongs in the notes).",
     first_operational_early},
    {"required-field", "record", Severity::error, "owner, gpu_model, gpus_installed or status neither set nor not published",
     "Every record states its owner, GPU model, GPUs installed and status, or records, with a source, that "
     "the operator does not publish them. Violation: no status. Fix: --set status=operational with its "
     "source, or --not-published status with the source that was searched.",
     required_field},
    {"possible-duplicate", "record", Severity::warning, "two records that look like one cluster",
     "Two records whose names agree (ignoring case, spaces and punctuation), or whose owner, GPU model and "
     "GPU count all agree, may describe one cluster. Violation: \"Colossus\" and \"colossus\". Fix: merge "
     "them, link phases with related (builds-upon, same-site), or accept the finding with a reason.",
     nullptr},
    {"accepted-finding-stale", "record", Severity::info, "an accepted finding that no longer fires",
     "An editor accepted a finding for a cluster and rule, and the rule no longer fires there, so the "
     "acceptance can go. Violation: stale-sources accepted for a record that has since gained a new "
     "source. Fix: `gpuclusters verify --unaccept stale-sources ID --reason \"new source\"`.",
     nullptr},
}};

std::string name_key(std::string_view name) {
    std::string key;
    for (char c : text::fold(name)) {
        if (std::isalnum(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80) key += c;
    }
    return key;
}

}  // namespace

std::span<const Rule> rule_catalogue() { return catalogue; }

const Rule* find_rule(std::string_view id) {
    for (const auto& rule : catalogue) {
        if (rule.id == id) return &rule;
    }
    return nullptr;
}

std::vector<Finding> check_record(const model::Record& record, const Context& context) {
    reading::start_record(context);
    std::vector<Finding> findings;
    for (const auto& rule : catalogue) {
        if (!rule.check) continue;
        const Severity severity = context.config.severity(rule.id, rule.default_severity);
        if (severity == Severity::off) continue;
        std::vector<Finding> found;
        rule.check(record, context, found);
        for (auto& result : found) {
            result.rule = std::string(rule.id);
            // A rule may cap one finding's severity below the configured one (never raise it).
            result.severity = result.severity == Severity::off ? severity : std::min(result.severity, severity);
            findings.push_back(std::move(result));
        }
    }
    return findings;
}

std::vector<std::string_view> duplicate_key_fields() { return {"name", "owner", "gpu_model", "gpus_installed"}; }

std::vector<DuplicateKey> duplicate_keys(const model::Record& record, const Context& context) {
    std::vector<DuplicateKey> keys;
    if (context.config.severity("possible-duplicate", Severity::warning) == Severity::off) return keys;
    auto value = [&](std::string_view field) {
        const model::Claim* claim = record.preferred(field);
        return claim && claim->state == model::ClaimState::set ? claim->value.value : std::string();
    };
    const std::string name = name_key(value("name"));
    if (context.config.compare_names && !name.empty()) keys.push_back({"name", name});
    const std::string owner = text::fold(value("owner"));
    // One model however it is spelled: "MI250X" and "AMD Instinct MI250X" are one key.
    const std::string disclosed = value("gpu_model");
    const model::GpuModel* known = model::GpuCatalogue::builtin().find(disclosed);
    const std::string model = known ? known->model : text::fold(disclosed);
    const std::string count = value("gpus_installed");
    if (context.config.compare_owner_model_count && !owner.empty() && !model.empty() && !count.empty()) {
        keys.push_back({"owner-model-count", owner + "\x1f" + model + "\x1f" + count});
    }
    return keys;
}

Finding duplicate_finding(const DuplicateMatch& match, const Context& context) {
    Finding finding;
    finding.cluster_id = match.cluster_id;
    finding.rule = "possible-duplicate";
    finding.severity = context.config.severity("possible-duplicate", Severity::warning);
    // One finding per record and group, naming one other member: a group of thousands of
    // look-alikes must not turn into millions of pairs.
    finding.message = fmt::format("looks like the same cluster as {}{} ({})", match.other_id,
                                  match.members > 2 ? fmt::format(" and {} more", match.members - 2) : "",
                                  match.kind == "name" ? "same name" : "same owner, GPU model and GPU count");
    return finding;
}

}  // namespace gpuclusters::rules
