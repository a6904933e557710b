// gpuclusters export [--format F] [--provenance] [--as-of WHEN] [--where FIELD=VALUE]... [-o FILE|DIR]:
// a deterministic snapshot: the same database gives the same bytes.
#include <filesystem>
#include <fmt/format.h>
#include <fstream>

#include "commands/command.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

class ExportCommand : public Command {
public:
    explicit ExportCommand(CLI::App& app) {
        app.add_option("--format", format_, "json (default), jsonl, toml, csv or csv-long");
        app.add_flag("--provenance", provenance_, "claims, ranks, citations and sources, not only the values");
        app.add_option("--as-of", as_of_, "the data as of a changeset number, date or timestamp");
        app.add_option("--where", where_, "only clusters whose FIELD equals VALUE (repeatable)")->allow_extra_args(false);
        app.add_option("-o,--output", output_, "write to FILE (replaced whole, or not at all) or, for toml, into DIR");
        app.add_flag("--raw", raw_, "CSV: write cells as they are, even those a spreadsheet would run as a formula");
    }
    DbAccess access() const override { return DbAccess::open; }

    ExitCode run(Context& context) override {
        const auto format = formats::format_from(format_);
        std::vector<std::pair<const model::FieldSpec*, std::string>> filters;
        for (const auto& condition : where_) {
            const auto equals = condition.find('=');
            if (equals == std::string::npos) throw UsageError(fmt::format("--where '{}': expected FIELD=VALUE", condition));
            try {
                const auto& field = model::require_field(condition.substr(0, equals));
                filters.emplace_back(&field, model::parse_field_value(field, condition.substr(equals + 1)).value);
            } catch (const InputError& error) {
                throw InputError(fmt::format("--where {}: {}", condition.substr(0, equals), error.what()));
            }
        }
        if (format == formats::Format::toml && output_.empty()) {
            throw UsageError("--format toml writes one file per record: give the folder with -o DIR");
        }
        const auto as_of = ledger::resolve_as_of(*context.store, as_of_);
        const formats::WriterOptions options{provenance_ || format == formats::Format::csv_long, !raw_};

        auto matches = [&](const model::Record& record) {
            for (const auto& [field, value] : filters) {
                const model::Claim* claim = record.preferred(field->name);
                if (!claim || claim->state != model::ClaimState::set || !model::value_matches(*field, claim->value, value)) {
                    return false;
                }
            }
            return true;
        };
        auto write_all = [&](std::ostream& out, const std::string& folder) {
            auto writer = formats::make_writer(format, out, folder, options);
            auto write = [&](model::Record& record) {
                if (matches(record)) writer->write(record);
            };
            if (!options.provenance && !as_of) {
                // The current values: a row per record in cluster_values.
                context.store->for_each_current_record(write);
            } else {
                // A values-only snapshot of the past needs neither competing claims nor evidence.
                context.store->for_each_record(as_of, write,
                                               options.provenance ? store::Store::RecordParts::evidence
                                                                  : store::Store::RecordParts::values);
            }
            writer->finish();
        };

        if (format == formats::Format::toml) {
            std::error_code error;
            std::filesystem::create_directories(output_, error);
            if (error || !std::filesystem::is_directory(output_)) {
                throw InputError(fmt::format("-o {}: cannot create the folder ({})", output_, error.message()));
            }
            write_all(context.out, output_);
            return ExitCode::ok;
        }
        if (output_.empty() || output_ == "-") {
            write_all(context.out, "");
            return ExitCode::ok;
        }
        // Written beside the target and renamed over it: a reader never sees half a file.
        std::error_code error;
        if (std::filesystem::is_directory(output_, error)) {
            throw InputError(fmt::format("-o {}: is a folder (only --format toml writes into a folder)", output_));
        }
        const std::string partial = output_ + ".partial";
        try {
            std::ofstream file(partial, std::ios::binary | std::ios::trunc);
            if (!file) throw InputError(fmt::format("-o {}: cannot write the file", output_));
            write_all(file, "");
            file.close();
            if (!file) throw InputError(fmt::format("-o {}: writing failed (disk full?)", output_));
            std::filesystem::rename(partial, output_);
        } catch (const std::filesystem::filesystem_error& failure) {
            std::filesystem::remove(partial, error);
            throw InputError(fmt::format("-o {}: {}", output_, failure.code().message()));
        } catch (...) {
            std::filesystem::remove(partial, error);
            throw;
        }
        return ExitCode::ok;
    }

private:
    std::string format_ = "json";
    bool provenance_ = false;
    std::string as_of_;
    std::vector<std::string> where_;
    std::string output_;
    bool raw_ = false;
};

}  // namespace

std::unique_ptr<Command> make_export(CLI::App& app) { return std::make_unique<ExportCommand>(app); }

}  // namespace gpuclusters::commands
