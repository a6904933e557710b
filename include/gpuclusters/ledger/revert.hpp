#pragma once
// Undoing a changeset with a new one: nothing is deleted, the revert is in the log like any change.
#include <string>

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
    model::ChangeReport report;  ///< what the new changeset does (changeset_id 0 when nothing was written)
};

/// Every field, citation, presence, source and badge the changeset touched goes back to how it
/// stood just before it, in one new changeset (`changeset`; an empty message becomes "revert
/// changeset N: its message"). The check and the writes hold one write lock.
RevertResult revert(store::Store& store, const RevertRequest& request, model::Changeset changeset, const std::string& today);

}  // namespace gpuclusters::ledger
