// ledger::backup: a copy made with SQLite's online backup, whole on its own, written atomically,
// replacing only an earlier backup.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>

#include "gpuclusters/ledger/records.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/store/store.hpp"
#include "raw_sql.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

long long changesets_in_copy(const std::string& path) { return raw_integer(path, "SELECT count(*) FROM changeset"); }

}  // namespace

TEST_CASE("a backup is whole on its own, replaces only an earlier backup, and never the database") {
    ScratchDir dir;
    const std::string path = (dir.path / "live.db").string();
    ledger::initialise(path, model::Changeset{0, "2026-11-30T12:00:00Z", "tester", "sample", "gpuclusters init --sample"},
                       "2026-11-30");
    const std::string copy = (dir.path / "copy.db").string();
    auto store = store::Store::open(path, store::Access::read_only);
    const auto result = ledger::backup(store, copy);
    CHECK(result.copy.clusters == 6);
    CHECK(result.copy.newest_changeset == 1);
    CHECK(result.copy.schema_version == store::current_schema_version());
    CHECK(result.copy.bytes == static_cast<long long>(std::filesystem::file_size(copy)));
    CHECK_FALSE(std::filesystem::exists(copy + "-wal"));
    CHECK(changesets_in_copy(copy) == 1);
    CHECK_NOTHROW(ledger::backup(store, copy));                                    // an earlier backup is replaced
    CHECK(std::distance(std::filesystem::directory_iterator(dir.path), {}) == 2);  // no temporary left

    const std::string notes = (dir.path / "notes.txt").string();
    { std::ofstream(notes) << "my notes\n"; }
    CHECK_THROWS_WITH_AS(ledger::backup(store, notes), doctest::Contains("is not a gpuclusters database"), InputError);
    CHECK(std::filesystem::file_size(notes) == 9);
    CHECK_THROWS_WITH_AS(ledger::backup(store, path), doctest::Contains("is the database itself"), InputError);
}
