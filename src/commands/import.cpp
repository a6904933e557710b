// gpuclusters import FILE|DIR|- ...: bulk records in any format, in one transaction and one
// changeset; every problem reported with its place, and then nothing written (or, with
// --keep-going, the valid records).
#include <fmt/format.h>
#include <map>
#include <unistd.h>

#include "gpuclusters/ledger/change.hpp"
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "formats/mapping.hpp"
#include "ledger/read_ahead.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/model/text.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

// A record as read and checked: where it is, its id as given, and the change to write or the
// problem that rejects it. The raw record is not kept: hundreds of these wait in the queue.
struct Incoming {
    std::string place, cluster_id;
    std::optional<ledger::PreparedChange> prepared;
    std::string problem;
};
using Reading = ledger::ReadAhead<Incoming>;

// Every problem names its place, also those found while the record was checked or written.
std::string placed(const std::string& place, const InputError& error) {
    const std::string message = error.what();
    return message.starts_with(place) ? message : place + ": " + message;
}

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
        ledger::ChangeSession session(*context.store, context.changeset(message_, "import"), context.today);

        // What one record did: its report line, or the problem that rejected it.
        struct Outcome {
            std::string line, problem;
            enum class Kind { added, modified, unchanged, rejected } kind = Kind::rejected;
            std::vector<std::string> warnings;
            bool changed = false;
        };
        auto apply_one = [&](Incoming& incoming, bool own_savepoint) {
            Outcome outcome;
            const std::string id(text::trim(incoming.cluster_id));
            if (const auto earlier = context.store->note_import_id(id, incoming.place)) {
                outcome.problem = fmt::format("{}: id {} is also at {}", incoming.place, id, *earlier);
                return outcome;
            }
            if (!incoming.prepared) {
                outcome.problem = incoming.problem;
                return outcome;
            }
            model::ChangeReport report;
            try {
                report = own_savepoint ? session.apply(*incoming.prepared)
                                       : session.apply_within_caller_savepoint(*incoming.prepared);
            } catch (const InputError& error) {
                if (!own_savepoint) throw;
                outcome.problem = placed(incoming.place, error);
                return outcome;
            }
            if (!report.new_clusters.empty()) {
                outcome.kind = Outcome::Kind::added;
                outcome.line = "add " + incoming.cluster_id;
            } else {
                std::string fields;
                for (const auto& field : report.fields) {
                    if (field.kind == model::FieldReport::Kind::unchanged && field.note.empty()) continue;
                    if (fields.find(" " + field.field) == std::string::npos) fields += " " + field.field;
                }
                outcome.kind = fields.empty() && report.sources.empty() ? Outcome::Kind::unchanged : Outcome::Kind::modified;
                outcome.line = (outcome.kind == Outcome::Kind::unchanged ? "skip " : "mod ") + incoming.cluster_id + fields;
            }
            outcome.warnings = std::move(report.warnings);
            outcome.changed = report.changed;
            return outcome;
        };
        auto report_outcome = [&](Outcome& outcome) {
            if (!outcome.problem.empty()) {
                problems.push_back(std::move(outcome.problem));
                return;
            }
            ++(outcome.kind == Outcome::Kind::added      ? added
               : outcome.kind == Outcome::Kind::modified ? modified
                                                         : unchanged);
            if (context.options.json) {
                lines.push_back(outcome.line);
            } else {
                context.out << outcome.line << "\n";
            }
            // One warning per record would drown the report: they are counted, the first few shown.
            for (const auto& warning : outcome.warnings) {
                if (++warnings <= 5) context.warn(warning);
            }
            // Only whether anything changed is kept: the report of a million records is not.
            whole.changed = whole.changed || outcome.changed;
        };
        // Records go in chunks, each in one savepoint: a savepoint per record journals the pages
        // each record touches again (a fifth of an import's time). When a record of a chunk fails,
        // the chunk is rolled back and its records replayed one savepoint each, so every record
        // that fails is undone alone and reported, exactly as if there had been no chunk.
        constexpr std::size_t chunk_size = 256;
        std::optional<Reading> reading;  // while the transaction is open
        std::vector<Incoming> chunk;
        auto apply_chunk = [&] {
            if (chunk.empty()) return;
            std::vector<Outcome> outcomes;
            try {
                context.store->with_savepoint([&] {
                    for (auto& incoming : chunk) outcomes.push_back(apply_one(incoming, false));
                });
            } catch (const InputError&) {
                outcomes.clear();
                for (auto& incoming : chunk) outcomes.push_back(apply_one(incoming, true));
            }
            for (auto& outcome : outcomes) report_outcome(outcome);
            reading->give_back(std::move(chunk));
            chunk = {};
            chunk.reserve(chunk_size);
        };
        auto take = [&](Incoming& incoming) {
            ++seen;
            if (progress && seen % 1000 == 0) context.err << fmt::format("\rimport: {} records", seen) << std::flush;
            chunk.push_back(std::move(incoming));
            if (chunk.size() == chunk_size) apply_chunk();
        };
        // Problems are listed in input order: the records read before one are applied first.
        auto problem = [&](const std::string& text) {
            apply_chunk();
            problems.push_back(text);
        };

        // The reading thread parses and checks; this one writes. What the reader uses is declared
        // before `reading` (or copied), so it outlives the thread when the writer fails.
        auto read = [&, today = context.today](Reading::Queue& queue) {
            auto prepare = [&](formats::RecordDocument& document) {
                Incoming incoming{document.place, document.record.cluster_id, std::nullopt, ""};
                if (!source_.reference.empty()) add_default_source(document);
                try {
                    incoming.prepared = ledger::ChangeSession::prepare(document.sources, std::span(&document.record, 1), today);
                } catch (const InputError& error) {
                    incoming.problem = placed(incoming.place, error);
                }
                queue.item(std::move(incoming));
            };
            const formats::ReadSink sink{prepare, [&](const std::string& text) { queue.problem(text); },
                                         [&](const std::string& place, const std::string& reason) {
                                             queue.skipped(place, reason);
                                         }};
            for (const auto& [path, format] : inputs) {
                try {
                    if (mapping) {
                        mapping->read(path, sink);
                    } else {
                        formats::read_records(path, format, sink);
                    }
                } catch (const InputError& error) {
                    queue.problem(error.what());
                }
            }
        };

        context.store->with_write_transaction([&] {
            // The changeset row and the table of ids read stand outside the chunks' savepoints.
            context.store->start_import_ids();
            session.begin();
            reading.emplace(read);
            reading->drain([&](Reading::Event& event) {
                if (auto* incoming = std::get_if<Incoming>(&event)) {
                    take(*incoming);
                } else if (auto* found = std::get_if<Reading::Problem>(&event)) {
                    problem(found->text);
                } else {
                    ++skipped[std::get<Reading::Skipped>(event).reason];
                }
            });
            apply_chunk();
            reading.reset();
            if (progress && seen >= 1000) context.err << "\r" << std::string(40, ' ') << "\r" << std::flush;
            if (!problems.empty() && !keep_going_) return false;
            return whole.changed && !dry_run_;
        }, store::Store::WriteMode::bulk);

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
            if (field.action == model::FieldAction::rank || !field.citations.empty()) continue;
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
    model::SourceInput source_;
    std::string message_;
    bool dry_run_ = false;
    bool keep_going_ = false;
};

}  // namespace

std::unique_ptr<Command> make_import(CLI::App& app) { return std::make_unique<ImportCommand>(app); }

}  // namespace gpuclusters::commands
