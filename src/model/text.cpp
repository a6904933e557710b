#include "gpuclusters/model/text.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

namespace gpuclusters::text {

std::string excerpt(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return std::string(text);
    std::size_t end = max_bytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    return std::string(text.substr(0, end)) + "…";
}

std::string one_line(std::string_view text) {
    std::string line;
    line.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7F) {
            line += fmt::format("\\u{:04x}", byte);
        } else {
            line += c;
        }
    }
    return line;
}

std::optional<std::string_view> terminal_control_kind(char32_t code_point) {
    if (code_point >= 0x80 && code_point <= 0x9F) return "C1 control";  // 0x9B is CSI
    if (code_point == 0x2028 || code_point == 0x2029) return "line or paragraph separator";
    const bool bidirectional = code_point == 0x061C ||                            // Arabic letter mark
                               code_point == 0x200E || code_point == 0x200F ||    // left-to-right and right-to-left marks
                               (code_point >= 0x202A && code_point <= 0x202E) ||  // embeddings, overrides
                               (code_point >= 0x2066 && code_point <= 0x2069);    // isolates
    if (bidirectional) return "bidirectional control";
    return std::nullopt;
}

std::optional<std::string> find_terminal_control(std::string_view text, bool lines) {
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && !(lines && (c == '\n' || c == '\t'))) || c == 0x7F) {
            return fmt::format("control character 0x{:02X} at byte {}", c, i);
        }
        if (c < 0x80) {
            ++i;
            continue;
        }
        // Bytes that are not UTF-8 are find_invalid_utf8's to report.
        char32_t code_point = 0;
        const std::size_t length = utf8_sequence(text.substr(i), code_point);
        if (const auto kind = length == 0 ? std::nullopt : terminal_control_kind(code_point)) {
            return fmt::format("U+{:04X}, a {}, at byte {}", static_cast<unsigned>(code_point), *kind, i);
        }
        i += std::max<std::size_t>(length, 1);
    }
    return std::nullopt;
}

std::size_t utf8_sequence(std::string_view text, char32_t& code_point) {
    // ICU refuses what RFC 3629 refuses: overlong forms, surrogates, past U+10FFFF, cut sequences.
    if (text.empty()) return 0;
    const auto length = static_cast<std::int32_t>(std::min<std::size_t>(text.size(), 4));
    std::int32_t at = 0;
    UChar32 c = 0;
    U8_NEXT(text.data(), at, length, c);
    if (c < 0) return 0;
    code_point = static_cast<char32_t>(c);
    return static_cast<std::size_t>(at);
}

std::optional<std::size_t> find_invalid_utf8(std::string_view text) {
    char32_t code_point = 0;
    for (std::size_t i = 0, length = 0; i < text.size(); i += length) {
        length = static_cast<unsigned char>(text[i]) < 0x80 ? 1 : utf8_sequence(text.substr(i), code_point);
        if (length == 0) return i;
    }
    return std::nullopt;
}

namespace {
// The spaces beyond ASCII that text and figures hold: U+00A0, U+2009 and U+202F.
constexpr std::string_view wide_spaces[]{"\xC2\xA0", "\xE2\x80\x89", "\xE2\x80\xAF"};

// The length of the wide space `text` starts with (ends with, when `back`), or 0.
std::size_t wide_space(std::string_view text, bool back) {
    const auto found = std::ranges::find_if(
        wide_spaces, [&](std::string_view space) { return back ? text.ends_with(space) : text.starts_with(space); });
    return found == std::end(wide_spaces) ? 0 : found->size();
}

// The length of the whitespace `text` starts with (ends with, when `back`), or 0.
std::size_t space_length(std::string_view text, bool back) {
    if (text.empty()) return 0;
    const char c = back ? text.back() : text.front();
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') return 1;
    return wide_space(text, back);
}
}  // namespace

std::size_t thousands_separator_length(std::string_view text) {
    return text.starts_with(',') || text.starts_with(' ') ? 1 : wide_space(text, false);
}

std::string_view trim(std::string_view text) {
    while (std::size_t n = space_length(text, false)) text.remove_prefix(n);
    while (std::size_t n = space_length(text, true)) text.remove_suffix(n);
    return text;
}

bool shows_nothing(std::string_view text) {
    for (std::int32_t at = 0, length = static_cast<std::int32_t>(text.size()); at < length;) {
        UChar32 c = 0;
        U8_NEXT(text.data(), at, length, c);
        if (c < 0) return false;  // invalid UTF-8 shows something (and is refused where it is read)
        if (!u_isUWhiteSpace(c) && !u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) &&
            u_charType(c) != U_FORMAT_CHAR) {
            return false;
        }
    }
    return true;
}

std::string lower_ascii(std::string_view text) {
    std::string result(text);
    for (char& c : result) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    return result;
}

