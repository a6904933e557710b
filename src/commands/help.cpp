// gpuclusters help [COMMAND [SUBCOMMAND]]: what --help prints, for those who type the word.
#include <fmt/format.h>

#include "commands/command.hpp"

namespace gpuclusters::commands {
namespace {

class HelpCommand : public Command {
public:
    explicit HelpCommand(CLI::App& app) {
        app.add_option("command", path_, "a command (and its subcommand, as in `help sources show`)");
    }
    DbAccess access() const override { return DbAccess::none; }

    ExitCode run(Context& context) override {
        const CLI::App* app = context.app;
        std::string usage_name = app->get_name();
        for (const auto& name : path_) {
            const CLI::App* found = find_subcommand(*app, name);
            if (found == nullptr)
                throw UsageError(fmt::format("no command '{}'{}", name, did_you_mean(name, subcommand_names(*app))));
            app = found;
            usage_name += " " + app->get_name();
        }
        // Not app->help(): that describes the command parsed, which is help itself.
        render::print_help(context.output, app->get_formatter()->make_help(app, usage_name, CLI::AppFormatMode::Normal));
        return ExitCode::ok;
    }

private:
    std::vector<std::string> path_;
};

}  // namespace

std::unique_ptr<Command> make_help(CLI::App& app) { return std::make_unique<HelpCommand>(app); }

}  // namespace gpuclusters::commands
