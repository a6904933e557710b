// gpuclusters list [--where FIELD=VALUE]... [--search TEXT] [--sort FIELD]: a table of clusters.
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/ledger/listing.hpp"

namespace gpuclusters::commands {
namespace {

class ListCommand : public Command {
public:
    explicit ListCommand(CLI::App& app) {
        app.add_option("--where", where_, "only clusters whose FIELD equals VALUE (repeatable; all must hold)")
            ->allow_extra_args(false)
            ->type_name(value_type::assignment);
        app.add_option("--search", query_.search, "full-text search over names, owners, summaries and notes");
        app.add_option("--sort", sort_, "sort by FIELD (default: id)")->type_name(value_type::field);
        app.add_flag("--reverse", query_.reverse, "reverse the order");
        app.add_option("--as-of", as_of_, "the clusters as of a changeset number, date or timestamp");
        app.add_option("--verified", query_.verified, "only clusters whose Verified badge is: yes (current), stale, or no")
            ->check(CLI::IsMember({"yes", "stale", "no"}));
    }
    DbAccess access() const override { return DbAccess::read_only; }

    void validate(const Context&) override {
        for (const auto& condition : where_) query_.filters.push_back(ledger::parse_filter(condition));
        if (!as_of_.empty() && !query_.search.empty()) {
            throw UsageError("--search reads the current index and cannot be combined with --as-of");
        }
        query_.sort = sort_.empty() || sort_ == "id" ? nullptr : &model::require_field(sort_);
    }

    ExitCode run(Context& context) override {
        query_.as_of = ledger::resolve_as_of(context.store(), as_of_);
        render::print_list(context.output, ledger::list_clusters(context.store(), query_));
        return ExitCode::ok;
    }

private:
    std::vector<std::string> where_;
    std::string sort_;
    std::string as_of_;
    ledger::ListQuery query_;
};

}  // namespace

std::unique_ptr<Command> make_list(CLI::App& app) { return std::make_unique<ListCommand>(app); }

}  // namespace gpuclusters::commands
