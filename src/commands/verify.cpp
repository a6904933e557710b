// gpuclusters verify [ID...]: the editorial policy as named rules; --sign grants the Verified badge,
// --accept records an editor's accepted finding, --list-rules and --explain describe the rules.
#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <functional>
#include <map>
#include <set>

#include "formats/rules_config.hpp"
#include "commands/command.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "ledger/read_ahead.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

using rules::Finding;
using rules::Severity;

class VerifyCommand : public Command {
public:
    explicit VerifyCommand(CLI::App& app) {
        app.add_option("ids", ids_, "clusters to check (default: all)");
        app.add_option("--rule", only_rules_, "only these rules (repeatable)")->allow_extra_args(false);
        app.add_option("--severity", minimum_, "show findings of at least this severity: info, warning, error")
            ->check(CLI::IsMember({"info", "warning", "error"}));
        app.add_option("--as-of", as_of_, "check the records as of a changeset number, date or timestamp");
        app.add_option("--config", config_path_, "rules configuration (default: gpuclusters.toml beside the database)");
        app.add_flag("--list-rules", list_rules_, "list the rules with their family and severity");
        app.add_option("--explain", explain_, "explain one rule, with an example of a violation and its fix");
        app.add_flag("--sign", sign_, "record that the named clusters pass (the Verified badge); refused if any has an error");
        app.add_option("--accept", accept_, "accept RULE's finding for the one named cluster (needs --reason)");
        app.add_option("--unaccept", unaccept_, "withdraw the acceptance of RULE's finding for the one named cluster");
        app.add_option("--reason", reason_, "why the finding is accepted or withdrawn");
        app.add_option("-m,--message", message_, "changeset message for --sign");
    }
    // Describing the rules needs no database.
    DbAccess access() const override { return list_rules_ || !explain_.empty() ? DbAccess::none : DbAccess::open; }

    ExitCode run(Context& context) override {
        const int modes = int(list_rules_) + int(!explain_.empty()) + int(!accept_.empty() || !unaccept_.empty()) + int(sign_);
        if (modes > 1) throw UsageError("--list-rules, --explain, --accept/--unaccept and --sign exclude each other");
        if (list_rules_) return list_rules(context);
        if (!explain_.empty()) return explain(context);
        for (const auto& rule : only_rules_) require_rule(rule, "--rule");
        if (!accept_.empty() || !unaccept_.empty()) return accept(context);
        if (sign_) return sign(context);
        Printer printer(context);
        const auto summary = check(context, ids_, [&](const std::vector<Finding>& findings) { printer.cluster(findings); });
        printer.finish(summary);
        return summary.errors > 0 ? ExitCode::differences : ExitCode::ok;
    }

private:
    // What the findings add up to; the findings themselves go to a sink cluster by cluster, so
    // memory holds one record's worth whatever the size of the database.
    struct Summary {
        std::size_t clusters = 0;
        std::size_t errors = 0, warnings = 0, infos = 0, accepted = 0;
        std::size_t clusters_with_findings = 0;
    };
    using Sink = std::function<void(const std::vector<Finding>&)>;

    static const rules::Rule& require_rule(const std::string& id, const std::string& option) {
        if (const auto* rule = rules::find_rule(id)) return *rule;
        throw InputError(fmt::format("{} {}: no such rule (`gpuclusters verify --list-rules`)", option, id));
    }

    rules::Config config(const Context& context) const {
        auto config = formats::default_rules_config();
        if (!config_path_.empty()) {
            formats::apply_rules_config_file(config, config_path_);
        } else {
            const auto beside = std::filesystem::path(context.db_path).parent_path() / "gpuclusters.toml";
            std::error_code ignored;
            if (std::filesystem::exists(beside, ignored)) formats::apply_rules_config_file(config, beside.string());
        }
        return config;
    }

