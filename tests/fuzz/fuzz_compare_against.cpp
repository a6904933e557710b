// libFuzzer: `compare --against OTHER.db` with a crafted other database (issue 28). The harness
// makes a database once (init --sample and a few writes); each input alters a copy of it with SQL
// (the menu of crafted_db.hpp) and then, when it asks, patches its bytes (records of a 4-byte
// offset, a length byte and that many bytes, as fuzz_database does), and compares the database
// with it, with or without --provenance and --fields, or compares the crafted copy with the
// database. Property: the comparison ends in a documented status (0 or 1; 2 when a file whose
// header is no longer SQLite's has no format to be read in; 3 for a snapshot it refuses; 4 for a
// database it cannot read; never 70, a crash, a leak or a hang), and neither file is changed.
//
// Input: byte 0 the options (bit 0 --provenance, bit 1 --fields, bit 2 patch bytes, bit 3 the
// crafted copy is the database and the other the snapshot), byte 1 the number of alterations
// (up to 8), then 5 bytes an alteration, then the byte patches and text an alteration may write.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "commands/command.hpp"
#include "crafted_db.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::compare_against {

namespace {

std::string pristine;

}  // namespace

int initialize() {
    crafting::start_in_scratch("gpuclusters-fuzz-against", "here.db");
    pristine = crafting::read_bytes("here.db");
    return 0;
}

int test_one_input(const std::uint8_t* data, std::size_t size) {
    if (pristine.empty()) std::abort();
    if (size < 2) return 0;
    const std::uint8_t options = data[0];
    const std::size_t ops = std::min<std::size_t>(data[1] % 9, (size - 2) / crafting::op_size);
    const std::uint8_t* rest = data + 2 + ops * crafting::op_size;
    const std::size_t rest_size = size - 2 - ops * crafting::op_size;
    const std::string tail(reinterpret_cast<const char*>(rest), rest_size);
    for (const char* name : {"here.db", "other.db"}) {
        for (const char* suffix : {"-wal", "-shm", "-journal"}) std::filesystem::remove(std::string(name) + suffix);
    }
    crafting::write_bytes("here.db", pristine);
    crafting::write_bytes("other.db", pristine);
    crafting::craft("other.db", data + 2, ops, tail);
    if (options & 4) {
        std::string bytes = crafting::read_bytes("other.db");
        for (std::size_t at = 0; at + 5 <= rest_size && !bytes.empty();) {
            const std::uint32_t offset = static_cast<std::uint32_t>(rest[at]) << 24 |
                                         static_cast<std::uint32_t>(rest[at + 1]) << 16 |
                                         static_cast<std::uint32_t>(rest[at + 2]) << 8 | rest[at + 3];
            const std::size_t length = rest[at + 4];
            at += 5;
            for (std::size_t i = 0; i < length && at < rest_size; ++i, ++at)
                bytes[(offset + i) % bytes.size()] = static_cast<char>(rest[at]);
        }
        crafting::write_bytes("other.db", bytes);
    }
    const std::string here_before = crafting::read_bytes("here.db");
    const std::string other_before = crafting::read_bytes("other.db");

    const bool swapped = options & 8;
    std::vector<std::string> args{"--db", swapped ? "other.db" : "here.db", "compare", "--against",
                                  swapped ? "here.db" : "other.db"};
    if (options & 1) args.push_back("--provenance");
    if (options & 2) args.insert(args.end(), {"--fields", "gpus_installed,owner,power_mw"});
    std::ostringstream out, err;
    const int status = gpuclusters::commands::run_cli(args, out, err);
    if (status < 0 || status > 4) {
        std::fprintf(stderr, "compare --against: exit %d: %s\n", status, err.str().c_str());
        std::abort();
    }
    if (crafting::read_bytes("here.db") != here_before || crafting::read_bytes("other.db") != other_before) {
        std::fprintf(stderr, "compare --against changed a database (exit %d): %s\n", status, err.str().c_str());
        std::abort();
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("compare_against", initialize, test_one_input);

}  // namespace gpuclusters::fuzz::compare_against
