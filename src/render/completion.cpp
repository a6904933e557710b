// Shell completion scripts, written from the command definitions themselves (the commands layer
// reads them off CLI11), so they cannot drift from the options the binary takes. Each script is
// the same data (per command: its subcommands, options, what each option's value and each
// positional is), written here, and a driver in the shell's own language that walks the line typed
// so far: db/completion/, embedded as it is (common.sh is bash's and zsh's shared part: the walk
// over the words before the cursor, the --db it names, asking __complete).
// Words from the database come from `gpuclusters __complete` and are only ever handed to the
// shell as data (compadd -a, COMPREPLY, fish's candidate lines), never evaluated.
#include <algorithm>
#include <fmt/format.h>

#include "embedded_data.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {
namespace {

// A single-quoted word for bash and zsh.
std::string quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// A single-quoted word for fish, where a backslash escapes a quote or itself.
std::string fish_quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) {
        if (c == '\'' || c == '\\') out += '\\';
        out += c;
    }
    return out + "'";
}

using Command = CompletionWords::Command;

// The patterns of the value and positional tables, "PATH OPTION" and "PATH N", with the text of
// each entry; the global options match under every path.
struct Entry {
    std::string pattern;
    std::string value;
};

std::vector<Entry> value_entries(const CompletionWords& words) {
    std::vector<Entry> entries;
    for (const auto& command : words.commands) {
        for (const auto& option : command.options) {
            if (option.value.empty()) continue;
            for (const auto& name : option.names) {
                entries.push_back({command.path.empty() ? "* " + name : command.path + " " + name, option.value});
            }
        }
    }
    // The global ones last: a command's own option of the same name comes first.
    std::stable_partition(entries.begin(), entries.end(), [](const Entry& entry) { return !entry.pattern.starts_with("* "); });
    return entries;
}

std::vector<Entry> positional_entries(const CompletionWords& words) {
    std::vector<Entry> entries;
    for (const auto& command : words.commands) {
        for (std::size_t i = 0; i < command.positionals.size(); ++i) {
            const bool any = command.last_repeats && i + 1 == command.positionals.size();
            entries.push_back({command.path + " " + (any ? "*" : std::to_string(i)), command.positionals[i]});
        }
    }
    return entries;
}

// (word, description) pairs under "PATH commands" and "PATH options".
std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> described(const CompletionWords& words) {
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> lists;
    for (const auto& command : words.commands) {
        if (!command.subcommands.empty()) lists.push_back({command.path + " commands", command.subcommands});
        std::vector<std::pair<std::string, std::string>> options;
        for (const auto& option : command.options) {
            for (const auto& name : option.names) options.emplace_back(name, option.description);
        }
        lists.push_back({command.path + " options", options});
    }
    return lists;
}

// The tables as bash and zsh functions (the same syntax in both). A pattern with a '*' keeps it
// unquoted so that it matches.
std::string pattern(const std::string& text) {
    const auto star = text.find('*');
    if (star == std::string::npos) return quoted(text);
    return (star == 0 ? "" : quoted(text.substr(0, star))) + "*" + (star + 1 < text.size() ? quoted(text.substr(star + 1)) : "");
}

void print_sh_tables(std::ostream& out, const CompletionWords& words) {
    out << "# What an option's value is (empty: a flag), under a command path.\n"
           "_gpuclusters_value() {\n    case \"$1 $2\" in\n";
    for (const auto& entry : value_entries(words))
        out << fmt::format("        {}) REPLY={} ;;\n", pattern(entry.pattern), quoted(entry.value));
    out << "        *) REPLY= ;;\n    esac\n}\n"
           "# What the Nth positional of a command path is.\n"
           "_gpuclusters_positional() {\n    case \"$1 $2\" in\n";
    for (const auto& entry : positional_entries(words))
        out << fmt::format("        {}) REPLY={} ;;\n", pattern(entry.pattern), quoted(entry.value));
    out << "        *) REPLY= ;;\n    esac\n}\n"
           "# The subcommands or options of a command path, as WORD:DESCRIPTION.\n"
           "_gpuclusters_described() {\n    case \"$1 $2\" in\n";
    for (const auto& [key, list] : described(words)) {
        out << fmt::format("        {}) reply=(", quoted(key));
        for (const auto& [word, description] : list) out << "\n            " << quoted(fmt::format("{}:{}", word, description));
        out << ") ;;\n";
    }
    out << "        *) reply=() ;;\n    esac\n}\n";
}

void print_sh(std::ostream& out, const CompletionWords& words, bool zsh) {
    const std::string_view shell = zsh ? "zsh" : "bash";
    out << (zsh ? "#compdef gpuclusters\n" : "")
        << fmt::format("# {} completion for gpuclusters, written by `gpuclusters completion {}` from its command definitions\n",
                       shell, shell);
    print_sh_tables(out, words);
    out << embedded::completion_common_sh << (zsh ? embedded::completion_zsh : embedded::completion_bash);
}

void print_fish(std::ostream& out, const CompletionWords& words) {
    out << "# fish completion for gpuclusters, written by `gpuclusters completion fish` from its command definitions\n"
           "# What an option's value is (empty: a flag), under a command path.\n"
           "function __gpuclusters_value --argument-names path option\n    switch \"$path $option\"\n";
    for (const auto& entry : value_entries(words)) {
        out << fmt::format("        case {}\n            echo {}\n", fish_quoted(entry.pattern), fish_quoted(entry.value));
    }
    out << "    end\nend\n"
           "# What the Nth positional of a command path is.\n"
           "function __gpuclusters_positional --argument-names path n\n    switch \"$path $n\"\n";
    for (const auto& entry : positional_entries(words)) {
        out << fmt::format("        case {}\n            echo {}\n", fish_quoted(entry.pattern), fish_quoted(entry.value));
    }
    out << "    end\nend\n"
           "# The subcommands or options of a command path, a WORD<tab>DESCRIPTION line each.\n"
           "function __gpuclusters_described --argument-names path what\n    switch \"$path $what\"\n";
    for (const auto& [key, list] : described(words)) {
        out << fmt::format("        case {}\n", fish_quoted(key));
        if (list.empty()) continue;
        out << "            printf '%s\\t%s\\n'";
        for (const auto& [word, description] : list)
            out << " \\\n                " << fish_quoted(word) << " " << fish_quoted(description);
        out << "\n";
    }
    out << "    end\nend\n" << embedded::completion_fish;
}

}  // namespace

void print_completion(const Output& output, const std::string& shell, const CompletionWords& words) {
    if (shell == "fish") {
        print_fish(output.out, words);
    } else {
        print_sh(output.out, words, shell == "zsh");
    }
}

void print_candidates(const Output& output, const std::vector<std::string>& words) {
    for (const auto& word : words) output.out << word << '\n';
}

}  // namespace gpuclusters::render