    // Checks the requested clusters (all when none) and hands each cluster's findings to `sink`
    // in cluster id order: its own rules, then its look-alikes, then acceptances gone stale.
    Summary check(Context& context, const std::vector<std::string>& requested, const Sink& sink) {
        auto& store = *context.store;
        const auto as_of = ledger::resolve_as_of(store, as_of_);
        const auto settings = config(context);
        const rules::Context rule_context{settings, context.today};
        std::set<std::string> wanted;
        for (const auto& id : requested) {
            const std::string clean = model::parse_cluster_id(id);
            if (!store.load_record(clean, as_of)) {
                throw InputError(fmt::format("no cluster '{}' (`gpuclusters list` shows the ids)", clean));
            }
            wanted.insert(clean);
        }
        const auto is_wanted = [&](const std::string& id) { return wanted.empty() || wanted.contains(id); };

        // Look-alikes are compared across every record, wanted or not: first their keys, grouped
        // by SQLite; then one lookup per record.
        store.clear_duplicate_keys();
        auto add_keys = [&](model::Record& record) {
            for (const auto& key : rules::duplicate_keys(record, rule_context)) store.add_duplicate_key(record.id, key.kind, key.key);
        };
        if (as_of) {
            store.for_each_record(as_of, add_keys, store::Store::RecordParts::values);
        } else {
            store.for_each_current_record(add_keys, rules::duplicate_key_fields());
        }
        store.group_duplicate_keys();

        // Accepted findings do not count; an acceptance with nothing left to accept is reported.
        std::map<std::string, std::map<std::string, std::string>> accepted;  // cluster -> rule -> reason
        for (const auto& acceptance : store.acceptances(as_of)) {
            if (is_wanted(acceptance.cluster_id)) accepted[acceptance.cluster_id][acceptance.rule] = acceptance.reason;
        }
        const Severity stale = settings.severity("accepted-finding-stale", Severity::info);
        const Severity minimum = minimum_.empty() ? Severity::info : rules::severity_from(minimum_);

        Summary summary;
        auto finish_cluster = [&](const std::string& id, std::vector<Finding> findings) {
            std::set<std::string> fired;
            const auto acceptances = accepted.find(id);
            for (auto& finding : findings) {
                fired.insert(finding.rule);
                if (acceptances == accepted.end()) continue;
                if (const auto found = acceptances->second.find(finding.rule); found != acceptances->second.end()) {
                    finding.accepted = true;
                    finding.accepted_reason = found->second;
                }
            }
            if (acceptances != accepted.end() && stale != Severity::off) {
                for (const auto& [rule, reason] : acceptances->second) {
                    if (fired.contains(rule)) continue;
                    Finding finding;
                    finding.cluster_id = id;
                    finding.rule = "accepted-finding-stale";
                    finding.severity = stale;
                    finding.message = fmt::format("the accepted finding of {} no longer fires (accepted because: {})", rule, reason);
                    findings.push_back(std::move(finding));
                }
            }
            std::erase_if(findings, [&](const Finding& finding) {
                const bool ruled_out = !only_rules_.empty() &&
                                       std::find(only_rules_.begin(), only_rules_.end(), finding.rule) == only_rules_.end();
                return ruled_out || finding.severity < minimum;
            });
            for (const auto& finding : findings) {
                if (finding.accepted) {
                    ++summary.accepted;
                } else if (finding.severity == Severity::error) {
                    ++summary.errors;
                } else if (finding.severity == Severity::warning) {
                    ++summary.warnings;
                } else {
                    ++summary.infos;
                }
            }
            if (findings.empty()) return;
            ++summary.clusters_with_findings;
            sink(findings);
        };
        // Acceptances of clusters no record stands for (removed since) come in their id order too.
        auto acceptances_before = [&](const std::string* id) {
            while (!accepted.empty() && (!id || accepted.begin()->first < *id)) {
                finish_cluster(accepted.begin()->first, {});
                accepted.erase(accepted.begin());
            }
        };
        // Two threads: one reads the records and their look-alike groups from SQLite (it alone
        // uses the connection until it is done), the other checks them and prints -- on the
        // benchmark each is about half the work.
        struct Read {
            model::Record record;
            std::vector<store::Store::DuplicateGroup> groups;
        };
        ledger::ReadAhead<Read> reading(
            [&](ledger::ReadAhead<Read>::Queue& queue) {
                store.for_each_record(as_of, [&](model::Record& record) {
                    if (!is_wanted(record.id)) return;
                    // The record goes to the checking thread; the store fills a recycled one next.
                    Read read;
                    queue.reuse(read);
                    std::swap(read.record, record);
                    read.groups = store.duplicate_groups_of(read.record.id);
                    queue.item(std::move(read));
                });
            },
            256);
        std::vector<Read> done;
        reading.drain([&](ledger::ReadAhead<Read>::Event& event) {
            auto& read = std::get<0>(event);
            const auto& record = read.record;
            const auto& groups = read.groups;
            acceptances_before(&record.id);
            ++summary.clusters;
            auto findings = rules::check_record(record, rule_context);
            for (const auto& group : groups) {
                findings.push_back(rules::duplicate_finding({record.id, group.kind, group.other_id, group.members}, rule_context));
            }
            finish_cluster(record.id, std::move(findings));
            accepted.erase(record.id);
            done.push_back(std::move(read));
            if (done.size() == 64) {
                reading.recycle(std::move(done));
                done.clear();
            }
        });
        acceptances_before(nullptr);
        return summary;
    }

