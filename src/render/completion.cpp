// Shell completion scripts, written from the command definitions themselves (the commands layer
// reads them off CLI11), so they cannot drift from the options the binary takes. Each script is
// the same data (per command: its subcommands, options, what each option's value and each
// positional is) and a driver in the shell's own language that walks the line typed so far.
// Words from the database come from `gpuclusters __complete` and are only ever handed to the
// shell as data (compadd -a, COMPREPLY, fish's candidate lines), never evaluated.
#include <algorithm>
#include <fmt/format.h>

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

// Both drivers walk the words before the cursor the same way: the command path (gpuclusters
// sources show), how many positionals it has, whether the last word is an option awaiting its
// value, and the --db the line names, which __complete is asked with.
constexpr const char* sh_common =
    R"sh(# __complete KIND PREFIX, on the database the line names: one word a line, nothing on error.
_gpuclusters_ask() {
    "${_gpuclusters_bin:-gpuclusters}" "${_gpuclusters_db[@]}" __complete "$1" -- "$2" 2>/dev/null
}
# A --db value as typed: quotes and a leading ~/ undone, without evaluating it.
_gpuclusters_unquote() {
    REPLY=$1
    [[ $REPLY == \"*\" || $REPLY == \'*\' ]] && REPLY=${REPLY:1:${#REPLY}-2}
    [[ $REPLY == '~/'* ]] && REPLY=$HOME/${REPLY:2}
}
# Walks words 2..N-1 of words_ (the command name is word 1): sets path_, n_ (positionals so far) and expect_
# (the option whose value is next), and the --db the line names.
_gpuclusters_walk() {
    local word i last=$1 entry known
    path_= n_=0 expect_=
    for ((i = 2; i < last; i++)); do
        word=${words_[i]}
        if [[ -n $expect_ ]]; then
            if [[ $expect_ == --db ]]; then _gpuclusters_unquote "$word"; _gpuclusters_db=(--db "$REPLY"); fi
            expect_=
            continue
        fi
        case $word in
            --db=*) _gpuclusters_unquote "${word#--db=}"; _gpuclusters_db=(--db "$REPLY") ;;
            --*=* | --) ;;
            -?*) _gpuclusters_value "$path_" "$word"; [[ -n $REPLY ]] && expect_=$word ;;
            *)
                _gpuclusters_described "$path_" commands
                known=
                for entry in "${reply[@]}"; do [[ ${entry%%:*} == "$word" ]] && known=1; done
                if ((n_ == 0)) && [[ -n $known ]]; then
                    path_=${path_:+$path_ }$word
                else
                    ((n_++))
                fi ;;
        esac
    done
}
)sh";

