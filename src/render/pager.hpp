#pragma once
// Long output on a terminal goes through a pager, as git does: $GPUCLUSTERS_PAGER, else $PAGER,
// else `less` with LESS=FRX (quit when it fits, colours, no screen clearing) unless LESS is set.
#include <optional>
#include <string>
#include <sys/types.h>

namespace gpuclusters::render {

class Pager {
public:
    /// The pager command to run, or nullopt: stdout is not a terminal, paging is off, or the
    /// pager asked for is empty or `cat`.
    static std::optional<std::string> wanted(bool no_pager);
    /// Starts `command` through /bin/sh with standard output redirected into it. Throws
    /// std::system_error when it cannot start.
    explicit Pager(const std::string& command);
    Pager(const Pager&) = delete;
    Pager& operator=(const Pager&) = delete;
    /// Closes the pipe and waits for the reader to quit.
    ~Pager();
    /// Gives standard output back and waits for the reader to quit. Flush what goes to the pager
    /// first; a reader that quit early is no error (the user has seen enough).
    void finish();

private:
    pid_t child_ = -1;
    int saved_stdout_ = -1;
};

}  // namespace gpuclusters::render
