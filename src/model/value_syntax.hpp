#pragma once
// What the parsers of field values (values.cpp, value_numbers.cpp, value_dates.cpp) share.
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace gpuclusters::model {

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// The form two spellings of a choice or a relation are compared in: lower case, each run of
/// separators (space, '-', '_', '/', '.') one hyphen, none at the ends.
std::string key_of_choice(std::string_view text);

/// Splits "text (inner)" into its two parts; nullopt when the text does not end in parentheses.
std::optional<std::pair<std::string_view, std::string_view>> split_trailing_parenthesis(std::string_view text);

}  // namespace gpuclusters::model
