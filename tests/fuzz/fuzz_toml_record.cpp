// libFuzzer: the TOML record reader (db/sample/*.toml, export --format toml, edit).
#include <cstdint>
#include <string_view>

#include "formats/record_toml.hpp"
#include "gpuclusters/model/error.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::toml_record {

int test_one_input(const std::uint8_t* data, std::size_t size) {
    try {
        (void)gpuclusters::formats::read_toml_record(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.toml");
    } catch (const gpuclusters::InputError&) {
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("toml_record", nullptr, test_one_input);

}  // namespace gpuclusters::fuzz::toml_record
