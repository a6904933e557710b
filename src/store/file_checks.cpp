// The file before SQLite opens it: what a database file must be (SQLite's, a regular file, with
// nothing but SQLite's own files beside it), and how a reader gets at one a writer left unsettled.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>

#include "store/internal.hpp"

namespace gpuclusters::store::detail {
namespace {

// Whether a writer that was killed (or a program that holds the file) left part of the database
// beside the file: commits in FILE-wal not yet folded in, or a write's journal to roll back.
bool left_beside(const std::string& path) { return file_not_empty(path + "-wal") || file_not_empty(path + "-journal"); }

}  // namespace

void check_header(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw DatabaseError(fmt::format("{}: cannot read the file", path));
    char header[16] = {};
    file.read(header, sizeof header);
    if (file.gcount() == 0) return;  // empty file: decided by the caller
    if (file.gcount() < 16 || std::string_view(header, 16) != std::string_view("SQLite format 3\0", 16)) {
        throw DatabaseError(fmt::format("{}: not a gpuclusters database (not an SQLite file); left untouched", path));
    }
}

void check_regular(const std::string& path, const std::filesystem::file_status& status) {
    if (!std::filesystem::is_regular_file(status)) {
        throw DatabaseError(fmt::format("{}: not a regular file, so not a database; left untouched", path));
    }
}

void check_file(const std::string& path) {
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (!std::filesystem::exists(status)) {
        throw DatabaseError(
            fmt::format("{}: no database here; create one with `gpuclusters init` "
                        "(or give --db or GPUCLUSTERS_DB)",
                        path));
    }
    check_regular(path, status);
    check_header(path);
    if (std::filesystem::file_size(path, error) == 0) {
        throw DatabaseError(fmt::format("{}: empty file, not a gpuclusters database; run `gpuclusters init`", path));
    }
}

void check_files_beside(const std::string& path) {
    // SQLite names them after the file a link leads to: the names beside both are checked.
    std::error_code error;
    const auto resolved = std::filesystem::canonical(path, error);
    std::vector<std::string> besides;
    for (const char* suffix : {"-wal", "-shm", "-journal"}) {
        besides.push_back(path + suffix);
        if (!error && resolved.string() != path) besides.push_back(resolved.string() + suffix);
    }
    for (const std::string& beside : besides) {
        std::error_code unreadable;
        const auto status = std::filesystem::symlink_status(beside, unreadable);
        if (!std::filesystem::exists(status) || std::filesystem::is_regular_file(status)) continue;
        throw DatabaseError(fmt::format("{}: {} is {}, not a file SQLite made; remove it; left untouched", path, beside,
                                        std::filesystem::is_symlink(status) ? "a symbolic link" : "not a regular file"));
    }
}

std::string immutable_uri(const std::string& path) {
    std::string uri = "file:";
    for (unsigned char c : path) {
        const bool escaped = c == '%' || c == '?' || c == '#' || c < 0x20 || c >= 0x7f;
        uri += escaped ? fmt::format("%{:02X}", c) : std::string(1, static_cast<char>(c));
    }
    return uri + "?immutable=1";
}

bool file_not_empty(const std::string& path) {
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    return !error && size > 0;
}

void recover_for_reader(const std::string& path) {
    if (!left_beside(path) || !is_gpuclusters_file(path)) return;
    const auto folder = std::filesystem::path(path).parent_path();
    if (::access(path.c_str(), W_OK) != 0 || ::access(folder.empty() ? "." : folder.c_str(), W_OK) != 0) return;
    try {
        SQLite::Database db(path, SQLite::OPEN_READWRITE, 0);
        db.exec("PRAGMA journal_mode = DELETE");
    } catch (const SQLite::Exception&) {
        // Another program holds it, or it is damaged: the reader's own open says which.
    }
}

}  // namespace gpuclusters::store::detail

namespace gpuclusters::store {

bool is_gpuclusters_file(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    unsigned char header[72] = {};
    file.read(reinterpret_cast<char*>(header), sizeof header);
    if (file.gcount() != sizeof header ||
        std::string_view(reinterpret_cast<const char*>(header), 16) != std::string_view("SQLite format 3\0", 16)) {
        return false;
    }
    const auto id = static_cast<std::uint32_t>(header[68]) << 24 | static_cast<std::uint32_t>(header[69]) << 16 |
                    static_cast<std::uint32_t>(header[70]) << 8 | header[71];
    return id == static_cast<std::uint32_t>(application_id);
}

}  // namespace gpuclusters::store
