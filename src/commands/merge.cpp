// gpuclusters merge A B [--dry-run]: two records of one cluster made one, A, in one changeset; B's
// id leads to A from then on. `revert` of the changeset puts both back as they were.
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/record_merge.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

class MergeCommand : public Command {
public:
    explicit MergeCommand(CLI::App& app) {
        app.add_option("into", request_.into, "the record that stays (A)")->required()->type_name(value_type::cluster);
        app.add_option("merged", request_.merged, "the record merged into it (B), whose id then leads to A")
            ->required()
            ->type_name(value_type::cluster);
        app.add_option("-m,--message", message_, "changeset message (default: merge B into A)");
        app.add_flag("-n,--dry-run", request_.dry_run, "print the changes and write nothing");
    }
    DbAccess access() const override { return DbAccess::read_write; }
    // One or two records' rows: a refused merge leaves not a byte of the file changed.
    store::Journal journal() const override { return store::Journal::rollback; }
    void validate(const Context&) override {
        request_.into = model::parse_cluster_id(request_.into);
        request_.merged = model::parse_cluster_id(request_.merged);
    }

    ExitCode run(Context& context) override {
        ledger::merge_records(context.store(), request_, context.changeset(message_), context.today,
                              [&](const ledger::MergeResult& result, const ledger::ChangesetView& changes) {
                                  render::print_merge(context.output, result, changes);
                              });
        return ExitCode::ok;
    }

private:
    ledger::MergeRequest request_;
    std::string message_;
};

}  // namespace

std::unique_ptr<Command> make_merge(CLI::App& app) { return std::make_unique<MergeCommand>(app); }

}  // namespace gpuclusters::commands
