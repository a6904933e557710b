// The GPU catalogue's copy in the database (gpu_catalogue, schema 11): reference data for SQL,
// rewritten by a writer whose catalogue differs from the one it finds.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <optional>
#include <tuple>

#include "gpuclusters/model/catalogues.hpp"

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

namespace {

using CatalogueRow = std::tuple<std::string, std::string, std::string, std::string, std::string, long long>;

std::vector<CatalogueRow> builtin_catalogue_rows() {
    std::vector<CatalogueRow> rows;
    for (const auto& model : model::GpuCatalogue::builtin().models()) {
        rows.emplace_back(model.model, model.maker, model.kind, model.chip, model.package, model.gpus_per_package);
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

}  // namespace

void Store::sync_gpu_catalogue() {
    static const std::vector<CatalogueRow> wanted = builtin_catalogue_rows();
    auto& db = *db_;
    std::vector<CatalogueRow> held;
    {
        SQLite::Statement query(db,
                                "SELECT model, maker, kind, chip, package, gpus_per_package FROM gpu_catalogue ORDER BY model");
        while (query.executeStep()) {
            held.emplace_back(column_text(query, 0), column_text(query, 1), column_text(query, 2), column_text(query, 3),
                              column_text(query, 4), query.getColumn(5).getInt64());
        }
    }
    if (held == wanted) return;
    // Its own transaction, or the caller's (check --repair taking back a restored file).
    std::optional<SQLite::Transaction> transaction;
    if (sqlite3_get_autocommit(db.getHandle()) != 0) transaction.emplace(db, SQLite::TransactionBehavior::IMMEDIATE);
    db.exec("DELETE FROM gpu_catalogue");
    SQLite::Statement insert(
        db, "INSERT INTO gpu_catalogue (model, maker, kind, chip, package, gpus_per_package) VALUES (?, ?, ?, ?, ?, ?)");
    for (const auto& [model, maker, kind, chip, package, gpus] : wanted) {
        bind_all(insert, model, maker, kind, chip, package, gpus).exec();
        insert.reset();
    }
    if (transaction) transaction->commit();
}

}  // namespace gpuclusters::store
