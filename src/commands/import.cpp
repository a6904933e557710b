// gpuclusters import FILE|DIR|- ...: bulk records in any format, in one transaction and one
// changeset; every problem reported with its place, and then nothing written (or, with
// --keep-going, the valid records).
#include <fmt/format.h>
#include <map>
#include <unistd.h>

#include "commands/change.hpp"
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "formats/mapping.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/text.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

class ImportCommand : public Command {
public:
    explicit ImportCommand(CLI::App& app) {
        app.add_option("inputs", inputs_, "files, folders of TOML records, or - for standard input")->required();
        app.add_option("--format", format_, "json, jsonl, toml, csv or csv-long (default: from the file name)");
        app.add_option("--mapping", mapping_path_, "read CSV tables through a mapping file (see gpuclusters-import(1))");
        app.add_option("--source", source_.reference, "a source (URL or id) behind every imported value that has none");
        add_source_metadata_options(app, source_);
        app.add_option("-m,--message", message_, "changeset message");
        app.add_flag("-n,--dry-run", dry_run_, "print the report and the changes, write nothing");
        app.add_flag("--keep-going", keep_going_, "import the valid records and list the rejected ones");
    }
    DbAccess access() const override { return DbAccess::open; }

    ExitCode run(Context& context) override {
        if (has_source_metadata(source_) && source_.reference.empty()) {
            throw UsageError("the source options need --source URL|ID");
        }
        std::optional<formats::Mapping> mapping;
        if (!mapping_path_.empty()) mapping = formats::Mapping::load(mapping_path_);
        std::vector<std::pair<std::string, formats::Format>> inputs;
        for (const auto& input : inputs_) {
            std::optional<formats::Format> format;
            if (!format_.empty()) format = formats::format_from(format_);
            if (!format) format = formats::format_of_path(input);
            if (!format) throw UsageError(fmt::format("{}: say which format it is with --format", input));
            inputs.emplace_back(input, *format);
        }
        source_.origin = "--source";
        const bool progress = isatty(STDERR_FILENO) == 1 && !context.options.quiet && !context.options.json;

        std::vector<std::string> problems;
        std::map<std::string, std::size_t> skipped;
        std::size_t added = 0, modified = 0, unchanged = 0, seen = 0, warnings = 0;
        model::ChangeReport whole;
        render::Json lines = render::Json::array();
        ChangeSession session(*context.store, context.changeset(message_, "import"), context.today);

        auto take = [&](formats::RecordDocument& document) {
            ++seen;
            if (progress && seen % 1000 == 0) context.err << fmt::format("\rimport: {} records", seen) << std::flush;
            const std::string id(text::trim(document.record.cluster_id));
            if (const auto earlier = context.store->note_import_id(id, document.place)) {
                problems.push_back(fmt::format("{}: id {} is also at {}", document.place, id, *earlier));
                return;
            }
            if (!source_.reference.empty()) add_default_source(document);
            model::ChangeReport report;
            try {
                report = session.apply(document.sources, {document.record});
            } catch (const InputError& error) {
                // Every problem names its place, also those found while the record was written.
                const std::string message = error.what();
                problems.push_back(message.starts_with(document.place) ? message : document.place + ": " + message);
                return;
            }
            std::string line;
            if (!report.new_clusters.empty()) {
                ++added;
                line = "add " + document.record.cluster_id;
            } else {
                std::string fields;
                for (const auto& field : report.fields) {
                    if (field.kind == model::FieldReport::Kind::unchanged && field.note.empty()) continue;
                    if (fields.find(" " + field.field) == std::string::npos) fields += " " + field.field;
                }
                if (fields.empty() && report.sources.empty()) {
                    ++unchanged;
                    line = "skip " + document.record.cluster_id;
                } else {
                    ++modified;
                    line = "mod " + document.record.cluster_id + fields;
                }
            }
            if (context.options.json) {
                lines.push_back(line);
            } else {
                context.out << line << "\n";
            }
            // One warning per record would drown the report: they are counted, the first few shown.
            for (const auto& warning : report.warnings) {
                if (++warnings <= 5) context.warn(warning);
            }
            // Only whether anything changed is kept: the report of a million records is not.
            whole.changed = whole.changed || report.changed;
        };
        auto problem = [&](const std::string& text) { problems.push_back(text); };
        auto skip = [&](const std::string&, const std::string& reason) { ++skipped[reason]; };

        context.store->with_write_transaction([&] {
            for (const auto& [path, format] : inputs) {
                try {
                    if (mapping) {
                        mapping->read(path, {take, problem, skip});
                    } else {
                        formats::read_records(path, format, {take, problem, skip});
                    }
                } catch (const InputError& error) {
                    problems.push_back(error.what());
                }
            }
            if (progress && seen >= 1000) context.err << "\r" << std::string(40, ' ') << "\r" << std::flush;
            if (!problems.empty() && !keep_going_) return false;
            return whole.changed && !dry_run_;
        });

        const bool written = whole.changed && !dry_run_ && (problems.empty() || keep_going_);
        for (const auto& text : problems) {
            context.err << (keep_going_ ? "gpuclusters: rejected: " : "gpuclusters: error: ") << text << "\n";
        }
        std::size_t skipped_total = 0;
        std::string reasons;
        for (const auto& [reason, count] : skipped) {
            skipped_total += count;
            reasons += fmt::format("\n  skipped {}: {}", count, reason);
        }
        const std::string summary = fmt::format("added {}, modified {}, unchanged {}, skipped {}, rejected {}{}", added,
                                                modified, unchanged, skipped_total, problems.size(), reasons);
        if (warnings > 5) context.warn(fmt::format("{} more warnings like these", warnings - 5));
        if (context.options.json) {
            render::print_json(context.out, {{"records", lines},
                                             {"added", added},
                                             {"modified", modified},
                                             {"unchanged", unchanged},
                                             {"skipped", skipped},
                                             {"rejected", problems},
                                             {"changeset", written ? render::Json(session.changeset_id()) : render::Json(nullptr)},
                                             {"dry_run", dry_run_}});
        } else {
            context.out << summary << "\n";
            if (written) {
                context.out << fmt::format("changeset {}\n", session.changeset_id());
            } else if (!problems.empty() && !keep_going_) {
                context.out << "nothing written\n";
            } else if (dry_run_ && whole.changed) {
                context.out << "dry run: nothing written\n";
            } else if (!whole.changed) {
                context.out << "nothing to change\n";
            }
        }
        if (!problems.empty() && !keep_going_) {
            throw InputError(fmt::format("{} problem{} in the input; nothing written", problems.size(),
                                         problems.size() == 1 ? "" : "s"));
        }
        return ExitCode::ok;
    }

private:
    // Values that arrive with no evidence get the --source given on the command line.
    void add_default_source(formats::RecordDocument& document) const {
        std::optional<std::size_t> index;
        for (auto& field : document.record.fields) {
            if (field.action == FieldAction::rank || !field.citations.empty()) continue;
            if (!index) {
                document.sources.push_back(source_);
                index = document.sources.size() - 1;
            }
            field.citations.push_back({*index, "", "", "--source"});
        }
    }

    std::vector<std::string> inputs_;
    std::string format_;
    std::string mapping_path_;
    SourceInput source_;
    std::string message_;
    bool dry_run_ = false;
    bool keep_going_ = false;
};

}  // namespace

std::unique_ptr<Command> make_import(CLI::App& app) { return std::make_unique<ImportCommand>(app); }

}  // namespace gpuclusters::commands
