#pragma once
// Text on its way to a terminal, a pager or a file a person reads: nothing in it can drive the
// terminal. Whatever a database or an input holds (a value, an author, a message, an id in an
// error) is written out, byte for byte, as the escape that names it.
#include <streambuf>
#include <string>
#include <string_view>

namespace gpuclusters::render {

/// What stands for the terminal's ESC in the text Style writes (its colour codes) and before a
/// carriage return the renderer means (import's progress line): the byte 0xFF, which no UTF-8
/// text holds, then a token drawn at random when the program starts, which no input can know.
const std::string& output_mark();

/// The text with every character that could drive a terminal or reorder what it shows written
/// as an escape: C0 controls but newline and tab (`\u001b`, `\u000d`), DEL, C1 controls
/// (`\u009b`), the bidirectional marks, embeddings, overrides and isolates (`\u202e`), the line
/// and paragraph separators, and bytes that are not UTF-8 (`\xff`). `\uXXXX` is a JSON escape,
/// so JSON stays JSON.
std::string escaped_for_terminal(std::string_view text);

/// A stream buffer that writes escaped_for_terminal() of what it is given to another, except what
/// output_mark() marks: a colour code passes as the SGR sequence it stands for, and a marked
/// carriage return as one.
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
