#pragma once
// The tree of record files as a git work tree shared by several editors: prepared once per clone
// so that git merges record files claim by claim (merge-driver), never as lines of text.
#include <string>
#include <vector>

#include "gpuclusters/ledger/import.hpp"
#include "gpuclusters/ledger/verification.hpp"

namespace gpuclusters::ledger {

/// The .gitattributes line that routes the record files to the driver; it travels with the
/// repository, so every clone has it.
inline constexpr std::string_view record_attributes_line = "*.toml merge=gpuclusters";

struct TreeSetup {
    std::string root;                  ///< the work tree's top folder
    bool created_repository = false;   ///< the folder was no repository yet (git init)
    std::vector<std::string> changed;  ///< what was set, a line each: "merge.gpuclusters.driver = ..."
};

/// Prepares `folder` (created if absent) for record files: a repository (git init when it is
/// none), `record_attributes_line` in its .gitattributes (other lines kept), and the driver,
/// `driver_command`, registered in the repository's own config, which a clone does not copy.
/// What already holds is left as it is: a second run changes nothing.
TreeSetup set_up_tree(const std::string& folder, const std::string& driver_command);

/// verify --tree: a folder of record files (a commit about to be made, a pull request's tree)
/// checked with no database of one's own.
struct TreeCheck {
    /// The files as read: a problem in one (a TOML error, a value that is not one) refuses the
    /// whole check, as it refuses an import, and nothing is checked.
    ImportResult read;
    CheckSummary summary;
};

/// Reads every record file of `folder` (as `import FOLDER` reads them, values with no source
/// included: verify reports them) into a new database at `scratch_database`, in `changeset`,
/// then checks them as `check` does. The caller makes the scratch folder and removes it.
TreeCheck check_tree(const std::string& folder, const std::string& scratch_database, model::Changeset changeset,
                     const rules::Config& config, const std::string& today, const CheckRequest& request, const FindingSink& sink);

}  // namespace gpuclusters::ledger
