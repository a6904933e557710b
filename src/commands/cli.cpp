#include <chrono>
#include <cstdlib>
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <pwd.h>
#include <unistd.h>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "render/escaping_buffer.hpp"
#include "render/render.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

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

namespace {

// `out` is escaped; `data_out` is the stream itself, for the data a command writes for programs.
int run_escaped(const std::vector<std::string>& args, std::ostream& data_out, std::ostream& out, std::ostream& err) {
    CLI::App app{"gpuclusters keeps a dataset of GPU clusters in which every value carries its source.",
                 "gpuclusters"};
    app.require_subcommand(1, 1);
    app.footer("Exit status: 0 ok, 1 findings or differences, 2 usage, 3 bad input (nothing written), "
               "4 database problem.\nSee gpuclusters(1) and gpuclusters-COMMAND(1).");
    GlobalOptions options;
    std::string color = "auto";
    app.add_option("--db", options.db, "database file (default: $GPUCLUSTERS_DB, else ./gpuclusters.db)")
        ->type_name(value_type::file);
    app.add_option("--author", options.author, "author of the changeset (default: $GPUCLUSTERS_AUTHOR, else login)");
    app.add_flag("--json", options.json, "print JSON on stdout");
    app.add_option("--color", color, "colour on stdout: auto (a terminal, NO_COLOR unset), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    app.add_flag("-q,--quiet", options.quiet, "no warnings on stderr");
    app.set_version_flag("--version", fmt::format("gpuclusters {} (SQLite {})", GPUCLUSTERS_VERSION, store::sqlite_version()));

    std::vector<std::pair<CLI::App*, std::unique_ptr<Command>>> commands;
    for (const auto& info : command_registry()) {
        CLI::App* sub = app.add_subcommand(std::string(info.name), std::string(info.summary));
        sub->fallthrough();
        if (info.hidden) sub->group("");
        commands.emplace_back(sub, info.make(*sub));
    }

    try {
        app.parse(std::vector<std::string>(args.rbegin(), args.rend()));
    } catch (const CLI::CallForHelp& help) {
        return app.exit(help, out, err);
    } catch (const CLI::CallForAllHelp& help) {
        return app.exit(help, out, err);
    } catch (const CLI::CallForVersion& version) {
        return app.exit(version, out, err);
    } catch (const CLI::ParseError& error) {
        render::print_usage_error(err, error.what());
        return static_cast<int>(ExitCode::usage);
    }

    try {
        options.color = color == "always" ? render::ColorMode::always
                        : color == "never" ? render::ColorMode::never
                                           : render::ColorMode::automatic;
        std::string command_line = "gpuclusters";
        for (const auto& arg : args) command_line += " " + text::shell_quote(arg);
        const std::string now = current_time();
        std::string db_path = options.db;
        if (db_path.empty()) db_path = env("GPUCLUSTERS_DB");
        if (db_path.empty()) db_path = "gpuclusters.db";
        Command* chosen = nullptr;
        for (auto& [sub, command] : commands) {
            if (sub->parsed()) chosen = command.get();
        }
        if (chosen == nullptr) return static_cast<int>(ExitCode::usage);
        // Data for a program (an export on a pipe) passes as it is, so that it round-trips; on a
        // terminal it is escaped like everything else.
        const bool raw_data = chosen->writes_data() && isatty(STDOUT_FILENO) != 1;
        Context context{options,
                        {raw_data ? data_out : out, err, raw_data ? render::Style(false) : render::Style::for_stdout(options.color),
                         options.json, options.quiet},
                        command_line,
                        now,
                        now.substr(0, 10),
                        db_path,
                        std::nullopt,
                        &app};
        chosen->validate(context);
        switch (chosen->access()) {
            case DbAccess::none:
            case DbAccess::create: break;
            case DbAccess::read_only: context.database = store::Store::open(db_path, store::Access::read_only); break;
            case DbAccess::read_write: context.database = store::Store::open(db_path, store::Access::read_write); break;
            case DbAccess::read_only_if_any:
                try {
                    context.database = store::Store::open(db_path, store::Access::read_only);
                } catch (const Error&) {
                    // No database, an older one, another file: the command runs without it.
                }
                break;
        }
        return static_cast<int>(chosen->run(context));
    } catch (const Error& error) {
        render::print_error(err, error.what());
        return static_cast<int>(error.code());
    } catch (const std::exception& error) {
        render::print_internal_error(err, error.what());
        return static_cast<int>(ExitCode::internal);
    }
}

}  // namespace

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
