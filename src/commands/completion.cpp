// gpuclusters completion bash|zsh|fish: shell completion scripts written from the command
// definitions themselves, so they cannot drift from the options the binary takes.
#include <algorithm>
#include <fmt/format.h>

#include "commands/command.hpp"

namespace gpuclusters::commands {
namespace {

struct CommandWords {
    std::string name;
    std::string description;
    std::vector<std::pair<std::string, std::string>> options;  ///< (name, description)
};

std::vector<std::pair<std::string, std::string>> options_of(const CLI::App& app) {
    std::vector<std::pair<std::string, std::string>> options;
    for (const CLI::Option* option : app.get_options()) {
        for (const auto& name : option->get_lnames()) options.emplace_back("--" + name, option->get_description());
        for (const auto& name : option->get_snames()) options.emplace_back("-" + name, option->get_description());
    }
    return options;
}

std::string quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

class CompletionCommand : public Command {
public:
    explicit CompletionCommand(CLI::App& app) {
        app.add_option("shell", shell_, "bash, zsh or fish")->required()->check(CLI::IsMember({"bash", "zsh", "fish"}));
    }
    DbAccess access() const override { return DbAccess::none; }

    ExitCode run(Context& context) override {
        const CLI::App& root = *context.app;
        const auto global = options_of(root);
        std::vector<CommandWords> commands;
        for (const CLI::App* sub : root.get_subcommands({})) {
            CommandWords words{sub->get_name(), sub->get_description(), options_of(*sub)};
            for (const CLI::App* nested : sub->get_subcommands({})) words.options.emplace_back(nested->get_name(), nested->get_description());
            commands.push_back(std::move(words));
        }
        auto& out = context.out;
        if (shell_ == "fish") {
            out << "# fish completion for gpuclusters, written by `gpuclusters completion fish`\n";
            for (const auto& [name, help] : global) {
                if (name.starts_with("--")) out << fmt::format("complete -c gpuclusters -l {} -d {}\n", name.substr(2), quoted(help));
            }
            for (const auto& command : commands) {
                out << fmt::format("complete -c gpuclusters -f -n __fish_use_subcommand -a {} -d {}\n", command.name,
                                   quoted(command.description));
                for (const auto& [name, help] : command.options) {
                    const std::string condition = fmt::format("'__fish_seen_subcommand_from {}'", command.name);
                    if (name.starts_with("--")) {
                        out << fmt::format("complete -c gpuclusters -n {} -l {} -d {}\n", condition, name.substr(2), quoted(help));
                    } else if (!name.starts_with("-")) {
                        out << fmt::format("complete -c gpuclusters -f -n {} -a {} -d {}\n", condition, name, quoted(help));
                    }
                }
            }
            return ExitCode::ok;
        }
        // bash, and zsh through its bash compatibility layer.
        if (shell_ == "zsh") out << "#compdef gpuclusters\nautoload -U +X bashcompinit && bashcompinit\n";
        out << "# completion for gpuclusters, written by `gpuclusters completion " << shell_ << "`\n_gpuclusters() {\n"
            << "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" command=\"\" word\n"
            << "    for word in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do\n        case \"$word\" in\n";
        std::string names;
        for (const auto& command : commands) names += (names.empty() ? "" : "|") + command.name;
        out << "            " << names << ") command=\"$word\"; break ;;\n        esac\n    done\n";
        std::string global_words;
        for (const auto& [name, help] : global) global_words += " " + name;
        out << "    case \"$command\" in\n";
        std::string command_words;
        for (const auto& command : commands) {
            command_words += " " + command.name;
            std::vector<std::string> words;
            auto take = [&](const std::string& word) {
                if (std::find(words.begin(), words.end(), word) == words.end()) words.push_back(word);
            };
            for (const auto& [name, help] : command.options) take(name);
            for (const auto& [name, help] : global) take(name);
            std::string joined;
            for (const auto& word : words) joined += (joined.empty() ? "" : " ") + word;
            out << fmt::format("        {}) COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")) ;;\n", command.name, joined);
        }
        out << fmt::format("        *) COMPREPLY=($(compgen -W \"{}{}\" -- \"$cur\")) ;;\n", command_words, global_words);
        out << "    esac\n}\ncomplete -F _gpuclusters gpuclusters\n";
        return ExitCode::ok;
    }

private:
    std::string shell_;
};

}  // namespace

std::unique_ptr<Command> make_completion(CLI::App& app) { return std::make_unique<CompletionCommand>(app); }

}  // namespace gpuclusters::commands
