#pragma once
// Reader of the TOML record format, format 1 (gpuclusters(5)): one cluster per file, its sources
// and its fields with their citations. The bundled sample is written in it.
#include <string>
#include <string_view>

#include "commands/change.hpp"

namespace gpuclusters::formats {

inline constexpr long long toml_record_format = 1;

/// Appends the record in `content` to `request` (its sources after those already there).
/// Errors name the file, line and column: `file.toml:12:1: field.owner: ...`.
void read_toml_record(std::string_view content, const std::string& file_name, commands::ChangeRequest& request);

}  // namespace gpuclusters::formats
