// gpuclusters init [--sample]: create the database, optionally with the bundled sample records.
#include <fmt/format.h>

#include "gpuclusters/ledger/change.hpp"
#include "commands/command.hpp"
#include "embedded_data.hpp"
#include "formats/record_toml.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

class InitCommand : public Command {
public:
    explicit InitCommand(CLI::App& app) {
        app.add_flag("--sample", sample_, "load the bundled sample records (db/sample/) in one changeset");
        app.add_option("-m,--message", message_, "changeset message for the sample");
    }
    DbAccess access() const override { return DbAccess::none; }

    ExitCode run(Context& context) override {
        bool created = false;
        context.store = store::Store::create(context.db_path, created);
        if (!context.options.json) {
            context.out << fmt::format("{} {} (schema version {})\n", created ? "created" : "already initialised:",
                                       context.db_path, context.store->schema_version());
        }
        render::Json json{{"database", context.db_path}, {"created", created},
                          {"schema_version", context.store->schema_version()}};
        if (sample_) {
            // One changeset for the whole sample, each record applied as it is read.
            ledger::ChangeSession session(*context.store, context.changeset(message_, "load the bundled sample records"),
                                  context.today);
            model::ChangeReport report;
            context.store->with_write_transaction([&] {
                for (const auto& file : embedded::samples) {
                    const auto document = formats::read_toml_record(file.content, fmt::format("db/sample/{}", file.name));
                    ledger::merge(report, session.apply(document.sources, std::span(&document.record, 1)));
                }
                return report.changed;
            });
            if (!report.changed) report.changeset_id = 0;
            for (const auto& warning : report.warnings) context.warn(warning);
            if (context.options.json) {
                json["sample"] = render::change_report_json(report);
            } else {
                render::print_change_report(context.out, context.style, report);
            }
        }
        if (context.options.json) render::print_json(context.out, json);
        return ExitCode::ok;
    }

private:
    bool sample_ = false;
    std::string message_;
};

}  // namespace

std::unique_ptr<Command> make_init(CLI::App& app) { return std::make_unique<InitCommand>(app); }

}  // namespace gpuclusters::commands
