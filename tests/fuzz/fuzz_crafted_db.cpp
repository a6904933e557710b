// libFuzzer: write commands on a crafted database (issue 28). The harness makes a database once
// (init --sample, then a few writes, so that revert has changesets to undo and a field has a
// competing figure); each input alters a copy of it with SQL (the menu of crafted_db.hpp: values,
// rows, columns, tables, triggers, views, indexes, the header), then runs one write command (add,
// cite, rank, revert, an import of a TOML, CSV or JSON Lines record, check --repair, verify
// --sign, and writes whose input is refused once the file is open) and two read commands on it.
// Property: every command ends in a documented status (0 to 4: never 70, a crash, a leak or a
// hang); a write refused (3 or 4) leaves no write-ahead log beside the file, and leaves the file
// as it was: byte for byte when it was refused as it was opened (the message says "left
// untouched"), and otherwise byte for byte but for what crafted_db.hpp's refused_write_change
// lets pass (a writer's switch to WAL mode and back, its sync of gpu_catalogue) unless
// GPUCLUSTERS_FUZZ_STRICT is set. A read command leaves the file byte for byte as it was.
//
// Input: byte 0 chooses the write, byte 1 the reads, byte 2 the number of alterations (up to 8),
// then 5 bytes an alteration, then text that an alteration may write as a value.
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
#include "crafted_db.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::crafted_db {

namespace {

std::string pristine;

struct Outcome {
    int status;
    std::string err;
};

Outcome run(const std::vector<std::string>& args) {
    std::vector<std::string> full{"--db", "crafted.db"};
    full.insert(full.end(), args.begin(), args.end());
    std::ostringstream out, err;
    const int status = gpuclusters::commands::run_cli(full, out, err);
    if (status < 0 || status > 4) {
        std::fprintf(stderr, "gpuclusters");
        for (const auto& arg : full) std::fprintf(stderr, " %s", arg.c_str());
        std::fprintf(stderr, "\nexit %d: %s\n", status, err.str().c_str());
        std::abort();
    }
    return {status, err.str()};
}

std::vector<std::string> write_command(std::uint8_t what, std::uint8_t how, const std::string& tail) {
    const std::string value = how & 0x80 ? tail : std::string("Bern");
    switch (what % 18) {
        case 0:
            return {"add", "cscs-alps", "--set", "city=" + value, "--source", "https://example.org/fuzz", "--kind", "operator"};
        case 1:
            return {"add", "cscs-alps", "--set", "gpus_installed=12,000", "--keep-previous", "--unsourced"};
        case 2:
            return {"add", "fuzz-new", "--new", "--name", "Fuzz New", "--set", "gpus_installed=128 x 8", "--unsourced"};
        case 3:
            return {"cite",   "acme-one", "gpus_installed", "--value",   "2,048", "--source", "https://example.org/c",
                    "--kind", "press",    "--quote",        "2,048 GPUs"};
        case 4:
            return {"rank",    "acme-one", "gpus_installed", how % 2 ? "deprecated" : "preferred",
                    "--value", "1,024",    "--reason",       "fuzz"};
        case 5: {
            std::vector<std::string> args{"revert", std::to_string(1 + how % 6)};
            if (how & 0x40) args.push_back("--force");
            return args;
        }
        case 6:
            return {"import", "--unsourced", "record.toml"};
        case 7:
            return {"import", "--unsourced", "record.csv"};
        case 8:
            return {"check", "--repair"};
        case 9:
            return {"verify", "--sign", "acme-one"};
        case 10:
            return {"add", "cscs-alps", "--not-published", "power_mw", "--unsourced"};
        case 11:
            return {"import", "record.jsonl"};
        case 12:
            return {"rank", "cscs-alps", "gpus_installed", "normal", "--reason", "fuzz"};
        case 13:
            return {"add", "acme-one", "--set", "owner=" + value, "--unsourced", "--keep-previous"};
        // Input refused once the file is open for writing.
        case 14:
            return {"rank", "cscs-alps", "owner", "preferred", "--value", "Nobody", "--reason", "fuzz"};
        case 15:
            return {"import", "--unsourced", "bad.toml"};
        case 16:
            return {"revert", "99"};
        default:
            return {"add", "no-such-cluster", "--set", "city=Bern", "--unsourced"};
    }
}

const std::vector<std::vector<std::string>> reads{{"list"},
                                                  {"show", "cscs-alps", "--all"},
                                                  {"log", "-n", "3"},
                                                  {"verify"},
                                                  {"sources"},
                                                  {"blame", "acme-one"},
                                                  {"export", "--format", "jsonl", "--provenance"},
                                                  {"compare", "alcf-aurora", "cscs-alps"},
                                                  {"stats"},
                                                  {"check"},
                                                  {"list", "--where", "gpus_installed>5"},
                                                  {"show", "acme-one"},
                                                  {"export", "--format", "csv"},
                                                  {"compare", "acme-one", "--as-of", "2"}};

}  // namespace

