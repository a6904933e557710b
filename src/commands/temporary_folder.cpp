#include "commands/temporary_folder.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <pthread.h>
#include <unistd.h>

#include "gpuclusters/model/error.hpp"

namespace gpuclusters::commands {
namespace {

constexpr std::array<int, 3> cleanup_signals{SIGINT, SIGTERM, SIGHUP};

// What the handler reads: set while a TemporaryFolder lives. The path is copied into a fixed
// buffer, as a handler may not allocate.
std::array<char, 4096> folder_path{};
volatile std::sig_atomic_t folder_armed = 0;
volatile std::sig_atomic_t child_pid = 0;
std::array<struct sigaction, cleanup_signals.size()> previous_actions{};
std::array<bool, cleanup_signals.size()> signal_handled{};

std::size_t signal_index(int signal) {
    const auto found = std::ranges::find(cleanup_signals, signal);
    return found == cleanup_signals.end() ? 0 : static_cast<std::size_t>(found - cleanup_signals.begin());
}

// Removes the folder with what a signal handler may call (open, getdents64, unlinkat, rmdir):
// the files in it (an editor's swap and backup files too) and any empty folder.
void remove_folder_from_handler() {
    if (folder_armed == 0) return;
    folder_armed = 0;
    const int fd = ::open(folder_path.data(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) {
        // Entries removed while a folder is listed may hide others: listed again until empty.
        for (int pass = 0; pass < 4; ++pass) {
            bool removed = false;
            (void)::lseek(fd, 0, SEEK_SET);
            alignas(struct dirent64) std::array<char, 4096> block{};
            for (ssize_t got = 0; (got = ::getdents64(fd, block.data(), block.size())) > 0;) {
                for (ssize_t at = 0; at < got;) {
                    const auto* entry = reinterpret_cast<const struct dirent64*>(block.data() + at);
                    at += entry->d_reclen;
                    const char* name = entry->d_name;
                    if (std::strcmp(name, ".") == 0 || std::strcmp(name, "..") == 0) continue;
                    if (::unlinkat(fd, name, 0) == 0 || ::unlinkat(fd, name, AT_REMOVEDIR) == 0) removed = true;
                }
            }
            if (!removed) break;
        }
        ::close(fd);
    }
    ::rmdir(folder_path.data());
}

void restore_action(int signal) {
    const std::size_t i = signal_index(signal);
    if (signal_handled[i]) ::sigaction(signal, &previous_actions[i], nullptr);
    signal_handled[i] = false;
}

void on_signal(int signal) {
    // The editor has the terminal and its own use for Ctrl-C: it is left to it.
    if (signal == SIGINT && child_pid != 0) return;
    if (child_pid != 0) ::kill(static_cast<pid_t>(child_pid), signal);
    const int saved_errno = errno;
    remove_folder_from_handler();
    // Then as without this handler: the signal again, now with the action it had before (blocked
    // until this handler returns, then delivered).
    restore_action(signal);
    ::raise(signal);
    errno = saved_errno;
}

}  // namespace

TemporaryFolder::TemporaryFolder(const std::string& prefix) {
    // $TMPDIR is the user's to set: one that is not a folder where a folder can be made (missing,
    // empty, a file, not writable, too long) is a usage error that names it, as an editor that
    // cannot be run is. It was an internal error (70; found by fuzz_environment): the exception of
    // temp_directory_path, or this one.
    auto refuse = [](const std::string& reason) {
        const char* tmpdir = std::getenv("TMPDIR");
        return UsageError(fmt::format("cannot make a temporary folder in '{}' ({}); set TMPDIR to a folder you may write to",
                                      tmpdir != nullptr ? tmpdir : "/tmp", reason));
    };
    std::error_code error;
    const auto parent = std::filesystem::temp_directory_path(error);
    if (error) throw refuse(error.message());
    std::string pattern = (parent / (prefix + "-XXXXXX")).string();
    if (pattern.size() >= folder_path.size()) throw refuse("its path is too long");
    if (::mkdtemp(pattern.data()) == nullptr) throw refuse(std::strerror(errno));
    path_ = pattern;
    std::memcpy(folder_path.data(), path_.c_str(), path_.size() + 1);
    folder_armed = 1;
    child_pid = 0;
    for (std::size_t i = 0; i < cleanup_signals.size(); ++i) {
        struct sigaction action {};
        action.sa_handler = on_signal;
        sigemptyset(&action.sa_mask);
        for (const int other : cleanup_signals) sigaddset(&action.sa_mask, other);  // one removal at a time
        action.sa_flags = SA_RESTART;
        signal_handled[i] = false;
        if (::sigaction(cleanup_signals[i], nullptr, &previous_actions[i]) != 0) continue;
        if (previous_actions[i].sa_handler == SIG_IGN) continue;  // nohup: stays ignored
        signal_handled[i] = ::sigaction(cleanup_signals[i], &action, nullptr) == 0;
    }
}

TemporaryFolder::~TemporaryFolder() {
    // The signals first: a handler must not race the removal below.
    for (const int signal : cleanup_signals) restore_action(signal);
    folder_armed = 0;
    child_pid = 0;
    if (keep_) return;
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

pid_t TemporaryFolder::fork_child() {
    sigset_t held;
    sigset_t before;
    sigemptyset(&held);
    for (const int signal : cleanup_signals) sigaddset(&held, signal);
    ::pthread_sigmask(SIG_BLOCK, &held, &before);
    const pid_t child = ::fork();
    if (child == 0) {
        folder_armed = 0;
        for (const int signal : cleanup_signals) restore_action(signal);
    } else if (child > 0) {
        child_pid = child;
    }
    ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
    return child;
}

void TemporaryFolder::child_started(pid_t child) { child_pid = child; }

void TemporaryFolder::child_finished() { child_pid = 0; }

void TemporaryFolder::end_by(int signal) {
    child_pid = 0;
    for (const int other : cleanup_signals) {
        if (other != signal) restore_action(other);
    }
    remove_folder_from_handler();
    restore_action(signal);
    ::raise(signal);
    throw InputError("interrupted; nothing written");
}

}  // namespace gpuclusters::commands
