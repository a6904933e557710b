#pragma once
// The kinds of failure a user can meet, each with its documented exit status. Everything
// else that escapes a command is a bug: run_cli reports it and exits 70 (EX_SOFTWARE).
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpuclusters {

/// Exit statuses, documented in gpuclusters(1).
enum class ExitCode : int {
    ok = 0,
    differences = 1,  ///< findings or differences (verify, compare)
    usage = 2,        ///< bad command line
    bad_input = 3,    ///< bad value, file or id; nothing was written
    database = 4,     ///< database missing, locked, corrupt, foreign or newer
    internal = 70,
    output = 74,  ///< the output could not be written whole (EX_IOERR): a full disk, a closed pipe
};

/// Base of all expected failures: the message is shown as `gpuclusters: error: <what>`.
class Error : public std::runtime_error {
public:
    Error(ExitCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
    ExitCode code() const noexcept { return code_; }

private:
    ExitCode code_;
};

/// The command line is wrong: unknown option, missing argument, options that exclude each other.
class UsageError : public Error {
public:
    explicit UsageError(const std::string& message) : Error(ExitCode::usage, message) {}
};

/// A value, file, id or URL given by the user is wrong. Raised before anything is written.
class InputError : public Error {
public:
    explicit InputError(const std::string& message) : Error(ExitCode::bad_input, message) {}
};

/// Several problems of one input (every bad field of a record): each message on its own, and
/// all of them joined by "; " as the one-line what().
class InputErrors : public InputError {
public:
    explicit InputErrors(std::vector<std::string> messages)
        : InputError(fmt::format("{}", fmt::join(messages, "; "))), messages_(std::move(messages)) {}
    const std::vector<std::string>& messages() const { return messages_; }

private:
    std::vector<std::string> messages_;
};

/// Throws the problems found in one input: one as an InputError, several as InputErrors.
[[noreturn]] inline void throw_problems(std::vector<std::string> problems) {
    if (problems.size() == 1) throw InputError(problems.front());
    throw InputErrors(std::move(problems));
}

/// A file could not be written whole (a full disk, a quota, an I/O error): what was there is left
/// as it was.
class OutputError : public Error {
public:
    explicit OutputError(const std::string& message) : Error(ExitCode::output, message) {}
};

/// The database file cannot be used: missing, locked, corrupt, not ours, or of a newer schema.
class DatabaseError : public Error {
public:
    explicit DatabaseError(const std::string& message) : Error(ExitCode::database, message) {}
};

/// A signal (SIGINT, SIGTERM, SIGHUP) stopped a write before it was committed: rolled back,
/// nothing written. The process then ends by that signal; its code is 128 + the signal, the
/// status a shell reports for it.
class Stopped : public Error {
public:
    Stopped(int signal, const std::string& message) : Error(static_cast<ExitCode>(128 + signal), message), signal_(signal) {}
    int signal() const noexcept { return signal_; }

private:
    int signal_;
};

}  // namespace gpuclusters
