// The change engine's side of fields: what each field's input (set, cite, rank, clear) does to
// the claims of the record being written, and the report of it.
#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unordered_set>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/values.hpp"
#include "ledger/change_engine.hpp"

namespace gpuclusters::ledger {
namespace {

using model::Claim;
using model::ClaimState;
using model::FieldReport;
using model::FieldValue;
using model::Rank;

bool same_claim(const Claim& claim, ClaimState state, const FieldValue& value) {
    if (claim.state != state) return false;
    return state == ClaimState::not_published || model::same_value(claim.value, value);
}

std::string display_claim_value(const model::FieldSpec& spec, const ParsedField& field) {
    return field.state == ClaimState::not_published ? "Not published" : model::display_value(spec, field.value);
}

// "2 competing figures: 12,288; 14,000", for a field whose value is its claims of rank normal.
std::string competing_display(const std::vector<const Claim*>& claims) {
    std::vector<std::string> shown;
    for (const Claim* claim : claims) shown.push_back(display_claim(claim));
    return fmt::format("{} competing figures: {}", claims.size(), fmt::join(shown, "; "));
}

// What a field shows: its value, or its competing figures when it has no preferred claim.
std::string shown(const Claim* value, const std::vector<const Claim*>& competing) {
    return value                   ? display_claim(value)
           : competing.empty()     ? std::string("—")
           : competing.size() == 1 ? display_claim(competing.front())
                                   : competing_display(competing);
}

std::string where(const ParsedField& field) { return field.origin.empty() ? std::string(field.spec->name) : field.origin; }

FieldReport unchanged_report(const std::string& cluster_id, const std::string& field, const std::string& display) {
    return {cluster_id, field, FieldReport::Kind::unchanged, display, display, false, {}, "", 0, {}};
}

}  // namespace

void ChangeSession::Engine::apply_fields(const ParsedRecord& input) {
    for (const auto& field : input.fields) {
        // Each input sees what the earlier ones wrote: the record in memory follows the writes.
        working_.absorb(changeset_id_);
        bool kept_as_older = false;
        switch (field.action) {
            case FieldAction::set:
                apply_set(input, field, kept_as_older);
                break;
            case FieldAction::cite:
                cite_field(field);
                break;
            case FieldAction::rank:
                rank_field(field);
                break;
            case FieldAction::clear:
                clear_with_derived(field);
                break;
        }
        const bool gives_value = (field.action == FieldAction::set && !kept_as_older) || field.action == FieldAction::clear ||
                                 (field.action == FieldAction::rank && field.rank == Rank::preferred);
        if (gives_value && !value_demoted_.empty()) value_demoted_.erase(std::string(field.spec->name));
    }
}

// A whole record (sync's merge of it) holds every claim and citation that stays: one it does not
// (a figure the other side retired, a citation it withdrew) is retired or withdrawn here too, so
// that both sides hold the same record.
void ChangeSession::Engine::retire_unlisted(const ParsedRecord& input) {
    if (!input.whole_record) return;
    working_.absorb(changeset_id_);
    for (const auto& spec : model::field_catalogue()) {
        if (spec.derived) continue;
        std::vector<const Claim*> live = working_.others(std::string(spec.name));
        if (const Claim* preferred = working_.preferred(std::string(spec.name))) live.push_back(preferred);
        for (const Claim* claim : live) {
            const auto given = std::ranges::find_if(input.fields, [&](const ParsedField& field) {
                return field.spec == &spec && field.action != FieldAction::clear && same_claim(*claim, field.state, field.value);
            });
            if (given == input.fields.end()) {
                set_rank(claim->id, Rank::retired, "not in the merged record");
                mark_changed();
                continue;
            }
            for (const auto& citation : claim->citations) {
                const bool kept = std::ranges::any_of(given->citations, [&](const CitationInput& listed) {
                    return source_ids_[listed.source] == citation.source_id && listed.locator == citation.locator &&
                           listed.quote == citation.quote;
                });
                if (kept) continue;
                store_.insert_citation_withdrawal(citation.id, changeset_id_, true);
                mark_changed();
            }
        }
    }
    working_.absorb(changeset_id_);
}

void ChangeSession::Engine::apply_set(const ParsedRecord& input, const ParsedField& field, bool& kept_as_older) {
    const std::vector<CitationInput> fresh = input.citations_as_they_stood ? new_evidence(field) : field.citations;
    const std::size_t left_out = field.citations.size() - fresh.size();
    if (!input.unsourced && fresh.empty()) require_source(field, left_out);
    const Editions::Standing edition = edition_standing(field, fresh);
    if (edition.order == Editions::Order::older) {
        keep_as_older(field, fresh, edition);
        kept_as_older = true;  // a competing figure only: the field gets no value
        return;
    }
    const bool newer = edition.order == Editions::Order::newer;
    apply_field(*field.spec, field.state, field.value, fresh, input.keep_previous || newer, left_out,
                newer ? fmt::format("from an older edition of {}", edition.list) : "");
    if (field.spec->type == model::FieldType::gpu_model) derive_from_model(field, fresh, input.keep_previous || newer);
}

void ChangeSession::Engine::clear_with_derived(const ParsedField& field) {
    clear_field(*field.spec);
    // Without a model there is nothing to derive from it.
    if (field.spec->type == model::FieldType::gpu_model) clear_derived();
}

void ChangeSession::Engine::clear_derived() {
    for (const auto& derived : model::field_catalogue()) {
        if (derived.derived) clear_field(derived);
    }
}

// Every new value says where it came from: one without a citation is refused, unless the request
// says --unsourced (verify then reports it). Giving the value a record already has needs none:
// nothing new is claimed. `left_out`: the citations the input left under a changed value, which
// back the old one.
void ChangeSession::Engine::require_source(const ParsedField& field, std::size_t left_out) {
    const std::string name(field.spec->name);
    const Claim* current = working_.preferred(name);
    if (current && same_claim(*current, field.state, field.value)) return;
    // A competing figure of that value, with its evidence, becomes the preferred one.
    for (const Claim* other : working_.others_valued(name, field.state, field.value.value)) {
        if (same_claim(*other, field.state, field.value) && working_.cited(*other)) return;
    }
    if (left_out > 0) {
        throw InputError(fmt::format(
            "{}: the value changed from {} to {}, and its citations are those of {}, which do not back {}: give the new "
            "value a citation of its own (the source's words for it, or another source), mark one that backs it too "
            "with cites_new_value = true, or write it with --unsourced",
            where(field), display_claim(current), display_claim_value(*field.spec, field), display_claim(current),
            display_claim_value(*field.spec, field)));
    }
    throw InputError(
        fmt::format("{}: a new value needs a source: cite one (--source with add or cite; a citation "
                    "under the value in a record file or in edit), or write it with --unsourced",
                    where(field)));
}

// How a changed value stands against the current one when both come from editions of one list
// (Editions).
Editions::Standing ChangeSession::Engine::edition_standing(const ParsedField& field,
                                                           const std::vector<CitationInput>& citations) {
    const Claim* current = working_.preferred(std::string(field.spec->name));
    if (!current || same_claim(*current, field.state, field.value) || citations.empty()) return {};
    std::vector<long long> incoming;
    for (const auto& citation : citations) incoming.push_back(source_ids_[citation.source]);
    return editions_.standing(incoming, current->citations, where(field));
}

// A value from an older edition than the one behind the current value: kept beside it as a
// competing figure of rank normal (or cited again, where it is one already); the value stays.
void ChangeSession::Engine::keep_as_older(const ParsedField& field, const std::vector<CitationInput>& citations,
                                          const Editions::Standing& edition) {
    const std::string name(field.spec->name);
    const Claim* current = working_.preferred(name);
    FieldReport report = unchanged_report(cluster_id_, name, display_claim(current));
    report.kept_as_older = true;
    long long target = 0;
    for (const Claim* other : working_.others_valued(name, field.state, field.value.value)) {
        if (same_claim(*other, field.state, field.value)) target = other->id;
    }
    if (target == 0) {
        target = insert_claim(name, field.state, field.value);
        set_rank(target, Rank::normal, fmt::format("from an older edition of {} ({})", edition.list, edition.incoming));
        report.kind = FieldReport::Kind::changed;
    }
    report.note = fmt::format("the {} edition's {} kept as a competing figure: older than the {} edition's", edition.incoming,
                              display_claim_value(*field.spec, field), edition.newest_held);
    report.claim_id = target;
    add_citations(target, citations, report);
    if (report.kind != FieldReport::Kind::unchanged) mark_changed();
    report_field(std::move(report));
}

// A field's citations as an edit gives them: for a changed value, those the current value
// already has back the value it replaces, not this one, and are left out.
std::vector<CitationInput> ChangeSession::Engine::new_evidence(const ParsedField& field) const {
    const Claim* current = working_.preferred(std::string(field.spec->name));
    if (!current || same_claim(*current, field.state, field.value)) return field.citations;
    std::vector<CitationInput> fresh;
    for (const auto& citation : field.citations) {
        const long long source_id = source_ids_[citation.source];
        const bool inherited =
            std::any_of(current->citations.begin(), current->citations.end(), [&](const model::Citation& held) {
                return held.source_id == source_id && held.locator == citation.locator && held.quote == citation.quote;
            });
        if (!inherited || citation.cites_new_value) fresh.push_back(citation);
    }
    return fresh;
}

// gpu_maker and gpu_model_canonical follow gpu_model through the catalogue, with the model's
// evidence; a model the catalogue does not know (or, for the maker, an accelerator that is not a
// GPU) leaves them unknown.
void ChangeSession::Engine::derive_from_model(const ParsedField& model_field, const std::vector<CitationInput>& citations,
                                              bool keep_previous) {
    const bool set = model_field.state == ClaimState::set;
    const model::GpuModel* known = set ? model::GpuCatalogue::builtin().find(model_field.value.value) : nullptr;
    const auto derived = model::values_from_model(set ? model_field.value.value : "");
    const bool two_models =
        set && model::GpuCatalogue::builtin().recognise(model_field.value.value).reading == model::NameReading::two_models;
    if (set && derived.front().value.empty()) {  // values_from_model gives gpu_maker first
        report_->warnings.push_back(
            known ? fmt::format("{}: gpu_model '{}' is an accelerator by {}, not a GPU; gpu_maker is left unset", cluster_id_,
                                model_field.value.value, known->maker)
            : two_models ? fmt::format("{}: gpu_model '{}' names two models; gpu_maker and gpu_model_canonical are unknown",
                                       cluster_id_, model_field.value.value)
                         : fmt::format("{}: gpu_model '{}' is not in the catalogue (db/gpu_models.tsv); gpu_maker is unknown",
                                       cluster_id_, model_field.value.value));
    }
    const model::Qualifiers from_model{fmt::format("gpu_model {}", model_field.value.value), "", ""};
    for (const auto& [spec, value] : derived) derive(*spec, value, from_model, citations, keep_previous);
}

void ChangeSession::Engine::derive(const model::FieldSpec& spec, const std::string& value, const model::Qualifiers& from_model,
                                   const std::vector<CitationInput>& citations, bool keep_previous) {
    if (!value.empty()) {
        apply_field(spec, ClaimState::set, FieldValue{value, from_model}, citations, keep_previous);
        return;
    }
    const std::string name(spec.name);
    if (const Claim* current = working_.preferred(name)) {
        set_rank(current->id, Rank::retired, "gpu_model changed");
        report_field({cluster_id_, name, FieldReport::Kind::changed, display_claim(current), "—", false, {}, "", 0, {}});
        mark_changed();
    }
}

// The claim an editor names: by value, or the preferred one when no value is given.
const Claim* ChangeSession::Engine::named_claim(const ParsedField& field) const {
    const std::string name(field.spec->name);
    if (field.any_value) return working_.preferred(name);
    // Only claims of the value can be named by it.
    std::vector<const Claim*> candidates;
    if (const Claim* preferred = working_.preferred(name);
        preferred && preferred->state == field.state && preferred->value.value == field.value.value) {
        candidates.push_back(preferred);
    }
    for (const Claim* other : working_.others_valued(name, field.state, field.value.value)) candidates.push_back(other);
    for (const Claim* claim : candidates) {
        if (same_claim(*claim, field.state, field.value)) return claim;
    }
    // `--value 12288` names the claim "12,288 (= 1536 x 8)": the value decides, not how it was written.
    for (const Claim* claim : candidates) {
        if (claim->state == field.state && claim->value.value == field.value.value) return claim;
    }
    return nullptr;
}

void ChangeSession::Engine::cite_field(const ParsedField& field) {
    const std::string name(field.spec->name);
    const Claim* target = named_claim(field);
    if (!target && field.any_value) {
        throw InputError(fmt::format("{} of {} has no value to cite; set one with `gpuclusters add`", name, cluster_id_));
    }
    FieldReport report = unchanged_report(cluster_id_, name, display_claim(target));
    long long claim_id = target ? target->id : 0;
    // A merge's mark on a claim already of that rank is a new rank reason all the same, and so is
    // any other reason of a whole record.
    const bool newly_in_conflict =
        target && (field.reason == model::merge_conflict_reason || whole_record_) && target->rank_reason != field.reason;
    if (target && field.rank != Rank::preferred && (target->rank != field.rank || newly_in_conflict)) {
        // A record's competing or deprecated figure is a value beside the field's own: given the
        // value itself, it demotes it, and leaves the field without one unless the record sets
        // another (checked when the record ends), or a merge left the field's values competing.
        if (target->rank == Rank::preferred && field.reason != model::merge_conflict_reason) {
            value_demoted_.emplace(
                name,
                fmt::format("{}: {} is the value of {} of {}, not a {} figure beside it: give it as the field's value, set "
                            "another value in the record, or change its rank with `gpuclusters rank {} {} {} --reason TEXT`",
                            where(field), display_claim(target), name, cluster_id_,
                            field.rank == Rank::normal ? "competing" : model::to_string(field.rank), cluster_id_, name,
                            model::to_string(field.rank)));
        }
        // An undecided model decides no maker or catalogue model either.
        const bool model_undecided = target->rank == Rank::preferred && field.spec->type == model::FieldType::gpu_model &&
                                     field.reason == model::merge_conflict_reason;
        set_rank(target->id, field.rank, field.reason);
        if (model_undecided) clear_derived();
        report.note =
            fmt::format("{}: {} -> {}{}", display_claim(target), model::to_string(target->rank), model::to_string(field.rank),
                        field.reason == model::merge_conflict_reason ? ", a merge conflict" : "");
        mark_changed();
    }
    if (!target) claim_id = add_competing(field, report);
    report.claim_id = claim_id;
    add_citations(claim_id, field.citations, report);
    report_field(std::move(report));
}

// Evidence for a value the field does not hold yet: a competing figure (or the value, when the
// field has none), made with the rank the input asks for.
long long ChangeSession::Engine::add_competing(const ParsedField& field, FieldReport& report) {
    const std::string name(field.spec->name);
    if (field.citations.empty() && !unsourced_) {
        throw InputError(fmt::format("{}: a new competing figure needs a source: cite one, or say --unsourced", where(field)));
    }
    const bool has_preferred = working_.preferred(name) != nullptr;
    const Rank rank = field.rank != Rank::preferred ? field.rank : has_preferred ? Rank::normal : Rank::preferred;
    const long long claim_id = insert_claim(name, field.state, field.value);
    set_rank(claim_id, rank, field.reason.empty() && !whole_record_ ? "cited" : field.reason);
    const Claim created{claim_id, name, field.state, field.value, rank, changeset_id_, {}};
    report.kind = FieldReport::Kind::changed;
    report.old_display = "—";
    report.new_display = display_claim(&created);
    report.note = rank == Rank::normal ? "new competing figure" : rank == Rank::deprecated ? "new deprecated figure" : "";
    mark_changed();
    return claim_id;
}

void ChangeSession::Engine::rank_field(const ParsedField& field) {
    const std::string name(field.spec->name);
    const Claim* target = named_claim(field);
    if (!target) {
        throw InputError(field.any_value ? fmt::format("{} of {} has no value to rank", name, cluster_id_)
                                         : fmt::format("{} of {} has no claim '{}' (`gpuclusters show {} --all` lists them)",
                                                       name, cluster_id_, display_claim_value(*field.spec, field), cluster_id_));
    }
    // With no preferred claim the normal ones are the value, as Wikidata's best rank works: a rank
    // change that leaves one figure of rank normal and none preferred makes it preferred, so that
    // no field reads empty while a competing figure exists.
    const Claim* preferred = working_.preferred(name);
    std::vector<const Claim*> normal;
    for (const Claim* other : working_.others(name)) {
        if (other->rank == Rank::normal) normal.push_back(other);
    }
    FieldReport report = unchanged_report(cluster_id_, name, shown(preferred, normal));
    report.claim_id = target->id;
    if (target->rank == field.rank) {
        report_field(std::move(report));
        return;
    }
    const Claim* preferred_after = field.rank == Rank::preferred ? target : target == preferred ? nullptr : preferred;
    std::vector<const Claim*> normal_after;
    if (!preferred_after) {
        for (const Claim* other : normal) {
            if (other != target) normal_after.push_back(other);
        }
        if (field.rank == Rank::normal) {
            if (normal_after.empty()) {
                throw InputError(fmt::format("{} of {}: {} would be its only figure, and so its value: rank it preferred", name,
                                             cluster_id_, display_claim(target)));
            }
            normal_after.push_back(target);
        }
    }
    report.new_display = shown(preferred_after, normal_after);
    set_rank(target->id, field.rank, field.reason);
    if (field.rank == Rank::preferred && preferred) set_rank(preferred->id, Rank::normal, "another value preferred");
    if (normal_after.size() == 1) {
        set_rank(
            normal_after.front()->id, Rank::preferred,
            fmt::format("the one figure of rank normal when {} was {}", display_claim(target), model::to_string(field.rank)));
    }
    report.kind = report.new_display == report.old_display ? FieldReport::Kind::unchanged : FieldReport::Kind::changed;
    report.note = fmt::format("{}: {} -> {}{}", display_claim(target), model::to_string(target->rank),
                              model::to_string(field.rank), field.reason.empty() ? "" : " (" + field.reason + ")");
    mark_changed();
    report_field(std::move(report));
}

void ChangeSession::Engine::clear_field(const model::FieldSpec& spec) {
    const std::string name(spec.name);
    const Claim* preferred = working_.preferred(name);
    const auto others = working_.others(name);
    if (!preferred && others.empty()) return;
    if (preferred) set_rank(preferred->id, Rank::retired, "cleared");
    for (const Claim* other : others) set_rank(other->id, Rank::retired, "cleared");
    FieldReport report{cluster_id_, name, FieldReport::Kind::changed, display_claim(preferred), "—", false, {}, "", 0, {}};
    if (!others.empty()) report.note = fmt::format("{} competing claim{} retired", others.size(), others.size() == 1 ? "" : "s");
    report_field(std::move(report));
    mark_changed();
}

// Adds the citations that are new to the claim, noting them in the report.
void ChangeSession::Engine::add_citations(long long target, const std::vector<CitationInput>& citations, FieldReport& report) {
    const Claim* existing = working_.claim(target);
    std::unordered_set<long long> listed;
    for (const auto& tagged : report.sources) listed.insert(tagged.id);
    for (const auto& citation : citations) {
        const long long source_id = source_ids_[citation.source];
        // A bare mention of a source that already backs the claim adds nothing.
        const bool bare = citation.quote.empty() && citation.locator.empty();
        if (bare && existing && working_.cited_by(*existing, source_id)) continue;
        const long long added = store_.insert_citation(target, source_id, citation.locator, citation.quote, changeset_id_);
        if (added != 0) {
            working_.citations.emplace_back(target, source_id);
            if (report.kind == FieldReport::Kind::unchanged) report.kind = FieldReport::Kind::cited;
        }
        // The report of a cluster the import makes is not kept: it needs no ids or tags.
        if (brief_) continue;
        if (added != 0) report.new_citations.push_back(added);
        if ((added != 0 || report.kind == FieldReport::Kind::changed) && listed.insert(source_id).second) {
            report.sources.push_back(tag(source_id));
        }
    }
    if (report.kind != FieldReport::Kind::unchanged) mark_changed();
}

void ChangeSession::Engine::apply_field(const model::FieldSpec& spec, ClaimState state, const FieldValue& value,
                                        const std::vector<CitationInput>& citations, bool keep_previous,
                                        std::size_t citations_left_out, const std::string& kept_reason) {
    const std::string field(spec.name);
    const Claim* current = working_.preferred(field);
    const Claim proposed{0, field, state, value, Rank::preferred, 0, {}};
    FieldReport report = unchanged_report(cluster_id_, field, display_claim(current));
    report.new_display = display_claim(&proposed);
    long long target = 0;
    if (current && same_claim(*current, state, value)) {
        target = current->id;
    } else {
        // A competing claim of that value becomes the preferred one rather than a duplicate.
        for (const Claim* other : working_.others_valued(field, state, value.value)) {
            if (same_claim(*other, state, value)) target = other->id;
        }
        if (target == 0) target = insert_claim(field, state, value);
        set_rank(target, Rank::preferred, "");
        if (current) {
            set_rank(current->id, keep_previous ? Rank::normal : Rank::retired,
                     !keep_previous        ? "replaced"
                     : kept_reason.empty() ? "kept as a competing figure"
                                           : kept_reason);
        }
        report.kind = FieldReport::Kind::changed;
        report.kept_previous = current && keep_previous;
    }
    report.claim_id = target;
    if (citations_left_out > 0) {
        report.note =
            fmt::format("{} citation{} of the old value left out", citations_left_out, citations_left_out == 1 ? "" : "s");
    }
    add_citations(target, citations, report);
    if (report.kind != FieldReport::Kind::unchanged) mark_changed();
    report_field(std::move(report));
}

// A claim takes one rank per changeset: two ranks for it in one change is a contradiction in the
// input (a value given both as the value and as a competing figure).
void ChangeSession::Engine::set_rank(long long claim_id, Rank rank, const std::string& reason) {
    if (!working_.rank_once(claim_id)) {
        const Claim* claim = working_.claim(claim_id);
        const auto earlier = std::find_if(working_.ranks.rbegin(), working_.ranks.rend(),
                                          [&](const auto& ranked) { return ranked.first == claim_id; });
        const Rank first = earlier == working_.ranks.rend() ? Rank::preferred : earlier->second;
        throw InputError(claim ? detail::two_ranks(*model::find_field(claim->field), display_claim(claim), first, rank)
                               : std::string("a value is given two ranks in one change: one claim has one rank"));
    }
    store_.insert_rank(cluster_id_, claim_id, changeset_id_, rank, reason);
    working_.ranks.emplace_back(claim_id, rank);
}

long long ChangeSession::Engine::insert_claim(const std::string& field, ClaimState state, const FieldValue& value) {
    const long long id = store_.insert_claim(cluster_id_, field, state, value, changeset_id_);
    working_.claims.push_back({id, field, state, value, Rank::retired, changeset_id_, changeset_id_, {}});
    return id;
}

}  // namespace gpuclusters::ledger
