// gpuclusters backup FILE: a copy of the database, whole at any moment (SQLite's online backup),
// written atomically; what to copy while a writer or another program has the file open.
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/records.hpp"

namespace gpuclusters::commands {
namespace {

class BackupCommand : public Command {
public:
    explicit BackupCommand(CLI::App& app) {
        app.add_option("file", destination_, "the copy to write: a new file, or an earlier backup to replace")
            ->required()
            ->type_name(value_type::file);
    }

    ExitCode run(Context& context) override {
        render::print_backup(context.output, ledger::backup(context.store(), destination_));
        return ExitCode::ok;
    }

private:
    std::string destination_;
};

}  // namespace

std::unique_ptr<Command> make_backup(CLI::App& app) { return std::make_unique<BackupCommand>(app); }

}  // namespace gpuclusters::commands
