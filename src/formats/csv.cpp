#include "formats/csv.hpp"

#include <csv.h>

#include <algorithm>
#include <exception>
#include <fmt/format.h>
#include <utility>

#include "formats/limits.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::formats {
namespace {

constexpr std::size_t max_row_cells = 65536;

InputError overlong_cell(const std::string& file, std::size_t line, std::size_t column) {
    return InputError(fmt::format("{}:{}: column {}: a cell longer than {} bytes; {}", file, line, column, max_input_string_bytes,
                                  longest_field_text));
}

bool formula_start(char c) { return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r'; }

struct ParseState {
    std::vector<std::string> cells;
    std::size_t row_line = 1;     // line the current row starts on
    std::size_t extra_lines = 0;  // line breaks inside the current row's cells
    const std::function<void(std::vector<std::string>&, std::size_t)>* visit = nullptr;
    const std::string* file = nullptr;
    // An exception must not unwind through libcsv's C frames: it waits here, and later rows are
    // ignored until csv_parse returns.
    std::exception_ptr failure;
};

void on_field(void* data, std::size_t length, void* context) {
    auto& state = *static_cast<ParseState*>(context);
    if (state.failure) return;
    // A row of more cells than any table has would be held cell by cell until it ends.
    if (state.cells.size() == max_row_cells) {
        state.failure = std::make_exception_ptr(
            InputError(fmt::format("{}:{}: a row of more than {} cells", *state.file, state.row_line, max_row_cells)));
        return;
    }
    if (length > max_input_string_bytes) {
        state.failure = std::make_exception_ptr(overlong_cell(*state.file, state.row_line, state.cells.size() + 1));
        return;
    }
    std::string cell = data ? std::string(static_cast<const char*>(data), length) : std::string();
    state.extra_lines += static_cast<std::size_t>(std::count(cell.begin(), cell.end(), '\n'));
    state.cells.push_back(std::move(cell));
}

void on_row(int, void* context) {
    auto& state = *static_cast<ParseState*>(context);
    if (state.failure) return;
    try {
        for (std::size_t i = 0; i < state.cells.size(); ++i) {
            if (const auto bad = text::find_invalid_utf8(state.cells[i])) {
                throw InputError(
                    fmt::format("{}:{}: column {}: invalid UTF-8 at byte {}", *state.file, state.row_line, i + 1, *bad));
            }
        }
        (*state.visit)(state.cells, state.row_line);
    } catch (...) {
        state.failure = std::current_exception();
    }
    state.cells.clear();
    state.row_line += 1 + state.extra_lines;
    state.extra_lines = 0;
}

}  // namespace

void read_csv(std::istream& input, const std::string& file,
              const std::function<void(std::vector<std::string>& cells, std::size_t line)>& visit) {
    csv_parser parser;
    if (csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI) != 0) {
        throw InputError(fmt::format("{}: cannot start the CSV reader", file));
    }
    // libcsv's buffer grows with the longest cell (at most max_input_string_bytes and a read); the
    // rest streams.
    struct Guard {
        csv_parser* parser;
        ~Guard() { csv_free(parser); }
    } guard{&parser};
    ParseState state;
    state.visit = &visit;
    state.file = &file;
    char buffer[1 << 16];
    bool first_read = true;
    while (input) {
        input.read(buffer, sizeof buffer);
        auto length = static_cast<std::size_t>(input.gcount());
        if (length == 0) break;
        // Excel's "CSV UTF-8" starts with a byte-order mark: not part of the first header cell.
        const char* start = buffer;
        if (std::exchange(first_read, false) && std::string_view(buffer, length).starts_with("\xEF\xBB\xBF")) {
            start += 3;
            length -= 3;
        }
        const std::size_t parsed = csv_parse(&parser, start, length, on_field, on_row, &state);
        if (state.failure) std::rethrow_exception(state.failure);
        if (parsed != length) {
            throw InputError(
                fmt::format("{}:{}: {}", file, state.row_line + state.extra_lines, csv_strerror(csv_error(&parser))));
        }
        // libcsv holds the cell it is reading in a buffer that grows with it.
        if (parser.entry_pos > max_input_string_bytes) throw overlong_cell(file, state.row_line, state.cells.size() + 1);
    }
    const int finished = csv_fini(&parser, on_field, on_row, &state);
    if (state.failure) std::rethrow_exception(state.failure);
    if (finished != 0) {
        throw InputError(
            fmt::format("{}:{}: {} (a quote is not closed)", file, state.row_line, csv_strerror(csv_error(&parser))));
    }
}

// Whether a cell reads as a formula once its leading apostrophes are set aside: "=1", "'=1", "''=1".
bool formula_after_apostrophes(std::string_view cell) {
    const std::size_t first = cell.find_first_not_of('\'');
    return first != std::string_view::npos && formula_start(cell[first]);
}

void append_csv_cell(std::string& line, std::string_view value, bool neutralise) {
    // One apostrophe more than the data has: read_cell takes exactly one off again.
    const bool apostrophe = neutralise && formula_after_apostrophes(value);
    // A plain loop: find_first_of calls memchr once per character, a tenth of an export's time.
    const bool quoted =
        std::any_of(value.begin(), value.end(), [](char c) { return c == ',' || c == '"' || c == '\n' || c == '\r'; });
    if (quoted) line += '"';
    if (apostrophe) line += '\'';
    if (!quoted) {
        line += value;
        return;
    }
    for (char c : value) {
        line += c;
        if (c == '"') line += '"';
    }
    line += '"';
}

std::string csv_cell(std::string_view value, bool neutralise) {
    std::string cell;
    append_csv_cell(cell, value, neutralise);
    return cell;
}

std::string read_cell(std::string_view cell) {
    if (cell.size() >= 2 && cell.front() == '\'' && formula_after_apostrophes(cell)) cell.remove_prefix(1);
    return std::string(cell);
}

}  // namespace gpuclusters::formats
