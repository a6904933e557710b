// gpuclusters sync DIR: the database and the git history of the folder of record files DIR
// brought together, both ways: new commits become changesets, new changesets commits.
#include "gpuclusters/ledger/sync.hpp"
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "commands/temporary_folder.hpp"

namespace gpuclusters::commands {
namespace {

class SyncCommand : public Command {
public:
    explicit SyncCommand(CLI::App& app) {
        app.add_option("folder", folder_,
                       "the folder of record files: a git work tree's top (`tree setup` makes one) or a folder in it")
            ->required()
            ->type_name(value_type::path);
    }
    DbAccess access() const override { return DbAccess::read_write; }

    ExitCode run(Context& context) override {
        const TemporaryFolder scratch("gpuclusters-sync");
        const ledger::SyncRequest request{folder_, scratch.path(), context.changeset("", "sync"), context.today};
        const auto result = ledger::sync_tree(context.store(), request);
        render::print_sync(context.output, result);
        return ExitCode::ok;
    }

private:
    std::string folder_;
};

}  // namespace

std::unique_ptr<Command> make_sync(CLI::App& app) { return std::make_unique<SyncCommand>(app); }

}  // namespace gpuclusters::commands
