// gpuclusters tree setup DIR: a git work tree made ready for record files shared by several
// editors: the files routed to merge-driver, the driver registered in the clone's own config.
#include <filesystem>
#include <system_error>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/tree.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::commands {
namespace {

// The driver as git runs it, through the shell: this very binary, so that a clone set up by one
// build merges with that build, wherever it is installed.
std::string driver_command() {
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    const std::string program = error ? "gpuclusters" : text::shell_quote(self.string());
    return program + " merge-driver %O %A %B %P --marker-size %L";
}

class TreeCommand : public Command {
public:
    explicit TreeCommand(CLI::App& app) {
        setup_ = app.add_subcommand("setup", "make a folder (new, or a clone) a git work tree ready for record files");
        setup_->add_option("folder", folder_, "the work tree's top folder (created if absent)")
            ->required()
            ->type_name(value_type::path);
        app.require_subcommand(1);
    }
    DbAccess access() const override { return DbAccess::none; }

    ExitCode run(Context& context) override {
        render::print_tree_setup(context.output, ledger::set_up_tree(folder_, driver_command()));
        return ExitCode::ok;
    }

private:
    CLI::App* setup_ = nullptr;
    std::string folder_;
};

}  // namespace

std::unique_ptr<Command> make_tree(CLI::App& app) { return std::make_unique<TreeCommand>(app); }

}  // namespace gpuclusters::commands
