// Shell completion scripts, written from the command definitions themselves (the commands layer
// reads them off CLI11), so they cannot drift from the options the binary takes.
#include <algorithm>
#include <fmt/format.h>

#include "render/render.hpp"

namespace gpuclusters::render {
namespace {

std::string quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

void print_fish(std::ostream& out, const CompletionWords& words) {
    out << "# fish completion for gpuclusters, written by `gpuclusters completion fish`\n";
    for (const auto& [name, help] : words.global) {
        if (name.starts_with("--")) out << fmt::format("complete -c gpuclusters -l {} -d {}\n", name.substr(2), quoted(help));
    }
    for (const auto& command : words.commands) {
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
}

// bash, and zsh through its bash compatibility layer.
void print_bash(std::ostream& out, const std::string& shell, const CompletionWords& words) {
    if (shell == "zsh") out << "#compdef gpuclusters\nautoload -U +X bashcompinit && bashcompinit\n";
    out << "# completion for gpuclusters, written by `gpuclusters completion " << shell << "`\n_gpuclusters() {\n"
        << "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" command=\"\" word\n"
        << "    for word in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do\n        case \"$word\" in\n";
    std::string names;
    for (const auto& command : words.commands) names += (names.empty() ? "" : "|") + command.name;
    out << "            " << names << ") command=\"$word\"; break ;;\n        esac\n    done\n";
    std::string global_words;
    for (const auto& [name, help] : words.global) global_words += " " + name;
    out << "    case \"$command\" in\n";
    std::string command_words;
    for (const auto& command : words.commands) {
        command_words += " " + command.name;
        std::vector<std::string> offered;
        auto take = [&](const std::string& word) {
            if (std::find(offered.begin(), offered.end(), word) == offered.end()) offered.push_back(word);
        };
        for (const auto& [name, help] : command.options) take(name);
        for (const auto& [name, help] : words.global) take(name);
        std::string joined;
        for (const auto& word : offered) joined += (joined.empty() ? "" : " ") + word;
        out << fmt::format("        {}) COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")) ;;\n", command.name, joined);
    }
    out << fmt::format("        *) COMPREPLY=($(compgen -W \"{}{}\" -- \"$cur\")) ;;\n", command_words, global_words);
    out << "    esac\n}\ncomplete -F _gpuclusters gpuclusters\n";
}

}  // namespace

void print_completion(const Output& output, const std::string& shell, const CompletionWords& words) {
    if (shell == "fish") {
        print_fish(output.out, words);
    } else {
        print_bash(output.out, shell, words);
    }
}

void print_candidates(const Output& output, const std::vector<std::string>& words) {
    for (const auto& word : words) output.out << word << '\n';
}

}  // namespace gpuclusters::render
