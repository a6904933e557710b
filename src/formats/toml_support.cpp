#include "formats/toml_support.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <optional>
#include <vector>

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

// What a TOML text passes first, if anything, and where: a string (or a quoted key) longer than
// max_input_string_bytes, which toml++ would otherwise hold and copy before the reader could
// refuse it; or keys and values nested deeper than max_toml_depth, which toml++ would parse, and
// free, by recursion as deep as the nesting, until the stack overflows (a key of 50,000 dotted
// parts is 100 KB). One pass, in constant memory but for the brackets open (at most
// max_toml_depth of them). A text that is not valid TOML is left for toml++ to report.
struct Beyond {
    std::size_t at = 0;
    std::string what;
};

std::optional<Beyond> beyond_bounds(std::string_view content) {
    enum class In { code, comment, basic, literal, multiline_basic, multiline_literal };
    In in = In::code;
    std::size_t length = 0;
    auto starts = [&](std::size_t at, std::string_view what) { return content.substr(at, what.size()) == what; };
    // The depth of a node: each part of a table header or of a dotted key counts one, and so does
    // each inline table or array a value opens. `open` holds the brackets open where the scan is,
    // each with the depth of the node it opened.
    struct Open {
        char kind;
        std::size_t depth;
    };
    std::vector<Open> open;
    std::size_t table_depth = 0;  // the parts of the last [table] or [[array of tables]] header
    bool in_key = true;           // a key is expected or being read: at a line's start, after '{' or ',' in an inline table
    bool key_started = false;
    bool in_header = false;
    std::size_t key_parts = 1;
    std::size_t value_depth = 0;  // set by '=': the depth of the value that follows (0: none)
    auto too_deep = [](std::size_t at) {
        return Beyond{at, fmt::format("keys and values nested deeper than {} levels (each part of a dotted key or a table "
                                      "header counts one, and so does each inline table and array)",
                                      max_toml_depth)};
    };
    auto expect_key = [&] {
        in_key = true;
        key_started = false;
        key_parts = 1;
    };
    auto base = [&] { return in_header ? 0 : open.empty() ? table_depth : open.back().depth; };
    for (std::size_t i = 0; i < content.size(); ++i) {
        const char c = content[i];
        switch (in) {
            case In::code:
                if (c == '#') {
                    in = In::comment;
                    continue;
                }
                if (c == ' ' || c == '\t' || c == '\r') continue;
                if (c == '\n') {
                    if (open.empty()) {
                        in_header = false;
                        value_depth = 0;
                        expect_key();
                    }
                    continue;
                }
                if (c == '}' && !open.empty() && open.back().kind == '{') {  // also an empty {} or a trailing comma
                    open.pop_back();
                    in_key = false;
                    continue;
                }
                if (in_key || in_header) {
                    if (c == '[' && open.empty() && !key_started && !in_header) {  // [table] or [[array of tables]]
                        in_header = true;
                        in_key = false;
                        key_parts = 1;
                        if (i + 1 < content.size() && content[i + 1] == '[') ++i;
                        continue;
                    }
                    if (c == '.') {
                        if (base() + ++key_parts > max_toml_depth) return too_deep(i);
                        continue;
                    }
                    if (in_header && c == ']') {
                        in_header = false;
                        table_depth = key_parts;
                        continue;
                    }
                    if (in_key && c == '=') {
                        in_key = false;
                        value_depth = base() + key_parts;
                        continue;
                    }
                    if (!key_started && in_key && base() + 1 > max_toml_depth) return too_deep(i);
                    key_started = true;
                } else if (c == '[' || c == '{') {
                    // A value opens a bracket: the value of a key, or an element of an array.
                    const std::size_t depth = value_depth != 0 ? value_depth
                                              : open.empty()   ? table_depth + 1
                                                               : open.back().depth + 1;
                    value_depth = 0;
                    if (depth >= max_toml_depth) return too_deep(i);
                    open.push_back({c, depth});
                    if (c == '{') expect_key();
                    continue;
                } else if (c == ']' && !open.empty() && open.back().kind == '[') {
                    open.pop_back();
                    in_key = false;
                    continue;
                } else if (c == ',' && !open.empty() && open.back().kind == '{') {
                    expect_key();
                    continue;
                } else {
                    value_depth = 0;  // a value that opens no bracket (or text toml++ will refuse)
                }
                if (c == '"' || c == '\'') {
                    const bool multiline = starts(i, c == '"' ? R"(""")" : "'''");
                    in = c == '"' ? (multiline ? In::multiline_basic : In::basic)
                                  : (multiline ? In::multiline_literal : In::literal);
                    if (multiline) i += 2;
                    length = 0;
                }
                continue;
            case In::comment:
                if (c == '\n') {
                    in = In::code;
                    --i;  // the newline ends the line of code too
                }
                continue;
            case In::basic:
            case In::literal:
                if (c == '\n' || c == (in == In::basic ? '"' : '\'')) {
                    in = In::code;
                    if (c == '\n') --i;
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
        if (++length > max_input_string_bytes) {
            return Beyond{i, fmt::format("a string longer than {} bytes; {}", max_input_string_bytes, longest_field_text)};
        }
    }
    return std::nullopt;
}

}  // namespace

toml::table parse_toml(std::string_view content, const std::string& file) {
    if (const auto bad = text::find_invalid_utf8(content)) {
        throw InputError(fmt::format("{}: invalid UTF-8 at byte {}", file, *bad));
    }
    if (const auto beyond = beyond_bounds(content)) {
        const std::size_t at = beyond->at;
        const std::size_t line_start = at == 0 ? std::string_view::npos : content.rfind('\n', at - 1);
        const auto line =
            1 + static_cast<std::size_t>(std::count(content.begin(), content.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
        const std::size_t column = at + 1 - (line_start == std::string_view::npos ? 0 : line_start + 1);
        throw InputError(fmt::format("{}:{}:{}: {}", file, line, column, beyond->what));
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
