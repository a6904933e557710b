#include "formats/site_folder.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <random>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

#include "embedded_data.hpp"
#include "formats/atomic_file.hpp"
#include "formats/input_file.hpp"
#include "gpuclusters/model/error.hpp"

namespace gpuclusters::formats {
namespace {

namespace fs = std::filesystem;

bool is_site_or_empty(const std::string& folder) {
    std::error_code error;
    if (fs::is_empty(folder, error) && !error) return true;
    struct stat marker {};
    return ::lstat((fs::path(folder) / site_marker).c_str(), &marker) == 0 && S_ISREG(marker.st_mode);
}

void check_relative(const std::string& path) {
    const fs::path relative(path);
    bool fine = !path.empty() && relative.is_relative();
    for (const auto& part : relative) fine = fine && part != ".." && part != "." && !part.empty();
    if (!fine) throw std::logic_error("a site file's path must stay in its folder: " + path);
}

bool same_bytes(const std::string& path, std::string_view bytes) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return false;
    if (static_cast<std::uint64_t>(info.st_size) != bytes.size()) return false;
    InputFile file(path, "the old site's file", false);
    return file.read_all(bytes.size()) == bytes;
}

// Two files compared a block at a time, so a snapshot of any size is compared in flat memory.
bool same_files(const std::string& old_file, const std::string& new_file) {
    struct stat old_info {};
    struct stat new_info {};
    if (::lstat(old_file.c_str(), &old_info) != 0 || !S_ISREG(old_info.st_mode)) return false;
    if (::lstat(new_file.c_str(), &new_info) != 0 || old_info.st_size != new_info.st_size) return false;
    std::ifstream old_stream(old_file, std::ios::binary);
    std::ifstream new_stream(new_file, std::ios::binary);
    std::string old_block(1 << 16, '\0');
    std::string new_block(1 << 16, '\0');
    while (old_stream && new_stream) {
        old_stream.read(old_block.data(), static_cast<std::streamsize>(old_block.size()));
        new_stream.read(new_block.data(), static_cast<std::streamsize>(new_block.size()));
        if (old_stream.gcount() != new_stream.gcount()) return false;
        const auto count = static_cast<std::size_t>(old_stream.gcount());
        if (old_block.compare(0, count, new_block, 0, count) != 0) return false;
    }
    return old_stream.eof() && new_stream.eof();
}

void write_new_file(const std::string& path, std::string_view bytes) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) throw OutputError(fmt::format("{}: cannot write the file ({})", path, std::strerror(errno)));
    for (std::size_t at = 0; at < bytes.size();) {
        const ssize_t written = ::write(fd, bytes.data() + at, bytes.size() - at);
        if (written < 0 && errno == EINTR) continue;
        if (written < 0) {
            const int code = errno;
            ::close(fd);
            throw OutputError(fmt::format("{}: cannot write the file ({})", path, std::strerror(code)));
        }
        at += static_cast<std::size_t>(written);
    }
    if (::close(fd) != 0) throw OutputError(fmt::format("{}: cannot write the file ({})", path, std::strerror(errno)));
}

// Every file of the folder is on disk before the rename makes the folder the site.
void sync_tree(const std::string& folder) {
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || ::syncfs(fd) != 0) {
        const int code = errno;
        if (fd >= 0) ::close(fd);
        throw OutputError(fmt::format("{}: cannot write the site ({})", folder, std::strerror(code)));
    }
    ::close(fd);
}

std::size_t files_not_in(const std::string& old_site, const std::string& new_site) {
    std::size_t missing = 0;
    std::error_code error;
    for (auto it = fs::recursive_directory_iterator(old_site, error); !error && it != fs::recursive_directory_iterator();
         it.increment(error)) {
        if (!it->is_regular_file(error) || it->path().filename() == site_marker) continue;
        const fs::path relative = fs::relative(it->path(), old_site, error);
        if (!fs::exists(fs::path(new_site) / relative, error)) ++missing;
    }
    return missing;
}

}  // namespace

SiteFolder::SiteFolder(std::string target) : target_(std::move(target)) {
    while (target_.size() > 1 && target_.back() == '/') target_.pop_back();
    struct stat info {};
    if (::lstat(target_.c_str(), &info) == 0) {
        if (!S_ISDIR(info.st_mode)) {
            throw InputError(fmt::format("{}: {}; a site is written to a folder", target_,
                                         not_regular_file(info.st_mode).empty() ? "is a file" : not_regular_file(info.st_mode)));
        }
        if (!is_site_or_empty(target_)) {
            throw InputError(
                fmt::format("{}: a folder that holds no site gpuclusters built (no {} in it); only such a folder, "
                            "or an empty one, is replaced",
                            target_, site_marker));
        }
        replacing_ = true;
    } else if (errno != ENOENT) {
        throw InputError(fmt::format("{}: cannot read the folder ({})", target_, std::strerror(errno)));
    }
    const fs::path path(target_);
    std::random_device device;
    building_ =
        (path.parent_path() / fmt::format(".{}.{}-{:08x}.partial", path.filename().string(), ::getpid(), device())).string();
    if (::mkdir(building_.c_str(), 0755) != 0) {
        throw InputError(fmt::format("{}: cannot make the new site's folder beside it ({})", target_, std::strerror(errno)));
    }
}

