// gpuclusters rank ID FIELD preferred|normal|deprecated [--value V] --reason TEXT: choose which of
// a field's claims is shown, kept as a competing figure, or kept only for the record.
#include <fmt/format.h>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

class RankCommand : public RecordChangeCommand {
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
        prepare_request(context, std::move(record), reason_, reason_);
    }

private:
    std::string id_;
    std::string field_;
    std::string rank_;
    std::string value_;
    bool not_published_ = false;
    std::string reason_;
};

}  // namespace

std::unique_ptr<Command> make_rank(CLI::App& app) { return std::make_unique<RankCommand>(app); }

}  // namespace gpuclusters::commands
