#include "render/pager.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <sys/wait.h>
#include <system_error>
#include <unistd.h>
#include <vector>

#include "gpuclusters/model/text.hpp"

namespace gpuclusters::render {
namespace {

void close_both(const int ends[2]) {
    close(ends[0]);
    close(ends[1]);
}

}  // namespace

std::optional<std::string> Pager::wanted(bool no_pager) {
    if (no_pager || isatty(STDOUT_FILENO) != 1) return std::nullopt;
    const char* chosen = std::getenv("GPUCLUSTERS_PAGER");
    if (chosen == nullptr) chosen = std::getenv("PAGER");
    std::string command = chosen == nullptr ? "less" : chosen;
    if (command.find_first_not_of(" \t\n") == std::string::npos || command == "cat") return std::nullopt;
    return command;
}

Pager::Pager(const std::string& command) : command_(command) {
    auto run = text::user_command(command, {});
    through_shell_ = run.through_shell;
    auto& words = run.argv;
    std::vector<char*> argv;
    for (auto& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    int ends[2];
    if (pipe(ends) != 0) throw std::system_error(errno, std::generic_category(), "pager pipe");
    // The child writes here why exec failed; a successful exec closes it (O_CLOEXEC) unwritten.
    int exec_status[2];
    if (pipe2(exec_status, O_CLOEXEC) != 0) {
        const int code = errno;
        close_both(ends);
        throw std::system_error(code, std::generic_category(), "pager pipe");
    }
    std::cout.flush();
    const pid_t child = fork();
    if (child < 0) {
        const int code = errno;
        close_both(ends);
        close_both(exec_status);
        throw std::system_error(code, std::generic_category(), "pager fork");
    }
    if (child == 0) {
        close(exec_status[0]);
        dup2(ends[0], STDIN_FILENO);
        close_both(ends);
        std::signal(SIGPIPE, SIG_DFL);  // ignored by gpuclusters, not by the pager
        setenv("LESS", "FRX", 0);       // only when the user has no LESS of their own
        setenv("LV", "-c", 0);
        execvp(argv[0], argv.data());
        const int code = errno;
        (void)!write(exec_status[1], &code, sizeof code);
        _exit(127);
    }
    close(exec_status[1]);
    int code = 0;
    ssize_t got = 0;
    while ((got = read(exec_status[0], &code, sizeof code)) < 0 && errno == EINTR) {
    }
    close(exec_status[0]);
    close(ends[0]);
    if (got == static_cast<ssize_t>(sizeof code)) {
        // Not started: standard output stays the terminal.
        close(ends[1]);
        int status = 0;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
        }
        failure_ = std::strerror(code);
        return;
    }
    child_ = child;
    saved_stdout_ = dup(STDOUT_FILENO);
    dup2(ends[1], STDOUT_FILENO);
    close(ends[1]);
    // A reader that quits early closes the pipe: the next write fails instead of killing us
    // (main handles SIGPIPE already; another front end may not).
    std::signal(SIGPIPE, SIG_IGN);
}

std::string Pager::finish() {
    if (child_ < 0) return "";
    std::cout.flush();
    // A failed write means the reader quit; what was left unwritten was not wanted.
    std::cout.clear();
    dup2(saved_stdout_, STDOUT_FILENO);
    close(saved_stdout_);
    int status = 0;
    while (waitpid(child_, &status, 0) < 0 && errno == EINTR) {
    }
    child_ = -1;
    if (through_shell_ && WIFEXITED(status) && (WEXITSTATUS(status) == 126 || WEXITSTATUS(status) == 127)) {
        return WEXITSTATUS(status) == 127 ? "not found" : "not executable";
    }
    return "";
}

Pager::~Pager() { (void)finish(); }

}  // namespace gpuclusters::render
