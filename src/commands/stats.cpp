// gpuclusters stats: the current dataset in figures — clusters and physical GPUs by maker,
// country, segment and status; values resting on operator sources; Verified badges.
#include "commands/command.hpp"
#include "gpuclusters/ledger/listing.hpp"

namespace gpuclusters::commands {
namespace {

class StatsCommand : public Command {
public:
    explicit StatsCommand(CLI::App&) {}

    ExitCode run(Context& context) override {
        render::print_stats(context.output, ledger::dataset_stats(context.store()));
        return ExitCode::ok;
    }
};

}  // namespace

std::unique_ptr<Command> make_stats(CLI::App& app) { return std::make_unique<StatsCommand>(app); }

}  // namespace gpuclusters::commands
