// gpuclusters cite ID FIELD --source URL|ID [--quote TEXT] [--locator L] [--value V]: add evidence
// to a value after the fact.
#include <fmt/format.h>

#include "commands/command.hpp"
#include "commands/options.hpp"

namespace gpuclusters::commands {
namespace {

class CiteCommand : public RecordChangeCommand {
public:
    explicit CiteCommand(CLI::App& app) {
        app.add_option("id", id_, "cluster id")->required()->type_name(value_type::cluster);
        app.add_option("field", field_, "field whose value the source backs")->required()->type_name(value_type::field);
        app.add_option("--source", source_.reference, "URL (http or https) or id of the source")
            ->required()
            ->type_name(value_type::source);
        add_source_metadata_options(app, source_);
        app.add_option("--quote", quote_, "the source's verbatim words behind the value");
        app.add_option("--locator", locator_, "where in the source: page, section, table");
        app.add_option("--value", value_,
                       "cite this value rather than the preferred one; a value the field does not hold "
                       "becomes a competing figure");
        app.add_flag("--not-published", not_published_, "cite the field's 'not published' claim");
        app.add_option("-m,--message", message_, "changeset message");
        app.add_flag("-n,--dry-run", dry_run_, "print the change and write nothing");
    }

    void validate(const Context& context) override {
        if (not_published_ && !value_.empty()) throw UsageError("--value and --not-published exclude each other");
        request_.sources.push_back(source_);
        model::RecordInput record{.cluster_id = id_, .origin = "ID"};
        record.fields.push_back({.field = field_,
                                 .not_published = not_published_,
                                 .raw_value = value_,
                                 .citations = {{0, locator_, quote_, quote_.empty() ? "--locator" : "--quote"}},
                                 .origin = value_.empty() ? "FIELD " + field_ : "--value",
                                 .action = model::FieldAction::cite});
        prepare_request(context, std::move(record), message_, fmt::format("cite {} {}", id_, field_));
    }

    ExitCode run(Context& context) override {
        render::print_cite(context.output, ledger::cite(context.store(), request_));
        return ExitCode::ok;
    }

private:
    std::string id_;
    std::string field_;
    model::SourceInput source_{.origin = "--source"};
    std::string quote_;
    std::string locator_;
    std::string value_;
    bool not_published_ = false;
    std::string message_;
};

}  // namespace

std::unique_ptr<Command> make_cite(CLI::App& app) { return std::make_unique<CiteCommand>(app); }

}  // namespace gpuclusters::commands
