#include "gpuclusters/ledger/import.hpp"

#include <set>

#include <fmt/format.h>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "ledger/read_ahead.hpp"

namespace gpuclusters::ledger {
namespace {

// A record as read and checked: where it is, its id as given, and the change to write or the
// problem that rejects it. The raw record is not kept: hundreds of these wait in the queue.
struct Incoming {
    std::string place, cluster_id;
    std::optional<PreparedChange> prepared;
    std::vector<std::string> problems;  ///< all of the record's, each with its place
    std::string content_family;         ///< RecordDocument's
};

using Reading = ReadAhead<Incoming>;

// What one record did, or the problem that rejected it.
struct Outcome {
    std::optional<ImportedRecord> record;
    std::vector<std::string> problems;
    std::vector<std::string> warnings;
    bool changed = false;
};

// Every problem names its place, also those found while the record was checked or written.
std::string placed(const std::string& place, const std::string& message) {
    return message.starts_with(place) ? message : place + ": " + message;
}
std::vector<std::string> placed(const std::string& place, const InputError& error) {
    if (const auto* several = dynamic_cast<const InputErrors*>(&error)) {
        std::vector<std::string> problems;
        for (const auto& message : several->messages()) problems.push_back(placed(place, message));
        return problems;
    }
    return {placed(place, std::string(error.what()))};
}

// Values that arrive with no evidence get the default source, listed after the document's
// sources when the first of them needs it.
void add_default_source(model::RecordDocument& document, const model::SourceInput& source) {
    std::optional<std::size_t> index;
    for (auto& field : document.record.fields) {
        if (field.action == model::FieldAction::rank || !field.citations.empty()) continue;
        if (!index) {
            document.sources.push_back(source);
            index = document.sources.size() - 1;
        }
        field.citations.push_back({*index, "", "", "--source", true});
    }
}

Outcome describe(const Incoming& incoming, model::ChangeReport& report) {
    ImportedRecord record;
    record.cluster_id = incoming.cluster_id;
    for (const auto& key : report.keys) {
        if (key.cluster_id == record.cluster_id) continue;
        record.named_by_key = key.key;
        record.cluster_id = key.cluster_id;
    }
    if (!report.new_clusters.empty()) {
        record.kind = ImportedRecord::Kind::added;
    } else {
        bool value_changed = false;
        bool kept_as_older = false;
        for (auto& field : report.fields) {
            if (field.kind == model::FieldReport::Kind::unchanged && field.note.empty()) continue;
            // A derived field (gpu_maker) follows its model: re-derived as it was, it says nothing.
            const auto* spec = model::find_field(field.field);
            if (spec && spec->derived && field.old_display == field.new_display) continue;
            value_changed = value_changed || field.old_display != field.new_display;
            kept_as_older = kept_as_older || field.kept_as_older;
            record.fields.push_back(std::move(field));
        }
        for (auto& key : report.keys) {
            if (key.added) record.new_keys.push_back(std::move(key));
        }
        record.events = std::move(report.events);
        for (const auto& removed : report.removed_clusters) record.events.push_back(fmt::format("{}: removed", removed));
        value_changed = value_changed || !report.removed_clusters.empty();
        record.kind = value_changed   ? ImportedRecord::Kind::changed
                      : kept_as_older ? ImportedRecord::Kind::kept_as_older
                      : record.fields.empty() && record.new_keys.empty() && report.sources_changed == 0 && record.events.empty()
                          ? ImportedRecord::Kind::unchanged
                          : ImportedRecord::Kind::cited_again;
    }
    return {std::move(record), {}, std::move(report.warnings), report.changed};
}

// A mapping's table that is an edition of a list (gpuclusters(5), "Editions of a list"): its
// url, the list's and its published date, normalised as the change will store them.
struct DatasetEdition {
    std::string url, list, published, origin;
};

std::optional<DatasetEdition> dataset_edition(const ImportRequest& request) {
    if (!request.mapping || !request.mapping->dataset()) return std::nullopt;
    const auto& dataset = *request.mapping->dataset();
    if (!dataset.edition_of || !dataset.published) return std::nullopt;
    try {
        return DatasetEdition{model::understand_source_url(std::string(text::trim(dataset.reference))).url,
                              model::understand_source_url(std::string(text::trim(*dataset.edition_of))).url,
                              model::parse_partial_date(*dataset.published), dataset.origin};
    } catch (const InputError&) {
        return std::nullopt;  // each row's change refuses it, with its place
    }
}

// One source holds one edition at a time: a list file replaced in place cannot take an edition
// older than the one it holds, which would date the newer edition's citations back.
void check_not_older(const store::Store& store, const DatasetEdition& edition) {
    const auto stored = store.source_by_url(edition.url);
    if (!stored) return;
    const auto order = model::order_partial_dates(edition.published, stored->meta.published);
    if (order && *order < 0) {
        throw InputError(fmt::format(
            "{}: source {} ({}) holds the edition of {} of {}, newer than this one of {}: give an older edition a url of its own "
            "(its page or file) with edition_of = \"{}\", and it is kept beside the newer one",
            edition.origin, stored->id, edition.url, stored->meta.published, edition.list, edition.published, edition.list));
    }
}

// The records that an earlier edition of the list (or the table's own source, before this
// import) keyed and that no row of this import named: "not in this edition".
std::vector<std::string> not_in_edition(const store::Store& store, const DatasetEdition& edition, long long changeset_id) {
    const auto own = store.source_by_url(edition.url);
    std::set<std::string> absent;
    for (const long long source_id : store.sources_of_list(edition.list)) {
        const auto source = store.source_by_id(source_id);
        const auto order = model::order_partial_dates(source->meta.published, edition.published);
        if (!(own && own->id == source_id) && !(order && *order < 0)) continue;
        for (auto& id : store.keyed_records_not_named(source_id, changeset_id)) absent.insert(std::move(id));
    }
    return {absent.begin(), absent.end()};
}

// The writing side of an import: records in chunks, each chunk in one savepoint.
class Importer {
public:
    Importer(store::Store& store, ChangeSession& session, const ImportEvents& events, ImportResult& result, bool note_named)
        : store_(store), session_(session), events_(events), result_(result), note_named_(note_named) {}

