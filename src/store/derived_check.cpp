// The derived tables (cluster_values, the full-text index, live_claim) against what the history
// gives them, for check: each difference, and the fields with more than one preferred claim.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <optional>

#include "store/derived_rows.hpp"
#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

namespace {

using DifferenceVisitor = std::function<void(const DerivedDifference&)>;

bool same_value(const std::optional<model::Claim>& a, const std::optional<model::Claim>& b) {
    if (!a || !b) return !a && !b;
    return a->id == b->id && a->state == b->state && a->value == b->value;
}

// The fields of a present cluster's stored cluster_values row that differ from the expected.
void compare_values_row(const ValuesRow& expected, const ValuesRow& row, const DifferenceVisitor& visit) {
    const auto catalogue = model::field_catalogue();
    for (std::size_t i = 0; i < catalogue.size(); ++i) {
        const auto& want = expected.fields[i];
        const auto& have = row.fields[i];
        const bool same = same_value(have, want) && (!have || have->value.qualifiers == want->value.qualifiers);
        if (same) continue;
        visit(DerivedDifference{.table = DerivedDifference::Table::values,
                                .cluster_id = expected.cluster_id,
                                .field = std::string(catalogue[i].name),
                                .stored = have,
                                .expected = want});
    }
}

// A present cluster's full-text row (rowid `number`, read by `search`) against the one its
// expected values give: missing, or the columns that differ.
void compare_search_row(RawQuery& search, const ValuesRow& expected, long long number, const DifferenceVisitor& visit) {
    search.reset();
    search.bind(1, number);
    const SearchTexts want = search_texts(expected);
    if (!search.step() || search.columns().view(0) != expected.cluster_id) {
        visit({.table = DerivedDifference::Table::search, .cluster_id = expected.cluster_id, .row_stored = false});
        return;
    }
    const RawColumns have = search.columns();
    for (std::size_t i = 0; i < want.size(); ++i) {
        const auto text = have.null(static_cast<int>(i) + 1) || have.view(static_cast<int>(i) + 1).empty()
                              ? std::nullopt
                              : std::optional<std::string>(have.text(static_cast<int>(i) + 1));
        if (text == want[i]) continue;
        visit(DerivedDifference{.table = DerivedDifference::Table::search,
                                .cluster_id = expected.cluster_id,
                                .field = std::string(search_columns[i]),
                                .stored_text = text,
                                .expected_text = want[i]});
    }
}

// Search rows that no present cluster has (a removed cluster's, or a rowid no cluster has).
void each_extra_search_row(SQLite::Database& db, const DifferenceVisitor& visit) {
    RawQuery extra_search(db, R"(
        SELECT s.cluster_id FROM cluster_search s
        WHERE s.rowid NOT IN (SELECT number FROM current_cluster_id)
           OR s.cluster_id IS NOT (SELECT k.id FROM cluster k WHERE k.number = s.rowid)
        ORDER BY s.cluster_id)");
    while (extra_search.step()) {
        visit({.table = DerivedDifference::Table::search, .cluster_id = extra_search.columns().text(0), .row_expected = false});
    }
}

// live_claim: the rows it has and the history does not give, and those it lacks, side by side per
// claim.
void each_live_claim_difference(SQLite::Database& db, const DifferenceVisitor& visit) {
    RawQuery live(db, fmt::format(R"(
        WITH expected AS (SELECT cluster_id, id AS claim_id, rank, ranked_in FROM ({}) WHERE rank <> 'retired'),
        stored AS (SELECT cluster_id, claim_id, rank, ranked_in FROM live_claim),
        differing AS (
            SELECT cluster_id, claim_id, rank AS stored_rank, ranked_in AS stored_in, NULL AS expected_rank, NULL AS expected_in
            FROM (SELECT * FROM stored EXCEPT SELECT * FROM expected)
            UNION ALL
            SELECT cluster_id, claim_id, NULL, NULL, rank, ranked_in
            FROM (SELECT * FROM expected EXCEPT SELECT * FROM stored))
        SELECT d.cluster_id, max(d.stored_rank), max(d.stored_in), max(d.expected_rank), max(d.expected_in), d.claim_id,
               c.field, c.state, c.value, c.derivation, c.basis, c.estimator, c.bound, c.changeset_id
        FROM differing d LEFT JOIN claim c ON c.id = d.claim_id
        GROUP BY d.cluster_id, d.claim_id ORDER BY d.cluster_id, d.claim_id)",
                                  ranked_claims_sql()));
    const RawColumns row = live.columns();
    while (live.step()) {
        model::Claim claim;
        if (!row.null(7)) read_claim(row, 5, claim);
        claim.id = row.integer(5);
        auto ranked = [&](int at) -> std::optional<model::Claim> {
            if (row.null(at)) return std::nullopt;
            model::Claim ranked_claim = claim;
            ranked_claim.rank = model::rank_from(row.view(at));
            ranked_claim.ranked_in = row.integer(at + 1);
            return ranked_claim;
        };
        visit(DerivedDifference{.table = DerivedDifference::Table::live_claims,
                                .cluster_id = row.text(0),
                                .field = claim.field,
                                .claim_id = claim.id,
                                .stored = ranked(1),
                                .expected = ranked(3)});
    }
}

}  // namespace

