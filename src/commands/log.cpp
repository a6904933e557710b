// gpuclusters log [ID [FIELD]] [-n N]: changesets newest first, each with its field diffs.
#include <fmt/format.h>

#include "commands/command.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

class LogCommand : public Command {
public:
    explicit LogCommand(CLI::App& app) {
        app.add_option("id", id_, "only changesets that touched this cluster");
        app.add_option("field", field_, "only changesets that touched this field of the cluster");
        app.add_option("-n,--max-count", limit_, "at most N changesets")->check(CLI::Range(1LL, 1000000000LL));
    }
    DbAccess access() const override { return DbAccess::open; }

    ExitCode run(Context& context) override {
        std::string cluster;
        std::string field;
        if (!id_.empty()) {
            cluster = model::parse_cluster_id(id_);
            if (!context.store->cluster_known(cluster)) {
                throw InputError(fmt::format("no cluster '{}' (`gpuclusters list` shows the ids)", cluster));
            }
        }
        if (!field_.empty()) field = std::string(model::require_field(field_).name);
        const auto changesets = context.store->changesets(cluster, field, limit_ > 0 ? std::optional(limit_) : std::nullopt);
        render::Json json = render::Json::array();
        bool first = true;
        for (const auto& changeset : changesets) {
            const auto report = ledger::describe_changeset(*context.store, changeset.id, cluster, field);
            if (context.options.json) {
                json.push_back({{"id", changeset.id},
                                {"created_at", changeset.created_at},
                                {"author", changeset.author},
                                {"message", changeset.message},
                                {"command", changeset.command},
                                {"changes", render::change_report_json(report)}});
                continue;
            }
            if (!first) context.out << "\n";
            first = false;
            context.out << context.style.heading(fmt::format("changeset {}", changeset.id)) << "  " << changeset.created_at
                        << "  " << changeset.author << "\n";
            if (!changeset.message.empty()) context.out << "    " << changeset.message << "\n";
            render::print_change_body(context.out, context.style, report, "    ");
        }
        if (context.options.json) render::print_json(context.out, json);
        return ExitCode::ok;
    }

private:
    std::string id_;
    std::string field_;
    long long limit_ = 0;
};

}  // namespace

std::unique_ptr<Command> make_log(CLI::App& app) { return std::make_unique<LogCommand>(app); }

}  // namespace gpuclusters::commands
