#pragma once
// The rules that judge a value by the reading of its quotes (gpuclusters/quote_reader.hpp): the
// figure behind a GPU count or a power value, its bound, its modality and its unit; and status
// notes read against the status. The catalogue (catalogue.cpp) lists them with the others.
#include <vector>

#include "gpuclusters/rules/rules.hpp"

namespace gpuclusters::rules::reading {

void planned_count(const model::Record& record, const Context& context, std::vector<Finding>& out);
void capacity_count(const model::Record& record, const Context& context, std::vector<Finding>& out);
void equivalent_count(const model::Record& record, const Context& context, std::vector<Finding>& out);
void count_bound(const model::Record& record, const Context& context, std::vector<Finding>& out);
void count_unit(const model::Record& record, const Context& context, std::vector<Finding>& out);
void other_model_count(const model::Record& record, const Context& context, std::vector<Finding>& out);
void power_unit(const model::Record& record, const Context& context, std::vector<Finding>& out);
void capacity_power(const model::Record& record, const Context& context, std::vector<Finding>& out);
void status_contradiction(const model::Record& record, const Context& context, std::vector<Finding>& out);

/// Forgets what was read of the last record (check_record calls it before each record).
void start_record(const Context& context);

/// Whether the quotes of a claim, read, back its value: a GPU count directly, converted through
/// the catalogue (36 GB200 superchips are 72 GPUs) or operand by operand of its derivation; a
/// power figure in MW, kW or GW, converted and rounded as the value is written.
bool reading_backs(const model::Record& record, const model::Claim& claim, const Context& context);

}  // namespace gpuclusters::rules::reading
