// cluster_alias through the store: the newest row of an alias decides, as of any changeset; what a
// changeset did to aliases, with how each stood before; the rows are append-only.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/store/store.hpp"
#include "scratch_database.hpp"

using namespace gpuclusters;

namespace {

// Changesets 1 to 4; clusters a, b and c made in the first.
long long alias_changeset(store::Store& store) {
    return store.insert_changeset({0, "2026-11-30T12:00:00Z", "tester", "", "test"});
}

// Whether SQLite refuses a statement on the file, run behind the store's back.
bool refused(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
    sqlite3_close(db);
    return rc != SQLITE_OK;
}

}  // namespace

TEST_CASE("aliases: the newest row decides, as of any changeset; a changeset's alias changes") {
    ScratchDatabase db;
    db.store.with_write_transaction([&] {
        const long long first = alias_changeset(db.store);
        for (const char* id : {"a", "b", "c"}) db.store.insert_cluster(id, first);
        db.store.insert_alias("b", "a", alias_changeset(db.store), false);  // 2: b merged into a
        db.store.insert_alias("b", "a", alias_changeset(db.store), true);   // 3: reverted
        db.store.insert_alias("b", "c", alias_changeset(db.store), false);  // 4: b merged into c
        return true;
    });
    CHECK_FALSE(db.store.alias_target("b", 1));
    CHECK(db.store.alias_target("b", 2) == "a");
    CHECK_FALSE(db.store.alias_target("b", 3));
    CHECK(db.store.alias_target("b") == "c");
    CHECK_FALSE(db.store.alias_target("a"));
    CHECK(db.store.alias_made_in("b") == 4);
    CHECK(db.store.alias_made_in("b", 2) == 2);
    CHECK(db.store.aliases_of("c") == std::vector<std::string>{"b"});
    CHECK(db.store.aliases_of("a").empty());

    const auto made = db.store.alias_changes_in(2);
    REQUIRE(made.size() == 1);
    CHECK(made[0].in_force);
    CHECK_FALSE(made[0].before);
    const auto withdrawn = db.store.alias_changes_in(3);
    REQUIRE(withdrawn.size() == 1);
    CHECK_FALSE(withdrawn[0].in_force);
    CHECK(withdrawn[0].before == "a");
    const auto again = db.store.alias_changes_in(4);
    REQUIRE(again.size() == 1);
    CHECK(again[0].cluster_id == "c");
    CHECK_FALSE(again[0].before);
    CHECK(db.store.alias_changes_in(1).empty());

    CHECK(refused(db.path(), "UPDATE cluster_alias SET withdrawn = 1"));
    CHECK(refused(db.path(), "DELETE FROM cluster_alias"));
    CHECK(refused(db.path(), "INSERT INTO cluster_alias VALUES ('a', 'c', 4, 2)"));
}
