#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <pwd.h>
#include <unistd.h>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/escaping_buffer.hpp"
#include "render/pager.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

// Set while a command that writes nothing to the database runs: see handle_closed_pipes.
volatile std::sig_atomic_t stop_on_closed_pipe = 0;

void on_closed_pipe(int) {
    if (stop_on_closed_pipe != 0) _exit(static_cast<int>(ExitCode::output));
    // Otherwise the write that met the closed pipe fails (EPIPE), and main exits 74 at the end.
}

void on_stop_signal(int signal) {
    // A write under way finishes or rolls back, and the store folds its log into the file, before
    // the process ends by the signal (end_if_stopped); with nothing to finish, it ends now.
    if (store::stop_writing(signal)) return;
    const int saved_errno = errno;
    ::signal(signal, SIG_DFL);
    ::raise(signal);  // delivered when this handler returns
    errno = saved_errno;
}

// While a command that writes runs: SIGINT, SIGTERM and SIGHUP stop its write cleanly (a signal
// ignored before, as under nohup, stays ignored). The actions before are put back at the end.
class StopSignals {
public:
    StopSignals() {
        store::forget_stop_request();
        for (std::size_t i = 0; i < signals.size(); ++i) {
            struct sigaction action {};
            action.sa_handler = on_stop_signal;
            sigemptyset(&action.sa_mask);
            for (const int other : signals) sigaddset(&action.sa_mask, other);
            action.sa_flags = SA_RESTART;
            handled[i] = ::sigaction(signals[i], nullptr, &before[i]) == 0 && before[i].sa_handler != SIG_IGN &&
                         ::sigaction(signals[i], &action, nullptr) == 0;
        }
    }
    ~StopSignals() {
        for (std::size_t i = 0; i < signals.size(); ++i) {
            if (handled[i]) ::sigaction(signals[i], &before[i], nullptr);
        }
    }
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

private:
    static constexpr std::array<int, 3> signals{SIGINT, SIGTERM, SIGHUP};
    std::array<struct sigaction, signals.size()> before{};
    std::array<bool, signals.size()> handled{};
};

std::string env(const char* name) {
    const char* value = std::getenv(name);
    return value ? std::string(value) : std::string();
}

// GPUCLUSTERS_NOW pins the clock (tests, reproducible imports); otherwise the system's UTC time.
std::string current_time() {
    std::string pinned = env("GPUCLUSTERS_NOW");
    if (!pinned.empty()) {
        try {
            return model::parse_timestamp(pinned);
        } catch (const InputError& error) {
            throw UsageError(fmt::format("GPUCLUSTERS_NOW {}", error.what()));
        }
    }
    const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
    return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", now);
}

}  // namespace

std::string Context::author() const {
    if (!options.author.empty()) return options.author;
    if (std::string from_env = env("GPUCLUSTERS_AUTHOR"); !from_env.empty()) return from_env;
    if (const passwd* user = getpwuid(getuid()); user && user->pw_name) return user->pw_name;
    return "unknown";
}

model::Changeset Context::changeset(const std::string& message, const std::string& default_message) const {
    return {0, now, author(), message.empty() ? default_message : message, command_line};
}

std::vector<std::string> subcommand_names(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        if (!sub->get_group().empty()) names.push_back(sub->get_name());  // hidden ones have none
    }
    return names;
}

const CLI::App* find_subcommand(const CLI::App& app, const std::string& name) {
    const auto found = app.get_subcommands([&](const CLI::App* sub) { return sub->check_name(name); });
    return found.empty() ? nullptr : found.front();
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
    const auto near = text::closest(word, candidates, word.size() <= 4 ? 2 : 3);
    return near ? fmt::format("; did you mean '{}'?", *near) : "";
}

