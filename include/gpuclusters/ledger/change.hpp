#pragma once
// The change engine, the one way anything is written: requested field values with their evidence
// -> claims, citations and sources, and the writes of revert and verify (ranks, withdrawals,
// presence, source revisions, badges, acceptances), each in one changeset and one transaction,
// with a report of every field touched.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpuclusters/model/change_report.hpp"
#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

using model::ChangeRequest;
using model::CitationInput;
using model::FieldAction;
using model::FieldInput;
using model::RecordInput;
using model::SourceInput;

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
    std::string origin;  ///< the FieldInput's, for errors found while applying
};

struct ParsedRecord {
    std::string cluster_id;
    std::vector<ParsedField> fields;  ///< in catalogue order
    std::vector<model::KeyInput> keys;
    bool id_from_key = false;
    bool keep_previous = false;
    bool unsourced = false;
    bool citations_as_they_stood = false;
    model::NewRecord new_record = model::NewRecord::allowed;
    std::optional<std::vector<model::AcceptedFinding>> accepted;  ///< checked: known rules, clean reasons
    bool badge_given = false;
    std::optional<model::Verification> badge;
    bool whole_record = false;
    bool removed = false;
};

/// What a write reports. An import prints a line for each cluster it makes and the fields only of
/// those it changes, so it asks for no more: a new record of fifty thousand claims would
/// otherwise be reported claim by claim, only for the report to be dropped.
enum class Reporting {
    full,        ///< every field and source touched
    for_import,  ///< no fields of the clusters made; sources counted (sources_changed), not listed
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
    ChangeSession(store::Store& store, model::Changeset changeset, std::string today, Reporting reporting = Reporting::full);
    ChangeSession(const ChangeSession&) = delete;
    ChangeSession& operator=(const ChangeSession&) = delete;
    ~ChangeSession();

    /// Checks the sources and records, throwing InputError naming the origin of the first
    /// problem. `today` (YYYY-MM-DD) is the limit for dates. Citations index `sources`. Reads no
    /// database: a command checks its input before it opens the file, an import on its reading
    /// thread.
    static PreparedChange prepare(std::vector<SourceInput> sources, std::vector<RecordInput> records, const std::string& today);

    /// Where apply() writes: in a savepoint of its own, so that a change that fails leaves
    /// nothing of itself behind; or in the caller's, which spans many calls and is rolled back
    /// whole when one fails.
    enum class Savepoint { own, callers };
    /// Writes a prepared change, reporting every field and source it touched.
    model::ChangeReport apply(const PreparedChange& change, Savepoint savepoint = Savepoint::own);
    /// Writes the changeset row now (apply() does it when first needed): a caller that wraps
    /// calls in a savepoint of its own calls this first, so that a rollback keeps the row.
    void begin();
    /// 0 until something was written.
    long long changeset_id() const;

    /// Runs `body` in one write transaction of the store: commits what the session wrote when it
    /// returns true, rolls everything back when it returns false or throws.
    void transact(const std::function<bool()>& body, store::Store::WriteMode mode = store::Store::WriteMode::checked);
    /// Runs `body` in a savepoint of the open transaction, undone whole when it throws.
    void within_savepoint(const std::function<void()>& body);

    // The writes of revert and verify, in the session's changeset (written first when needed).
    void set_rank(const std::string& cluster_id, long long claim_id, model::Rank rank, const std::string& reason);
    void set_citation_withdrawn(long long citation_id, bool withdrawn);
    void set_key_withdrawn(long long source_id, const std::string& key, bool withdrawn);
    void set_presence(const std::string& cluster_id, bool present);
    void revise_source(long long source_id, const model::SourceMeta& meta);
    void set_verified(const std::string& cluster_id, bool verified);
    void set_accepted(const store::Acceptance& acceptance, bool accepted);
    // The writes of merge and rename: a record made under a new id, a claim copied onto a record
    // (its field, state and value) at a rank, a citation copied onto a claim (0 when the claim has
    // it already), and an id that leads to another record (or no longer: withdrawn).
    void create_cluster(const std::string& cluster_id);
    long long copy_claim(const std::string& cluster_id, const model::Claim& claim, model::Rank rank, const std::string& reason);
    long long copy_citation(long long claim_id, const model::Citation& citation);
    void set_alias(const std::string& alias, const std::string& cluster_id, bool withdrawn);
    /// check --repair: the derived tables written again from the history, and a database restored
    /// without its application_id taken back (store::Store's, which only the engine calls).
    void repair_derived_tables();
    void restore_application_id();
    /// sync: the changeset and commit the database and its tree now agree on (the session writes
    /// no changeset of its own for it).
    void agree_with_tree(const store::TreeSync& sync);

private:
    class Engine;  // ledger/change_engine.hpp
    store::Store& store_;
    std::unique_ptr<Engine> engine_;
};

/// Validates every input (throws InputError naming its origin) and applies the request in one
/// transaction. On a dry run, or when nothing would change, nothing is written.
model::ChangeReport apply_changes(store::Store& store, const ChangeRequest& request);

/// cite: apply_changes, then the record as it now stands, to show the cited claim with all its
/// citations (none on a dry run or when nothing changed).
struct CitedChange {
    model::ChangeReport report;
    std::optional<model::Record> record;
};
CitedChange cite(store::Store& store, const ChangeRequest& request);

/// Adds what one call of ChangeSession::apply did to the report of the whole session.
void merge(model::ChangeReport& into, model::ChangeReport part);

/// "accessed: 2026-11-11 -> 2026-11-30", one line per metadata field that differs.
/// Throws InputError when a changeset's message or author is not valid UTF-8 or holds a
/// character that could drive a terminal (a message may have lines). ChangeSession checks it;
/// a command checks it before it opens the file, so that a refused write leaves it untouched.
void check_changeset_text(const model::Changeset& changeset);

std::vector<std::string> describe_source_changes(const model::SourceMeta& before, const model::SourceMeta& after);

}  // namespace gpuclusters::ledger
