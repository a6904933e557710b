#pragma once
// Text on its way to a terminal, a pager or a file a person reads: nothing in it can drive the
// terminal. Whatever a database or an input holds (a value, an author, a message, an id in an
// error) is written out, byte for byte, as the escape that names it.
#include <streambuf>
#include <string>
#include <string_view>

namespace gpuclusters::render {

/// Style's colour codes reach an EscapingBuffer with this byte where the terminal's ESC goes:
/// 0xFF is no part of any UTF-8 text, so no value can forge one.
inline constexpr char colour_marker = '\xff';

/// The text with every character that could drive a terminal written as an escape: C0 controls
/// but newline and tab (`\x1b`, `\x07`), DEL, C1 controls (`\u009b`), the bidirectional
/// embeddings, overrides and isolates (`\u202e`), and bytes that are not UTF-8 (`\xff`).
/// `\uXXXX` is also a JSON escape, so JSON stays JSON.
std::string escaped_for_terminal(std::string_view text);

/// A stream buffer that writes escaped_for_terminal() of what it is given to another, except
/// Style's marked colour codes, which pass as the SGR sequences they stand for.
class EscapingBuffer : public std::streambuf {
public:
    explicit EscapingBuffer(std::streambuf* target) : target_(target) {}
    EscapingBuffer(const EscapingBuffer&) = delete;
    EscapingBuffer& operator=(const EscapingBuffer&) = delete;
    ~EscapingBuffer() override;

protected:
    int_type overflow(int_type ch) override;
    std::streamsize xsputn(const char* text, std::streamsize count) override;
    int sync() override;

private:
    /// Writes what is complete of `pending_`; with `final`, an unfinished sequence too (escaped).
    bool drain(bool final);
    std::streambuf* target_;
    std::string pending_;
};

}  // namespace gpuclusters::render
