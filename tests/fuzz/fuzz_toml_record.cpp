// libFuzzer: the TOML record reader (db/sample/*.toml, export --format toml, edit).
#include <cstdint>
#include <string_view>

#include "formats/record_toml.hpp"
#include "gpuclusters/model/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        (void)gpuclusters::formats::read_toml_record(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.toml");
    } catch (const gpuclusters::InputError&) {
    }
    return 0;
}
