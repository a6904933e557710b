#pragma once
// The git repository of a tree of record files, through libgit2 (no shell-out to git): opened or
// made, and its own config read and written. The repository is the dataset's shared form; what
// goes into it is the ledger's to decide.
#include <memory>
#include <optional>
#include <string>

struct git_repository;

namespace gpuclusters::formats {

/// libgit2, set up once for the process (it counts its users); OutputError if it cannot be.
void use_libgit2();

class GitRepository {
public:
    /// The repository whose work tree's top is `folder` (created if absent) or, when the folder
    /// is in no repository, a new one there (git init). A bare repository, or a folder inside
    /// another repository's work tree, is refused with InputError: record files need a work tree
    /// of their own.
    static GitRepository open_or_init(const std::string& folder);
    GitRepository(GitRepository&&) noexcept;
    ~GitRepository();

    /// The work tree's top folder, with a trailing slash.
    const std::string& root() const { return root_; }
    /// Whether open_or_init made the repository.
    bool created() const { return created_; }

    /// A key of the repository's own config (.git/config), not the user's or the system's.
    std::optional<std::string> local_config(const std::string& key) const;
    void set_local_config(const std::string& key, const std::string& value);

private:
    GitRepository(git_repository* repository, bool created);
    struct Free {
        void operator()(git_repository* repository) const;
    };
    std::unique_ptr<git_repository, Free> repository_;
    std::string root_;
    bool created_ = false;
};

}  // namespace gpuclusters::formats
