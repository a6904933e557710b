#include "gpuclusters/ledger/change.hpp"

#include <algorithm>
#include <charconv>
#include <deque>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <limits>
#include <malloc.h>
#include <map>
#include <set>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/flat_table.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "ledger/change_input.hpp"
#include "ledger/editions.hpp"

namespace gpuclusters::ledger {
namespace {

using model::ChangeReport;
using model::Claim;
using model::ClaimState;
using model::FieldReport;
using model::FieldValue;
using model::Rank;
using model::SourceReport;
using model::SourceTag;

bool same_claim(const Claim& claim, ClaimState state, const FieldValue& value) {
    if (claim.state != state) return false;
    return state == ClaimState::not_published || model::same_value(claim.value, value);
}

}  // namespace

std::size_t PreparedChange::parts() const {
    std::size_t parts = sources.size();
    for (const auto& record : records) {
        parts += record.citations_ahead.size();
        for (const auto& field : record.fields) parts += 1 + field.citations.size();
    }
    return parts;
}

// Writes checked records into the open transaction. The changeset row is written with the first
// change; reports go to the ChangeReport of the current call.
class ChangeSession::Applier {
public:
    Applier(store::Store& store, model::Changeset changeset, std::string today, Reporting reporting)
        : store_(store), changeset_(std::move(changeset)), today_(std::move(today)), reporting_(reporting) {}

    /// Writes the changeset row (once, outside any record's savepoint: a failed record must not
    /// take it with it).
    void begin() {
        if (changeset_id_ == 0) changeset_id_ = store_.insert_changeset(changeset_);
    }

    /// Writes `change`, as given when it is const (the caller keeps it, to write it again after a
    /// rollback), otherwise freeing each part of it once written.
    template <typename Change>
    void run(Change& change, ChangeReport& report) {
        report_ = &report;
        report.changeset_id = changeset_id_;
        // The session keeps nothing per record between calls: an import of a million records
        // holds one record's worth.
        domains_.clear();
        source_ids_.clear();
        for (const auto& source : change.sources) source_ids_.push_back(resolve_source(source));
        if constexpr (!std::is_const_v<Change>) {
            const bool many = change.huge();
            std::vector<SourceInput>().swap(change.sources);
            // A huge record was allocated on import's reading thread, in that thread's arena,
            // which glibc keeps for it once freed: handed back now, its pages are not still held
            // while this thread makes the claims (a tenth of the peak for 50,000 claims).
            if (many) malloc_trim(0);
        }
        for (auto& record : change.records) apply_record(record);
    }

    // A record in pieces (ChangeSession::begin_pieces): the state a record's run keeps lasts
    // from the first piece to the last.
    void start_pieces(ChangeReport& report) {
        report_ = &report;
        report.changeset_id = changeset_id_;
        domains_.clear();
        source_ids_.clear();
        record_.reset();
        pieces_ = {};
    }

    void piece(PreparedChange& change) {
        for (const auto& source : change.sources) source_ids_.push_back(resolve_source(source));
        std::vector<SourceInput>().swap(change.sources);
        for (auto& input : change.records) {
            pieces_.any_field = pieces_.any_field || !input.fields.empty();
            pieces_.any_set =
                pieces_.any_set || std::any_of(input.fields.begin(), input.fields.end(),
                                               [](const ParsedField& field) { return field.action == FieldAction::set; });
            if (!input.fields.empty() || !input.keys.empty() || record_) {
                if (!record_) {
                    open_record(input, true);
                } else {
                    check_named(input);
                    record_keys(*record_, input);
                }
                apply_fields(input);
            } else {
                // A piece of sources (and citations ahead) alone waits for the record's first
                // fields or keys, or its end.
                pieces_.pending_id = input.cluster_id;
                pieces_.pending_flags.keep_previous = input.keep_previous;
                pieces_.pending_flags.unsourced = input.unsourced;
            }
            // The citations of the claim read next, which the store keeps until it comes.
            if (!input.citations_ahead.empty()) {
                if (!input.ahead_continue) store_.clear_citations_ahead();
                store_.add_citations_ahead(input.citations_ahead);
                std::vector<CitationInput>().swap(input.citations_ahead);
            }
        }
    }

    void finish_pieces() {
        if (!record_) {
            // Sources and no field: a bare record, as a record read whole with no fields is.
            ParsedRecord bare = std::move(pieces_.pending_flags);
            bare.cluster_id = pieces_.pending_id;
            open_record(bare, true);
        }
        // A record read whole must set a value to make a cluster; one in pieces is made by its
        // first piece and refused here, its savepoint undone, when no piece set one.
        if (pieces_.made && pieces_.any_field && !pieces_.any_set) {
            throw InputError(fmt::format("no cluster '{}' (`gpuclusters list` shows the ids)", record_->id));
        }
        refuse_value_demoted();
        // Reported in catalogue order, as a record read whole is.
        std::stable_sort(report_->fields.begin(), report_->fields.end(), [](const FieldReport& a, const FieldReport& b) {
            return model::find_field(a.field) < model::find_field(b.field);
        });
        record_.reset();
    }

