// libFuzzer: every value parser, with the first byte choosing the field.
#include <cstdint>
#include <string_view>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/model/values.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::values {

int test_one_input(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const auto fields = gpuclusters::model::field_catalogue();
    const auto& field = fields[data[0] % fields.size()];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    try {
        const auto value = gpuclusters::model::parse_field_value(field, text);
        // What a parser accepts must display, and must read back the same from its input syntax.
        (void)gpuclusters::model::display_value(field, value);
        if (gpuclusters::model::parse_field_value(field, gpuclusters::model::input_text(field, value)) != value) __builtin_trap();
    } catch (const gpuclusters::InputError&) {
    }
    try {
        (void)gpuclusters::model::understand_source_url(text);
    } catch (const gpuclusters::InputError&) {
    }
    try {
        (void)gpuclusters::model::parse_cluster_id(text);
    } catch (const gpuclusters::InputError&) {
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("values", nullptr, test_one_input);

}  // namespace gpuclusters::fuzz::values
