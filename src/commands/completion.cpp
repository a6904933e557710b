// gpuclusters completion bash|zsh|fish: shell completion scripts written from the command
// definitions themselves, so they cannot drift from the options the binary takes.
#include <map>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/completion.hpp"

namespace gpuclusters::commands {
namespace {

// What completion offers for an option's value, from its type name (see value_type): a set
// ("TEXT:{a,b}", IsMember's or one_of's) before the kind of thing it names.
std::string value_of(const CLI::Option& option) {
    if (option.get_expected_max() == 0) return "";  // a flag
    const std::string type = option.get_type_name();
    if (const auto open = type.find(":{"); open != std::string::npos && type.back() == '}') return type.substr(open + 1);
    static const std::map<std::string, std::string> by_type{{value_type::file, "file"},          {value_type::path, "path"},
                                                            {value_type::cluster, "ids"},        {value_type::field, "fields"},
                                                            {value_type::assignment, "fields="}, {value_type::fields, "fields,"},
                                                            {value_type::rule, "rules"},         {value_type::source, "sources"}};
    const auto found = by_type.find(type);
    return found == by_type.end() ? "text" : found->second;
}

void add_commands(const CLI::App& app, const std::string& path, render::CompletionWords& words) {
    render::CompletionWords::Command command{path, app.get_description(), {}, {}, false, {}};
    for (const CLI::Option* option : app.get_options()) {
        if (option->get_positional()) {
            command.positionals.push_back(value_of(*option));
            command.last_repeats = option->get_items_expected_max() > 1;
            continue;
        }
        render::CompletionWords::Option entry{{}, option->get_description(), value_of(*option)};
        for (const auto& name : option->get_lnames()) entry.names.push_back("--" + name);
        for (const auto& name : option->get_snames()) entry.names.push_back("-" + name);
        command.options.push_back(std::move(entry));
    }
    std::vector<const CLI::App*> nested;
    for (const CLI::App* sub : app.get_subcommands({})) {
        if (sub->get_group().empty()) continue;  // hidden: __complete
        command.subcommands.emplace_back(sub->get_name(), sub->get_description());
        nested.push_back(sub);
    }
    words.commands.push_back(std::move(command));
    for (const CLI::App* sub : nested) add_commands(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), words);
}

class CompletionCommand : public Command {
public:
    explicit CompletionCommand(CLI::App& app) {
        app.add_option("shell", shell_, "bash, zsh or fish")->required()->check(CLI::IsMember({"bash", "zsh", "fish"}));
    }
    DbAccess access() const override { return DbAccess::none; }

    ExitCode run(Context& context) override {
        // The words a shell completes, read off the command line definition.
        render::CompletionWords words;
        add_commands(*context.app, "", words);
        render::print_completion(context.output, shell_, words);
        return ExitCode::ok;
    }

private:
    std::string shell_;
};

// gpuclusters [--db FILE] __complete ids|fields|rules|sources [PREFIX]: what the scripts offer
// from the data. It says nothing when there is nothing to offer (no database, a broken one): a
// message would land in the middle of the line being typed.
class CompleteCommand : public Command {
public:
    explicit CompleteCommand(CLI::App& app) {
        app.add_option("kind", kind_name_, "ids, fields, rules or sources")
            ->required()
            ->check(CLI::IsMember({"ids", "fields", "rules", "sources"}));
        app.add_option("prefix", prefix_, "only the words starting with this");
    }
    DbAccess access() const override {
        const auto kind = this->kind();
        return kind == ledger::CompletionKind::ids || kind == ledger::CompletionKind::sources ? DbAccess::read_only_if_any
                                                                                              : DbAccess::none;
    }

    ExitCode run(Context& context) override {
        std::vector<std::string> words;
        try {
            words = ledger::completion_candidates(context.database ? &context.store() : nullptr, kind(), prefix_);
        } catch (const Error&) {
            return ExitCode::ok;
        }
        render::print_candidates(context.output, words);
        return ExitCode::ok;
    }

private:
    ledger::CompletionKind kind() const {
        if (kind_name_ == "ids") return ledger::CompletionKind::ids;
        if (kind_name_ == "rules") return ledger::CompletionKind::rules;
        if (kind_name_ == "sources") return ledger::CompletionKind::sources;
        return ledger::CompletionKind::fields;
    }

    std::string kind_name_;
    std::string prefix_;
};

}  // namespace

std::unique_ptr<Command> make_completion(CLI::App& app) { return std::make_unique<CompletionCommand>(app); }
std::unique_ptr<Command> make_complete(CLI::App& app) { return std::make_unique<CompleteCommand>(app); }

}  // namespace gpuclusters::commands
