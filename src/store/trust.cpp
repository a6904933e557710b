// Whether a file may be trusted for writing: its schema is the one gpuclusters made (no trigger or
// view of anyone else's, every table of the shape the migrations give it), and its pages pass
// PRAGMA quick_check. The checks run when a writer opens a file that changed since this user's
// last check (a per-user record of each file as gpuclusters left it); a file they refuse is left
// byte for byte as it was.
#include "gpuclusters/store/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "embedded_data.hpp"
#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

#include "store/internal.hpp"

namespace gpuclusters::store::detail {

namespace {

// How many files the record keeps, the newest last: a user's databases and then some.
constexpr std::size_t remembered_files = 64;

std::string stat_part(const std::string& path, bool with_identity) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return "-";
    std::string part = with_identity ? fmt::format("{}:{} ", static_cast<unsigned long long>(info.st_dev),
                                                   static_cast<unsigned long long>(info.st_ino))
                                     : std::string();
    return part + fmt::format("{} {}.{} {}.{}", static_cast<long long>(info.st_size), static_cast<long long>(info.st_mtim.tv_sec),
                              info.st_mtim.tv_nsec, static_cast<long long>(info.st_ctim.tv_sec), info.st_ctim.tv_nsec);
}

// The folder of the record: $XDG_CACHE_HOME/gpuclusters, else ~/.cache/gpuclusters; empty when
// neither is known (then every writer checks).
std::filesystem::path record_folder() {
    if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache != nullptr && cache[0] == '/') {
        return std::filesystem::path(cache) / "gpuclusters";
    }
    if (const char* home = std::getenv("HOME"); home != nullptr && home[0] == '/') {
        return std::filesystem::path(home) / ".cache" / "gpuclusters";
    }
    return {};
}

// The record's lines: a file's identity (device:inode), a space, and its fingerprint.
std::vector<std::string> record_lines(const std::filesystem::path& record) {
    std::vector<std::string> lines;
    std::ifstream in(record);
    for (std::string line; std::getline(in, line) && lines.size() < 4 * remembered_files;) {
        if (!line.empty()) lines.push_back(line);
    }
    return lines;
}

std::string_view identity_of(std::string_view line) { return line.substr(0, line.find(' ')); }

// A name and its SQL, for each trigger and view, and each table's columns, of a schema.
struct SchemaObjects {
    std::map<std::string, std::pair<std::string, std::string>> code;  ///< trigger or view: type, sql
    std::map<std::string, std::string> tables;                        ///< table: its columns
};

