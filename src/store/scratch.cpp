// Per-command temporary tables: the ids an import has read, list's sort keys, verify's
// look-alike keys, and the rows a website's pages of every cluster are made of. They live in SQLite's temporary database, so
// memory stays flat and a read-only file can hold them.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <bit>

#include "gpuclusters/model/text.hpp"
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
                ordinal INTEGER PRIMARY KEY, record INTEGER NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL,
                hash INTEGER NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS duplicate_key_size (
                hash INTEGER PRIMARY KEY, kind TEXT NOT NULL, records INTEGER NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS duplicate_profile (
                record INTEGER PRIMARY KEY, cluster_id TEXT NOT NULL, profile TEXT NOT NULL, whole_name INTEGER,
                first_key INTEGER NOT NULL, keys INTEGER NOT NULL, named INTEGER NOT NULL, key_sizes TEXT);
            CREATE TEMP TABLE IF NOT EXISTS duplicate_pair (
                left INTEGER NOT NULL, right INTEGER NOT NULL, PRIMARY KEY (left, right)) WITHOUT ROWID;
            CREATE TEMP TABLE IF NOT EXISTS duplicate_match (
                cluster_id TEXT NOT NULL, other_id TEXT NOT NULL, score REAL NOT NULL, evidence TEXT NOT NULL,
                PRIMARY KEY (cluster_id, other_id)) WITHOUT ROWID;
            DROP INDEX IF EXISTS temp.duplicate_key_by_hash;
            DELETE FROM duplicate_key;
            DELETE FROM duplicate_key_size;
            DELETE FROM duplicate_profile;
            DELETE FROM duplicate_pair;
            DELETE FROM duplicate_match;)");
        duplicate_rows_->clear();
    });
}

void Store::add_duplicate_record(const std::string& cluster_id, const std::string& profile, bool named,
                                 const std::vector<std::pair<std::string, std::string>>& keys) {
    auto& rows = *duplicate_rows_;
    DuplicateRows::Profile row{
        rows.next_record++, cluster_id, profile, std::nullopt, rows.next_ordinal, static_cast<long long>(keys.size()), named};
    for (const auto& [kind, key] : keys) {
        // The kind and key as SQLite's signed 64-bit integer. Two keys alike by chance (a chance of
        // about 3 in a million that any two of a million records' ten million keys are) only make a
        // candidate pair, which is scored on the records' profiles, or count a word as commoner.
        const auto hash = std::bit_cast<long long>(text::fingerprint({kind, key}));
        if (kind == "w") row.whole_name = hash;
        rows.keys.push_back({rows.next_ordinal++, row.record, kind, key, hash});
    }
    rows.profiles.push_back(std::move(row));
    if (rows.keys.size() >= PendingRows::batch || rows.profiles.size() >= PendingRows::batch) flush_duplicate_keys();
}

void Store::flush_duplicate_keys() {
    auto& rows = *duplicate_rows_;
    if (rows.keys.empty() && rows.profiles.empty()) return;
    guarded(path_, [&] {
        pending_->insert_rows(*db_, PendingRows::scratch_rows, "INSERT INTO duplicate_key (ordinal, record, kind, key, hash)", 5,
                              rows.keys, [](SQLite::Statement& query, int at, const DuplicateRows::Key& row) {
                                  bind_row(query, at, row.ordinal, row.record, row.kind, row.key, row.hash);
                              });
        pending_->insert_rows(*db_, PendingRows::scratch_profile_rows,
                              "INSERT INTO duplicate_profile (record, cluster_id, profile, whole_name, first_key, keys, named)",
                              7, rows.profiles, [](SQLite::Statement& query, int at, const DuplicateRows::Profile& row) {
                                  bind_row(query, at, row.record, row.cluster_id, row.profile, row.whole_name, row.first_key,
                                           row.keys, row.named);
                              });
    });
    rows.keys.clear();
    rows.profiles.clear();
}

