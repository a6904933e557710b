// libFuzzer: the environment gpuclusters runs in (issue 28). Each input sets, unsets or empties
// the variables it reads or passes on (GPUCLUSTERS_DB, _NOW, _AUTHOR, _BUSY_TIMEOUT_MS, _PAGER,
// PAGER, EDITOR, VISUAL, TERM, NO_COLOR, COLUMNS, LANG, LC_ALL, LESS, HOME, XDG_CACHE_HOME, TMPDIR)
// to fuzzed bytes (invalid UTF-8, huge numbers, control characters), and runs a read, a write and
// another read in-process through run_cli, with standard output a pseudo-terminal when the input
// asks (then the pager, the colours and the width apply). Nothing outside the harness's folder is
// touched and nothing harmful is run: GPUCLUSTERS_DB is a name in that folder; HOME,
// XDG_CACHE_HOME and TMPDIR are paths inside it; the pagers and editors are chosen from a list of
// commands that do nothing (true, false, cat, a missing program, a shell that exits), an editor
// given fuzzed arguments only when it ignores them, and the default pager (less) is never run. Property: every command ends in a
// documented status (0 to 4, or 74 when a pager through the shell could not be run; never 70, a crash or a leak).
//
// Input: byte 0 the options (bit 0 standard output a terminal, bit 1 --no-pager, bits 2-7 the
// commands), byte 1 the commands, then entries: a byte for the variable, a length byte (255:
// unset it) and that many bytes of value.
#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "commands/command.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::environment {

namespace fs = std::filesystem;

namespace {

fs::path work;
std::string pristine;

const std::array<const char*, 17> variables{"GPUCLUSTERS_DB",
                                            "GPUCLUSTERS_NOW",
                                            "GPUCLUSTERS_AUTHOR",
                                            "GPUCLUSTERS_BUSY_TIMEOUT_MS",
                                            "GPUCLUSTERS_PAGER",
                                            "PAGER",
                                            "EDITOR",
                                            "VISUAL",
                                            "TERM",
                                            "NO_COLOR",
                                            "COLUMNS",
                                            "LANG",
                                            "LC_ALL",
                                            "LESS",
                                            "HOME",
                                            "XDG_CACHE_HOME",
                                            "TMPDIR"};

// Commands that do nothing, or cannot be found, or fail: never one that waits or writes.
const std::vector<std::string> pagers{"true",
                                      "false",
                                      "cat",
                                      "",
                                      " \t ",
                                      "gpuclusters-no-such-pager",
                                      "gpuclusters-no-such-pager --x",
                                      "true | true",
                                      "exit 127;",
                                      "exit 126;",
                                      "sh -c exit",
                                      "/bin/true",
                                      "gpuclusters-no-such-pager | true"};
// The first words ignore any argument; the others are given none.
const std::vector<std::string> editors{"true", "false", "/bin/true", "/bin/false", "gpuclusters-no-such-editor",
                                       "",     " \t ",  "touch"};

std::string strip_nul(std::string value) { return value.substr(0, value.find('\0')); }

// A path that stays in the harness's folder: ".." cannot climb out of it, and an absolute path
// is taken from the folder.
std::string rooted(std::string value) {
    for (auto at = value.find(".."); at != std::string::npos; at = value.find("..")) value.replace(at, 2, "__");
    if (!value.empty() && value.front() == '/') return work.string() + value;
    return value;
}

std::string value_of(std::size_t variable, const std::string& bytes) {
    const std::string name = variables[variable];
    const std::uint8_t first = bytes.empty() ? 0 : static_cast<std::uint8_t>(bytes[0]);
    const std::string rest = bytes.empty() ? std::string() : bytes.substr(1);
    if (name == "GPUCLUSTERS_DB") {
        if (first % 4 == 0) return "run.db";
        std::string file;
        for (char c : rest) {
            if (c != '/') file += c;
        }
        return rooted(file);
    }
    if (name == "GPUCLUSTERS_PAGER" || name == "PAGER") return pagers[first % pagers.size()];
    if (name == "EDITOR" || name == "VISUAL") {
        const std::string& editor = editors[first % editors.size()];
        const bool ignores_arguments = editor == "true" || editor == "false" || editor == "/bin/true" || editor == "/bin/false";
        return ignores_arguments && !rest.empty() ? editor + " " + rest : editor;
    }
    if (name == "HOME" || name == "XDG_CACHE_HOME" || name == "TMPDIR") return rooted(bytes);
    return bytes;
}

void baseline() {
    for (const char* name : variables) unsetenv(name);
    setenv("GPUCLUSTERS_NOW", "2026-11-30T12:00:00Z", 1);
    setenv("GPUCLUSTERS_AUTHOR", "fuzz", 1);
    setenv("HOME", (work / "home").c_str(), 1);
    setenv("XDG_CACHE_HOME", (work / "cache").c_str(), 1);
    setenv("TMPDIR", (work / "tmp").c_str(), 1);
    setenv("EDITOR", "true", 1);
    setenv("PAGER", "cat", 1);
}

struct Step {
    std::vector<std::string> args;
    bool pages = false;
};

const std::vector<Step> reads{{{"list"}, true},
                              {{"show", "cscs-alps"}, true},
                              {{"log", "-n", "2"}, true},
                              {{"verify", "cscs-alps"}, true},
                              {{"sources"}, true},
                              {{"blame", "cscs-alps"}, true},
                              {{"compare", "alcf-aurora", "cscs-alps"}},
                              {{"stats"}},
                              {{"export", "--format", "csv"}},
                              {{"check"}},
                              {{"--color", "always", "list", "--wide"}, true},
                              {{"fields"}}};
const std::vector<Step> writes{{{"add", "cscs-alps", "--set", "city=Bern", "--unsourced"}},
                               {{"add", "env-new", "--new", "--name", "Env New", "--unsourced"}},
                               {{"edit", "cscs-alps"}},
                               {{"init"}},
                               {{"import", "--unsourced", "record.toml"}},
                               {{"revert", "1"}},
                               {{"cite", "cscs-alps", "city", "--source", "https://example.org/env", "--kind", "press"}},
                               {{"verify", "--sign", "cscs-alps"}}};

// Standard output made a pseudo-terminal for the input's commands, and put back.
class Terminal {
public:
    Terminal() {
        master_ = posix_openpt(O_RDWR | O_NOCTTY);
        if (master_ < 0 || grantpt(master_) != 0 || unlockpt(master_) != 0) return;
        const char* name = ptsname(master_);
        if (name == nullptr) return;
        slave_ = open(name, O_RDWR | O_NOCTTY);
        if (slave_ < 0) return;
        fcntl(master_, F_SETFL, fcntl(master_, F_GETFL) | O_NONBLOCK);
        std::fflush(stdout);
        saved_ = dup(STDOUT_FILENO);
        dup2(slave_, STDOUT_FILENO);
    }
    ~Terminal() {
        if (saved_ >= 0) {
            std::fflush(stdout);
            dup2(saved_, STDOUT_FILENO);
            close(saved_);
        }
        if (slave_ >= 0) close(slave_);
        if (master_ >= 0) close(master_);
    }
    Terminal(const Terminal&) = delete;
    Terminal& operator=(const Terminal&) = delete;
    bool active() const { return saved_ >= 0; }
    // What reached the terminal is read and dropped, so that a writer to it never waits.
    void drain() const {
        char block[4096];
        while (master_ >= 0 && read(master_, block, sizeof block) > 0) {
        }
    }

private:
    int master_ = -1;
    int slave_ = -1;
    int saved_ = -1;
};

}  // namespace

