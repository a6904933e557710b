// gpuclusters merge-driver BASE OURS THEIRS [PATH]: git's merge driver for record files, as
// `tree setup` registers it (merge.gpuclusters.driver = "gpuclusters merge-driver %O %A %B %P"):
// the three versions merged as records, claim by claim, the result written over OURS.
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/merge.hpp"

namespace gpuclusters::commands {
namespace {

class MergeDriverCommand : public Command {
public:
    explicit MergeDriverCommand(CLI::App& app) {
        app.add_option("base", files_.base, "the version both sides started from (git's %O); empty when none")
            ->required()
            ->type_name(value_type::file);
        app.add_option("ours", files_.ours, "our version (git's %A): the merge is written over it")
            ->required()
            ->type_name(value_type::file);
        app.add_option("theirs", files_.theirs, "their version (git's %B)")->required()->type_name(value_type::file);
        app.add_option("path", files_.path, "the file's path in the tree (git's %P), for messages")->type_name(value_type::file);
        app.add_option("--marker-size", files_.marker_size, "conflict marker size of a text merge (git's %L)")
            ->check(CLI::Range(1, 100));
    }
    DbAccess access() const override { return DbAccess::none; }

    ExitCode run(Context& context) override {
        if (files_.path.empty()) files_.path = files_.ours;
        const auto merge = ledger::merge_record_files(files_);
        render::print_file_merge(context.output, merge, files_.path);
        // git reads a status other than 0 as a conflict left in the file for the user: only a
        // text merge with markers is one; a record merge's conflicts are data the tool reads.
        return merge.clean ? ExitCode::ok : ExitCode::differences;
    }

private:
    ledger::MergeFiles files_;
};

}  // namespace

std::unique_ptr<Command> make_merge_driver(CLI::App& app) { return std::make_unique<MergeDriverCommand>(app); }

}  // namespace gpuclusters::commands
