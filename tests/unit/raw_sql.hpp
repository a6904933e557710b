#pragma once
// SQL run through SQLite's C API, behind the store's back, as a user of sqlite3 would: to craft
// the files (hand-made rows, foreign or damaged schemas) that the store must handle.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <string>

inline void raw_sql(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    const std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    REQUIRE_MESSAGE(rc == SQLITE_OK, message);
}

// The integer a query's first row gives (a count), read through a read-only connection of its own.
inline long long raw_integer(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* query = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &query, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(query) == SQLITE_ROW);
    const long long value = sqlite3_column_int64(query, 0);
    sqlite3_finalize(query);
    sqlite3_close(db);
    return value;
}
