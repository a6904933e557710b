// The catalogue of the rules (each rule's check; their text, default severities included, from
// db/rule_catalogue.toml) and the engine that runs them on a record; possible-duplicate's keys
// and finding.
#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <stdexcept>
#include <toml++/toml.h>

#include "embedded_data.hpp"
#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "rules/policy_rules.hpp"
#include "rules/reading_rules.hpp"

namespace gpuclusters::rules {
namespace {

// Every rule in family order, bound to its check; its text is db/rule_catalogue.toml's.
using Check = decltype(Rule::check);
constexpr std::array<std::pair<std::string_view, Check>, 33> checks{{
    {"uncited-value", policy::uncited_value},
    {"quote-missing-value", policy::quote_missing_value},
    {"unquoted-value", policy::unquoted_value},
    {"source-accessed-date", policy::source_accessed_date},
    {"stale-sources", policy::stale_sources},
    {"press-only-count", policy::press_only_count},
    {"h100-equivalents", policy::h100_equivalents},
    {"planned-wording", reading::planned_count},
    {"count-capacity", reading::capacity_count},
    {"count-bound", reading::count_bound},
    {"count-unit", reading::count_unit},
    {"count-other-model", reading::other_model_count},
    {"derivation-mismatch", policy::derivation_mismatch},
    {"competing-count-unmentioned", policy::competing_count_unmentioned},
    {"maker-mismatch", policy::maker_mismatch},
    {"unknown-model", policy::unknown_model},
    {"ambiguous-model", policy::ambiguous_model},
    {"not-a-gpu", policy::not_a_gpu},
    {"status-notes-undated", policy::status_notes_undated},
    {"status-contradiction", reading::status_contradiction},
    {"power-on-announced", policy::power_on_announced},
    {"estimate-unlabelled", policy::estimate_unlabelled},
    {"power-unit", reading::power_unit},
    {"power-capacity", reading::capacity_power},
    {"invalid-country", policy::invalid_country},
    {"power-per-gpu", policy::power_per_gpu},
    {"count-implausible", policy::count_implausible},
    {"count-exceeds-cores", policy::count_exceeds_cores},
    {"first-operational-early", policy::first_operational_early},
    {"required-field", policy::required_field},
    {"merge-conflict", policy::merge_conflict},
    {"possible-duplicate", nullptr},
    {"accepted-finding-stale", nullptr},
}};

// The rules with their text. Each rule here has a table there and each table a rule here (a unit
// test holds them to it): either missing is a fault of the build, not of any input.
std::vector<Rule> read_rule_catalogue() {
    constexpr std::string_view file = "db/rule_catalogue.toml";
    const toml::table document = toml::parse(embedded::rule_catalogue_toml, file);
    if (document.size() != checks.size()) throw std::logic_error(fmt::format("{}: not one table a rule", file));
    std::vector<Rule> rules;
    for (const auto& [id, check] : checks) {
        const auto entry = document[id];
        if (!entry.is_table()) throw std::logic_error(fmt::format("{} has no [{}]", file, id));
        const auto field = [&](std::string_view key) { return std::string(entry[key].value_or(std::string_view())); };
        rules.push_back({id, field("family"), severity_from(field("severity")), field("summary"), field("explanation"), check});
    }
    return rules;
}

std::string name_key(std::string_view name) {
    std::string key;
    for (char c : text::fold(name)) {
        if (std::isalnum(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80) key += c;
    }
    return key;
}

}  // namespace

std::span<const Rule> rule_catalogue() {
    static const std::vector<Rule> rules = read_rule_catalogue();
    return rules;
}

const Rule* find_rule(std::string_view id) {
    const auto found = std::ranges::find(rule_catalogue(), id, &Rule::id);
    return found == rule_catalogue().end() ? nullptr : &*found;
}

std::vector<Finding> check_record(const model::Record& record, const Context& context) {
    reading::start_record(context);
    std::vector<Finding> findings;
    for (const auto& rule : rule_catalogue()) {
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
        const model::Claim* claim = record.value_of(field);
        return claim ? claim->value.value : std::string();
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
