#include "render/escaping_buffer.hpp"

#include <fmt/format.h>
#include <random>

#include "gpuclusters/model/text.hpp"

namespace gpuclusters::render {
namespace {

// Past this much, what is pending is written on: a line of a table, a page of JSON.
constexpr std::size_t drain_threshold = 8192;
// The longest colour code Style writes: marker, '[', "1;36", 'm'.
constexpr std::size_t longest_colour_code = 16;

// A colour code after the mark ("[1;36m"): its length, or 0.
std::size_t colour_code(std::string_view text) {
    if (text.size() < 2 || text[0] != '[') return 0;
    for (std::size_t i = 1; i < text.size() && i < longest_colour_code; ++i) {
        if (text[i] == 'm') return i + 1;
        if ((text[i] < '0' || text[i] > '9') && text[i] != ';') return 0;
    }
    return 0;
}

// Escapes `text` onto `out` and returns how much of it was taken: all of it when `final`, else
// up to an unfinished sequence at its end, which waits for the bytes after it.
std::size_t escape_into(std::string& out, std::string_view text, bool final, bool colour_codes) {
    std::size_t at = 0;
    while (at < text.size()) {
        const auto byte = static_cast<unsigned char>(text[at]);
        const std::string_view rest = text.substr(at);
        if (byte < 0x80) {
            if ((byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7F) {
                out += fmt::format("\\u{:04x}", byte);
            } else {
                out += static_cast<char>(byte);
            }
            ++at;
            continue;
        }
        if (colour_codes && byte == 0xFF) {
            const std::string& mark = output_mark();
            if (rest.starts_with(mark)) {
                const std::string_view after = rest.substr(mark.size());
                if (const std::size_t length = colour_code(after)) {
                    out += '\x1b';
                    out.append(after.substr(0, length));
                    at += mark.size() + length;
                    continue;
                }
                if (after.starts_with('\r')) {
                    out += '\r';
                    at += mark.size() + 1;
                    continue;
                }
            }
            // A mark cut short by the end of what has come so far waits for the rest.
            if (!final && rest.size() < mark.size() + longest_colour_code &&
                mark.starts_with(rest.substr(0, std::min(rest.size(), mark.size()))))
                break;
        }
        char32_t code_point = 0;
        const std::size_t length = text::utf8_sequence(rest, code_point);
        if (length == 0) {
            // The first bytes of a sequence whose end has not come yet wait for it.
            const std::size_t expected = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0;
            if (!final && expected > rest.size()) break;
            out += fmt::format("\\x{:02x}", byte);
            ++at;
            continue;
        }
        if (text::terminal_control_kind(code_point)) {
            out += fmt::format("\\u{:04x}", static_cast<unsigned>(code_point));
        } else {
            out.append(rest.substr(0, length));
        }
        at += length;
    }
    return at;
}

}  // namespace

const std::string& output_mark() {
    static const std::string mark = [] {
        std::random_device device;
        return fmt::format("\xff{:08x}{:08x}", device(), device());
    }();
    return mark;
}

std::string escaped_for_terminal(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    escape_into(out, text, true, false);
    return out;
}

EscapingBuffer::~EscapingBuffer() { drain(true); }

EscapingBuffer::int_type EscapingBuffer::overflow(int_type ch) {
    if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
    pending_ += traits_type::to_char_type(ch);
    if (pending_.size() >= drain_threshold && !drain(false)) return traits_type::eof();
    return ch;
}

std::streamsize EscapingBuffer::xsputn(const char* text, std::streamsize count) {
    pending_.append(text, static_cast<std::size_t>(count));
    if (pending_.size() >= drain_threshold && !drain(false)) return 0;
    return count;
}

int EscapingBuffer::sync() {
    if (!drain(false)) return -1;
    return target_->pubsync();
}

bool EscapingBuffer::drain(bool final) {
    if (pending_.empty()) return true;
    std::string out;
    out.reserve(pending_.size());
    const std::size_t taken = escape_into(out, pending_, final, true);
    pending_.erase(0, taken);
    const auto written = target_->sputn(out.data(), static_cast<std::streamsize>(out.size()));
    return written == static_cast<std::streamsize>(out.size());
}

}  // namespace gpuclusters::render
