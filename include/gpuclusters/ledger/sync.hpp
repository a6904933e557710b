#pragma once
// A database and the git history of a tree of record files brought together, both ways: each
// commit the database has not met becomes a changeset with the commit's author, time and message,
// and each changeset not yet in git becomes a commit with the changeset's. Every change travels as
// a three-way merge of record versions (merge.hpp) onto what the other side has now, so that
// changes made on both sides since the last sync are kept, and a field both set differently is a
// merge conflict, data `verify` reports.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

struct SyncRequest {
    std::string folder;          ///< the folder of record files, in a git work tree
    std::string scratch_folder;  ///< an empty folder of the caller's, removed by it after
    /// Author, time and command line of a changeset that makes records as the tree merged them,
    /// when the two sides' merges differ (a rank both sides changed); its message is sync's own.
    model::Changeset changeset;
    std::string today;
};

/// One commit that became a changeset, or one changeset that became a commit.
struct SyncedChange {
    std::string commit;  ///< 40 hexadecimal digits
    long long changeset_id = 0;
    std::string author;
    std::string subject;  ///< the first line of the message
    std::vector<std::string> records;
};

struct SyncResult {
    std::string folder;                  ///< the folder of record files, as the request names it
    std::vector<SyncedChange> from_git;  ///< commits now changesets, oldest first
    std::vector<SyncedChange> to_git;    ///< changesets now commits, oldest first
    /// The changeset that made records as the tree merged them, when their two merges differed.
    std::optional<SyncedChange> settled;
    /// (id, field) of each field left as competing claims marked as a merge conflict, once each.
    std::vector<std::pair<std::string, std::string>> conflicts;
    std::vector<std::string> notes;  ///< what a merge decided beyond the claims, "ID: note"
    std::string head;                ///< the commit the tree and the database now agree on; empty when none
    bool changed() const { return !from_git.empty() || !to_git.empty() || settled; }
};

/// Syncs the database with the tree at `request.folder` (a git work tree; its record files must
/// all be committed). Idempotent: a second run with nothing new on either side changes nothing.
/// InputError when the folder is no work tree, has uncommitted record files, no longer holds the
/// commit the database last synced with (a history rewritten), or a commit's file does not read.
SyncResult sync_tree(store::Store& store, const SyncRequest& request);

}  // namespace gpuclusters::ledger
