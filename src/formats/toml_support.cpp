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

const toml::table& table_of(const std::string& file, const toml::node& node, std::string_view name) {
    return node_as<toml::table>(file, node, fmt::format("{} must be a table", name));
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

// The scan that finds it, a character at a time: code (keys, headers, values and their
// brackets), comments, and strings of the four kinds. The depth of a node: each part of a table
// header or of a dotted key counts one, and so does each inline table or array a value opens.
class BoundsScan {
public:
    explicit BoundsScan(std::string_view content) : content_(content) {}

    std::optional<Beyond> run() {
        for (std::size_t i = 0; i < content_.size(); ++i) {
            switch (in_) {
                case In::code:
                    if (auto beyond = code(i)) return beyond;
                    continue;
                case In::comment:
                    if (content_[i] == '\n') {
                        in_ = In::code;
                        --i;  // the newline ends the line of code too
                    }
                    continue;
                default:
                    if (!string_char(i)) continue;
            }
            if (++length_ > max_input_string_bytes) {
                return Beyond{i, fmt::format("a string longer than {} bytes; {}", max_input_string_bytes, longest_field_text)};
            }
        }
        return std::nullopt;
    }

private:
    enum class In { code, comment, basic, literal, multiline_basic, multiline_literal };
    // A bracket open where the scan is, with the depth of the node it opened.
    struct Open {
        char kind;
        std::size_t depth;
    };

    bool starts(std::size_t at, std::string_view what) const { return content_.substr(at, what.size()) == what; }
    std::size_t base() const { return in_header_ ? 0 : open_.empty() ? table_depth_ : open_.back().depth; }
    void expect_key() {
        in_key_ = true;
        key_started_ = false;
        key_parts_ = 1;
    }
    static Beyond too_deep(std::size_t at) {
        return Beyond{at, fmt::format("keys and values nested deeper than {} levels (each part of a dotted key or a table "
                                      "header counts one, and so does each inline table and array)",
                                      max_toml_depth)};
    }

    // A character of code at `i`, which moves past what it reads with it.
    std::optional<Beyond> code(std::size_t& i) {
        const char c = content_[i];
        if (c == '#') {
            in_ = In::comment;
            return std::nullopt;
        }
        if (c == ' ' || c == '\t' || c == '\r') return std::nullopt;
        if (c == '\n') {
            if (open_.empty()) {
                in_header_ = false;
                value_depth_ = 0;
                expect_key();
            }
            return std::nullopt;
        }
        if (c == '}' && !open_.empty() && open_.back().kind == '{') {  // also an empty {} or a trailing comma
            open_.pop_back();
            in_key_ = false;
            return std::nullopt;
        }
        if (auto beyond = in_key_ || in_header_ ? key_char(i) : value_char(i)) return beyond;
        if (c == '"' || c == '\'') open_string(i, c);
        return std::nullopt;
    }

    // A character of a key or of a table header: each part of it counts one level.
    std::optional<Beyond> key_char(std::size_t& i) {
        const char c = content_[i];
        if (c == '[' && open_.empty() && !key_started_ && !in_header_) {  // [table] or [[array of tables]]
            in_header_ = true;
            in_key_ = false;
            key_parts_ = 1;
            if (i + 1 < content_.size() && content_[i + 1] == '[') ++i;
            return std::nullopt;
        }
        if (c == '.') {
            if (base() + ++key_parts_ > max_toml_depth) return too_deep(i);
            return std::nullopt;
        }
        if (in_header_ && c == ']') {
            in_header_ = false;
            table_depth_ = key_parts_;
            return std::nullopt;
        }
        if (in_key_ && c == '=') {
            in_key_ = false;
            value_depth_ = base() + key_parts_;
            return std::nullopt;
        }
        if (!key_started_ && in_key_ && base() + 1 > max_toml_depth) return too_deep(i);
        key_started_ = true;
        return std::nullopt;
    }

    // A character of a value: each inline table or array it opens counts one level.
    std::optional<Beyond> value_char(std::size_t i) {
        const char c = content_[i];
        if (c == '[' || c == '{') {
            // A value opens a bracket: the value of a key, or an element of an array.
            const std::size_t depth = value_depth_ != 0 ? value_depth_
                                      : open_.empty()   ? table_depth_ + 1
                                                        : open_.back().depth + 1;
            value_depth_ = 0;
            if (depth >= max_toml_depth) return too_deep(i);
            open_.push_back({c, depth});
            if (c == '{') expect_key();
            return std::nullopt;
        }
        if (c == ']' && !open_.empty() && open_.back().kind == '[') {
            open_.pop_back();
            in_key_ = false;
            return std::nullopt;
        }
        if (c == ',' && !open_.empty() && open_.back().kind == '{') {
            expect_key();
            return std::nullopt;
        }
        value_depth_ = 0;  // a value that opens no bracket (or text toml++ will refuse)
        return std::nullopt;
    }

    void open_string(std::size_t& i, char quote) {
        const bool multiline = starts(i, quote == '"' ? R"(""")" : "'''");
        in_ = quote == '"' ? (multiline ? In::multiline_basic : In::basic) : (multiline ? In::multiline_literal : In::literal);
        if (multiline) i += 2;
        length_ = 0;
    }

    // A character in a string at `i`: whether it is one of the string's, or (false) its end.
    bool string_char(std::size_t& i) {
        const char c = content_[i];
        if (in_ == In::basic || in_ == In::literal) {
            if (c == '\n' || c == (in_ == In::basic ? '"' : '\'')) {
                in_ = In::code;
                if (c == '\n') --i;
                return false;
            }
            if (in_ == In::basic && c == '\\') ++i, ++length_;
            return true;
        }
        if (starts(i, in_ == In::multiline_basic ? R"(""")" : "'''")) {
            // Up to two quotes before the closing three are the string's own ("""a"""").
            std::size_t run = 3;
            while (run < 5 && i + run < content_.size() && content_[i + run] == c) ++run;
            in_ = In::code;
            i += run - 1;
            return false;
        }
        if (in_ == In::multiline_basic && c == '\\') ++i, ++length_;
        return true;
    }

    std::string_view content_;
    In in_ = In::code;
    std::size_t length_ = 0;       // of the string being read
    std::vector<Open> open_;       // at most max_toml_depth
    std::size_t table_depth_ = 0;  // the parts of the last [table] or [[array of tables]] header
    bool in_key_ = true;           // a key is expected or being read: at a line's start, after '{' or ',' in an inline table
    bool key_started_ = false;
    bool in_header_ = false;
    std::size_t key_parts_ = 1;
    std::size_t value_depth_ = 0;  // set by '=': the depth of the value that follows (0: none)
};

}  // namespace

toml::table parse_toml(std::string_view content, const std::string& file) {
    if (const auto bad = text::find_invalid_utf8(content)) {
        throw InputError(fmt::format("{}: invalid UTF-8 at byte {}", file, *bad));
    }
    if (const auto beyond = BoundsScan(content).run()) {
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
