#include "formats/site_config.hpp"

#include <fmt/format.h>

#include "formats/input_file.hpp"
#include "formats/toml_support.hpp"
#include "gpuclusters/model/error.hpp"

namespace gpuclusters::formats {
namespace {

constexpr std::size_t config_limit = 1 << 20;    // a configuration is a few lines; a megabyte is a mistake
constexpr std::size_t compare_name_limit = 240;  // bytes of ids in a compare page's name, within 255

std::vector<std::string> cluster_ids(const toml::node& node, const std::string& file) {
    const auto* array = node.as_array();
    if (!array || array->size() < 2) toml_fail(file, node, "compare: each entry is a list of two or more cluster ids");
    std::vector<std::string> ids;
    for (const auto& element : *array)
        ids.push_back(node_as<std::string>(file, element, "compare: a cluster id is a string").get());
    // The page's name is the ids joined by "--"; a file name has at most 255 bytes.
    std::size_t name_bytes = 0;
    for (const auto& id : ids) name_bytes += id.size() + 2;
    if (name_bytes > compare_name_limit) {
        toml_fail(file, node,
                  fmt::format("compare: {} clusters make too long a page name (at most {} bytes of ids)", ids.size(),
                              compare_name_limit));
    }
    return ids;
}

}  // namespace

SiteConfig read_site_config(const std::string& path) {
    const std::string content = InputFile(path, "the site's configuration").read_all(config_limit);
    const toml::table table = parse_toml(content, path);
    SiteConfig config;
    for (const auto& [key, node] : table) {
        const std::string name(key.str());
        std::optional<std::string>* text = nullptr;
        if (name == "title") text = &config.title;
        if (name == "description") text = &config.description;
        if (name == "base_url") text = &config.base_url;
        if (name == "licence") text = &config.licence;
        if (name == "contact") text = &config.contact;
        if (name == "capacity_link") text = &config.capacity_link;
        if (text) {
            *text = node_as<std::string>(path, node, fmt::format("{} is a string", name)).get();
        } else if (name == "compare") {
            for (const auto& entry : node_as<toml::array>(path, node, "compare is a list of lists of cluster ids")) {
                config.comparisons.push_back(cluster_ids(entry, path));
            }
        } else {
            toml_fail(path, node,
                      fmt::format("unknown key '{}' (the keys are title, description, base_url, licence, contact, "
                                  "capacity_link and compare)",
                                  name));
        }
    }
    return config;
}

}  // namespace gpuclusters::formats
