#pragma once
// What every rule uses to look at a record and to report: the claims that stand, a finding with
// its evidence.
#include <string>
#include <string_view>
#include <vector>

#include "gpuclusters/rules/rules.hpp"

namespace gpuclusters::rules::support {

/// A finding of a record, on a claim (or none) of a field (or the record: ""), with the claim as a
/// reader sees it (model::display_claim: "12,288 (= 1536 x 8)", "Not published").
Finding finding(const model::Record& record, const model::Claim* claim, std::string_view field, std::string message);
/// Points a finding at the citation behind it: its source and quote.
void cite_evidence(Finding& result, const model::Record& record, const model::Citation& citation);
/// The claims that stand in the record: the preferred one and the competing figures.
std::vector<const model::Claim*> live_claims(const model::Record& record, std::string_view field);
/// The kind of a source the record cites ("" when it cites no such source).
std::string kind_of(const model::Record& record, long long source_id);

}  // namespace gpuclusters::rules::support
