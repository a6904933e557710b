#include "gpuclusters/ledger/site.hpp"

#include <algorithm>

#include "formats/site_folder.hpp"
#include "gpuclusters/ledger/history.hpp"

namespace gpuclusters::ledger {

SiteSummary publish_site(const store::Store& store, const SiteQuery& query, SitePages& pages) {
    formats::SiteFolder folder(query.folder);
    SiteSummary summary;
    summary.folder = query.folder;
    auto write = [&](const std::vector<SiteFile>& files) {
        for (const auto& file : files) folder.write(file.path, file.bytes);
    };
    store.for_each_record(query.as_of, [&](model::Record& record) {
        SiteRecord page;
        record.verification = verification_of(store, record.id, query.as_of);
        page.history = store.changesets(record.id, "", std::nullopt, query.as_of);
        // Newest first from the store; a page tells the record's story from its beginning.
        std::reverse(page.history.begin(), page.history.end());
        page.record = std::move(record);
        write(pages.record(page));
        ++summary.records;
    });
    write(pages.finish());
    const formats::SiteChanges changes = folder.commit();
    summary.files = changes.files;
    summary.written = changes.written;
    summary.unchanged = changes.unchanged;
    summary.removed = changes.removed;
    return summary;
}

}  // namespace gpuclusters::ledger
