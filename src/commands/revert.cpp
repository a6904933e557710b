// gpuclusters revert CHANGESET [--force] [--dry-run]: a new changeset that puts back what the
// given one changed. Nothing is deleted; the revert is in the log like any change.
#include <algorithm>
#include <fmt/format.h>
#include <set>
#include <tuple>

#include "commands/command.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

// Thrown when later changesets touched what the revert would put back: exit 1, like a conflict.
class RevertConflict : public Error {
public:
    explicit RevertConflict(const std::string& message) : Error(ExitCode::differences, message) {}
};

// What a field is at one moment: its live claims, their ranks and their citations.
std::vector<std::tuple<long long, model::Rank, std::vector<long long>>> field_state(
    const std::optional<model::Record>& record, const std::string& field) {
    std::vector<std::tuple<long long, model::Rank, std::vector<long long>>> state;
    if (!record) return state;
    for (const auto& claim : record->claims) {
        if (claim.field != field) continue;
        std::vector<long long> citations;
        for (const auto& citation : claim.citations) citations.push_back(citation.id);
        state.emplace_back(claim.id, claim.rank, std::move(citations));
    }
    return state;
}

class RevertCommand : public Command {
public:
    explicit RevertCommand(CLI::App& app) {
        app.add_option("changeset", changeset_text_, "the changeset to undo (`gpuclusters log` lists them)")->required();
        app.add_flag("--force", force_,
                     "also when later changesets changed the same fields: put those fields back as they were "
                     "before the changeset");
        app.add_option("-m,--message", message_, "changeset message (default: revert changeset N: its message)");
        app.add_flag("-n,--dry-run", dry_run_, "print the changes and write nothing");
    }
    DbAccess access() const override { return DbAccess::open; }

