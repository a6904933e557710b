// The change engine's side of sources, records and keys: a source named by URL or id resolved
// (made, or given new metadata), the record a change names opened (made when new, with a typo
// of an existing id refused), and the keys that name it in a source.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/ledger/record_merge.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "ledger/change_engine.hpp"

namespace gpuclusters::ledger {

using model::ChangeReport;
using model::SourceReport;
using model::SourceTag;

void ChangeSession::Engine::begin() {
    if (changeset_id_ == 0) changeset_id_ = store_.insert_changeset(changeset_);
}

void ChangeSession::Engine::run(const PreparedChange& change, ChangeReport& report) {
    report_ = &report;
    report.changeset_id = changeset_id_;
    // The session keeps nothing per record between calls: an import of a million records holds
    // one record's worth.
    domains_.clear();
    source_ids_.clear();
    for (const auto& source : change.sources) source_ids_.push_back(resolve_source(source));
    for (const auto& record : change.records) {
        if (record.removed) {
            remove_record(record.cluster_id);
            continue;
        }
        open_record(record);
        apply_fields(record);
        retire_unlisted(record);
        refuse_value_demoted();
        apply_acceptances(record);
        apply_badge(record);
    }
}

long long ChangeSession::Engine::resolve_source(const SourceInput& input) {
    const bool is_id = std::all_of(input.reference.begin(), input.reference.end(), [](char c) { return c >= '0' && c <= '9'; });
    long long number = 0;
    if (is_id) std::from_chars(input.reference.data(), input.reference.data() + input.reference.size(), number);
    std::optional<model::Source> existing =
        is_id ? (number > 0 ? store_.source_by_id(number) : std::nullopt) : store_.source_by_url(input.reference);
    if (is_id && !existing) {
        throw InputError(
            fmt::format("{}: no source with id {} (`gpuclusters sources` lists them)", input.origin, input.reference));
    }
    model::SourceMeta meta = existing ? existing->meta : model::SourceMeta{};
    // A capture taken from the URL never replaces the one the source has.
    const bool keep_capture = input.archive_from_url && existing && !existing->meta.archive_url.empty();
    for (const auto& key : model::source_metadata_keys) {
        const bool capture = key.stored == &model::SourceMeta::archive_url || key.stored == &model::SourceMeta::archived;
        if (input.*key.member && !(capture && keep_capture)) meta.*key.stored = *(input.*key.member);
    }
    if (!existing) {
        if (meta.kind.empty()) {
            throw InputError(fmt::format("{}: new source {} needs a kind (--kind {})", input.origin, input.reference,
                                         fmt::join(model::source_kinds, "|")));
        }
        // A source met for the first time was read now, unless the editor says when.
        if (meta.accessed.empty()) meta.accessed = today_;
        const long long id = store_.insert_source(input.reference, changeset_id_);
        store_.insert_source_revision(id, changeset_id_, meta);
        note_listed(id, input.origin);
        editions_.forget(id, meta.edition_of);
        report_source({id, input.reference, true, {}});
        note_domain(id, input.reference);
        mark_changed();
        return id;
    }
    // One revision of a source per changeset, and history is append-only: a later listing in
    // this changeset that says something else of it (another title, a date where the first gave
    // none) is refused rather than dropped. A second archive capture of a page that has one is
    // not a difference: the capture kept stands, as in any import.
    if (meta != existing->meta && existing->revised_in == changeset_id_) {
        const auto first = listed_at_.find(existing->id);
        throw InputError(
            fmt::format("{}: the same source as {} ({}), with other metadata ({}); one change gives a source its metadata once: "
                        "list it the same way each time",
                        input.origin, first == listed_at_.end() ? std::string("an earlier listing") : first->second,
                        existing->url, fmt::join(describe_source_changes(existing->meta, meta), "; ")));
    }
    if (meta != existing->meta) {
        note_listed(existing->id, input.origin);
        store_.insert_source_revision(existing->id, changeset_id_, meta);
        editions_.forget(existing->id, existing->meta.edition_of);
        editions_.forget(existing->id, meta.edition_of);
        report_source({existing->id, existing->url, false, describe_source_changes(existing->meta, meta)});
        mark_changed();
    }
    note_domain(existing->id, existing->url);
    return existing->id;
}

// An import of a million sources would hold a million places: past max_listed_places the error
// says "an earlier listing". Each place costs about 130 bytes with its map node, and 100,000 of
// them were the one part of an import's memory that grew with its records (13 MiB).
void ChangeSession::Engine::note_listed(long long source_id, const std::string& origin) {
    static constexpr std::size_t max_listed_places = 10'000;
    if (listed_at_.size() < max_listed_places || listed_at_.contains(source_id)) listed_at_[source_id] = origin;
}

void ChangeSession::Engine::report_source(SourceReport source) {
    ++report_->sources_changed;
    if (reporting_ == Reporting::full) report_->sources.push_back(std::move(source));
}

// A full report tags most of the sources it resolves; an import's records are mostly new and tag
// none, so tag() looks up the few it needs.
void ChangeSession::Engine::note_domain(long long source_id, const std::string& url) {
    if (reporting_ == Reporting::full) domains_.emplace(source_id, model::url_domain(url));
}

// The sources a call cites are those it resolved, so their domains are mostly known already.
SourceTag ChangeSession::Engine::tag(long long source_id) {
    auto found = domains_.find(source_id);
    if (found == domains_.end()) {
        const auto source = store_.source_by_id(source_id);
        found = domains_.emplace(source_id, source ? model::url_domain(source->url) : "").first;
    }
    return {source_id, found->second};
}

// The record the input's keys name, if they name one; the input's id otherwise. A key that names
// another record than the id does is refused, unless the id is the input's guess.
// An id that a merge or rename made an alias names the record it leads to, and so does a key of
// a merged record: a list read again updates the record its row was merged into. A record file of
// the tree (sync) is the record it names, whole, and is refused instead (open_record).
std::string ChangeSession::Engine::record_named(const ParsedRecord& input) {
    const std::string id = input.whole_record ? input.cluster_id : followed(input.cluster_id);
    std::optional<std::string> named;
    for (const auto& key : input.keys) {
        const long long source_id = source_ids_[key.source];
        auto owner = cluster_of_key(source_id, key.key);
        if (!owner) continue;
        if (!input.whole_record) owner = followed(*owner);
        if (named && *named != *owner) {
            throw InputError(fmt::format("{}: the keys name two records, {} and {}", key.origin, *named, *owner));
        }
        named = owner;
        if (*owner != id && !input.id_from_key) {
            throw InputError(fmt::format("{}: key '{}' of {} names {}, not {}", key.origin, key.key, tag(source_id).domain,
                                         *owner, input.cluster_id));
        }
    }
    return named.value_or(id);
}

bool ChangeSession::Engine::merged_key(long long source_id, const std::string& key, const std::string& cluster_id) const {
    const auto owner = store_.cluster_of_key(source_id, key);
    return owner && *owner != cluster_id && followed(*owner) == cluster_id;
}

std::string ChangeSession::Engine::followed(const std::string& id) const {
    if (!store_.alias_target(id)) return id;  // one index lookup: most ids were never merged
    return resolve_cluster_id(store_, id).value_or(id);
}

// The record a key names: a key of an edition of a list names it in every edition.
std::optional<std::string> ChangeSession::Engine::cluster_of_key(long long source_id, const std::string& key) {
    if (auto owner = store_.cluster_of_key(source_id, key)) return owner;
    const auto source = store_.source_by_id(source_id);
    if (!source || source->meta.edition_of.empty()) return std::nullopt;
    for (const long long edition : editions_.sources_of(source->meta.edition_of)) {
        if (edition == source_id) continue;
        if (auto owner = store_.cluster_of_key(edition, key)) return owner;
    }
    return std::nullopt;
}

void ChangeSession::Engine::record_keys(const model::Record& record, const ParsedRecord& input) {
    // The keys the store holds, not the record's: a record brought back after a revert is made
    // afresh, without them.
    if (input.keys.empty()) return;  // most writes: no query on the path of every record
    const std::vector<model::RecordKey> held = store_.keys_of(record.id);
    for (const auto& key : input.keys) {
        const long long source_id = source_ids_[key.source];
        // A key of a record merged into this one names this one too, and stays the merged one's.
        const bool known =
            std::any_of(held.begin(), held.end(),
                        [&](const model::RecordKey& each) { return each.source_id == source_id && each.key == key.key; }) ||
            merged_key(source_id, key.key, record.id);
        // One key per source and record: a row whose id lands on the record of another row of
        // the source (a new system named like an old one) must not take that record over.
        const auto other = std::find_if(held.begin(), held.end(), [&](const model::RecordKey& each) {
            return each.source_id == source_id && each.key != key.key;
        });
        if (!known && other != held.end()) {
            throw InputError(fmt::format("{}: {} is the record of '{}' in {}, and this is '{}'{}", key.origin, record.id,
                                         other->key, tag(source_id).domain, key.key,
                                         input.id_from_key ? ": give the rows ids that tell them apart ([id] template, "
                                                             "repeated = \"suffix\")"
                                                           : ""));
        }
        if (!known) {
            store_.insert_record_key(source_id, key.key, record.id, changeset_id_);
            mark_changed();
        }
        report_->keys.push_back({record.id, key.key, tag(source_id), !known});
    }
}

// Reads (or makes) the record the input names into the working record, and writes its keys.
void ChangeSession::Engine::open_record(const ParsedRecord& input) {
    // The record the keys name, which may not be the one the input's id names.
    const std::string named = record_named(input);
    cluster_id_ = named;
    unsourced_ = input.unsourced;
    whole_record_ = input.whole_record;
    value_demoted_.clear();
    brief_ = false;
    if (input.whole_record) refuse_merged(named);
    // Most records of a bulk import are new: one lookup tells, before any record is read.
    const bool known = store_.cluster_known(named);
    std::optional<model::Record> record = known ? store_.load_record(named) : std::nullopt;
    // A new cluster is made by setting a value (or by a bare add); citing or ranking needs one.
    const bool sets =
        input.fields.empty() || std::ranges::find(input.fields, FieldAction::set, &ParsedField::action) != input.fields.end();
    if (!record && !sets) throw InputError(fmt::format("no cluster '{}' (`gpuclusters list` shows the ids)", named));
    if (record && input.new_record == model::NewRecord::required) {
        throw InputError(fmt::format("cluster '{}' exists: --new makes a new one (drop it to change this one)", named));
    }
    if (!record && !known && input.new_record == model::NewRecord::unless_near) {
        if (const auto near = near_cluster_id(named)) {
            throw InputError(
                fmt::format("no cluster '{}'; did you mean '{}'? (--new makes '{}' a new cluster)", named, *near, named));
        }
    }
    if (!record) {
        // A known id whose creation was reverted comes back rather than being created twice.
        if (known) {
            store_.insert_presence(named, changeset_id_, true);
        } else {
            store_.insert_cluster(named, changeset_id_);
        }
        report_->new_clusters.push_back(named);
        mark_changed();
        record = model::Record{named, changeset_id_, {}, {}};
        brief_ = reporting_ == Reporting::for_import;
    }
    record_keys(*record, input);
    working_.start(std::move(record->claims));
}

// An existing id that a new one is likely a typo of: the same letters and digits (separators
// aside), or one edit away (two for an id of 16 bytes or more; none under 8, where one edit makes
// another word). Ids whose numbers differ are a series (phase-1, phase-2), not a typo.
std::optional<std::string> ChangeSession::Engine::near_cluster_id(const std::string& id) const {
    const auto folded = [](std::string_view text, bool digits_only) {
        std::string kept;
        for (const char c : text) {
            const bool digit = c >= '0' && c <= '9';
            if (digits_only ? digit : std::isalnum(static_cast<unsigned char>(c)) != 0) {
                kept += c;
            } else if (digits_only && !kept.empty() && kept.back() != ' ') {
                kept += ' ';
            }
        }
        return kept;
    };
    const std::string letters = folded(id, false);
    const std::string numbers = folded(id, true);
    std::vector<std::string> same_numbers;
    for (auto& existing : store_.cluster_ids()) {
        if (folded(existing, false) == letters) return existing;
        if (folded(existing, true) == numbers) same_numbers.push_back(std::move(existing));
    }
    if (id.size() < 8) return std::nullopt;
    return text::closest(id, same_numbers, id.size() >= 16 ? 2 : 1);
}

// A record file of an id merged or renamed here would bring the old record back beside the one it
// went to: refused, loudly, until the tree's file is brought up to date (sync exports the merge).
void ChangeSession::Engine::refuse_merged(const std::string& cluster_id) const {
    if (const auto target = store_.alias_target(cluster_id)) {
        throw InputError(
            fmt::format("the record file of '{}' changes a record this database merged into (or renamed) '{}': "
                        "make the change to '{}' instead",
                        cluster_id, *target, *target));
    }
}

// A record file that says the cluster is removed removes it; one this database never had is
// recorded as removed all the same, so that its own tree says so too.
void ChangeSession::Engine::remove_record(const std::string& cluster_id) {
    const bool known = store_.cluster_known(cluster_id);
    if (known && !store_.cluster_present_as_of(cluster_id, std::nullopt)) return;
    begin();
    if (!known) store_.insert_cluster(cluster_id, changeset_id_);
    store_.insert_presence(cluster_id, changeset_id_, false);
    report_->removed_clusters.push_back(cluster_id);
    mark_changed();
}

// A record file's accepted findings are the whole of them: what it adds is accepted, what it
// leaves out withdrawn, each an event of the change.
void ChangeSession::Engine::apply_acceptances(const ParsedRecord& input) {
    if (!input.accepted) return;
    const auto in_force = store_.acceptances_of(cluster_id_);
    for (const auto& given : *input.accepted) {
        const auto held = std::ranges::find(in_force, given.rule, &store::Acceptance::rule);
        if (held != in_force.end() && held->reason == given.reason) continue;
        store_.insert_acceptance({cluster_id_, given.rule, given.reason, changeset_id_}, true);
        report_->events.push_back(fmt::format("{}: {} accepted ({})", cluster_id_, given.rule, given.reason));
        mark_changed();
    }
    for (const auto& held : in_force) {
        if (std::ranges::find(*input.accepted, held.rule, &model::AcceptedFinding::rule) != input.accepted->end()) continue;
        store_.insert_acceptance({cluster_id_, held.rule, "", changeset_id_}, false);
        report_->events.push_back(fmt::format("{}: {} acceptance withdrawn", cluster_id_, held.rule));
        mark_changed();
    }
}

// A record file's badge: signed anew, with the file's signer and date, when the badge in force
// differs (none, stale, another signature); withdrawn when the file has none. A file carries a
// badge only for the record its signer saw, so taking it vouches for nothing else.
void ChangeSession::Engine::apply_badge(const ParsedRecord& input) {
    if (!input.badge_given) return;
    auto held = verification_of(store_, cluster_id_, std::nullopt);
    if (held && held->stale) held.reset();
    if (const auto& badge = input.badge) {
        if (held && held->author == badge->author && held->date == badge->date) return;
        store_.insert_verification(cluster_id_, changeset_id_, true, badge->author, badge->date);
        report_->events.push_back(fmt::format("{}: Verified, signed by {} on {}", cluster_id_, badge->author, badge->date));
        mark_changed();
    } else if (held) {
        store_.insert_verification(cluster_id_, changeset_id_, false);
        report_->events.push_back(fmt::format("{}: Verified badge withdrawn", cluster_id_));
        mark_changed();
    }
}

void ChangeSession::Engine::refuse_value_demoted() {
    if (value_demoted_.empty()) return;
    std::vector<std::string> problems;
    for (auto& [field, problem] : value_demoted_) problems.push_back(std::move(problem));
    value_demoted_.clear();
    throw_problems(std::move(problems));
}

}  // namespace gpuclusters::ledger
