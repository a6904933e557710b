// libFuzzer: the JSON record reader (export format 1).
#include <cstdint>
#include <string_view>

#include "formats/interchange.hpp"
#include "gpuclusters/model/error.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::json_record {

int test_one_input(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto json = gpuclusters::formats::Json::parse(text, nullptr, false);
    if (json.is_discarded()) return 0;
    try {
        (void)gpuclusters::formats::record_from_json(json, "fuzz");
    } catch (const gpuclusters::InputError&) {
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("json_record", nullptr, test_one_input);

}  // namespace gpuclusters::fuzz::json_record