SiteFolder::~SiteFolder() {
    std::error_code ignored;
    if (!building_.empty()) fs::remove_all(building_, ignored);
}

std::string SiteFolder::prepare(const std::string& path) {
    check_relative(path);
    const fs::path file = fs::path(building_) / path;
    // A folder is made once; a site has few folders and many files in each.
    if (folders_.insert(file.parent_path().string()).second) {
        std::error_code error;
        fs::create_directories(file.parent_path(), error);
        if (error)
            throw OutputError(fmt::format("{}: cannot make the folder ({})", file.parent_path().string(), error.message()));
    }
    if (::access(file.c_str(), F_OK) == 0 || streams_.count(path)) throw std::logic_error("a site file written twice: " + path);
    ++changes_.files;
    return file.string();
}

void SiteFolder::write(const std::string& path, std::string_view bytes) {
    const std::string file = prepare(path);
    const std::string old_file = (fs::path(target_) / path).string();
    if (replacing_ && same_bytes(old_file, bytes) && ::link(old_file.c_str(), file.c_str()) == 0) {
        ++changes_.unchanged;
        return;
    }
    write_new_file(file, bytes);
    ++changes_.written;
}

std::ostream& SiteFolder::open(const std::string& path) {
    const std::string file = prepare(path);
    auto stream = std::make_unique<std::ofstream>(file, std::ios::binary | std::ios::trunc);
    if (!*stream) throw OutputError(fmt::format("{}: cannot write the file ({})", file, std::strerror(errno)));
    return *streams_.emplace(path, std::move(stream)).first->second;
}

void SiteFolder::close(const std::string& path) {
    const auto found = streams_.find(path);
    if (found == streams_.end()) throw std::logic_error("a site file closed but never opened: " + path);
    std::ofstream& stream = *found->second;
    stream.close();
    const std::string file = (fs::path(building_) / path).string();
    if (stream.fail()) throw OutputError(fmt::format("{}: cannot write the file ({})", file, std::strerror(errno)));
    streams_.erase(found);
    keep_if_unchanged(path, file);
}

void SiteFolder::keep_if_unchanged(const std::string& path, const std::string& file) {
    const std::string old_file = (fs::path(target_) / path).string();
    if (replacing_ && same_files(old_file, file) && ::unlink(file.c_str()) == 0) {
        if (::link(old_file.c_str(), file.c_str()) == 0) {
            ++changes_.unchanged;
            return;
        }
        throw OutputError(fmt::format("{}: cannot link the old site's file ({})", file, std::strerror(errno)));
    }
    ++changes_.written;
}

SiteChanges SiteFolder::commit() {
    if (!streams_.empty()) throw std::logic_error("a site file left open: " + streams_.begin()->first);
    write_new_file((fs::path(building_) / site_marker).string(),
                   "A website gpuclusters built: `gpuclusters site` replaces it.\n");
    sync_tree(building_);
    const unsigned flags = replacing_ ? RENAME_EXCHANGE : RENAME_NOREPLACE;
    if (::renameat2(AT_FDCWD, building_.c_str(), AT_FDCWD, target_.c_str(), flags) != 0) {
        throw OutputError(fmt::format("{}: cannot put the new site in place ({})", target_, std::strerror(errno)));
    }
    committed_ = true;
    if (replacing_) {
        // The old site now stands where the new one was built, and goes the same way.
        changes_.removed = files_not_in(building_, target_);
        std::error_code ignored;
        fs::remove_all(building_, ignored);
    }
    building_.clear();
    sync_parent_folder(target_);
    return changes_;
}

std::map<std::string, std::string> site_templates(const std::optional<std::string>& folder) {
    std::map<std::string, std::string> templates;
    for (const auto& file : embedded::site_templates) templates.emplace(file.name, file.content);
    if (!folder) return templates;
    std::error_code error;
    fs::directory_iterator entries(*folder, error);
    if (error) throw InputError(fmt::format("{}: cannot read the templates' folder ({})", *folder, error.message()));
    for (const auto& entry : entries) {
        const std::string name = entry.path().filename().string();
        auto known = templates.find(name);
        if (known == templates.end()) {
            std::string names;
            for (const auto& [template_name, text] : templates) names += (names.empty() ? "" : ", ") + template_name;
            throw InputError(fmt::format("{}: not a template of the site (they are {})", entry.path().string(), names));
        }
        known->second = InputFile(entry.path().string(), "the template").read_all();
    }
    return templates;
}

}  // namespace gpuclusters::formats
