#include "render/pager.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <sys/wait.h>
#include <system_error>
#include <unistd.h>

namespace gpuclusters::render {

std::optional<std::string> Pager::wanted(bool no_pager) {
    if (no_pager || isatty(STDOUT_FILENO) != 1) return std::nullopt;
    const char* chosen = std::getenv("GPUCLUSTERS_PAGER");
    if (chosen == nullptr) chosen = std::getenv("PAGER");
    std::string command = chosen == nullptr ? "less" : chosen;
    if (command.find_first_not_of(" \t") == std::string::npos || command == "cat") return std::nullopt;
    return command;
}

Pager::Pager(const std::string& command) {
    int ends[2];
    if (pipe(ends) != 0) throw std::system_error(errno, std::generic_category(), "pager pipe");
    std::cout.flush();
    const pid_t child = fork();
    if (child < 0) {
        close(ends[0]);
        close(ends[1]);
        throw std::system_error(errno, std::generic_category(), "pager fork");
    }
    if (child == 0) {
        dup2(ends[0], STDIN_FILENO);
        close(ends[0]);
        close(ends[1]);
        std::signal(SIGPIPE, SIG_DFL);  // ignored by gpuclusters, not by the pager
        setenv("LESS", "FRX", 0);  // only when the user has no LESS of their own
        setenv("LV", "-c", 0);
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    child_ = child;
    close(ends[0]);
    saved_stdout_ = dup(STDOUT_FILENO);
    dup2(ends[1], STDOUT_FILENO);
    close(ends[1]);
    // A reader that quits early closes the pipe: the next write fails instead of killing us
    // (main ignores SIGPIPE already; another front end may not).
    std::signal(SIGPIPE, SIG_IGN);
}

void Pager::finish() {
    if (child_ < 0) return;
    std::cout.flush();
    // A failed write means the reader quit; what was left unwritten was not wanted.
    std::cout.clear();
    dup2(saved_stdout_, STDOUT_FILENO);
    close(saved_stdout_);
    int status = 0;
    while (waitpid(child_, &status, 0) < 0 && errno == EINTR) {
    }
    child_ = -1;
}

Pager::~Pager() { finish(); }

}  // namespace gpuclusters::render
