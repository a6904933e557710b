// check: the derived rows that differ from the history, as they come, then what SQLite's checks
// and the ranks found, and the summary; or the same as one JSON document.
#include <fmt/format.h>

#include "render/render.hpp"

namespace gpuclusters::render {
namespace {

using store::DerivedDifference;
using Table = DerivedDifference::Table;

std::string_view table_name(Table table) {
    constexpr std::string_view names[]{"cluster_values", "live_claim", "cluster_search"};
    static_assert(std::size(names) == static_cast<std::size_t>(Table::search) + 1);
    return names[static_cast<std::size_t>(table)];
}

// "39,424 (= 9856 x 4) (claim 101)", "—".
std::string claim_text(const std::optional<model::Claim>& claim) {
    if (!claim) return "—";
    return fmt::format("{} (claim {})", model::display_claim(&*claim), claim->id);
}

// "preferred (changeset 2)", "not live".
std::string rank_text(const std::optional<model::Claim>& claim) {
    if (!claim) return "not live";
    return fmt::format("{} (changeset {})", model::to_string(claim->rank), claim->ranked_in);
}

std::string search_text(const std::optional<std::string>& text) { return text ? "“" + *text + "”" : "—"; }

std::string difference_line(const DerivedDifference& difference) {
    const std::string where = fmt::format("[{}]", table_name(difference.table));
    if (!difference.row_stored) return fmt::format("{}: no row, the claims give one {}", difference.cluster_id, where);
    if (!difference.row_expected) {
        return fmt::format("{}: a row, the claims give none (no such cluster now) {}", difference.cluster_id, where);
    }
    switch (difference.table) {
        case Table::values:
            return fmt::format("{} {}: stored {}, the claims give {} {}", difference.cluster_id, difference.field,
                               claim_text(difference.stored), claim_text(difference.expected), where);
        case Table::live_claims: {
            const auto& claim = difference.expected ? difference.expected : difference.stored;
            return fmt::format("{} claim {} ({} {}): stored {}, the claims give {} {}", difference.cluster_id,
                               difference.claim_id, difference.field.empty() ? "no such claim" : difference.field,
                               claim && !claim->field.empty() ? model::display_claim(&*claim) : "", rank_text(difference.stored),
                               rank_text(difference.expected), where);
        }
        case Table::search:
            return fmt::format("{} {}: stored {}, the claims give {} {}", difference.cluster_id, difference.field,
                               search_text(difference.stored_text), search_text(difference.expected_text), where);
    }
    return "";
}

Json claim_json(const std::optional<model::Claim>& claim, Table table) {
    if (!claim) return nullptr;
    if (table == Table::live_claims) return {{"rank", model::to_string(claim->rank)}, {"ranked_in", claim->ranked_in}};
    return {{"claim", claim->id},
            {"state", model::to_string(claim->state)},
            {"value", claim->state == model::ClaimState::set ? Json(claim->value.value) : Json(nullptr)},
            {"display", model::display_claim(&*claim)}};
}

Json difference_json(const DerivedDifference& difference) {
    Json json{{"table", table_name(difference.table)},
              {"cluster", difference.cluster_id},
              {"field", difference.field.empty() ? Json(nullptr) : Json(difference.field)},
              {"claim", difference.claim_id == 0 ? Json(nullptr) : Json(difference.claim_id)}};
    if (!difference.row_stored || !difference.row_expected) {
        json["stored"] = difference.row_stored;
        json["expected"] = difference.row_expected;
    } else if (difference.table == Table::search) {
        json["stored"] = difference.stored_text ? Json(*difference.stored_text) : Json(nullptr);
        json["expected"] = difference.expected_text ? Json(*difference.expected_text) : Json(nullptr);
    } else {
        json["stored"] = claim_json(difference.stored, difference.table);
        json["expected"] = claim_json(difference.expected, difference.table);
    }
    return json;
}

std::string_view check_name(store::SqliteProblem::Kind kind) {
    return kind == store::SqliteProblem::Kind::damage ? "integrity_check" : "foreign_key_check";
}

Json problems_json(const std::vector<store::SqliteProblem>& problems) {
    return json_array(problems, [](const auto& problem) {
        return Json{{"check", check_name(problem.kind)}, {"message", problem.message}};
    });
}

Json extra_preferred_json(const std::vector<store::ExtraPreferred>& extra_preferred) {
    return json_array(extra_preferred, [](const auto& field) {
        const auto claims = json_array(field.claims, [](const auto& claim) {
            return Json{{"claim", claim.id}, {"ranked_in", claim.ranked_in}, {"display", model::display_claim(&claim)}};
        });
        return Json{{"cluster", field.cluster_id}, {"field", field.field}, {"claims", claims}};
    });
}

std::string plural(std::size_t count, std::string_view one, std::string_view many) {
    return fmt::format("{} {}", count, count == 1 ? one : many);
}

}  // namespace

void IntegrityPrinter::difference(const store::DerivedDifference& difference) {
    begin();
    if (output_.json) {
        writer_.value(difference_json(difference));
    } else {
        output_.out << difference_line(difference) << "\n";
    }
}

void IntegrityPrinter::finish(const ledger::IntegritySummary& summary) {
    begin();
    if (output_.json) {
        writer_.end_array();
        writer_.member("database", summary.path);
        writer_.member("restored_without_application_id",
                       summary.restored_schema ? Json{{"schema_version", *summary.restored_schema}} : Json(nullptr));
        writer_.member("derived_tables_compared", !summary.derived_skipped);
        writer_.member("sqlite", problems_json(summary.sqlite_problems));
        writer_.member("sqlite_left", problems_json(summary.sqlite_left));
        writer_.member("extra_preferred", extra_preferred_json(summary.extra_preferred));
        writer_.member("summary", Json{{"differences", summary.differences},
                                       {"sqlite_problems", summary.sqlite_problems.size()},
                                       {"extra_preferred", summary.extra_preferred.size()},
                                       {"repair", summary.repair},
                                       {"repaired", summary.repaired},
                                       {"changeset", summary.changeset_id == 0 ? Json(nullptr) : Json(summary.changeset_id)},
                                       {"problems_left", summary.problems_left()}});
        end();
        return;
    }
    auto& out = output_.out;
    if (summary.restored_schema) {
        out << fmt::format("{}: a gpuclusters database (schema version {}) restored without its application_id{}\n", summary.path,
                           *summary.restored_schema,
                           summary.repaired ? "; application_id set" : "; `gpuclusters check --repair` takes it back");
    }
    for (const auto& problem : summary.sqlite_problems) {
        out << fmt::format("sqlite {}: {}\n", check_name(problem.kind), problem.message);
    }
    if (summary.derived_skipped) {
        out << (summary.restored_schema && summary.sqlite_problems.empty()
                    ? "derived tables not compared: they have an older schema's columns (--repair migrates the file first)\n"
                    : "derived tables not compared: the file is damaged\n");
    }
    for (const auto& field : summary.extra_preferred) {
        std::string claims;
        for (const auto& claim : field.claims) {
            claims += fmt::format("{}{} (claim {}, changeset {})", claims.empty() ? "" : ", ", model::display_claim(&claim),
                                  claim.id, claim.ranked_in);
        }
        out << fmt::format("{} {}: {} preferred claims, newest ranked first: {}{}\n", field.cluster_id, field.field,
                           field.claims.size(), claims,
                           summary.repaired ? "; the others ranked normal" : "; --repair ranks all but the first normal");
    }
    const std::string found = fmt::format(
        "{}, {}, {}",
        summary.derived_skipped ? std::string("derived tables not compared")
                                : plural(summary.differences, "difference", "differences") + " in the derived tables",
        plural(summary.sqlite_problems.size(), "SQLite problem", "SQLite problems"),
        plural(summary.extra_preferred.size(), "field with several preferred claims", "fields with several preferred claims"));
    if (!summary.repair) {
        out << (summary.problems_left() ? found : "no problems: the derived tables match the history and SQLite's checks pass")
            << "\n";
    } else if (!summary.repaired) {
        out << (summary.problems_left() ? found + "; nothing --repair can mend, nothing written"
                                        : "nothing to repair; nothing written")
            << "\n";
    } else {
        out << fmt::format("repaired in one transaction: {}{}\n", found,
                           summary.changeset_id == 0 ? "" : fmt::format(" (ranks in changeset {})", summary.changeset_id));
        for (const auto& problem : summary.sqlite_left) {
            out << fmt::format("left as it is: sqlite {}: {}\n", check_name(problem.kind), problem.message);
        }
    }
}

}  // namespace gpuclusters::render
