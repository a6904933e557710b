#pragma once
// How much of one string, and of one record, of an input the readers take before they refuse it
// unread: a record of one 250 MB quote is refused in flat memory, not after it has been held (and
// copied) whole.
#include <cstddef>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace gpuclusters::formats {

/// The longest text a field takes is a quote of 16,384 bytes, which JSON writes in at most six
/// bytes a byte (`\u0001`) and CSV in two (`""`); keys and URLs are far shorter.
inline constexpr std::size_t max_input_string_bytes = std::size_t{1} << 20;
/// What the refusal says of it.
inline constexpr const char* longest_field_text = "no field takes more than 16384";

/// How deep the keys and values of a TOML text may nest, checked before toml++ (which recurses
/// as deep as the nesting) sees it: each part of a dotted key or a table header counts one, and so
/// does each inline table and array. No file gpuclusters reads needs more than 5
/// (a key in [[field.NAME.competing.citation]]).
inline constexpr std::size_t max_toml_depth = 32;

/// The most text one record may take in any format: 16 MiB. A record at the limit of its parts (model::max_record_parts) takes
/// some hundreds of bytes a part, a few MiB; the text is limited too so that no reader holds more than this of a record before it
/// can count its parts (ten thousand quotes of a megabyte each would be 10 GB).
inline constexpr std::size_t max_record_bytes = std::size_t{16} << 20;

/// The largest file read whole (a TOML record, a mapping, a configuration file, the file `edit`
/// reads back; toml++ parses a whole text): a TOML file is one record, so the limit of its text.
inline constexpr std::size_t max_whole_file_bytes = max_record_bytes;

/// The refusal of a record beyond max_record_bytes, at `place`.
inline std::string record_too_long(std::string_view place) {
    return fmt::format(
        "{}: a record of more than {} MiB of text, the limit of one record (gpuclusters(5)); nothing of it is written", place,
        max_record_bytes >> 20);
}

}  // namespace gpuclusters::formats
