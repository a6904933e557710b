// gpuclusters verify [ID...]: the editorial policy as named rules; --sign grants the Verified badge,
// --accept records an editor's accepted finding, --list-rules and --explain describe the rules.
#include <algorithm>
#include <fmt/format.h>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "commands/temporary_folder.hpp"
#include "formats/baseline.hpp"
#include "formats/rules_config.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/ledger/tree.hpp"
#include "gpuclusters/ledger/verification.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

const rules::Rule& require_rule(const std::string& id, const std::string& option) {
    if (const auto* rule = rules::find_rule(id)) return *rule;
    throw InputError(fmt::format("{} {}: no such rule (`gpuclusters verify --list-rules`)", option, id));
}

class VerifyCommand : public Command {
public:
    explicit VerifyCommand(CLI::App& app) {
        app.add_option("ids", ids_, "clusters to check (default: all)")->type_name(value_type::cluster);
        app.add_option("--rule", check_.only_rules, "only these rules (repeatable)")
            ->allow_extra_args(false)
            ->type_name(value_type::rule);
        app.add_option("--severity", minimum_, "show findings of at least this severity: info, warning, error")
            ->check(CLI::IsMember({"info", "warning", "error"}));
        app.add_option("--as-of", as_of_, "check the records as of a changeset number, date or timestamp");
        app.add_option("--config", config_path_, "rules configuration (default: gpuclusters.toml beside the database)")
            ->type_name(value_type::file);
        app.add_flag("--list-rules", list_rules_, "list the rules with their family and severity");
        app.add_option("--explain", explain_, "explain one rule, with an example of a violation and its fix")
            ->type_name(value_type::rule);
        app.add_flag("--sign", sign_, "record that the named clusters pass (the Verified badge); refused if any has an error");
        app.add_option("--accept", accept_, "accept RULE's finding for the one named cluster (needs --reason)")
            ->type_name(value_type::rule);
        app.add_option("--unaccept", unaccept_, "withdraw the acceptance of RULE's finding for the one named cluster")
            ->type_name(value_type::rule);
        app.add_option("--reason", reason_, "why the finding is accepted or withdrawn");
        app.add_option("-m,--message", message_, "changeset message for --sign");
        app.add_option("--tree", tree_, "check the record files of a folder instead, with no database of one's own")
            ->type_name(value_type::path);
        app.add_option("--baseline", baseline_, "report only the findings not in FILE (written by --write-baseline)")
            ->type_name(value_type::file);
        app.add_option("--write-baseline", write_baseline_, "write the findings to FILE, to be left out by --baseline FILE")
            ->type_name(value_type::file);
        app.add_flag("--new", check_.unsigned_changes_only,
                     "only the clusters changed since their last signing, or never signed (no current badge)");
        app.add_flag("--summary", summary_, "the findings counted by rule and severity, and the clusters with the most");
    }
    // Describing the rules needs no database; checking reads it; signing and accepting write.
    bool pages() const override { return true; }
    DbAccess access() const override {
        if (list_rules_ || !explain_.empty() || !tree_.empty()) return DbAccess::none;
        return sign_ || accepting() ? DbAccess::read_write : DbAccess::read_only;
    }

    void validate(const Context&) override {
        const int modes = int(list_rules_) + int(!explain_.empty()) + int(accepting()) + int(sign_);
        if (modes > 1) throw UsageError("--list-rules, --explain, --accept/--unaccept and --sign exclude each other");
        if (!explain_.empty()) require_rule(explain_, "--explain");
        for (const auto& rule : check_.only_rules) require_rule(rule, "--rule");
        if (!minimum_.empty()) check_.minimum = rules::severity_from(minimum_);
        for (const auto& id : ids_) {
            const std::string clean = model::parse_cluster_id(id);
            if (std::ranges::find(check_.cluster_ids, clean) == check_.cluster_ids.end()) check_.cluster_ids.push_back(clean);
        }
        if (accepting()) validate_acceptance();
        if (!tree_.empty() && (modes > 0 || !as_of_.empty())) {
            throw UsageError(
                "--tree checks a folder's files as they are: it cannot be combined with --sign, --accept, "
                "--unaccept, --as-of, --list-rules or --explain");
        }
        while (tree_.size() > 1 && tree_.back() == '/') tree_.pop_back();
        const bool checks = modes == 0;
        if (!checks && (!baseline_.empty() || !write_baseline_.empty() || summary_ || check_.unsigned_changes_only)) {
            throw UsageError(
                "--baseline, --write-baseline, --new and --summary are for checking, not with --list-rules, "
                "--explain, --accept/--unaccept or --sign");
        }
        if (!write_baseline_.empty() && (summary_ || !baseline_.empty())) {
            throw UsageError("--write-baseline writes every finding and prints what it wrote: not with --summary or --baseline");
        }
        if (!tree_.empty() && (!write_baseline_.empty() || summary_ || check_.unsigned_changes_only)) {
            throw UsageError("--tree checks a folder's files: --write-baseline, --summary and --new need a database");
        }
        if (sign_) {
            if (ids_.empty()) throw UsageError("--sign needs the ids of the clusters to sign");
            if (!as_of_.empty()) throw UsageError("--sign signs the current state; it cannot be combined with --as-of");
            if (!check_.only_rules.empty() || !minimum_.empty())
                throw UsageError("--sign runs every rule; drop --rule and --severity");
        }
    }

