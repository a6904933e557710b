// The quote corpus (tests/quotes/corpus.tsv): real quotes, each labelled with the verdict an
// editor gives the value stored from it. verify's reading must agree with at least 95% of them,
// and never judge a clean quote an error.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "formats/rules_config.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "gpuclusters/rules/rules.hpp"

using namespace gpuclusters;

namespace {

struct Row {
    std::string id, field, value, gpu_model, status, label, quote, origin;
};

// GPUCLUSTERS_QUOTE_CORPUS names another corpus of the same shape (a validation set kept apart).
std::vector<Row> corpus() {
    const char* other = std::getenv("GPUCLUSTERS_QUOTE_CORPUS");
    std::ifstream file(other ? std::string(other) : std::string(GPUCLUSTERS_SOURCE_DIR) + "/tests/quotes/corpus.tsv");
    REQUIRE(file);
    std::vector<Row> rows;
    std::string line;
    std::getline(file, line);
    while (std::getline(file, line)) {
        if (line.empty()) continue;
        const auto cells = text::split(line, '\t');
        REQUIRE_MESSAGE(cells.size() == 8, "corpus line: " << line);
        rows.push_back({std::string(cells[0]), std::string(cells[1]), std::string(cells[2]), std::string(cells[3]),
                        std::string(cells[4]), std::string(cells[5]), std::string(cells[6]), std::string(cells[7])});
    }
    return rows;
}

model::Claim claim_of(const std::string& field, const std::string& raw, long long id, const std::string& quote) {
    model::Claim claim;
    claim.id = id;
    claim.field = field;
    claim.value = model::parse_field_value(model::require_field(field), raw);
    if (!quote.empty()) claim.citations.push_back({id, 1, "", quote, 1});
    return claim;
}

// The record an editor would have made from the row: the value, cited to the quote.
model::Record record_of(const Row& row) {
    model::Record record;
    record.id = "corpus";
    // Undated sources are read as of the corpus's making.
    record.sources[1] = {1, "https://example.org/source", {"operator", "", "", "", "2025-06-01", "", ""}};
    long long id = 0;
    if (!row.gpu_model.empty()) record.claims.push_back(claim_of("gpu_model", row.gpu_model, ++id, row.gpu_model));
    if (row.field == "status_notes") {
        record.claims.push_back(claim_of("status", row.status, ++id, row.quote));
        record.claims.push_back(claim_of("status_notes", row.quote, ++id, row.quote));
    } else {
        record.claims.push_back(claim_of(row.field, row.value, ++id, row.quote));
    }
    return record;
}

// Classes of the corpus that verify gives one verdict: power planned or a capacity (one rule,
// power-capacity); notes that say an operational cluster is not live yet or still being built.
std::string verdict(const Row& row, const std::string& label) {
    if (row.field == "power_mw" && label == "planned") return "capacity";
    if (row.field == "status_notes" && label == "under-construction" &&
        (row.status == "operational" || row.status == "partly operational")) {
        return "not-live";
    }
    return label;
}

// The class verify's findings give the row, in the corpus's terms.
std::pair<std::string, bool> judged(const Row& row, const std::vector<rules::Finding>& findings) {
    auto fired = [&](std::string_view rule) -> const rules::Finding* {
        for (const auto& finding : findings) {
            if (finding.rule == rule) return &finding;
        }
        return nullptr;
    };
    bool error = false;
    for (const auto& finding : findings) {
        for (const char* rule : {"planned-wording", "count-capacity", "h100-equivalents", "count-unit", "count-bound",
                                 "power-unit", "power-capacity", "status-contradiction"}) {
            if (finding.rule == rule && finding.severity == rules::Severity::error) error = true;
        }
    }
    if (row.field == "gpus_installed") {
        if (fired("count-unit")) return {"unit", error};
        if (fired("h100-equivalents")) return {"equivalence", error};
        if (fired("count-capacity")) return {"capacity", error};
        if (const auto* planned = fired("planned-wording")) {
            return {planned->message.find("procured") != std::string::npos ? "procured" : "planned", error};
        }
        if (const auto* bound = fired("count-bound")) {
            return {bound->message.find("lower bound") != std::string::npos ? "at-least" : "approximate", error};
        }
        return {"in-service", error};
    }
    if (row.field == "power_mw") {
        if (fired("power-unit")) return {"unit", error};
        if (const auto* capacity = fired("power-capacity")) {
            return {capacity->message.find("planned") != std::string::npos ? "planned" : "capacity", error};
        }
        return {"in-service", error};
    }
    if (const auto* status = fired("status-contradiction")) {
        const std::string said = status->message.substr(status->message.find("say it is ") + 10);
        if (said.starts_with("retired") || said.starts_with("to be retired")) return {"retired", error};
        // (A retirement soon is a warning: the status stands today.)
        if (said.starts_with("under construction")) return {"under-construction", error};
        if (said.starts_with("not live")) return {"not-live", error};
        return {"live", error};
    }
    return {"consistent", error};
}

}  // namespace

TEST_CASE("the quote corpus: verify's reading agrees with the editors' verdicts") {
    const auto rows = corpus();
    REQUIRE(rows.size() >= (std::getenv("GPUCLUSTERS_QUOTE_CORPUS") ? 1 : 200));
    const auto config = formats::default_rules_config();
    std::map<std::string, std::pair<int, int>> per_class;  // field/class -> agreed, total
    int agreed = 0;
    std::vector<std::string> clean_errors;
    std::ostringstream misses;
    for (const auto& row : rows) {
        const rules::Context context{config, "2026-12-01"};
        const auto record = record_of(row);
        const auto [label, error] = judged(row, rules::check_record(record, context));
        auto& tally = per_class[row.field + " " + row.label];
        ++tally.second;
        const bool clean = row.label == "in-service" || row.label == "consistent";
        if (verdict(row, label) == verdict(row, row.label)) {
            ++tally.first;
            ++agreed;
        } else {
            misses << "  " << row.id << " " << row.field << " '" << row.value << "' [" << row.label << " read as " << label
                   << "] " << row.quote.substr(0, 160) << "\n";
        }
        if (clean && error) clean_errors.push_back(row.id);
    }
    std::cout << "quote corpus: " << agreed << " of " << rows.size() << " rows agree ("
              << (100.0 * agreed / static_cast<double>(rows.size())) << "%)\n";
    for (const auto& [name, tally] : per_class) {
        std::cout << "  " << name << ": " << tally.first << "/" << tally.second << "\n";
    }
    if (!misses.str().empty()) std::cout << "disagreements:\n" << misses.str();
    CHECK_MESSAGE(agreed * 100 >= 95 * static_cast<int>(rows.size()), "agreement below 95%");
    std::string clean_error_ids;
    for (const auto& id : clean_errors) clean_error_ids += " " + id;
    CHECK_MESSAGE(clean_errors.empty(), "clean quotes judged errors:" << clean_error_ids);
}
