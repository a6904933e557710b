// gpuclusters sources [ID] [--unused]          every source, with what it backs
// gpuclusters sources show SOURCE               the values one source backs
// gpuclusters sources check SOURCE [--accessed] re-read today: a new accessed date (a changeset)
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/listing.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

class SourcesCommand : public Command {
public:
    explicit SourcesCommand(CLI::App& app) {
        app.add_option("id", cluster_id_, "only the sources this cluster's values cite")->type_name(value_type::cluster);
        app.add_flag("--unused", unused_, "only sources that back no current value");
        show_ = app.add_subcommand("show", "the values one source backs, with the quotes");
        show_->add_option("source", reference_, "source id or URL")->required()->type_name(value_type::source);
        show_->fallthrough();
        check_ = app.add_subcommand("check", "record that a source was re-read (today, or --accessed), or new metadata");
        check_->add_option("source", check_source_.reference, "source id or URL")->required()->type_name(value_type::source);
        add_source_metadata_options(*check_, check_source_);
        check_->add_option("-m,--message", message_, "changeset message");
        check_->add_flag("-n,--dry-run", dry_run_, "print the change and write nothing");
        check_->fallthrough();
        app.require_subcommand(0, 1);
    }
    bool pages() const override { return true; }
    DbAccess access() const override { return check_->parsed() ? DbAccess::read_write : DbAccess::read_only; }
    store::Journal journal() const override { return dry_run_ ? store::Journal::rollback : store::Journal::write_ahead; }
    void validate(const Context& context) override {
        if (!cluster_id_.empty()) cluster_id_ = model::parse_cluster_id(cluster_id_);
        // Bad metadata is refused before the file is opened, so that it stays untouched.
        if (check_->parsed()) {
            model::SourceInput given = check_source_;
            given.origin = "SOURCE";
            ledger::ChangeSession::prepare({given}, {}, context.today);
        }
    }

    ExitCode run(Context& context) override {
        auto& store = context.store();
        if (show_->parsed()) {
            render::print_source(context.output, ledger::show_source(store, reference_));
        } else if (check_->parsed()) {
            render::print_change(
                context.output, ledger::check_source(store, check_source_, context.changeset(message_), context.today, dry_run_));
        } else {
            render::SourcesPrinter printer(context.output);
            ledger::list_sources(store, cluster_id_, unused_, [&](const model::SourceUse& use) { printer.source(use); });
            printer.finish();
        }
        return ExitCode::ok;
    }

private:
    std::string cluster_id_;
    bool unused_ = false;
    CLI::App* show_ = nullptr;
    CLI::App* check_ = nullptr;
    std::string reference_;
    model::SourceInput check_source_;
    std::string message_;
    bool dry_run_ = false;
};

}  // namespace

std::unique_ptr<Command> make_sources(CLI::App& app) { return std::make_unique<SourcesCommand>(app); }

}  // namespace gpuclusters::commands