std::string upper_ascii(std::string_view text) {
    std::string result(text);
    for (char& c : result) c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    return result;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (std::size_t end = 0; (end = text.find(separator, start)) != std::string_view::npos; start = end + 1) {
        parts.push_back(text.substr(start, end - start));
    }
    parts.push_back(text.substr(start));
    return parts;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment: two letters swapped (lsit, list) is one typo, not two.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) row[j] = std::min(row[j], before[j - 2] + 1);
        }
        std::swap(before, previous);
        std::swap(previous, row);
    }
    return previous[b.size()];
}

std::optional<std::string> closest(std::string_view word, const std::vector<std::string>& candidates, std::size_t max_distance) {
    const std::string lowered = lower_ascii(word);
    std::optional<std::string> best;
    std::size_t best_distance = max_distance + 1;
    for (const auto& candidate : candidates) {
        const std::size_t distance = edit_distance(lowered, lower_ascii(candidate));
        if (distance < best_distance) {
            best_distance = distance;
            best = candidate;
        }
    }
    return best;
}

std::string group_thousands(long long value) {
    std::string digits = std::to_string(value < 0 ? -value : value);
    std::string grouped;
    const std::size_t first = digits.size() % 3 == 0 ? 3 : digits.size() % 3;
    grouped.append(digits, 0, first);
    for (std::size_t i = first; i < digits.size(); i += 3) {
        grouped.push_back(',');
        grouped.append(digits, i, 3);
    }
    return value < 0 ? "-" + grouped : grouped;
}

namespace {

std::size_t code_point_width(UChar32 c) {
    if (c < 0) return 1;  // not UTF-8: shown as one replacement character
    const auto category = u_charType(c);
    if (category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK || category == U_FORMAT_CHAR) return 0;
    // Hangul medial vowels and final consonants join the syllable before them.
    if (c >= 0x1160 && c <= 0x11FF) return 0;
    const auto east_asian = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    return east_asian == U_EA_WIDE || east_asian == U_EA_FULLWIDTH ? 2 : 1;
}

// Calls `each(end, width)` for each code point of `text`, in order, until it returns false.
template <typename Each>
void each_code_point(std::string_view text, Each each) {
    const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
    const auto length = static_cast<int32_t>(text.size());
    int32_t at = 0;
    while (at < length) {
        UChar32 c = 0;
        U8_NEXT(bytes, at, length, c);
        if (!each(static_cast<std::size_t>(at), code_point_width(c))) return;
    }
}

}  // namespace

std::size_t display_width(std::string_view text) {
    std::size_t width = 0;
    each_code_point(text, [&](std::size_t, std::size_t columns) {
        width += columns;
        return true;
    });
    return width;
}

std::string truncate_to_width(std::string_view text, std::size_t columns) {
    if (display_width(text) <= columns) return std::string(text);
    if (columns == 0) return "";
    const std::size_t room = columns - 1;  // the ellipsis takes one column
    std::size_t width = 0;
    std::size_t kept = 0;
    each_code_point(text, [&](std::size_t end, std::size_t code_point_columns) {
        if (width + code_point_columns > room) return false;
        width += code_point_columns;
        kept = end;
        return true;
    });
    return std::string(text.substr(0, kept)) + "…";
}

std::string shell_quote(std::string_view word) {
    const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               std::string_view("-_./=:,@%+").find(c) != std::string_view::npos;
    });
    if (plain) return std::string(word);
    std::string quoted = "'";
    for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::uint64_t fingerprint(const std::vector<std::string>& parts) {
    std::uint64_t hash = 14695981039346656037ULL;
    for (const auto& part : parts) {
        for (const unsigned char c : part) hash = (hash ^ c) * 1099511628211ULL;
        hash = (hash ^ 0x1f) * 1099511628211ULL;
    }
    return hash;
}

UserCommand user_command(std::string_view command, const std::vector<std::string>& arguments) {
    // git's list of what makes a command shell syntax, but for the blanks that only split it.
    UserCommand run;
    run.through_shell = command.find_first_of("|&;<>()$`\\\"'*?[#~=%") != std::string_view::npos;
    if (run.through_shell) {
        run.argv = {"/bin/sh", "-c", std::string(command) + " \"$@\"", std::string(command)};
    } else {
        for (std::size_t at = command.find_first_not_of(" \t\n"); at != std::string_view::npos;) {
            const std::size_t end = std::min(command.find_first_of(" \t\n", at), command.size());
            run.argv.emplace_back(command.substr(at, end - at));
            at = command.find_first_not_of(" \t\n", end);
        }
    }
    run.argv.insert(run.argv.end(), arguments.begin(), arguments.end());
    return run;
}

}  // namespace gpuclusters::text