int initialize() {
    crafting::start_in_scratch("gpuclusters-fuzz-crafted", "crafted.db");
    crafting::setup("crafted.db", {"rank", "acme-one", "gpus_installed", "normal", "--value", "1,024", "--reason", "older"});
    crafting::setup("crafted.db", {"add", "cscs-alps", "--set", "owner=CSCS", "--keep-previous", "--unsourced"});
    pristine = crafting::read_bytes("crafted.db");
    std::ofstream("record.toml") << "format = 1\nid = \"cscs-alps\"\n\n[field.city]\nvalue = \"Lugano\"\n\n"
                                    "[field.gpus_installed]\nvalue = \"2688 x 4\"\n";
    std::ofstream("bad.toml") << "format = 1\nid = \"cscs-alps\"\n\n[field.gpus_installed]\nvalue = \"12k\"\n";
    std::ofstream("record.csv") << "id,name,gpus_installed\ncscs-alps,Alps,10752\nfuzz-csv,Fuzz CSV,64\n";
    std::ofstream("record.jsonl")
        << R"({"format":"gpuclusters","version":1,"provenance":true})"
        << "\n"
        << R"({"id":"acme-one","sources":[{"url":"https://example.org/acme","kind":"operator"}],)"
        << R"("claims":[{"field":"owner","value":"Acme","rank":"preferred","citations":[{"source":)"
        << R"("https://example.org/acme","quote":"Acme"}]},{"field":"owner","value":"Acme Corp","rank":"normal",)"
        << R"("citations":[{"source":"https://example.org/acme","quote":"q"}]}]})"
        << "\n";
    return 0;
}

int test_one_input(const std::uint8_t* data, std::size_t size) {
    if (pristine.empty()) std::abort();
    if (size < 3) return 0;
    const std::size_t ops = std::min<std::size_t>(data[2] % 9, (size - 3) / crafting::op_size);
    const std::string tail(reinterpret_cast<const char*>(data) + 3 + ops * crafting::op_size, size - 3 - ops * crafting::op_size);
    for (const char* file : {"crafted.db-wal", "crafted.db-shm", "crafted.db-journal"}) std::filesystem::remove(file);
    crafting::write_bytes("crafted.db", pristine);
    crafting::craft("crafted.db", data + 3, ops, tail);

    const std::string before = crafting::read_bytes("crafted.db");
    const auto args = write_command(data[0], data[1], tail);
    const Outcome write = run(args);
    if (write.status == 3 || write.status == 4) {
        const bool untouched = write.err.find("left untouched") != std::string::npos;
        if (const auto change = crafting::refused_write_change(before, "crafted.db", untouched); !change.empty()) {
            std::fprintf(stderr, "%s %s was refused (exit %d) but changed the file %s: %s\n", args[0].c_str(),
                         args.size() > 1 ? args[1].c_str() : "", write.status, change.c_str(), write.err.c_str());
            std::abort();
        }
        std::error_code missing;
        if (std::filesystem::file_size("crafted.db-wal", missing) > 0 && !missing) {
            std::fprintf(stderr, "%s was refused (exit %d) but left a write-ahead log: %s\n", args[0].c_str(), write.status,
                         write.err.c_str());
            std::abort();
        }
    }
    const std::string written = crafting::read_bytes("crafted.db");
    for (const auto& read : {reads[data[1] % reads.size()], reads[(data[1] / reads.size()) % reads.size()]}) {
        const Outcome outcome = run(read);
        if (const auto at = crafting::first_difference(written, crafting::read_bytes("crafted.db"), false);
            at != std::string::npos) {
            std::fprintf(stderr, "%s (exit %d) changed the file at byte %zu: %s\n", read[0].c_str(), outcome.status, at,
                         outcome.err.c_str());
            std::abort();
        }
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("crafted_db", initialize, test_one_input);

}  // namespace gpuclusters::fuzz::crafted_db
