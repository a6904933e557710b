#pragma once
// The shape of a subcommand. Its factory binds its options to CLI11; after parsing (outside any
// CLI11 callback, so that run_cli alone maps errors to exit statuses) validate() checks them
// before any file is opened, the database is opened as access() says, and run() makes one call
// to the ledger and hands the result to render/.
#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {

/// What a command needs of the database.
enum class DbAccess {
    none,        ///< no database (fields, quote, completion, verify --explain)
    read_only,   ///< an existing database, opened read-only and never migrated
    read_write,  ///< an existing database, migrated when older
    create,      ///< read-write, made when missing (init)
    /// read-only when it opens, else none and no word said (completion, which must never print
    /// into the user's terminal)
    read_only_if_any,
};

struct GlobalOptions {
    std::string db;
    std::string author;
    bool json = false;
    render::ColorMode color = render::ColorMode::automatic;
    bool quiet = false;
    bool no_pager = false;
    bool wide = false;  ///< tables keep their cells whole on a terminal too
};

struct Context {
    GlobalOptions options;
    render::Output output;
    std::string command_line;              ///< as recorded in changesets
    std::string now;                       ///< UTC, YYYY-MM-DDTHH:MM:SSZ
    std::string today;                     ///< YYYY-MM-DD
    std::string db_path;                   ///< --db, else $GPUCLUSTERS_DB, else gpuclusters.db
    std::optional<store::Store> database;  ///< opened as the command's access() says
    const CLI::App* app = nullptr;         ///< the whole command line definition (completion reads it)

    store::Store& store() { return *database; }
    /// --author, else $GPUCLUSTERS_AUTHOR, else the login name.
    std::string author() const;
    /// The changeset a write command makes, with a default message.
    model::Changeset changeset(const std::string& message, const std::string& default_message = "") const;
};

class Command {
public:
    virtual ~Command() = default;
    virtual DbAccess access() const { return DbAccess::read_only; }
    /// Checks the options alone: a usage error exits 2 and a bad value 3, whether or not the
    /// database exists. Runs before any file is opened.
    virtual void validate(const Context& context) { (void)context; }
    virtual ExitCode run(Context& context) = 0;
    /// How a write command's file keeps its journal when opened: a dry run of one record's
    /// change (add, cite, rank, sources check), and an edit until the editor gives a change, stay
    /// in rollback-journal mode, so that a write that never comes changes not a byte of the file
    /// (the switch to WAL mode and back would move its header's change counter). The dry run of
    /// an import or a revert, which may change any number of records, works as its write does,
    /// in WAL mode, where its pages go to the log and its memory stays flat.
    virtual store::Journal journal() const { return store::Journal::write_ahead; }
    /// Writes data for programs on stdout (export): not escaped unless stdout is a terminal.
    virtual bool writes_data() const { return false; }
    /// Output that may run long (log, show, verify, ...): on a terminal it goes through the pager.
    virtual bool pages() const { return false; }
    /// Opens a gpuclusters database restored without its application_id (check) instead of
    /// refusing it with a message that names `gpuclusters check --repair`.
    virtual bool opens_restored() const { return false; }
};

/// add, cite and rank: a change to one record, made into a request and checked whole in
/// validate() (so that a refused input leaves the file unopened), then applied by run().
class RecordChangeCommand : public Command {
public:
    DbAccess access() const override { return DbAccess::read_write; }
    store::Journal journal() const override { return dry_run_ ? store::Journal::rollback : store::Journal::write_ahead; }
    ExitCode run(Context& context) override {
        render::print_change(context.output, ledger::apply_changes(context.store(), request_));
        return ExitCode::ok;
    }

protected:
    /// The request of `record`, in a changeset of `message` (or `default_message`), checked.
    void prepare_request(const Context& context, model::RecordInput record, const std::string& message,
                         const std::string& default_message) {
        request_.records.push_back(std::move(record));
        request_.changeset = context.changeset(message, default_message);
        request_.today = context.today;
        request_.dry_run = dry_run_;
        ledger::ChangeSession::prepare(request_.sources, request_.records, request_.today);
    }

    bool dry_run_ = false;
    model::ChangeRequest request_;
};

struct CommandInfo {
    std::string_view name;
    std::string_view summary;
    std::unique_ptr<Command> (*make)(CLI::App& subcommand);
    bool hidden = false;  ///< not in --help, the man pages or the completion (a helper for scripts)
};

/// The subcommands of `app` a user may type (hidden ones aside), and the one called `name`.
std::vector<std::string> subcommand_names(const CLI::App& app);
const CLI::App* find_subcommand(const CLI::App& app, const std::string& name);
/// "; did you mean 'show'?" for the candidate nearest `word`, or "" when none is near.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

/// Every subcommand, in help order.
std::span<const CommandInfo> command_registry();

/// The whole program: parses `args` (without the program name), runs the command, prints errors
/// as `gpuclusters: error: ...` on `err`, and returns the exit status.
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// How the program meets a reader that goes away (`gpuclusters list | head`), as gpuclusters(1)
/// documents: exit 74 without a word, never killed by SIGPIPE (141). A command that writes nothing
/// to the database stops at once; one that writes finishes its write (its transaction is never
/// cut short) with its output lost, and then exits 74. Installed once by main.
void handle_closed_pipes();

/// Ends the process by the signal (SIGINT, SIGTERM, SIGHUP) that stopped a write, as it would
/// have ended without the handler: called by main once the output is flushed.
void end_if_stopped();

// Factories, one per file in src/commands/.
std::unique_ptr<Command> make_init(CLI::App& app);
std::unique_ptr<Command> make_backup(CLI::App& app);
std::unique_ptr<Command> make_site(CLI::App& app);
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
std::unique_ptr<Command> make_merge(CLI::App& app);
std::unique_ptr<Command> make_rename(CLI::App& app);
std::unique_ptr<Command> make_verify(CLI::App& app);
std::unique_ptr<Command> make_accept(CLI::App& app);
std::unique_ptr<Command> make_export(CLI::App& app);
std::unique_ptr<Command> make_import(CLI::App& app);
std::unique_ptr<Command> make_tree(CLI::App& app);
std::unique_ptr<Command> make_sync(CLI::App& app);
std::unique_ptr<Command> make_merge_driver(CLI::App& app);
std::unique_ptr<Command> make_compare(CLI::App& app);
std::unique_ptr<Command> make_edit(CLI::App& app);
std::unique_ptr<Command> make_completion(CLI::App& app);
std::unique_ptr<Command> make_complete(CLI::App& app);
std::unique_ptr<Command> make_quote(CLI::App& app);
std::unique_ptr<Command> make_help(CLI::App& app);
std::unique_ptr<Command> make_stats(CLI::App& app);
std::unique_ptr<Command> make_check(CLI::App& app);

}  // namespace gpuclusters::commands
