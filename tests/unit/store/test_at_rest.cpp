// The file whole at rest (issue 28): a write a signal stops rolls back; a commit it comes after
// stands and is folded in; a reader folds in the log a killed writer left.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "gpuclusters/ledger/records.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/store/store.hpp"
#include "raw_sql.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

void init_sample_at(const std::string& path) {
    ledger::initialise(path, model::Changeset{0, "2026-11-30T12:00:00Z", "tester", "sample", "gpuclusters init --sample"},
                       "2026-11-30");
}

long long changesets_in(const std::string& path) { return raw_integer(path, "SELECT count(*) FROM changeset"); }

std::uintmax_t log_size(const std::string& path) {
    std::error_code error;
    const auto size = std::filesystem::file_size(path + "-wal", error);
    return error ? 0 : size;
}

const model::Changeset a_changeset{0, "2026-11-30T12:00:00Z", "tester", "test", "gpuclusters add"};

}  // namespace

TEST_CASE("a signal before a write commits may end the process at once; one asked to stop does not commit") {
    ScratchDir dir;
    const std::string path = (dir.path / "stop.db").string();
    init_sample_at(path);
    store::forget_stop_request();
    {
        auto store = store::Store::open(path);
        // Before a write begins, and while it is under way uncommitted, the file is as it was.
        CHECK_FALSE(store::stop_writing(SIGTERM));
        store.with_write_transaction([&] {
            store.insert_changeset(a_changeset);
            CHECK_FALSE(store::stop_writing(SIGTERM));
            return false;  // rolled back
        });
        CHECK(store::stop_signal() == 0);
    }
    CHECK(changesets_in(path) == 1);
    {
        // A stop asked before (by a commit's signal) stops the next write before it begins.
        auto store = store::Store::open(path);
        store.with_write_transaction([&] {
            store.insert_changeset(a_changeset);
            return true;
        });
        CHECK(store::stop_writing(SIGTERM));
        CHECK_THROWS_WITH_AS(
            store.with_write_transaction([] { return true; }),
            doctest::Contains("stopped by SIGTERM before the write was committed: it was rolled back; nothing written"), Stopped);
    }
    CHECK(changesets_in(path) == 2);
    CHECK(log_size(path) == 0);
    store::forget_stop_request();
    CHECK(store::stop_signal() == 0);
}

TEST_CASE("a commit a signal comes after stands, and the store folds it into the file") {
    ScratchDir dir;
    const std::string path = (dir.path / "late.db").string();
    init_sample_at(path);
    store::forget_stop_request();
    {
        auto store = store::Store::open(path);
        store.with_write_transaction([&] {
            store.insert_changeset(a_changeset);
            return true;
        });
        CHECK(store::stop_writing(SIGINT));  // committed, not yet folded in: the store closes first
        CHECK(store.close_at_rest());
    }
    CHECK(changesets_in(path) == 2);
    CHECK(log_size(path) == 0);
    store::forget_stop_request();
}

TEST_CASE("a reader folds into the file the log a killed writer left beside it") {
    ScratchDir dir;
    const std::string path = (dir.path / "killed.db").string();
    init_sample_at(path);
    // A holder with a read transaction open keeps the writer from folding its log in; closed
    // without a checkpoint, it leaves the log as a killed writer would.
    sqlite3* holder = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &holder) == SQLITE_OK);
    REQUIRE(sqlite3_db_config(holder, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_exec(holder, "PRAGMA journal_mode = WAL; BEGIN; SELECT count(*) FROM cluster;", nullptr, nullptr, nullptr) ==
            SQLITE_OK);
    {
        auto store = store::Store::open(path);
        store.with_write_transaction([&] {
            store.insert_changeset(a_changeset);
            return true;
        });
        CHECK_FALSE(store.close_at_rest());  // another connection holds the file
    }
    sqlite3_exec(holder, "COMMIT", nullptr, nullptr, nullptr);
    sqlite3_close(holder);
    REQUIRE(log_size(path) > 0);
    // The file alone lacks the write: a copy of it shows the one changeset of the sample.
    const std::string alone = (dir.path / "alone.db").string();
    std::filesystem::copy_file(path, alone);
    CHECK(changesets_in(alone) == 1);

    { auto reader = store::Store::open(path, store::Access::read_only); }
    CHECK(log_size(path) == 0);
    std::filesystem::copy_file(path, alone, std::filesystem::copy_options::overwrite_existing);
    CHECK(changesets_in(alone) == 2);
}

namespace {

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("a writer in rollback-journal mode whose write is rolled back leaves every byte; a WAL writer moves the header") {
    ScratchDir dir;
    const std::string path = (dir.path / "dry.db").string();
    init_sample_at(path);
    const std::string before = bytes_of(path);
    const auto write_rolled_back = [&](store::Journal journal) {
        auto store = store::Store::open(path, store::Access::read_write, store::Restored::refuse, journal);
        store.with_write_transaction([&] {
            store.insert_changeset(a_changeset);
            return false;
        });
        store.close_at_rest();
    };
    write_rolled_back(store::Journal::rollback);
    CHECK(bytes_of(path) == before);
    write_rolled_back(store::Journal::write_ahead);
    const std::string after = bytes_of(path);
    REQUIRE(after.size() == before.size());
    CHECK(after.compare(100, std::string::npos, before, 100, std::string::npos) == 0);  // every page but the header's
    CHECK(after.substr(24, 4) != before.substr(24, 4));                                 // its change counter moved
    CHECK(changesets_in(path) == 1);
}

TEST_CASE("a writer switched to WAL mode before it writes for good leaves the file at rest, its write in it") {
    ScratchDir dir;
    const std::string path = (dir.path / "edit.db").string();
    init_sample_at(path);
    {
        auto store = store::Store::open(path, store::Access::read_write, store::Restored::refuse, store::Journal::rollback);
        store.use_write_ahead_log();
        store.with_write_transaction([&] {
            store.insert_changeset(a_changeset);
            return true;
        });
        CHECK(raw_integer(path, "SELECT count(*) FROM changeset") == 2);
        CHECK(store.close_at_rest());
    }
    CHECK(log_size(path) == 0);
    CHECK(changesets_in(path) == 2);
}

TEST_CASE("a link or folder where SQLite keeps a file beside the database: a writer refuses it untouched") {
    ScratchDir dir;
    const std::string path = (dir.path / "beside.db").string();
    init_sample_at(path);
    const std::string before = bytes_of(path);
    for (const char* suffix : {"-wal", "-shm", "-journal"}) {
        CAPTURE(suffix);
        std::filesystem::create_symlink("/dev/null", path + suffix);
        CHECK_THROWS_WITH_AS(store::Store::open(path), doctest::Contains("is a symbolic link, not a file SQLite made"),
                             DatabaseError);
        std::filesystem::remove(path + suffix);
        std::filesystem::create_directory(path + suffix);
        CHECK_THROWS_WITH_AS(store::Store::open(path), doctest::Contains("is not a regular file"), DatabaseError);
        std::filesystem::remove(path + suffix);
    }
    CHECK(bytes_of(path) == before);
}