    void take(Incoming& incoming, Reading& reading) {
        chunk_.push_back(std::move(incoming));
        if (chunk_.size() == chunk_size) flush(reading);
    }
    // Problems are listed in input order: the records read before one are applied first.
    void problem(const std::string& text, bool of_a_row, Reading& reading) {
        flush(reading);
        result_.add_problem(text);
        if (of_a_row) {
            ++result_.rejected;
        } else {
            result_.input_unread = true;
        }
    }

    // Records go in chunks, each in one savepoint: a savepoint per record journals the pages each
    // record touches again (a fifth of an import's time). When a record of a chunk fails, the
    // chunk is rolled back and its records replayed one savepoint each, so every record that
    // fails is undone alone and reported, exactly as if there had been no chunk.
    void flush(Reading& reading) {
        if (chunk_.empty()) return;
        std::vector<Outcome> outcomes;
        if (chunk_.size() == 1) {
            // A chunk of one is a record in its own savepoint, as a replay would write it.
            outcomes.push_back(apply(chunk_.front(), true));
        } else {
            try {
                session_.within_savepoint([&] {
                    for (auto& incoming : chunk_) outcomes.push_back(apply(incoming, false));
                });
            } catch (const InputError&) {
                outcomes.clear();
                for (auto& incoming : chunk_) outcomes.push_back(apply(incoming, true));
            }
        }
        for (auto& outcome : outcomes) report(outcome);
        reading.give_back(std::move(chunk_));
        chunk_ = {};
        chunk_.reserve(chunk_size);
    }

private:
    static constexpr std::size_t chunk_size = 256;

