// gpuclusters quote TEXT: how verify reads a quote -- each figure with the noun it counts, its
// bound and the modality that governs it; with --status, the events a status note reports.
#include <iostream>
#include <iterator>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "formats/rules_config.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

class QuoteCommand : public Command {
public:
    explicit QuoteCommand(CLI::App& app) {
        app.add_option("text", words_, "the quote (default: standard input)");
        app.add_flag("--status", status_, "read the text as status notes: what went live, is being built, was retired");
        app.add_option("--year", year_, "the year the text was written (default: this year): \"by 2027\" is a plan until then")
            ->check(CLI::Range(1950, 2100));
        app.add_option("--config", config_path_, "rules configuration with [quote-reader] phrases")->type_name(value_type::file);
    }
    DbAccess access() const override { return DbAccess::none; }

    ExitCode run(Context& context) override {
        std::string text;
        if (words_.empty() || (words_.size() == 1 && words_[0] == "-")) {
            text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
        } else {
            for (const auto& word : words_) text += (text.empty() ? "" : " ") + word;
        }
        text = model::clean_quote(text);
        auto config = formats::default_rules_config();
        if (!config_path_.empty()) formats::apply_rules_config_file(config, config_path_);
        const int year = year_ != 0 ? year_ : std::stoi(context.today.substr(0, 4));
        const auto& reader = config.quote_reader();
        if (status_) {
            render::print_status_events(context.output, reader.status_events(text, year));
        } else {
            render::print_reading(context.output, text, reader.quantities(text, year));
        }
        return ExitCode::ok;
    }

private:
    std::vector<std::string> words_;
    bool status_ = false;
    int year_ = 0;
    std::string config_path_;
};

}  // namespace

std::unique_ptr<Command> make_quote(CLI::App& app) { return std::make_unique<QuoteCommand>(app); }

}  // namespace gpuclusters::commands
