// gpuclusters revert CHANGESET [--force] [--dry-run]: a new changeset that puts back what the
// given one changed. Nothing is deleted; the revert is in the log like any change.
#include "gpuclusters/ledger/revert.hpp"
#include "commands/command.hpp"

namespace gpuclusters::commands {
namespace {

class RevertCommand : public Command {
public:
    explicit RevertCommand(CLI::App& app) {
        app.add_option("changeset", request_.changeset, "the changeset to undo (`gpuclusters log` lists them)")->required();
        app.add_flag("--force", request_.force,
                     "also when later changesets changed the same fields: put those fields back as they were "
                     "before the changeset");
        app.add_option("-m,--message", message_, "changeset message (default: revert changeset N: its message)");
        app.add_flag("-n,--dry-run", request_.dry_run, "print the changes and write nothing");
    }
    DbAccess access() const override { return DbAccess::read_write; }

    ExitCode run(Context& context) override {
        ledger::revert(context.store(), request_, context.changeset(message_), context.today,
                       [&](const ledger::RevertResult& result, const ledger::ChangesetView& changes) {
                           render::print_revert(context.output, result, changes);
                       });
        return ExitCode::ok;
    }

private:
    ledger::RevertRequest request_;
    std::string message_;
};

}  // namespace

std::unique_ptr<Command> make_revert(CLI::App& app) { return std::make_unique<RevertCommand>(app); }

}  // namespace gpuclusters::commands
