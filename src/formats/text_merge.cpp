#include "formats/text_merge.hpp"

#include <git2.h>

#include <fmt/format.h>
#include <memory>

#include "formats/git_tree.hpp"
#include "gpuclusters/model/error.hpp"

namespace gpuclusters::formats {
namespace {

git_merge_file_input input_of(std::string_view text) {
    git_merge_file_input input = GIT_MERGE_FILE_INPUT_INIT;
    input.ptr = text.data();
    input.size = text.size();
    return input;
}

}  // namespace

TextMerge merge_text(std::string_view base, std::string_view ours, std::string_view theirs, unsigned short marker_size) {
    use_libgit2();  // the merge needs only its allocator
    git_merge_file_options options = GIT_MERGE_FILE_OPTIONS_INIT;
    options.our_label = "ours";
    options.their_label = "theirs";
    options.ancestor_label = "base";
    options.marker_size = marker_size;
    const auto ancestor_input = input_of(base), ours_input = input_of(ours), theirs_input = input_of(theirs);
    git_merge_file_result result{};
    if (git_merge_file(&result, &ancestor_input, &ours_input, &theirs_input, &options) != 0) {
        const git_error* error = git_error_last();
        throw OutputError(fmt::format("text merge failed: {}", error ? error->message : "libgit2 gave no reason"));
    }
    const std::unique_ptr<git_merge_file_result, void (*)(git_merge_file_result*)> owned(&result, git_merge_file_result_free);
    return {std::string(result.ptr, result.len), result.automergeable != 0};
}

}  // namespace gpuclusters::formats
