#pragma once
// Reader of the TOML record format, format 1 (gpuclusters(5)): one cluster per file, its sources
// and its fields with their citations. The bundled sample is written in it.
#include <string>
#include <string_view>

#include "formats/interchange.hpp"

namespace gpuclusters::formats {

/// The record in `content`. Errors name the file, line and column: `file.toml:12:1: field.owner: ...`.
RecordDocument read_toml_record(std::string_view content, const std::string& file_name);

}  // namespace gpuclusters::formats
