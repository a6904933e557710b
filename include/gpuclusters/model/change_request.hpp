#pragma once
// A change as asked for, before anything is checked: sources by URL or id, and per record the
// fields to set, cite, rank or clear, each with where it was given. What the command line and
// every reader (formats) produce, and what the ledger's change engine takes.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuclusters/model/record.hpp"

namespace gpuclusters::model {

/// A text that may be absent: a source's metadata the user did not give.
using OptionalText = std::optional<std::string>;

/// A source as the user names it: a URL or a source id, with whatever metadata they gave.
struct SourceInput {
    std::string reference;  ///< URL, or the decimal id of an existing source
    OptionalText kind, title, publisher, published, accessed, archive_url;
    OptionalText archived;    ///< capture date, taken from an archive URL
    OptionalText edition_of;  ///< the URL of the list this source is an edition of
    /// The archive fields came from the URL itself (a capture link), not from the user: they
    /// fill in a source that has no capture yet but never replace one.
    bool archive_from_url = false;
    std::string origin;  ///< where it was given, for errors ("--source", "file.toml: source 2")
};

/// The metadata of a source as the formats name it, and the member of SourceInput that holds
/// each: the one list every reader (JSON, TOML, CSV long) goes through.
struct SourceMetadataKey {
    const char* name;
    OptionalText SourceInput::*member;
    std::string SourceMeta::*stored;  ///< where a source as stored holds it
    std::string_view label;           ///< as change reports and compare's provenance lines name it
};
inline constexpr std::array<SourceMetadataKey, 8> source_metadata_keys{{
    {"kind", &SourceInput::kind, &SourceMeta::kind, "kind"},
    {"title", &SourceInput::title, &SourceMeta::title, "title"},
    {"publisher", &SourceInput::publisher, &SourceMeta::publisher, "publisher"},
    {"published", &SourceInput::published, &SourceMeta::published, "published"},
    {"accessed", &SourceInput::accessed, &SourceMeta::accessed, "accessed"},
    {"archive_url", &SourceInput::archive_url, &SourceMeta::archive_url, "archive"},
    {"archived", &SourceInput::archived, &SourceMeta::archived, "archived"},
    {"edition_of", &SourceInput::edition_of, &SourceMeta::edition_of, "edition of"},
}};

struct CitationInput {
    std::size_t source = 0;  ///< index into ChangeRequest::sources
    std::string locator;
    std::string quote;
    std::string origin;  ///< where it was given, for errors ("--quote", "file.toml:12:1: citation")
    /// Named for this value: by the command (import --source), or in a record file or edit by
    /// `cites_new_value = true`. It backs a changed value even when the old value had the same
    /// citation, which is otherwise left out as the old value's evidence.
    bool cites_new_value = false;
};

/// A key that names the record in a source (RecordKey), as a reader found it.
struct KeyInput {
    std::size_t source = 0;  ///< index into the request's sources
    std::string key;
    std::string origin;  ///< where it was given ("list.csv:4: [id] key", "file.toml:9:1: key")
};

/// What a FieldInput asks for.
enum class FieldAction {
    set,    ///< the value becomes the preferred one (add, import)
    cite,   ///< add citations to the claim of that value (raw_value empty: the preferred claim);
            ///< a value the field does not hold yet becomes a competing claim; a rank other than
            ///< preferred is the rank the claim must hold (imports)
    rank,   ///< give the claim of that value (empty: the preferred one) a new rank
    clear,  ///< retire every claim of the field: it becomes unknown (edit, when a field is deleted)
};

/// One field to set (or mark not published), as typed; parsed and checked by apply_changes.
struct FieldInput {
    std::string field;
    bool not_published = false;
    std::string raw_value;
    std::vector<CitationInput> citations;
    std::string origin;  ///< "--set gpus_installed", "sample/x.toml: field.owner"
    FieldAction action = FieldAction::set;
    Rank rank = Rank::preferred;  ///< for FieldAction::rank, and cite (see above)
    std::string reason;           ///< for FieldAction::rank
};

/// Whether a write may make the record its id names, when no record has that id.
enum class NewRecord {
    allowed,      ///< an import: the input is the record
    unless_near,  ///< add: refused with "did you mean" when an existing id is near (a typo)
    required,     ///< add --new: the id must be new
};

struct RecordInput {
    std::string cluster_id;
    std::string origin;  ///< where the id was given ("ID", "file.toml:3:1: id")
    std::vector<FieldInput> fields;
    /// Keep each replaced value as a competing figure (rank normal) instead of retiring it.
    bool keep_previous = false;
    /// Write new values that cite no source (--unsourced); otherwise such a value is refused.
    bool unsourced = false;
    /// The citations come with the record as it stood (edit): a changed value keeps only those
    /// that are new, never the evidence of the value it replaces.
    bool citations_as_they_stood = false;
    NewRecord new_record = NewRecord::allowed;
    std::vector<KeyInput> keys;
    /// The record a key names is this record, whatever its id says: a mapping's id is a guess
    /// from the row, its key the source's own name for it. Otherwise a key that names another
    /// record is refused.
    bool id_from_key = false;
    /// The whole of the record's accepted findings, as a record file of the tree gives them: one
    /// not in force is accepted, one in force and not given withdrawn. nullopt (every other
    /// input) leaves them as they are.
    std::optional<std::vector<AcceptedFinding>> accepted;
    /// The Verified badge as a record file of the tree gives it (signer and date; not stale), or
    /// none: signed anew with that signer and date when the database's differs, withdrawn when
    /// the file has none. Only when `badge_given` (a record file with its provenance).
    bool badge_given = false;
    std::optional<Verification> badge;
    /// The input is the whole record (a merged record file of sync): a claim the record holds
    /// and the input does not is retired.
    bool whole_record = false;
    /// The cluster is removed (a record file of the tree that says so): nothing else is given.
    bool removed = false;
};

/// The most parts (sources, claims, keys and citations together) one record may have: a hundred
/// times the largest real record (Epoch AI's largest of 786 has 97; the median 35). Every path
/// that takes a record refuses one beyond it at its place, and nothing of it is written.
inline constexpr std::size_t max_record_parts = 10'000;

/// The parts of a record (without its sources) as max_record_parts counts them.
inline std::size_t record_parts(const RecordInput& record) {
    std::size_t parts = record.keys.size();
    for (const auto& field : record.fields) parts += 1 + field.citations.size();
    return parts;
}

/// The refusal of a record beyond max_record_parts, for every reader to say the same.
std::string too_many_parts(std::string_view cluster_id);

struct ChangeRequest {
    std::vector<SourceInput> sources;
    std::vector<RecordInput> records;
    Changeset changeset;  ///< author, message, command, created_at; id assigned on write
    std::string today;    ///< YYYY-MM-DD: default accessed date and the limit for dates
    bool dry_run = false;
};

/// A record as read from any format, ready for the change engine.
struct RecordDocument {
    std::vector<SourceInput> sources;
    RecordInput record;
    std::string place;  ///< "file:line" where it starts, for the import report
    /// The values alone (a values-only export: no sources, no citations), so that compare
    /// --against compares the values and not the evidence it does not carry.
    bool values_only = false;
    /// An id a mapping made from the row's content (repeated = "content"): the id before its
    /// suffix. A new record whose row nearly copies an existing record of that family (a cell
    /// corrected) makes a second record, and import says so.
    std::string content_family;
};

/// A document's record as the store would hold it, and what in it does not read as a record
/// (a value that is not one of its field, a field unknown, a URL that is not one).
struct DocumentRecord {
    Record record;
    std::vector<std::string> problems;
};
/// Sources numbered from 1 in the document's order, claims and citations in theirs; a preferred
/// gpu_model gives the fields that follow it, as the change engine writes them. A value that does
/// not read is kept as written, and named in `problems`.
DocumentRecord record_of(const RecordDocument& document);

}  // namespace gpuclusters::model
