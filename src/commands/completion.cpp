// gpuclusters completion bash|zsh|fish: shell completion scripts written from the command
// definitions themselves, so they cannot drift from the options the binary takes.
#include "commands/command.hpp"

namespace gpuclusters::commands {
namespace {

std::vector<std::pair<std::string, std::string>> options_of(const CLI::App& app) {
    std::vector<std::pair<std::string, std::string>> options;
    for (const CLI::Option* option : app.get_options()) {
        for (const auto& name : option->get_lnames()) options.emplace_back("--" + name, option->get_description());
        for (const auto& name : option->get_snames()) options.emplace_back("-" + name, option->get_description());
    }
    return options;
}

// The words a shell completes, read off the command line definition.
render::CompletionWords completion_words(const CLI::App& root) {
    render::CompletionWords words{options_of(root), {}};
    for (const CLI::App* sub : root.get_subcommands({})) {
        render::CompletionWords::Command command{sub->get_name(), sub->get_description(), options_of(*sub)};
        for (const CLI::App* nested : sub->get_subcommands({})) command.options.emplace_back(nested->get_name(), nested->get_description());
        words.commands.push_back(std::move(command));
    }
    return words;
}

class CompletionCommand : public Command {
public:
    explicit CompletionCommand(CLI::App& app) {
        app.add_option("shell", shell_, "bash, zsh or fish")->required()->check(CLI::IsMember({"bash", "zsh", "fish"}));
    }
    DbAccess access() const override { return DbAccess::none; }

    ExitCode run(Context& context) override {
        render::print_completion(context.output, shell_, completion_words(*context.app));
        return ExitCode::ok;
    }

private:
    std::string shell_;
};

}  // namespace

std::unique_ptr<Command> make_completion(CLI::App& app) { return std::make_unique<CompletionCommand>(app); }

}  // namespace gpuclusters::commands