    ExitCode run(Context& context) override {
        const auto& output = context.output;
        // A tree's rules configuration sits beside its folder of records, as a database's beside it.
        if (explain_.empty()) config_ = formats::rules_config_for(config_path_, tree_.empty() ? context.db_path : tree_);
        if (list_rules_) {
            render::print_rules(output, config_);
        } else if (!explain_.empty()) {
            render::print_rule(output, require_rule(explain_, "--explain"));
        } else if (accepting()) {
            render::print_acceptance(output,
                                     ledger::accept(context.store(), acceptance_, context.changeset(message_), context.today));
        } else if (sign_) {
            return sign(context);
        } else if (!tree_.empty()) {
            return check_tree(context);
        } else {
            return check(context);
        }
        return ExitCode::ok;
    }

private:
    bool accepting() const { return !accept_.empty() || !unaccept_.empty(); }

    void validate_acceptance() {
        if (!accept_.empty() && !unaccept_.empty()) throw UsageError("--accept and --unaccept exclude each other");
        if (ids_.size() != 1) throw UsageError("--accept and --unaccept take exactly one cluster id");
        if (reason_.empty()) throw UsageError("--accept and --unaccept need --reason TEXT");
        const bool accept = !accept_.empty();
        const auto& rule = require_rule(accept ? accept_ : unaccept_, accept ? "--accept" : "--unaccept");
        acceptance_ = {check_.cluster_ids.front(), std::string(rule.id), model::clean_text(reason_), accept};
    }

    // The findings printed, summed up or written to a baseline; a baseline read leaves out the
    // findings it holds, so that the exit status follows the new ones.
    ExitCode check(Context& context) {
        check_.as_of = ledger::resolve_as_of(context.store(), as_of_);
        read_baseline();
        if (!write_baseline_.empty()) {
            formats::BaselineWriter writer(write_baseline_);
            const auto summary = ledger::check(context.store(), config_, context.today, check_,
                                               [&](const std::vector<rules::Finding>& findings) { writer.add(findings); });
            writer.commit();
            render::print_baseline_written(context.output, write_baseline_, summary, writer.findings());
            return ExitCode::ok;
        }
        ledger::CheckSummary summary;
        if (summary_) {
            render::FindingsSummaryPrinter printer(context.output);
            summary = ledger::check(context.store(), config_, context.today, check_,
                                    [&](const std::vector<rules::Finding>& findings) { printer.cluster(findings); });
            printer.finish(summary);
        } else {
            render::FindingsPrinter printer(context.output);
            summary = ledger::check(context.store(), config_, context.today, check_,
                                    [&](const std::vector<rules::Finding>& findings) { printer.cluster(findings); });
            printer.finish(summary);
        }
        return summary.errors > 0 ? ExitCode::differences : ExitCode::ok;
    }

    void read_baseline() {
        if (baseline_.empty()) return;
        baseline_read_ = formats::Baseline::read(baseline_);
        check_.known = [this](const rules::Finding& finding) { return baseline_read_->take(finding); };
    }

    ExitCode check_tree(Context& context) {
        read_baseline();
        const TemporaryFolder scratch("gpuclusters-verify");
        render::FindingsPrinter printer(context.output);
        const auto result =
            ledger::check_tree(tree_, scratch.path() + "/tree.db", context.changeset("", "verify --tree"), config_, context.today,
                               check_, [&](const std::vector<rules::Finding>& findings) { printer.cluster(findings); });
        if (result.read.refused()) {
            render::print_tree_problems(context.output, result.read);
            throw InputError(fmt::format("{}: {} problem{} in the record files; nothing checked", tree_,
                                         result.read.problem_count, result.read.problem_count == 1 ? "" : "s"));
        }
        printer.finish(result.summary);
        return result.summary.errors > 0 ? ExitCode::differences : ExitCode::ok;
    }

    ExitCode sign(Context& context) {
        const auto result = ledger::sign(context.store(), config_, check_.cluster_ids,
                                         context.changeset(message_, "verify --sign"), context.today);
        render::print_signing(context.output, result);
        if (result.changeset_id == 0) {
            throw Error(ExitCode::differences, fmt::format("not signing: {} error-level finding{}; nothing written",
                                                           result.summary.errors, result.summary.errors == 1 ? "" : "s"));
        }
        return ExitCode::ok;
    }

    std::vector<std::string> ids_;
    std::string minimum_;
    std::string as_of_;
    std::string config_path_;
    bool list_rules_ = false;
    std::string explain_;
    bool sign_ = false;
    bool summary_ = false;
    std::string baseline_;
    std::string write_baseline_;
    std::optional<formats::Baseline> baseline_read_;
    std::string accept_;
    std::string unaccept_;
    std::string reason_;
    std::string message_;
    std::string tree_;
    ledger::CheckRequest check_;
    ledger::AcceptRequest acceptance_;
    rules::Config config_;
};

}  // namespace

std::unique_ptr<Command> make_verify(CLI::App& app) { return std::make_unique<VerifyCommand>(app); }

}  // namespace gpuclusters::commands
