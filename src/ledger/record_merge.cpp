// merge and rename: two records made one, a record given another id, each in one changeset whose
// revert puts back both ids as they were (claims are copied, never moved: the old ones stay the
// gone record's, which becomes absent, and come back with it).
#include "gpuclusters/ledger/record_merge.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <set>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/fields.hpp"

namespace gpuclusters::ledger {
namespace {

bool same_value(const model::Claim& one, const model::Claim& other) {
    return one.state == other.state && one.value == other.value;
}

std::string no_cluster(const std::string& id) { return fmt::format("no cluster '{}' (`gpuclusters list` shows the ids)", id); }

// The record an id given on the command line names now, or InputError.
std::string require_cluster(const store::Store& store, const std::string& id) {
    if (auto named = resolve_cluster_id(store, id)) return *named;
    throw InputError(no_cluster(id));
}

// A claim of B and its citations onto A, at a rank.
void copy_onto(ChangeSession& session, const std::string& into, const model::Claim& claim, model::Rank rank,
               const std::string& reason, MergeResult& result) {
    const long long id = session.copy_claim(into, claim, rank, reason);
    for (const auto& citation : claim.citations) session.copy_citation(id, citation);
    ++result.claims_copied;
}

// What B's claims of one field do to A's: see merge_records.
void merge_field(ChangeSession& session, const model::Record& a, const model::Record& b, const std::string& field,
                 MergeResult& result) {
    const model::Claim* a_preferred = a.preferred(field);
    const model::Claim* b_preferred = b.preferred(field);
    const bool a_published = a_preferred && a_preferred->state == model::ClaimState::set;
    const bool b_published = b_preferred && b_preferred->state == model::ClaimState::set;
    const bool conflict = a_published && b_published && !same_value(*a_preferred, *b_preferred);
    const std::string merge_reason = fmt::format("merged from {}", b.id);
    for (const auto& claim : b.claims) {
        if (claim.field != field) continue;
        const auto held = std::find_if(a.claims.begin(), a.claims.end(),
                                       [&](const model::Claim& mine) { return mine.field == field && same_value(mine, claim); });
        if (held != a.claims.end()) {
            // One value with two sources is one claim cited twice, as `cite` makes it.
            for (const auto& citation : claim.citations) {
                if (session.copy_citation(held->id, citation) != 0) ++result.citations_joined;
            }
            continue;
        }
        model::Rank rank = claim.rank;
        std::string reason = claim.rank_reason;
        if (&claim == b_preferred && a_preferred) {
            if (conflict) {
                rank = model::Rank::normal;
                reason = std::string(model::merge_conflict_reason);
            } else if (!b_published) {
                // A's published value stands; B's "not published" is kept, deprecated.
                rank = model::Rank::deprecated;
                reason = merge_reason + ": a value is published";
            }
        }
        copy_onto(session, a.id, claim, rank, reason, result);
    }
    if (conflict) {
        session.set_rank(a.id, a_preferred->id, model::Rank::normal, std::string(model::merge_conflict_reason));
        ++result.fields_in_conflict;
    } else if (a_preferred && !a_published && b_published) {
        session.set_rank(a.id, a_preferred->id, model::Rank::deprecated, merge_reason + ": a value is published");
    }
}

// Runs the writes in one transaction; a dry run is shown before they are rolled back.
void write(store::Store& store, ChangeSession& session, MergeResult& result, const std::function<void()>& writes,
           const std::function<void(const MergeResult&, const ChangesetView&)>& show) {
    session.transact([&] {
        session.begin();
        writes();
        if (result.dry_run) show(result, ChangesetView(store, session.changeset_id()));
        return !result.dry_run;
    });
    if (result.dry_run) return;
    result.changeset_id = session.changeset_id();
    show(result, ChangesetView(store, result.changeset_id));
}

}  // namespace

std::optional<std::string> resolve_cluster_id(const store::Store& store, const std::string& id, std::optional<long long> as_of) {
    std::string named = id;
    std::set<std::string> seen;
    while (seen.insert(named).second) {
        if (store.cluster_present_as_of(named, as_of)) return named;
        auto next = store.alias_target(named, as_of);
        if (!next) return std::nullopt;
        named = std::move(*next);
    }
    return std::nullopt;  // a loop of aliases, which merge and rename never make
}

void merge_records(store::Store& store, const MergeRequest& request, model::Changeset changeset, const std::string& today,
                   const std::function<void(const MergeResult&, const ChangesetView&)>& show) {
    if (changeset.message.empty()) changeset.message = fmt::format("merge {} into {}", request.merged, request.into);
    ChangeSession session(store, std::move(changeset), today);
    MergeResult result{false, request.into, request.merged, 0, request.dry_run};
    const auto writes = [&] {
        const std::string into = require_cluster(store, request.into);
        const std::string merged = require_cluster(store, request.merged);
        if (into == merged) {
            throw InputError(request.merged == merged
                                 ? fmt::format("'{}' and '{}' are one record: nothing to merge", request.into, request.merged)
                                 : fmt::format("'{}' is merged into '{}' already", request.merged, into));
        }
        result.kept = into;
        result.gone = merged;
        const model::Record a = require_record(store, into);
        const model::Record b = require_record(store, merged);
        for (const auto& spec : model::field_catalogue()) merge_field(session, a, b, std::string(spec.name), result);
        session.set_presence(merged, false);
        session.set_alias(merged, into, false);
    };
    write(store, session, result, writes, show);
}

void rename_record(store::Store& store, const RenameRequest& request, model::Changeset changeset, const std::string& today,
                   const std::function<void(const MergeResult&, const ChangesetView&)>& show) {
    if (changeset.message.empty()) changeset.message = fmt::format("rename {} to {}", request.from, request.to);
    ChangeSession session(store, std::move(changeset), today);
    MergeResult result{true, request.to, request.from, 0, request.dry_run};
    const auto writes = [&] {
        const std::string from = require_cluster(store, request.from);
        result.gone = from;
        if (auto target = store.alias_target(request.to)) {
            throw InputError(
                fmt::format("'{}' leads to '{}' already (merged or renamed): choose another id", request.to, *target));
        }
        if (store.cluster_present_as_of(request.to, std::nullopt)) {
            throw InputError(
                fmt::format("'{}' is a cluster already: choose another id (`gpuclusters merge` makes two one)", request.to));
        }
        if (store.cluster_known(request.to)) {
            throw InputError(fmt::format("'{}' was the id of a removed cluster: choose another id", request.to));
        }
        const model::Record record = require_record(store, from);
        session.create_cluster(request.to);
        for (const auto& claim : record.claims) copy_onto(session, request.to, claim, claim.rank, claim.rank_reason, result);
        for (const auto& accepted : store.acceptances_of(from)) {
            session.set_accepted({request.to, accepted.rule, accepted.reason, 0}, true);
        }
        session.set_presence(from, false);
        session.set_alias(from, request.to, false);
    };
    write(store, session, result, writes, show);
}

}  // namespace gpuclusters::ledger
