#pragma once
// The git repository of a tree of record files, through libgit2 (no shell-out to git): opened or
// made, and its own config read and written. The repository is the dataset's shared form; what
// goes into it is the ledger's to decide.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct git_repository;

namespace gpuclusters::formats {

/// libgit2, set up once for the process (it counts its users); OutputError if it cannot be.
void use_libgit2();

/// A commit as sync reads and makes one.
struct GitCommit {
    std::string id;  ///< 40 hexadecimal digits
    /// "Name <email>", or the name alone when the email is empty: a changeset's author either way.
    std::string author;
    long long time = 0;  ///< seconds since 1970-01-01 UTC
    std::string message;
    std::optional<std::string> first_parent;
    bool merge = false;  ///< more than one parent
};

class GitRepository {
public:
    /// The repository whose work tree's top is `folder` (created if absent) or, when the folder
    /// is in no repository, a new one there (git init). A bare repository, or a folder inside
    /// another repository's work tree, is refused with InputError: record files need a work tree
    /// of their own.
    static GitRepository open_or_init(const std::string& folder);
    /// The repository whose work tree holds the folder of record files `folder` (its top, or a
    /// folder in it); InputError when there is none (or it is bare).
    static GitRepository open_records_folder(const std::string& folder);
    GitRepository(GitRepository&&) noexcept;
    ~GitRepository();

    /// The work tree's top folder, with a trailing slash.
    const std::string& root() const { return root_; }
    /// Whether open_or_init made the repository.
    bool created() const { return created_; }

    /// A key of the repository's own config (.git/config), not the user's or the system's.
    std::optional<std::string> local_config(const std::string& key) const;
    void set_local_config(const std::string& key, const std::string& value);

    /// Whether a path of the work tree is a record file: a .toml file in the folder of record
    /// files (not below it), as export writes them.
    bool is_record_file(std::string_view path) const;
    /// The path in the work tree of a cluster's record file.
    std::string record_path(const std::string& cluster_id) const { return records_prefix_ + cluster_id + ".toml"; }

    /// HEAD's commit; nullopt while its branch has none (a new repository).
    std::optional<std::string> head() const;
    /// Whether `commit` is HEAD or one of its ancestors.
    bool reaches(const std::string& commit) const;
    /// The commits reachable from HEAD and not from `seen` (all of them without one), parents
    /// before children.
    std::vector<GitCommit> commits_since(const std::optional<std::string>& seen) const;
    /// The files a commit changed against its first parent (every one, for a root commit).
    std::vector<std::string> changed_files(const GitCommit& commit) const;
    /// A file as a commit has it; nullopt when the commit has no such file.
    std::optional<std::string> file_at(const std::string& commit, const std::string& path) const;
    /// The record files whose work tree or index version differs from HEAD's (changed, new,
    /// staged or deleted), by path.
    std::vector<std::string> uncommitted_record_files() const;
    /// Writes `files` (path in the tree -> content) into the work tree, stages them and commits
    /// them on HEAD's branch with `author` (GitCommit's form) as author and committer at `time`;
    /// returns the new commit's id. InputError for an author git cannot hold.
    std::string commit_files(const std::map<std::string, std::string>& files, const std::string& author, long long time,
                             const std::string& message);

private:
    GitRepository(git_repository* repository, bool created);
    struct Free {
        void operator()(git_repository* repository) const;
    };
    std::unique_ptr<git_repository, Free> repository_;
    std::string root_;
    std::string records_prefix_;  // the folder of record files in the work tree, "" or "DIR/"
    bool created_ = false;
};

}  // namespace gpuclusters::formats
