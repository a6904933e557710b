#pragma once
// site: the dataset as the pages of a static website, handed over a record at a time, with its
// snapshots (what `export` writes) and a Data Package describing them.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuclusters/ledger/compare.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

/// What a site says of itself (the command line, or a configuration file: gpuclusters-site(1));
/// empty links are left off the pages.
struct SiteSettings {
    std::string title = "GPU clusters";
    std::string description = "GPU clusters, every figure with its source and the words it quotes.";
    std::string base_url;  ///< the absolute URL the site is served from: canonical links, the feed, the sitemap
    std::string licence;   ///< a name ("CC-BY-4.0") or a URL
    std::string contact;   ///< a URL or an email address
    std::string capacity;  ///< "Request GPU capacity": a URL or an email address
    /// Clusters compared on a page of their own (compare/A--B.html), beyond each record's related ones.
    std::vector<std::vector<std::string>> comparisons;
};

/// The snapshots a site carries, each the bytes `export` writes with the same options.
struct SiteSnapshot {
    std::string_view path;
    std::string_view format;  ///< export's --format
    bool provenance;
    std::string_view title;
};
inline constexpr SiteSnapshot site_snapshots[] = {
    {"data/clusters.csv", "csv", false, "Every cluster, a row each: its current values"},
    {"data/clusters.json", "json", false, "Every cluster: its current values"},
    {"data/clusters-provenance.csv", "csv-long", true, "Every claim, a row per citation: value, rank, source and quote"},
    {"data/clusters-provenance.json", "json", true, "Every cluster with its claims, citations and sources"},
};
/// The Frictionless Data Package describing the CSV snapshots.
inline constexpr std::string_view site_data_package = "data/datapackage.json";

/// What a record page is made of: the record with its Verified badge, the changesets that touched
/// it (oldest first), and the record beside its related clusters when it names any.
struct SiteRecord {
    model::Record record;
    std::vector<model::Changeset> history;
    std::optional<SideBySide> comparison;
    std::size_t clusters = 0;  ///< in the whole site, for "All N clusters"
};

/// What the pages made of the whole dataset read: every changeset (newest first), every source with
/// the number of values it backs, and the side-by-side tables the settings name.
struct SiteDataset {
    std::vector<model::Changeset> changesets;
    std::vector<model::SourceUse> sources;
    std::vector<SideBySide> comparisons;
    std::string modified;  ///< the newest changeset's time, or empty for an empty dataset
};

/// One file of a site, at a path relative to its root ("clusters/acme-one.html").
struct SiteFile {
    std::string path;
    std::string bytes;
};

/// Takes a file of the site as it is made, so that no more than one page is held at a time.
using SiteWriter = std::function<void(const SiteFile&)>;

/// The pages of a site, made as the ledger reads the dataset: a record's files per cluster, in id
/// order, then the files made of every record (index, lists, operators, feed), once.
class SitePages {
public:
    virtual ~SitePages() = default;
    virtual std::vector<SiteFile> record(const SiteRecord& page) = 0;
    virtual void finish(const SiteDataset& dataset, const SiteWriter& write) = 0;
};

struct SiteQuery {
    std::string folder;  ///< the site's folder: new, empty, or one an earlier build made
    std::optional<long long> as_of;
    SiteSettings settings;
};

struct SiteSummary {
    std::string folder;
    std::size_t records = 0;
    std::size_t files = 0;      ///< in the new site
    std::size_t written = 0;    ///< new or changed since the site it replaced
    std::size_t unchanged = 0;  ///< the same bytes as before, left as they were
    std::size_t removed = 0;    ///< in the old site only
};

/// Reads every record present as of the query (with evidence, badge, history and related
/// clusters), hands each to `pages`, writes each record's JSON and CSV and the snapshots, and puts
/// the files into a new folder that then replaces the site's in one rename: a failure leaves the
/// old site whole. InputError for a folder that is not a site, or a comparison naming no cluster.
SiteSummary publish_site(const store::Store& store, const SiteQuery& query, SitePages& pages);

}  // namespace gpuclusters::ledger
