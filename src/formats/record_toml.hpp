#pragma once
// Reader of the TOML record format (gpuclusters(5)): one cluster per file, its sources and its
// fields with their citations. Format 2 (what export and edit write) has numbers as TOML numbers
// and the qualifiers and state of a claim in keys of their own; format 1 (the bundled sample) has
// every value a string in the input syntax.
#include <string>
#include <string_view>

#include "formats/interchange.hpp"

namespace gpuclusters::formats {

/// The record in `content`. Errors name the file, line and column: `file.toml:12:1: field.owner: ...`.
RecordDocument read_toml_record(std::string_view content, const std::string& file_name);

}  // namespace gpuclusters::formats
