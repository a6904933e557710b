// The statement cache and the write buffer: rows wait in memory and reach SQLite as multi-row
// INSERTs; anything else that uses the connection writes them first.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

namespace detail {

// "INSERT INTO table (columns) VALUES (?, ...), (?, ...)" for `rows` rows of `width` columns.
std::string multi_row_insert(std::string_view head, int width, std::size_t rows) {
    std::string row = "(";
    for (int i = 0; i < width; ++i) row += i == 0 ? "?" : ", ?";
    row += ")";
    std::string sql(head);
    for (std::size_t i = 0; i < rows; ++i) sql += (i == 0 ? " VALUES " : ", ") + row;
    return sql;
}

}  // namespace detail

SQLite::Statement& Store::prepare(const char* sql) const {
    // A write in place has touched the file before its commit: a signal ends it here, rolled back
    // (stop_writing interrupts only the statement that runs as it comes).
    if (writing_in_place_ && stop_signal() != 0) throw_stopped(path_);
    flush_pending();
    auto& cache = statements_->statements;
    auto found = cache.find(std::string_view(sql));
    if (found == cache.end()) {
        // Into the cache once prepared: a statement that fails to prepare (a table of another
        // shape in a crafted file) leaves no empty slot for the resets to trip on.
        return *cache.emplace(sql, std::make_unique<SQLite::Statement>(*db_, sql)).first->second;
    }
    auto& statement = *found->second;
    statement.reset();
    statement.clearBindings();
    return statement;
}

SQLite::Database& Store::connection() const {
    flush_pending();
    return *db_;
}

void Store::PendingRows::write_live_claims(SQLite::Database& db, const std::vector<Rank>& written_ranks) {
    std::vector<const Rank*> run;
    auto write_run = [&] {
        if (run.empty()) return;
        if (run.front()->rank != model::Rank::retired) {
            insert_rows(db, live_claim_rows, "INSERT OR REPLACE INTO live_claim (cluster_id, claim_id, rank, ranked_in)", 4, run,
                        [](SQLite::Statement& query, int at, const Rank* row) {
                            bind_row(query, at, row->cluster_id, row->claim_id, model::to_string(row->rank), row->changeset_id);
                        });
        } else {
            // An OR of primary-key terms: SQLite looks each one up (a row-value IN list would scan).
            const auto deletion = [](std::size_t count) {
                std::string sql = "DELETE FROM live_claim WHERE (cluster_id = ? AND claim_id = ?)";
                for (std::size_t i = 1; i < count; ++i) sql += " OR (cluster_id = ? AND claim_id = ?)";
                return sql;
            };
            write_rows(db, live_claim_deletions, deletion, 2, run, [](SQLite::Statement& query, int at, const Rank* row) {
                bind_row(query, at, row->cluster_id, row->claim_id);
            });
        }
        run.clear();
    };
    for (const auto& row : written_ranks) {
        if (!run.empty() && (run.front()->rank == model::Rank::retired) != (row.rank == model::Rank::retired)) write_run();
        run.push_back(&row);
    }
    write_run();
}

void Store::flush_pending() const {
    auto& pending = *pending_;
    if (pending.empty()) return;
    // The rows leave the queue first: a failing INSERT must not be retried by the next flush.
    auto claims = std::move(pending.claims);
    auto ranks = std::move(pending.ranks);
    auto citations = std::move(pending.citations);
    auto withdrawals = std::move(pending.withdrawals);
    pending.discard();
    // Claims first: ranks and citations refer to them. OR FAIL spares SQLite a statement journal
    // per INSERT when foreign keys are off (a bulk write): a constraint failure here is a bug, and
    // the savepoint or transaction around undoes it.
    pending.insert_rows(
        *db_, PendingRows::claim_rows,
        "INSERT OR FAIL INTO claim (id, cluster_id, field, state, value, derivation, basis, estimator, bound, changeset_id)", 10,
        claims, [](SQLite::Statement& query, int at, const PendingRows::Claim& row) {
            const auto& [value, qualifiers] = row.value;
            bind_row(query, at, row.id, row.cluster_id, row.field, model::to_string(row.state),
                     row.state == model::ClaimState::set ? &value : nullptr, qualifiers.derivation, qualifiers.basis,
                     qualifiers.estimator, qualifiers.bound, row.changeset_id);
        });
    pending.insert_rows(*db_, PendingRows::rank_rows, "INSERT OR FAIL INTO claim_rank (claim_id, changeset_id, rank, reason)", 4,
                        ranks, [](SQLite::Statement& query, int at, const PendingRows::Rank& row) {
                            bind_row(query, at, row.claim_id, row.changeset_id, model::to_string(row.rank), row.reason);
                        });
    pending.write_live_claims(*db_, ranks);
    pending.insert_rows(*db_, PendingRows::citation_rows,
                        "INSERT OR FAIL INTO citation (id, claim_id, source_id, locator, quote, changeset_id)", 6, citations,
                        [](SQLite::Statement& query, int at, const PendingRows::Citation& row) {
                            bind_row(query, at, row.id, row.claim_id, row.source_id, row.locator, row.quote, row.changeset_id);
                        });
    pending.insert_rows(*db_, PendingRows::withdrawal_rows,
                        "INSERT OR FAIL INTO citation_withdrawal (citation_id, changeset_id, withdrawn)", 3, withdrawals,
                        [](SQLite::Statement& query, int at, const PendingRows::Withdrawal& row) {
                            bind_row(query, at, row.citation_id, row.changeset_id, row.withdrawn);
                        });
}

long long Store::next_id(const char* table) {
    auto& pending = *pending_;
    long long& next = std::string_view(table) == "claim" ? pending.next_claim_id : pending.next_citation_id;
    if (next == 0) {
        // Read once per transaction; the write lock keeps other writers out until it ends.
        auto& query = prepare(std::string_view(table) == "claim" ? "SELECT coalesce(max(id), 0) + 1 FROM claim"
                                                                 : "SELECT coalesce(max(id), 0) + 1 FROM citation");
        query.executeStep();
        next = query.getColumn(0).getInt64();
    }
    return next++;
}

}  // namespace gpuclusters::store
