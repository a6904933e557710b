// The catalogue of the rules (each rule's check; their text, default severities included, from
// db/rule_catalogue.toml) and the engine that runs them on a record.
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

}  // namespace gpuclusters::rules
