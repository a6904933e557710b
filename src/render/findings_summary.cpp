// verify --summary (the findings counted by rule and by cluster), verify --write-baseline's
// report, and accept's.
#include <algorithm>
#include <fmt/format.h>

#include "gpuclusters/model/text.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {

using rules::Finding;
using rules::Severity;

void FindingsSummaryPrinter::cluster(const std::vector<Finding>& findings) {
    std::size_t counted = 0;
    for (const auto& finding : findings) {
        auto& counts = by_rule_[finding.rule];
        ++(finding.accepted                        ? counts.accepted
           : finding.severity == Severity::error   ? counts.errors
           : finding.severity == Severity::warning ? counts.warnings
                                                   : counts.infos);
        if (!finding.accepted) ++counted;
    }
    if (counted == 0) return;
    // The most findings first, ties by id; only the first few are kept, so memory stays flat.
    const std::pair<std::size_t, std::string> entry{counted, findings.front().cluster_id};
    const auto before = [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; };
    top_.insert(std::upper_bound(top_.begin(), top_.end(), entry, before), entry);
    if (top_.size() > top_clusters) top_.pop_back();
}

void FindingsSummaryPrinter::finish(const ledger::CheckSummary& summary) {
    if (output_.json) {
        Json rules_json = Json::array();
        for (const auto& [rule, counts] : by_rule_) {
            rules_json.push_back(Json{{"rule", rule},
                                      {"errors", counts.errors},
                                      {"warnings", counts.warnings},
                                      {"infos", counts.infos},
                                      {"accepted", counts.accepted}});
        }
        Json clusters = Json::array();
        for (const auto& [findings, id] : top_) clusters.push_back(Json{{"cluster", id}, {"findings", findings}});
        print_json(output_.out, {{"rules", std::move(rules_json)},
                                 {"top_clusters", std::move(clusters)},
                                 {"summary",
                                  {{"errors", summary.errors},
                                   {"warnings", summary.warnings},
                                   {"infos", summary.infos},
                                   {"accepted", summary.accepted},
                                   {"known", summary.known},
                                   {"clusters", summary.clusters}}}});
        return;
    }
    std::vector<std::vector<std::string>> rows;
    const auto figure = [&](std::size_t count) { return figure_cell(output_, static_cast<long long>(count)); };
    for (const auto& [rule, counts] : by_rule_) {
        rows.push_back({rule, figure(counts.errors), figure(counts.warnings), figure(counts.infos), figure(counts.accepted)});
    }
    if (!rows.empty()) {
        print_table(output_, {"RULE", "ERRORS", "WARNINGS", "INFO", "ACCEPTED"}, rows, 1);
        output_.out << "\n";
    }
    rows.clear();
    for (const auto& [findings, id] : top_) rows.push_back({id, figure(findings)});
    if (!rows.empty()) {
        print_table(output_, {"CLUSTER", "FINDINGS"}, rows, 1);
        output_.out << "\n";
    }
    output_.out << summary_line(summary) << "\n";
}

void print_baseline_written(const Output& output, const std::string& path, const ledger::CheckSummary& summary,
                            std::size_t findings) {
    if (output.json) {
        print_json(output.out, {{"baseline", path}, {"findings", findings}, {"clusters", summary.clusters_with_findings}});
        return;
    }
    output.out << fmt::format("baseline {}: {} finding{} of {} cluster{}\n", text::one_line(path), findings,
                              findings == 1 ? "" : "s", summary.clusters_with_findings,
                              summary.clusters_with_findings == 1 ? "" : "s");
}

void print_bulk_acceptance(const Output& output, const ledger::BulkAcceptResult& result) {
    if (output.json) {
        print_json(output.out, {{"changeset", result.changeset_id == 0 ? Json(nullptr) : Json(result.changeset_id)},
                                {"rule", result.rule},
                                {"reason", result.reason},
                                {"accepted", result.cluster_ids},
                                {"findings", result.findings},
                                {"already_accepted", result.already_accepted},
                                {"dry_run", result.dry_run}});
        return;
    }
    for (const auto& id : result.cluster_ids) output.out << fmt::format("{}: {} accepted\n", id, result.rule);
    const std::string already =
        result.already_accepted == 0 ? "" : fmt::format("; {} stood accepted already", result.already_accepted);
    if (result.cluster_ids.empty()) {
        output.out << fmt::format("no finding of {} to accept{}; nothing to change\n", result.rule, already);
        return;
    }
    output.out << fmt::format("{} finding{} of {} in {} cluster{} accepted ({}){}\n", result.findings,
                              result.findings == 1 ? "" : "s", result.rule, result.cluster_ids.size(),
                              result.cluster_ids.size() == 1 ? "" : "s", text::one_line(result.reason), already);
    print_report_outcome(output.out, true, result.dry_run, result.changeset_id);
}

}  // namespace gpuclusters::render
