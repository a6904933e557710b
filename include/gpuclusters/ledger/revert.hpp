#pragma once
// Undoing a changeset with a new one: nothing is deleted, the revert is in the log like any change.
#include <functional>
#include <string>

#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/change_report.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

/// Later changesets changed what a revert would put back: exit 1, like a conflict.
class RevertConflict : public Error {
public:
    explicit RevertConflict(const std::string& message) : Error(ExitCode::differences, message) {}
};

struct RevertRequest {
    std::string changeset;  ///< its number, as given
    /// Also when later changesets changed the same fields: those go back to how they were before.
    bool force = false;
    bool dry_run = false;
};

struct RevertResult {
    long long reverted = 0;
    long long changeset_id = 0;  ///< the new changeset; 0 when nothing was written
    bool changed = false;        ///< something was (or, on a dry run, would be) put back
    bool dry_run = false;
};

/// Every field, citation, presence, source and badge the changeset touched goes back to how it
/// stood just before it, in one new changeset (`changeset`; an empty message becomes "revert
/// changeset N: its message"). The check and the writes hold one write lock. `show` is handed
/// the result and what the new changeset does while that can be read: after the commit, or on
/// a dry run before the writes are rolled back (the view is empty when nothing changed).
void revert(store::Store& store, const RevertRequest& request, model::Changeset changeset, const std::string& today,
            const std::function<void(const RevertResult&, const ChangesetView&)>& show);

}  // namespace gpuclusters::ledger
