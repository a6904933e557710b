#include "gpuclusters/ledger/integrity.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/model/error.hpp"

namespace gpuclusters::ledger {
namespace {

bool damaged(const std::vector<store::SqliteProblem>& problems) {
    return std::ranges::find(problems, store::SqliteProblem::Kind::damage, &store::SqliteProblem::kind) != problems.end();
}

// The derived tables have the current schema's columns only in a file of the current schema.
bool derived_comparable(const IntegritySummary& summary) {
    return !damaged(summary.sqlite_problems) &&
           (!summary.restored_schema || *summary.restored_schema == store::current_schema_version());
}

}  // namespace

bool IntegritySummary::problems_left() const {
    if (!repaired && (restored_schema || differences > 0 || !extra_preferred.empty())) return true;
    return !sqlite_left.empty();
}

IntegritySummary check_integrity(const store::Store& store, const DifferenceSink& sink) {
    IntegritySummary summary{
        .path = store.path(), .restored_schema = store.restored_schema(), .sqlite_problems = store.sqlite_problems()};
    summary.sqlite_left = summary.sqlite_problems;
    summary.derived_skipped = !derived_comparable(summary);
    if (summary.derived_skipped) return summary;
    store.each_derived_difference([&](const store::DerivedDifference& difference) {
        ++summary.differences;
        sink(difference);
    });
    summary.extra_preferred = store.extra_preferred();
    return summary;
}

IntegritySummary repair_integrity(store::Store& store, model::Changeset changeset, const std::string& today,
                                  const DifferenceSink& sink) {
    IntegritySummary summary{.path = store.path(),
                             .restored_schema = store.restored_schema(),
                             .sqlite_problems = store.sqlite_problems(),
                             .repair = true};
    if (damaged(summary.sqlite_problems)) {
        throw DatabaseError(
            fmt::format("{}: the file is damaged (PRAGMA integrity_check: {}); check --repair writes the "
                        "derived tables from the history, which cannot be trusted here; nothing written. "
                        "Restore a backup, or try `sqlite3 {} .recover`",
                        summary.path, summary.sqlite_problems.front().message, summary.path));
    }
    summary.sqlite_left = summary.sqlite_problems;
    ChangeSession session(store, std::move(changeset), today);
    session.transact([&] {
        // The write lock is held from here: what is compared is what is written.
        if (summary.restored_schema) session.restore_application_id();
        store.each_derived_difference([&](const store::DerivedDifference& difference) {
            ++summary.differences;
            sink(difference);
        });
        summary.extra_preferred = store.extra_preferred();
        for (const auto& extra : summary.extra_preferred) {
            // The first is the one ranked last, which the derived tables take: it stays preferred.
            for (std::size_t i = 1; i < extra.claims.size(); ++i) {
                session.set_rank(extra.cluster_id, extra.claims[i].id, model::Rank::normal, std::string(extra_preferred_reason));
            }
        }
        if (!summary.restored_schema && summary.differences == 0 && summary.extra_preferred.empty()) return false;
        session.repair_derived_tables();
        summary.sqlite_left = store.sqlite_problems();
        summary.repaired = true;
        return true;
    });
    summary.changeset_id = session.changeset_id();
    return summary;
}

}  // namespace gpuclusters::ledger
