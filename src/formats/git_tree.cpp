#include "formats/git_tree.hpp"

#include <git2.h>

#include <filesystem>
#include <fmt/format.h>
#include <system_error>

#include "formats/atomic_file.hpp"
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
using Commit = Owned<git_commit, git_commit_free>;
using Tree = Owned<git_tree, git_tree_free>;

std::string id_text(const git_oid& id) {
    char text[GIT_OID_HEXSZ + 1] = {};
    git_oid_tostr(text, sizeof text, &id);
    return text;
}

git_oid id_of(const std::string& text) {
    git_oid id;
    if (git_oid_fromstrn(&id, text.data(), text.size()) != 0)
        throw InputError(fmt::format("{}: not a commit id", text::one_line(text)));
    return id;
}

void look_up(git_repository* repository, const std::string& commit, Commit& found) {
    const git_oid id = id_of(commit);
    if (git_commit_lookup(&found.object, repository, &id) != 0) {
        throw InputError(fmt::format("commit {}: not in the repository: {}", commit, last_git_error()));
    }
}

void tree_of(const Commit& commit, Tree& tree) {
    if (git_commit_tree(&tree.object, commit.object) != 0) throw InputError(fmt::format("a commit's tree: {}", last_git_error()));
}

GitCommit read_commit(const git_commit* commit) {
    GitCommit read;
    read.id = id_text(*git_commit_id(commit));
    const git_signature* author = git_commit_author(commit);
    read.author = author->name ? author->name : "";
    if (author->email && *author->email) read.author += fmt::format(" <{}>", author->email);
    read.time = author->when.time;
    read.message = git_commit_message(commit) ? git_commit_message(commit) : "";
    while (!read.message.empty() && read.message.back() == '\n') read.message.pop_back();
    if (git_commit_parentcount(commit) > 0) read.first_parent = id_text(*git_commit_parent_id(commit, 0));
    read.merge = git_commit_parentcount(commit) > 1;
    return read;
}

// GitCommit's author as git holds it: a name and an email, neither with angle brackets.
std::pair<std::string, std::string> name_and_email(const std::string& author) {
    const auto open = author.rfind(" <");
    if (open != std::string::npos && author.ends_with('>')) {
        return {author.substr(0, open), author.substr(open + 2, author.size() - open - 3)};
    }
    return {author, ""};
}

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

GitRepository GitRepository::open_records_folder(const std::string& folder) {
    use_libgit2();
    std::error_code error;
    if (!std::filesystem::is_directory(folder, error)) {
        throw InputError(fmt::format("{}: not a folder", text::one_line(folder)));
    }
    git_repository* repository = nullptr;
    if (git_repository_open_ext(&repository, folder.c_str(), 0, nullptr) != 0) {
        throw InputError(fmt::format("{}: in no git work tree (`gpuclusters tree setup {}` makes one)", text::one_line(folder),
                                     text::shell_quote(folder)));
    }
    GitRepository opened(repository, false);
    if (git_repository_is_bare(repository)) {
        throw InputError(
            fmt::format("{}: a bare repository has no work tree for the record files; clone it", text::one_line(folder)));
    }
    const auto inside =
        std::filesystem::canonical(folder, error).lexically_relative(std::filesystem::canonical(opened.root_, error));
    if (error || inside.empty() || *inside.begin() == "..") {
        throw InputError(fmt::format("{}: not inside the work tree of {}", text::one_line(folder), text::one_line(opened.root_)));
    }
    if (inside != ".") opened.records_prefix_ = inside.generic_string() + "/";
    return opened;
}

bool GitRepository::is_record_file(std::string_view path) const {
    if (!path.starts_with(records_prefix_)) return false;
    path.remove_prefix(records_prefix_.size());
    return path.ends_with(".toml") && path.find('/') == std::string_view::npos;
}

std::optional<std::string> GitRepository::head() const {
    git_oid id;
    const int found = git_reference_name_to_id(&id, repository_.get(), "HEAD");
    if (found == GIT_ENOTFOUND || found == GIT_EUNBORNBRANCH) return std::nullopt;
    if (found != 0) throw InputError(fmt::format("{}: HEAD: {}", text::one_line(root_), last_git_error()));
    return id_text(id);
}

bool GitRepository::reaches(const std::string& commit) const {
    const auto tip = head();
    if (!tip) return false;
    if (*tip == commit) return true;
    const git_oid tip_id = id_of(*tip), commit_id = id_of(commit);
    return git_graph_descendant_of(repository_.get(), &tip_id, &commit_id) == 1;
}

std::vector<GitCommit> GitRepository::commits_since(const std::optional<std::string>& seen) const {
    std::vector<GitCommit> commits;
    if (!head()) return commits;
    Owned<git_revwalk, git_revwalk_free> walk;
    if (git_revwalk_new(&walk.object, repository_.get()) != 0 ||
        git_revwalk_sorting(walk.object, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE) != 0 ||
        git_revwalk_push_head(walk.object) != 0) {
        throw InputError(fmt::format("{}: the history cannot be read: {}", text::one_line(root_), last_git_error()));
    }
    if (seen) {
        const git_oid seen_id = id_of(*seen);
        if (git_revwalk_hide(walk.object, &seen_id) != 0) {
            throw InputError(fmt::format("commit {}: not in the repository: {}", *seen, last_git_error()));
        }
    }
    git_oid id;
    while (git_revwalk_next(&id, walk.object) == 0) {
        Commit commit;
        look_up(repository_.get(), id_text(id), commit);
        commits.push_back(read_commit(commit.object));
    }
    return commits;
}

