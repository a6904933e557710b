// gpuclusters help [COMMAND [SUBCOMMAND]]: what --help prints, for those who type the word.
#include <fmt/format.h>

#include "commands/command.hpp"
#include "gpuclusters/model/text.hpp"

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
            const auto found = app->get_subcommands([&](const CLI::App* sub) { return sub->check_name(name); });
            if (found.empty()) {
                std::vector<std::string> names;
                for (const CLI::App* sub : app->get_subcommands({})) names.push_back(sub->get_name());
                const auto near = text::closest(name, names, 3);
                throw UsageError(fmt::format("no command '{}'{}", name, near ? fmt::format("; did you mean '{}'?", *near) : ""));
            }
            app = found.front();
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