namespace {

const CLI::Option* find_option(const CLI::App* app, const std::string& name) {
    for (; app != nullptr; app = app->get_parent()) {
        if (const CLI::Option* option = app->get_option_no_throw(name)) return option;
    }
    return nullptr;
}

std::vector<std::string> option_names(const CLI::App* app) {
    std::vector<std::string> names;
    for (; app != nullptr; app = app->get_parent()) {
        for (const CLI::Option* option : app->get_options()) {
            for (const auto& name : option->get_lnames()) names.push_back("--" + name);
        }
    }
    return names;
}

// A mistyped command or option is named, with the nearest real one, before CLI11 parses: CLI11
// would report what it missed instead ("A subcommand is required", "id is required").
void check_words(const CLI::App& root, const std::vector<std::string>& args) {
    const CLI::App* current = &root;
    for (std::size_t at = 0; at < args.size(); ++at) {
        const std::string& word = args[at];
        if (word == "--") return;  // what follows is positional
        if (word.size() > 2 && word.starts_with("--")) {
            const std::string name = word.substr(0, word.find('='));
            const CLI::Option* option = find_option(current, name);
            if (option == nullptr) {
                throw UsageError(fmt::format("unknown option {}{}", name, did_you_mean(name, option_names(current))));
            }
            if (option->get_expected_min() > 0 && word.find('=') == std::string::npos) ++at;
        } else if (word.size() > 1 && word[0] == '-' && !std::isdigit(static_cast<unsigned char>(word[1]))) {
            // -abc is -a -b -c, and the first that takes a value takes the rest (-n5) or the next word.
            for (std::size_t letter = 1; letter < word.size(); ++letter) {
                const std::string name = std::string("-") + word[letter];
                const CLI::Option* option = find_option(current, name);
                if (option == nullptr) throw UsageError(fmt::format("unknown option {}", name));
                if (option->get_expected_min() > 0) {
                    if (letter + 1 == word.size()) ++at;
                    break;
                }
            }
        } else if (const CLI::App* sub = find_subcommand(*current, word); sub != nullptr) {
            current = sub;
        } else if (current == &root) {
            const std::string near = did_you_mean(word, subcommand_names(root));
            throw UsageError(
                fmt::format("unknown command '{}'{}", word, near.empty() ? "; `gpuclusters help` lists the commands" : near));
        }
    }
}

// The options every command takes, the root's help and its version.
void add_global_options(CLI::App& app, GlobalOptions& options, std::string& color) {
    app.require_subcommand(1, 1);
    app.footer(
        "Exit status: 0 ok, 1 findings or differences, 2 usage, 3 bad input (nothing written), "
        "4 database problem.\nSee gpuclusters(1) and gpuclusters-COMMAND(1).");
    app.add_option("--db", options.db, "database file (default: $GPUCLUSTERS_DB, else ./gpuclusters.db)")
        ->type_name(value_type::file);
    app.add_option("--author", options.author, "author of the changeset (default: $GPUCLUSTERS_AUTHOR, else login)");
    app.add_flag("--json", options.json, "print JSON on stdout");
    app.add_option("--color", color, "colour on stdout: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    app.add_flag("-q,--quiet", options.quiet, "no warnings on stderr");
    app.add_flag("--no-pager", options.no_pager,
                 "never page long output (default on a terminal: $GPUCLUSTERS_PAGER, else $PAGER, else less -FRX)");
    app.add_flag("--wide", options.wide, "keep table cells whole (default on a terminal: fit its width, cut cells with …)");
    app.set_version_flag("-V,--version", fmt::format("gpuclusters {} (SQLite {})", GPUCLUSTERS_VERSION, store::sqlite_version()));
}

// Parses the words; the exit status when that ends the run (help or the version printed, or a
// usage error).
std::optional<int> parse_or_exit(CLI::App& app, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    try {
        check_words(app, args);
        app.parse(std::vector<std::string>(args.rbegin(), args.rend()));
    } catch (const CLI::Success& help_or_version) {  // CallForHelp, CallForAllHelp, CallForVersion
        return app.exit(help_or_version, out, err);
    } catch (const CLI::ParseError& error) {
        render::print_usage_error(err, error.what());
        return static_cast<int>(ExitCode::usage);
    } catch (const UsageError& error) {
        render::print_usage_error(err, error.what());
        return static_cast<int>(ExitCode::usage);
    }
    return std::nullopt;
}

// A message or author the write would refuse is refused before the file is opened: the
// command's own --message, or its subcommand's (sources check).
void check_message_first(const CLI::App& chosen_app, const Context& context) {
    const CLI::Option* message = chosen_app.get_option_no_throw("--message");
    for (const CLI::App* sub : chosen_app.get_subcommands()) {
        if (!message || message->count() == 0) message = sub->get_option_no_throw("--message");
    }
    ledger::check_changeset_text(context.changeset(message && message->count() > 0 ? message->as<std::string>() : ""));
}

// The database into the context, opened as the command's access says (none and create: the
// command opens or makes it itself).
void open_database(Context& context, const Command& chosen) {
    const auto restored = chosen.opens_restored() ? store::Restored::open : store::Restored::refuse;
    const std::string& db_path = context.db_path;
    switch (chosen.access()) {
        case DbAccess::none:
        case DbAccess::create:
            break;
        case DbAccess::read_only:
            context.database = store::Store::open(db_path, store::Access::read_only, restored);
            break;
        case DbAccess::read_write:
            context.database = store::Store::open(db_path, store::Access::read_write, restored, chosen.journal());
            break;
        case DbAccess::read_only_if_any:
            try {
                context.database = store::Store::open(db_path, store::Access::read_only);
            } catch (const Error&) {
                // No database, an older one, another file: the command runs without it.
            }
            break;
    }
}

// A pager that cannot be run is passed over, with a word; one that the shell could not run is
// found out only when it ends, with the output lost: an error (exit 74).
void start_pager(std::optional<render::Pager>& pager, const std::optional<std::string>& pager_command,
                 const render::Output& output) {
    if (!pager_command) return;
    pager.emplace(*pager_command);
    if (!pager->started()) {
        render::print_warning(output,
                              fmt::format("cannot run the pager '{}' ({}); writing directly", *pager_command, pager->failure()));
        pager.reset();
    }
}

void finish_pager(render::Pager& pager, const std::string& pager_command, std::ostream& out) {
    out.flush();
    out.clear();  // a reader that quit early is no failed write
    if (const std::string failed = pager.finish(); !failed.empty()) {
        throw OutputError(
            fmt::format("the pager '{}' could not be run ({}): nothing was shown; set GPUCLUSTERS_PAGER, or give --no-pager",
                        pager_command, failed));
    }
}

// Closed now: a write's log folded into the file, unless another program holds it open.
void close_database(Context& context) {
    if (context.database && !context.database->close_at_rest()) {
        render::print_warning(context.output,
                              fmt::format("another program has {} open, so the last write stays in {}-wal beside it until that "
                                          "program lets go and gpuclusters runs again; copy both files together, or use "
                                          "`gpuclusters backup`",
                                          context.db_path, context.db_path));
    }
    context.database.reset();
    if (const int signal = store::stop_signal(); signal != 0) {
        render::print_warning(context.output,
                              fmt::format("{} came after the write was committed: the write stands", store::signal_name(signal)));
    }
}

// `out` is escaped; `data_out` is the stream itself, for the data a command writes for programs.
int run_escaped(const std::vector<std::string>& args, std::ostream& data_out, std::ostream& out, std::ostream& err) {
    CLI::App app{"gpuclusters keeps a dataset of GPU clusters in which every value carries its source.", "gpuclusters"};
    GlobalOptions options;
    std::string color = "auto";
    add_global_options(app, options, color);
    std::vector<std::pair<CLI::App*, std::unique_ptr<Command>>> commands;
    for (const auto& info : command_registry()) {
        CLI::App* sub = app.add_subcommand(std::string(info.name), std::string(info.summary));
        sub->fallthrough();
        if (info.hidden) sub->group("");
        commands.emplace_back(sub, info.make(*sub));
    }
    if (const auto status = parse_or_exit(app, args, out, err)) return *status;

    try {
        // Declared before the context, so that its handlers outlive the store's close.
        std::optional<StopSignals> stop_signals;
        options.color = color == "always"  ? render::ColorMode::always
                        : color == "never" ? render::ColorMode::never
                                           : render::ColorMode::automatic;
        std::string command_line = "gpuclusters";
        for (const auto& arg : args) command_line += " " + text::shell_quote(arg);
        const std::string now = current_time();
        std::string db_path = options.db;
        if (db_path.empty()) db_path = env("GPUCLUSTERS_DB");
        if (db_path.empty()) db_path = "gpuclusters.db";
        const auto parsed = std::ranges::find_if(commands, [](const auto& entry) { return entry.first->parsed(); });
        if (parsed == commands.end()) return static_cast<int>(ExitCode::usage);
        const auto& [chosen_app, chosen] = *parsed;
        // Data for a program (an export on a pipe) passes as it is, so that it round-trips; on a
        // terminal it is escaped like everything else.
        const bool raw_data = chosen->writes_data() && isatty(STDOUT_FILENO) != 1;
        Context context{options,
                        {raw_data ? data_out : out, err,
                         raw_data ? render::Style(false) : render::Style::for_stdout(options.color), options.json, options.quiet,
                         raw_data || options.wide ? 0 : render::terminal_columns(STDOUT_FILENO), isatty(STDOUT_FILENO) == 1},
                        command_line,
                        now,
                        now.substr(0, 10),
                        db_path,
                        std::nullopt,
                        &app};
        chosen->validate(context);
        const DbAccess access = chosen->access();
        const bool writes = access == DbAccess::read_write || access == DbAccess::create;
        stop_on_closed_pipe = writes ? 0 : 1;
        if (writes) {
            check_message_first(*chosen_app, context);
            stop_signals.emplace();
        }
        open_database(context, *chosen);
        const auto pager_command = chosen->pages() ? render::Pager::wanted(options.no_pager) : std::nullopt;
        std::optional<render::Pager> pager;
        start_pager(pager, pager_command, context.output);
        const ExitCode status = chosen->run(context);
        close_database(context);
        if (pager) finish_pager(*pager, *pager_command, out);
        return static_cast<int>(status);
    } catch (const Error& error) {
        render::print_error(err, error.what());
        return static_cast<int>(error.code());
    } catch (const std::exception& error) {
        render::print_internal_error(err, error.what());
        return static_cast<int>(ExitCode::internal);
    }
}

}  // namespace

void handle_closed_pipes() {
    struct sigaction action {};
    action.sa_handler = on_closed_pipe;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGPIPE, &action, nullptr);
}

void end_if_stopped() {
    if (const int signal = store::stop_signal(); signal != 0) {
        ::signal(signal, SIG_DFL);
        ::raise(signal);
    }
}

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    // Nothing a database or an input holds reaches a terminal as it is: every byte written goes
    // through an EscapingBuffer, but for a command's data on a pipe.
    render::EscapingBuffer err_buffer(err.rdbuf());
    std::ostream escaped_err(&err_buffer);
    escaped_err.setf(std::ios::unitbuf);  // a warning is on the terminal when it is printed
    render::EscapingBuffer out_buffer(out.rdbuf());
    std::ostream escaped_out(&out_buffer);
    const int status = run_escaped(args, out, escaped_out, escaped_err);
    escaped_out.flush();
    escaped_err.flush();
    // A write that failed (a full disk, a closed pipe) shows on the stream the caller checks.
    if (!escaped_out) out.setstate(std::ios::badbit);
    return status;
}

}  // namespace gpuclusters::commands
