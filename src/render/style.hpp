#pragma once
// Terminal styling: colour only on a terminal, never with NO_COLOR, never in machine output.
#include <cstddef>
#include <string>
#include <string_view>

namespace gpuclusters::render {

enum class ColorMode { automatic, always, never };

class Style {
public:
    Style() = default;
    explicit Style(bool colour) : colour_(colour) {}
    /// Colour for stdout under `mode`: automatic means stdout is a terminal and NO_COLOR is unset.
    static Style for_stdout(ColorMode mode);

    std::string bold(std::string_view text) const { return wrap("1", text); }
    std::string dim(std::string_view text) const { return wrap("2", text); }
    std::string removed(std::string_view text) const { return wrap("31", text); }
    std::string added(std::string_view text) const { return wrap("32", text); }
    std::string heading(std::string_view text) const { return wrap("1;36", text); }

private:
    std::string wrap(std::string_view code, std::string_view text) const;
    bool colour_ = false;
};

/// The columns a line on file descriptor `fd` may take: 0 (no limit) unless it is a terminal;
/// then $COLUMNS when it is a positive number, else the terminal's width, else 80.
std::size_t terminal_columns(int fd);

}  // namespace gpuclusters::render
