#pragma once
// Small text utilities shared by every layer.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuclusters::text {

/// Byte offset of the first invalid UTF-8 sequence (overlong forms and surrogates included), or
/// nullopt when the text is valid.
std::optional<std::size_t> find_invalid_utf8(std::string_view text);

/// The length of the UTF-8 sequence at the front of `text`, with its code point; 0 when the bytes
/// there are not one (empty, a stray continuation byte, an overlong form, a surrogate, a code
/// point past U+10FFFF, a truncated sequence): ICU's U8_NEXT, for callers that walk text by
/// code point and must tell bad bytes apart.
std::size_t utf8_sequence(std::string_view text, char32_t& code_point);

/// What a code point past ASCII that can drive a terminal or reorder what it shows is (a C1
/// control, a bidirectional control, a line or paragraph separator), or nullopt. The one list:
/// find_terminal_control refuses them on input, render escapes them on output.
std::optional<std::string_view> terminal_control_kind(char32_t code_point);

/// The first character of valid UTF-8 text that could drive a terminal or reorder what it shows,
/// described with its place ("control character 0x1B at byte 3", "U+202E, a bidirectional
/// control, at byte 5"): a C0 control (newline and tab allowed when `lines`), DEL, a C1 control,
/// a bidirectional embedding, override or isolate. Nullopt when there is none.
std::optional<std::string> find_terminal_control(std::string_view text, bool lines);

/// At most `max_bytes` of the text, cut at a character boundary, with "…" when cut: how a
/// message quotes an input it refuses (a 50 MB key, a 5,000-digit number).
std::string excerpt(std::string_view text, std::size_t max_bytes = 80);

/// The text on one line: every C0 control character (a newline, a tab, a carriage return) and
/// DEL written as its JSON escape (`\u000a`), the rest as it is. What a table cell, a line of a
/// record page or an error quoting a stored value shows of text that should hold none (a value
/// written behind the tool's back); other characters that drive a terminal are the output
/// stream's to escape.
std::string one_line(std::string_view text);

/// Length of a thousands separator at the front of `text` (comma, space, U+00A0, U+2009,
/// U+202F), or 0.
std::size_t thousands_separator_length(std::string_view text);

/// Whitespace trimmed at both ends, including U+00A0, U+2009 and U+202F.
std::string_view trim(std::string_view text);

/// Whether the text shows nothing: only white space and characters that print as nothing
/// (Unicode's default-ignorable and format characters: U+200B ZERO WIDTH SPACE, U+2060, a
/// byte-order mark). A required text (a reason) must show something.
bool shows_nothing(std::string_view text);

/// Unicode NFKC case folding: "Ｈ100", "h100" and "H100" fold alike; "ﬁ" folds to "fi".
std::string fold(std::string_view text);

/// A slug: transliterated to ASCII (ICU's Any-Latin; Latin-ASCII), lower case, letters and digits
/// with single hyphens between words, at most `max_bytes`. "Pégaso" -> "pegaso", "天河" ->
/// "tian-he", "MareNostrum 5 (ACC)" -> "marenostrum-5-acc"; empty when nothing is left.
std::string slug(std::string_view text, std::size_t max_bytes = 100);

/// ASCII lower case; other bytes unchanged.
std::string lower_ascii(std::string_view text);
std::string upper_ascii(std::string_view text);

std::vector<std::string_view> split(std::string_view text, char separator);

/// Levenshtein distance on bytes, for "did you mean" suggestions.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `word` within `max_distance` (case-insensitive), if any.
std::optional<std::string> closest(std::string_view word, const std::vector<std::string>& candidates,
                                   std::size_t max_distance = 2);

/// 12288 -> "12,288".
std::string group_thousands(long long value);

/// Display width in terminal columns, from Unicode's East Asian Width (ICU): wide and fullwidth
/// characters take two columns, combining marks and format characters none, the rest one. A byte
/// that is not UTF-8 counts as one column.
std::size_t display_width(std::string_view text);

/// `text` cut to at most `columns` display columns, ending in "…" when it was cut; never splits a
/// character, and keeps the combining marks of the last character kept.
std::string truncate_to_width(std::string_view text, std::size_t columns);

/// A 64-bit FNV-1a hash of the texts, each ended by a unit separator so that ("ab", "c") and
/// ("a", "bc") differ: the same texts give the same number on every machine and in every release,
/// which files written by one (ids, baselines) rely on.
std::uint64_t fingerprint(const std::vector<std::string>& parts);

/// Quoted for a POSIX shell when it needs to be, so a recorded command line can be re-run.
std::string shell_quote(std::string_view word);

/// How a user's command ($EDITOR, $PAGER) runs with `arguments` after it, as git runs it: split
/// on blanks and run directly when it holds no shell syntax (so that a program that cannot be
/// run is known at once), else `/bin/sh -c 'COMMAND "$@"' COMMAND ARGUMENTS...`, the arguments
/// passed as they are, never parsed by the shell.
struct UserCommand {
    std::vector<std::string> argv;
    bool through_shell = false;
};
UserCommand user_command(std::string_view command, const std::vector<std::string>& arguments);

/// Hashes text for a map with std::string keys and std::equal_to<>: a look-up by a string_view
/// finds its key without making a string.
struct ViewHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

}  // namespace gpuclusters::text
