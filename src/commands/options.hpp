#pragma once
// Options that several commands share, declared once.
#include <CLI/CLI.hpp>
#include <span>
#include <string>
#include <string_view>

#include "gpuclusters/model/change_request.hpp"

namespace gpuclusters::commands {

/// What an option's value is, as the type name --help shows; completion offers candidates by it
/// (src/commands/completion.cpp reads them back).
namespace value_type {
inline constexpr const char* file = "FILE";
inline constexpr const char* path = "PATH";  ///< a file or a folder
inline constexpr const char* cluster = "ID";
inline constexpr const char* field = "FIELD";
inline constexpr const char* assignment = "FIELD=VALUE";
inline constexpr const char* fields = "FIELD,...";  ///< comma-separated
inline constexpr const char* rule = "RULE";
inline constexpr const char* source = "SOURCE";  ///< a source id or URL
}  // namespace value_type

/// "TEXT:{a,b,c}", the type name CLI11 shows for an IsMember check, for an option whose value is
/// one of a set that is checked later, with its own message (a format name, a source kind).
std::string one_of(std::span<const std::string_view> choices);

/// --kind, --title, --publisher, --published, --accessed and --archive-url, each recorded only
/// when given, so that an existing source keeps what the user did not mention.
void add_source_metadata_options(CLI::App& app, model::SourceInput& source);

/// Whether any of the options above was given.
bool has_source_metadata(const model::SourceInput& source);

}  // namespace gpuclusters::commands
