// Sources: by URL or id, their revisions over time, their use, and the values they back.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <fmt/format.h>

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

namespace {

// A source with its newest revision, found by url (?1) or id (?2): one index seek either way.
constexpr const char* source_sql = R"(
        SELECT s.id, s.url, {}, v.changeset_id
        FROM source s JOIN source_revision v ON v.source_id = s.id
        WHERE s.{} = ? ORDER BY v.changeset_id DESC LIMIT 1)";

// The source the query found, if any, checked.
std::optional<model::Source> found_source(SQLite::Statement& query, const std::string& path) {
    if (!query.executeStep()) return std::nullopt;
    model::Source source{query.getColumn(0).getInt64(), column_text(query, 1), read_source_meta(CachedColumns{query}, 2),
                         query.getColumn(2 + source_meta_column_count).getInt64()};
    check_stored_source(path, source);
    return source;
}

}  // namespace

std::optional<model::Source> Store::source_by_url(const std::string& normalised_url) const {
    return guarded(path_, [&] {
        static const std::string sql = fmt::format(source_sql, source_meta_columns, "url");
        return found_source(bind_all(prepare(sql.c_str()), normalised_url), path_);
    });
}

std::optional<model::Source> Store::source_by_id(long long id) const {
    return guarded(path_, [&] {
        static const std::string sql = fmt::format(source_sql, source_meta_columns, "id");
        return found_source(bind_all(prepare(sql.c_str()), id), path_);
    });
}

std::optional<model::SourceMeta> Store::source_meta_as_of(long long source_id, long long as_of) const {
    return guarded(path_, [&]() -> std::optional<model::SourceMeta> {
        static const std::string sql = fmt::format(R"(
            SELECT {} FROM source_revision v
            WHERE v.source_id = ? AND v.changeset_id <= ? ORDER BY v.changeset_id DESC LIMIT 1)",
                                                   source_meta_columns);
        auto& query = bind_all(prepare(sql.c_str()), source_id, as_of);
        if (!query.executeStep()) return std::nullopt;
        auto meta = read_source_meta(CachedColumns{query}, 0);
        check_stored_source(path_, source_id, meta);
        return meta;
    });
}

std::vector<long long> Store::later_source_revisions(long long source_id, long long after) const {
    return guarded(path_, [&] {
        auto& query = prepare("SELECT changeset_id FROM source_revision WHERE source_id = ? AND changeset_id > ? ORDER BY 1");
        return first_column<long long>(bind_all(query, source_id, after));
    });
}

std::vector<long long> Store::sources_of_list(const std::string& list) const {
    return guarded(path_, [&] {
        return first_column<long long>(bind_all(prepare("SELECT id FROM current_source WHERE edition_of = ? ORDER BY id"), list));
    });
}

std::vector<long long> Store::sources_revised_in(long long changeset_id) const {
    return guarded(path_, [&] {
        auto& query = prepare("SELECT source_id FROM source_revision WHERE changeset_id = ? ORDER BY source_id");
        return first_column<long long>(bind_all(query, changeset_id));
    });
}

std::vector<std::string> Store::clusters_of_source(long long source_id) const {
    return guarded(path_, [&] {
        auto& query = prepare(R"(
            SELECT c.cluster_id FROM citation t JOIN claim c ON c.id = t.claim_id WHERE t.source_id = ?1
            UNION SELECT cluster_id FROM record_key WHERE source_id = ?1
            ORDER BY 1)");
        return first_column<std::string>(bind_all(query, source_id));
    });
}

void Store::each_source(const std::string& cluster_id, const std::function<void(const SourceUse&)>& visit) const {
    guarded(path_, [&] {
        // A source backs a value when a current citation of it sits on a claim that is not retired.
        SQLite::Statement query(connection(), fmt::format(R"(
            WITH live AS (
                SELECT t.source_id, t.claim_id, c.cluster_id
                FROM current_citation t JOIN claim_with_rank c ON c.id = t.claim_id
                WHERE c.rank <> 'retired' AND c.cluster_id IN (SELECT id FROM current_cluster_id))
            SELECT s.id, s.url, {}, (SELECT count(DISTINCT claim_id) FROM live WHERE live.source_id = s.id)
            FROM current_source v JOIN source s ON s.id = v.id
            WHERE ?1 = '' OR s.id IN (SELECT source_id FROM live WHERE cluster_id = ?1)
            ORDER BY s.id)",
                                                          source_meta_columns));
        query.bind(1, cluster_id);
        while (query.executeStep()) {
            const SourceUse use{{query.getColumn(0).getInt64(), column_text(query, 1), read_source_meta(CachedColumns{query}, 2)},
                                query.getColumn(2 + source_meta_column_count).getInt64()};
            check_stored_source(path_, use.source);
            visit(use);
        }
    });
}

std::vector<BackedValue> Store::values_backed_by(long long source_id) const {
    return guarded(path_, [&] {
        SQLite::Statement query(connection(), fmt::format(R"(
            SELECT c.cluster_id, {}, c.rank, t.id, t.locator, t.quote, t.changeset_id
            FROM current_citation t JOIN claim_with_rank c ON c.id = t.claim_id
            WHERE t.source_id = ? AND c.rank <> 'retired' AND c.cluster_id IN (SELECT id FROM current_cluster_id)
            ORDER BY c.cluster_id, c.id, t.id)",
                                                          claim_columns));
        query.bind(1, static_cast<std::int64_t>(source_id));
        std::vector<BackedValue> found;
        while (query.executeStep()) {
            const CachedColumns row{query};
            model::Claim claim;
            read_claim(row, 1, claim);
            check_stored_claim(path_, row.view(0), claim, StoredIn::claim);
            const int next = 1 + claim_column_count;
            claim.rank = model::rank_from(row.view(next));
            claim.citations.push_back(
                {row.integer(next + 1), source_id, row.text(next + 2), row.text(next + 3), row.integer(next + 4)});
            found.push_back({row.text(0), std::move(claim)});
        }
        return found;
    });
}

}  // namespace gpuclusters::store
