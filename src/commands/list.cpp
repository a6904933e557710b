// gpuclusters list [--where CONDITION]... [--search TEXT] [--sort FIELD] [--columns F,...] [--limit N]:
// a table of clusters.
#include <algorithm>
#include <fmt/format.h>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/ledger/listing.hpp"

namespace gpuclusters::commands {
namespace {

class ListCommand : public Command {
public:
    explicit ListCommand(CLI::App& app) {
        app.add_option("--where", where_,
                       "only clusters where FIELD=VALUE, or !=, and on counts, power and dates <, <=, >, >= "
                       "(repeatable; all must hold)")
            ->allow_extra_args(false)
            ->type_name(value_type::assignment);
        app.add_option("--columns", columns_,
                       "the fields to show after the id, comma-separated (default: "
                       "name,owner,gpu_model,gpus_installed,status)")
            ->delimiter(',')
            ->allow_extra_args(false)
            ->type_name(value_type::fields);
        app.add_option("-l,--limit", limit_, "at most N clusters, after sorting")
            ->check(CLI::Validator(
                [](const std::string& value) {
                    return !value.empty() && value.find_first_not_of("0123456789") == std::string::npos
                               ? std::string()
                               : std::string("expected a whole number, 0 or more");
                },
                "N"));
        app.add_option("--search", query_.search, "full-text search over names, owners, summaries and notes");
        app.add_option("--sort", sort_, "sort by FIELD (default: id)")->type_name(value_type::field);
        app.add_flag("--reverse", query_.reverse, "reverse the order");
        app.add_option("--as-of", as_of_, "the clusters as of a changeset number, date or timestamp");
        app.add_option("--verified", query_.verified, "only clusters whose Verified badge is: yes (current), stale, or no")
            ->check(CLI::IsMember({"yes", "stale", "no"}));
    }
    bool pages() const override { return true; }

    void validate(const Context&) override {
        for (const auto& condition : where_) query_.filters.push_back(ledger::parse_filter(condition));
        if (!as_of_.empty() && !query_.search.empty()) {
            throw UsageError("--search reads the current index and cannot be combined with --as-of");
        }
        if (!columns_.empty()) {
            query_.columns.clear();
            for (const auto& column : columns_) {
                const auto& field = model::require_field(column);
                if (std::find(query_.columns.begin(), query_.columns.end(), field.name) != query_.columns.end()) {
                    throw UsageError(fmt::format("--columns: {} is named twice", field.name));
                }
                query_.columns.emplace_back(field.name);
            }
        }
        if (limit_ >= 0) query_.limit = static_cast<std::size_t>(limit_);
        query_.sort = sort_.empty() || sort_ == "id" ? nullptr : &model::require_field(sort_);
    }

    ExitCode run(Context& context) override {
        query_.as_of = ledger::resolve_as_of(context.store(), as_of_);
        render::ListPrinter printer(context.output, query_.columns);
        printer.finish(ledger::list_clusters(context.store(), query_,
                                             [&](const ledger::ListedCluster& cluster) { printer.cluster(cluster); }));
        return ExitCode::ok;
    }

private:
    std::vector<std::string> where_;
    std::vector<std::string> columns_;
    long long limit_ = -1;
    std::string sort_;
    std::string as_of_;
    ledger::ListQuery query_;
};

}  // namespace

std::unique_ptr<Command> make_list(CLI::App& app) { return std::make_unique<ListCommand>(app); }

}  // namespace gpuclusters::commands
