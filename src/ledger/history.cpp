#include "gpuclusters/ledger/history.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/record_merge.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::ledger {
namespace {

std::string others_text(const model::Record* record, std::string_view field) {
    if (!record) return "";
    std::string text;
    for (const model::Claim* claim : record->others(field, true)) {
        text += fmt::format("{}{}{}", text.empty() ? "" : ", ", display_claim(claim),
                            claim->rank == model::Rank::deprecated ? " (deprecated)" : "");
    }
    return text;
}

std::vector<long long> citation_ids(const model::Record* record, std::string_view field) {
    std::vector<long long> ids;
    if (!record) return ids;
    for (const auto& claim : record->claims) {
        if (claim.field != field) continue;
        for (const auto& citation : claim.citations) ids.push_back(citation.id);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

// A changeset the database refers to: a damaged or crafted file may not hold it.
model::Changeset require_changeset(const store::Store& store, long long id) {
    auto changeset = store.changeset(id);
    if (!changeset)
        throw DatabaseError(fmt::format("{}: a row refers to changeset {}, which the file does not hold", store.path(), id));
    return std::move(*changeset);
}

}  // namespace

std::optional<long long> resolve_as_of(const store::Store& store, const std::string& raw, const std::string& option) {
    const std::string text(text::trim(raw));
    if (text.empty()) return std::nullopt;
    if (std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        const long long id = text.size() > 15 ? -1 : std::stoll(text);
        if (id <= 0 || !store.changeset(id)) {
            throw InputError(fmt::format("{} {}: no such changeset (`gpuclusters log` lists them)", option, text));
        }
        return id;
    }
    std::string timestamp;
    if (text.size() == 20 && text[10] == 'T' && text.back() == 'Z') {
        try {
            timestamp = model::parse_timestamp(text);
        } catch (const InputError& error) {
            throw InputError(fmt::format("{} {}", option, error.what()));
        }
    } else {
        std::string date;
        try {
            date = model::parse_partial_date(text);
        } catch (const InputError&) {
            throw InputError(
                fmt::format("{} '{}': expected a changeset number, YYYY-MM, YYYY-MM-DD or "
                            "YYYY-MM-DDTHH:MM:SSZ",
                            option, text));
        }
        // A date stands for its whole period: the state at its last second.
        if (date.size() == 7) {
            const int year = std::stoi(date.substr(0, 4));
            const int month = std::stoi(date.substr(5, 2));
            int day = 31;
            while (!model::is_calendar_date(year, month, day)) --day;
            date += fmt::format("-{:02}", day);
        }
        timestamp = date + "T23:59:59Z";
    }
    return store.changeset_at(timestamp);
}

std::vector<model::FieldReport> diff_record(const std::string& cluster_id, const model::Record* before,
                                            const model::Record* after, const std::vector<std::string>& fields,
                                            long long changeset) {
    std::vector<model::FieldReport> reports;
    for (const auto& spec : model::field_catalogue()) {
        const std::string field(spec.name);
        if (!fields.empty() && std::find(fields.begin(), fields.end(), field) == fields.end()) continue;
        const model::Claim* old_claim = before ? before->preferred(field) : nullptr;
        const model::Claim* new_claim = after ? after->preferred(field) : nullptr;
        model::FieldReport report{cluster_id,
                                  field,
                                  model::FieldReport::Kind::unchanged,
                                  before ? before->shown(field) : model::display_claim(nullptr),
                                  after ? after->shown(field) : model::display_claim(nullptr),
                                  false,
                                  {},
                                  "",
                                  new_claim ? new_claim->id : 0,
                                  {}};
        const auto add_note = [&](const std::string& note) { report.note += (report.note.empty() ? "" : "; ") + note; };
        if (report.old_display != report.new_display) report.kind = model::FieldReport::Kind::changed;

        auto tag = [&](long long source_id) {
            const bool listed = std::ranges::find(report.sources, source_id, &model::SourceTag::id) != report.sources.end();
            if (!listed && after && after->sources.contains(source_id)) {
                report.sources.push_back({source_id, model::url_domain(after->sources.at(source_id).url)});
            }
        };
        if (after) {
            for (const auto& claim : after->claims) {
                if (claim.field != field) continue;
                for (const auto& citation : claim.citations) {
                    if (citation.changeset_id != changeset || changeset == 0) continue;
                    report.new_citations.push_back(citation.id);
                    tag(citation.source_id);
                }
            }
        }
        if (!report.new_citations.empty() && report.kind == model::FieldReport::Kind::unchanged) {
            report.kind = model::FieldReport::Kind::cited;
        }
        if (report.kind == model::FieldReport::Kind::changed && new_claim) {
            for (const auto& citation : new_claim->citations) tag(citation.source_id);
        }
        const std::string old_others = others_text(before, field);
        const std::string new_others = others_text(after, field);
        if (old_others != new_others) {
            add_note(
                fmt::format("competing: {} -> {}", old_others.empty() ? "—" : old_others, new_others.empty() ? "—" : new_others));
        }
        const auto old_ids = citation_ids(before, field);
        const auto new_ids = citation_ids(after, field);
        const auto withdrawn = std::count_if(old_ids.begin(), old_ids.end(), [&](long long id) {
            return !std::binary_search(new_ids.begin(), new_ids.end(), id);
        });
        if (withdrawn > 0 && new_claim && old_claim && new_claim->id == old_claim->id) {
            add_note(withdrawn == 1 ? "1 citation withdrawn" : fmt::format("{} citations withdrawn", withdrawn));
        }
        if (report.kind != model::FieldReport::Kind::unchanged || !report.note.empty()) reports.push_back(std::move(report));
    }
    return reports;
}

ChangesetView::ChangesetView(const store::Store& store, long long changeset_id, std::string cluster_filter,
                             std::string field_filter)
    : store_(&store),
      changeset_id_(changeset_id),
      cluster_filter_(std::move(cluster_filter)),
      field_filter_(std::move(field_filter)) {}

void ChangesetView::each_cluster(const std::function<void(const model::ClusterChange&, bool several)>& visit) const {
    // One cluster is held back until the next is known, to tell whether there are several.
    std::optional<model::ClusterChange> held;
    bool several = false;
    const std::vector<std::string> fields = field_filter_.empty() ? std::vector<std::string>{} : std::vector{field_filter_};
    // After the newest changeset is now, which the store reads without ranking the history.
    const auto after_limit = changeset_id_ == store_->latest_changeset_id() ? std::nullopt : std::optional(changeset_id_);
    store_->each_touched_cluster(changeset_id_, cluster_filter_, field_filter_, [&](const std::string& cluster_id) {
        const auto before = store_->load_record(cluster_id, changeset_id_ - 1);
        const auto after = store_->load_record(cluster_id, after_limit);
        model::ClusterChange change{cluster_id, model::ClusterChange::Presence::kept, {}};
        if (!before && after) change.presence = model::ClusterChange::Presence::created;
        if (before && !after) change.presence = model::ClusterChange::Presence::removed;
        // Only what the changeset touched can differ between just before it and just after.
        change.fields = diff_record(cluster_id, before ? &*before : nullptr, after ? &*after : nullptr, fields, changeset_id_);
        if (change.fields.empty() && change.presence == model::ClusterChange::Presence::kept) return;
        if (held) {
            several = true;
            visit(*held, true);
        }
        held = std::move(change);
    });
    if (held) visit(*held, several);
}

void ChangesetView::each_event(const std::function<void(const std::string&)>& visit) const {
    for (const auto& event : store_->verify_events_in(changeset_id_)) {
        if (!cluster_filter_.empty() && event.cluster_id != cluster_filter_) continue;
        visit(event.rule.empty()
                  ? fmt::format("{}: {}", event.cluster_id, event.now ? "verified" : "verification withdrawn")
                  : fmt::format("{}: {} {}", event.cluster_id, event.rule, event.now ? "accepted" : "no longer accepted"));
    }
    // merge and rename leave an id that leads to another record; a revert withdraws it.
    for (const auto& alias : store_->alias_changes_in(changeset_id_)) {
        if (!cluster_filter_.empty() && alias.alias != cluster_filter_ && alias.cluster_id != cluster_filter_) continue;
        visit(alias.in_force ? fmt::format("{}: now leads to {}", alias.alias, alias.cluster_id)
                             : fmt::format("{}: no longer leads to {}", alias.alias, alias.cluster_id));
    }
}

void ChangesetView::each_source(const std::function<void(const model::SourceReport&)>& visit) const {
    if (!cluster_filter_.empty()) return;
    for (long long source_id : store_->sources_revised_in(changeset_id_)) {
        const auto before = store_->source_meta_as_of(source_id, changeset_id_ - 1);
        const auto after = store_->source_meta_as_of(source_id, changeset_id_);
        const auto source = store_->source_by_id(source_id);
        if (!source || !after)
            throw DatabaseError(fmt::format("{}: a revision names source {}, which it does not hold", store_->path(), source_id));
        visit({source_id, source->url, !before, before ? describe_source_changes(*before, *after) : std::vector<std::string>()});
    }
}

model::ChangeReport ChangesetView::report() const {
    model::ChangeReport report;
    report.changeset_id = changeset_id_;
    report.changed = true;
    each_cluster([&](const model::ClusterChange& change, bool) {
        if (change.presence == model::ClusterChange::Presence::created) report.new_clusters.push_back(change.cluster_id);
        if (change.presence == model::ClusterChange::Presence::removed) report.removed_clusters.push_back(change.cluster_id);
        report.fields.insert(report.fields.end(), change.fields.begin(), change.fields.end());
    });
    each_event([&](const std::string& event) { report.events.push_back(event); });
    each_source([&](const model::SourceReport& source) { report.sources.push_back(source); });
    report.sources_changed = report.sources.size();
    return report;
}

std::optional<model::Verification> verification_of(const store::Store& store, const std::string& cluster_id,
                                                   std::optional<long long> as_of) {
    const auto signature = store.verification_of(cluster_id, as_of);
    if (!signature) return std::nullopt;
    const auto changeset = require_changeset(store, signature->changeset_id);
    const auto newest = store.changesets(cluster_id, "", 1, as_of);
    // A badge that came from the tree keeps the signer and date of its record file.
    const bool from_tree = !signature->signer.empty();
    return model::Verification{signature->changeset_id, from_tree ? signature->signed_on : changeset.created_at.substr(0, 10),
                               from_tree ? signature->signer : changeset.author,
                               !newest.empty() && newest.front().id > signature->changeset_id};
}

model::Record require_record(const store::Store& store, const std::string& cluster_id, std::optional<long long> as_of) {
    // An id merged into another record, or renamed, leads to it.
    auto record = store.load_record(resolve_cluster_id(store, cluster_id, as_of).value_or(cluster_id), as_of);
    if (!record) {
        throw InputError(fmt::format("no cluster '{}'{} (`gpuclusters list` shows the ids)", cluster_id,
                                     as_of ? fmt::format(" as of changeset {}", *as_of) : ""));
    }
    return std::move(*record);
}

model::Record record_page(const store::Store& store, const std::string& cluster_id, std::optional<long long> as_of) {
    auto record = require_record(store, cluster_id, as_of);
    record.verification = verification_of(store, record.id, as_of);
    if (record.id != cluster_id) {
        // The first step from the id asked for says how it went: a rename makes the record it
        // leads to, a merge leads to one that was there.
        const auto step = store.alias_target(cluster_id, as_of);
        const auto made = step ? store.cluster_created_in(*step) : std::nullopt;
        const bool renamed = step && made && store.alias_made_in(cluster_id, as_of) == *made;
        record.reached_by = renamed ? fmt::format("'{}' was renamed '{}'", cluster_id, *step)
                                    : fmt::format("'{}' was merged into '{}'", cluster_id, step.value_or(record.id));
    }
    return record;
}

Blame blame(const store::Store& store, const std::string& cluster_id, std::optional<long long> as_of) {
    Blame result{require_record(store, cluster_id, as_of), as_of, {}};
    for (const auto& spec : model::field_catalogue()) {
        const model::Claim* claim = result.record.preferred(spec.name);
        if (!claim) continue;
        if (!result.changesets.contains(claim->ranked_in)) {
            result.changesets.emplace(claim->ranked_in, require_changeset(store, claim->ranked_in));
        }
    }
    return result;
}

void log(const store::Store& store, const LogQuery& query, const std::function<void(const LogEntry&)>& visit) {
    if (!query.cluster_id.empty() && !store.cluster_known(query.cluster_id)) {
        throw InputError(fmt::format("no cluster '{}' (`gpuclusters list` shows the ids)", query.cluster_id));
    }
    store.each_changeset(query.cluster_id, query.field, query.limit, std::nullopt, [&](const model::Changeset& changeset) {
        visit(LogEntry{changeset, ChangesetView(store, changeset.id, query.cluster_id, query.field)});
    });
}

}  // namespace gpuclusters::ledger
