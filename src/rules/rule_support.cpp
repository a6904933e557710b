#include "rules/rule_support.hpp"

#include "gpuclusters/model/record.hpp"

namespace gpuclusters::rules::support {

using model::Claim;
using model::ClaimState;
using model::Record;

Finding finding(const Record& record, const Claim* claim, std::string_view field, std::string message) {
    Finding result;
    result.cluster_id = record.id;
    result.field = std::string(field);
    result.claim_id = claim ? claim->id : 0;
    result.message = std::move(message);
    if (claim) result.evidence.value = model::display_claim(claim);
    return result;
}

void cite_evidence(Finding& result, const Record& record, const model::Citation& citation) {
    result.evidence.source_id = citation.source_id;
    if (const auto found = record.sources.find(citation.source_id); found != record.sources.end()) {
        result.evidence.url = found->second.url;
    }
    result.evidence.quote = citation.quote;
}

std::vector<const Claim*> live_claims(const Record& record, std::string_view field) {
    std::vector<const Claim*> claims;
    if (const Claim* preferred = record.preferred(field)) claims.push_back(preferred);
    for (const Claim* other : record.others(field, false)) claims.push_back(other);
    return claims;
}

std::string kind_of(const Record& record, long long source_id) {
    const auto found = record.sources.find(source_id);
    return found == record.sources.end() ? "" : found->second.meta.kind;
}

}  // namespace gpuclusters::rules::support
