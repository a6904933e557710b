// gpuclusters fields: the field catalogue, with types and the policy's definitions.
#include "commands/command.hpp"

namespace gpuclusters::commands {
namespace {

class FieldsCommand : public Command {
public:
    explicit FieldsCommand(CLI::App&) {}
    DbAccess access() const override { return DbAccess::none; }

    ExitCode run(Context& context) override {
        render::print_fields(context.output);
        return ExitCode::ok;
    }
};

}  // namespace

std::unique_ptr<Command> make_fields(CLI::App& app) { return std::make_unique<FieldsCommand>(app); }

}  // namespace gpuclusters::commands
