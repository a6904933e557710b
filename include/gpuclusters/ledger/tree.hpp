#pragma once
// The tree of record files as a git work tree shared by several editors: prepared once per clone
// so that git merges record files claim by claim (merge-driver), never as lines of text.
#include <string>
#include <vector>

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

}  // namespace gpuclusters::ledger
