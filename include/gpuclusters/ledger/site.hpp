#pragma once
// site: the dataset as the pages of a static website, handed over a record at a time, with its
// snapshots (what `export` writes) and a Data Package describing them.
#include <functional>
#include <optional>
#include <ostream>
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

/// One file of a site, at a path relative to its root ("clusters/acme-one.html").
struct SiteFile {
    std::string path;
    std::string bytes;
};

/// What a record page is made of: the record with its Verified badge, the changesets that touched
/// it (oldest first), and the record beside its related clusters when it names any; with the
/// record's own files, its JSON and CSV.
struct SiteRecord {
    model::Record record;
    std::vector<model::Changeset> history;
    std::optional<SideBySide> comparison;
    std::size_t clusters = 0;     ///< in the whole site, for "All N clusters"
    std::vector<SiteFile> files;  ///< the record as JSON and CSV, written beside its pages
};

/// What the pages made of the whole dataset read beyond the records: every changeset (newest
/// first) and the side-by-side tables the settings name.
struct SiteDataset {
    std::vector<model::Changeset> changesets;
    std::vector<SideBySide> comparisons;
    std::string modified;  ///< the newest changeset's time, or empty for an empty dataset
    std::size_t clusters = 0;
};

/// Where a site's files go as they are made: a page whole, or a page too large to hold (one that
/// lists every cluster) written as it is made, between open() and close().
class SiteOutput {
public:
    virtual ~SiteOutput() = default;
    virtual void write(const SiteFile& file) = 0;
    virtual std::ostream& open(const std::string& path) = 0;
    virtual void close(const std::string& path) = 0;
};

/// A text a page maker keeps of a record for the pages of the whole dataset (a row of a table, a
/// source it cites), under the lists it belongs to: in `list` ("index", "country"), under `key`
/// (the group, "France"), with `number` to rank by (GPUs installed).
struct SiteKept {
    struct Place {
        std::string list;
        std::string key;
        long long number = 0;
    };
    std::string text;
    std::vector<Place> places;
};

/// The texts kept of every record, read back from disk in flat memory, in the order a page wants.
class SiteLists {
public:
    virtual ~SiteLists() = default;
    /// The texts of `list` by key (ties in the order of the records), or by number, largest
    /// first; at most `limit` of them.
    virtual void each(
        const std::string& list, bool by_number, std::optional<std::size_t> limit,
        const std::function<void(const std::string& key, long long number, const std::string& text)>& visit) const = 0;
    /// The keys of `list` in order, with how many texts each has (the groups of a list page).
    virtual std::vector<std::pair<std::string, std::size_t>> keys(const std::string& list) const = 0;
    /// How many different keys `list` has (the sources page's count, without holding them).
    virtual std::size_t key_count(const std::string& list) const = 0;
};

/// The pages of a site, made as the ledger reads the dataset: a record's files per cluster, in id
/// order, with what the pages of every record keep of it; then those pages, once.
class SitePages {
public:
    virtual ~SitePages() = default;
    virtual std::vector<SiteFile> record(const SiteRecord& page, std::vector<SiteKept>& kept) = 0;
    virtual void finish(const SiteDataset& dataset, const SiteLists& lists, SiteOutput& output) = 0;
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
