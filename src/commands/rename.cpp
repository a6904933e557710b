// gpuclusters rename OLD NEW [--dry-run]: a record's id changed in one changeset; OLD leads to NEW
// from then on. `revert` of the changeset puts the old id back.
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/record_merge.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

class RenameCommand : public Command {
public:
    explicit RenameCommand(CLI::App& app) {
        app.add_option("old", request_.from, "the record's id now")->required()->type_name(value_type::cluster);
        app.add_option("new", request_.to, "its new id: lower-case letters, digits and single hyphens, never used before")
            ->required();
        app.add_option("-m,--message", message_, "changeset message (default: rename OLD to NEW)");
        app.add_flag("-n,--dry-run", request_.dry_run, "print the changes and write nothing");
    }
    DbAccess access() const override { return DbAccess::read_write; }
    // One record's rows: a refused rename leaves not a byte of the file changed.
    store::Journal journal() const override { return store::Journal::rollback; }
    void validate(const Context&) override {
        request_.from = model::parse_cluster_id(request_.from);
        request_.to = model::parse_cluster_id(request_.to);
    }

    ExitCode run(Context& context) override {
        ledger::rename_record(context.store(), request_, context.changeset(message_), context.today,
                              [&](const ledger::MergeResult& result, const ledger::ChangesetView& changes) {
                                  render::print_merge(context.output, result, changes);
                              });
        return ExitCode::ok;
    }

private:
    ledger::RenameRequest request_;
    std::string message_;
};

}  // namespace

std::unique_ptr<Command> make_rename(CLI::App& app) { return std::make_unique<RenameCommand>(app); }

}  // namespace gpuclusters::commands
