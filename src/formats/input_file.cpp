#include "formats/input_file.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gpuclusters/model/error.hpp"

namespace gpuclusters::formats {

std::string not_regular_file(mode_t mode) {
    if (S_ISREG(mode)) return "";
    if (S_ISLNK(mode)) return "is a symbolic link";
    if (S_ISDIR(mode)) return "is a folder";
    if (S_ISFIFO(mode)) return "is a FIFO";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "is a device";
    if (S_ISSOCK(mode)) return "is a socket";
    return "is not a regular file";
}

std::string limit_text(std::size_t limit) {
    if (limit % (std::size_t{1} << 20) == 0) return fmt::format("{} MiB", limit >> 20);
    if (limit % (std::size_t{1} << 10) == 0) return fmt::format("{} KiB", limit >> 10);
    return fmt::format("{} bytes", limit);
}

namespace {

[[noreturn]] void refuse_kind(const std::string& path, const std::string& kind) {
    throw InputError(fmt::format("{}: {}; only a regular file is read", path, kind));
}

[[noreturn]] void refuse_size(const std::string& path, std::size_t limit) {
    throw InputError(fmt::format("{}: larger than {}, the most a file read whole may hold", path, limit_text(limit)));
}

}  // namespace

// Reads the descriptor in blocks; a failed read throws InputError naming the file.
class InputFile::Buffer : public std::streambuf {
public:
    Buffer(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}

protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        ssize_t got = 0;
        do {
            got = ::read(fd_, block_.data(), block_.size());
        } while (got < 0 && errno == EINTR);
        if (got < 0) throw InputError(fmt::format("{}: cannot read the file ({})", path_, std::strerror(errno)));
        if (got == 0) return traits_type::eof();
        setg(block_.data(), block_.data(), block_.data() + got);
        return traits_type::to_int_type(*gptr());
    }

private:
    int fd_;
    std::string path_;
    std::array<char, std::size_t{64} * 1024> block_{};
};

InputFile::InputFile(std::string path, std::string_view what, bool follow_links) : path_(std::move(path)) {
    auto cannot = [&](int code) { return InputError(fmt::format("{}: cannot read {} ({})", path_, what, std::strerror(code))); };
    // Looked at before it is opened: opening a FIFO waits for a writer, opening a device may do
    // something of its own.
    struct stat info {};
    if ((follow_links ? ::stat(path_.c_str(), &info) : ::lstat(path_.c_str(), &info)) != 0) throw cannot(errno);
    if (const std::string kind = not_regular_file(info.st_mode); !kind.empty()) refuse_kind(path_, kind);
    // Checked again on what was opened: the path may have changed in between, and O_NONBLOCK
    // keeps a FIFO put there meanwhile from blocking the open.
    const int flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (follow_links ? 0 : O_NOFOLLOW);
    fd_ = ::open(path_.c_str(), flags);
    if (fd_ < 0) {
        if (errno == ELOOP && !follow_links) refuse_kind(path_, "is a symbolic link");
        throw cannot(errno);
    }
    if (::fstat(fd_, &info) != 0) {
        const int code = errno;
        ::close(fd_);
        throw cannot(code);
    }
    if (const std::string kind = not_regular_file(info.st_mode); !kind.empty()) {
        ::close(fd_);
        refuse_kind(path_, kind);
    }
    (void)::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
    size_ = static_cast<std::uint64_t>(info.st_size);
    buffer_ = std::make_unique<Buffer>(fd_, path_);
}

InputFile::~InputFile() {
    buffer_.reset();
    if (fd_ >= 0) ::close(fd_);
}

std::streambuf& InputFile::buffer() { return *buffer_; }

std::string InputFile::read_all(std::size_t limit) {
    if (size_ > limit) refuse_size(path_, limit);
    return read_whole_stream(*buffer_, path_, limit);
}

std::string read_whole_file(const std::string& path, std::string_view what, bool follow_links, std::size_t limit) {
    InputFile file(path, what, follow_links);
    return file.read_all(limit);
}

std::string read_whole_stream(std::streambuf& source, const std::string& name, std::size_t limit) {
    std::string content;
    std::array<char, std::size_t{64} * 1024> block{};
    for (std::streamsize got = 0; (got = source.sgetn(block.data(), block.size())) > 0;) {
        if (content.size() + static_cast<std::size_t>(got) > limit) refuse_size(name, limit);
        content.append(block.data(), static_cast<std::size_t>(got));
    }
    return content;
}

}  // namespace gpuclusters::formats
