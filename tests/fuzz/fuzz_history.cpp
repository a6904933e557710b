// libFuzzer: a property of the history (issue 28). The input is a program of writes, each a few
// bytes: add, cite, rank, revert, an import of a small record with a competing figure, and a
// field marked not published, on four clusters, six fields and a few values and sources. Whatever
// the program, each command ends in its documented statuses (never an internal error), and after
// it `gpuclusters check` finds the derived tables (current values, live claims, search) equal to
// what they recompute from the history.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "commands/command.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::history {

namespace {

constexpr int internal_error = 70;

int run(const std::vector<std::string>& args) {
    std::vector<std::string> full{"--db", "history.db"};
    full.insert(full.end(), args.begin(), args.end());
    std::ostringstream out, err;
    const int status = gpuclusters::commands::run_cli(full, out, err);
    if (status == internal_error) {
        std::fprintf(stderr, "internal error: %s\n", err.str().c_str());
        __builtin_trap();
    }
    return status;
}

const char* const clusters[] = {"alpha-one", "beta-two", "gamma-three", "delta-four"};
const char* const fields[] = {"owner", "city", "gpus_installed", "power_mw", "status", "gpu_model"};
const char* const values[6][3] = {{"Acme", "Beta Corp", "Gamma"},
                                  {"Paris", "Oslo", "Lyon"},
                                  {"1,000", "128 x 8", "~2,000"},
                                  {"21.1", "40 (estimate: Epoch AI)", "3"},
                                  {"operational", "announced", "under construction"},
                                  {"NVIDIA H100", "AMD Instinct MI300X", "NVIDIA GH200"}};

std::string source(std::uint8_t byte) { return "https://example.org/s" + std::to_string(byte % 3); }

}  // namespace

int initialize() {
    std::string pattern = (std::filesystem::temp_directory_path() / "gpuclusters-fuzz-history-XXXXXX").string();
    std::filesystem::current_path(mkdtemp(pattern.data()));
    setenv("GPUCLUSTERS_NOW", "2026-11-30T12:00:00Z", 1);
    unsetenv("GPUCLUSTERS_DB");
    return 0;
}

int test_one_input(const std::uint8_t* data, std::size_t size) {
    for (const char* file : {"history.db", "history.db-wal", "history.db-shm"}) std::filesystem::remove(file);
    run({"init"});
    int changesets = 0;
    // Each write is four bytes: what, which cluster and field, which value, which source or rank.
    constexpr std::size_t most_writes = 24;
    for (std::size_t at = 0; at + 4 <= size && at / 4 < most_writes; at += 4) {
        const std::uint8_t what = data[at], which = data[at + 1], value = data[at + 2], extra = data[at + 3];
        const std::string cluster = clusters[which % 4];
        const std::size_t field_index = (which / 4) % 6;
        const std::string field = fields[field_index];
        const std::string text = values[field_index][value % 3];
        int status = 0;
        switch (what % 6) {
            case 0:
                status =
                    run({"add", cluster, "--new", "--set", field + "=" + text, "--source", source(extra), "--kind", "operator"});
                if (status != 0)
                    status = run({"add", cluster, "--set", field + "=" + text, "--source", source(extra), "--kind", "operator"});
                break;
            case 1:
                status = run({"cite", cluster, field, "--value", text, "--source", source(extra), "--kind", "press", "--quote",
                              "about " + text});
                break;
            case 2: {
                static const char* const ranks[] = {"preferred", "normal", "deprecated"};
                status = run({"rank", cluster, field, ranks[extra % 3], "--value", text, "--reason", "fuzz"});
                break;
            }
            case 3:
                if (changesets > 0) {
                    std::vector<std::string> args{"revert", std::to_string(1 + extra % changesets)};
                    if (value % 2) args.push_back("--force");
                    status = run(args);
                }
                break;
            case 4: {
                std::ofstream("record.jsonl", std::ios::trunc)
                    << R"({"format":"gpuclusters","version":1,"provenance":true})"
                    << "\n"
                    << R"({"id":")" << cluster << R"(","sources":[{"url":")" << source(extra) << R"(","kind":"list"}],"claims":[)"
                    << R"({"field":")" << field << R"(","value":")" << text << R"(","rank":"preferred","citations":[{"source":")"
                    << source(extra) << R"("}]},{"field":")" << field << R"(","value":")" << values[field_index][(value + 1) % 3]
                    << R"(","rank":"normal","citations":[{"source":")" << source(extra) << R"(","quote":"q"}]}]})"
                    << "\n";
                status = run({"import", "record.jsonl"});
                break;
            }
            case 5:
                status = run({"add", cluster, "--not-published", field, "--source", source(extra), "--kind", "operator"});
                break;
        }
        if (status == 0) ++changesets;
    }
    if (run({"check"}) != 0) {
        std::fprintf(stderr, "check found the derived tables differ from the history\n");
        __builtin_trap();
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("history", initialize, test_one_input);

}  // namespace gpuclusters::fuzz::history
