#pragma once
// Options that several commands share, declared once.
#include <CLI/CLI.hpp>

#include "gpuclusters/model/change_request.hpp"

namespace gpuclusters::commands {

/// --kind, --title, --publisher, --published, --accessed and --archive-url, each recorded only
/// when given, so that an existing source keeps what the user did not mention.
void add_source_metadata_options(CLI::App& app, model::SourceInput& source);

/// Whether any of the options above was given.
bool has_source_metadata(const model::SourceInput& source);

}  // namespace gpuclusters::commands
