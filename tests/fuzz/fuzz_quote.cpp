// libFuzzer: the quote reader on any text (issue 28: quotes are typed by editors and pasted from
// pages, and every verify reads them). Whatever the text, it reads without a crash, a hang or an
// exception, and every quantity it gives points at bytes of the quote.
#include <cstdint>
#include <string_view>

#include "formats/rules_config.hpp"
#include "gpuclusters/rules/quote_reader.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::quote {

namespace {

const gpuclusters::rules::Config& config() {
    static const gpuclusters::rules::Config built = [] {
        auto made = gpuclusters::formats::default_rules_config();
        made.build_quote_reader();
        return made;
    }();
    return built;
}

}  // namespace

int test_one_input(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    // The first byte dates the quote (1990 to 2245), the rest is the quote.
    const int year = 1990 + data[0];
    const std::string_view quote(reinterpret_cast<const char*>(data + 1), size - 1);
    const auto& reader = config().quote_reader();
    for (const auto& quantity : reader.quantities(quote, year)) {
        if (quantity.begin > quantity.end || quantity.end > quote.size()) __builtin_trap();
    }
    (void)reader.status_events(quote, year);
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("quote", nullptr, test_one_input);

}  // namespace gpuclusters::fuzz::quote
