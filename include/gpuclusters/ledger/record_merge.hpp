#pragma once
// Two records of one cluster made one (merge), and a record given another id (rename): each one
// changeset that a revert undoes exactly. The id that goes stays an alias of the record it went
// to, so that every command, a list's keys and `related` values that name it lead there.
#include <functional>
#include <optional>
#include <string>

#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

struct MergeRequest {
    std::string into;    ///< A: the record that stays
    std::string merged;  ///< B: the record whose claims move to A, and whose id leads to A from now on
    bool dry_run = false;
};

struct RenameRequest {
    std::string from;  ///< the record's id now; an alias of `to` from now on
    std::string to;    ///< an id never used
    bool dry_run = false;
};

/// What a merge or a rename did (or, on a dry run, would do).
struct MergeResult {
    bool rename = false;
    std::string kept;            ///< A, or the new id
    std::string gone;            ///< B, or the old id
    long long changeset_id = 0;  ///< 0 on a dry run
    bool dry_run = false;
    std::size_t claims_copied = 0;       ///< claims of B made claims of A
    std::size_t citations_joined = 0;    ///< B's citations added to a claim of A with the same value
    std::size_t fields_in_conflict = 0;  ///< fields whose preferred values differed: competing figures now
};

/// The record an id names as of a changeset (or now): the id itself when it is a present record,
/// else the record its alias (a merge, a rename) leads to, followed to the end; nullopt when
/// neither.
std::optional<std::string> resolve_cluster_id(const store::Store& store, const std::string& id,
                                              std::optional<long long> as_of = std::nullopt);

/// One changeset: B's claims become A's, one by one. A value A holds already (same state, value
/// and qualifiers) gains B's citations; a value A lacks is added with B's rank, except that where
/// A and B both prefer a value and the two differ both become competing figures (rank normal,
/// reason "merge conflict") until an editor ranks one, and a published value is preferred to
/// "not published". B becomes absent and its id an alias of A. InputError (nothing written) for
/// an id that names no record, B merged into A already, or A and B one record.
void merge_records(store::Store& store, const MergeRequest& request, model::Changeset changeset, const std::string& today,
                   const std::function<void(const MergeResult&, const ChangesetView&)>& show);

/// One changeset: a record under the new id with every claim, rank, citation and accepted finding
/// of the old one; the old id absent and an alias of the new one. InputError (nothing written)
/// for an old id that names no record, and a new id ever used (a record, an alias, a removed
/// record).
void rename_record(store::Store& store, const RenameRequest& request, model::Changeset changeset, const std::string& today,
                   const std::function<void(const MergeResult&, const ChangesetView&)>& show);

}  // namespace gpuclusters::ledger
