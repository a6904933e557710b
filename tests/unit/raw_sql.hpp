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
