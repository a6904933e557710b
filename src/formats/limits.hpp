#pragma once
// How much of one string of an input the readers take before they refuse it unread: a record of
// one 250 MB quote is refused in flat memory, not after it has been held (and copied) whole.
#include <cstddef>

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

/// The largest file read whole (a TOML record, a mapping, a configuration file, the file `edit`
/// reads back; toml++ parses a whole text): 16 MiB, a record of some 80,000 sources each cited
/// once, and at most some hundreds of megabytes once parsed. Larger records go in JSON Lines,
/// which is read as it streams.
inline constexpr std::size_t max_whole_file_bytes = std::size_t{16} << 20;

/// The parts (sources, claims, citations) of a JSON record read before they are handed over as a
/// piece, when the reader's sink takes pieces (ReadSink::piece): some hundreds of kilobytes of
/// input, few enough that the pieces on their way between the reading and the writing thread
/// weigh little beside the cache of the database.
inline constexpr std::size_t piece_parts = 1024;

}  // namespace gpuclusters::formats
