#pragma once
// The one way anything is written: requested field values with their evidence -> claims,
// citations and sources, in one transaction and one changeset, with a report of every field
// touched. add, init --sample (and later import and edit) all go through apply_changes.
#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gpuclusters/model/change_report.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::commands {

/// A source as the user names it: a URL or a source id, with whatever metadata they gave.
struct SourceInput {
    std::string reference;  ///< URL, or the decimal id of an existing source
    std::optional<std::string> kind, title, publisher, published, accessed, archive_url;
    std::optional<std::string> archived;  ///< capture date, taken from an archive URL
    /// The archive fields came from the URL itself (a capture link), not from the user: they
    /// fill in a source that has no capture yet but never replace one.
    bool archive_from_url = false;
    std::string origin;  ///< where it was given, for errors ("--source", "file.toml: source 2")
};

/// The metadata of a source as the formats name it, and the member of SourceInput that holds
/// each: the one list every reader (JSON, TOML, CSV long) goes through.
struct SourceMetadataKey {
    const char* name;
    std::optional<std::string> SourceInput::*member;
};
inline constexpr std::array<SourceMetadataKey, 7> source_metadata_keys{{
    {"kind", &SourceInput::kind},
    {"title", &SourceInput::title},
    {"publisher", &SourceInput::publisher},
    {"published", &SourceInput::published},
    {"accessed", &SourceInput::accessed},
    {"archive_url", &SourceInput::archive_url},
    {"archived", &SourceInput::archived},
}};

struct CitationInput {
    std::size_t source = 0;  ///< index into ChangeRequest::sources
    std::string locator;
    std::string quote;
    std::string origin;  ///< where it was given, for errors ("--quote", "file.toml:12:1: citation")
};

/// What a FieldInput asks for.
enum class FieldAction {
    set,   ///< the value becomes the preferred one (add, import)
    cite,  ///< add citations to the claim of that value (raw_value empty: the preferred claim);
           ///< a value the field does not hold yet becomes a competing claim; a rank other than
           ///< preferred is the rank the claim must hold (imports)
    rank,  ///< give the claim of that value (empty: the preferred one) a new rank
    clear, ///< retire every claim of the field: it becomes unknown (edit, when a field is deleted)
};

/// One field to set (or mark not published), as typed; parsed and checked by apply_changes.
struct FieldInput {
    std::string field;
    bool not_published = false;
    std::string raw_value;
    std::vector<CitationInput> citations;
    std::string origin;  ///< "--set gpus_installed", "sample/x.toml: field.owner"
    FieldAction action = FieldAction::set;
    model::Rank rank = model::Rank::preferred;  ///< for FieldAction::rank, and cite (see above)
    std::string reason;                          ///< for FieldAction::rank
};

struct RecordInput {
    std::string cluster_id;
    std::string origin;  ///< where the id was given ("ID", "file.toml:3:1: id")
    std::vector<FieldInput> fields;
    /// Keep each replaced value as a competing figure (rank normal) instead of retiring it.
    bool keep_previous = false;
};

struct ChangeRequest {
    std::vector<SourceInput> sources;
    std::vector<RecordInput> records;
    model::Changeset changeset;  ///< author, message, command, created_at; id assigned on write
    std::string today;           ///< YYYY-MM-DD: default accessed date and the limit for dates
    bool dry_run = false;
};

/// One field of a record, checked and parsed: what ChangeSession::prepare makes of a FieldInput.
struct ParsedField {
    const model::FieldSpec* spec = nullptr;
    model::ClaimState state = model::ClaimState::set;
    model::FieldValue value;
    bool any_value = false;  ///< cite or rank without a value: the preferred claim
    std::vector<CitationInput> citations;
    FieldAction action = FieldAction::set;
    model::Rank rank = model::Rank::preferred;
    std::string reason;
};

struct ParsedRecord {
    std::string cluster_id;
    std::vector<ParsedField> fields;  ///< in catalogue order
    bool keep_previous = false;
};

/// Sources and records checked and parsed, ready to be written. Making one reads no database
/// and touches no shared state, so an import does it on its reading thread.
struct PreparedChange {
    std::vector<SourceInput> sources;  ///< checked: normalised URL, parsed dates and kind
    std::vector<ParsedRecord> records;
};

/// Applies records one call at a time inside a write transaction the caller holds: what import
/// needs to stream. One changeset for the whole session, written with the first change.
class ChangeSession {
public:
    /// Throws InputError when the changeset's message or author is not valid UTF-8.
    ChangeSession(store::Store& store, model::Changeset changeset, std::string today);
    ChangeSession(const ChangeSession&) = delete;
    ChangeSession& operator=(const ChangeSession&) = delete;
    ~ChangeSession();

    /// Checks the sources and records, throwing InputError naming the origin of the first
    /// problem. `today` (YYYY-MM-DD) is the limit for dates. Citations index `sources`.
    static PreparedChange prepare(const std::vector<SourceInput>& sources, std::span<const RecordInput> records,
                                  const std::string& today);

    /// prepare(), then writes; a call that fails leaves nothing of itself behind.
    model::ChangeReport apply(const std::vector<SourceInput>& sources, std::span<const RecordInput> records);
    /// Writes a prepared change; a call that fails leaves nothing of itself behind.
    model::ChangeReport apply(const PreparedChange& change);
    /// Writes the changeset row now (apply() does it when first needed): a caller that wraps
    /// calls in a savepoint of its own calls this first, so that a rollback keeps the row.
    void begin();
    /// apply() without a savepoint of its own: for a caller whose savepoint spans many calls
    /// (and who rolls all of them back when one fails).
    model::ChangeReport apply_within_caller_savepoint(const PreparedChange& change);
    /// 0 until something was written.
    long long changeset_id() const;

private:
    model::ChangeReport write(const PreparedChange& change, bool own_savepoint);
    class Applier;
    store::Store& store_;
    std::string today_;
    std::unique_ptr<Applier> applier_;
};

/// Validates every input (throws InputError naming its origin) and applies the request in one
/// transaction. On a dry run, or when nothing would change, nothing is written.
model::ChangeReport apply_changes(store::Store& store, const ChangeRequest& request);

/// Adds what one call of ChangeSession::apply did to the report of the whole session.
void merge(model::ChangeReport& into, model::ChangeReport part);

/// "accessed: 2026-11-11 -> 2026-11-30", one line per metadata field that differs.
std::vector<std::string> describe_source_changes(const model::SourceMeta& before, const model::SourceMeta& after);

/// How a field's state reads in a diff: "—" (unknown), "Not published" or the display value.
std::string display_claim(const model::Claim* claim);

}  // namespace gpuclusters::commands
