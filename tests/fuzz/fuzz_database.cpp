// libFuzzer: a crafted database file. The harness makes the sample database once; each input
// patches a copy of it (records of a 4-byte offset, a length byte and that many bytes), and the
// read commands run on the result. A damaged file must end in an error (exit 4, or 3 for an
// input it holds that is refused), never a crash, a hang or an internal error.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "commands/command.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::database {

namespace {

std::string pristine;

}  // namespace

int initialize() {
    std::string pattern = (std::filesystem::temp_directory_path() / "gpuclusters-fuzz-db-XXXXXX").string();
    std::filesystem::current_path(mkdtemp(pattern.data()));
    setenv("GPUCLUSTERS_NOW", "2026-11-30T12:00:00Z", 1);
    unsetenv("GPUCLUSTERS_DB");
    std::ostringstream out, err;
    gpuclusters::commands::run_cli({"--db", "sample.db", "init", "--sample"}, out, err);
    std::ifstream file("sample.db", std::ios::binary);
    pristine.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    return 0;
}

int test_one_input(const std::uint8_t* data, std::size_t size) {
    if (pristine.empty()) std::abort();
    std::string bytes = pristine;
    for (std::size_t at = 0; at + 5 <= size;) {
        const std::uint32_t offset = static_cast<std::uint32_t>(data[at]) << 24 | static_cast<std::uint32_t>(data[at + 1]) << 16 |
                                     static_cast<std::uint32_t>(data[at + 2]) << 8 | data[at + 3];
        const std::size_t length = data[at + 4];
        at += 5;
        for (std::size_t i = 0; i < length && at < size; ++i, ++at)
            bytes[(offset + i) % bytes.size()] = static_cast<char>(data[at]);
    }
    std::filesystem::remove("crafted.db-wal");
    std::filesystem::remove("crafted.db-shm");
    std::ofstream("crafted.db", std::ios::binary | std::ios::trunc) << bytes;
    const std::vector<std::vector<std::string>> commands{{"list"},
                                                         {"show", "alcf-aurora", "--all"},
                                                         {"log", "-n", "3"},
                                                         {"verify"},
                                                         {"sources"},
                                                         {"blame", "alcf-aurora"},
                                                         {"export", "--format", "jsonl", "--provenance"},
                                                         {"compare", "alcf-aurora", "cscs-alps"}};
    for (const auto& command : commands) {
        std::vector<std::string> args{"--db", "crafted.db"};
        args.insert(args.end(), command.begin(), command.end());
        std::ostringstream out, err;
        const int status = gpuclusters::commands::run_cli(args, out, err);
        if (status < 0 || status > 4) {
            std::fprintf(stderr, "%s", err.str().c_str());
            std::abort();
        }
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("database", initialize, test_one_input);

}  // namespace gpuclusters::fuzz::database
