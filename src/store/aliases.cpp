// The ids that lead to another record (cluster_alias): a cluster merged into another, or a
// record's id before a rename. The newest row of an alias decides; a withdrawn row (a revert)
// ends it.
#include "gpuclusters/store/store.hpp"

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

std::optional<std::string> Store::alias_target(const std::string& alias, std::optional<long long> as_of) const {
    return guarded(path_, [&]() -> std::optional<std::string> {
        auto& query = bind_all(prepare(R"(
            SELECT cluster_id, withdrawn FROM cluster_alias WHERE alias = ?1 AND changeset_id <= ?2
            ORDER BY changeset_id DESC LIMIT 1)"),
                               alias, as_of.value_or(no_limit));
        if (!query.executeStep() || query.getColumn(1).getInt() != 0) return std::nullopt;
        return column_text(query, 0);
    });
}

std::optional<long long> Store::alias_made_in(const std::string& alias, std::optional<long long> as_of) const {
    return guarded(path_, [&]() -> std::optional<long long> {
        auto& query = bind_all(prepare("SELECT max(changeset_id) FROM cluster_alias WHERE alias = ?1 AND changeset_id <= ?2"),
                               alias, as_of.value_or(no_limit));
        if (!query.executeStep() || query.getColumn(0).isNull()) return std::nullopt;
        return query.getColumn(0).getInt64();
    });
}

std::vector<std::string> Store::aliases_of(const std::string& cluster_id) const {
    return guarded(path_, [&] {
        auto& query = bind_all(prepare(R"(
            SELECT a.alias FROM cluster_alias a
            WHERE a.cluster_id = ?1 AND a.withdrawn = 0
              AND a.changeset_id = (SELECT max(b.changeset_id) FROM cluster_alias b WHERE b.alias = a.alias)
            ORDER BY a.alias)"),
                               cluster_id);
        std::vector<std::string> aliases;
        while (query.executeStep()) aliases.push_back(column_text(query, 0));
        return aliases;
    });
}

std::vector<AliasChange> Store::alias_changes_in(long long changeset_id) const {
    return guarded(path_, [&] {
        auto& query = bind_all(prepare(R"(
            SELECT a.alias, a.cluster_id, a.withdrawn,
                   (SELECT b.cluster_id || char(31) || b.withdrawn FROM cluster_alias b
                     WHERE b.alias = a.alias AND b.changeset_id < a.changeset_id ORDER BY b.changeset_id DESC LIMIT 1)
            FROM cluster_alias a WHERE a.changeset_id = ?1 ORDER BY a.alias)"),
                               changeset_id);
        std::vector<AliasChange> changes;
        while (query.executeStep()) {
            AliasChange change{column_text(query, 0), column_text(query, 1), query.getColumn(2).getInt() == 0, std::nullopt};
            if (!query.getColumn(3).isNull()) {
                const std::string before = column_text(query, 3);
                const auto separator = before.rfind('\x1f');
                if (before.substr(separator + 1) == "0") change.before = before.substr(0, separator);
            }
            changes.push_back(std::move(change));
        }
        return changes;
    });
}

void Store::insert_alias(const std::string& alias, const std::string& cluster_id, long long changeset_id, bool withdrawn) {
    bind_all(prepare("INSERT INTO cluster_alias (alias, cluster_id, changeset_id, withdrawn) VALUES (?, ?, ?, ?)"), alias,
             cluster_id, changeset_id, withdrawn)
        .exec();
}

}  // namespace gpuclusters::store
