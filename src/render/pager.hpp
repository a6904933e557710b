#pragma once
// Long output on a terminal goes through a pager, as git does: $GPUCLUSTERS_PAGER, else $PAGER,
// else `less` with LESS=FRX (quit when it fits, colours, no screen clearing) unless LESS is set.
// A pager that cannot be run is passed over: the output is written directly.
#include <optional>
#include <string>
#include <sys/types.h>

namespace gpuclusters::render {

class Pager {
public:
    /// The pager command to run, or nullopt: stdout is not a terminal, paging is off, or the
    /// pager asked for is empty or `cat`.
    static std::optional<std::string> wanted(bool no_pager);
    /// Starts `command` with standard output redirected into it, run as text::user_command
    /// runs a user's command (as the editor is). Throws std::system_error when no pipe or process can be made.
    explicit Pager(const std::string& command);
    Pager(const Pager&) = delete;
    Pager& operator=(const Pager&) = delete;
    /// Closes the pipe and waits for the reader to quit.
    ~Pager();

    /// Whether the pager runs; when it could not be run (not found, not executable), standard
    /// output is left as it was and failure() says why.
    bool started() const { return child_ >= 0; }
    const std::string& failure() const { return failure_; }

    /// Gives standard output back and waits for the reader to quit. Flush what goes to the pager
    /// first; a reader that quit early is no error (the user has seen enough). Returns what went
    /// wrong when the shell could not run the pager (its status 126 or 127: what went to it was
    /// not shown), else an empty string.
    std::string finish();

private:
    pid_t child_ = -1;
    int saved_stdout_ = -1;
    bool through_shell_ = false;
    std::string command_;
    std::string failure_;
};

}  // namespace gpuclusters::render