    static render::Json finding_json(const Finding& finding) {
        const auto* rule = rules::find_rule(finding.rule);
        render::Json json{{"cluster", finding.cluster_id},
                          {"field", finding.field.empty() ? render::Json(nullptr) : render::Json(finding.field)},
                          {"claim", finding.claim_id == 0 ? render::Json(nullptr) : render::Json(finding.claim_id)},
                          {"rule", finding.rule},
                          {"family", rule ? rule->family : ""},
                          {"severity", rules::to_string(finding.severity)},
                          {"message", finding.message},
                          {"accepted", finding.accepted}};
        if (finding.accepted) json["accepted_reason"] = finding.accepted_reason;
        json["evidence"] = {{"value", finding.evidence.value},
                            {"source_id", finding.evidence.source_id == 0 ? render::Json(nullptr)
                                                                          : render::Json(finding.evidence.source_id)},
                            {"url", finding.evidence.url},
                            {"quote", finding.evidence.quote}};
        return json;
    }

    // Prints findings as they come: text grouped by cluster, or one JSON document
    // {"findings": [...], "summary": {...}} written piece by piece in print_json's layout.
    class Printer {
    public:
        // Nothing is printed before the first findings (or the end): a check that fails on its
        // arguments leaves standard output empty.
        explicit Printer(Context& context) : context_(context) {}
        void cluster(const std::vector<Finding>& findings) {
            begin();
            auto& out = context_.out;
            const auto& style = context_.style;
            if (context_.options.json) {
                for (const auto& finding : findings) {
                    out << (first_ ? "\n" : ",\n") << indented(finding_json(finding), "    ");
                    first_ = false;
                }
                return;
            }
            out << style.bold(findings.front().cluster_id) << "\n";
            for (const auto& finding : findings) {
                const std::string level(rules::to_string(finding.severity));
                const std::string shown_level = finding.accepted ? "accepted" : level;
                const std::string coloured = finding.accepted ? style.dim(fmt::format("{:<8}", shown_level))
                                             : finding.severity == Severity::error
                                                 ? style.removed(fmt::format("{:<8}", shown_level))
                                                 : fmt::format("{:<8}", shown_level);
                out << "  " << coloured << " " << finding.rule << ": " << finding.message << "\n";
                if (!finding.evidence.quote.empty() || !finding.evidence.url.empty()) {
                    std::string where = finding.evidence.source_id ? fmt::format("source {}", finding.evidence.source_id) : "";
                    if (!finding.evidence.url.empty()) where += (where.empty() ? "" : ", ") + model::url_domain(finding.evidence.url);
                    out << "           "
                        << style.dim(fmt::format("[{}]{}", where,
                                                 finding.evidence.quote.empty() ? "" : " “" + finding.evidence.quote + "”"))
                        << "\n";
                }
                if (finding.accepted) out << "           " << style.dim("accepted: " + finding.accepted_reason) << "\n";
            }
        }
        void finish(const Summary& summary) {
            begin();
            auto& out = context_.out;
            if (context_.options.json) {
                const render::Json totals{{"errors", summary.errors},
                                          {"warnings", summary.warnings},
                                          {"infos", summary.infos},
                                          {"accepted", summary.accepted},
                                          {"clusters", summary.clusters}};
                out << (first_ ? "]" : "\n  ]") << ",\n  \"summary\": " << indented(totals, "  ").substr(2) << "\n}\n";
                return;
            }
            out << fmt::format("{} error{}, {} warning{}, {} info, {} accepted; {} of {} cluster{} with findings\n",
                               summary.errors, summary.errors == 1 ? "" : "s", summary.warnings,
                               summary.warnings == 1 ? "" : "s", summary.infos, summary.accepted,
                               summary.clusters_with_findings, summary.clusters, summary.clusters == 1 ? "" : "s");
        }

