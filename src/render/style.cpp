#include "render/style.hpp"

#include "render/escaping_buffer.hpp"

#include <cstdlib>
#include <fmt/format.h>
#include <unistd.h>

namespace gpuclusters::render {

Style Style::for_stdout(ColorMode mode) {
    switch (mode) {
        case ColorMode::always: return Style(true);
        case ColorMode::never: return Style(false);
        case ColorMode::automatic: break;
    }
    const char* no_color = std::getenv("NO_COLOR");
    const bool disabled = no_color != nullptr && *no_color != '\0';
    return Style(!disabled && isatty(STDOUT_FILENO) == 1);
}

std::string Style::wrap(std::string_view code, std::string_view text) const {
    if (!colour_ || text.empty()) return std::string(text);
    // Marked, not ESC: the EscapingBuffer every output goes through turns the marks into ESC
    // and any ESC of the text into an escape.
    return fmt::format("{0}[{1}m{2}{0}[0m", output_mark(), code, text);
}

}  // namespace gpuclusters::render
