#pragma once
// The record the change engine is writing, as the store now holds it: what a field's input looks
// up (the preferred claim of a field, the claims of a value, a claim by id) without reading the
// store again, which would make a record of N claims cost N squared.
#include <deque>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "gpuclusters/model/record.hpp"

namespace gpuclusters::ledger::detail {

/// What one field's input writes waits here (claims, ranks, citations) until the next input, then
/// is folded in (absorb): a field's functions hold pointers to claims and read the ranks as they
/// stood when the input began.
class WorkingRecord {
public:
    std::vector<model::Claim> claims;  ///< made by this input, ranked below
    std::vector<std::pair<long long, model::Rank>> ranks;
    std::vector<std::pair<long long, long long>> citations;  ///< claim id, source id

    /// Takes the claims of the record about to be written; nothing of the record written before
    /// stays.
    void start(std::vector<model::Claim> loaded);
    /// A claim that is not retired, by id.
    const model::Claim* claim(long long id) const;
    /// Record::preferred, looked up.
    const model::Claim* preferred(const std::string& field) const;
    /// Record::others (deprecated too) of one state and value, by rank, then id.
    std::vector<const model::Claim*> others_valued(const std::string& field, model::ClaimState state,
                                                   const std::string& value) const;
    /// Record::others (deprecated too) of a field: those of rank normal, then the deprecated ones.
    std::vector<const model::Claim*> others(const std::string& field) const;
    /// Whether a claim has a citation.
    bool cited(const model::Claim& claim) const;
    /// Whether a source backs a claim.
    bool cited_by(const model::Claim& claim, long long source_id) const;
    /// False when the claim was given a rank already in this change.
    bool rank_once(long long id) { return ranked_.insert(id).second; }
    /// Folds in what the last input wrote.
    void absorb(long long changeset_id);

private:
    static std::string value_key(std::string_view field, model::ClaimState state, std::string_view value);
    void hold(model::Claim claim);
    void rerank(model::Claim& claim, model::Rank rank, long long changeset_id);

    std::deque<model::Claim> held_;                       ///< a deque: a claim keeps its address while others are added
    std::unordered_map<long long, model::Claim*> by_id_;  ///< of held_, retired ones left out
    std::unordered_map<std::string, long long> preferred_of_;
    std::unordered_map<std::string, std::vector<model::Claim*>> of_field_;
    std::unordered_multimap<std::string, long long> valued_;   ///< field, state, value -> claims
    std::unordered_set<long long> ranked_;                     ///< claims given a rank in this change
    std::set<std::pair<long long, long long>> cited_sources_;  ///< claim id, source id of those citations
};

}  // namespace gpuclusters::ledger::detail
