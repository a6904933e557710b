#pragma once
// The rules of the published editorial policy that read a record's values (policy_rules.cpp);
// the catalogue (catalogue.cpp) lists them with the reading rules.
#include <vector>

#include "gpuclusters/rules/rules.hpp"

namespace gpuclusters::rules::policy {

void uncited_value(const model::Record& record, const Context& context, std::vector<Finding>& out);
void quote_missing_value(const model::Record& record, const Context& context, std::vector<Finding>& out);
void unquoted_value(const model::Record& record, const Context& context, std::vector<Finding>& out);
void source_accessed_date(const model::Record& record, const Context& context, std::vector<Finding>& out);
void stale_sources(const model::Record& record, const Context& context, std::vector<Finding>& out);
void press_only_count(const model::Record& record, const Context& context, std::vector<Finding>& out);
void h100_equivalents(const model::Record& record, const Context& context, std::vector<Finding>& out);
void derivation_mismatch(const model::Record& record, const Context& context, std::vector<Finding>& out);
void competing_count_unmentioned(const model::Record& record, const Context& context, std::vector<Finding>& out);
void maker_mismatch(const model::Record& record, const Context& context, std::vector<Finding>& out);
void unknown_model(const model::Record& record, const Context& context, std::vector<Finding>& out);
void ambiguous_model(const model::Record& record, const Context& context, std::vector<Finding>& out);
void not_a_gpu(const model::Record& record, const Context& context, std::vector<Finding>& out);
void status_notes_undated(const model::Record& record, const Context& context, std::vector<Finding>& out);
void power_on_announced(const model::Record& record, const Context& context, std::vector<Finding>& out);
void estimate_unlabelled(const model::Record& record, const Context& context, std::vector<Finding>& out);
void invalid_country(const model::Record& record, const Context& context, std::vector<Finding>& out);
void power_per_gpu(const model::Record& record, const Context& context, std::vector<Finding>& out);
void count_implausible(const model::Record& record, const Context& context, std::vector<Finding>& out);
void count_exceeds_cores(const model::Record& record, const Context& context, std::vector<Finding>& out);
void first_operational_early(const model::Record& record, const Context& context, std::vector<Finding>& out);
void required_field(const model::Record& record, const Context& context, std::vector<Finding>& out);
void merge_conflict(const model::Record& record, const Context& context, std::vector<Finding>& out);

}  // namespace gpuclusters::rules::policy
