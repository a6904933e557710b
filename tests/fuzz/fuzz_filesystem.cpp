// libFuzzer: the shapes of the file system that gpuclusters is given (issue 28). Each input builds
// a small tree in a scratch folder: regular files of fuzzed content (or a record with a fuzzed
// value), empty files, files and folders with no permissions (CI runs as root, so these may still
// be read), sub-folders named like files (x.toml), symbolic links (to a file or a folder of the
// tree, to the database, to /dev/zero or /dev/null, dangling, to themselves), FIFOs, a socket and a
// hard link to the database; then one command reads or writes through one of its paths: import of
// the folder or of one path, verify --config, import --mapping (as the mapping, or as the table),
// compare --against, --db (a read, a write, init), edit with TMPDIR there, export -o there.
// Property: the command ends in a documented status (0 to 4, or 74 for an export whose file could
// not be written whole; never 70, a crash or a leak), never blocks (a FIFO is refused before it is
// opened: run.sh gives this harness -timeout, so a command that waits is a finding), and a write
// refused (3 or 4) leaves the databases as they were (as fuzz_crafted_db checks it, with
// crafted_db.hpp's refused_write_change).
//
// Input: byte 0 chooses the command, byte 1 the path it is given, then entries of the tree: a
// byte for the kind, a byte for the name, a length byte and that many bytes of content.
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "commands/command.hpp"
#include "crafted_db.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::filesystem {

namespace fs = std::filesystem;

namespace {

fs::path work;
std::string pristine;

const std::vector<std::string>& names() {
    static const std::vector<std::string> list{"a.toml",
                                               "b.toml",
                                               "x.toml",
                                               "sub",
                                               "sub/c.toml",
                                               "d.csv",
                                               "map.toml",
                                               "gpuclusters.toml",
                                               ".hidden.toml",
                                               "UPPER.TOML",
                                               "e.jsonl",
                                               "f.json",
                                               "\xff\xfe.toml",
                                               "sp ace.toml",
                                               "deep/deeper/g.toml",
                                               "db.sqlite",
                                               "tmp",
                                               "sub/sub2",
                                               std::string(250, 'n') + ".toml",
                                               "-n.toml"};
    return list;
}

std::string name_of(std::uint8_t choice) { return names()[choice % names().size()]; }

// Every folder of the tree made searchable and writable again (a folder of mode 000 cannot be
// emptied by a user other than root), without following links.
void open_up(const fs::path& folder) {
    ::chmod(folder.c_str(), 0700);
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
        if (it->symlink_status(error).type() == fs::file_type::directory) open_up(it->path());
    }
}

// Whether `path`'s folder is inside the tree once its links are followed: an entry is never
// made through a link that leads out of it.
bool inside_tree(const fs::path& path) {
    std::error_code error;
    const auto folder = fs::weakly_canonical(path.parent_path(), error);
    if (error) return false;
    const std::string tree = fs::canonical(work / "tree").string();
    const std::string there = folder.string();
    return there == tree || there.starts_with(tree + "/");
}

