// verify: findings as they come, the summary, the rules, acceptances and signatures.
#include <fmt/format.h>

#include "gpuclusters/model/text.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {
namespace {

using rules::Finding;
using rules::Severity;

Json finding_json(const Finding& finding) {
    const auto* rule = rules::find_rule(finding.rule);
    Json json{{"cluster", finding.cluster_id},
              {"field", finding.field.empty() ? Json(nullptr) : Json(finding.field)},
              {"claim", finding.claim_id == 0 ? Json(nullptr) : Json(finding.claim_id)},
              {"rule", finding.rule},
              {"family", rule ? rule->family : ""},
              {"severity", rules::to_string(finding.severity)},
              {"message", finding.message},
              {"accepted", finding.accepted}};
    if (!finding.kind.empty()) json["kind"] = finding.kind;
    if (finding.accepted) json["accepted_reason"] = finding.accepted_reason;
    json["evidence"] = {{"value", finding.evidence.value},
                        {"source_id", finding.evidence.source_id == 0 ? Json(nullptr) : Json(finding.evidence.source_id)},
                        {"url", finding.evidence.url},
                        {"quote", finding.evidence.quote}};
    return json;
}

}  // namespace

bool DocumentPrinter::begin() {
    if (begun_) return false;
    begun_ = true;
    if (output_.json && !list_.empty()) {
        writer_.begin_object();
        writer_.key(list_);
    }
    if (output_.json) writer_.begin_array();
    return true;
}

void DocumentPrinter::end() {
    if (!output_.json) {
        if (table_) table_->finish();
        return;
    }
    begin();
    if (list_.empty()) {
        writer_.end_array();
    } else {
        writer_.end_object();
    }
    output_.out << "\n";
}

void FindingsPrinter::cluster(const std::vector<Finding>& findings) {
    begin();
    auto& out = output_.out;
    const auto& style = output_.style;
    if (output_.json) {
        for (const auto& finding : findings) writer_.value(finding_json(finding));
        return;
    }
    out << style.bold(findings.front().cluster_id) << "\n";
    for (const auto& finding : findings) {
        const std::string level = fmt::format("{:<8}", finding.accepted ? "accepted" : rules::to_string(finding.severity));
        const std::string coloured = finding.accepted                      ? style.dim(level)
                                     : finding.severity == Severity::error ? style.removed(level)
                                                                           : level;
        // A finding is its lines: a line break in a quote (which quotes may hold) or in a value a
        // message names is shown escaped, so that grep and a baseline read one finding a line.
        out << "  " << coloured << " " << finding.rule << ": " << text::one_line(finding.message) << "\n";
        if (!finding.evidence.quote.empty() || !finding.evidence.url.empty()) {
            std::string where = finding.evidence.source_id ? fmt::format("source {}", finding.evidence.source_id) : "";
            if (!finding.evidence.url.empty()) where += (where.empty() ? "" : ", ") + model::url_domain(finding.evidence.url);
            out << "           "
                << style.dim(
                       fmt::format("[{}]{}", where,
                                   finding.evidence.quote.empty() ? "" : " “" + text::one_line(finding.evidence.quote) + "”"))
                << "\n";
        }
        if (finding.accepted) out << "           " << style.dim("accepted: " + text::one_line(finding.accepted_reason)) << "\n";
    }
}

void FindingsPrinter::finish(const ledger::CheckSummary& summary) {
    begin();
    auto& out = output_.out;
    if (output_.json) {
        writer_.end_array();
        writer_.member("summary", Json{{"errors", summary.errors},
                                       {"warnings", summary.warnings},
                                       {"infos", summary.infos},
                                       {"accepted", summary.accepted},
                                       {"known", summary.known},
                                       {"clusters", summary.clusters}});
        end();
        return;
    }
    out << summary_line(summary) << "\n";
}

std::string summary_line(const ledger::CheckSummary& summary) {
    return fmt::format("{} error{}, {} warning{}, {} info, {} accepted{}; {} of {} cluster{} with findings", summary.errors,
                       summary.errors == 1 ? "" : "s", summary.warnings, summary.warnings == 1 ? "" : "s", summary.infos,
                       summary.accepted, summary.known == 0 ? "" : fmt::format(", {} in the baseline", summary.known),
                       summary.clusters_with_findings, summary.clusters, summary.clusters == 1 ? "" : "s");
}

void print_rules(const Output& output, const rules::Config& config) {
    if (output.json) {
        print_json(output.out, json_array(rules::rule_catalogue(), [&](const auto& rule) {
                       return Json{{"id", rule.id},
                                   {"family", rule.family},
                                   {"default_severity", rules::to_string(rule.default_severity)},
                                   {"severity", rules::to_string(config.severity(rule.id, rule.default_severity))},
                                   {"summary", rule.summary}};
                   }));
        return;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& rule : rules::rule_catalogue()) {
        rows.push_back({std::string(rule.id), std::string(rule.family),
                        std::string(rules::to_string(config.severity(rule.id, rule.default_severity))),
                        std::string(rule.summary)});
    }
    print_table(output, {"RULE", "FAMILY", "SEVERITY", "CHECKS FOR"}, rows, 1);
}

void print_rule(const Output& output, const rules::Rule& rule) {
    if (output.json) {
        print_json(output.out, {{"id", rule.id},
                                {"family", rule.family},
                                {"default_severity", rules::to_string(rule.default_severity)},
                                {"summary", rule.summary},
                                {"explanation", rule.explanation}});
        return;
    }
    output.out << output.style.bold(std::string(rule.id)) << " (" << rule.family << ", "
               << rules::to_string(rule.default_severity) << " by default): " << rule.summary << "\n\n"
               << rule.explanation << "\n";
}

void print_acceptance(const Output& output, const ledger::AcceptResult& result) {
    const auto& request = result.request;
    if (output.json) {
        const bool written = result.changeset_id != 0;
        print_json(output.out, {{"changeset", written ? Json(result.changeset_id) : Json(nullptr)},
                                {"cluster", request.cluster_id},
                                {"rule", request.rule},
                                {"accepted", request.accept},
                                {"reason", written ? Json(request.reason) : Json(nullptr)}});
        return;
    }
    if (result.changeset_id == 0) {
        output.out << fmt::format("{}: {} is {} accepted; nothing to change\n", request.cluster_id, request.rule,
                                  request.accept ? "already" : "not");
        return;
    }
    output.out << fmt::format("{}: {} {} ({})\nchangeset {}\n", request.cluster_id, request.rule,
                              request.accept ? "accepted" : "no longer accepted", request.reason, result.changeset_id);
}

void print_signing(const Output& output, const ledger::SignResult& result) {
    const auto& summary = result.summary;
    if (summary.errors > 0) {
        if (output.json) return;
        FindingsPrinter printer(output);
        for (const auto& found : result.findings) printer.cluster(found);
        printer.finish(summary);
        return;
    }
    if (output.json) {
        print_json(output.out,
                   {{"changeset", result.changeset_id}, {"verified", result.cluster_ids}, {"warnings", summary.warnings}});
        return;
    }
    for (const auto& id : result.cluster_ids) output.out << fmt::format("{}: verified\n", id);
    output.out << fmt::format("changeset {} ({} warning{})\n", result.changeset_id, summary.warnings,
                              summary.warnings == 1 ? "" : "s");
}

}  // namespace gpuclusters::render
