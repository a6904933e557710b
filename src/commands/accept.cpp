// gpuclusters accept --rule RULE [--cluster ID]... [--where CONDITION]... --reason TEXT: every
// current finding of one rule, in the clusters chosen, accepted with one reason in one changeset
// (which `revert` undoes); verify --accept is the same for one cluster.
#include <algorithm>
#include <fmt/format.h>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "formats/rules_config.hpp"
#include "gpuclusters/ledger/verification.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

class AcceptCommand : public Command {
public:
    explicit AcceptCommand(CLI::App& app) {
        app.add_option("--rule", request_.rule, "the rule whose findings are accepted (`gpuclusters verify --list-rules`)")
            ->required()
            ->type_name(value_type::rule);
        app.add_option("--cluster", clusters_, "only this cluster (repeatable)")
            ->allow_extra_args(false)
            ->type_name(value_type::cluster);
        app.add_option("--where", where_,
                       "only clusters where FIELD=VALUE, or !=, and on counts, power and dates <, <=, >, >= "
                       "(repeatable; all must hold)")
            ->allow_extra_args(false)
            ->type_name(value_type::assignment);
        app.add_option("--reason", reason_, "why the findings are accepted, recorded with each")->required();
        app.add_option("--config", config_path_, "rules configuration (default: gpuclusters.toml beside the database)")
            ->type_name(value_type::file);
        app.add_option("-m,--message", message_, "changeset message (default: accept RULE: REASON)");
        app.add_flag("-n,--dry-run", request_.dry_run, "print what would be accepted and write nothing");
    }
    DbAccess access() const override { return DbAccess::read_write; }
    bool pages() const override { return true; }

    void validate(const Context&) override {
        if (!rules::find_rule(request_.rule)) {
            throw InputError(fmt::format("--rule {}: no such rule (`gpuclusters verify --list-rules`)", request_.rule));
        }
        try {
            request_.reason = model::clean_text(reason_);
        } catch (const InputError& error) {
            throw InputError(fmt::format("--reason: {}", error.what()));
        }
        for (const auto& id : clusters_) {
            const std::string clean = model::parse_cluster_id(id);
            if (std::ranges::find(request_.cluster_ids, clean) == request_.cluster_ids.end())
                request_.cluster_ids.push_back(clean);
        }
        for (const auto& condition : where_) request_.filters.push_back(ledger::parse_filter(condition));
    }

    ExitCode run(Context& context) override {
        const auto config = formats::rules_config_for(config_path_, context.db_path);
        const auto result =
            ledger::accept_findings(context.store(), config, request_, context.changeset(message_), context.today);
        render::print_bulk_acceptance(context.output, result);
        render::print_undecided(context.output, result.undecided);
        return ExitCode::ok;
    }

private:
    std::vector<std::string> clusters_;
    std::vector<std::string> where_;
    std::string reason_;
    std::string config_path_;
    std::string message_;
    ledger::BulkAcceptRequest request_;
};

}  // namespace

std::unique_ptr<Command> make_accept(CLI::App& app) { return std::make_unique<AcceptCommand>(app); }

}  // namespace gpuclusters::commands
