#pragma once
// CSV: a streaming reader over libcsv (RFC 4180 quoting, multi-line cells) that knows each row's
// line, and the cell writer that keeps spreadsheets from running formulas found in the data.
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace gpuclusters::formats {

/// Reads `input` row by row; `visit` gets the cells and the line the row starts on. Errors (an
/// unbalanced quote, invalid UTF-8) throw InputError naming `file:line`.
void read_csv(std::istream& input, const std::string& file,
              const std::function<void(std::vector<std::string>& cells, std::size_t line)>& visit);

/// A cell as written: quoted when it needs to be. With `neutralise`, a cell that starts with
/// = + - @, a tab or a carriage return gets a leading apostrophe, so no spreadsheet reads it as a
/// formula (the OWASP advice); read_cell takes the apostrophe off again.
std::string csv_cell(std::string_view value, bool neutralise);
/// csv_cell, appended to a line being built.
void append_csv_cell(std::string& line, std::string_view value, bool neutralise);

/// A cell as read: one leading apostrophe is dropped when apostrophes lead to one of = + - @ tab
/// CR (a cell that itself began with an apostrophe was written with one more).
std::string read_cell(std::string_view cell);

}  // namespace gpuclusters::formats
