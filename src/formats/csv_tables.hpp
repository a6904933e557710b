#pragma once
// The two CSV tables of gpuclusters(5): the wide one (a row per cluster, values alone) and the
// long one (a row per claim and citation, and per key), their columns and their readers.
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "formats/stream.hpp"

namespace gpuclusters::formats {

/// A wide table's cell of a field not published (format 1).
inline constexpr std::string_view not_published_cell = "(not published)";
/// The `field` of a long row that holds a record's key rather than a claim.
inline constexpr std::string_view key_row_field = "key";

/// The long table's columns, in order.
const std::vector<std::string>& long_columns();

/// Each row a record of values alone.
void read_csv_wide(std::istream& input, const std::string& file, const ReadSink& sink);
/// Consecutive rows of one cluster make one record; rows of one claim, its citations.
void read_csv_long(std::istream& input, const std::string& file, const ReadSink& sink);

}  // namespace gpuclusters::formats