    long long changeset_id() const { return changeset_id_; }

private:
    long long resolve_source(const SourceInput& input) {
        const bool is_id =
            std::all_of(input.reference.begin(), input.reference.end(), [](char c) { return c >= '0' && c <= '9'; });
        long long number = 0;
        if (is_id) std::from_chars(input.reference.data(), input.reference.data() + input.reference.size(), number);
        std::optional<model::Source> existing =
            is_id ? (number > 0 ? store_.source_by_id(number) : std::nullopt) : store_.source_by_url(input.reference);
        if (is_id && !existing) {
            throw InputError(
                fmt::format("{}: no source with id {} (`gpuclusters sources` lists them)", input.origin, input.reference));
        }
        model::SourceMeta meta = existing ? existing->meta : model::SourceMeta{};
        if (input.kind) meta.kind = *input.kind;
        if (input.title) meta.title = *input.title;
        if (input.publisher) meta.publisher = *input.publisher;
        if (input.published) meta.published = *input.published;
        if (input.accessed) meta.accessed = *input.accessed;
        const bool keep_capture = input.archive_from_url && existing && !existing->meta.archive_url.empty();
        if (input.archive_url && !keep_capture) meta.archive_url = *input.archive_url;
        if (input.archived && !keep_capture) meta.archived = *input.archived;
        if (input.edition_of) meta.edition_of = *input.edition_of;
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
        // this changeset that says something else of it (another title, a date where the first
        // gave none) is refused rather than dropped. A second archive capture of a page that has
        // one is not a difference: the capture kept stands, as in any import.
        if (meta != existing->meta && existing->revised_in == changeset_id_) {
            const auto first = listed_at_.find(existing->id);
            throw InputError(fmt::format(
                "{}: the same source as {} ({}), with other metadata ({}); one change gives a source its metadata once: "
                "list it the same way each time",
                input.origin, first == listed_at_.end() ? std::string("an earlier listing") : first->second, existing->url,
                fmt::join(describe_source_changes(existing->meta, meta), "; ")));
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

    // Where a source this changeset gave metadata was listed. An import of a million sources
    // would hold a million places: past max_listed_places the error says "an earlier listing".
    void note_listed(long long source_id, const std::string& origin) {
        static constexpr std::size_t max_listed_places = 100'000;
        if (listed_at_.size() < max_listed_places || listed_at_.contains(source_id)) listed_at_[source_id] = origin;
    }

    void report_source(SourceReport source) {
        ++report_->sources_changed;
        if (reporting_ == Reporting::full) report_->sources.push_back(std::move(source));
    }

    // A full report tags most of the sources it resolves; an import's records are mostly new and
    // tag none, so tag() looks up the few it needs.
    void note_domain(long long source_id, const std::string& url) {
        if (reporting_ == Reporting::full) domains_.emplace(source_id, model::url_domain(url));
    }

    void report_field(FieldReport field) {
        if (!brief_) report_->fields.push_back(std::move(field));
    }

    // The sources a call cites are those it resolved, so their domains are mostly known already.
    SourceTag tag(long long source_id) {
        auto found = domains_.find(source_id);
        if (found == domains_.end()) {
            const auto source = store_.source_by_id(source_id);
            found = domains_.emplace(source_id, source ? model::url_domain(source->url) : "").first;
        }
        return {source_id, found->second};
    }

    // The record the input's keys name, if they name one; the input's id otherwise. A key that
    // names another record than the id does is refused, unless the id is the input's guess.
    std::string record_named(const ParsedRecord& input) {
        std::optional<std::string> named;
        for (const auto& key : input.keys) {
            const long long source_id = source_ids_[key.source];
            const auto owner = cluster_of_key(source_id, key.key);
            if (!owner) continue;
            if (named && *named != *owner) {
                throw InputError(fmt::format("{}: the keys name two records, {} and {}", key.origin, *named, *owner));
            }
            named = owner;
            if (*owner != input.cluster_id && !input.id_from_key) {
                throw InputError(fmt::format("{}: key '{}' of {} names {}, not {}", key.origin, key.key, tag(source_id).domain,
                                             *owner, input.cluster_id));
            }
        }
        return named.value_or(input.cluster_id);
    }

    // The record a key names: a key of an edition of a list names it in every edition.
    std::optional<std::string> cluster_of_key(long long source_id, const std::string& key) {
        if (auto owner = store_.cluster_of_key(source_id, key)) return owner;
        const auto source = store_.source_by_id(source_id);
        if (!source || source->meta.edition_of.empty()) return std::nullopt;
        for (const long long edition : editions_.sources_of(source->meta.edition_of)) {
            if (edition == source_id) continue;
            if (auto owner = store_.cluster_of_key(edition, key)) return owner;
        }
        return std::nullopt;
    }

    void record_keys(const model::Record& record, const ParsedRecord& input) {
        // The keys the store holds, not the record's: a record brought back after a revert is
        // made afresh, without them.
        if (input.keys.empty()) return;  // most writes: no query on the path of every record
        const std::vector<model::RecordKey> held = store_.keys_of(record.id);
        for (const auto& key : input.keys) {
            const long long source_id = source_ids_[key.source];
            const bool known = std::any_of(held.begin(), held.end(), [&](const model::RecordKey& each) {
                return each.source_id == source_id && each.key == key.key;
            });
            // One key per source and record: a row whose id lands on the record of another row
            // of the source (a new system named like an old one) must not take that record over.
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

    // A const input is kept for the caller; any other is freed field by field as it is applied.
    template <typename Input>
    void apply_record(Input& input) {
        open_record(input, false);
        apply_fields(input);
        refuse_value_demoted();
        record_.reset();
    }

    void refuse_value_demoted() {
        if (value_demoted_.empty()) return;
        std::vector<std::string> problems;
        for (auto& [field, problem] : value_demoted_) problems.push_back(std::move(problem));
        value_demoted_.clear();
        throw_problems(std::move(problems));
    }

    // Reads (or makes) the record the input names into record_, and writes its keys. A record
    // in pieces is made by its first piece, whether that sets a value or not (finish_pieces
    // decides).
    void open_record(const ParsedRecord& input, bool in_pieces) {
        // The record the keys name, which may not be the one the input's id names.
        const std::string named = record_named(input);
        cluster_id_ = named;
        unsourced_ = input.unsourced;
        value_demoted_.clear();
        brief_ = false;
        // Most records of a bulk import are new: one lookup tells, before any record is read.
        const bool known = store_.cluster_known(named);
        record_ = known ? store_.load_record(named) : std::nullopt;
        // A new cluster is made by setting a value (or by a bare add); citing or ranking needs one.
        const bool sets = in_pieces || input.fields.empty() ||
                          std::any_of(input.fields.begin(), input.fields.end(),
                                      [](const ParsedField& field) { return field.action == FieldAction::set; });
        if (!record_ && !sets) {
            throw InputError(fmt::format("no cluster '{}' (`gpuclusters list` shows the ids)", named));
        }
        if (record_ && input.new_record == model::NewRecord::required) {
            throw InputError(fmt::format("cluster '{}' exists: --new makes a new one (drop it to change this one)", named));
        }
        if (!record_ && !known && input.new_record == model::NewRecord::unless_near) {
            if (const auto near = near_cluster_id(named)) {
                throw InputError(
                    fmt::format("no cluster '{}'; did you mean '{}'? (--new makes '{}' a new cluster)", named, *near, named));
            }
        }
        if (!record_) {
            // A known id whose creation was reverted comes back rather than being created twice.
            if (known) {
                store_.insert_presence(named, changeset_id_, true);
            } else {
                store_.insert_cluster(named, changeset_id_);
            }
            report_->new_clusters.push_back(named);
            mark_changed();
            record_ = model::Record{named, changeset_id_, {}, {}};
            brief_ = reporting_ == Reporting::for_import;
            pieces_.made = true;
        }
        record_keys(*record_, input);
        // Most fields add a claim: room for them at once, not twice the claims in the end.
        working_.start(std::exchange(record_->claims, {}));
    }

    // An existing id that a new one is likely a typo of: the same letters and digits (separators
    // aside), or one edit away (two for an id of 16 bytes or more; none under 8, where one edit
    // makes another word). Ids whose numbers differ are a series (phase-1, phase-2), not a typo.
    std::optional<std::string> near_cluster_id(const std::string& id) const {
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

    // A later piece names the record its first piece opened: its keys (read at the end of the
    // record) must not name another.
    void check_named(const ParsedRecord& input) {
        const std::string named = record_named(input);
        if (named != record_->id) {
            throw InputError(fmt::format("{}: the record's keys name {}, not {}", input.cluster_id, named, record_->id));
        }
    }

    // A field's citations: those the store keeps for it, handed over ahead of it (a claim with
    // more citations than a piece of a record holds), then its own.
    struct FieldCitations {
        const std::vector<CitationInput>& own;
        std::size_t ahead = 0;
        bool empty() const { return ahead == 0 && own.empty(); }
    };

    template <typename Input>
    void apply_fields(Input& input) {
        model::Record* const record = &*record_;
        for (auto& field : input.fields) {
            // Each input sees what the earlier ones wrote: the record in memory follows the writes
            // (reading it again from the store would make a record of N claims cost N squared).
            working_.absorb(changeset_id_);
            bool kept_as_older = false;
            switch (field.action) {
                case FieldAction::set: {
                    std::vector<CitationInput> fresh;
                    if (input.citations_as_they_stood) fresh = new_evidence(field);
                    const std::size_t left_out = input.citations_as_they_stood ? field.citations.size() - fresh.size() : 0;
                    const FieldCitations citations{input.citations_as_they_stood ? fresh : field.citations,
                                                   field.citations_ahead};
                    if (!input.unsourced && citations.empty()) require_source(field, left_out);
                    const Editions::Standing edition = edition_standing(field, citations);
                    if (edition.order == Editions::Order::older) {
                        keep_as_older(*record, field, citations, edition);
                        kept_as_older = true;  // a competing figure only: the field gets no value
                        break;
                    }
                    const bool newer = edition.order == Editions::Order::newer;
                    apply_field(*record, *field.spec, field.state, field.value, citations, input.keep_previous || newer, left_out,
                                newer ? fmt::format("from an older edition of {}", edition.list) : "");
                    if (field.spec->type == model::FieldType::gpu_model) {
                        derive_from_model(*record, field, citations, input.keep_previous || newer);
                    }
                    break;
                }
                case FieldAction::cite:
                    cite_field(*record, field);
                    break;
                case FieldAction::rank:
                    rank_field(*record, field);
                    break;
                case FieldAction::clear:
                    clear_field(*record, *field.spec);
                    // Without a model there is nothing to derive from it.
                    if (field.spec->type == model::FieldType::gpu_model) {
                        for (const auto& derived : model::field_catalogue()) {
                            if (derived.derived) clear_field(*record, derived);
                        }
                    }
                    break;
            }
            const bool gives_value = (field.action == FieldAction::set && !kept_as_older) || field.action == FieldAction::clear ||
                                     (field.action == FieldAction::rank && field.rank == Rank::preferred);
            if (gives_value && !value_demoted_.empty()) value_demoted_.erase(std::string(field.spec->name));
            if constexpr (!std::is_const_v<Input>) field = ParsedField{};
        }
    }

    // Every new value says where it came from: one without a citation is refused, unless the
    // request says --unsourced (verify then reports it). Giving the value a record already has
    // needs none: nothing new is claimed.
    // `left_out`: the citations the input left under a changed value, which back the old one.
    void require_source(const ParsedField& field, std::size_t left_out) {
        const std::string name(field.spec->name);
        const Claim* current = working_.preferred(name);
        if (current && same_claim(*current, field.state, field.value)) return;
        // A competing figure of that value, with its evidence, becomes the preferred one.
        for (const Claim* other : working_.others_valued(name, field.state, field.value.value)) {
            if (same_claim(*other, field.state, field.value) && working_.cited(*other)) return;
        }
        const std::string where = field.origin.empty() ? name : field.origin;
        if (left_out > 0) {
            throw InputError(fmt::format(
                "{}: the value changed from {} to {}, and its citations are those of {}, which do not back {}: give the new "
                "value a citation of its own (the source's words for it, or another source), mark one that backs it too "
                "with cites_new_value = true, or write it with --unsourced",
                where, display_claim(current), display_claim_value(*field.spec, field), display_claim(current),
                display_claim_value(*field.spec, field)));
        }
        throw InputError(
            fmt::format("{}: a new value needs a source: cite one (--source with add or cite; a citation "
                        "under the value in a record file or in edit), or write it with --unsourced",
                        where));
    }

    // How a changed value stands against the current one when both come from editions of one
    // list (Editions).
    Editions::Standing edition_standing(const ParsedField& field, const FieldCitations& citations) {
        const Claim* current = working_.preferred(std::string(field.spec->name));
        if (!current || same_claim(*current, field.state, field.value) || citations.own.empty()) return {};
        std::vector<long long> incoming;
        for (const auto& citation : citations.own) incoming.push_back(source_ids_[citation.source]);
        return editions_.standing(incoming, current->citations,
                                  field.origin.empty() ? std::string(field.spec->name) : field.origin);
    }

    // A value from an older edition than the one behind the current value: kept beside it as a
    // competing figure of rank normal (or cited again, where it is one already); the value stays.
    void keep_as_older(const model::Record& record, const ParsedField& field, const FieldCitations& citations,
                       const Editions::Standing& edition) {
        const std::string name(field.spec->name);
        const Claim* current = working_.preferred(name);
        FieldReport report{
            record.id, name, FieldReport::Kind::unchanged, display_claim(current), display_claim(current), false, {}, "", 0, {}};
        report.kept_as_older = true;
        long long target = 0;
        for (const Claim* other : working_.others_valued(name, field.state, field.value.value)) {
            if (same_claim(*other, field.state, field.value)) target = other->id;
        }
        if (target == 0) {
            target = insert_claim(record.id, name, field.state, field.value);
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
    std::vector<CitationInput> new_evidence(const ParsedField& field) const {
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
    // evidence; a model the catalogue does not know (or, for the maker, an accelerator that is not
    // a GPU) leaves them unknown.
    void derive_from_model(const model::Record& record, const ParsedField& model_field, const FieldCitations& citations,
                           bool keep_previous) {
        const bool set = model_field.state == ClaimState::set;
        const model::GpuModel* known = set ? model::GpuCatalogue::builtin().find(model_field.value.value) : nullptr;
        const auto derived = model::values_from_model(set ? model_field.value.value : "");
        if (set && derived.front().value.empty()) {  // values_from_model gives gpu_maker first
            report_->warnings.push_back(
                known ? fmt::format("{}: gpu_model '{}' is an accelerator by {}, not a GPU; gpu_maker is left unset", record.id,
                                    model_field.value.value, known->maker)
                      : fmt::format("{}: gpu_model '{}' is not in the catalogue (db/gpu_models.tsv); gpu_maker is unknown",
                                    record.id, model_field.value.value));
        }
        const model::Qualifiers from_model{fmt::format("gpu_model {}", model_field.value.value), "", ""};
        for (const auto& [spec, value] : derived) derive(record, *spec, value, from_model, citations, keep_previous);
    }

    void derive(const model::Record& record, const model::FieldSpec& spec, const std::string& value,
                const model::Qualifiers& from_model, const FieldCitations& citations, bool keep_previous) {
        if (!value.empty()) {
            apply_field(record, spec, ClaimState::set, FieldValue{value, from_model}, citations, keep_previous);
            return;
        }
        const std::string name(spec.name);
        if (const Claim* current = working_.preferred(name)) {
            set_rank(current->id, Rank::retired, "gpu_model changed");
            report_field({record.id, name, FieldReport::Kind::changed, display_claim(current), "—", false, {}, "", 0, {}});
            mark_changed();
        }
    }

    // The claim an editor names: by value, or the preferred one when no value is given.
    const Claim* named_claim(const ParsedField& field) const {
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

    void cite_field(const model::Record& record, const ParsedField& field) {
        const std::string name(field.spec->name);
        const Claim* target = named_claim(field);
        if (!target && field.any_value) {
            throw InputError(fmt::format("{} of {} has no value to cite; set one with `gpuclusters add`", name, record.id));
        }
        FieldReport report{
            record.id, name, FieldReport::Kind::unchanged, display_claim(target), display_claim(target), false, {}, "", 0, {}};
        long long claim_id = target ? target->id : 0;
        const bool wants_rank = field.rank != Rank::preferred;
        if (target && wants_rank && target->rank != field.rank) {
            // A record's competing or deprecated figure is a value beside the field's own: given
            // the value itself, it demotes it, and leaves the field without one unless the record
            // sets another (in any of its pieces: checked when the record ends).
            if (target->rank == Rank::preferred) {
                value_demoted_.emplace(
                    name,
                    fmt::format(
                        "{}: {} is the value of {} of {}, not a {} figure beside it: give it as the field's value, set another "
                        "value in the record, or change its rank with `gpuclusters rank {} {} {} --reason TEXT`",
                        field.origin.empty() ? name : field.origin, display_claim(target), name, record.id,
                        field.rank == Rank::normal ? "competing" : model::to_string(field.rank), record.id, name,
                        model::to_string(field.rank)));
            }
            set_rank(target->id, field.rank, field.reason);
            report.note =
                fmt::format("{}: {} -> {}", display_claim(target), model::to_string(target->rank), model::to_string(field.rank));
            mark_changed();
        }
        if (!target) {
            if (FieldCitations{field.citations, field.citations_ahead}.empty() && !unsourced_) {
                throw InputError(fmt::format("{}: a new competing figure needs a source: cite one, or say --unsourced",
                                             field.origin.empty() ? name : field.origin));
            }
            // Evidence for a value the field does not hold yet: a competing figure.
            const bool has_preferred = working_.preferred(name) != nullptr;
            const Rank rank = wants_rank ? field.rank : has_preferred ? Rank::normal : Rank::preferred;
            claim_id = insert_claim(record.id, name, field.state, field.value);
            set_rank(claim_id, rank, "cited");
            Claim created{claim_id, name, field.state, field.value, rank, changeset_id_, {}};
            report.kind = FieldReport::Kind::changed;
            report.old_display = "—";
            report.new_display = display_claim(&created);
            report.note = rank == Rank::normal ? "new competing figure" : rank == Rank::deprecated ? "new deprecated figure" : "";
            mark_changed();
        }
        report.claim_id = claim_id;
        add_citations(claim_id, {field.citations, field.citations_ahead}, report);
        report_field(std::move(report));
    }

    void rank_field(const model::Record& record, const ParsedField& field) {
        const std::string name(field.spec->name);
        const Claim* target = named_claim(field);
        if (!target) {
            throw InputError(field.any_value ? fmt::format("{} of {} has no value to rank", name, record.id)
                                             : fmt::format("{} of {} has no claim '{}' (`gpuclusters show {} --all` lists them)",
                                                           name, record.id, display_claim_value(*field.spec, field), record.id));
        }
        // With no preferred claim the normal ones are the value, as Wikidata's best rank works: a
        // rank change that leaves one figure of rank normal and none preferred makes it preferred,
        // so that no field reads empty while a competing figure exists.
        const Claim* preferred = working_.preferred(name);
        std::vector<const Claim*> normal;
        for (const Claim* other : working_.others(name)) {
            if (other->rank == Rank::normal) normal.push_back(other);
        }
        const auto shown = [](const Claim* value, const std::vector<const Claim*>& competing) {
            return value                   ? display_claim(value)
                   : competing.empty()     ? std::string("—")
                   : competing.size() == 1 ? display_claim(competing.front())
                                           : competing_display(competing);
        };
        FieldReport report{
            record.id,  name, FieldReport::Kind::unchanged, shown(preferred, normal), shown(preferred, normal), false, {}, "",
            target->id, {}};
        if (target->rank != field.rank) {
            const Claim* preferred_after = field.rank == Rank::preferred ? target : target == preferred ? nullptr : preferred;
            std::vector<const Claim*> normal_after;
            if (!preferred_after) {
                for (const Claim* other : normal) {
                    if (other != target) normal_after.push_back(other);
                }
                if (field.rank == Rank::normal) {
                    if (normal_after.empty()) {
                        throw InputError(fmt::format("{} of {}: {} would be its only figure, and so its value: rank it preferred",
                                                     name, record.id, display_claim(target)));
                    }
                    normal_after.push_back(target);
                }
            }
            const std::string new_display = shown(preferred_after, normal_after);
            set_rank(target->id, field.rank, field.reason);
            if (field.rank == Rank::preferred && preferred) {
                set_rank(preferred->id, Rank::normal, "another value preferred");
            }
            if (normal_after.size() == 1) {
                set_rank(normal_after.front()->id, Rank::preferred,
                         fmt::format("the one figure of rank normal when {} was {}", display_claim(target),
                                     model::to_string(field.rank)));
            }
            report.new_display = new_display;
            report.kind = report.new_display == report.old_display ? FieldReport::Kind::unchanged : FieldReport::Kind::changed;
            report.note = fmt::format("{}: {} -> {}{}", display_claim(target), model::to_string(target->rank),
                                      model::to_string(field.rank), field.reason.empty() ? "" : " (" + field.reason + ")");
            mark_changed();
        }
        report_field(std::move(report));
    }

    // "2 competing figures: 12,288; 14,000", for a field whose value is its claims of rank normal.
    static std::string competing_display(const std::vector<const Claim*>& claims) {
        std::vector<std::string> shown;
        for (const Claim* claim : claims) shown.push_back(display_claim(claim));
        return fmt::format("{} competing figures: {}", claims.size(), fmt::join(shown, "; "));
    }

    void clear_field(const model::Record& record, const model::FieldSpec& spec) {
        const std::string name(spec.name);
        const Claim* preferred = working_.preferred(name);
        const auto others = working_.others(name);
        if (!preferred && others.empty()) return;
        if (preferred) set_rank(preferred->id, Rank::retired, "cleared");
        for (const Claim* other : others) set_rank(other->id, Rank::retired, "cleared");
        report_field(
            {record.id,
             name,
             FieldReport::Kind::changed,
             display_claim(preferred),
             "—",
             false,
             {},
             others.empty() ? "" : fmt::format("{} competing claim{} retired", others.size(), others.size() == 1 ? "" : "s"),
             0,
             {}});
        mark_changed();
    }

    static std::string display_claim_value(const model::FieldSpec& spec, const ParsedField& field) {
        return field.state == ClaimState::not_published ? "Not published" : model::display_value(spec, field.value);
    }

    // Adds the citations that are new to the claim, noting them in the report.
    void add_citations(long long target, const FieldCitations& citations, FieldReport& report) {
        const Claim* existing = working_.claim(target);
        std::unordered_set<long long> listed;
        for (const auto& tag : report.sources) listed.insert(tag.id);
        auto add = [&](const CitationInput& citation) {
            const long long source_id = source_ids_[citation.source];
            // A bare mention of a source that already backs the claim adds nothing.
            const bool bare = citation.quote.empty() && citation.locator.empty();
            if (bare && existing && working_.cited_by(*existing, source_id)) return;
            const long long added = store_.insert_citation(target, source_id, citation.locator, citation.quote, changeset_id_);
            if (added != 0) {
                working_.citations.emplace_back(target, source_id);
                if (report.kind == FieldReport::Kind::unchanged) report.kind = FieldReport::Kind::cited;
            }
            // The report of a cluster the import makes is not kept: it needs no ids or tags.
            if (brief_) return;
            if (added != 0) report.new_citations.push_back(added);
            if ((added != 0 || report.kind == FieldReport::Kind::changed) && listed.insert(source_id).second) {
                report.sources.push_back(tag(source_id));
            }
        };
        // Those handed over ahead, a batch at a time.
        constexpr std::size_t batch = 1024;
        for (std::size_t from = 0; from < citations.ahead; from += batch) {
            for (const auto& citation : store_.citations_ahead(from, std::min(batch, citations.ahead - from))) add(citation);
        }
        for (const auto& citation : citations.own) add(citation);
        if (report.kind != FieldReport::Kind::unchanged) mark_changed();
    }

    void apply_field(const model::Record& record, const model::FieldSpec& spec, ClaimState state, const FieldValue& value,
                     const FieldCitations& citations, bool keep_previous, std::size_t citations_left_out = 0,
                     const std::string& kept_reason = "") {
        const std::string field(spec.name);
        const Claim* current = working_.preferred(field);
        Claim proposed{0, field, state, value, Rank::preferred, 0, {}};
        FieldReport report{
            record.id, field, FieldReport::Kind::unchanged, display_claim(current), display_claim(&proposed), false, {}, "",
            0,         {}};
        long long target = 0;
        if (current && same_claim(*current, state, value)) {
            target = current->id;
        } else {
            // A competing claim of that value becomes the preferred one rather than a duplicate.
            for (const Claim* other : working_.others_valued(field, state, value.value)) {
                if (same_claim(*other, state, value)) target = other->id;
            }
            if (target != 0) {
                set_rank(target, Rank::preferred, "");
            } else {
                target = insert_claim(record.id, field, state, value);
                set_rank(target, Rank::preferred, "");
            }
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

    void mark_changed() { report_->changed = true; }

    // A claim takes one rank per changeset: two ranks for it in one change is a contradiction in
    // the input (a value given both as the value and as a competing figure).
    void set_rank(long long claim_id, model::Rank rank, const std::string& reason) {
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

    long long insert_claim(const std::string& cluster_id, const std::string& field, ClaimState state, const FieldValue& value) {
        const long long id = store_.insert_claim(cluster_id, field, state, value, changeset_id_);
        working_.claims.push_back({id, field, state, value, Rank::retired, changeset_id_, changeset_id_, {}});
        return id;
    }

    // The record being written as the store now holds it, for what a field's input looks up (the
    // preferred claim of a field, the claims of a value, a claim by id), in memory that stays
    // small beside the input: the claims read with the record, the preferred ones and those
    // named again are held whole (`held_`); any other claim this change made is held as its
    // value's hash and its rank, and read back from the store (load_claim) when an input names
    // it, so that a record of a hundred thousand competing claims holds some sixty bytes a claim.
    // What one field's input writes waits here (claims, ranks, citations) until the next input,
    // then is folded in (absorb): a field's functions hold pointers to claims and read the ranks
    // as they stood.
    class WorkingRecord {
    public:
        explicit WorkingRecord(store::Store& store) : store_(store) {}

        std::vector<Claim> claims;  ///< made, ranked below
        std::vector<std::pair<long long, Rank>> ranks;
        std::vector<std::pair<long long, long long>> citations;  ///< claim id, source id

        /// Takes the claims of the record about to be written. Nothing of the record written
        /// before stays: a claim belongs to one cluster, and a record undone and written again
        /// (import's replay of a chunk) starts afresh.
        void start(std::vector<Claim> loaded) {
            claims.clear();
            ranks.clear();
            citations.clear();
            held_.clear();
            by_id_.clear();
            preferred_of_.clear();
            valued_.clear();
            made_.clear();
            made_valued_.clear();
            first_made_ = 0;
            ranked_.clear();
            cited_sources_.clear();
            cited_claims_.clear();
            for (auto& claim : loaded) hold(std::move(claim));
        }

        const Claim* claim(long long id) const {
            if (const auto found = by_id_.find(id); found != by_id_.end()) return found->second;
            const Made* made = made_claim(id);
            return made && !made->held && made->rank != Rank::retired ? bring_back(id) : nullptr;
        }
        /// Record::preferred, looked up.
        const Claim* preferred(const std::string& field) const {
            const auto found = preferred_of_.find(field);
            return found == preferred_of_.end() ? nullptr : claim(found->second);
        }
        /// Record::others (deprecated too) of one state and value, in the same order.
        std::vector<const Claim*> others_valued(const std::string& field, ClaimState state, const std::string& value) const {
            const std::string key = value_key(field, state, value);
            // Those held as a hash are read back first: then they are held, and found below.
            std::vector<long long> named;
            const std::uint64_t hash = std::hash<std::string>{}(key);
            made_valued_.each_at(hash, [&](std::uint32_t slot) {
                const Made& made = made_[slot - 1];
                if (made.value_hash == hash && !made.held && (made.rank == Rank::normal || made.rank == Rank::deprecated)) {
                    named.push_back(first_made_ + static_cast<long long>(slot - 1));
                }
            });
            for (const long long id : named) bring_back(id);
            std::vector<const Claim*> found;
            const auto [first, last] = valued_.equal_range(key);
            for (auto it = first; it != last; ++it) {
                const Claim* held = claim(it->second);
                if (held && (held->rank == Rank::normal || held->rank == Rank::deprecated)) found.push_back(held);
            }
            std::sort(found.begin(), found.end(),
                      [](const Claim* a, const Claim* b) { return a->rank != b->rank ? a->rank < b->rank : a->id < b->id; });
            return found;
        }
        /// Record::others (deprecated too) of a field, in the same order.
        std::vector<const Claim*> others(const std::string& field) const {
            std::vector<long long> made_of_field;
            for (std::size_t i = 0; i < made_.size(); ++i) {
                const Made& made = made_[i];
                if (made.in_use && made.field && made.field->name == field && !made.held && made.rank != Rank::retired &&
                    made.rank != Rank::preferred) {
                    made_of_field.push_back(first_made_ + static_cast<long long>(i));
                }
            }
            for (const long long id : made_of_field) bring_back(id);
            std::vector<const Claim*> found;
            for (const Rank rank : {Rank::normal, Rank::deprecated}) {
                for (const auto& held : held_) {
                    if (held.field == field && held.rank == rank && by_id_.contains(held.id)) found.push_back(&held);
                }
            }
            return found;
        }

        /// Whether a claim has a citation.
        bool cited(const Claim& claim) const { return !claim.citations.empty() || cited_claims_.contains(claim.id); }
        /// Whether a source backs a claim.
        bool cited_by(const Claim& claim, long long source_id) const {
            return cited_in_change(claim.id, source_id) ||
                   std::any_of(claim.citations.begin(), claim.citations.end(),
                               [&](const model::Citation& known) { return known.source_id == source_id; });
        }
        /// False when the claim was given a rank already in this change.
        bool rank_once(long long id) {
            if (Made* made = made_claim(id)) return !std::exchange(made->ranked, true);
            return ranked_.insert(id).second;
        }

        void absorb(long long changeset_id) {
            if (claims.empty() && ranks.empty() && citations.empty()) return;
            // A claim takes one rank a change (rank_once): its rank here is its last.
            std::unordered_map<long long, Rank> rank_of;
            for (const auto& [id, rank] : ranks) rank_of[id] = rank;
            for (auto& claim : claims) {
                const auto ranked = rank_of.find(claim.id);
                claim.rank = ranked == rank_of.end() ? Rank::retired : ranked->second;
                claim.ranked_in = changeset_id;
                if (ranked != rank_of.end()) rank_of.erase(ranked);
                if (claim.rank == Rank::retired) continue;
                if (claim.rank == Rank::preferred) {
                    hold(std::move(claim));
                    continue;
                }
                // Another rank: its value's hash and its rank are enough until it is named again.
                const bool was_ranked = ranked_.erase(claim.id) > 0;
                if (first_made_ == 0) first_made_ = claim.id;
                const auto index = static_cast<std::size_t>(claim.id - first_made_);
                if (index >= std::numeric_limits<std::uint32_t>::max() - 1)
                    throw std::length_error("more claims than one change holds");
                if (index >= made_.size()) made_.resize(index + 1);
                made_[index] = {std::hash<std::string>{}(value_key(claim.field, claim.state, claim.value.value)),
                                model::find_field(claim.field),
                                claim.rank,
                                true,
                                false,
                                false,
                                was_ranked};
                made_valued_.insert(static_cast<std::uint32_t>(index + 1));
            }
            // The claims made before this input that it ranked.
            for (const auto& [id, rank] : rank_of) {
                if (Made* made = made_claim(id); made && !made->held) {
                    made->rank = rank;
                    if (rank == Rank::preferred) rerank(*bring_back(id), rank, changeset_id);
                    continue;
                }
                if (const auto held = by_id_.find(id); held != by_id_.end()) rerank(*held->second, rank, changeset_id);
            }
            for (const auto& [claim_id, source_id] : citations) {
                if (Made* made = made_claim(claim_id); made && !made->held) {
                    made->cited = true;  // read back with its citations when named again
                } else {
                    cited_claims_.insert(claim_id);
                    if (!cited_in_change(claim_id, source_id)) cited_sources_.insert({claim_id, source_id});
                }
            }
            claims.clear();
            ranks.clear();
            citations.clear();
        }

    private:
        // A claim this change made and holds as its value's hash.
        struct Made {
            std::uint64_t value_hash = 0;
            const model::FieldSpec* field = nullptr;
            Rank rank = Rank::retired;
            bool in_use = false;  ///< an id this change made (ids in between may be another record's)
            bool held = false;    ///< read back: in held_ now
            bool cited = false;
            bool ranked = false;  ///< given a rank in this change
        };
        struct ClaimSource {
            long long claim_id, source_id;
            bool operator==(const ClaimSource&) const = default;
        };
        struct ClaimSourceHash {
            std::uint64_t operator()(const ClaimSource& pair) const {
                return static_cast<std::uint64_t>(pair.claim_id) * 0x9e3779b97f4a7c15ULL +
                       static_cast<std::uint64_t>(pair.source_id);
            }
        };
        // The claim a slot of made_valued_ names (its index in made_, plus one), by its value's hash.
        struct MadeHash {
            const std::vector<Made>* made;
            std::uint64_t operator()(std::uint32_t slot) const { return (*made)[slot - 1].value_hash; }
        };

        static std::string value_key(std::string_view field, ClaimState state, std::string_view value) {
            std::string key(field);
            key += state == ClaimState::set ? "\x1fs\x1f" : "\x1fn\x1f";
            key += value;
            return key;
        }
        bool cited_in_change(long long claim_id, long long source_id) const {
            const ClaimSource wanted{claim_id, source_id};
            bool found = false;
            cited_sources_.each_at(ClaimSourceHash{}(wanted),
                                   [&](const ClaimSource& cited) { found = found || cited == wanted; });
            return found;
        }
        Made* made_claim(long long id) const {
            if (first_made_ == 0 || id < first_made_) return nullptr;
            const auto index = static_cast<std::size_t>(id - first_made_);
            return index < made_.size() && made_[index].in_use ? &made_[index] : nullptr;
        }
        Claim* hold(Claim claim) const {
            Claim& held = held_.emplace_back(std::move(claim));
            by_id_[held.id] = &held;
            if (held.rank == Rank::preferred) preferred_of_[held.field] = held.id;
            valued_.emplace(value_key(held.field, held.state, held.value.value), held.id);
            return &held;
        }
        // A claim held as a hash, read back from the store (with the rank it holds here).
        Claim* bring_back(long long id) const {
            Made& made = *made_claim(id);
            std::optional<Claim> claim = store_.load_claim(id);
            if (!claim) throw std::logic_error(fmt::format("claim {} written by this change is not in the store", id));
            claim->rank = made.rank;
            made.held = true;
            return hold(std::move(*claim));
        }
        void rerank(Claim& claim, Rank rank, long long changeset_id) {
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

        store::Store& store_;
        // std::deque: a claim held keeps its address while others are added.
        mutable std::deque<Claim> held_;
        mutable std::unordered_map<long long, Claim*> by_id_;  ///< of held_, retired ones left out
        mutable std::unordered_map<std::string, long long> preferred_of_;
        mutable std::unordered_multimap<std::string, long long> valued_;  ///< field, state, value -> held claims
        mutable std::vector<Made> made_;                                  ///< by id, from first_made_
        long long first_made_ = 0;
        model::FlatTable<std::uint32_t, MadeHash> made_valued_{MadeHash{&made_}};  ///< claims held as a hash, by it
        std::unordered_set<long long> ranked_;                                     ///< held claims given a rank in this change
        model::FlatTable<ClaimSource, ClaimSourceHash> cited_sources_;  ///< the sources of the citations written to held claims
        std::unordered_set<long long> cited_claims_;
    };

    store::Store& store_;
    model::Changeset changeset_;
    std::string today_;
    Reporting reporting_;
    std::string cluster_id_;  ///< of the record being written
    bool brief_ = false;      ///< the record being written is new, and its fields are not reported
    bool unsourced_ = false;  ///< the record being written may add values without a source
    ChangeReport* report_ = nullptr;
    long long changeset_id_ = 0;
    std::vector<long long> source_ids_;
    /// Where the sources this changeset gave metadata were listed, for the error when another
    /// listing disagrees.
    std::unordered_map<long long, std::string> listed_at_;
    /// The fields of the record being written whose value a competing or deprecated figure
    /// demoted, with the error to give if the record ends without setting another.
    std::map<std::string, std::string> value_demoted_;
    WorkingRecord working_{store_};             ///< the record being written, as written so far
    Editions editions_{store_};                 ///< what this session read of lists' editions
    std::map<long long, std::string> domains_;  ///< source id -> domain, for this call's report
    std::optional<model::Record> record_;       ///< the record being written, as it now stands
    // What the pieces of a record in pieces have told so far.
    struct Pieces {
        bool made = false;       ///< its cluster was made by this record
        bool any_field = false;  ///< some piece has a field
        bool any_set = false;    ///< some piece sets a value
        std::string pending_id;  ///< the id of pieces of sources alone, while no record is open
        ParsedRecord pending_flags;
    } pieces_;
};

void merge(model::ChangeReport& into, model::ChangeReport part) {
    into.changed = into.changed || part.changed;
    if (part.changeset_id != 0) into.changeset_id = part.changeset_id;
    auto append = [](auto& target, auto& source) {
        target.insert(target.end(), std::make_move_iterator(source.begin()), std::make_move_iterator(source.end()));
    };
    append(into.new_clusters, part.new_clusters);
    append(into.removed_clusters, part.removed_clusters);
    append(into.fields, part.fields);
    append(into.sources, part.sources);
    into.sources_changed += part.sources_changed;
    append(into.events, part.events);
    append(into.warnings, part.warnings);
}

std::vector<std::string> describe_source_changes(const model::SourceMeta& before, const model::SourceMeta& after) {
    std::vector<std::string> changes;
    auto compare = [&](std::string_view name, const std::string& old_value, const std::string& new_value) {
        if (old_value != new_value) {
            changes.push_back(
                fmt::format("{}: {} -> {}", name, old_value.empty() ? "—" : old_value, new_value.empty() ? "—" : new_value));
        }
    };
    compare("kind", before.kind, after.kind);
    compare("title", before.title, after.title);
    compare("publisher", before.publisher, after.publisher);
    compare("published", before.published, after.published);
    compare("accessed", before.accessed, after.accessed);
    compare("archive", before.archive_url, after.archive_url);
    compare("archived", before.archived, after.archived);
    compare("edition of", before.edition_of, after.edition_of);
    return changes;
}

ChangeSession::ChangeSession(store::Store& store, model::Changeset changeset, std::string today, Reporting reporting)
    : store_(store), today_(today) {
    check_changeset_text(changeset);
    applier_ = std::make_unique<Applier>(store, std::move(changeset), std::move(today), reporting);
}

ChangeSession::~ChangeSession() = default;

long long ChangeSession::changeset_id() const { return applier_->changeset_id(); }

model::ChangeReport ChangeSession::apply(const std::vector<SourceInput>& sources, std::span<const RecordInput> inputs) {
    // Everything is checked before anything of it is written.
    PreparedChange change = prepare(sources, inputs, today_);
    return write(change, true);
}

model::ChangeReport ChangeSession::apply(const PreparedChange& change) { return write(change, true); }

model::ChangeReport ChangeSession::apply(PreparedChange&& change) { return write(change, true); }

void ChangeSession::begin() { applier_->begin(); }

void ChangeSession::begin_pieces(model::ChangeReport& report) {
    applier_->begin();
    applier_->start_pieces(report);
}

void ChangeSession::apply_piece(PreparedChange&& piece) { applier_->piece(piece); }

void ChangeSession::finish_pieces() { applier_->finish_pieces(); }

model::ChangeReport ChangeSession::apply_within_caller_savepoint(const PreparedChange& change) { return write(change, false); }

template <typename Change>
model::ChangeReport ChangeSession::write(Change& change, bool own_savepoint) {
    ChangeReport report;
    applier_->begin();
    if (own_savepoint) {
        // A record that fails while being written leaves nothing of itself behind.
        within_savepoint([&] { applier_->run(change, report); });
    } else {
        applier_->run(change, report);
    }
    return report;
}

void ChangeSession::transact(const std::function<bool()>& body, store::Store::WriteMode mode) {
    store_.with_write_transaction(body, mode);
}

void ChangeSession::within_savepoint(const std::function<void()>& body) { store_.with_savepoint(body); }

void ChangeSession::set_rank(const std::string& cluster_id, long long claim_id, model::Rank rank, const std::string& reason) {
    applier_->begin();
    store_.insert_rank(cluster_id, claim_id, changeset_id(), rank, reason);
}

void ChangeSession::repair_derived_tables() { store_.rebuild_derived_tables(); }

void ChangeSession::restore_application_id() { store_.take_back_restored(); }

void ChangeSession::set_citation_withdrawn(long long citation_id, bool withdrawn) {
    applier_->begin();
    store_.insert_citation_withdrawal(citation_id, changeset_id(), withdrawn);
}

void ChangeSession::set_key_withdrawn(long long source_id, const std::string& key, bool withdrawn) {
    applier_->begin();
    store_.set_key_withdrawn(source_id, key, changeset_id(), withdrawn);
}

void ChangeSession::set_presence(const std::string& cluster_id, bool present) {
    applier_->begin();
    store_.insert_presence(cluster_id, changeset_id(), present);
}

void ChangeSession::revise_source(long long source_id, const model::SourceMeta& meta) {
    applier_->begin();
    store_.insert_source_revision(source_id, changeset_id(), meta);
}

void ChangeSession::set_verified(const std::string& cluster_id, bool verified) {
    applier_->begin();
    store_.insert_verification(cluster_id, changeset_id(), verified);
}

void ChangeSession::set_accepted(const store::Acceptance& acceptance, bool accepted) {
    applier_->begin();
    store::Acceptance row = acceptance;
    row.changeset_id = changeset_id();
    store_.insert_acceptance(row, accepted);
}

model::ChangeReport apply_changes(store::Store& store, const ChangeRequest& request) {
    ChangeSession session(store, request.changeset, request.today);
    ChangeReport report;
    session.transact([&] {
        report = session.apply(request.sources, request.records);
        return report.changed && !request.dry_run;
    });
    report.dry_run = request.dry_run;
    // The id is reported only when the changeset was written.
    if (!report.changed || request.dry_run) report.changeset_id = 0;
    return report;
}

CitedChange cite(store::Store& store, const ChangeRequest& request) {
    CitedChange result{apply_changes(store, request), std::nullopt};
    if (result.report.changed && !request.dry_run && !result.report.fields.empty()) {
        result.record = store.load_record(result.report.fields.front().cluster_id);
    }
    return result;
}

}  // namespace gpuclusters::ledger