void Store::pair_duplicate_keys(long long largest_block, long long placeholder_records) {
    flush_duplicate_keys();
    guarded(path_, [&] {
        // Every step is one pass over a sorted index of integers (or a join through one), so the
        // cost grows with the keys and the pairs, not with the records squared. The keys are
        // sorted once and those held by two records or more counted (a record holds a key once);
        // a key missing there is a record's own.
        connection().exec(R"(
            CREATE INDEX temp.duplicate_key_by_hash ON duplicate_key(hash, record, kind);
            INSERT INTO duplicate_key_size (hash, kind, records)
            SELECT hash, min(kind), count(*) FROM duplicate_key GROUP BY hash HAVING count(*) > 1;)");
        // A name held by `placeholder_records` or more ("Anonymized System") is no name of its own.
        auto& placeholders = bind_all(prepare(R"(
            UPDATE duplicate_profile SET named = 0
            WHERE whole_name IN (SELECT hash FROM duplicate_key_size WHERE kind = 'w' AND records >= ?))"),
                                      placeholder_records);
        placeholders.exec();
        placeholders.reset();
        // Each key held by no more than the largest block pairs its records; a key of kind "m"
        // (country, model, count) only records without a name of their own: named records meet
        // by name. CROSS JOIN keeps the shared keys outermost: the few of them lead into the index,
        // where SQLite (with no statistics on temporary tables) would walk every key.
        auto& pairs = bind_all(prepare(R"(
            INSERT OR IGNORE INTO duplicate_pair (left, right)
            SELECT l.record, r.record FROM duplicate_key_size s
            CROSS JOIN duplicate_key l ON l.hash = s.hash
            CROSS JOIN duplicate_key r ON r.hash = s.hash AND r.record > l.record
            WHERE s.records <= ?1 AND s.kind <> 'm'
            UNION ALL
            SELECT l.record, r.record FROM duplicate_key_size s
            CROSS JOIN duplicate_key l ON l.hash = s.hash
            CROSS JOIN duplicate_key r ON r.hash = s.hash AND r.record > l.record
            CROSS JOIN duplicate_profile lp ON lp.record = l.record AND lp.named = 0
            CROSS JOIN duplicate_profile rp ON rp.record = r.record AND rp.named = 0
            WHERE s.records <= ?1 AND s.kind = 'm')"),
                               largest_block);
        pairs.exec();
        pairs.reset();
        // The shared keys a name or an owner is compared on, with their sizes, once for each
        // record in a pair: "kind US key RS records", joined by GS.
        connection().exec(R"(
            UPDATE duplicate_profile SET key_sizes = (
                SELECT group_concat(k.kind || char(31) || k.key || char(30) || s.records, char(29))
                FROM duplicate_key k JOIN duplicate_key_size s ON s.hash = k.hash
                WHERE k.ordinal >= duplicate_profile.first_key AND k.ordinal < duplicate_profile.first_key + duplicate_profile.keys
                  AND k.kind IN ('n', 'o', 'w'))
            WHERE record IN (SELECT left FROM duplicate_pair UNION SELECT right FROM duplicate_pair);)");
    });
}

namespace {

// A record's keys as pair_duplicate_keys wrote them: "kind US key RS records", joined by GS.
void read_key_sizes(std::string_view text, std::map<std::string, long long, std::less<>>& sizes) {
    sizes.clear();
    while (!text.empty()) {
        const auto end = text.find('\x1d');
        const auto item = text.substr(0, end);
        const auto split = item.rfind('\x1e');
        if (split != std::string_view::npos) {
            long long records = 0;
            for (const char digit : item.substr(split + 1)) records = records * 10 + (digit - '0');
            sizes.emplace(std::string(item.substr(0, split)), records);
        }
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
}

}  // namespace

void Store::judge_duplicate_pairs(const std::function<std::optional<DuplicateVerdict>(const DuplicatePair&)>& judge) {
    duplicate_rows_->match_gap.reset();
    guarded(path_, [&] {
        auto& counted = prepare("SELECT count(*) FROM duplicate_profile");
        counted.executeStep();
        DuplicatePair pair;
        pair.records = counted.getColumn(0).getInt64();
        counted.reset();
        auto& query = prepare(R"(
            SELECT l.cluster_id, r.cluster_id, l.profile, l.key_sizes, r.profile, r.key_sizes FROM duplicate_pair p
            JOIN duplicate_profile l ON l.record = p.left
            JOIN duplicate_profile r ON r.record = p.right
            ORDER BY p.left, p.right)");
        auto& insert = prepare(
            "INSERT OR REPLACE INTO duplicate_match (cluster_id, other_id, score, evidence) VALUES (?, ?, ?, ?), (?, ?, ?, ?)");
        while (query.executeStep()) {
            const char* left_id = query.getColumn(0).getText();
            if (pair.left_id != left_id) {
                pair.left_id = left_id;
                pair.left_profile = column_text(query, 2);
                read_key_sizes(column_text(query, 3), pair.left_keys);
            }
            pair.right_id = column_text(query, 1);
            pair.right_profile = column_text(query, 4);
            read_key_sizes(column_text(query, 5), pair.right_keys);
            if (const auto verdict = judge(pair)) {
                bind_all(insert, pair.left_id, pair.right_id, verdict->score, verdict->evidence, pair.right_id, pair.left_id,
                         verdict->score, verdict->evidence)
                    .exec();
                insert.reset();
            }
        }
        query.reset();
    });
}

std::vector<Store::DuplicateGroup> Store::duplicate_groups_of(const std::string& cluster_id, long long most) const {
    auto& gap = duplicate_rows_->match_gap;
    if (gap && gap->holds(cluster_id)) return {};
    return guarded(path_, [&] {
        auto& query = bind_all(prepare("SELECT other_id, score, evidence FROM duplicate_match WHERE cluster_id = ? ORDER BY "
                                       "score DESC, other_id LIMIT ?"),
                               cluster_id, most);
        std::vector<DuplicateGroup> groups;
        while (query.executeStep()) {
            groups.push_back({column_text(query, 0), query.getColumn(1).getDouble(), column_text(query, 2)});
        }
        query.reset();
        auto& next = bind_all(prepare("SELECT cluster_id FROM duplicate_match WHERE cluster_id > ? ORDER BY cluster_id LIMIT 1"),
                              cluster_id);
        gap = DuplicateRows::MatchGap{cluster_id, next.executeStep() ? std::optional(column_text(next, 0)) : std::nullopt};
        next.reset();
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
