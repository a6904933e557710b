#pragma once
// Files read as input: records, mappings, CSV tables, configuration files, the file `edit` reads
// back. Only a regular file is read: a folder, a FIFO, a device or a socket is refused before a
// byte is read (nothing blocks on a FIFO, nothing grows without end on /dev/zero), and a file
// that is held whole to be parsed (TOML) is refused past max_whole_file_bytes before it is held.
// Standard input ("-") is read through read_whole_stream or as a stream by the caller.
#include <cstdint>
#include <memory>
#include <streambuf>
#include <string>
#include <string_view>
#include <sys/types.h>

#include "formats/limits.hpp"

namespace gpuclusters::formats {

/// What a file of this mode is when it is not a regular file ("is a folder", "is a FIFO",
/// "is a device", "is a symbolic link", ...); empty for a regular file.
std::string not_regular_file(mode_t mode);

/// An input file open for reading, checked to be a regular file.
class InputFile {
public:
    /// Opens `path`, which must be a regular file (or, unless `follow_links` is false, a
    /// symbolic link to one); otherwise throws InputError "PATH: is a FIFO; only a regular file
    /// is read". `what` names the file when it cannot be opened: "PATH: cannot read WHAT (reason)".
    explicit InputFile(std::string path, std::string_view what = "the file", bool follow_links = true);
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;
    ~InputFile();

    /// Its size when it was opened.
    std::uint64_t size() const { return size_; }
    /// The file as a stream, read in blocks as it is asked for.
    std::streambuf& buffer();
    /// The whole file; throws InputError when it holds more than `limit` bytes (checked before
    /// reading when its size says so, and again as it is read, in case it grew).
    std::string read_all(std::size_t limit = max_whole_file_bytes);

private:
    class Buffer;
    std::string path_;
    int fd_ = -1;
    std::uint64_t size_ = 0;
    std::unique_ptr<Buffer> buffer_;
};

/// The whole of the regular file at `path` (InputFile's checks and read_all's limit).
std::string read_whole_file(const std::string& path, std::string_view what = "the file", bool follow_links = true,
                            std::size_t limit = max_whole_file_bytes);

/// The whole of a stream (standard input, named `name` in errors), refused with InputError as soon
/// as it passes `limit` bytes.
std::string read_whole_stream(std::streambuf& source, const std::string& name, std::size_t limit = max_whole_file_bytes);

/// "16 MiB": how the refusal names a limit.
std::string limit_text(std::size_t limit);

}  // namespace gpuclusters::formats
