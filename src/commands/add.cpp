// gpuclusters add ID [--set FIELD=VALUE]... [--not-published FIELD]... [--source URL|ID ...]:
// create a cluster or set its fields, every value backed by the one source named.
#include <fmt/format.h>

#include "commands/command.hpp"
#include "commands/options.hpp"

namespace gpuclusters::commands {
namespace {

class AddCommand : public RecordChangeCommand {
public:
    explicit AddCommand(CLI::App& app) {
        app.add_option("id", id_, "cluster id, a slug such as bytedance-megascale-ampere")
            ->required()
            ->type_name(value_type::cluster);
        app.add_option("--name", name_, "display name (same as --set name=NAME)");
        app.add_option("--set", sets_, "set FIELD=VALUE (repeatable; `gpuclusters fields` lists fields)")
            ->allow_extra_args(false)
            ->type_name(value_type::assignment);
        app.add_option("--not-published", not_published_, "mark FIELD as researched but not published (repeatable)")
            ->allow_extra_args(false)
            ->type_name(value_type::field);
        app.add_option("--source", source_.reference, "URL (http or https) or id of the source behind every value set")
            ->type_name(value_type::source);
        add_source_metadata_options(app, source_);
        app.add_option("--quote", quote_, "the source's verbatim words behind the values");
        app.add_option("--locator", locator_, "where in the source: page, section, table");
        app.add_flag(
            "--new", new_,
            "make ID a new cluster: refused if it exists; without it, an ID near an existing one is refused as a likely typo");
        app.add_flag("--keep-previous", keep_previous_, "keep each replaced value as a competing figure (rank normal)");
        app.add_flag("--unsourced", unsourced_, "write the values without a source (verify reports each)");
        app.add_option("-m,--message", message_, "changeset message");
        app.add_flag("-n,--dry-run", dry_run_, "print the changes and write nothing");
    }

    void validate(const Context& context) override {
        const bool has_source = !source_.reference.empty();
        if ((has_source_metadata(source_) || !quote_.empty() || !locator_.empty()) && !has_source) {
            throw UsageError("--quote, --locator and the source options need --source URL|ID");
        }
        std::vector<model::CitationInput> citations;
        if (has_source) {
            request_.sources.push_back(source_);
            citations.push_back({0, locator_, quote_, quote_.empty() ? "--locator" : "--quote"});
        }
        model::RecordInput record{.cluster_id = id_,
                                  .origin = "ID",
                                  .keep_previous = keep_previous_,
                                  .unsourced = unsourced_,
                                  .new_record = new_ ? model::NewRecord::required : model::NewRecord::unless_near};
        if (!name_.empty())
            record.fields.push_back({.field = "name", .raw_value = name_, .citations = citations, .origin = "--name"});
        for (const auto& assignment : sets_) {
            const auto equals = assignment.find('=');
            if (equals == std::string::npos) throw UsageError(fmt::format("--set '{}': expected FIELD=VALUE", assignment));
            const std::string field = assignment.substr(0, equals);
            record.fields.push_back(
                {.field = field, .raw_value = assignment.substr(equals + 1), .citations = citations, .origin = "--set " + field});
        }
        for (const auto& field : not_published_) {
            record.fields.push_back(
                {.field = field, .not_published = true, .citations = citations, .origin = "--not-published " + field});
        }
        prepare_request(context, std::move(record), message_, "add " + id_);
    }

private:
    std::string id_;
    std::string name_;
    std::vector<std::string> sets_;
    std::vector<std::string> not_published_;
    model::SourceInput source_{.origin = "--source"};
    std::string quote_;
    std::string locator_;
    bool keep_previous_ = false;
    bool new_ = false;
    bool unsourced_ = false;
    std::string message_;
};

}  // namespace

std::unique_ptr<Command> make_add(CLI::App& app) { return std::make_unique<AddCommand>(app); }

}  // namespace gpuclusters::commands
