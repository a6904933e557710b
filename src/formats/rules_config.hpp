#pragma once
// Reading the rules' configuration (gpuclusters(5), "Rules configuration") from TOML.
#include <string>
#include <string_view>
#include <toml++/toml.h>

#include "gpuclusters/rules/rules.hpp"

namespace gpuclusters::formats {

/// The defaults of db/rules.toml.
rules::Config default_rules_config();
/// Applies a configuration over `config`; errors name file:line:column.
void apply_rules_config(rules::Config& config, std::string_view toml, const std::string& file_name);
/// The same, from a file.
void apply_rules_config_file(rules::Config& config, const std::string& path);

/// [possible-duplicate] over `settings`.
void apply_duplicate_settings(rules::DuplicateSettings& settings, const toml::node& node, const std::string& file);

/// The defaults, then `path` when given, else gpuclusters.toml beside the database when there is one.
rules::Config rules_config_for(const std::string& path, const std::string& database_path);

}  // namespace gpuclusters::formats
