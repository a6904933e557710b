#pragma once
// A Frictionless Data Package (https://specs.frictionlessdata.io/data-package/) describing the
// CSV snapshots of a site: each column's type, from the field catalogue through the columns the
// writers write, and the markers of a missing value, so that data tools read the files typed.
#include <string>
#include <vector>

namespace gpuclusters::formats {

struct PackagedFile {
    std::string path;    ///< relative to the package's folder: "clusters.csv"
    std::string format;  ///< "csv" (the wide table) or "csv-long"
    std::string title;
};

struct PackageInfo {
    std::string title;
    std::string description;
    std::string licence;   ///< a name ("CC-BY-4.0") or a URL; left out when empty
    std::string homepage;  ///< the site's base URL; left out when empty
    std::string modified;  ///< ISO 8601 time of the newest changeset
    std::vector<PackagedFile> files;
};

/// The datapackage.json text, deterministic (keys in a fixed order, two-space indent).
std::string data_package(const PackageInfo& info);

}  // namespace gpuclusters::formats
