#pragma once
// The menu of SQL alterations that fuzz_crafted_db and fuzz_compare_against apply to a copy of a
// gpuclusters database, through the sqlite3 C API, as someone with sqlite3 might: a value of a
// derived table or of the history replaced (by text, a 25-digit count, '12k', NULL, a number or
// a blob of SQLite's own types, invalid UTF-8, the input's own bytes), a row deleted or
// duplicated, a column dropped, added or renamed, a table recreated with other columns or without
// its constraints, a trigger, a view, an index or a table added, one of ours dropped or changed,
// user_version and application_id changed, the file put in WAL mode or vacuumed, a claim written
// by hand. Each alteration is five bytes (what, and four choices); a statement that SQLite
// refuses (a constraint, a column that cannot be dropped) is passed over.
#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include <filesystem>
#include <sstream>
#include <unistd.h>

#include "commands/command.hpp"
#include "gpuclusters/model/fields.hpp"

namespace crafting {

// Runs a command of the harness's own set-up on `database`; a failure ends the run.
inline void setup(const std::string& database, const std::vector<std::string>& args) {
    std::vector<std::string> full{"--db", database};
    full.insert(full.end(), args.begin(), args.end());
    std::ostringstream out, err;
    if (gpuclusters::commands::run_cli(full, out, err) != 0) {
        std::fprintf(stderr, "the harness's own database could not be made: %s\n", err.str().c_str());
        std::abort();
    }
}

// A scratch folder of the harness's own, made the working folder and removed when the run ends
// (a crash leaves it, with the last crafted file in it), with a pinned clock and author and a
// record of files checked (gpuclusters(5), "Trust") of its own; and in it, `database`: the sample
// and a record whose count has a competing figure.
inline void start_in_scratch(const std::string& prefix, const std::string& database) {
    static std::filesystem::path folder;
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    folder = mkdtemp(pattern.data());
    std::filesystem::current_path(folder);
    std::atexit([] {
        std::error_code ignored;
        std::filesystem::remove_all(folder, ignored);
    });
    setenv("GPUCLUSTERS_NOW", "2026-11-30T12:00:00Z", 1);
    setenv("GPUCLUSTERS_AUTHOR", "fuzz", 1);
    setenv("XDG_CACHE_HOME", (std::filesystem::current_path() / "cache").c_str(), 1);
    unsetenv("GPUCLUSTERS_DB");
    setup(database, {"init", "--sample"});
    setup(database, {"add", "acme-one", "--new", "--name", "Acme One", "--set", "gpus_installed=128 x 8", "--source",
                     "https://example.org/acme", "--kind", "operator", "--quote", "128 nodes x 8"});
    setup(database, {"add", "acme-one", "--set", "gpus_installed=2,048", "--keep-previous", "--source",
                     "https://example.org/acme2", "--kind", "press", "--quote", "2,048 GPUs"});
}

constexpr std::size_t op_size = 5;

inline std::string read_bytes(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

inline void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// The header's bytes that a writer's switch to WAL mode as it opens a file, and back to rollback
// mode as it closes it, changes: the file format's write and read versions (18, 19), the file
// change counter (24-27) and the version-valid-for number (92-95).
inline bool journal_switch_byte(std::size_t at) { return at == 18 || at == 19 || (at >= 24 && at < 28) || (at >= 92 && at < 96); }

/// The first byte at which two copies of a file differ (with `allow_journal_switch`, bytes that
/// the switch changes aside), or npos.
inline std::size_t first_difference(const std::string& before, const std::string& after, bool allow_journal_switch) {
    if (before.size() != after.size()) return std::min(before.size(), after.size());
    for (std::size_t at = 0; at < before.size(); ++at) {
        if (before[at] != after[at] && !(allow_journal_switch && journal_switch_byte(at))) return at;
    }
    return std::string::npos;
}

/// The database as its rows say, read through the sqlite3 C API with the file taken as immutable
/// (no lock, no journal, nothing written beside it): user_version and application_id, the schema's
/// objects (their text, not their pages) and every table's rows, but gpu_catalogue's, which a
/// writer syncs with its own catalogue as it opens a file.
inline std::string content_of(const std::string& path) {
    std::string content;
    sqlite3* db = nullptr;
    const std::string uri = "file:" + path + "?immutable=1";
    if (sqlite3_open_v2(uri.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) != SQLITE_OK) {
        content = std::string("cannot open: ") + sqlite3_errmsg(db);
        sqlite3_close(db);
        return content;
    }
    auto each_row = [&](const std::string& sql) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
            content += std::string("cannot read: ") + sqlite3_errmsg(db) + "\n";
            return;
        }
        int step = SQLITE_ROW;
        while ((step = sqlite3_step(statement)) == SQLITE_ROW) {
            for (int i = 0; i < sqlite3_column_count(statement); ++i) {
                const int type = sqlite3_column_type(statement, i);
                const auto* bytes = static_cast<const char*>(sqlite3_column_blob(statement, i));
                content += std::to_string(type) + ":" +
                           std::string(bytes ? bytes : "", static_cast<std::size_t>(sqlite3_column_bytes(statement, i))) + "|";
            }
            content += "\n";
        }
        if (step != SQLITE_DONE) content += std::string("stopped: ") + sqlite3_errmsg(db) + "\n";
        sqlite3_finalize(statement);
    };
    each_row("PRAGMA user_version");
    each_row("PRAGMA application_id");
    each_row("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name");
    sqlite3_stmt* tables = nullptr;
    std::vector<std::string> names;
    if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'gpu_catalogue' ORDER BY name",
                           -1, &tables, nullptr) == SQLITE_OK) {
        while (sqlite3_step(tables) == SQLITE_ROW)
            names.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(tables, 0)));
    }
    sqlite3_finalize(tables);
    for (const auto& name : names) {
        content += "table " + name + "\n";
        std::string quoted_name = "\"";
        for (char c : name) quoted_name += c == '"' ? std::string("\"\"") : std::string(1, c);
        each_row("SELECT * FROM " + quoted_name + "\"");
    }
    sqlite3_close(db);
    return content;
}