void Store::each_derived_difference(const std::function<void(const DerivedDifference&)>& visit) const {
    guarded(path_, [&] {
        auto& db = connection();
        // cluster_values and cluster_search, cluster by cluster: the stored rows are read in step
        // with the present clusters (both in id order); a stored row between two of them is one
        // of a cluster that is not present.
        RawQuery stored(db, fmt::format("SELECT {} FROM cluster_values ORDER BY cluster_id", value_columns()));
        const RawColumns stored_row = stored.columns();
        bool stored_left = stored.step();
        auto extra_row = [&] {
            visit({.table = DerivedDifference::Table::values, .cluster_id = stored_row.text(0), .row_expected = false});
            stored_left = stored.step();
        };
        RawQuery search(db, "SELECT cluster_id, name, owner, summary, notes FROM cluster_search WHERE rowid = ?");
        each_expected_values_row(db, path_, [&](const ValuesRow& expected, long long number) {
            while (stored_left && stored_row.view(0) < expected.cluster_id) extra_row();
            if (stored_left && stored_row.view(0) == expected.cluster_id) {
                compare_values_row(expected, read_values_row(stored_row), visit);
                stored_left = stored.step();
            } else {
                visit({.table = DerivedDifference::Table::values, .cluster_id = expected.cluster_id, .row_stored = false});
            }
            compare_search_row(search, expected, number, visit);
        });
        while (stored_left) extra_row();
        each_extra_search_row(db, visit);
        each_live_claim_difference(db, visit);
    });
}

std::vector<ExtraPreferred> Store::extra_preferred() const {
    return guarded(path_, [&] {
        RawQuery query(connection(), fmt::format(R"(
            SELECT * FROM (SELECT p.*, count(*) OVER (PARTITION BY p.cluster_id, p.field) AS preferred_claims
                           FROM ({}) p WHERE p.rank = 'preferred' AND p.cluster_id IN (SELECT id FROM current_cluster_id))
            WHERE preferred_claims > 1 ORDER BY cluster_id, field, ranked_in DESC, id DESC)",
                                                 ranked_claims_sql()));
        std::vector<ExtraPreferred> extra;
        const RawColumns row = query.columns();
        while (query.step()) {
            model::Claim claim;
            read_claim(row, 1, claim);
            claim.rank = model::Rank::preferred;
            claim.ranked_in = row.integer(2 + claim_column_count);
            if (extra.empty() || extra.back().cluster_id != row.view(0) || extra.back().field != claim.field) {
                extra.push_back({row.text(0), claim.field, {}});
            }
            extra.back().claims.push_back(std::move(claim));
        }
        return extra;
    });
}

}  // namespace gpuclusters::store
