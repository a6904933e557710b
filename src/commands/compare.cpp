// gpuclusters compare ID ID...            side by side, a row per field, the differing ones marked
// gpuclusters compare ID --as-of W [--to W] one record between two moments
// gpuclusters compare --against FILE|DB    the database against a snapshot or another database
//                  [--provenance]          ... its provenance too
// Exit 0 when equal, 1 when different, like diff(1).
#include <fmt/format.h>
#include <set>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/ledger/compare.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

ExitCode differences(bool differ) { return differ ? ExitCode::differences : ExitCode::ok; }

class CompareCommand : public Command {
public:
    explicit CompareCommand(CLI::App& app) {
        app.add_option("ids", ids_, "two or more clusters side by side, or one with --as-of")->type_name(value_type::cluster);
        app.add_option("--fields", fields_, "only these fields (comma-separated)")->delimiter(',')->type_name(value_type::fields);
        app.add_option("--as-of", as_of_, "with one id: the record at this changeset, date or timestamp ...");
        app.add_option("--to", to_, "... compared with the record at this one (default: now)");
        app.add_option("--against", against_, "compare the database with a snapshot (any export format) or another database")
            ->type_name(value_type::path);
        app.add_option("--format", format_, "the snapshot's format when its name does not say")
            ->type_name(one_of(formats::format_names));
        app.add_flag("--provenance", provenance_,
                     "with --against: compare the provenance too (every claim and its rank, citations, keys, sources)");
        app.add_flag("--no-derived", no_derived_, "leave out the derived H100-equivalent row");
    }

    void validate(const Context&) override {
        for (const auto& field : fields_) model::require_field(field);
        if (provenance_ && against_.empty()) throw UsageError("--provenance compares with a snapshot: give --against");
        if (!against_.empty()) {
            if (!ids_.empty() || !as_of_.empty()) throw UsageError("--against compares whole databases: no ids, no --as-of");
            return;
        }
        if (!as_of_.empty() || !to_.empty()) {
            if (ids_.size() != 1) throw UsageError("--as-of and --to compare one cluster with itself: give one id");
            if (as_of_.empty()) throw UsageError("--to needs --as-of");
        } else if (ids_.size() < 2) {
            throw UsageError("compare needs two or more ids, one id with --as-of, or --against");
        }
        std::set<std::string> seen;
        for (auto& id : ids_) {
            id = model::parse_cluster_id(id);
            if (!seen.insert(id).second) throw UsageError(fmt::format("{} is named twice", id));
        }
    }

    ExitCode run(Context& context) override {
        const auto& output = context.output;
        auto& store = context.store();
        if (!against_.empty()) {
            const auto comparison = ledger::against(store, against_, format_, fields_, provenance_);
            render::print_against(output, comparison);
            return differences(comparison.differs());
        }
        if (!as_of_.empty()) {
            const auto comparison = ledger::over_time(store, ids_.front(), ledger::resolve_as_of(store, as_of_),
                                                      ledger::resolve_as_of(store, to_, "--to"), fields_);
            render::print_over_time(output, comparison);
            return differences(!comparison.changes.empty());
        }
        const auto comparison = ledger::side_by_side(store, ids_, fields_, !no_derived_);
        render::print_side_by_side(output, comparison);
        return differences(comparison.any_difference);
    }

private:
    std::vector<std::string> ids_;
    std::vector<std::string> fields_;
    std::string as_of_;
    std::string to_;
    std::string against_;
    std::string format_;
    bool no_derived_ = false;
    bool provenance_ = false;
};

}  // namespace

std::unique_ptr<Command> make_compare(CLI::App& app) { return std::make_unique<CompareCommand>(app); }

}  // namespace gpuclusters::commands