/// What a refused write changed in the file at `path`, whose bytes were `before`; empty when
/// nothing. A file refused as it was opened (`untouched`: its message says "left untouched") must
/// be byte for byte as it was. Input refused after the file was opened for writing leaves it
/// byte for byte as it was but for two things a writer does as it opens a file, which the
/// harnesses let pass unless GPUCLUSTERS_FUZZ_STRICT is set (issue 28, found by fuzz_crafted_db):
/// the header's journal mode and change counters (journal_switch_byte), and gpu_catalogue synced
/// with the writer's catalogue (then the rows of every other table must be as they were).
inline std::string refused_write_change(const std::string& before, const std::string& path, bool untouched) {
    const std::string after = read_bytes(path);
    const bool strict = untouched || std::getenv("GPUCLUSTERS_FUZZ_STRICT") != nullptr;
    const auto at = first_difference(before, after, !strict);
    if (at == std::string::npos) return "";
    const std::string where = "at byte " + std::to_string(at) + " (of " + std::to_string(before.size()) + " bytes, now " +
                              std::to_string(after.size()) + ")";
    if (strict) return where;
    write_bytes(path + ".before", before);
    const bool same = content_of(path + ".before") == content_of(path);
    std::remove((path + ".before").c_str());
    return same ? "" : where + ", and its rows";
}

inline std::string identifier(std::string_view name) {
    std::string text = "\"";
    for (char c : name) text += c == '"' ? std::string("\"\"") : std::string(1, c);
    return text + "\"";
}

class Crafter {
public:
    Crafter(sqlite3* db, std::string_view tail) : db_(db), tail_(tail) {}

    void apply(const std::uint8_t* op) {
        const std::uint8_t a = op[1], b = op[2], c = op[3], d = op[4];
        switch (op[0] % 10) {
            case 0:
                update_cell(pick(derived_tables(), a), b, c, d);
                break;
            case 1:
                update_cell(pick(history_tables(), a), b, c, d);
                break;
            case 2:
                delete_rows(pick(derived_tables(), a), b % 4 == 0, c);
                break;
            case 3:
                delete_rows(pick(history_tables(), a), b % 8 == 0, c);
                break;
            case 4:
                duplicate_row(pick(all_tables(), a), b, c, d);
                break;
            case 5:
                change_table(pick(all_tables(), a), b, c, d);
                break;
            case 6:
                change_code(b, c, d);
                break;
            case 7:
                change_header(b, c);
                break;
            case 8:
                hand_claim(a, b, c, d);
                break;
            case 9:
                change_schema_text(a, b, c);
                break;
        }
    }

private:
    sqlite3* db_;
    std::string_view tail_;

