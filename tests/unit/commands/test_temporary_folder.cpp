#include <doctest/doctest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "commands/temporary_folder.hpp"

using namespace gpuclusters;

namespace {

struct Ended {
    std::string folder;  // the folder the child made
    int status = 0;      // its wait status
    std::string said;    // what it wrote after the signal, if it lived on
};

// Runs `body` in a child process that makes a TemporaryFolder with a file and a hidden file in
// it (as an editor leaves a swap file), then raises `signal`.
template <typename Body>
Ended in_child(int signal, Body body) {
    int ends[2];
    REQUIRE(::pipe(ends) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::close(ends[0]);
        // The default actions, not the test runner's own handlers.
        for (const int each : {SIGINT, SIGTERM, SIGHUP}) std::signal(each, SIG_DFL);
        {
            commands::TemporaryFolder folder("gpuclusters-unit-folder");
            std::ofstream(folder.path() + "/record.toml") << "id = 1\n";
            std::ofstream(folder.path() + "/.record.toml.swp") << "swap\n";
            const std::string line = folder.path() + "\n";
            (void)!::write(ends[1], line.data(), line.size());
            body(folder);
            ::raise(signal);
            (void)!::write(ends[1], "lived on\n", 9);
        }
        ::_exit(0);
    }
    ::close(ends[1]);
    std::string text;
    char block[512];
    for (ssize_t got = 0; (got = ::read(ends[0], block, sizeof block)) > 0;) text.append(block, static_cast<std::size_t>(got));
    ::close(ends[0]);
    Ended ended;
    ::waitpid(child, &ended.status, 0);
    const auto newline = text.find('\n');
    ended.folder = text.substr(0, newline);
    if (newline != std::string::npos) ended.said = text.substr(newline + 1);
    return ended;
}

}  // namespace

TEST_CASE("a temporary folder goes on SIGINT, SIGTERM and SIGHUP, and the process ends by the signal") {
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
        CAPTURE(signal);
        const Ended ended = in_child(signal, [](commands::TemporaryFolder&) {});
        REQUIRE_FALSE(ended.folder.empty());
        CHECK(WIFSIGNALED(ended.status));
        CHECK(WTERMSIG(ended.status) == signal);
        CHECK_FALSE(std::filesystem::exists(ended.folder));
    }
    // A folder kept for its author (a failed edit) still goes when the process is killed.
    const Ended kept = in_child(SIGTERM, [](commands::TemporaryFolder& folder) { folder.keep(); });
    CHECK(WTERMSIG(kept.status) == SIGTERM);
    CHECK_FALSE(std::filesystem::exists(kept.folder));
}

TEST_CASE("while the editor runs, Ctrl-C is the editor's; SIGTERM is passed on to it") {
    // SIGINT with a child in the foreground: nothing happens to the folder or the process.
    const Ended interrupted = in_child(SIGINT, [](commands::TemporaryFolder& folder) { folder.child_started(::getpid()); });
    CHECK(WIFEXITED(interrupted.status));
    CHECK(interrupted.said == "lived on\n");
    CHECK_FALSE(std::filesystem::exists(interrupted.folder));  // removed as it went out of scope
    // SIGTERM: the child gets it too, before the folder goes.
    const pid_t editor = ::fork();
    REQUIRE(editor >= 0);
    if (editor == 0) {
        std::signal(SIGTERM, SIG_DFL);
        ::pause();
        ::_exit(0);
    }
    const Ended terminated = in_child(SIGTERM, [editor](commands::TemporaryFolder& folder) { folder.child_started(editor); });
    CHECK(WTERMSIG(terminated.status) == SIGTERM);
    CHECK_FALSE(std::filesystem::exists(terminated.folder));
    int editor_status = 0;
    ::waitpid(editor, &editor_status, 0);
    CHECK(WIFSIGNALED(editor_status));
    CHECK(WTERMSIG(editor_status) == SIGTERM);
}

TEST_CASE("a temporary folder is removed when it goes out of scope, unless kept") {
    std::string removed, kept;
    {
        commands::TemporaryFolder folder("gpuclusters-unit-folder");
        std::ofstream(folder.path() + "/a.toml") << "a = 1\n";
        removed = folder.path();
    }
    CHECK_FALSE(std::filesystem::exists(removed));
    {
        commands::TemporaryFolder folder("gpuclusters-unit-folder");
        folder.keep();
        kept = folder.path();
    }
    CHECK(std::filesystem::exists(kept));
    std::filesystem::remove_all(kept);
}