    Outcome apply(Incoming& incoming, bool own_savepoint) {
        const std::string id(text::trim(incoming.cluster_id));
        if (const auto earlier = store_.note_import_id(id, incoming.place)) {
            // An id an import read before: the record is refused.
            return {std::nullopt, {fmt::format("{}: id {} is also at {}", incoming.place, id, *earlier)}, {}, false};
        }
        if (!incoming.prepared) return {std::nullopt, incoming.problems, {}, false};
        model::ChangeReport report;
        try {
            report = session_.apply(*incoming.prepared,
                                    own_savepoint ? ChangeSession::Savepoint::own : ChangeSession::Savepoint::callers);
        } catch (const InputError& error) {
            if (!own_savepoint) throw;
            return {std::nullopt, placed(incoming.place, error), {}, false};
        }
        Outcome outcome = describe(incoming, report);
        if (outcome.record && outcome.record->kind == ImportedRecord::Kind::added && !incoming.content_family.empty()) {
            if (auto warning = near_copy(outcome.record->cluster_id, incoming.content_family))
                outcome.warnings.push_back(std::move(*warning));
        }
        return outcome;
    }

    // A record made from a row's content that differs from a record of its family that stood
    // before this import in one field only: most likely the same row with a cell corrected, which
    // makes a second record beside the first (ids from content change with any cell).
    std::optional<std::string> near_copy(const std::string& id, const std::string& family) const {
        const auto before = store_.cluster_ids(session_.changeset_id() - 1, family + "-");
        if (before.empty()) return std::nullopt;
        const auto mine = store_.load_record(id);
        if (!mine) return std::nullopt;
        for (const auto& other_id : before) {
            const auto other = store_.load_record(other_id);
            if (!other) continue;
            std::vector<const model::FieldSpec*> differing;
            for (const auto& spec : model::field_catalogue()) {
                if (spec.derived) continue;
                if (mine->shown(spec.name) != other->shown(spec.name)) differing.push_back(&spec);
                if (differing.size() > 1) break;
            }
            if (differing.size() != 1) continue;
            const auto& field = differing.front()->name;
            return fmt::format(
                "{}: a new record whose row nearly copies {}, made from the same list: they differ only in {} "
                "('{}' here, '{}' there); if the row corrects that record's, both now stand",
                id, other_id, field, mine->shown(field), other->shown(field));
        }
        return std::nullopt;
    }

    void report(Outcome& outcome) {
        if (!outcome.problems.empty()) {
            for (auto& problem : outcome.problems) result_.add_problem(std::move(problem));
            ++result_.rejected;
            return;
        }
        const auto kind = outcome.record->kind;
        ++(kind == ImportedRecord::Kind::added           ? result_.added
           : kind == ImportedRecord::Kind::changed       ? result_.values_changed
           : kind == ImportedRecord::Kind::kept_as_older ? result_.kept_as_older
           : kind == ImportedRecord::Kind::cited_again   ? result_.cited_again
                                                         : result_.unchanged);
        if (note_named_) store_.note_import_named(outcome.record->cluster_id);
        events_.record(*outcome.record);
        for (const auto& warning : outcome.warnings) {
            ++result_.warnings;
            events_.warning(warning);
        }
        // Only whether anything changed is kept: the report of a million records is not.
        result_.changed = result_.changed || outcome.changed;
    }

