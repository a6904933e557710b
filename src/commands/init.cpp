// gpuclusters init [--sample]: create the database, optionally with the bundled sample records.
#include "commands/command.hpp"
#include "gpuclusters/ledger/records.hpp"

namespace gpuclusters::commands {
namespace {

class InitCommand : public Command {
public:
    explicit InitCommand(CLI::App& app) {
        app.add_flag("--sample", sample_, "load the bundled sample records (db/sample/) in one changeset");
        app.add_option("-m,--message", message_, "changeset message for the sample");
    }
    DbAccess access() const override { return DbAccess::create; }

    ExitCode run(Context& context) override {
        std::optional<model::Changeset> sample;
        if (sample_) sample = context.changeset(message_, "load the bundled sample records");
        render::print_init(context.output, ledger::initialise(context.db_path, sample, context.today));
        return ExitCode::ok;
    }

private:
    bool sample_ = false;
    std::string message_;
};

}  // namespace

std::unique_ptr<Command> make_init(CLI::App& app) { return std::make_unique<InitCommand>(app); }

}  // namespace gpuclusters::commands
