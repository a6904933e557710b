// One libFuzzer binary for every harness, the one GPUCLUSTERS_FUZZ_HARNESS names: sixteen binaries
// compiled the project's headers sixteen times and linked sixteen times, about 270 s of compile
// and link jobs in CI's sanitizer build (its .ninja_log, four jobs on two cores) against 44 s.
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "harness.hpp"

namespace gpuclusters::fuzz {

namespace {

struct Harness {
    const char* name;
    Initialize initialize;
    TestOneInput test_one_input;
};

// A function's static: the harnesses register from their own static initialisers, in any order.
std::vector<Harness>& harnesses() {
    static std::vector<Harness> registered;
    return registered;
}

const Harness* chosen = nullptr;

}  // namespace

bool register_harness(const char* name, Initialize initialize, TestOneInput test_one_input) {
    // Two harnesses of one name: the one run would depend on the order of static initialisers.
    for (const auto& harness : harnesses()) {
        if (std::string_view(harness.name) == name) {
            std::fprintf(stderr, "fuzz_gpuclusters: two harnesses named %s\n", name);
            std::abort();
        }
    }
    harnesses().push_back({name, initialize, test_one_input});
    return true;
}

}  // namespace gpuclusters::fuzz

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    using gpuclusters::fuzz::harnesses;
    const char* wanted = std::getenv("GPUCLUSTERS_FUZZ_HARNESS");
    for (const auto& harness : harnesses()) {
        if (wanted && std::string_view(wanted) == harness.name) gpuclusters::fuzz::chosen = &harness;
    }
    if (!gpuclusters::fuzz::chosen) {
        std::fprintf(stderr, "fuzz_gpuclusters: GPUCLUSTERS_FUZZ_HARNESS must name one of:");
        for (const auto& harness : harnesses()) std::fprintf(stderr, " %s", harness.name);
        std::fprintf(stderr, "\n");
        std::exit(2);
    }
    return gpuclusters::fuzz::chosen->initialize ? gpuclusters::fuzz::chosen->initialize() : 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return gpuclusters::fuzz::chosen->test_one_input(data, size);
}
