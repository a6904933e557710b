// gpuclusters blame ID [--as-of WHEN]: for every field, the value, the changeset that set it and
// the sources behind it.
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

class BlameCommand : public Command {
public:
    explicit BlameCommand(CLI::App& app) {
        app.add_option("id", id_, "cluster id")->required()->type_name(value_type::cluster);
        app.add_option("--as-of", as_of_, "the record as of a changeset number, date or timestamp");
    }
    bool pages() const override { return true; }
    void validate(const Context&) override { id_ = model::parse_cluster_id(id_); }

    ExitCode run(Context& context) override {
        auto& store = context.store();
        render::print_blame(context.output, ledger::blame(store, id_, ledger::resolve_as_of(store, as_of_)));
        return ExitCode::ok;
    }

private:
    std::string id_;
    std::string as_of_;
};

}  // namespace

std::unique_ptr<Command> make_blame(CLI::App& app) { return std::make_unique<BlameCommand>(app); }

}  // namespace gpuclusters::commands
