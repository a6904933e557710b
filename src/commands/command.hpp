#pragma once
// The shape of a subcommand: its options are bound to CLI11 by its factory, then run() is called
// after parsing, outside any CLI11 callback, so that one place (run_cli) maps every error to its
// exit status.
#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>

#include "gpuclusters/model/change_report.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/store/store.hpp"
#include "render/style.hpp"

namespace gpuclusters::commands {

/// What a command needs of the database before it runs.
enum class DbAccess {
    none,    ///< flags only (fields)
    create,  ///< creates the file when missing (init)
    open,    ///< an existing gpuclusters database
};

struct GlobalOptions {
    std::string db;
    std::string author;
    bool json = false;
    render::ColorMode color = render::ColorMode::automatic;
    bool quiet = false;
};

struct Context {
    GlobalOptions options;
    std::ostream& out;
    std::ostream& err;
    render::Style style;
    std::string command_line;  ///< as recorded in changesets
    std::string now;           ///< UTC, YYYY-MM-DDTHH:MM:SSZ
    std::string today;         ///< YYYY-MM-DD
    std::string db_path;       ///< --db, else $GPUCLUSTERS_DB, else gpuclusters.db
    std::optional<store::Store> store;
    const CLI::App* app = nullptr;  ///< the whole command line definition (completion reads it)

    /// --author, else $GPUCLUSTERS_AUTHOR, else the login name.
    std::string author() const;
    void warn(const std::string& message) const;
    /// Prints what a write did: its warnings on stderr, then the report as text or JSON.
    void report_change(const model::ChangeReport& report) const;
    /// The changeset a write command makes, with a default message.
    model::Changeset changeset(const std::string& message, const std::string& default_message) const;
};

class Command {
public:
    virtual ~Command() = default;
    virtual DbAccess access() const = 0;
    virtual ExitCode run(Context& context) = 0;
};

struct CommandInfo {
    std::string_view name;
    std::string_view summary;
    std::unique_ptr<Command> (*make)(CLI::App& subcommand);
};

/// Every subcommand, in help order.
std::span<const CommandInfo> command_registry();

/// The whole program: parses `args` (without the program name), runs the command, prints errors
/// as `gpuclusters: error: ...` on `err`, and returns the exit status.
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Factories, one per file in src/commands/.
std::unique_ptr<Command> make_init(CLI::App& app);
std::unique_ptr<Command> make_add(CLI::App& app);
std::unique_ptr<Command> make_show(CLI::App& app);
std::unique_ptr<Command> make_list(CLI::App& app);
std::unique_ptr<Command> make_fields(CLI::App& app);
std::unique_ptr<Command> make_cite(CLI::App& app);
std::unique_ptr<Command> make_rank(CLI::App& app);
std::unique_ptr<Command> make_sources(CLI::App& app);
std::unique_ptr<Command> make_log(CLI::App& app);
std::unique_ptr<Command> make_blame(CLI::App& app);
std::unique_ptr<Command> make_revert(CLI::App& app);
std::unique_ptr<Command> make_verify(CLI::App& app);
std::unique_ptr<Command> make_export(CLI::App& app);
std::unique_ptr<Command> make_import(CLI::App& app);
std::unique_ptr<Command> make_compare(CLI::App& app);
std::unique_ptr<Command> make_edit(CLI::App& app);
std::unique_ptr<Command> make_completion(CLI::App& app);
std::unique_ptr<Command> make_quote(CLI::App& app);

}  // namespace gpuclusters::commands
