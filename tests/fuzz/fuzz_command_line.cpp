// libFuzzer: the command line. The input, split at NUL bytes, is the arguments, run against a
// copy of the sample database in a folder of the harness's own (an argument naming a path with
// a slash is dropped, so nothing outside that folder is read or written). Any argument vector
// must end in the exit status of an expected outcome; an internal error, a crash, a leak or
// undefined behaviour is a finding.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "commands/command.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::command_line {

namespace {

std::filesystem::path folder;

}  // namespace

int initialize() {
    std::string pattern = (std::filesystem::temp_directory_path() / "gpuclusters-fuzz-cli-XXXXXX").string();
    folder = mkdtemp(pattern.data());
    std::filesystem::current_path(folder);
    // edit opens $EDITOR: one that leaves the file as it is; no pager (the output is no terminal).
    setenv("EDITOR", "true", 1);
    setenv("GPUCLUSTERS_NOW", "2026-11-30T12:00:00Z", 1);
    setenv("GPUCLUSTERS_AUTHOR", "fuzz", 1);
    unsetenv("GPUCLUSTERS_DB");
    std::ostringstream out, err;
    gpuclusters::commands::run_cli({"--db", "sample.db", "init", "--sample"}, out, err);
    return 0;
}

int test_one_input(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> args{"--db", "run.db"};
    std::string arg;
    for (std::size_t i = 0; i <= size; ++i) {
        if (i == size || data[i] == '\0') {
            if (arg.find('/') == std::string::npos) args.push_back(arg);
            arg.clear();
        } else {
            arg.push_back(static_cast<char>(data[i]));
        }
    }
    std::error_code ignored;
    std::filesystem::copy_file("sample.db", "run.db", std::filesystem::copy_options::overwrite_existing, ignored);
    std::ostringstream out, err;
    const int status = gpuclusters::commands::run_cli(args, out, err);
    // Only the statuses of an expected outcome (gpuclusters(1), EXIT STATUS): 70, an internal
    // error, is an exception nothing expected, which is a finding too.
    if (status < 0 || status > 4) std::abort();
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("command_line", initialize, test_one_input);

}  // namespace gpuclusters::fuzz::command_line