void make_entry(std::uint8_t kind, const std::string& name, const std::string& content) {
    const fs::path path = work / "tree" / name;
    std::error_code error;
    fs::create_directories(path.parent_path(), error);
    if (!inside_tree(path)) return;
    fs::remove_all(path, error);
    const std::string db = (work / "db.sqlite").string();
    switch (kind % 17) {
        case 0:
            std::ofstream(path, std::ios::binary) << content;
            break;
        case 1:  // a record, the content its name
            std::ofstream(path, std::ios::binary)
                << "format = 1\nid = \"fs-one\"\n\n[field.name]\nvalue = \"" << content << "\"\n";
            break;
        case 2:
            fs::create_directories(path, error);
            break;
        case 3:
            fs::create_symlink(name_of(content.empty() ? 0 : static_cast<std::uint8_t>(content[0])), path, error);
            break;
        case 4: {
            static const char* const folders[] = {".", "..", "sub", "deep"};
            fs::create_symlink(folders[content.size() % 4], path, error);
            break;
        }
        case 5:
            fs::create_symlink("/dev/zero", path, error);
            break;
        case 6:
            fs::create_symlink("/dev/null", path, error);
            break;
        case 7:
            fs::create_symlink("nowhere/none.toml", path, error);
            break;
        case 8:
            fs::create_symlink(path.filename(), path, error);
            break;
        case 9:
            ::mkfifo(path.c_str(), 0600);
            break;
        case 10:
            std::ofstream(path, std::ios::binary).flush();
            break;
        case 11:
            std::ofstream(path, std::ios::binary) << content;
            ::chmod(path.c_str(), 0);
            break;
        case 12:
            fs::create_directories(path, error);
            std::ofstream(path / "inner.toml") << "format = 1\nid = \"fs-inner\"\n";
            ::chmod(path.c_str(), 0);
            break;
        case 13: {
            const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
            sockaddr_un address{};
            address.sun_family = AF_UNIX;
            if (fd >= 0 && path.string().size() < sizeof address.sun_path) {
                std::memcpy(address.sun_path, path.c_str(), path.string().size() + 1);
                (void)::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
            }
            if (fd >= 0) ::close(fd);
            break;
        }
        case 14:
            fs::create_hard_link(db, path, error);
            break;
        case 15:
            fs::create_symlink(db, path, error);
            break;
        default:  // a record that imports
            std::ofstream(path, std::ios::binary) << "format = 1\nid = \"fs-good\"\n\n[field.name]\nvalue = \"FS Good\"\n\n"
                                                     "[field.gpus_installed]\nvalue = \"64 x 8\"\n";
            break;
    }
}

struct Command {
    std::vector<std::string> args;
    bool writes = false;
    bool exports = false;
    std::string tmpdir;
};

Command command_for(std::uint8_t what, const std::string& target) {
    const std::string path = "tree/" + target;
    switch (what % 15) {
        case 0:
            return {{"--db", "db.sqlite", "import", "--unsourced", "tree"}, true};
        case 1:
            return {{"--db", "db.sqlite", "import", "--unsourced", path}, true};
        case 2:
            return {{"--db", "db.sqlite", "verify", "--config", path}};
        case 3:
            return {{"--db", "db.sqlite", "import", "--unsourced", "--mapping", path, "table.csv"}, true};
        case 4:
            return {{"--db", "db.sqlite", "import", "--unsourced", "--mapping", "map.toml", path}, true};
        case 5:
            return {{"--db", path, "list"}};
        case 6:
            return {{"--db", path, "add", "cscs-alps", "--set", "city=Bern", "--unsourced"}, true};
        case 7:
            return {{"--db", "tree/db.sqlite", "verify"}};
        case 8:
            return {{"--db", "db.sqlite", "compare", "--against", path}};
        case 9:
            return {{"--db", "db.sqlite", "edit", "cscs-alps"}, true, false, (work / path).string()};
        case 10:
            return {{"--db", "db.sqlite", "export", "--format", "jsonl", "-o", path}, false, true};
        case 11:
            return {{"--db", "db.sqlite", "export", "--format", "toml", "--where", "name=Alps", "-o", path}, false, true};
        case 12:
            return {{"--db", "db.sqlite", "import", "--format", "toml", "--unsourced", path}, true};
        case 13:
            return {{"--db", path, "init"}, true};
        default:
            return {{"--db", "db.sqlite", "import", "--dry-run", "--unsourced", "tree"}};
    }
}

}  // namespace

