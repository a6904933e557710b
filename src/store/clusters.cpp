// The lists and searches over clusters: their ids, their preferred values field by field (in id
// order or a sort's), and full-text search.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <fmt/format.h>

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

namespace {

// The preferred claims of some fields (all when none is named), for one cluster (`?2`) or every
// cluster present, id by id in the order asked; a cluster with none of them is one row of NULLs.
std::string cluster_fields_sql(std::size_t field_count, bool one_cluster, bool descending) {
    std::string fields;
    if (field_count > 0) {
        fields = " AND c.field IN (";
        for (std::size_t i = 0; i < field_count; ++i) fields += fmt::format("{}?{}", i == 0 ? "" : ", ", i + 3);
        fields += ")";
    }
    return fmt::format(R"(
        SELECT k.id, {} FROM cluster k
        LEFT JOIN claim c INDEXED BY claim_by_field ON c.cluster_id = k.id AND c.changeset_id <= ?1{}
              AND (SELECT r.rank FROM claim_rank r WHERE r.claim_id = c.id AND r.changeset_id <= ?1
                   ORDER BY r.changeset_id DESC LIMIT 1) = 'preferred'
        WHERE k.changeset_id <= ?1 AND {}
          AND coalesce((SELECT p.present FROM cluster_presence p WHERE p.cluster_id = k.id AND p.changeset_id <= ?1
                        ORDER BY p.changeset_id DESC LIMIT 1), 1) = 1
        ORDER BY k.id {})",
                       claim_columns, fields, one_cluster ? "k.id = ?2" : "1", descending ? "DESC" : "ASC");
}

// The rows of cluster_fields_sql, cluster by cluster: visit(id, rows) for each.
void visit_cluster_fields(SQLite::Statement& query, const std::string& path,
                          const std::function<void(const std::string&, std::vector<FieldRow>&)>& visit) {
    std::string current;
    std::vector<FieldRow> rows;
    bool any = false;
    model::Claim claim;
    while (query.executeStep()) {
        const CachedColumns row{query};
        if (!any || row.view(0) != current) {
            if (any) visit(current, rows);
            current = row.text(0);
            check_stored_cluster_id(path, current);
            rows.clear();
            any = true;
        }
        if (row.null(1)) continue;  // a cluster without any of the fields
        read_claim(row, 1, claim);
        check_stored_claim(path, current, claim, StoredIn::claim);
        rows.push_back({current, claim.field, claim.state, claim.value});
    }
    if (any) visit(current, rows);
}

void bind_cluster_fields(SQLite::Statement& query, const std::vector<std::string>& fields, std::optional<long long> as_of) {
    query.bind(1, static_cast<std::int64_t>(as_of.value_or(no_limit)));
    for (std::size_t i = 0; i < fields.size(); ++i) query.bind(static_cast<int>(i + 3), fields[i]);
}

}  // namespace

void Store::each_cluster_fields(const std::vector<std::string>& fields, std::optional<long long> as_of, bool descending,
                                const std::function<void(const std::string&, std::vector<FieldRow>&)>& visit) const {
    guarded(path_, [&] {
        SQLite::Statement query(connection(), cluster_fields_sql(fields.size(), false, descending));
        bind_cluster_fields(query, fields, as_of);
        visit_cluster_fields(query, path_, visit);
    });
}

void Store::each_sorted_cluster(const std::vector<std::string>& fields, std::optional<long long> as_of, bool reverse,
                                std::optional<std::size_t> limit,
                                const std::function<void(const std::string&, std::vector<FieldRow>&)>& visit) const {
    guarded(path_, [&] {
        // The clusters without a key (an unknown value) come last either way: "largest first" must
        // begin with the largest figure, not with the records that give none. Ties reverse too.
        SQLite::Statement ids(connection(), reverse ? "SELECT id FROM sorted_id ORDER BY known DESC, key DESC, seq DESC"
                                                    : "SELECT id FROM sorted_id ORDER BY known DESC, key ASC, seq ASC");
        SQLite::Statement one(connection(), cluster_fields_sql(fields.size(), true, false));
        for (std::size_t visited = 0; (!limit || visited < *limit) && ids.executeStep(); ++visited) {
            one.reset();
            one.clearBindings();
            bind_cluster_fields(one, fields, as_of);
            one.bind(2, column_text(ids, 0));
            visit_cluster_fields(one, path_, visit);
        }
    });
}

namespace {

// The clusters present as of ?1 whose id starts with ?2 (every one for ''), in id order.
constexpr const char* present_ids_sql = R"(
            SELECT k.id FROM cluster k
            WHERE k.changeset_id <= ?1 AND substr(k.id, 1, length(?2)) = ?2
              AND coalesce((SELECT p.present FROM cluster_presence p WHERE p.cluster_id = k.id AND p.changeset_id <= ?1
                            ORDER BY p.changeset_id DESC LIMIT 1), 1) = 1
            ORDER BY k.id)";

}  // namespace

std::vector<std::string> Store::cluster_ids(std::optional<long long> as_of, const std::string& prefix) const {
    return guarded(path_, [&] {
        SQLite::Statement query(connection(), present_ids_sql);
        return first_column<std::string>(bind_all(query, as_of.value_or(no_limit), prefix));
    });
}

void Store::each_cluster_id(std::optional<long long> as_of, const std::function<void(const std::string&)>& visit) const {
    guarded(path_, [&] {
        SQLite::Statement query(connection(), present_ids_sql);
        bind_all(query, as_of.value_or(no_limit), std::string());
        while (query.executeStep()) {
            const std::string id = column_text(query, 0);
            check_stored_cluster_id(path_, id);
            visit(id);
        }
    });
}

std::vector<std::string> Store::search(const std::string& fts_query) const {
    return guarded(path_, [&] {
        SQLite::Statement query(connection(), "SELECT cluster_id FROM cluster_search WHERE cluster_search MATCH ? ORDER BY rank");
        return first_column<std::string>(bind_all(query, fts_query));
    });
}

}  // namespace gpuclusters::store
