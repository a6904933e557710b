#pragma once
// A private temporary folder (mode 0700, under a name nobody can guess) that is removed on every
// way out: when it is destroyed (a return, an exception), and on SIGINT, SIGTERM or SIGHUP, after
// which the process ends by that signal as it would have without it (a signal ignored before, as
// nohup ignores SIGHUP, stays ignored; a handler installed before is called after the removal).
// `edit` keeps the file it hands the editor in one. One at a time.
#include <string>
#include <sys/types.h>

namespace gpuclusters::commands {

class TemporaryFolder {
public:
    /// Creates $TMPDIR/PREFIX-XXXXXX (else /tmp/...); throws UsageError, naming $TMPDIR, when it cannot.
    explicit TemporaryFolder(const std::string& prefix);
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    /// Removes the folder and all in it, unless keep() was called; puts the signals back.
    ~TemporaryFolder();

    const std::string& path() const { return path_; }
    /// Leaves the folder in place when it is destroyed (a signal still removes it).
    void keep() { keep_ = true; }

    /// While a program started in the foreground runs (the editor): SIGINT is left to it (Ctrl-C
    /// in vi is vi's) and SIGTERM and SIGHUP are passed on to it before the folder goes.
    /// fork_child() forks with the signals held until the child is known (a child quick to send
    /// one is not missed); the child gets the signals' actions as they were before, to exec.
    pid_t fork_child();
    void child_started(pid_t child);
    void child_finished();
    /// Removes the folder and ends the process by `signal`, as a child's death by it asks (an
    /// editor stopped by Ctrl-C); throws InputError when a handler installed before returns instead.
    void end_by(int signal);

private:
    std::string path_;
    bool keep_ = false;
};

}  // namespace gpuclusters::commands