int initialize() {
    std::string pattern = (fs::temp_directory_path() / "gpuclusters-fuzz-fs-XXXXXX").string();
    work = mkdtemp(pattern.data());
    fs::current_path(work);
    // Removed when the run ends (folders of mode 000 opened up first); a crash leaves it as the
    // input built it.
    std::atexit([] {
        std::error_code ignored;
        open_up(work);
        fs::remove_all(work, ignored);
    });
    setenv("GPUCLUSTERS_NOW", "2026-11-30T12:00:00Z", 1);
    setenv("GPUCLUSTERS_AUTHOR", "fuzz", 1);
    setenv("XDG_CACHE_HOME", (work / "cache").c_str(), 1);
    // edit's editor leaves the file as it was.
    setenv("EDITOR", "true", 1);
    unsetenv("VISUAL");
    unsetenv("GPUCLUSTERS_DB");
    std::ostringstream out, err;
    if (gpuclusters::commands::run_cli({"--db", "db.sqlite", "init", "--sample"}, out, err) != 0) std::abort();
    pristine = crafting::read_bytes("db.sqlite");
    std::ofstream("table.csv") << "Name,Count\nAlpha,12\nBeta,8\n";
    std::ofstream("map.toml") << "format = 1\n[id]\ncolumn = \"Name\"\n[fields.name]\ncolumn = \"Name\"\n";
    return 0;
}

int test_one_input(const std::uint8_t* data, std::size_t size) {
    if (pristine.empty()) std::abort();
    if (size < 2) return 0;
    std::error_code error;
    if (fs::exists(fs::symlink_status(work / "tree", error))) {
        open_up(work / "tree");
        fs::remove_all(work / "tree", error);
    }
    fs::create_directory(work / "tree", error);
    for (const char* file : {"db.sqlite-wal", "db.sqlite-shm", "db.sqlite-journal"}) fs::remove(work / file, error);
    crafting::write_bytes((work / "db.sqlite").string(), pristine);
    crafting::write_bytes((work / "tree" / "db.sqlite").string(), pristine);
    constexpr std::size_t most_entries = 16;
    std::size_t entries = 0;
    for (std::size_t at = 2; at + 3 <= size && entries < most_entries; ++entries) {
        const std::uint8_t kind = data[at], name = data[at + 1];
        const std::size_t length = std::min<std::size_t>(data[at + 2], size - at - 3);
        make_entry(kind, name_of(name), std::string(reinterpret_cast<const char*>(data) + at + 3, length));
        at += 3 + length;
    }

    const Command command = command_for(data[0], name_of(data[1]));
    auto databases = [] {
        std::vector<std::string> bytes;
        for (const auto& path : {work / "db.sqlite", work / "tree" / "db.sqlite"}) {
            std::error_code ignored;
            bytes.push_back(fs::is_regular_file(fs::symlink_status(path, ignored)) ? crafting::read_bytes(path.string()) : "");
        }
        return bytes;
    };
    const auto before = databases();
    if (!command.tmpdir.empty()) setenv("TMPDIR", command.tmpdir.c_str(), 1);
    std::ostringstream out, err;
    const int status = gpuclusters::commands::run_cli(command.args, out, err);
    unsetenv("TMPDIR");
    const bool expected = (status >= 0 && status <= 4) || (status == 74 && command.exports);
    if (!expected) {
        std::fprintf(stderr, "exit %d: %s\n", status, err.str().c_str());
        std::abort();
    }
    if (command.writes && (status == 3 || status == 4)) {
        const bool untouched = err.str().find("left untouched") != std::string::npos;
        const char* const paths[] = {"db.sqlite", "tree/db.sqlite"};
        for (std::size_t i = 0; i < before.size(); ++i) {
            if (before[i].empty()) continue;
            if (const auto change = crafting::refused_write_change(before[i], paths[i], untouched); !change.empty()) {
                std::fprintf(stderr, "a refused write (exit %d) changed %s %s: %s\n", status, paths[i], change.c_str(),
                             err.str().c_str());
                std::abort();
            }
        }
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("filesystem", initialize, test_one_input);

}  // namespace gpuclusters::fuzz::filesystem