int initialize() {
    std::string pattern = (fs::temp_directory_path() / "gpuclusters-fuzz-env-XXXXXX").string();
    work = mkdtemp(pattern.data());
    fs::current_path(work);
    // Removed when the run ends; a crash leaves it as the input left it.
    std::atexit([] {
        std::error_code ignored;
        fs::remove_all(work, ignored);
    });
    baseline();
    std::ostringstream out, err;
    if (gpuclusters::commands::run_cli({"--db", "run.db", "init", "--sample"}, out, err) != 0) std::abort();
    std::ifstream file("run.db", std::ios::binary);
    pristine.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    return 0;
}

int test_one_input(const std::uint8_t* data, std::size_t size) {
    if (pristine.empty()) std::abort();
    if (size < 2) return 0;
    // The folder as the harness made it: the databases again, and nothing a command left.
    std::error_code error;
    std::vector<fs::path> left;
    for (fs::directory_iterator it(work, error), end; !error && it != end; it.increment(error)) left.push_back(it->path());
    for (const auto& path : left) fs::remove_all(path, error);
    for (const char* folder : {"home", "cache", "tmp"}) fs::create_directory(work / folder, error);
    for (const char* name : {"run.db", "gpuclusters.db"}) std::ofstream(work / name, std::ios::binary) << pristine;
    std::ofstream(work / "record.toml") << "format = 1\nid = \"cscs-alps\"\n\n[field.city]\nvalue = \"Lugano\"\n";

    baseline();
    for (std::size_t at = 2; at + 2 <= size;) {
        const std::size_t variable = data[at] % variables.size();
        if (data[at + 1] == 255) {
            unsetenv(variables[variable]);
            at += 2;
            continue;
        }
        const std::size_t length = std::min<std::size_t>(data[at + 1], size - at - 2);
        const std::string bytes = strip_nul(std::string(reinterpret_cast<const char*>(data) + at + 2, length));
        setenv(variables[variable], value_of(variable, bytes).c_str(), 1);
        at += 2 + length;
    }
    // Never the default pager, less, which LESS (fuzzed) may keep waiting on a terminal.
    if (std::getenv("GPUCLUSTERS_PAGER") == nullptr && std::getenv("PAGER") == nullptr) setenv("PAGER", "cat", 1);

    const std::uint8_t options = data[0], choice = data[1];
    const std::vector<Step> steps{reads[choice % reads.size()], writes[(choice / reads.size()) % writes.size()],
                                  reads[(options >> 2) % reads.size()]};
    std::optional<Terminal> terminal;
    if (options & 1) terminal.emplace();
    for (const auto& step : steps) {
        std::vector<std::string> args;
        if (options & 2) args.push_back("--no-pager");
        args.insert(args.end(), step.args.begin(), step.args.end());
        std::ostringstream out, err;
        const int status = gpuclusters::commands::run_cli(args, out, err);
        if (terminal) terminal->drain();
        const bool expected = (status >= 0 && status <= 4) || (status == 74 && (options & 1) && step.pages);
        if (!expected) {
            terminal.reset();
            std::fprintf(stderr, "exit %d: %s\n", status, err.str().c_str());
            std::abort();
        }
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("environment", initialize, test_one_input);

}  // namespace gpuclusters::fuzz::environment
