#pragma once
// A three-way merge of text as git makes one (libgit2's git_merge_file, no repository needed):
// what the merge driver falls back to for a file that does not read as a record.
#include <string>
#include <string_view>

namespace gpuclusters::formats {

struct TextMerge {
    std::string text;
    bool clean = false;  ///< false: the text holds conflict markers where both sides changed a line
};

/// `ours` and `theirs` merged line by line against `base`; conflicting lines are marked with
/// `marker_size` characters, as git's own merge marks them (labels "ours" and "theirs").
TextMerge merge_text(std::string_view base, std::string_view ours, std::string_view theirs, unsigned short marker_size);

}  // namespace gpuclusters::formats