    void exec(const std::string& sql) { sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr); }

    std::vector<std::string> texts(const std::string& sql) {
        std::vector<std::string> found;
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) return found;
        while (sqlite3_step(statement) == SQLITE_ROW) {
            const auto* text = sqlite3_column_text(statement, 0);
            found.emplace_back(text ? reinterpret_cast<const char*>(text) : "");
        }
        sqlite3_finalize(statement);
        return found;
    }

    static std::string pick(const std::vector<std::string>& from, std::uint8_t choice) {
        return from.empty() ? std::string("changeset") : from[choice % from.size()];
    }

    static std::vector<std::string> derived_tables() {
        return {"cluster_values",         "live_claim",          "cluster_search",     "gpu_catalogue",
                "cluster_search_content", "cluster_search_data", "cluster_search_idx", "cluster_search_docsize",
                "cluster_search_config"};
    }
    static std::vector<std::string> history_tables() {
        return {"changeset",
                "cluster",
                "source",
                "source_revision",
                "claim",
                "claim_rank",
                "citation",
                "citation_withdrawal",
                "cluster_presence",
                "finding_acceptance",
                "verification",
                "record_key",
                "record_key_withdrawal"};
    }
    static std::vector<std::string> all_tables() {
        auto tables = derived_tables();
        for (auto& table : history_tables()) tables.push_back(table);
        return tables;
    }

    std::vector<std::string> columns(const std::string& table) {
        return texts("SELECT name FROM pragma_table_info(" + sql_text(table) + ") ORDER BY cid");
    }

    // The columns of the table's key, as a row value; rowid for a table of none.
    std::string key_of(const std::string& table) {
        const auto keys = texts("SELECT name FROM pragma_table_info(" + sql_text(table) + ") WHERE pk > 0 ORDER BY pk");
        if (keys.empty()) return "rowid";
        std::string key = "(";
        for (std::size_t i = 0; i < keys.size(); ++i) key += (i ? ", " : "") + identifier(keys[i]);
        return key + ")";
    }

    std::string row_where(const std::string& table, std::uint8_t row) {
        const std::string key = key_of(table);
        return " WHERE " + key + " = (SELECT " + key + " FROM " + identifier(table) + " ORDER BY " + key + " LIMIT 1 OFFSET " +
               std::to_string(row % 40) + ")";
    }

    static std::string sql_text(std::string_view text) {
        std::string quoted_text = "'";
        for (char c : text) quoted_text += c == '\'' ? std::string("''") : std::string(1, c);
        return quoted_text + "'";
    }

    // A history table's append-only trigger of this kind ("u" or "d") is dropped while the history
    // itself is altered, and put back as it was: the data changes, the schema does not.
    std::vector<std::string> set_trigger_aside(const std::string& table, const char* kind) {
        const std::string name = table + "_append_only_" + kind;
        auto saved = texts("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = " + sql_text(name));
        exec("DROP TRIGGER IF EXISTS " + identifier(name));
        return saved;
    }
    void put_back(const std::vector<std::string>& saved) {
        for (const auto& sql : saved) exec(sql);
    }

    // Runs `sql` with ?1 bound to value number `choice`.
    void with_value(const std::string& sql, std::uint8_t choice) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) return;
        bind_value(statement, 1, choice);
        sqlite3_step(statement);
        sqlite3_finalize(statement);
    }

    void bind_value(sqlite3_stmt* statement, int at, std::uint8_t choice) {
        static const char* const texts[] = {"twelve",
                                            "1234567890123456789012345",
                                            "12k",
                                            "",
                                            "-1",
                                            "0",
                                            "9223372036854775808",
                                            " 42",
                                            "42.0",
                                            "2026-13-45",
                                            "soon",
                                            "operational",
                                            "NVIDIA H100",
                                            "US",
                                            "x'); DROP TABLE claim; --",
                                            "1e3",
                                            "nan",
                                            "12 x 8",
                                            "~2,000",
                                            "cscs-alps",
                                            "preferred",
                                            "retired",
                                            "set",
                                            "not_published",
                                            "\xff\xfe",
                                            "a\nb\x1b[31m",
                                            "2024-02-30",
                                            "99999-01-01",
                                            "https://example.org/s",
                                            "approximate",
                                            "estimate",
                                            "gpus_installed"};
        constexpr std::size_t text_count = sizeof texts / sizeof texts[0];
        const std::size_t pick = choice % (text_count + 7);
        if (pick < text_count) {
            sqlite3_bind_text(statement, at, texts[pick], -1, SQLITE_TRANSIENT);
            return;
        }
        switch (pick - text_count) {
            case 0:
                sqlite3_bind_null(statement, at);
                break;
            case 1:
                sqlite3_bind_int64(statement, at, 12);
                break;
            case 2:
                sqlite3_bind_int64(statement, at, -9223372036854775807LL - 1);
                break;
            case 3:
                sqlite3_bind_double(statement, at, 12.5);
                break;
            case 4:
                sqlite3_bind_blob(statement, at, "12\0k", 4, SQLITE_TRANSIENT);
                break;
            case 5:
                sqlite3_bind_text(statement, at, std::string(70000, 'a').c_str(), -1, SQLITE_TRANSIENT);
                break;
            default:  // the input's own bytes, NULs and invalid UTF-8 included
                sqlite3_bind_text(statement, at, tail_.data(), static_cast<int>(tail_.size()), SQLITE_TRANSIENT);
                break;
        }
    }

    static bool is_history(const std::string& table) {
        for (const auto& name : history_tables()) {
            if (name == table) return true;
        }
        return false;
    }

    void update_cell(const std::string& table, std::uint8_t column, std::uint8_t row, std::uint8_t value) {
        const auto names = columns(table);
        if (names.empty()) return;
        const std::string sql =
            "UPDATE " + identifier(table) + " SET " + identifier(pick(names, column)) + " = ?1" + row_where(table, row);
        const auto saved = is_history(table) ? set_trigger_aside(table, "u") : std::vector<std::string>();
        with_value(sql, value);
        put_back(saved);
    }

    void delete_rows(const std::string& table, bool all, std::uint8_t row) {
        const std::string sql = "DELETE FROM " + identifier(table) + (all ? std::string() : row_where(table, row));
        const auto saved = is_history(table) ? set_trigger_aside(table, "d") : std::vector<std::string>();
        exec(sql);
        put_back(saved);
    }

    // A copy of a row: a new number for a table numbered by its INTEGER PRIMARY KEY, and one
    // column (of the key, or another) given a value of the menu.
    void duplicate_row(const std::string& table, std::uint8_t column, std::uint8_t row, std::uint8_t value) {
        const auto names = columns(table);
        if (names.empty()) return;
        const auto integer_key = texts("SELECT name FROM pragma_table_info(" + sql_text(table) +
                                       ") WHERE pk = 1 AND upper(type) = 'INTEGER' AND (SELECT count(*) FROM pragma_table_info(" +
                                       sql_text(table) + ") WHERE pk > 0) = 1");
        const std::string changed = column & 0x80 ? pick(names, column) : std::string();
        std::string into, from;
        for (const auto& name : names) {
            if (!integer_key.empty() && name == integer_key.front()) continue;
            into += (into.empty() ? "" : ", ") + identifier(name);
            std::string source = identifier(name);
            if (name == changed)
                source = "?1";
            else if (name == "changeset_id" && changed.empty())
                source = "changeset_id + " + std::to_string(1 + value % 3);
            from += (from.empty() ? "" : ", ") + source;
        }
        with_value("INSERT OR IGNORE INTO " + identifier(table) + " (" + into + ") SELECT " + from + " FROM " +
                       identifier(table) + " LIMIT 1 OFFSET " + std::to_string(row % 40),
                   value);
    }

    void change_table(const std::string& table, std::uint8_t how, std::uint8_t column, std::uint8_t value) {
        const auto names = columns(table);
        const std::string name = pick(names, column);
        switch (how % 9) {
            case 0:
                exec("ALTER TABLE " + identifier(table) + " DROP COLUMN " + identifier(name));
                break;
            case 1:
                exec("ALTER TABLE " + identifier(table) + " ADD COLUMN extra TEXT");
                break;
            case 2:
                exec("ALTER TABLE " + identifier(table) + " RENAME COLUMN " + identifier(name) + " TO renamed");
                break;
            case 3:  // the same columns, without their constraints, key or indexes
                exec("CREATE TABLE crafted_copy AS SELECT * FROM " + identifier(table));
                exec("DROP TABLE " + identifier(table));
                exec("ALTER TABLE crafted_copy RENAME TO " + identifier(table));
                break;
            case 4:
                exec("DROP TABLE " + identifier(table) + "; CREATE TABLE " + identifier(table) +
                     " (cluster_id TEXT, claim_id INTEGER)");
                break;
            case 5:
                exec("DROP TABLE " + identifier(table));
                break;
            case 6:
                exec("ALTER TABLE " + identifier(table) + " RENAME TO " + identifier(table + "_old"));
                break;
            case 7: {  // the same columns in another order
                std::string reordered;
                for (std::size_t i = names.size(); i-- > 0;) reordered += identifier(names[i]) + (i ? ", " : "");
                if (reordered.empty()) break;
                exec("CREATE TABLE crafted_copy AS SELECT " + reordered + " FROM " + identifier(table));
                exec("DROP TABLE " + identifier(table));
                exec("ALTER TABLE crafted_copy RENAME TO " + identifier(table));
                break;
            }
            case 8:  // a column's default
                exec("ALTER TABLE " + identifier(table) + " ADD COLUMN " + identifier(name + "_2") + " TEXT NOT NULL DEFAULT " +
                     sql_text(std::to_string(value)));
                break;
        }
    }

    void change_code(std::uint8_t how, std::uint8_t which, std::uint8_t value) {
        const auto triggers = texts("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name");
        const auto views = texts("SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name");
        const auto indexes = texts("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name");
        switch (how % 12) {
            case 0:
                exec("CREATE VIEW crafted_view AS SELECT id FROM cluster");
                break;
            case 1:  // a trigger that forges a Verified badge at every write
                exec(
                    "CREATE TRIGGER forge AFTER INSERT ON changeset BEGIN INSERT INTO verification (cluster_id, changeset_id) "
                    "VALUES ('cscs-alps', NEW.id); END");
                break;
            case 2:
                exec("CREATE TRIGGER refuse BEFORE INSERT ON claim BEGIN SELECT RAISE(ABORT, 'refused by a trigger'); END");
                break;
            case 3:
                exec("DROP TRIGGER " + identifier(pick(triggers, which)));
                break;
            case 4: {
                const std::string name = pick(triggers, which);
                const auto on = texts("SELECT tbl_name FROM sqlite_master WHERE name = " + sql_text(name));
                if (on.empty()) break;
                exec("DROP TRIGGER " + identifier(name) + "; CREATE TRIGGER " + identifier(name) + " BEFORE UPDATE ON " +
                     identifier(on.front()) + " BEGIN SELECT 1; END");
                break;
            }
            case 5: {
                const std::string name = pick(views, which);
                exec("DROP VIEW " + identifier(name) + "; CREATE VIEW " + identifier(name) + " AS SELECT * FROM source_revision");
                break;
            }
            case 6:
                exec("DROP VIEW " + identifier(pick(views, which)));
                break;
            case 7: {
                static const char* const unique[] = {
                    "claim (cluster_id, field)",       "live_claim (rank)",          "changeset (author)", "citation (claim_id)",
                    "cluster_values (gpus_installed)", "source_revision (source_id)"};
                exec(std::string("CREATE UNIQUE INDEX crafted_unique ON ") + unique[which % 6]);
                break;
            }
            case 8:
                exec("DROP INDEX " + identifier(pick(indexes, which)));
                break;
            case 9:
                exec("CREATE TABLE crafted_table (x); INSERT INTO crafted_table VALUES (1)");
                break;
            case 10:  // an index on an expression that fails for some rows
                exec("CREATE INDEX crafted_expression ON claim (abs(value))");
                break;
            case 11:  // a trigger of ours made to write instead of refuse
                exec(
                    "DROP TRIGGER IF EXISTS claim_rank_append_only_u; CREATE TRIGGER claim_rank_append_only_u BEFORE UPDATE ON "
                    "claim_rank BEGIN INSERT INTO changeset (created_at, author) VALUES (" +
                    sql_text(std::to_string(value)) + ", 'x'); END");
                break;
        }
    }

    void change_header(std::uint8_t how, std::uint8_t value) {
        static const long long versions[] = {0, 1, 4, 5, 12, 13, 14, 2147483647, -1};
        static const long long ids[] = {0, 0x47505543, 1, -1, 0x47505544};
        switch (how % 7) {
            case 0:
                exec("PRAGMA user_version = " + std::to_string(versions[value % 9]));
                break;
            case 1:
                exec("PRAGMA application_id = " + std::to_string(ids[value % 5]));
                break;
            case 2:
                exec("PRAGMA journal_mode = WAL");
                break;
            case 3:
                exec("VACUUM");
                break;
            case 4:
                exec("PRAGMA page_size = " + std::to_string(512 << (value % 8)) + "; VACUUM");
                break;
            case 5:
                exec("PRAGMA auto_vacuum = " + std::to_string(value % 3) + "; VACUUM");
                break;
            case 6:
                exec("PRAGMA user_version = " + std::to_string(static_cast<int>(value) - 128));
                break;
        }
    }

    // A claim written as the tool would write one, in part: the claim, and by the bits of `how`
    // its changeset, its rank, its live_claim row and its cluster_values cell.
    void hand_claim(std::uint8_t cluster, std::uint8_t how, std::uint8_t field, std::uint8_t value) {
        const auto clusters = texts("SELECT id FROM cluster ORDER BY number");
        const auto catalogue = gpuclusters::model::field_catalogue();
        const std::string id = pick(clusters, cluster);
        const std::string name =
            field == 255 ? std::string("bogus_field") : std::string(catalogue[field % catalogue.size()].name);
        if (how & 1)
            exec(
                "INSERT INTO changeset (created_at, author, message, command) VALUES ('2026-12-01T00:00:00Z', 'm', 'by hand', "
                "'sqlite3')");
        with_value("INSERT INTO claim (cluster_id, field, state, value, changeset_id) VALUES (" + sql_text(id) + ", " +
                       sql_text(name) + ", 'set', ?1, (SELECT max(id) FROM changeset))",
                   value);
        if (how & 2) {
            exec(
                "INSERT INTO claim_rank (claim_id, changeset_id, rank) VALUES ((SELECT max(id) FROM claim), (SELECT max(id) FROM "
                "changeset), " +
                std::string(how & 16 ? "'normal'" : "'preferred'") + ")");
        }
        if (how & 4) {
            exec("DELETE FROM live_claim WHERE cluster_id = " + sql_text(id) +
                 " AND claim_id IN (SELECT id FROM claim WHERE field = " + sql_text(name) + ")");
            exec("INSERT INTO live_claim (cluster_id, claim_id, rank, ranked_in) VALUES (" + sql_text(id) +
                 ", (SELECT max(id) FROM claim), 'preferred', (SELECT max(id) FROM changeset))");
        }
        if (how & 8) {
            with_value("UPDATE cluster_values SET " + identifier(name) + " = ?1, " + identifier(name + "_claim") +
                           " = (SELECT max(id) FROM claim) WHERE cluster_id = " + sql_text(id),
                       value);
        }
    }

    // The schema's own text, changed under SQLite (writable_schema): a constraint gone while the
    // columns stay, or a statement SQLite cannot read back.
    void change_schema_text(std::uint8_t object, std::uint8_t how, std::uint8_t value) {
        const auto names = texts("SELECT name FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name");
        const std::string name = pick(names, object);
        static const char* const edits[][2] = {
            {"NOT NULL", ""},      {"PRIMARY KEY", "UNIQUE"},       {"UNIQUE", ""},      {"CHECK (", "CHECK (1 OR "},
            {"WITHOUT ROWID", ""}, {"RAISE(ABORT", "RAISE(IGNORE"}, {"TEXT", "INTEGER"}, {"INTEGER", "TEXT"}};
        const auto& edit = edits[how % 8];
        exec("PRAGMA writable_schema = ON");
        if (value % 16 == 15) {
            exec("UPDATE sqlite_master SET sql = 'CREATE TABLE garbage (' WHERE name = " + sql_text(name));
        } else {
            exec(std::string("UPDATE sqlite_master SET sql = replace(sql, '") + edit[0] + "', '" + edit[1] +
                 "') WHERE name = " + sql_text(name));
        }
        exec("PRAGMA writable_schema = OFF");
    }
};

/// Applies the alterations `ops` (op_size bytes each) to the database at `path`.
inline void craft(const std::string& path, const std::uint8_t* ops, std::size_t count, std::string_view tail) {
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
        sqlite3_busy_timeout(db, 1000);
        Crafter crafter(db, tail);
        for (std::size_t i = 0; i < count; ++i) crafter.apply(ops + i * op_size);
    }
    sqlite3_close(db);
}

}  // namespace crafting
