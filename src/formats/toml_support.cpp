#include "formats/toml_support.hpp"

#include <fmt/format.h>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::formats {

std::string toml_place(const std::string& file, const toml::node& node) {
    const auto& begin = node.source().begin;
    return fmt::format("{}:{}:{}", file, begin.line, begin.column);
}

void toml_fail(const std::string& file, const toml::node& node, const std::string& what) {
    throw InputError(fmt::format("{}: {}", toml_place(file, node), what));
}

toml::table parse_toml(std::string_view content, const std::string& file) {
    if (const auto bad = text::find_invalid_utf8(content)) {
        throw InputError(fmt::format("{}: invalid UTF-8 at byte {}", file, *bad));
    }
    try {
        return toml::parse(content, file);
    } catch (const toml::parse_error& error) {
        const auto& begin = error.source().begin;
        throw InputError(fmt::format("{}:{}:{}: {}", file, begin.line, begin.column, error.description()));
    }
}

}  // namespace gpuclusters::formats
