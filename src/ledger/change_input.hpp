#pragma once
// What the change engine's input checks (change_input.cpp) share with the engine that writes
// (change.cpp).
#include <string>

#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/record.hpp"

namespace gpuclusters::ledger::detail {

/// The refusal of one value given two ranks ("12,288 of gpus_installed is given two ranks, ...").
std::string two_ranks(const model::FieldSpec& field, const std::string& value, model::Rank first, model::Rank second);

}  // namespace gpuclusters::ledger::detail
