#pragma once
// Files written whole or not at all. A reader of the target sees the old file or the new one,
// never half of one; two writers at once each write a whole file of their own; a kill leaves the
// old file as it was; nothing is written through a symlink, and a FIFO, a device or a folder is
// never replaced.
#include <cstddef>
#include <memory>
#include <ostream>
#include <string>

namespace gpuclusters::formats {

class AtomicFile {
public:
    /// Checks the target (absent, or a regular file: anything else is refused with InputError)
    /// and creates a temporary file beside it, exclusively, under a name of its own (a folder
    /// where that cannot be done is InputError; a full disk, OutputError).
    explicit AtomicFile(std::string target);
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;
    /// Removes the temporary file unless commit() succeeded.
    ~AtomicFile();

    std::ostream& stream();
    /// The temporary file, for a writer that writes it by name (SQLite's backup) rather than
    /// through stream(); commit() syncs and renames it the same.
    const std::string& temporary_path() const { return temporary_; }
    /// Flushes and syncs the temporary file and renames it over the target (checked again);
    /// throws OutputError naming the target when the file cannot be written whole (a full disk),
    /// InputError when the target is no longer a regular file.
    void commit();
    /// As commit(), but never replaces anything: when something stands at the target by then (a
    /// file, a folder, a symbolic link, even one that leads nowhere), returns false and leaves it
    /// as it was (the temporary file is removed).
    bool commit_as_new();

    /// Removes the temporary files that writers killed before their rename left in `folder`
    /// (those of `target` only, when given): a file is taken as left when the process its name
    /// names is gone. Returns how many were removed.
    static std::size_t remove_left_behind(const std::string& folder, const std::string& target = "");

private:
    void finish_writing();
    class Buffer;
    std::string target_;
    std::string temporary_;
    std::unique_ptr<Buffer> buffer_;
    std::unique_ptr<std::ostream> stream_;
    bool committed_ = false;
};

/// Syncs the folder that holds `path`, so that a rename into it is durable; a folder that cannot
/// be opened for it (no read permission) still has the whole file.
void sync_parent_folder(const std::string& path);

}  // namespace gpuclusters::formats