std::vector<std::string> GitRepository::changed_files(const GitCommit& commit) const {
    Commit after;
    look_up(repository_.get(), commit.id, after);
    Tree after_tree, before_tree;
    tree_of(after, after_tree);
    if (commit.first_parent) {
        Commit before;
        look_up(repository_.get(), *commit.first_parent, before);
        tree_of(before, before_tree);
    }
    Owned<git_diff, git_diff_free> diff;
    if (git_diff_tree_to_tree(&diff.object, repository_.get(), before_tree.object, after_tree.object, nullptr) != 0) {
        throw InputError(fmt::format("commit {}: its changes cannot be read: {}", commit.id, last_git_error()));
    }
    std::vector<std::string> paths;
    for (std::size_t i = 0; i < git_diff_num_deltas(diff.object); ++i) {
        const git_diff_delta* delta = git_diff_get_delta(diff.object, i);
        const char* path = delta->new_file.path ? delta->new_file.path : delta->old_file.path;
        if (path) paths.emplace_back(path);
    }
    return paths;
}

std::optional<std::string> GitRepository::file_at(const std::string& commit, const std::string& path) const {
    Commit found;
    look_up(repository_.get(), commit, found);
    Tree tree;
    tree_of(found, tree);
    Owned<git_tree_entry, git_tree_entry_free> entry;
    if (git_tree_entry_bypath(&entry.object, tree.object, path.c_str()) != 0) return std::nullopt;
    Owned<git_blob, git_blob_free> blob;
    if (git_blob_lookup(&blob.object, repository_.get(), git_tree_entry_id(entry.object)) != 0) return std::nullopt;
    return std::string(static_cast<const char*>(git_blob_rawcontent(blob.object)), git_blob_rawsize(blob.object));
}

std::vector<std::string> GitRepository::uncommitted_record_files() const {
    git_status_options options = GIT_STATUS_OPTIONS_INIT;
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
    options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED;
    Owned<git_status_list, git_status_list_free> status;
    if (git_status_list_new(&status.object, repository_.get(), &options) != 0) {
        throw InputError(fmt::format("{}: the work tree's state cannot be read: {}", text::one_line(root_), last_git_error()));
    }
    std::vector<std::string> paths;
    for (std::size_t i = 0; i < git_status_list_entrycount(status.object); ++i) {
        const git_status_entry* entry = git_status_byindex(status.object, i);
        if (entry->status == GIT_STATUS_CURRENT || (entry->status & GIT_STATUS_IGNORED)) continue;
        const git_diff_delta* delta = entry->index_to_workdir ? entry->index_to_workdir : entry->head_to_index;
        const char* path = delta ? (delta->new_file.path ? delta->new_file.path : delta->old_file.path) : nullptr;
        if (path && is_record_file(path)) paths.emplace_back(path);
    }
    return paths;
}

std::string GitRepository::commit_files(const std::map<std::string, std::string>& files, const std::string& author,
                                        long long time, const std::string& message) {
    auto [name, email] = name_and_email(author);
    Owned<git_signature, git_signature_free> checked;
    // An author with no email (a login name) is written `name <>`, as git reads it back; libgit2
    // checks every other part of a signature.
    if (git_signature_new(&checked.object, name.c_str(), email.empty() ? "-" : email.c_str(), time, 0) != 0) {
        throw InputError(fmt::format("author {}: git cannot hold it: {}", text::one_line(author), last_git_error()));
    }
    git_signature signature{name.data(), email.data(), {time, 0, '+'}};
    Owned<git_index, git_index_free> index;
    if (git_repository_index(&index.object, repository_.get()) != 0) {
        throw OutputError(fmt::format("{}: the index cannot be opened: {}", text::one_line(root_), last_git_error()));
    }
    for (const auto& [path, content] : files) {
        AtomicFile file(root_ + path);
        file.stream() << content;
        file.commit();
        if (git_index_add_bypath(index.object, path.c_str()) != 0) {
            throw OutputError(fmt::format("{}: cannot be staged: {}", text::one_line(path), last_git_error()));
        }
    }
    git_oid tree_id, commit_id;
    Tree tree;
    if (git_index_write(index.object) != 0 || git_index_write_tree(&tree_id, index.object) != 0 ||
        git_tree_lookup(&tree.object, repository_.get(), &tree_id) != 0) {
        throw OutputError(fmt::format("{}: the index cannot be written: {}", text::one_line(root_), last_git_error()));
    }
    Commit parent;
    if (const auto tip = head()) look_up(repository_.get(), *tip, parent);
    const git_commit* parents[] = {parent.object};
    const std::string text = message + "\n";
    if (git_commit_create(&commit_id, repository_.get(), "HEAD", &signature, &signature, nullptr, text.c_str(), tree.object,
                          parent.object ? 1 : 0, parents) != 0) {
        throw OutputError(fmt::format("{}: the commit cannot be made: {}", text::one_line(root_), last_git_error()));
    }
    return id_text(commit_id);
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
