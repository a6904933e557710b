#pragma once
// What every TOML reader of the project shares: parsing with errors that name file:line:column.
#include <string>
#include <string_view>
#include <toml++/toml.h>

namespace gpuclusters::formats {

/// "file:line:column" of a node.
std::string toml_place(const std::string& file, const toml::node& node);

/// Throws InputError "file:line:column: what".
[[noreturn]] void toml_fail(const std::string& file, const toml::node& node, const std::string& what);

/// Parses a document, refusing invalid UTF-8; a syntax error becomes an InputError with its place.
toml::table parse_toml(std::string_view content, const std::string& file);

}  // namespace gpuclusters::formats
