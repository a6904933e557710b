// The catalogue of the rules (their explanations, examples and fixes, default severities) and
// the engine that runs them on a record; possible-duplicate's keys and finding.
#include <algorithm>
#include <array>
#include <fmt/format.h>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "rules/policy_rules.hpp"
#include "rules/reading_rules.hpp"

namespace gpuclusters::rules {
namespace {

constexpr std::array<Rule, 29> catalogue{{
    {"uncited-value", "provenance", Severity::error, "a set value with no citation",
     "Every value must say where it came from. A value with no citation cannot be checked by the next "
     "editor. Violation: `add x --set owner=Acme` with no --source. Fix: `gpuclusters cite x owner "
     "--source URL --quote \"...\"`, or set the value again with its source.",
     policy::uncited_value},
    {"quote-missing-value", "provenance", Severity::warning, "a value that none of its quotes contains",
     "The quote is the verbatim excerpt that makes a claim checkable, so it should contain the value: numbers "
     "are compared after dropping thousands separators (12,288 = 12 288 = 12288) and, for a derivation such "
     "as 1536 x 8, each operand must appear; text is compared without case after Unicode normalisation. "
     "The quotes of one value are read together, so one may give the nodes and another the GPUs per node; "
     "an organisation matches without its parenthesised gloss, a GPU model by any of its catalogue names. "
     "Violation: gpus_installed = 12,288 cited with the quote \"more than ten thousand GPUs\". Fix: cite the "
     "sentence that gives 12,288, or correct the value. Fields checked: [quote-missing-value] fields.",
     policy::quote_missing_value},
    {"source-accessed-date", "provenance", Severity::error, "a source with no accessed date, or one in the future",
     "Readers must know when a source said what it is cited for. Violation: a source imported with no "
     "accessed date, or accessed on 2031-01-01. Fix: `gpuclusters sources check SOURCE --accessed DATE` "
     "after re-reading it.",
     policy::source_accessed_date},
    {"stale-sources", "provenance", Severity::warning, "an operational record whose newest source is old",
     "An operational or partly operational record must rest on current evidence. The newest source (its "
     "published date, else its accessed date) must be at most [thresholds] stale_source_days old (365 by "
     "default). Violation: status operational, newest source published 2023-09-01. Fix: find a newer source "
     "and cite it, or `sources check` the operator page after re-reading it.",
     policy::stale_sources},
    {"press-only-count", "counts", Severity::error, "gpus_installed backed only by press sources",
     "GPUs installed come from the operator or a deterministic sum of disclosed quantities; an unaudited "
     "press total never counts. Violation: gpus_installed = 2,304 cited only to a news article. Fix: cite "
     "the operator, a paper or a filing; keep the press figure as a competing value, or mark the count not "
     "published.",
     policy::press_only_count},
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
     policy::h100_equivalents},
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
     policy::derivation_mismatch},
    {"competing-count-unmentioned", "counts", Severity::warning, "a competing GPU count not explained in the notes",
     "When a record keeps a competing gpus_installed figure, gpu_count_notes must say what it is. "
     "Violation: a competing 14,000 with notes that never mention it. Fix: add to gpu_count_notes, e.g. "
     "\"Press reports 14,000; the operator's 12,288 is used.\"",
     policy::competing_count_unmentioned},
    {"maker-mismatch", "model", Severity::error, "gpu_maker or gpu_model_canonical disagreeing with the catalogue",
     "gpu_maker and gpu_model_canonical are taken from gpu_model through db/gpu_models.tsv at every write. "
     "Violation: gpu_model MI300X with gpu_maker NVIDIA (written by other means), or no gpu_model_canonical "
     "(a record written before schema 9). Fix: set gpu_model again, or re-import the database's export "
     "(export --format jsonl --provenance, then import it); both follow.",
     policy::maker_mismatch},
    {"unknown-model", "model", Severity::warning, "a gpu_model that is not in the catalogue",
     "A model missing from db/gpu_models.tsv leaves gpu_maker unknown. Violation: gpu_model \"H1OO\" (a "
     "typo). Fix: correct the model, or add it to the catalogue with its maker.",
     policy::unknown_model},
    {"not-a-gpu", "model", Severity::warning, "an accelerator that is not a GPU (TPU, NPU, LPU, wafer-scale engine)",
     "The editorial policy counts GPUs. The catalogue knows the other accelerators of Epoch AI's hardware "
     "table (Google TPU, AWS Trainium and Inferentia, Huawei Ascend, Intel Gaudi, Cerebras CS, Groq LPU, "
     "...) so that a record of one is recognised, not reported as an unknown model. Violation: gpu_model = "
     "\"Google TPU v5p\". Fix: keep the record out of GPU totals, or out of the dataset.",
     policy::not_a_gpu},
    {"status-notes-undated", "status", Severity::warning, "status notes without a date",
     "Status notes give the source's wording on status with its date, because a status ages. Violation: "
     "\"In production.\" Fix: \"Production cluster as of September 2023.\" Patterns: [status-notes-date].",
     policy::status_notes_undated},
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
     policy::power_on_announced},
    {"estimate-unlabelled", "power", Severity::error, "a power figure from an estimate not labelled as one",
     "Estimates (such as Epoch AI's satellite estimates) must be labelled. Violation: power_mw = 40 cited to "
     "a source of kind estimate, basis reported. Fix: --set power_mw=\"40 (estimate: Epoch AI)\".",
     policy::estimate_unlabelled},
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
     policy::invalid_country},
    {"power-per-gpu", "plausibility", Severity::error, "power that no number of GPUs could draw",
     "power_mw divided by gpus_installed is the facility power a GPU: from about 40 W (a small inference "
     "card alone) to about 15 kW (the most any GPU draws with its share of cooling and network). A figure "
     "far outside is a unit slip. Violation: power_mw = 7124 for 10,000 GPUs (712 kW a GPU: 7,124 kW stored "
     "as MW). Fix: --set power_mw=7.124.",
     policy::power_per_gpu},
    {"count-implausible", "plausibility", Severity::error, "more GPUs than any known cluster",
     "The largest clusters hold a few hundred thousand GPUs. A count beyond a million is a count of "
     "something else: accelerator cores, shader units, CPU cores. Violation: gpus_installed = 9,988,224 "
     "(a list's accelerator cores). Fix: the physical GPU count, or --not-published gpus_installed.",
     policy::count_implausible},
    {"count-exceeds-cores", "plausibility", Severity::error, "more GPUs than half the cores a list gives",
     "total_cores is what a list (TOP500's Total Cores) gives for the system: every CPU core and every "
     "accelerator core (an SM, a CU), and a GPU has a hundred or more of those. A GPU count above half "
     "of it counts cores. Violation: gpus_installed = 9,988,224 with total_cores = 11,039,616 (the "
     "list's accelerator cores mapped to GPUs). Fix: the physical GPU count, or --not-published "
     "gpus_installed.",
     policy::count_exceeds_cores},
    {"first-operational-early", "plausibility", Severity::error, "a first operational date before GPU computing",
     "GPUs have served as general-purpose accelerators since CUDA (2007). Violation: first_operational = "
     "1997. Fix: the date the GPU cluster went live (a site's older date belongs in the notes).",
     policy::first_operational_early},
    {"required-field", "record", Severity::error, "owner, gpu_model, gpus_installed or status neither set nor not published",
     "Every record states its owner, GPU model, GPUs installed and status, or records, with a source, that "
     "the operator does not publish them. Violation: no status. Fix: --set status=operational with its "
     "source, or --not-published status with the source that was searched.",
     policy::required_field},
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
