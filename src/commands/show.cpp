// gpuclusters show ID [--all] [--quotes] [--as-of WHEN]: the record page.
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

class ShowCommand : public Command {
public:
    explicit ShowCommand(CLI::App& app) {
        app.add_option("id", id_, "cluster id")->required()->type_name(value_type::cluster);
        app.add_flag("--all", all_, "also show deprecated claims");
        app.add_flag("--quotes", quotes_, "print each citation's quote under its value");
        app.add_option("--as-of", as_of_, "the record as of a changeset number, date or timestamp");
    }
    bool pages() const override { return true; }
    void validate(const Context&) override { id_ = model::parse_cluster_id(id_); }

    ExitCode run(Context& context) override {
        auto& store = context.store();
        render::print_record(context.output, ledger::record_page(store, id_, ledger::resolve_as_of(store, as_of_)),
                             {all_, quotes_});
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
