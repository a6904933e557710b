#include "render/style.hpp"

#include "render/escaping_buffer.hpp"

#include <charconv>
#include <cstdlib>
#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace gpuclusters::render {

Style Style::for_stdout(ColorMode mode) {
    if (mode != ColorMode::automatic) return Style(mode == ColorMode::always);
    const char* no_color = std::getenv("NO_COLOR");
    // A dumb terminal (Emacs' shell, some CI logs) shows escape codes as text, as git and ls know.
    const char* term = std::getenv("TERM");
    const bool disabled = (no_color != nullptr && *no_color != '\0') || (term != nullptr && std::string_view(term) == "dumb");
    return Style(!disabled && isatty(STDOUT_FILENO) == 1);
}

std::size_t terminal_columns(int fd) {
    if (isatty(fd) != 1) return 0;
    if (const char* columns = std::getenv("COLUMNS"); columns != nullptr) {
        std::size_t value = 0;
        const std::string_view text(columns);
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error == std::errc() && end == text.data() + text.size() && value > 0) return value;
    }
    winsize size{};
    if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    return 80;
}

std::string Style::wrap(std::string_view code, std::string_view text) const {
    if (!colour_ || text.empty()) return std::string(text);
    // Marked, not ESC: the EscapingBuffer every output goes through turns the marks into ESC
    // and any ESC of the text into an escape.
    return fmt::format("{0}[{1}m{2}{0}[0m", output_mark(), code, text);
}

}  // namespace gpuclusters::render
