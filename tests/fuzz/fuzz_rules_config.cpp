// libFuzzer: the verify configuration reader, which compiles user patterns with PCRE2.
#include <cstdint>
#include <string_view>

#include "formats/rules_config.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::rules_config {

int test_one_input(const std::uint8_t* data, std::size_t size) {
    static const auto defaults = gpuclusters::formats::default_rules_config();
    auto config = defaults;
    try {
        gpuclusters::formats::apply_rules_config(config, std::string_view(reinterpret_cast<const char*>(data), size),
                                                 "fuzz.toml");
        (void)config.quote_reader().quantities("has secured access to 2,304 GPUs, about 3,500 H100e by 2027", 2026);
        (void)config.h100_equivalents.first_match("roughly 3,500 H100 equivalents");
    } catch (const gpuclusters::InputError&) {
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("rules_config", nullptr, test_one_input);

}  // namespace gpuclusters::fuzz::rules_config
