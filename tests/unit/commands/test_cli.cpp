// The command line as a whole (run_cli), on real files: usage errors before any file is opened,
// readers that leave the database's bytes as they were, and a registry that names each command once.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "commands/command.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

struct Run {
    int status = 0;
    std::string out, err;
};

Run run(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    Run result;
    result.status = commands::run_cli(args, out, err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

std::string bytes_of(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("usage errors exit 2 before any file is opened: a missing database is not created") {
    ScratchDir dir;
    const std::string missing = dir.file("missing.db");
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"--db", missing, "compare", "a"},
             {"--db", missing, "add", "x", "--quote", "foo"},
             {"--db", missing, "shwo"},
             {"--db", missing, "list", "--bogus"},
         }) {
        CAPTURE(args.back());
        const auto result = run(args);
        CHECK(result.status == 2);
        CHECK(result.out.empty());
        CHECK(result.err.starts_with("gpuclusters: error: "));
        CHECK_FALSE(std::filesystem::exists(missing));
    }
}

TEST_CASE("read commands leave the database file byte for byte as it was") {
    ScratchDir dir;
    const std::string db = dir.file("sample.db");
    REQUIRE(run({"--db", db, "init", "--sample"}).status == 0);
    const std::string before = bytes_of(db);
    REQUIRE_FALSE(before.empty());
    const std::string id = [&] {
        const auto listed = run({"--db", db, "list", "--json"});
        const auto at = listed.out.find("\"id\": \"");
        REQUIRE(at != std::string::npos);
        return listed.out.substr(at + 7, listed.out.find('"', at + 7) - at - 7);
    }();
    for (const auto& args : std::vector<std::vector<std::string>>{{"list"},
                                                                  {"show", id},
                                                                  {"export", "--format", "csv"},
                                                                  {"verify"},
                                                                  {"log"},
                                                                  {"sources"},
                                                                  {"blame", id},
                                                                  {"compare", id, "--as-of", "1"},
                                                                  {"compare", "--against", db}}) {
        CAPTURE(args.front());
        std::vector<std::string> full{"--db", db};
        full.insert(full.end(), args.begin(), args.end());
        const auto result = run(full);
        CHECK(result.status == 0);
        CHECK_FALSE(result.out.empty());
        CHECK(bytes_of(db) == before);
        CHECK_FALSE(std::filesystem::exists(db + "-wal"));
    }
}

TEST_CASE("the registry names every command once, each with a summary") {
    std::set<std::string_view> names;
    for (const auto& command : commands::command_registry()) {
        CAPTURE(command.name);
        CHECK(names.insert(command.name).second);
        CHECK_FALSE(command.summary.empty());
        CHECK(static_cast<bool>(command.make));
    }
    for (std::string_view core : {"add", "cite", "verify", "compare", "export", "import", "init", "list", "show"}) {
        CHECK(names.contains(core));
    }
}
