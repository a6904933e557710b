// libFuzzer: the JSON record reader (export format 1).
#include <cstdint>
#include <string_view>

#include "formats/interchange.hpp"
#include "gpuclusters/model/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto json = gpuclusters::formats::Json::parse(text, nullptr, false);
    if (json.is_discarded()) return 0;
    try {
        (void)gpuclusters::formats::record_from_json(json, "fuzz");
    } catch (const gpuclusters::InputError&) {
    }
    return 0;
}
