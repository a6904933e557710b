#include "ledger/working_record.hpp"

#include <algorithm>
#include <limits>

namespace gpuclusters::ledger::detail {

using model::Claim;
using model::ClaimState;
using model::Rank;

void WorkingRecord::start(std::vector<Claim> loaded) {
    claims.clear();
    ranks.clear();
    citations.clear();
    held_.clear();
    by_id_.clear();
    preferred_of_.clear();
    of_field_.clear();
    valued_.clear();
    ranked_.clear();
    cited_sources_.clear();
    for (auto& claim : loaded) hold(std::move(claim));
}

const Claim* WorkingRecord::claim(long long id) const {
    const auto found = by_id_.find(id);
    return found == by_id_.end() ? nullptr : found->second;
}

const Claim* WorkingRecord::preferred(const std::string& field) const {
    const auto found = preferred_of_.find(field);
    return found == preferred_of_.end() ? nullptr : claim(found->second);
}

std::vector<const Claim*> WorkingRecord::others_valued(const std::string& field, ClaimState state,
                                                       const std::string& value) const {
    std::vector<const Claim*> found;
    const auto [first, last] = valued_.equal_range(value_key(field, state, value));
    for (auto it = first; it != last; ++it) {
        const Claim* held = claim(it->second);
        if (held && (held->rank == Rank::normal || held->rank == Rank::deprecated)) found.push_back(held);
    }
    std::sort(found.begin(), found.end(),
              [](const Claim* a, const Claim* b) { return a->rank != b->rank ? a->rank < b->rank : a->id < b->id; });
    return found;
}

std::vector<const Claim*> WorkingRecord::others(const std::string& field) const {
    std::vector<const Claim*> found;
    const auto of_field = of_field_.find(field);
    if (of_field == of_field_.end()) return found;
    for (const Rank rank : {Rank::normal, Rank::deprecated}) {
        for (const Claim* held : of_field->second) {
            if (held->rank == rank && by_id_.contains(held->id)) found.push_back(held);
        }
    }
    return found;
}

bool WorkingRecord::cited(const Claim& claim) const {
    if (!claim.citations.empty()) return true;
    const auto first = cited_sources_.lower_bound({claim.id, std::numeric_limits<long long>::min()});
    return first != cited_sources_.end() && first->first == claim.id;
}

bool WorkingRecord::cited_by(const Claim& claim, long long source_id) const {
    return cited_sources_.contains({claim.id, source_id}) ||
           std::any_of(claim.citations.begin(), claim.citations.end(),
                       [&](const model::Citation& known) { return known.source_id == source_id; });
}

void WorkingRecord::absorb(long long changeset_id) {
    if (claims.empty() && ranks.empty() && citations.empty()) return;
    // A claim takes one rank a change (rank_once): its rank here is its last.
    std::unordered_map<long long, Rank> rank_of;
    for (const auto& [id, rank] : ranks) rank_of[id] = rank;
    for (auto& made : claims) {
        const auto ranked = rank_of.find(made.id);
        made.rank = ranked == rank_of.end() ? Rank::retired : ranked->second;
        made.ranked_in = changeset_id;
        if (ranked != rank_of.end()) rank_of.erase(ranked);
        if (made.rank != Rank::retired) hold(std::move(made));
    }
    // The claims made before this input that it ranked.
    for (const auto& [id, rank] : rank_of) {
        if (const auto held = by_id_.find(id); held != by_id_.end()) rerank(*held->second, rank, changeset_id);
    }
    cited_sources_.insert(citations.begin(), citations.end());
    claims.clear();
    ranks.clear();
    citations.clear();
}

std::string WorkingRecord::value_key(std::string_view field, ClaimState state, std::string_view value) {
    std::string key(field);
    key += state == ClaimState::set ? "\x1fs\x1f" : "\x1fn\x1f";
    key += value;
    return key;
}

void WorkingRecord::hold(Claim claim) {
    Claim& held = held_.emplace_back(std::move(claim));
    by_id_[held.id] = &held;
    if (held.rank == Rank::preferred) preferred_of_[held.field] = held.id;
    of_field_[held.field].push_back(&held);
    valued_.emplace(value_key(held.field, held.state, held.value.value), held.id);
}

void WorkingRecord::rerank(Claim& claim, Rank rank, long long changeset_id) {
    if (claim.rank == Rank::preferred) {
        const auto found = preferred_of_.find(claim.field);
        if (found != preferred_of_.end() && found->second == claim.id) preferred_of_.erase(found);
    }
    claim.rank = rank;
    claim.ranked_in = changeset_id;
    if (rank == Rank::preferred) preferred_of_[claim.field] = claim.id;
    // A retired claim is not found again (held_ keeps its place: pointers into it stay good).
    if (rank == Rank::retired) by_id_.erase(claim.id);
}

}  // namespace gpuclusters::ledger::detail
