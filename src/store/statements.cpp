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
                            query.bindNoCopy(at + 1, row->cluster_id);
                            query.bind(at + 2, static_cast<std::int64_t>(row->claim_id));
                            query.bindNoCopy(at + 3, model::to_string(row->rank).data());
                            query.bind(at + 4, static_cast<std::int64_t>(row->changeset_id));
                        });
        } else {
            delete_live_claims(db, run);
        }
        run.clear();
    };
    for (const auto& row : written_ranks) {
        if (!run.empty() && (run.front()->rank == model::Rank::retired) != (row.rank == model::Rank::retired)) write_run();
        run.push_back(&row);
    }
    write_run();
}

void Store::PendingRows::delete_live_claims(SQLite::Database& db, const std::vector<const Rank*>& retired) {
    // An OR of primary-key terms: SQLite looks each one up (a row-value IN list would scan).
    for (std::size_t start = 0; start < retired.size(); start += batch) {
        const std::size_t count = std::min(batch, retired.size() - start);
        auto& slot = inserts[{live_claim_deletions, count}];
        if (!slot) {
            std::string sql = "DELETE FROM live_claim WHERE ";
            for (std::size_t i = 0; i < count; ++i)
                sql += (i == 0 ? "" : " OR ") + std::string("(cluster_id = ? AND claim_id = ?)");
            slot = std::make_unique<SQLite::Statement>(db, sql);
        } else {
            slot->reset();
        }
        for (std::size_t i = 0; i < count; ++i) {
            slot->bindNoCopy(static_cast<int>(2 * i + 1), retired[start + i]->cluster_id);
            slot->bind(static_cast<int>(2 * i + 2), static_cast<std::int64_t>(retired[start + i]->claim_id));
        }
        slot->exec();
    }
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
            query.bind(at + 1, static_cast<std::int64_t>(row.id));
            query.bindNoCopy(at + 2, row.cluster_id);
            query.bindNoCopy(at + 3, row.field);
            query.bind(at + 4, std::string(model::to_string(row.state)));
            if (row.state == model::ClaimState::set) {
                query.bindNoCopy(at + 5, row.value.value);
            } else {
                query.bind(at + 5);
            }
            query.bindNoCopy(at + 6, row.value.qualifiers.derivation);
            query.bindNoCopy(at + 7, row.value.qualifiers.basis);
            query.bindNoCopy(at + 8, row.value.qualifiers.estimator);
            query.bindNoCopy(at + 9, row.value.qualifiers.bound);
            query.bind(at + 10, static_cast<std::int64_t>(row.changeset_id));
        });
    pending.insert_rows(*db_, PendingRows::rank_rows, "INSERT OR FAIL INTO claim_rank (claim_id, changeset_id, rank, reason)", 4,
                        ranks, [](SQLite::Statement& query, int at, const PendingRows::Rank& row) {
                            query.bind(at + 1, static_cast<std::int64_t>(row.claim_id));
                            query.bind(at + 2, static_cast<std::int64_t>(row.changeset_id));
                            query.bind(at + 3, std::string(model::to_string(row.rank)));
                            query.bindNoCopy(at + 4, row.reason);
                        });
    pending.write_live_claims(*db_, ranks);
    pending.insert_rows(*db_, PendingRows::citation_rows,
                        "INSERT OR FAIL INTO citation (id, claim_id, source_id, locator, quote, changeset_id)", 6, citations,
                        [](SQLite::Statement& query, int at, const PendingRows::Citation& row) {
                            query.bind(at + 1, static_cast<std::int64_t>(row.id));
                            query.bind(at + 2, static_cast<std::int64_t>(row.claim_id));
                            query.bind(at + 3, static_cast<std::int64_t>(row.source_id));
                            query.bindNoCopy(at + 4, row.locator);
                            query.bindNoCopy(at + 5, row.quote);
                            query.bind(at + 6, static_cast<std::int64_t>(row.changeset_id));
                        });
    pending.insert_rows(*db_, PendingRows::withdrawal_rows,
                        "INSERT OR FAIL INTO citation_withdrawal (citation_id, changeset_id, withdrawn)", 3, withdrawals,
                        [](SQLite::Statement& query, int at, const PendingRows::Withdrawal& row) {
                            query.bind(at + 1, static_cast<std::int64_t>(row.citation_id));
                            query.bind(at + 2, static_cast<std::int64_t>(row.changeset_id));
                            query.bind(at + 3, row.withdrawn ? 1 : 0);
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