    ExitCode run(Context& context) override {
        auto& store = *context.store;
        const bool numeric = !changeset_text_.empty() && changeset_text_.size() < 16 &&
                             std::all_of(changeset_text_.begin(), changeset_text_.end(), [](char c) { return c >= '0' && c <= '9'; });
        const auto target = numeric ? store.changeset(std::stoll(changeset_text_)) : std::nullopt;
        if (!target) {
            throw InputError(fmt::format("CHANGESET {}: no such changeset (`gpuclusters log` lists them)", changeset_text_));
        }
        const long long undone = target->id;
        model::ChangeReport report;
        // The check and the writes under one write lock: no change can slip in between.
        store.with_write_transaction([&] {
            const auto fields = store.touched_fields(undone);
            const auto sources = store.sources_revised_in(undone);

            // Later changesets conflict only where they left a field (or source) other than the
            // changeset did: changes that were themselves reverted cancel out.
            std::vector<std::string> conflicts;
            for (const auto& field : fields) {
                const auto later = store.later_changesets(field, undone);
                if (later.empty()) continue;
                const auto then = store.load_record(field.cluster_id, undone);
                const auto now = store.load_record(field.cluster_id);
                if (field_state(then, field.field) != field_state(now, field.field)) {
                    conflicts.push_back(fmt::format("{}.{} (changeset {})", field.cluster_id, field.field, later.front()));
                }
            }
            // A cluster the changeset created (or removed) conflicts with any later change to it.
            std::vector<std::string> presence = store.clusters_created_in(undone);
            for (const auto& id : store.presence_changed_in(undone)) presence.push_back(id);
            for (const auto& id : presence) {
                const auto newest = store.changesets(id, "", 1);
                if (newest.empty() || newest.front().id <= undone) continue;
                const auto then = store.load_record(id, undone);
                const auto now = store.load_record(id);
                bool same = then.has_value() == now.has_value();
                for (const auto& spec : model::field_catalogue()) {
                    same = same && field_state(then, std::string(spec.name)) == field_state(now, std::string(spec.name));
                }
                if (!same) conflicts.push_back(fmt::format("{} (changeset {})", id, newest.front().id));
            }
            for (long long source_id : sources) {
                const auto later = store.later_source_revisions(source_id, undone);
                if (!later.empty() && store.source_meta_as_of(source_id, undone) != store.source_by_id(source_id)->meta) {
                    conflicts.push_back(fmt::format("source {} (changeset {})", source_id, later.front()));
                }
            }
            if (!conflicts.empty() && !force_) {
                std::string list;
                for (const auto& conflict : conflicts) list += (list.empty() ? "" : ", ") + conflict;
                throw RevertConflict(fmt::format("not reverting changeset {}: later changesets changed {}; nothing written "
                                                 "(--force puts these back as they were before changeset {})",
                                                 undone, list, undone));
            }
            const long long changeset_id = store.insert_changeset(context.changeset(
                message_, fmt::format("revert changeset {}: {}", undone, target->message)));
            // Each touched field goes back to its claims' ranks just before the changeset; claims
            // made since then are retired.
            for (const auto& field : fields) {
                const auto before = store.field_claims(field, undone - 1);
                for (const auto& claim : store.field_claims(field, std::nullopt)) {
                    const auto earlier = std::find_if(before.begin(), before.end(),
                                                      [&](const model::Claim& old) { return old.id == claim.id; });
                    const model::Rank wanted = earlier == before.end() ? model::Rank::retired : earlier->rank;
                    if (claim.rank != wanted) {
                        store.insert_rank(field.cluster_id, claim.id, changeset_id, wanted, fmt::format("revert of changeset {}", undone));
                    }
                }
            }
            for (const auto& citation : store.citations_touched_in(undone)) {
                if (citation.live_before != citation.live_now) {
                    store.insert_citation_withdrawal(citation.id, changeset_id, !citation.live_before);
                }
            }
            for (const auto& id : presence) {
                const bool was_present = store.presence_before(id, undone).value_or(false);
                const auto record = store.load_record(id);
                if (was_present == record.has_value()) continue;
                store.insert_presence(id, changeset_id, was_present);
                // A cluster that goes takes its remaining values with it, so that adding the id
                // again starts from an empty record.
                if (!was_present) {
                    for (const auto& claim : record->claims) {
                        store.insert_rank(id, claim.id, changeset_id, model::Rank::retired,
                                          fmt::format("revert of changeset {}", undone));
                    }
                }
            }
            // A source's metadata goes back to its previous revision; a source the changeset
            // created stays, unused (`sources --unused`).
            for (long long source_id : sources) {
                const auto previous = store.source_meta_as_of(source_id, undone - 1);
                const auto current = store.source_by_id(source_id);
                if (previous && current && *previous != current->meta) {
                    store.insert_source_revision(source_id, changeset_id, *previous);
                }
            }
            // Badges and acceptances go back to how they stood before the changeset.
            for (const auto& event : store.verify_events_in(undone)) {
                if (event.now == event.before) continue;
                if (event.rule.empty()) {
                    store.insert_verification(event.cluster_id, changeset_id, event.before);
                } else {
                    store.insert_acceptance({event.cluster_id, event.rule, event.reason_before, changeset_id}, event.before);
                }
            }
            report = ledger::describe_changeset(store, changeset_id);
            report.changed = !report.fields.empty() || !report.new_clusters.empty() ||
                             !report.removed_clusters.empty() || !report.sources.empty() || !report.events.empty();
            report.dry_run = dry_run_;
            return report.changed && !dry_run_;
        });
        if (!report.changed || dry_run_) report.changeset_id = 0;
        if (context.options.json) {
            auto json = render::change_report_json(report);
            json["reverted"] = undone;
            render::print_json(context.out, json);
        } else {
            render::print_change_report(context.out, context.style, report);
        }
        return ExitCode::ok;
    }

private:
    std::string changeset_text_;
    bool force_ = false;
    std::string message_;
    bool dry_run_ = false;
};

}  // namespace

std::unique_ptr<Command> make_revert(CLI::App& app) { return std::make_unique<RevertCommand>(app); }

}  // namespace gpuclusters::commands
