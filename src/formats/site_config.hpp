#pragma once
// A site's configuration file (TOML, gpuclusters-site(1)): what the pages say of the site, its
// links, and the clusters compared on pages of their own. Every mistake is named with its
// file:line:column; a key it does not know is refused, not ignored.
#include <optional>
#include <string>
#include <vector>

namespace gpuclusters::formats {

struct SiteConfig {
    std::optional<std::string> title, description, base_url, licence, contact, capacity_link;
    std::vector<std::vector<std::string>> comparisons;
};

/// Reads the file; InputError naming file:line:column for a syntax error, an unknown key, or a
/// value of the wrong type.
SiteConfig read_site_config(const std::string& path);

}  // namespace gpuclusters::formats
