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

TomlSource::TomlSource(std::string_view content) : content_(content) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < content.size(); ++i) {
        if (content[i] == '\n') line_starts_.push_back(i + 1);
    }
}

std::string TomlSource::number_token(const toml::node& node) const {
    const auto& begin = node.source().begin;
    if (begin.line == 0 || begin.line > line_starts_.size()) return {};
    // toml++ counts columns in code points, not bytes.
    std::size_t at = line_starts_[begin.line - 1];
    auto continuation = [&](std::size_t i) {
        return i < content_.size() && (static_cast<unsigned char>(content_[i]) & 0xC0) == 0x80;
    };
    for (auto column = begin.column; column > 1 && at < content_.size(); --column) {
        ++at;
        while (continuation(at)) ++at;
    }
    std::string token;
    for (; at < content_.size(); ++at) {
        const char c = content_[at];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == ']' || c == '}' || c == '#') break;
        if (c == '_' || (c == '+' && token.empty())) continue;
        token += c;
    }
    return token;
}

}  // namespace gpuclusters::formats
