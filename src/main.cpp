#include <iostream>
#include <poll.h>
#include <string>
#include <unistd.h>
#include <vector>

#include "commands/command.hpp"

namespace {

// Whether the reader at the other end of `fd` (a pipe, a socket) has gone away: `gpuclusters list
// | head` is the reader's choice, not an error to report. A full disk is.
bool reader_gone(int fd) {
    pollfd poll_fd{fd, POLLOUT, 0};
    return ::poll(&poll_fd, 1, 0) == 1 && (poll_fd.revents & (POLLERR | POLLHUP)) != 0;
}

}  // namespace

int main(int argc, char** argv) {
    // A reader that goes away ends the command with exit 74, not SIGPIPE's 141 (and never in
    // the middle of a writer's transaction).
    gpuclusters::commands::handle_closed_pipes();
    std::ios::sync_with_stdio(false);
    // Reading standard input must not flush standard output: import reads it on a second thread
    // while the first one prints the report (a tied cin flushes cout at every read).
    std::cin.tie(nullptr);
    const std::vector<std::string> args(argv + 1, argv + argc);
    const int status = gpuclusters::commands::run_cli(args, std::cout, std::cerr);
    std::cout.flush();
    gpuclusters::commands::end_if_stopped();
    // A full disk or a closed pipe must not pass for a complete export.
    if (!std::cout) {
        if (!reader_gone(STDOUT_FILENO))
            std::cerr << "gpuclusters: error: cannot write the output (a full disk, or an I/O error)\n";
        return static_cast<int>(gpuclusters::ExitCode::output);
    }
    return status;
}