    store::Store& store_;
    ChangeSession& session_;
    const ImportEvents& events_;
    ImportResult& result_;
    bool note_named_ = false;  ///< the records named are noted, for not_in_edition
    std::vector<Incoming> chunk_;
};

// The bytes the inputs hold, for the progress line; nullopt when one cannot tell (a pipe).
std::optional<std::uint64_t> bytes_total(const ImportRequest& request) {
    std::optional<std::uint64_t> total = 0;
    for (const auto& input : request.inputs) {
        const auto size = formats::input_size(input.first);
        total = size && total ? std::optional(*total + *size) : std::nullopt;
    }
    return total;
}

// The reading thread's work: every input read, each record checked (ChangeSession::prepare) and
// queued for the writer with its problems, in input order.
void read_inputs(const ImportRequest& request, const std::string& today, formats::BytesRead& bytes_read, Reading::Queue& queue) {
    auto prepare = [&](model::RecordDocument& document) {
        Incoming incoming{document.place, document.record.cluster_id, std::nullopt, {}, document.content_family};
        if (request.default_source) add_default_source(document, *request.default_source);
        document.record.unsourced = request.unsourced;
        document.record.whole_record = request.whole_records;
        // A record file lists each value's citations under it, as edit does: one left unchanged
        // under a changed value backs the old value, not the new one. A list's row (a mapping)
        // cites the list afresh for every value it gives.
        document.record.citations_as_they_stood = !request.mapping;
        try {
            // The reader is done with the document: its parts are moved, not copied.
            std::vector<model::RecordInput> records;
            records.push_back(std::move(document.record));
            incoming.prepared = ChangeSession::prepare(std::move(document.sources), std::move(records), today);
        } catch (const InputError& error) {
            incoming.problems = placed(incoming.place, error);
        }
        queue.item(std::move(incoming));
    };
    formats::ReadSink sink{prepare, [&](const std::string& text) { queue.problem(text); },
                           [&](const std::string& place, const std::string& reason) { queue.skipped(place, reason); },
                           &bytes_read};
    for (const auto& [path, format] : request.inputs) {
        try {
            if (request.mapping) {
                request.mapping->read(path, sink);
            } else {
                formats::read_records(path, format, sink);
            }
        } catch (const InputError& error) {
            queue.problem(error.what(), false);
        }
    }
}

}  // namespace

ImportResult import_records(store::Store& store, const ImportRequest& request, model::Changeset changeset,
                            const std::string& today, const ImportEvents& events) {
    ImportResult result;
    result.dry_run = request.dry_run;
    result.keep_going = request.keep_going;
    if (request.mapping) {
        const std::size_t sharing = request.mapping->fields_sharing_quote().size();
        if (sharing >= SharedQuote::fields_told) result.shared_quote = SharedQuote{request.mapping->quote_column(), sharing};
    }
    const auto edition = dataset_edition(request);
    if (edition) {
        check_not_older(store, *edition);
        result.edition_of = edition->list;
    }
    ChangeSession session(store, std::move(changeset), today, Reporting::for_import);
    Importer importer(store, session, events, result, edition.has_value());

    // The reading thread parses and checks; this one writes. What the reader uses is the request
    // (which outlives the thread) or a copy.
    // The progress line's figures: what the reading thread has taken, of what the inputs hold.
    formats::BytesRead bytes_read{0};
    ImportProgress progress;
    progress.bytes_total = bytes_total(request);
    auto read = [&request, today, &bytes_read](Reading::Queue& queue) { read_inputs(request, today, bytes_read, queue); };

    session.transact(
        [&] {
            // The changeset row and the table of ids read stand outside the chunks' savepoints.
            store.start_import_ids();
            session.begin();
            Reading reading(read);
            reading.drain([&](Reading::Event& event) {
                if (++progress.records % 1000 == 0) {
                    progress.bytes_read = bytes_read.load(std::memory_order_relaxed);
                    events.progress(progress);
                }
                if (auto* incoming = std::get_if<Incoming>(&event)) {
                    importer.take(*incoming, reading);
                } else if (auto* found = std::get_if<Reading::Problem>(&event)) {
                    importer.problem(found->text, found->of_a_row, reading);
                } else {
                    ++result.skipped[std::get<Reading::Skipped>(event).reason];
                }
            });
            importer.flush(reading);
            if (result.refused()) return false;
            if (edition) result.not_in_edition = not_in_edition(store, *edition, session.changeset_id());
            return result.changed && !request.dry_run;
        },
        // Input at hand (files, not a pipe that may wait) lets a first import write in place.
        progress.bytes_total ? store::Store::WriteMode::first_load : store::Store::WriteMode::bulk);
    result.written = result.changed && !request.dry_run && !result.refused();
    if (result.written) result.changeset_id = session.changeset_id();
    return result;
}

}  // namespace gpuclusters::ledger
