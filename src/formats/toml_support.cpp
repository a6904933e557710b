#include "formats/toml_support.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <optional>

#include "formats/limits.hpp"
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

namespace {

// Where a string (or a quoted key) of a TOML text first passes max_input_string_bytes, if one
// does: toml++ would otherwise hold it, and copy it, before the reader could refuse it. A text
// that is not valid TOML is left for toml++ to report.
std::optional<std::size_t> overlong_string(std::string_view content) {
    enum class In { code, comment, basic, literal, multiline_basic, multiline_literal };
    In in = In::code;
    std::size_t length = 0;
    auto starts = [&](std::size_t at, std::string_view what) { return content.substr(at, what.size()) == what; };
    for (std::size_t i = 0; i < content.size(); ++i) {
        const char c = content[i];
        switch (in) {
            case In::code:
                if (c == '#') {
                    in = In::comment;
                } else if (c == '"' || c == '\'') {
                    const bool multiline = starts(i, c == '"' ? R"(""")" : "'''");
                    in = c == '"' ? (multiline ? In::multiline_basic : In::basic) : (multiline ? In::multiline_literal : In::literal);
                    if (multiline) i += 2;
                    length = 0;
                }
                continue;
            case In::comment:
                if (c == '\n') in = In::code;
                continue;
            case In::basic:
            case In::literal:
                if (c == '\n' || c == (in == In::basic ? '"' : '\'')) {
                    in = In::code;
                    continue;
                }
                if (in == In::basic && c == '\\') ++i, ++length;
                break;
            case In::multiline_basic:
            case In::multiline_literal:
                if (starts(i, in == In::multiline_basic ? R"(""")" : "'''")) {
                    // Up to two quotes before the closing three are the string's own ("""a"""").
                    std::size_t run = 3;
                    while (run < 5 && i + run < content.size() && content[i + run] == c) ++run;
                    in = In::code;
                    i += run - 1;
                    continue;
                }
                if (in == In::multiline_basic && c == '\\') ++i, ++length;
                break;
        }
        if (++length > max_input_string_bytes) return i;
    }
    return std::nullopt;
}

}  // namespace

toml::table parse_toml(std::string_view content, const std::string& file) {
    if (const auto bad = text::find_invalid_utf8(content)) {
        throw InputError(fmt::format("{}: invalid UTF-8 at byte {}", file, *bad));
    }
    if (const auto at = overlong_string(content)) {
        const std::size_t line_start = content.rfind('\n', *at);
        const auto line = 1 + static_cast<std::size_t>(std::count(content.begin(), content.begin() + static_cast<std::ptrdiff_t>(*at), '\n'));
        const std::size_t column = *at + 1 - (line_start == std::string_view::npos ? 0 : line_start + 1);
        throw InputError(fmt::format("{}:{}:{}: a string longer than {} bytes; {}", file, line, column, max_input_string_bytes,
                                     longest_field_text));
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
