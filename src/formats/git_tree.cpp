#include "formats/git_tree.hpp"

#include <git2.h>

#include <filesystem>
#include <fmt/format.h>
#include <system_error>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::formats {
namespace {

std::string last_git_error() {
    const git_error* error = git_error_last();
    return error && error->message ? text::one_line(error->message) : "libgit2 gave no reason";
}

// A libgit2 object freed by its own function when it goes out of scope.
template <typename Object, void (*free_object)(Object*)>
struct Owned {
    Object* object = nullptr;
    Owned() = default;
    Owned(const Owned&) = delete;
    Owned& operator=(const Owned&) = delete;
    ~Owned() {
        if (object) free_object(object);
    }
};

struct Buffer {
    git_buf buf = GIT_BUF_INIT;
    Buffer() = default;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    ~Buffer() { git_buf_dispose(&buf); }
};

using Config = Owned<git_config, git_config_free>;

// The repository's own config file, where a clone's settings live.
void open_local_config(git_repository* repository, Config& local) {
    Config layered;
    if (git_repository_config(&layered.object, repository) != 0 ||
        git_config_open_level(&local.object, layered.object, GIT_CONFIG_LEVEL_LOCAL) != 0) {
        throw OutputError(fmt::format("the repository's config cannot be opened: {}", last_git_error()));
    }
}

}  // namespace

void use_libgit2() {
    static const int initialised = git_libgit2_init();
    if (initialised < 0) throw OutputError("libgit2 could not be initialised");
}

void GitRepository::Free::operator()(git_repository* repository) const { git_repository_free(repository); }

GitRepository::GitRepository(git_repository* repository, bool created) : repository_(repository), created_(created) {
    const char* workdir = git_repository_workdir(repository);
    root_ = workdir ? workdir : "";
}

GitRepository::GitRepository(GitRepository&&) noexcept = default;
GitRepository::~GitRepository() = default;

GitRepository GitRepository::open_or_init(const std::string& folder) {
    use_libgit2();
    std::error_code error;
    if (!std::filesystem::exists(folder, error)) std::filesystem::create_directories(folder, error);
    if (error || !std::filesystem::is_directory(folder)) {
        throw InputError(
            fmt::format("{}: not a folder that can hold a tree{}", text::one_line(folder), error ? ": " + error.message() : ""));
    }
    git_repository* repository = nullptr;
    if (git_repository_open_ext(&repository, folder.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) == 0) {
        GitRepository opened(repository, false);
        if (git_repository_is_bare(repository)) {
            throw InputError(
                fmt::format("{}: a bare repository has no work tree for the record files; clone it", text::one_line(folder)));
        }
        return opened;
    }
    Buffer enclosing;
    if (git_repository_discover(&enclosing.buf, folder.c_str(), 0, nullptr) == 0) {
        throw InputError(
            fmt::format("{}: inside the repository of {}; give the top folder of its work tree, or a "
                        "folder of its own",
                        text::one_line(folder), text::one_line(enclosing.buf.ptr)));
    }
    if (git_repository_init(&repository, folder.c_str(), 0) != 0) {
        throw OutputError(fmt::format("{}: git init failed: {}", text::one_line(folder), last_git_error()));
    }
    return GitRepository(repository, true);
}

std::optional<std::string> GitRepository::local_config(const std::string& key) const {
    Config local;
    open_local_config(repository_.get(), local);
    Buffer value;
    const int found = git_config_get_string_buf(&value.buf, local.object, key.c_str());
    if (found == GIT_ENOTFOUND) return std::nullopt;
    if (found != 0) throw InputError(fmt::format("the repository's config: {}: {}", key, last_git_error()));
    return std::string(value.buf.ptr, value.buf.size);
}

void GitRepository::set_local_config(const std::string& key, const std::string& value) {
    Config local;
    open_local_config(repository_.get(), local);
    if (git_config_set_string(local.object, key.c_str(), value.c_str()) != 0) {
        throw OutputError(fmt::format("the repository's config: {} cannot be set: {}", key, last_git_error()));
    }
}

}  // namespace gpuclusters::formats
