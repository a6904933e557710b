#pragma once
// The words shell completion offers from the data: cluster ids, field names, rule ids and source
// ids, for the hidden `gpuclusters __complete` the completion scripts call.
#include <string>
#include <string_view>
#include <vector>

#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

enum class CompletionKind { ids, fields, rules, sources };

/// Those starting with `prefix`, in id or catalogue order. Ids and sources need the database and are none without
/// it (`store` null). Every word is in its grammar (a cluster id's, a number, a catalogue name), so
/// the shell can take it as it is: nothing the database holds reaches a prompt otherwise.
std::vector<std::string> completion_candidates(const store::Store* store, CompletionKind kind, std::string_view prefix);

}  // namespace gpuclusters::ledger
