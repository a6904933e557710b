#pragma once
// A record as `gpuclusters edit` shows it in the editor: its TOML with a help header and the
// read-only lines commented out, and the edited text read back as a record.
#include <string>

#include "formats/interchange.hpp"

namespace gpuclusters::formats {

/// The text the editor opens.
std::string editable_text(const model::Record& record);

/// Whether the text holds nothing but comments and blank lines (an aborted edit).
bool only_comments(const std::string& text);

/// The edited text as a record of `id`. The read-only format and id lines are put back where
/// they stand, so errors name the lines of the file the editor shows (`file_name:line:column`).
RecordDocument read_edited_record(const std::string& text, const std::string& id, const std::string& file_name);

}  // namespace gpuclusters::formats
