// libFuzzer: the verify configuration reader, which compiles user patterns with PCRE2.
#include <cstdint>
#include <string_view>

#include "formats/rules_config.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/rules/rules.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const auto defaults = gpuclusters::formats::default_rules_config();
    auto config = defaults;
    try {
        gpuclusters::formats::apply_rules_config(config, std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.toml");
        (void)config.planned_wording.first_match("secured access to 2,304 GPUs");
    } catch (const gpuclusters::InputError&) {
    }
    return 0;
}
