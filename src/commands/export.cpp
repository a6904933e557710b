// gpuclusters export [--format F] [--provenance] [--as-of WHEN] [--where FIELD=VALUE]... [-o FILE|DIR]:
// a deterministic snapshot: the same database gives the same bytes.
#include <filesystem>
#include <fmt/format.h>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "formats/atomic_file.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/ledger/listing.hpp"

namespace gpuclusters::commands {
namespace {

class ExportCommand : public Command {
public:
    explicit ExportCommand(CLI::App& app) {
        app.add_option("--format", format_name_, "json (default), jsonl, toml, csv or csv-long")
            ->type_name(one_of(formats::format_names));
        app.add_flag("--provenance", query_.provenance, "claims, ranks, citations and sources, not only the values");
        app.add_option("--as-of", as_of_, "the data as of a changeset number, date or timestamp");
        app.add_option("--where", where_,
                       "only clusters where FIELD=VALUE, or !=, and on counts, power and dates <, <=, >, >= "
                       "(repeatable; all must hold)")
            ->allow_extra_args(false)
            ->type_name(value_type::assignment);
        app.add_option("-o,--output", output_, "write to FILE (replaced whole, or not at all) or, for toml, into DIR")
            ->type_name(value_type::path);
        app.add_flag("--raw", raw_, "CSV: write cells as they are, even those a spreadsheet would run as a formula");
        app.add_flag("--no-header", no_header_,
                     "jsonl: records only, without the first line naming the format (for sqlite-utils insert --nl, jq)");
    }

    void validate(const Context&) override {
        format_ = formats::format_from(format_name_);
        for (const auto& condition : where_) query_.filters.push_back(ledger::parse_filter(condition));
        if (format_ == formats::Format::toml && output_.empty()) {
            throw UsageError("--format toml writes one file per record: give the folder with -o DIR");
        }
        if (no_header_ && format_ != formats::Format::jsonl) {
            throw UsageError("--no-header is for --format jsonl, whose first line is the header (a CSV's names its columns)");
        }
        query_.provenance = query_.provenance || format_ == formats::Format::csv_long;
        // A tree of record files keeps a removed cluster's file, saying so, so that the removal travels.
        query_.with_removed = format_ == formats::Format::toml && query_.provenance && where_.empty() && as_of_.empty();
    }

    bool writes_data() const override { return output_.empty() || output_ == "-"; }

    ExitCode run(Context& context) override {
        query_.as_of = ledger::resolve_as_of(context.store(), as_of_);
        if (format_ == formats::Format::toml) {
            std::error_code error;
            std::filesystem::create_directories(output_, error);
            if (error || !std::filesystem::is_directory(output_)) {
                throw InputError(fmt::format("-o {}: cannot create the folder ({})", output_, error.message()));
            }
            write_all(context, context.output.out, output_);
        } else if (output_.empty() || output_ == "-") {
            write_all(context, context.output.out, "");
        } else {
            write_file(context);
        }
        return ExitCode::ok;
    }

private:
    void write_all(Context& context, std::ostream& out, const std::string& folder) const {
        auto writer = formats::make_writer(format_, out, folder, {query_.provenance, !raw_, !no_header_});
        const auto undecided =
            ledger::export_records(context.store(), query_, [&](model::Record& record) { writer->write(record); });
        writer->finish();
        render::print_undecided(context.output, undecided);
    }

    // Written beside the target and renamed over it: a reader never sees half a file.
    void write_file(Context& context) const {
        std::error_code error;
        if (std::filesystem::is_directory(output_, error) && !std::filesystem::is_symlink(output_, error)) {
            throw InputError(fmt::format("-o {}: is a folder (only --format toml writes into a folder)", output_));
        }
        const std::filesystem::path target(output_);
        formats::AtomicFile::remove_left_behind(target.parent_path().string(), target.filename().string());
        formats::AtomicFile file(output_);
        write_all(context, file.stream(), "");
        file.commit();
    }

    std::string format_name_ = "json";
    formats::Format format_ = formats::Format::json;
    std::string as_of_;
    std::vector<std::string> where_;
    std::string output_;
    bool raw_ = false;
    bool no_header_ = false;
    ledger::ExportQuery query_;
};

}  // namespace

std::unique_ptr<Command> make_export(CLI::App& app) { return std::make_unique<ExportCommand>(app); }

}  // namespace gpuclusters::commands
