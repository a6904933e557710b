// gpuclusters check [--repair]: the file against itself, like `git fsck` or PRAGMA
// integrity_check: SQLite's checks, and the derived tables recomputed from the history.
#include "commands/command.hpp"
#include "gpuclusters/ledger/integrity.hpp"

namespace gpuclusters::commands {
namespace {

class CheckCommand : public Command {
public:
    explicit CheckCommand(CLI::App& app) {
        app.add_flag("--repair", repair_,
                     "write the derived tables again from the history, in one transaction (and take back a "
                     "database restored without its application_id)");
        app.add_option("-m,--message", message_, "changeset message for the ranks --repair writes");
    }
    bool pages() const override { return true; }
    DbAccess access() const override { return repair_ ? DbAccess::read_write : DbAccess::read_only; }
    bool opens_restored() const override { return true; }
    void validate(const Context&) override {
        if (!message_.empty() && !repair_) throw UsageError("--message goes with --repair");
    }

    ExitCode run(Context& context) override {
        render::IntegrityPrinter printer(context.output);
        const auto sink = [&](const store::DerivedDifference& difference) { printer.difference(difference); };
        const auto summary = repair_ ? ledger::repair_integrity(context.store(), context.changeset(message_, "check --repair"),
                                                                context.today, sink)
                                     : ledger::check_integrity(context.store(), sink);
        printer.finish(summary);
        return summary.problems_left() ? ExitCode::differences : ExitCode::ok;
    }

private:
    bool repair_ = false;
    std::string message_;
};

}  // namespace

std::unique_ptr<Command> make_check(CLI::App& app) { return std::make_unique<CheckCommand>(app); }

}  // namespace gpuclusters::commands
