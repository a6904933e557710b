// gpuclusters rank ID FIELD preferred|normal|deprecated [--value V] --reason TEXT: choose which of
// a field's claims is shown, kept as a competing figure, or kept only for the record.
#include <fmt/format.h>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

class RankCommand : public Command {
public:
    explicit RankCommand(CLI::App& app) {
        app.add_option("id", id_, "cluster id")->required()->type_name(value_type::cluster);
        app.add_option("field", field_, "field")->required()->type_name(value_type::field);
        app.add_option("rank", rank_, "preferred (shown), normal (a competing figure) or deprecated (known wrong)")
            ->required()
            ->check(CLI::IsMember({"preferred", "normal", "deprecated"}));
        app.add_option("--value", value_, "the claim of this value (default: the preferred one)");
        app.add_flag("--not-published", not_published_, "the field's 'not published' claim");
        app.add_option("--reason", reason_, "why; recorded with the rank and as the changeset message")->required();
        app.add_flag("-n,--dry-run", dry_run_, "print the change and write nothing");
    }
    DbAccess access() const override { return DbAccess::read_write; }
    store::Journal journal() const override { return dry_run_ ? store::Journal::rollback : store::Journal::write_ahead; }

    void validate(const Context& context) override {
        if (not_published_ && !value_.empty()) throw UsageError("--value and --not-published exclude each other");
        if (text::shows_nothing(reason_)) throw UsageError("--reason says why the rank changes: it cannot be blank or invisible");
        try {
            reason_ = model::clean_text(reason_);
        } catch (const InputError& error) {
            throw InputError(fmt::format("--reason: {}", error.what()));
        }
        model::RecordInput record{.cluster_id = id_, .origin = "ID"};
        record.fields.push_back({.field = field_,
                                 .not_published = not_published_,
                                 .raw_value = value_,
                                 .origin = value_.empty() ? "FIELD " + field_ : "--value",
                                 .action = model::FieldAction::rank,
                                 .rank = model::rank_from(rank_),
                                 .reason = reason_});
        request_.records.push_back(std::move(record));
        request_.changeset = context.changeset(reason_, reason_);
        request_.today = context.today;
        request_.dry_run = dry_run_;
        ledger::ChangeSession::prepare(request_.sources, request_.records, request_.today);
    }

    ExitCode run(Context& context) override {
        render::print_change(context.output, ledger::apply_changes(context.store(), request_));
        return ExitCode::ok;
    }

private:
    std::string id_;
    std::string field_;
    std::string rank_;
    std::string value_;
    bool not_published_ = false;
    std::string reason_;
    bool dry_run_ = false;
    model::ChangeRequest request_;
};

}  // namespace

std::unique_ptr<Command> make_rank(CLI::App& app) { return std::make_unique<RankCommand>(app); }

}  // namespace gpuclusters::commands