    private:
        void begin() {
            if (begun_) return;
            begun_ = true;
            if (context_.options.json) context_.out << "{\n  \"findings\": [";
        }
        // print_json's layout one level down: every line of the dump indented.
        static std::string indented(const render::Json& json, std::string_view indent) {
            const std::string dumped = render::json_text(json);
            std::string out(indent);
            for (char c : dumped) {
                out += c;
                if (c == '\n') out += indent;
            }
            return out;
        }
        Context& context_;
        bool begun_ = false;
        bool first_ = true;
    };

    ExitCode list_rules(Context& context) const {
        const auto settings = config(context);
        if (context.options.json) {
            render::Json list = render::Json::array();
            for (const auto& rule : rules::rule_catalogue()) {
                list.push_back({{"id", rule.id},
                                {"family", rule.family},
                                {"default_severity", rules::to_string(rule.default_severity)},
                                {"severity", rules::to_string(settings.severity(rule.id, rule.default_severity))},
                                {"summary", rule.summary}});
            }
            render::print_json(context.out, list);
            return ExitCode::ok;
        }
        std::vector<std::vector<std::string>> rows;
        for (const auto& rule : rules::rule_catalogue()) {
            rows.push_back({std::string(rule.id), std::string(rule.family),
                            std::string(rules::to_string(settings.severity(rule.id, rule.default_severity))),
                            std::string(rule.summary)});
        }
        render::print_table(context.out, context.style, {"RULE", "FAMILY", "SEVERITY", "CHECKS FOR"}, rows);
        return ExitCode::ok;
    }

    ExitCode explain(Context& context) const {
        const auto& rule = require_rule(explain_, "--explain");
        if (context.options.json) {
            render::print_json(context.out, {{"id", rule.id},
                                             {"family", rule.family},
                                             {"default_severity", rules::to_string(rule.default_severity)},
                                             {"summary", rule.summary},
                                             {"explanation", rule.explanation}});
            return ExitCode::ok;
        }
        context.out << context.style.bold(std::string(rule.id)) << " (" << rule.family << ", "
                    << rules::to_string(rule.default_severity) << " by default): " << rule.summary << "\n\n"
                    << rule.explanation << "\n";
        return ExitCode::ok;
    }

