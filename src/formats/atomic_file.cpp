#include "formats/atomic_file.hpp"

#include <array>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <optional>
#include <random>
#include <signal.h>
#include <streambuf>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/input_file.hpp"
#include "gpuclusters/model/error.hpp"

namespace gpuclusters::formats {
namespace {

// What is at `path`, when it is something a file must not be written over; empty when the path
// is free or a regular file.
std::string not_a_regular_file(const std::string& path) {
    struct stat info {};
    if (lstat(path.c_str(), &info) != 0) return errno == ENOENT ? "" : std::strerror(errno);
    return not_regular_file(info.st_mode);
}

std::string random_suffix() {
    std::random_device device;
    return fmt::format("{:08x}{:08x}", device(), device());
}

// The process id in a temporary file's name (".TARGET.PID-RANDOM.partial"), and the target.
struct TemporaryName {
    std::string target;
    pid_t pid = 0;
};

std::optional<TemporaryName> temporary_name(const std::string& name) {
    constexpr std::string_view suffix = ".partial";
    if (name.size() < 2 + suffix.size() || name.front() != '.' || !name.ends_with(suffix)) return std::nullopt;
    const std::string stem = name.substr(1, name.size() - 1 - suffix.size());  // TARGET.PID-RANDOM
    const auto dot = stem.rfind('.');
    if (dot == std::string::npos || dot == 0) return std::nullopt;
    const std::string tail = stem.substr(dot + 1);
    const auto dash = tail.find('-');
    if (dash == std::string::npos || dash == 0 || dash > 9) return std::nullopt;
    // Digits only: the first '-' ends them, so none is a sign.
    pid_t pid = 0;
    const auto [end, error] = std::from_chars(tail.data(), tail.data() + dash, pid);
    if (error != std::errc() || end != tail.data() + dash) return std::nullopt;
    return TemporaryName{stem.substr(0, dot), pid};
}

}  // namespace

std::size_t AtomicFile::remove_left_behind(const std::string& folder, const std::string& target) {
    std::size_t removed = 0;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(folder.empty() ? "." : folder, error)) {
        const auto name = temporary_name(entry.path().filename().string());
        if (!name || (!target.empty() && name->target != target) || name->pid == ::getpid()) continue;
        // A live process (or one this user may not signal) may still be writing it.
        if (::kill(name->pid, 0) == 0 || errno != ESRCH) continue;
        struct stat file {};
        if (::lstat(entry.path().c_str(), &file) != 0 || !S_ISREG(file.st_mode)) continue;
        if (::unlink(entry.path().c_str()) == 0) ++removed;
    }
    return removed;
}

// Writes to the temporary file's descriptor in blocks; a failed write makes the stream bad.
class AtomicFile::Buffer : public std::streambuf {
public:
    explicit Buffer(int fd) : fd_(fd) { setp(block_.data(), block_.data() + block_.size()); }
    ~Buffer() override {
        if (fd_ >= 0) ::close(fd_);
    }
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    /// Flush, fsync and close; the error, or empty.
    std::string finish() {
        if (!flush_block()) return error_;
        if (::fsync(fd_) != 0) return std::strerror(errno);
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0) return std::strerror(errno);
        return "";
    }
    const std::string& error() const { return error_; }

protected:
    int_type overflow(int_type ch) override {
        if (!flush_block()) return traits_type::eof();
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }
    int sync() override { return flush_block() ? 0 : -1; }

private:
    bool flush_block() {
        const char* at = pbase();
        while (at < pptr()) {
            const ssize_t written = ::write(fd_, at, static_cast<std::size_t>(pptr() - at));
            if (written < 0) {
                if (errno == EINTR) continue;
                error_ = std::strerror(errno);
                return false;
            }
            at += written;
        }
        setp(block_.data(), block_.data() + block_.size());
        return true;
    }

    int fd_;
    std::array<char, 1 << 16> block_{};
    std::string error_;
};

AtomicFile::AtomicFile(std::string target) : target_(std::move(target)) {
    if (const std::string what = not_a_regular_file(target_); !what.empty()) {
        throw InputError(fmt::format("{}: {}; only a regular file is replaced", target_, what));
    }
    const std::filesystem::path path(target_);
    // Beside the target (a rename never crosses file systems), hidden, and a name of its own:
    // two writers never share it, and O_EXCL | O_NOFOLLOW never opens what someone put there.
    const std::string name = fmt::format(".{}.{}-{}.partial", path.filename().string(), ::getpid(), random_suffix());
    temporary_ = (path.parent_path() / name).string();
    const int fd = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) {
        // A full disk is no bad path: the output could not be written (exit status 74).
        const int code = errno;
        const std::string message = fmt::format("{}: cannot write a file beside it ({})", target_, std::strerror(code));
        if (code == ENOSPC || code == EDQUOT || code == EIO) throw OutputError(message);
        throw InputError(message);
    }
    // A file that is replaced keeps its permissions (a private 0600 export stays private).
    struct stat existing {};
    if (::stat(target_.c_str(), &existing) == 0) (void)::fchmod(fd, existing.st_mode & 07777);
    buffer_ = std::make_unique<Buffer>(fd);
    stream_ = std::make_unique<std::ostream>(buffer_.get());
}

AtomicFile::~AtomicFile() {
    stream_.reset();
    buffer_.reset();
    if (!committed_) ::unlink(temporary_.c_str());
}

std::ostream& AtomicFile::stream() { return *stream_; }

void AtomicFile::finish_writing() {
    stream_->flush();
    std::string error = *stream_ ? buffer_->finish() : buffer_->error();
    if (!*stream_ && error.empty()) error = "a write failed";
    if (!error.empty()) throw OutputError(fmt::format("{}: writing failed ({}); nothing written to it", target_, error));
}

void sync_parent_folder(const std::string& path) {
    const std::string folder = std::filesystem::path(path).parent_path().string();
    if (const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); fd >= 0) {
        (void)::fsync(fd);
        ::close(fd);
    }
}

void AtomicFile::commit() {
    finish_writing();
    // Checked again: something may have taken the target's place while the file was written.
    if (const std::string what = not_a_regular_file(target_); !what.empty()) {
        throw InputError(fmt::format("{}: {}; only a regular file is replaced", target_, what));
    }
    if (::rename(temporary_.c_str(), target_.c_str()) != 0) {
        throw OutputError(fmt::format("{}: cannot replace it ({}); nothing written to it", target_, std::strerror(errno)));
    }
    committed_ = true;
    sync_parent_folder(target_);
}

bool AtomicFile::commit_as_new() {
    finish_writing();
    // One step that fails when the name is taken, whatever took it: renameat2's NOREPLACE, or,
    // on a file system without it, a hard link made under the new name.
    if (::renameat2(AT_FDCWD, temporary_.c_str(), AT_FDCWD, target_.c_str(), RENAME_NOREPLACE) != 0) {
        if (errno == EEXIST) return false;
        if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) {
            throw OutputError(fmt::format("{}: cannot write it ({})", target_, std::strerror(errno)));
        }
        if (::link(temporary_.c_str(), target_.c_str()) != 0) {
            if (errno == EEXIST) return false;
            throw OutputError(fmt::format("{}: cannot write it ({})", target_, std::strerror(errno)));
        }
        ::unlink(temporary_.c_str());
    }
    committed_ = true;
    sync_parent_folder(target_);
    return true;
}

}  // namespace gpuclusters::formats
