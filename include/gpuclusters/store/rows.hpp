#pragma once
// The values the store's queries return beside records: what a changeset did (history), the
// badges and acceptances (verify), and what check finds.
#include <optional>
#include <string>
#include <vector>

#include "gpuclusters/model/record.hpp"

namespace gpuclusters::store {

/// A field of a cluster that a changeset touched.
struct TouchedField {
    std::string cluster_id;
    std::string field;
    auto operator<=>(const TouchedField&) const = default;
};

/// A claim of a cluster (retired ones too), as a changeset left it.
struct ClaimRanks {
    long long claim_id = 0;
    std::string field;
    bool touched = false;               ///< the changeset made it, re-ranked it or touched a citation of it
    std::optional<model::Rank> before;  ///< just before the changeset; nullopt: the claim did not exist yet
    model::Rank now = model::Rank::normal;
};

/// A citation the changeset added, withdrew or restored.
struct CitationState {
    long long id = 0;
    bool live_before = false;
    bool live_now = false;
};

/// A key of a record that a changeset wrote, withdrew or showed again: shown with the record
/// just before it and now.
struct KeyState {
    long long source_id = 0;
    std::string key;
    bool shown_before = false;
    bool shown_now = false;
};

/// An alias a changeset wrote (merge, rename) or withdrew (a revert): what it leads to now, and
/// before the changeset (nullopt: nothing, or withdrawn).
struct AliasChange {
    std::string alias;
    std::string cluster_id;
    bool in_force = false;  ///< after the changeset
    std::optional<std::string> before;
};

/// What a changeset did to one cluster: every claim of it in id order, and the citations and
/// keys it touched.
struct ChangesetPart {
    std::vector<ClaimRanks> claims;
    std::vector<CitationState> citations;
    std::vector<KeyState> keys;
    /// The fields of the claims it touched, sorted.
    std::vector<std::string> touched_fields() const;
};

/// An accepted finding in force: a cluster, a rule and the editor's reason.
struct Acceptance {
    std::string cluster_id;
    std::string rule;
    std::string reason;
    long long changeset_id = 0;
};

/// A cluster's newest verification row in force: the changeset that signed it and, for a badge
/// that came from a record file of the tree, the signer and date the file names (else empty).
struct Signature {
    long long changeset_id = 0;
    std::string signer;
    std::string signed_on;
};

/// What a database and a git tree of record files agreed on at a sync.
struct TreeSync {
    long long changeset_id = 0;
    std::string commit_id;
};

/// A Verified badge (rule empty) or an acceptance of a rule's finding, set or withdrawn by a changeset.
struct VerifyEvent {
    std::string cluster_id;
    std::string rule;
    bool now = false;     ///< signed / accepted after the changeset
    bool before = false;  ///< signed / accepted just before it
    std::string reason_before;
};

/// A derived table's row that is not what the history gives (check): a row too many, too few,
/// or holding other values. The history (claims, ranks, presence) is the truth.
struct DerivedDifference {
    enum class Table {
        values,       ///< cluster_values: a present cluster's preferred claim of one field
        live_claims,  ///< live_claim: a claim whose newest rank is not retired, at that rank
        search,       ///< cluster_search: a present cluster's full-text row
    };
    Table table = Table::values;
    std::string cluster_id;
    /// values: a catalogue field, or "" for the whole row (one missing, or one of a cluster that
    /// is not present); live_claims: the claim's field; search: name, owner, summary or notes,
    /// or "" for the whole row.
    std::string field;
    long long claim_id = 0;  ///< live_claims: the claim
    /// values: the preferred claim (nullopt: none, the field is unknown); live_claims: the claim
    /// at its rank and ranked_in (nullopt: no row, not live).
    std::optional<model::Claim> stored, expected;
    /// search: the column's text (nullopt: empty or no row).
    std::optional<std::string> stored_text, expected_text;
    /// A whole row: whether it is there and whether the history gives one.
    bool row_stored = true, row_expected = true;
};

/// A field of a present cluster with more than one preferred claim, which only a write behind
/// the tool's back makes: the newest ranked first (the value the derived tables take).
struct ExtraPreferred {
    std::string cluster_id;
    std::string field;
    std::vector<model::Claim> claims;  ///< newest ranked first; ranked_in filled
};

/// What SQLite's own checks found: PRAGMA integrity_check (damage) or foreign_key_check (a row
/// naming a parent that is not there).
struct SqliteProblem {
    enum class Kind { damage, foreign_key };
    Kind kind = Kind::damage;
    std::string message;
};

}  // namespace gpuclusters::store
