// gpuclusters completion bash|zsh|fish: shell completion scripts written from the command
// definitions themselves, so they cannot drift from the options the binary takes.
#include "commands/command.hpp"
#include "gpuclusters/ledger/completion.hpp"

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
        if (sub->get_group().empty()) continue;  // hidden: __complete
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