SchemaObjects schema_objects(SQLite::Database& db) {
    SchemaObjects objects;
    SQLite::Statement query(db, R"(
        SELECT m.type, m.name, coalesce(m.sql, ''),
               CASE WHEN m.type = 'table' THEN coalesce((SELECT group_concat(name, ', ') FROM
                   (SELECT p.name FROM pragma_table_info(m.name) p ORDER BY p.cid)), '') END
        FROM sqlite_master m WHERE m.type IN ('table', 'view', 'trigger') AND m.name NOT LIKE 'sqlite\_%' ESCAPE '\')");
    while (query.executeStep()) {
        const std::string type = query.getColumn(0).getString();
        const std::string name = query.getColumn(1).getString();
        if (type == "table") {
            objects.tables[name] = query.getColumn(3).getString();
        } else {
            objects.code[name] = {type, query.getColumn(2).getString()};
        }
    }
    return objects;
}

std::string quoted_identifier(std::string_view name) {
    std::string quoted = "\"";
    for (char c : name) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

std::string fingerprint_of(const std::string& path, std::string_view header) {
    std::string hex;
    hex.reserve(header.size() * 2);
    for (unsigned char c : header) hex += fmt::format("{:02x}", c);
    return fmt::format("{} {} wal {}", stat_part(path, true), hex, stat_part(path + "-wal", false));
}

// A part of the history (`what`) that gpuclusters would not have written.
[[noreturn]] void refuse_history(const std::string& path, const std::string& what) {
    throw DatabaseError(fmt::format("{}: {}; the history was written behind the tool's back: restore a backup", path, what));
}

}  // namespace

std::string file_fingerprint(const std::string& path) {
    std::string header(100, '\0');
    std::ifstream file(path, std::ios::binary);
    file.read(header.data(), static_cast<std::streamsize>(header.size()));
    header.resize(static_cast<std::size_t>(std::max<std::streamsize>(file.gcount(), 0)));
    return fingerprint_of(path, header);
}

std::string file_fingerprint(SQLite::Database& db, const std::string& path) {
    // Through SQLite's own descriptor: closing another one of this process would drop the POSIX
    // locks SQLite holds on the file (the lock that tells other connections that this one uses
    // the WAL among them), and another writer, taking itself for the last, would put the file
    // back in rollback mode under this one's commits.
    sqlite3_file* file = nullptr;
    std::string header(100, '\0');
    if (sqlite3_file_control(db.getHandle(), "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || file == nullptr ||
        file->pMethods == nullptr ||
        file->pMethods->xRead(file, header.data(), static_cast<int>(header.size()), 0) != SQLITE_OK) {
        header.clear();
    }
    return fingerprint_of(path, header);
}

bool checked_before(const std::string& fingerprint) {
    const auto folder = record_folder();
    if (folder.empty()) return false;
    const auto lines = record_lines(folder / "checked");
    return std::find(lines.begin(), lines.end(), fingerprint) != lines.end();
}

void remember_checked(const std::string& fingerprint) noexcept {
    try {
        const auto folder = record_folder();
        if (folder.empty() || fingerprint.starts_with("-")) return;
        std::error_code error;
        std::filesystem::create_directories(folder, error);
        auto lines = record_lines(folder / "checked");
        const auto identity = identity_of(fingerprint);
        std::erase_if(lines, [&](const std::string& line) { return identity_of(line) == identity; });
        lines.push_back(fingerprint);
        if (lines.size() > remembered_files) lines.erase(lines.begin(), lines.end() - remembered_files);
        std::string text;
        for (const auto& line : lines) text += line + "\n";
        // A temporary beside the record, renamed over it: two writers closing at once each
        // leave a whole record (one of them loses its line, and checks again next time).
        std::string temporary = (folder / "checked.XXXXXX").string();
        const int fd = ::mkstemp(temporary.data());
        if (fd < 0) return;
        const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
        ::close(fd);
        if (!written || ::rename(temporary.c_str(), (folder / "checked").c_str()) != 0) ::unlink(temporary.c_str());
    } catch (...) {
        // The record is a cache: without it, the next writer checks again.
    }
}

void build_reference_schema(SQLite::Database& reference, int version) {
    reference.exec(std::string(embedded::schema_sql));
    for (const auto& migration : embedded::migrations) {
        if (migration_version(migration.name) > version) break;
        reference.exec(std::string(migration.content));
    }
}

std::vector<std::string> schema_problems(SQLite::Database& db, const std::string& path, int version) {
    SQLite::Database reference(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    build_reference_schema(reference, version);
    const auto wanted = schema_objects(reference);
    const auto found = schema_objects(db);
    std::vector<std::string> problems;
    for (const auto& [name, code] : found.code) {
        const auto& [type, sql] = code;
        const auto ours = wanted.code.find(name);
        if (ours != wanted.code.end() && ours->second == code) continue;
        // A trigger runs inside the tool's own writes (one forged a Verified badge); a view is
        // what sqlite3 and Datasette users read, and some of the tool's queries too.
        if (ours == wanted.code.end()) {
            problems.push_back(fmt::format(
                "{} {} is not one gpuclusters made; remove it with `sqlite3 {} {}`", type, quoted_identifier(name),
                text::shell_quote(path),
                text::shell_quote(fmt::format("DROP {} {}", type == "trigger" ? "TRIGGER" : "VIEW", quoted_identifier(name)))));
        } else {
            problems.push_back(
                fmt::format("{} {} is not the one gpuclusters made (its SQL was changed); restore the file "
                            "from a backup",
                            type, quoted_identifier(name)));
        }
    }
    for (const auto& [name, columns] : wanted.tables) {
        const auto there = found.tables.find(name);
        if (there == found.tables.end()) {
            problems.push_back(fmt::format("table {} is missing; restore the file from a backup", name));
        } else if (there->second != columns) {
            problems.push_back(
                fmt::format("table {} has the columns ({}), not those gpuclusters made; restore the file "
                            "from a backup",
                            name, there->second));
        }
    }
    return problems;
}

std::vector<std::string> check_problems(SQLite::Database& db, const char* pragma) {
    std::vector<std::string> problems;
    try {
        SQLite::Statement check(db, pragma);
        while (check.executeStep()) {
            // A row may hold several lines, headed by the schema's ("*** in database main ***").
            const std::string text = check.getColumn(0).getString();
            std::string_view rest = text;
            while (!rest.empty()) {
                const auto end = std::min(rest.find('\n'), rest.size());
                const std::string_view line = rest.substr(0, end);
                rest.remove_prefix(std::min(end + 1, rest.size()));
                if (!line.empty() && line != "ok" && !line.starts_with("*** in database ")) problems.emplace_back(line);
            }
        }
    } catch (const SQLite::Exception& error) {
        // Damage that stops the check itself is its finding.
        if (error.getErrorCode() != SQLITE_CORRUPT && error.getErrorCode() != SQLITE_NOTADB) throw;
        problems.emplace_back(error.what());
    }
    return problems;
}

void check_stored_claim(const std::string& path, std::string_view cluster_id, const model::Claim& claim, StoredIn where,
                        const model::FieldSpec* field) {
    if (claim.state != model::ClaimState::set) return;
    if (field == nullptr) field = model::find_field(claim.field);
    if (field == nullptr) {
        // cluster_values' columns are the catalogue's; a claim's field is checked here.
        refuse_history(path, fmt::format("claim {} of {} is of a field gpuclusters does not know, '{}'", claim.id,
                                         text::one_line(cluster_id), text::one_line(text::excerpt(claim.field, 40))));
    }
    const auto problem = model::stored_value_problem(*field, claim.value);
    if (!problem) return;
    if (where == StoredIn::values) {
        throw DatabaseError(
            fmt::format("{}: {} of {} in cluster_values: {}; the derived table was written behind the "
                        "tool's back: `gpuclusters check --repair` writes it again from the history",
                        path, claim.field, text::one_line(cluster_id), *problem));
    }
    refuse_history(path, fmt::format("{} of {} in claim {}: {}", claim.field, text::one_line(cluster_id), claim.id, *problem));
}

void check_stored_source(const std::string& path, long long source_id, const model::SourceMeta& meta) {
    if (const auto problem = model::stored_source_problem(meta))
        refuse_history(path, fmt::format("source {}: {}", source_id, *problem));
}

void check_stored_source(const std::string& path, const model::Source& source) {
    if (const auto problem = model::stored_url_problem(source.url))
        refuse_history(path, fmt::format("source {}: {}", source.id, *problem));
    check_stored_source(path, source.id, source.meta);
}

void check_stored_cluster_id(const std::string& path, std::string_view id) {
    if (const auto problem = model::stored_cluster_id_problem(id)) refuse_history(path, *problem);
}

}  // namespace gpuclusters::store::detail
