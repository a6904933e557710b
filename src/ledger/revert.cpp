#include "gpuclusters/ledger/revert.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <tuple>
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

// Later changesets conflict only where they left a field (or source) other than the changeset
// did: changes that were themselves reverted cancel out.
std::vector<std::string> conflicts(const store::Store& store, long long undone, const std::vector<store::TouchedField>& fields,
                                   const std::vector<std::string>& presence, const std::vector<long long>& sources) {
    std::vector<std::string> found;
    for (const auto& field : fields) {
        const auto later = store.later_changesets(field, undone);
        if (later.empty()) continue;
        if (field_state(store.load_record(field.cluster_id, undone), field.field) !=
            field_state(store.load_record(field.cluster_id), field.field)) {
            found.push_back(fmt::format("{}.{} (changeset {})", field.cluster_id, field.field, later.front()));
        }
    }
    // A cluster the changeset created (or removed) conflicts with any later change to it.
    for (const auto& id : presence) {
        const auto newest = store.changesets(id, "", 1);
        if (newest.empty() || newest.front().id <= undone) continue;
        if (!same_record(store.load_record(id, undone), store.load_record(id))) {
            found.push_back(fmt::format("{} (changeset {})", id, newest.front().id));
        }
    }
    for (long long source_id : sources) {
        const auto later = store.later_source_revisions(source_id, undone);
        if (!later.empty() && store.source_meta_as_of(source_id, undone) != store.source_by_id(source_id)->meta) {
            found.push_back(fmt::format("source {} (changeset {})", source_id, later.front()));
        }
    }
    return found;
}

// The writes that put back what `undone` changed.
void put_back(const store::Store& store, ChangeSession& session, long long undone, const std::vector<store::TouchedField>& fields,
              const std::vector<std::string>& presence, const std::vector<long long>& sources) {
    const std::string reason = fmt::format("revert of changeset {}", undone);
    // Each touched field goes back to its claims' ranks just before the changeset; claims made
    // since then are retired.
    for (const auto& field : fields) {
        const auto before = store.field_claims(field, undone - 1);
        for (const auto& claim : store.field_claims(field, std::nullopt)) {
            const auto earlier = std::find_if(before.begin(), before.end(), [&](const model::Claim& old) { return old.id == claim.id; });
            const model::Rank wanted = earlier == before.end() ? model::Rank::retired : earlier->rank;
            if (claim.rank != wanted) session.set_rank(field.cluster_id, claim.id, wanted, reason);
        }
    }
    for (const auto& citation : store.citations_touched_in(undone)) {
        if (citation.live_before != citation.live_now) session.set_citation_withdrawn(citation.id, !citation.live_before);
    }
    for (const auto& id : presence) {
        const bool was_present = store.presence_before(id, undone).value_or(false);
        const auto record = store.load_record(id);
        if (was_present == record.has_value()) continue;
        session.set_presence(id, was_present);
        // A cluster that goes takes its remaining values with it, so that adding the id again
        // starts from an empty record.
        if (!was_present) {
            for (const auto& claim : record->claims) session.set_rank(id, claim.id, model::Rank::retired, reason);
        }
    }
    // A source's metadata goes back to its previous revision; a source the changeset created
    // stays, unused (`sources --unused`).
    for (long long source_id : sources) {
        const auto previous = store.source_meta_as_of(source_id, undone - 1);
        const auto current = store.source_by_id(source_id);
        if (previous && current && *previous != current->meta) session.revise_source(source_id, *previous);
    }
    // Badges and acceptances go back to how they stood before the changeset.
    for (const auto& event : store.verify_events_in(undone)) {
        if (event.now == event.before) continue;
        if (event.rule.empty()) {
            session.set_verified(event.cluster_id, event.before);
        } else {
            session.set_accepted({event.cluster_id, event.rule, event.reason_before, 0}, event.before);
        }
    }
}

}  // namespace

RevertResult revert(store::Store& store, const RevertRequest& request, model::Changeset changeset, const std::string& today) {
    const std::string& text = request.changeset;
    const bool numeric = !text.empty() && text.size() < 16 && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    const auto target = numeric ? store.changeset(std::stoll(text)) : std::nullopt;
    if (!target) throw InputError(fmt::format("CHANGESET {}: no such changeset (`gpuclusters log` lists them)", text));
    const long long undone = target->id;
    if (changeset.message.empty()) changeset.message = fmt::format("revert changeset {}: {}", undone, target->message);
    RevertResult result{undone, {}};
    ChangeSession session(store, std::move(changeset), today);
    auto& report = result.report;
    session.transact([&] {
        const auto fields = store.touched_fields(undone);
        const auto sources = store.sources_revised_in(undone);
        std::vector<std::string> presence = store.clusters_created_in(undone);
        for (const auto& id : store.presence_changed_in(undone)) presence.push_back(id);
        const auto found = conflicts(store, undone, fields, presence, sources);
        if (!found.empty() && !request.force) {
            std::string list;
            for (const auto& conflict : found) list += (list.empty() ? "" : ", ") + conflict;
            throw RevertConflict(fmt::format("not reverting changeset {}: later changesets changed {}; nothing written "
                                             "(--force puts these back as they were before changeset {})",
                                             undone, list, undone));
        }
        session.begin();
        put_back(store, session, undone, fields, presence, sources);
        report = describe_changeset(store, session.changeset_id());
        report.changed = !report.fields.empty() || !report.new_clusters.empty() || !report.removed_clusters.empty() ||
                         !report.sources.empty() || !report.events.empty();
        report.dry_run = request.dry_run;
        return report.changed && !request.dry_run;
    });
    if (!report.changed || request.dry_run) report.changeset_id = 0;
    return result;
}

}  // namespace gpuclusters::ledger
