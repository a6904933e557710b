// gpuclusters show ID [--all] [--quotes]: the record page.
#include <fmt/format.h>

#include "commands/command.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

class ShowCommand : public Command {
public:
    explicit ShowCommand(CLI::App& app) {
        app.add_option("id", id_, "cluster id")->required();
        app.add_flag("--all", all_, "also show deprecated claims");
        app.add_flag("--quotes", quotes_, "print each citation's quote under its value");
        app.add_option("--as-of", as_of_, "the record as of a changeset number, date or timestamp");
    }
    DbAccess access() const override { return DbAccess::open; }

    ExitCode run(Context& context) override {
        const std::string id = model::parse_cluster_id(id_);
        const auto as_of = ledger::resolve_as_of(*context.store, as_of_);
        auto record = context.store->load_record(id, as_of);
        if (!record) {
            throw InputError(fmt::format("no cluster '{}'{} (`gpuclusters list` shows the ids)", id,
                                         as_of ? fmt::format(" as of changeset {}", *as_of) : ""));
        }
        record->verification = ledger::verification_of(*context.store, id, as_of);
        if (context.options.json) {
            render::print_json(context.out, render::record_json(*record, all_));
        } else {
            render::print_record_page(context.out, context.style, *record, {all_, quotes_});
        }
        return ExitCode::ok;
    }

private:
    std::string id_;
    bool all_ = false;
    bool quotes_ = false;
    std::string as_of_;
};

}  // namespace

std::unique_ptr<Command> make_show(CLI::App& app) { return std::make_unique<ShowCommand>(app); }

}  // namespace gpuclusters::commands