    ExitCode accept(Context& context) {
        if (!accept_.empty() && !unaccept_.empty()) throw UsageError("--accept and --unaccept exclude each other");
        if (ids_.size() != 1) throw UsageError("--accept and --unaccept take exactly one cluster id");
        if (reason_.empty()) throw UsageError("--accept and --unaccept need --reason TEXT");
        const bool accepting = !accept_.empty();
        const auto& rule = require_rule(accepting ? accept_ : unaccept_, accepting ? "--accept" : "--unaccept");
        const std::string id = model::parse_cluster_id(ids_.front());
        if (!context.store->load_record(id)) throw InputError(fmt::format("no cluster '{}' (`gpuclusters list` shows the ids)", id));
        const std::string reason = model::clean_text(reason_);
        const auto current = context.store->acceptances(std::nullopt);
        const bool in_force = std::any_of(current.begin(), current.end(), [&](const store::Acceptance& acceptance) {
            return acceptance.cluster_id == id && acceptance.rule == rule.id;
        });
        if (in_force == accepting) {
            if (context.options.json) {
                render::print_json(context.out, {{"changeset", nullptr}, {"cluster", id}, {"rule", rule.id},
                                                 {"accepted", accepting}, {"reason", nullptr}});
            } else {
                context.out << fmt::format("{}: {} is {} accepted; nothing to change\n", id, rule.id,
                                           accepting ? "already" : "not");
            }
            return ExitCode::ok;
        }
        long long changeset_id = 0;
        context.store->with_write_transaction([&] {
            changeset_id = context.store->insert_changeset(context.changeset(
                message_.empty() ? reason : message_, ""));
            context.store->insert_acceptance({id, std::string(rule.id), reason, changeset_id}, accepting);
            return true;
        });
        if (context.options.json) {
            render::print_json(context.out, {{"changeset", changeset_id}, {"cluster", id}, {"rule", rule.id},
                                             {"accepted", accepting}, {"reason", reason}});
        } else {
            context.out << fmt::format("{}: {} {} ({})\nchangeset {}\n", id, rule.id,
                                       accepting ? "accepted" : "no longer accepted", reason, changeset_id);
        }
        return ExitCode::ok;
    }

    ExitCode sign(Context& context) {
        if (ids_.empty()) throw UsageError("--sign needs the ids of the clusters to sign");
        if (!as_of_.empty()) throw UsageError("--sign signs the current state; it cannot be combined with --as-of");
        if (!only_rules_.empty() || !minimum_.empty()) throw UsageError("--sign runs every rule; drop --rule and --severity");
        std::vector<std::string> ids;
        for (const auto& id : ids_) {
            const std::string clean = model::parse_cluster_id(id);
            if (std::find(ids.begin(), ids.end(), clean) == ids.end()) ids.push_back(clean);
        }
        long long changeset_id = 0;
        std::vector<std::vector<Finding>> findings;  // of the few clusters named
        Summary report;
        // Checked under the write lock: what is signed is what was checked.
        context.store->with_write_transaction([&] {
            report = check(context, ids, [&](const std::vector<Finding>& found) { findings.push_back(found); });
            if (report.errors > 0) return false;
            changeset_id = context.store->insert_changeset(context.changeset(message_, "verify --sign"));
            for (const auto& id : ids) context.store->insert_verification(id, changeset_id);
            return true;
        });
        if (report.errors > 0) {
            if (!context.options.json) {
                Printer printer(context);
                for (const auto& found : findings) printer.cluster(found);
                printer.finish(report);
            }
            throw Error(ExitCode::differences,
                        fmt::format("not signing: {} error-level finding{}; nothing written", report.errors,
                                    report.errors == 1 ? "" : "s"));
        }
        if (context.options.json) {
            render::print_json(context.out, {{"changeset", changeset_id}, {"verified", ids}, {"warnings", report.warnings}});
            return ExitCode::ok;
        }
        for (const auto& id : ids) context.out << fmt::format("{}: verified\n", id);
        context.out << fmt::format("changeset {} ({} warning{})\n", changeset_id, report.warnings,
                                   report.warnings == 1 ? "" : "s");
        return ExitCode::ok;
    }

    std::vector<std::string> ids_;
    std::vector<std::string> only_rules_;
    std::string minimum_;
    std::string as_of_;
    std::string config_path_;
    bool list_rules_ = false;
    std::string explain_;
    bool sign_ = false;
    std::string accept_;
    std::string unaccept_;
    std::string reason_;
    std::string message_;
};

}  // namespace

std::unique_ptr<Command> make_verify(CLI::App& app) { return std::make_unique<VerifyCommand>(app); }

}  // namespace gpuclusters::commands
