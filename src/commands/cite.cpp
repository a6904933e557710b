// gpuclusters cite ID FIELD --source URL|ID [--quote TEXT] [--locator L] [--value V]: add evidence
// to a value after the fact.
#include <fmt/format.h>

#include "gpuclusters/ledger/change.hpp"
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

class CiteCommand : public Command {
public:
    explicit CiteCommand(CLI::App& app) {
        app.add_option("id", id_, "cluster id")->required();
        app.add_option("field", field_, "field whose value the source backs")->required();
        app.add_option("--source", source_.reference, "URL (http or https) or id of the source")->required();
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
    DbAccess access() const override { return DbAccess::open; }

    ExitCode run(Context& context) override {
        if (not_published_ && !value_.empty()) throw UsageError("--value and --not-published exclude each other");
        source_.origin = "--source";
        model::ChangeRequest request;
        request.sources.push_back(source_);
        model::RecordInput record{.cluster_id = id_, .origin = "ID"};
        record.fields.push_back({.field = field_,
                                 .not_published = not_published_,
                                 .raw_value = value_,
                                 .citations = {{0, locator_, quote_, quote_.empty() ? "--locator" : "--quote"}},
                                 .origin = value_.empty() ? "FIELD " + field_ : "--value",
                                 .action = model::FieldAction::cite});
        request.records.push_back(std::move(record));
        request.changeset = context.changeset(message_, fmt::format("cite {} {}", id_, field_));
        request.today = context.today;
        request.dry_run = dry_run_;
        const auto report = ledger::apply_changes(*context.store, request);

        if (context.options.json || dry_run_ || !report.changed) {
            context.report_change(report);
            return ExitCode::ok;
        }
        // The field as it stands now, with every citation of the claim and the new ones marked.
        const auto& field = report.fields.front();
        const auto record_now = context.store->load_record(field.cluster_id);
        render::print_claim_evidence(context.out, context.style, *record_now, field.claim_id, field.new_citations);
        for (const auto& source : report.sources) {
            if (source.is_new) context.out << fmt::format("source {}: new, {}\n", source.id, source.url);
            for (const auto& change : source.changes) context.out << fmt::format("source {}: {}\n", source.id, change);
        }
        context.out << fmt::format("changeset {}\n", report.changeset_id);
        return ExitCode::ok;
    }

private:
    std::string id_;
    std::string field_;
    model::SourceInput source_;
    std::string quote_;
    std::string locator_;
    std::string value_;
    bool not_published_ = false;
    std::string message_;
    bool dry_run_ = false;
};

}  // namespace

std::unique_ptr<Command> make_cite(CLI::App& app) { return std::make_unique<CiteCommand>(app); }

}  // namespace gpuclusters::commands
