// Per-command temporary tables: the ids an import has read, list's sort keys, verify's
// look-alike keys, and the rows a website's pages of every cluster are made of. They live in SQLite's temporary database, so
// memory stays flat and a read-only file can hold them.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include "store/internal.hpp"

namespace gpuclusters::store {

using namespace detail;

void Store::start_import_ids() {
    guarded(path_, [&] {
        connection().exec(
            "CREATE TEMP TABLE IF NOT EXISTS import_id (id TEXT PRIMARY KEY, place TEXT NOT NULL); "
            "DELETE FROM import_id; "
            "CREATE TEMP TABLE IF NOT EXISTS import_named (cluster_id TEXT PRIMARY KEY) WITHOUT ROWID; "
            "DELETE FROM import_named;");
    });
}

std::optional<std::string> Store::note_import_id(const std::string& id, const std::string& place) {
    return guarded(path_, [&]() -> std::optional<std::string> {
        auto& insert = bind_all(prepare("INSERT INTO import_id (id, place) VALUES (?, ?) ON CONFLICT DO NOTHING"), id, place);
        if (insert.exec() == 1) return std::nullopt;
        auto& earlier = bind_all(prepare("SELECT place FROM import_id WHERE id = ?"), id);
        if (!earlier.executeStep()) return std::nullopt;
        return column_text(earlier, 0);
    });
}

void Store::note_import_named(const std::string& cluster_id) {
    guarded(path_, [&] {
        bind_all(prepare("INSERT INTO import_named (cluster_id) VALUES (?) ON CONFLICT DO NOTHING"), cluster_id).exec();
    });
}

std::vector<std::string> Store::keyed_records_not_named(long long source_id, long long before) const {
    return guarded(path_, [&] {
        auto& query = prepare(R"(
            SELECT DISTINCT k.cluster_id FROM record_key k
            WHERE k.source_id = ?1 AND k.changeset_id < ?2
              AND coalesce((SELECT w.withdrawn FROM record_key_withdrawal w WHERE w.source_id = k.source_id AND w.key = k.key
                            ORDER BY w.changeset_id DESC LIMIT 1), 0) = 0
              AND k.cluster_id IN (SELECT id FROM current_cluster_id)
              AND k.cluster_id NOT IN (SELECT cluster_id FROM import_named)
            ORDER BY k.cluster_id)");
        return first_column<std::string>(bind_all(query, source_id, before));
    });
}

void Store::clear_duplicate_keys() {
    guarded(path_, [&] {
        // (Re)created here rather than remembered: a rolled-back transaction takes temporary
        // tables made in it along. A statement of an earlier check still stepping over the index
        // would make the DROP fail (SQLITE_LOCKED), so every cached one is reset first.
        finish_reading();
        connection().exec(R"(
            CREATE TEMP TABLE IF NOT EXISTS duplicate_key (
                ordinal INTEGER PRIMARY KEY, cluster_id TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS duplicate_key_size (
                kind TEXT NOT NULL, key TEXT NOT NULL, records INTEGER NOT NULL, PRIMARY KEY (kind, key)) WITHOUT ROWID;
            CREATE TEMP TABLE IF NOT EXISTS duplicate_pair (
                left_id TEXT NOT NULL, right_id TEXT NOT NULL, PRIMARY KEY (left_id, right_id)) WITHOUT ROWID;
            CREATE TEMP TABLE IF NOT EXISTS duplicate_match (
                cluster_id TEXT NOT NULL, other_id TEXT NOT NULL, score REAL NOT NULL, evidence TEXT NOT NULL,
                PRIMARY KEY (cluster_id, other_id)) WITHOUT ROWID;
            DROP INDEX IF EXISTS temp.duplicate_key_by_key;
            DROP INDEX IF EXISTS temp.duplicate_key_by_cluster;
            DELETE FROM duplicate_key;
            DELETE FROM duplicate_key_size;
            DELETE FROM duplicate_pair;
            DELETE FROM duplicate_match;)");
        duplicate_keys_.clear();
    });
}

void Store::add_duplicate_key(const std::string& cluster_id, const std::string& kind, const std::string& key) {
    // Keys wait and go in as multi-row INSERTs: a statement per key was most of the pass.
    duplicate_keys_.push_back({cluster_id, kind, key});
    if (duplicate_keys_.size() == PendingRows::batch) flush_duplicate_keys();
}

void Store::flush_duplicate_keys() {
    if (duplicate_keys_.empty()) return;
    guarded(path_, [&] {
        pending_->insert_rows(
            *db_, PendingRows::scratch_rows, "INSERT INTO duplicate_key (cluster_id, kind, key)", 3, duplicate_keys_,
            [](SQLite::Statement& query, int at, const auto& row) { bind_row(query, at, row[0], row[1], row[2]); });
    });
    duplicate_keys_.clear();
}

void Store::pair_duplicate_keys(long long largest_block, long long placeholder_records) {
    flush_duplicate_keys();
    guarded(path_, [&] {
        // The keys sorted once (the index) and counted; then each key held by two records or more,
        // and by no more than the largest block, pairs its records.
        connection().exec(R"(
            CREATE INDEX temp.duplicate_key_by_key ON duplicate_key(kind, key, cluster_id);
            CREATE INDEX temp.duplicate_key_by_cluster ON duplicate_key(cluster_id, kind);
            INSERT INTO duplicate_key_size (kind, key, records)
            SELECT kind, key, count(DISTINCT cluster_id) FROM duplicate_key WHERE kind <> '' GROUP BY kind, key;)");
        // A key of kind "m" (country, model, count) pairs only records without a name of their
        // own (none, or one held by `placeholder_records` or more): named records meet by name.
        auto& pairs = bind_all(prepare(R"(
            INSERT OR IGNORE INTO duplicate_pair (left_id, right_id)
            SELECT l.cluster_id, r.cluster_id FROM duplicate_key_size s
            JOIN duplicate_key l ON l.kind = s.kind AND l.key = s.key
            JOIN duplicate_key r ON r.kind = s.kind AND r.key = s.key AND r.cluster_id > l.cluster_id
            WHERE s.records BETWEEN 2 AND ?1
              AND (s.kind <> 'm' OR NOT EXISTS (
                  SELECT 1 FROM duplicate_key w JOIN duplicate_key_size n ON n.kind = 'w' AND n.key = w.key
                  WHERE w.cluster_id IN (l.cluster_id, r.cluster_id) AND w.kind = 'w' AND n.records < ?2)))"),
                               largest_block, placeholder_records);
        pairs.exec();
        pairs.reset();
    });
}

void Store::each_duplicate_pair(const std::function<void(const DuplicatePair&)>& visit) const {
    guarded(path_, [&] {
        auto& counted = prepare("SELECT count(*) FROM duplicate_key WHERE kind = ''");
        counted.executeStep();
        const long long records = counted.getColumn(0).getInt64();
        counted.reset();
        auto& query = prepare(R"(
            SELECT p.left_id, p.right_id,
                   (SELECT key FROM duplicate_key WHERE cluster_id = p.left_id AND kind = ''),
                   (SELECT key FROM duplicate_key WHERE cluster_id = p.right_id AND kind = '')
            FROM duplicate_pair p ORDER BY p.left_id, p.right_id)");
        auto& sizes = prepare(R"(
            SELECT k.kind || char(31) || k.key, s.records FROM duplicate_key k
            JOIN duplicate_key_size s ON s.kind = k.kind AND s.key = k.key
            WHERE k.cluster_id IN (?, ?) AND k.kind <> '')");
        DuplicatePair pair;
        pair.records = records;
        while (query.executeStep()) {
            pair.left_id = column_text(query, 0);
            pair.right_id = column_text(query, 1);
            pair.left_profile = column_text(query, 2);
            pair.right_profile = column_text(query, 3);
            pair.key_records.clear();
            bind_all(sizes, pair.left_id, pair.right_id);
            while (sizes.executeStep()) pair.key_records[column_text(sizes, 0)] = sizes.getColumn(1).getInt64();
            sizes.reset();
            visit(pair);
        }
        query.reset();
    });
}

void Store::add_duplicate_match(const std::string& left_id, const std::string& right_id, double score,
                                const std::string& evidence) {
    guarded(path_, [&] {
        auto& insert = prepare(
            "INSERT OR REPLACE INTO duplicate_match (cluster_id, other_id, score, evidence) VALUES (?, ?, ?, ?), (?, ?, ?, ?)");
        bind_all(insert, left_id, right_id, score, evidence, right_id, left_id, score, evidence).exec();
        insert.reset();
    });
}

std::vector<Store::DuplicateGroup> Store::duplicate_groups_of(const std::string& cluster_id, long long most) const {
    return guarded(path_, [&] {
        auto& query = bind_all(prepare("SELECT other_id, score, evidence FROM duplicate_match WHERE cluster_id = ? ORDER BY "
                                       "score DESC, other_id LIMIT ?"),
                               cluster_id, most);
        std::vector<DuplicateGroup> groups;
        while (query.executeStep()) {
            groups.push_back({column_text(query, 0), query.getColumn(1).getDouble(), column_text(query, 2)});
        }
        return groups;
    });
}

void Store::start_sorted_ids() const {
    guarded(path_, [&] {
        connection().exec(
            "CREATE TEMP TABLE IF NOT EXISTS sorted_id (seq INTEGER PRIMARY KEY, id TEXT NOT NULL, "
            "known INTEGER NOT NULL, key TEXT NOT NULL); DELETE FROM sorted_id;");
    });
}

void Store::add_sorted_id(const std::string& id, const std::optional<std::string>& key) const {
    guarded(path_, [&] {
        bind_all(prepare("INSERT INTO sorted_id (id, known, key) VALUES (?, ?, ?)"), id, key.has_value(), key.value_or(""))
            .exec();
    });
}

void Store::start_kept() const {
    guarded(path_, [&] {
        finish_reading();
        connection().exec(R"(
            CREATE TEMP TABLE IF NOT EXISTS kept_text (number INTEGER PRIMARY KEY, text TEXT NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS kept_key (
                list TEXT NOT NULL, key TEXT NOT NULL, number INTEGER NOT NULL, text INTEGER NOT NULL);
            DROP INDEX IF EXISTS temp.kept_key_by_key;
            DROP INDEX IF EXISTS temp.kept_key_by_number;
            DELETE FROM kept_text;
            DELETE FROM kept_key;)");
        kept_sorted_ = false;
    });
}

long long Store::keep_text(const std::string& text) const {
    return guarded(path_, [&] {
        auto& insert = prepare("INSERT INTO kept_text (text) VALUES (?)");
        insert.bindNoCopy(1, text);
        insert.exec();
        return connection().getLastInsertRowid();
    });
}

void Store::keep_under(const std::string& list, const std::string& key, long long number, long long text) const {
    guarded(path_, [&] {
        bind_all(prepare("INSERT INTO kept_key (list, key, number, text) VALUES (?, ?, ?, ?)"), list, key, number, text).exec();
    });
}

void Store::sort_kept() const {
    if (kept_sorted_) return;
    // Indexed once, after every row is in: one sort, rather than an index kept up at each insert.
    connection().exec(R"(
        CREATE INDEX temp.kept_key_by_key ON kept_key(list, key, text);
        CREATE INDEX temp.kept_key_by_number ON kept_key(list, number DESC, text);)");
    kept_sorted_ = true;
}

void Store::each_kept(const std::string& list, bool by_number, std::optional<std::size_t> limit,
                      const std::function<void(const std::string&, long long, const std::string&)>& visit) const {
    guarded(path_, [&] {
        sort_kept();
        SQLite::Statement query(connection(), by_number ? R"(
            SELECT k.key, k.number, t.text FROM kept_key k INDEXED BY kept_key_by_number JOIN kept_text t ON t.number = k.text
            WHERE k.list = ?1 ORDER BY k.number DESC, k.text LIMIT ?2)"
                                                        : R"(
            SELECT k.key, k.number, t.text FROM kept_key k INDEXED BY kept_key_by_key JOIN kept_text t ON t.number = k.text
            WHERE k.list = ?1 ORDER BY k.key, k.text LIMIT ?2)");
        bind_all(query, list, limit ? static_cast<long long>(*limit) : -1LL);
        while (query.executeStep()) visit(column_text(query, 0), query.getColumn(1).getInt64(), column_text(query, 2));
    });
}

std::vector<std::pair<std::string, std::size_t>> Store::kept_keys(const std::string& list) const {
    return guarded(path_, [&] {
        sort_kept();
        SQLite::Statement query(
            connection(),
            "SELECT key, count(*) FROM kept_key INDEXED BY kept_key_by_key WHERE list = ? GROUP BY key ORDER BY key");
        query.bind(1, list);
        std::vector<std::pair<std::string, std::size_t>> keys;
        while (query.executeStep())
            keys.emplace_back(column_text(query, 0), static_cast<std::size_t>(query.getColumn(1).getInt64()));
        return keys;
    });
}

std::size_t Store::kept_key_count(const std::string& list) const {
    return guarded(path_, [&] {
        sort_kept();
        SQLite::Statement query(connection(),
                                "SELECT count(DISTINCT key) FROM kept_key INDEXED BY kept_key_by_key WHERE list = ?");
        bind_all(query, list).executeStep();
        return static_cast<std::size_t>(query.getColumn(0).getInt64());
    });
}

}  // namespace gpuclusters::store
