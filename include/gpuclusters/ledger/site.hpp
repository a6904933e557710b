#pragma once
// site: the dataset as the pages of a static website, handed over a record at a time.
#include <optional>
#include <string>
#include <vector>

#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

/// What a record page is made of: the record with its Verified badge, and the changesets that
/// touched it, oldest first.
struct SiteRecord {
    model::Record record;
    std::vector<model::Changeset> history;
};

/// One file of a site, at a path relative to its root ("clusters/acme-one.html").
struct SiteFile {
    std::string path;
    std::string bytes;
};

/// The pages of a site, made as the ledger reads the dataset: a record's files per cluster, in id
/// order, then the files made of every record (index, operators), once.
class SitePages {
public:
    virtual ~SitePages() = default;
    virtual std::vector<SiteFile> record(const SiteRecord& page) = 0;
    virtual std::vector<SiteFile> finish() = 0;
};

struct SiteQuery {
    std::string folder;  ///< the site's folder: new, empty, or one an earlier build made
    std::optional<long long> as_of;
};

struct SiteSummary {
    std::string folder;
    std::size_t records = 0;
    std::size_t files = 0;      ///< in the new site
    std::size_t written = 0;    ///< new or changed since the site it replaced
    std::size_t unchanged = 0;  ///< the same bytes as before, left as they were
    std::size_t removed = 0;    ///< in the old site only
};

/// Reads every record present as of the query (with evidence, badge and history), hands each to
/// `pages`, and writes the files they make into a new folder that then replaces the site's in one
/// rename: a failure leaves the old site whole. InputError for a folder that is not a site.
SiteSummary publish_site(const store::Store& store, const SiteQuery& query, SitePages& pages);

}  // namespace gpuclusters::ledger