void print_bash(std::ostream& out, const CompletionWords& words) {
    out << "# bash completion for gpuclusters, written by `gpuclusters completion bash` from its command definitions\n";
    print_sh_tables(out, words);
    out << sh_common << R"sh(# Appends the candidates for a value to COMPREPLY, each prefixed with HEAD.
_gpuclusters_offer() {
    local token=$1 prefix=$2 head=$3 word
    case $token in
        file | path)
            compopt -o filenames 2>/dev/null
            while IFS= read -r word; do COMPREPLY+=("$head$word"); done < <(compgen -f -- "$prefix")
            return ;;
        'fields,') head+=${prefix%"${prefix##*,}"}; prefix=${prefix##*,} ;;
        'fields=') compopt -o nospace 2>/dev/null ;;
    esac
    case $token in
        ids | fields | 'fields=' | 'fields,' | rules | sources)
            while IFS= read -r word; do
                [[ $token == 'fields=' ]] && word+='='
                COMPREPLY+=("$head$word")
            done < <(_gpuclusters_ask "${token%[=,]}" "$prefix") ;;
        '{'*)
            local IFS=,
            for word in ${token:1:${#token}-2}; do [[ $word == "$prefix"* ]] && COMPREPLY+=("$head$word"); done ;;
    esac
}
# Appends the words of a _gpuclusters_described list that start with PREFIX.
_gpuclusters_offer_described() {
    local entry
    _gpuclusters_described "$1" "$2"
    for entry in "${reply[@]}"; do [[ ${entry%%:*} == "$3"* ]] && COMPREPLY+=("${entry%%:*}"); done
}
_gpuclusters() {
    local -a words_=("") reply _gpuclusters_db=()  # from 1, as zsh numbers them
    local line=${COMP_LINE:0:COMP_POINT} word i path_ n_ expect_ REPLY _gpuclusters_bin=gpuclusters
    # bash splits words at COMP_WORDBREAKS (--db=FILE, FIELD=VALUE): rejoin those no blank parts.
    for ((i = 0; i <= COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if ((i > 0)) && [[ -n $COMP_LINE && $line != [[:blank:]]* ]]; then
            words_[${#words_[@]}-1]+=$word
        else
            words_+=("$word")
        fi
        line=${line#"${line%%[![:blank:]]*}"}
        line=${line#"$word"}
    done
    [[ ${words_[1]} == */* && -x ${words_[1]} ]] && _gpuclusters_bin=${words_[1]}
    local cur=${words_[${#words_[@]}-1]}
    _gpuclusters_walk $((${#words_[@]} - 1))
    COMPREPLY=()
    if [[ -n $expect_ ]]; then
        _gpuclusters_value "$path_" "$expect_"
        _gpuclusters_offer "$REPLY" "$cur" ''
    elif [[ $cur == --*=* ]]; then
        _gpuclusters_value "$path_" "${cur%%=*}"
        [[ -n $REPLY ]] && _gpuclusters_offer "$REPLY" "${cur#*=}" "${cur%%=*}="
    elif [[ $cur == -* ]]; then
        _gpuclusters_offer_described "$path_" options "$cur"
        [[ -n $path_ ]] && _gpuclusters_offer_described '' options "$cur"
    else
        ((n_ == 0)) && _gpuclusters_offer_described "$path_" commands "$cur"
        if [[ -n $path_ ]]; then
            _gpuclusters_positional "$path_" "$n_"
            _gpuclusters_offer "$REPLY" "$cur" ''
        fi
    fi
    # bash replaces only what follows the last word break (= or :) of the word.
    local breaks=${COMP_WORDBREAKS//[^=:]/}
    if [[ -n $breaks && $cur == *["$breaks"]* ]]; then
        local typed=${cur%"${cur##*["$breaks"]}"}
        COMPREPLY=("${COMPREPLY[@]#"$typed"}")
    fi
}
complete -F _gpuclusters gpuclusters
)sh";
}

void print_zsh(std::ostream& out, const CompletionWords& words) {
    out << "#compdef gpuclusters\n"
           "# zsh completion for gpuclusters, written by `gpuclusters completion zsh` from its command definitions\n";
    print_sh_tables(out, words);
    out << sh_common << R"sh(# Offers the candidates for a value of the current word.
_gpuclusters_offer() {
    local token=$1
    local -a found
    case $token in
        file | path) _files; return ;;
        'fields,') compset -P '*,' ;;
    esac
    case $token in
        ids | fields | 'fields=' | 'fields,' | rules | sources)
            found=(${(f)"$(_gpuclusters_ask "${token%[=,]}" "$PREFIX")"})
            case $token in
                'fields=') compadd -S '=' -q -a found ;;
                'fields,') compadd -S ',' -q -a found ;;
                *) compadd -a found ;;
            esac ;;
        '{'*)
            found=(${(s:,:)${token:1:-1}})
            compadd -a found ;;
    esac
}
_gpuclusters() {
    local -a words_ reply _gpuclusters_db
    local path_ n_ expect_ REPLY _gpuclusters_bin=gpuclusters word
    words_=("${(@Q)words[@]}")  # 1-based: the arguments from 2, as in bash's array of the walk
    [[ ${words_[1]} == */* && -x ${words_[1]} ]] && _gpuclusters_bin=${words_[1]}
    _gpuclusters_walk $CURRENT
    if [[ -n $expect_ ]]; then
        _gpuclusters_value "$path_" "$expect_"
        _gpuclusters_offer "$REPLY"
    elif [[ $PREFIX == --*=* ]]; then
        _gpuclusters_value "$path_" "${PREFIX%%=*}"
        if [[ -n $REPLY ]]; then
            IPREFIX+="${PREFIX%%=*}="
            PREFIX=${PREFIX#*=}
            _gpuclusters_offer "$REPLY"
        fi
    elif [[ $PREFIX == -* ]]; then
        local -a options
        _gpuclusters_described "$path_" options
        options=("${reply[@]}")
        if [[ -n $path_ ]]; then _gpuclusters_described '' options; options+=("${reply[@]}"); fi
        _describe -t options option options
    else
        if ((n_ == 0)); then
            _gpuclusters_described "$path_" commands
            ((${#reply})) && _describe -t commands command reply
        fi
        if [[ -n $path_ ]]; then
            _gpuclusters_positional "$path_" "$n_"
            _gpuclusters_offer "$REPLY"
        fi
    fi
}
# Autoloaded from fpath (the installed file), the file is the function: run it. Sourced, register.
if [[ ${funcstack[1]} == _gpuclusters ]]; then
    _gpuclusters "$@"
else
    compdef _gpuclusters gpuclusters
fi
)sh";
}

// What fish runs beside the tables: asking the database, offering a value's candidates, and
// walking the words before the cursor as the sh drivers do.
constexpr const char* fish_functions =
    R"sh(# __complete KIND PREFIX, on the database the line names: one word a line, nothing on error.
function __gpuclusters_ask
    $__gpuclusters_bin $__gpuclusters_db __complete $argv[1] -- $argv[2] 2>/dev/null
end
# The candidates for a value, each prefixed with HEAD.
function __gpuclusters_offer --argument-names token prefix head
    switch "$token"
        case file path
            for path in (__fish_complete_path $prefix)
                echo $head$path
            end
        case 'fields,'
            set -l done (string replace -r -- '[^,]*$' '' $prefix)
            for word in (__gpuclusters_ask fields (string replace -r -- '.*,' '' $prefix))
                echo $head$done$word
            end
        case 'fields='
            for word in (__gpuclusters_ask fields $prefix)
                echo $head$word=
            end
        case ids fields rules sources
            for word in (__gpuclusters_ask $token $prefix)
                echo $head$word
            end
        case '{*}'
            for word in (string split , -- (string trim -c '{}' -- $token))
                echo $head$word
            end
    end
end
# Walks the words before the cursor: the command path (gpuclusters sources show), how many
# positionals it has, whether the last word is an option awaiting its value, and the --db named.
function __gpuclusters_complete
    set -l words (commandline -opc)
    set -l cur (commandline -ct)
    set -g __gpuclusters_bin gpuclusters
    if string match -q -- '*/*' $words[1]; and test -x $words[1]
        set __gpuclusters_bin $words[1]
    end
    set -e words[1]
    set -g __gpuclusters_db
    set -l path ''
    set -l n 0
    set -l expect ''
    for word in $words
        if test -n "$expect"
            if test "$expect" = --db
                set __gpuclusters_db --db (string replace -r -- '^~/' "$HOME/" $word)
            end
            set expect ''
            continue
        end
        switch $word
            case '--db=*'
                set __gpuclusters_db --db (string replace -r -- '^--db=(~/)?' '' $word)
            case '--*=*' --
            case '-?*'
                set -l value (__gpuclusters_value "$path" $word)
                test -n "$value"; and set expect $word
            case '*'
                if test $n -eq 0; and contains -- $word (__gpuclusters_described "$path" commands | string split -f1 \t)
                    set path (string trim -- "$path $word")
                else
                    set n (math $n + 1)
                end
        end
    end
    if test -n "$expect"
        set -l value (__gpuclusters_value "$path" $expect)
        __gpuclusters_offer "$value" "$cur" ''
    else if string match -qr -- '^--[^=]+=' $cur
        set -l option (string replace -r -- '=.*' '' $cur)
        set -l value (__gpuclusters_value "$path" $option)
        __gpuclusters_offer "$value" (string replace -r -- '^[^=]*=' '' $cur) "$option="
    else if string match -q -- '-*' $cur
        __gpuclusters_described "$path" options
        test -n "$path"; and __gpuclusters_described '' options
    else
        test $n -eq 0; and __gpuclusters_described "$path" commands
        if test -n "$path"
            set -l value (__gpuclusters_positional "$path" $n)
            __gpuclusters_offer "$value" "$cur" ''
        end
    end
end
complete -c gpuclusters -e
complete -c gpuclusters -f -a '(__gpuclusters_complete)'
)sh";

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
    out << "    end\nend\n" << fish_functions;
}

}  // namespace

void print_completion(const Output& output, const std::string& shell, const CompletionWords& words) {
    if (shell == "fish") {
        print_fish(output.out, words);
    } else if (shell == "zsh") {
        print_zsh(output.out, words);
    } else {
        print_bash(output.out, words);
    }
}

void print_candidates(const Output& output, const std::vector<std::string>& words) {
    for (const auto& word : words) output.out << word << '\n';
}

}  // namespace gpuclusters::render
