#include "gpuclusters/ledger/revert.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/history.hpp"

namespace gpuclusters::ledger {
namespace {

// What a field is at one moment: its live claims, their ranks and their citations.
using FieldState = std::vector<std::tuple<long long, model::Rank, std::vector<long long>>>;

FieldState field_state(const std::optional<model::Record>& record, const std::string& field) {
    FieldState state;
    if (!record) return state;
    for (const auto& claim : record->claims) {
        if (claim.field != field) continue;
        std::vector<long long> citations;
        for (const auto& citation : claim.citations) citations.push_back(citation.id);
        state.emplace_back(claim.id, claim.rank, std::move(citations));
    }
    return state;
}

bool same_record(const std::optional<model::Record>& then, const std::optional<model::Record>& now) {
    if (then.has_value() != now.has_value()) return false;
    return std::all_of(model::field_catalogue().begin(), model::field_catalogue().end(), [&](const model::FieldSpec& spec) {
        return field_state(then, std::string(spec.name)) == field_state(now, std::string(spec.name));
    });
}

// What the undone changeset touched, cluster by cluster: the ids are all that is held, so that
// memory does not grow with the size of the records.
struct Undone {
    long long id = 0;
    std::vector<std::string> clusters;  ///< in the order it wrote them
    std::vector<std::string> presence;  ///< created, or presence changed; sorted
    std::vector<long long> sources;
    bool changes_presence_of(const std::string& id) const { return std::binary_search(presence.begin(), presence.end(), id); }
};

Undone read_undone(const store::Store& store, long long id) {
    Undone undone{id, {}, store.clusters_created_in(id), store.sources_revised_in(id)};
    store.each_touched_cluster(id, "", "", [&](const std::string& cluster_id) { undone.clusters.push_back(cluster_id); });
    for (auto& cluster_id : store.presence_changed_in(id)) undone.presence.push_back(std::move(cluster_id));
    std::sort(undone.presence.begin(), undone.presence.end());
    return undone;
}

// What later changesets changed that a revert would put back: the first few named, all counted.
struct Conflicts {
    static constexpr std::size_t named = 10;
    std::vector<std::string> first;
    std::size_t count = 0;
    void add(std::string conflict) {
        if (first.size() < named) first.push_back(std::move(conflict));
        ++count;
    }
    std::string text() const {
        std::string list = fmt::format("{}", fmt::join(first, ", "));
        if (count > first.size()) list += fmt::format(" and {} more", count - first.size());
        return list;
    }
};

// Later changesets conflict only where they left a field (or source) other than the changeset
// did: changes that were themselves reverted cancel out. A cluster no later changeset touched
// cannot conflict, which spares reading the records of a large changeset.
Conflicts conflicts(const store::Store& store, const Undone& undone) {
    Conflicts found;
    if (undone.id == store.latest_changeset_id()) return found;
    for (const auto& cluster_id : undone.clusters) {
        const auto newest = store.changesets(cluster_id, "", 1);
        if (newest.empty() || newest.front().id <= undone.id) continue;
        const auto then = store.load_record(cluster_id, undone.id);
        const auto now = store.load_record(cluster_id);
        for (const auto& field : store.changeset_part(undone.id, cluster_id).touched_fields()) {
            if (field_state(then, field) == field_state(now, field)) continue;
            const auto later = store.later_changesets({cluster_id, field}, undone.id);
            found.add(fmt::format("{}.{} (changeset {})", cluster_id, field, later.empty() ? newest.front().id : later.front()));
        }
        // A cluster the changeset created (or removed) conflicts with any later change to it.
        if (undone.changes_presence_of(cluster_id) && !same_record(then, now)) {
            found.add(fmt::format("{} (changeset {})", cluster_id, newest.front().id));
        }
    }
    for (long long source_id : undone.sources) {
        const auto later = store.later_source_revisions(source_id, undone.id);
        const auto current = store.source_by_id(source_id);
        if (!later.empty() && current && store.source_meta_as_of(source_id, undone.id) != current->meta) {
            found.add(fmt::format("source {} (changeset {})", source_id, later.front()));
        }
    }
    return found;
}

// The writes that put back what the changeset changed to one cluster; how many it made.
std::size_t put_back_cluster(const store::Store& store, ChangeSession& session, const Undone& undone,
                             const std::string& cluster_id, const std::string& reason) {
    std::size_t writes = 0;
    // Each touched field goes back to its claims' ranks just before the changeset; claims made
    // since then are retired.
    const auto part = store.changeset_part(undone.id, cluster_id);
    const auto fields = part.touched_fields();
    std::vector<std::pair<long long, model::Rank>> ranks;  // each claim's rank once these writes are made
    for (const auto& claim : part.claims) {
        const bool touched = std::binary_search(fields.begin(), fields.end(), claim.field);
        const model::Rank wanted = touched ? claim.before.value_or(model::Rank::retired) : claim.now;
        if (claim.now != wanted) {
            session.set_rank(cluster_id, claim.claim_id, wanted, reason);
            ++writes;
        }
        ranks.emplace_back(claim.claim_id, wanted);
    }
    for (const auto& citation : part.citations) {
        if (citation.live_before == citation.live_now) continue;
        session.set_citation_withdrawn(citation.id, !citation.live_before);
        ++writes;
    }
    // Keys too: the record is named in each source as it was before the changeset.
    for (const auto& key : part.keys) {
        if (key.shown_before == key.shown_now) continue;
        session.set_key_withdrawn(key.source_id, key.key, !key.shown_before);
        ++writes;
    }
    if (undone.changes_presence_of(cluster_id)) {
        const bool was_present = store.presence_before(cluster_id, undone.id).value_or(false);
        if (was_present != store.cluster_present_as_of(cluster_id, std::nullopt)) {
            session.set_presence(cluster_id, was_present);
            ++writes;
            // A cluster that goes takes its remaining values with it, so that adding the id again
            // starts from an empty record.
            if (!was_present) {
                for (const auto& [claim_id, rank] : ranks) {
                    if (rank == model::Rank::retired) continue;
                    session.set_rank(cluster_id, claim_id, model::Rank::retired, reason);
                    ++writes;
                }
            }
        }
    }
    return writes;
}

std::size_t put_back(const store::Store& store, ChangeSession& session, const Undone& undone) {
    const std::string reason = fmt::format("revert of changeset {}", undone.id);
    std::size_t writes = 0;
    for (const auto& cluster_id : undone.clusters) writes += put_back_cluster(store, session, undone, cluster_id, reason);
    // A source's metadata goes back to its previous revision; a source the changeset created
    // stays, unused (`sources --unused`).
    for (long long source_id : undone.sources) {
        const auto previous = store.source_meta_as_of(source_id, undone.id - 1);
        const auto current = store.source_by_id(source_id);
        if (previous && current && *previous != current->meta) {
            session.revise_source(source_id, *previous);
            ++writes;
        }
    }
    // An id that a merge or rename made lead to another record leads where it led before.
    for (const auto& alias : store.alias_changes_in(undone.id)) {
        if (store.alias_target(alias.alias) == alias.before) continue;
        session.set_alias(alias.alias, alias.before.value_or(alias.cluster_id), !alias.before.has_value());
        ++writes;
    }
    // Badges and acceptances go back to how they stood before the changeset.
    for (const auto& event : store.verify_events_in(undone.id)) {
        if (event.now == event.before) continue;
        if (event.rule.empty()) {
            session.set_verified(event.cluster_id, event.before);
        } else {
            session.set_accepted({event.cluster_id, event.rule, event.reason_before, 0}, event.before);
        }
        ++writes;
    }
    return writes;
}

}  // namespace

void revert(store::Store& store, const RevertRequest& request, model::Changeset changeset, const std::string& today,
            const std::function<void(const RevertResult&, const ChangesetView&)>& show) {
    const std::string& text = request.changeset;
    const bool numeric =
        !text.empty() && text.size() < 16 && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    const auto target = numeric ? store.changeset(std::stoll(text)) : std::nullopt;
    if (!target) throw InputError(fmt::format("CHANGESET {}: no such changeset (`gpuclusters log` lists them)", text));
    if (changeset.message.empty()) changeset.message = fmt::format("revert changeset {}: {}", target->id, target->message);
    RevertResult result{target->id, 0, false, request.dry_run};
    ChangeSession session(store, std::move(changeset), today);
    session.transact([&] {
        const Undone undone = read_undone(store, target->id);
        if (!request.force) {
            const auto found = conflicts(store, undone);
            if (found.count > 0) {
                throw RevertConflict(
                    fmt::format("not reverting changeset {}: later changesets changed {}; nothing written "
                                "(--force puts these back as they were before changeset {})",
                                undone.id, found.text(), undone.id));
            }
        }
        session.begin();
        result.changed = put_back(store, session, undone) > 0;
        // A dry run is described before its writes are rolled back; a revert, once committed.
        if (result.changed && request.dry_run) show(result, ChangesetView(store, session.changeset_id()));
        return result.changed && !request.dry_run;
    });
    if (result.changed && request.dry_run) return;
    if (result.changed) result.changeset_id = session.changeset_id();
    show(result, ChangesetView(store, result.changeset_id));
}

}  // namespace gpuclusters::ledger
