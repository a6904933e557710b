// gpuclusters log [ID [FIELD]] [-n N]: changesets newest first, each with its field diffs.
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

class LogCommand : public Command {
public:
    explicit LogCommand(CLI::App& app) {
        app.add_option("id", id_, "only changesets that touched this cluster")->type_name(value_type::cluster);
        app.add_option("field", field_, "only changesets that touched this field of the cluster")->type_name(value_type::field);
        app.add_option("-n,--max-count", limit_, "at most N changesets")->check(CLI::Range(1LL, 1000000000LL));
    }
    bool pages() const override { return true; }

    void validate(const Context&) override {
        if (!id_.empty()) query_.cluster_id = model::parse_cluster_id(id_);
        if (!field_.empty()) query_.field = std::string(model::require_field(field_).name);
        if (limit_ > 0) query_.limit = limit_;
    }

    ExitCode run(Context& context) override {
        render::LogPrinter printer(context.output);
        ledger::log(context.store(), query_, [&](const ledger::LogEntry& entry) { printer.entry(entry); });
        printer.finish();
        return ExitCode::ok;
    }

private:
    std::string id_;
    std::string field_;
    long long limit_ = 0;
    ledger::LogQuery query_;
};

}  // namespace

std::unique_ptr<Command> make_log(CLI::App& app) { return std::make_unique<LogCommand>(app); }

}  // namespace gpuclusters::commands
