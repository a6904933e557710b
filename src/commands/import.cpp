// gpuclusters import FILE|DIR|- ...: bulk records in any format, in one transaction and one
// changeset; every problem reported with its place, and then nothing written (or, with
// --keep-going, the valid records).
#include <fmt/format.h>
#include <unistd.h>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/ledger/import.hpp"

namespace gpuclusters::commands {
namespace {

class ImportCommand : public Command {
public:
    explicit ImportCommand(CLI::App& app) {
        app.add_option("inputs", inputs_, "files, folders of TOML records, or - for standard input")
            ->required()
            ->type_name(value_type::path);
        app.add_option("--format", format_, "json, jsonl, toml, csv or csv-long (default: from the file name)")
            ->type_name(one_of(formats::format_names));
        app.add_option("--mapping", mapping_path_, "read CSV tables through a mapping file (see gpuclusters-import(1))")
            ->type_name(value_type::file);
        app.add_option("--source", source_.reference, "a source (URL or id) behind every imported value that has none")
            ->type_name(value_type::source);
        add_source_metadata_options(app, source_);
        app.add_option("-m,--message", message_, "changeset message");
        app.add_flag("-n,--dry-run", request_.dry_run, "print the report and the changes, write nothing");
        app.add_flag("--keep-going", request_.keep_going, "import the valid records and list the rejected ones");
        app.add_flag("--unsourced", request_.unsourced, "write values that cite no source (verify reports each)");
    }
    DbAccess access() const override { return DbAccess::read_write; }

    void validate(const Context&) override {
        if (has_source_metadata(source_) && source_.reference.empty())
            throw UsageError("the source options need --source URL|ID");
        for (const auto& input : inputs_) {
            std::optional<formats::Format> format;
            if (!format_.empty()) format = formats::format_from(format_);
            if (!format) format = formats::format_of_path(input);
            if (!format) throw UsageError(fmt::format("{}: say which format it is with --format", input));
            request_.inputs.emplace_back(input, *format);
        }
        if (!source_.reference.empty()) request_.default_source = source_;
    }

    ExitCode run(Context& context) override {
        if (!mapping_path_.empty()) request_.mapping = formats::Mapping::load(mapping_path_);
        const bool progress = !context.options.quiet && !context.options.json;
        render::ImportPrinter printer(context.output, progress ? render::terminal_columns(STDERR_FILENO) : 0,
                                      isatty(STDOUT_FILENO) == 1);
        const auto result = ledger::import_records(context.store(), request_, context.changeset(message_, "import"),
                                                   context.today, printer.events());
        printer.finish(result);
        if (result.refused()) {
            throw InputError(fmt::format("{} problem{} in the input; nothing written{}", result.problem_count,
                                         result.problem_count == 1 ? "" : "s",
                                         request_.keep_going ? " (--keep-going passes over rejected records, not an input "
                                                               "that cannot be read to its end)"
                                                             : ""));
        }
        return ExitCode::ok;
    }

private:
    std::vector<std::string> inputs_;
    std::string format_;
    std::string mapping_path_;
    model::SourceInput source_{.origin = "--source"};
    std::string message_;
    ledger::ImportRequest request_;
};

}  // namespace

std::unique_ptr<Command> make_import(CLI::App& app) { return std::make_unique<ImportCommand>(app); }

}  // namespace gpuclusters::commands
