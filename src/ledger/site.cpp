#include "gpuclusters/ledger/site.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <memory>
#include <mutex>
#include <sstream>
#include <utility>

#include "formats/data_package.hpp"
#include "formats/site_folder.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/values.hpp"
#include "ledger/read_ahead.hpp"

namespace gpuclusters::ledger {
namespace {

// The record as `export --provenance` writes it in `format`, for its page's downloads: the
// document around `text`, the record's text a writer of that format made (text_of).
std::string record_document(formats::Format format, const std::string& text) {
    std::ostringstream out;
    const auto writer = formats::make_writer(format, out, "", {true, true});
    writer->write_text(text);
    writer->finish();
    return std::move(out).str();
}

// The record beside the related clusters it names that are in the dataset as of the query.
std::optional<SideBySide> beside_related(const store::Store& store, const model::Record& record, std::optional<long long> as_of) {
    const model::Claim* related = record.value_of("related");
    if (!related) return std::nullopt;
    std::vector<std::string> ids{record.id};
    for (const auto& relation : model::parse_related(related->value.value)) {
        if (std::find(ids.begin(), ids.end(), relation.cluster_id) != ids.end()) continue;
        if (store.cluster_present_as_of(relation.cluster_id, as_of)) ids.push_back(relation.cluster_id);
    }
    if (ids.size() < 2) return std::nullopt;
    return side_by_side(store, ids, {}, true, as_of);
}

// The site's files into its new folder.
class FolderOutput : public SiteOutput {
public:
    explicit FolderOutput(formats::SiteFolder& folder) : folder_(folder) {}
    void write(const SiteFile& file) override { folder_.write(file.path, file.bytes); }
    std::ostream& open(const std::string& path) override { return folder_.open(path); }
    void close(const std::string& path) override { folder_.close(path); }

private:
    formats::SiteFolder& folder_;
};

// What the pages kept of each record, in the store's temporary tables.
class KeptLists : public SiteLists {
public:
    explicit KeptLists(const store::Store& store) : store_(store) { store_.start_kept(); }
    void keep(const SiteKept& kept) const {
        const long long text = store_.keep_text(kept.text);
        for (const auto& place : kept.places) store_.keep_under(place.list, place.key, place.number, text);
    }
    void each(const std::string& list, bool by_number, std::optional<std::size_t> limit,
              const std::function<void(const std::string&, long long, const std::string&)>& visit) const override {
        store_.each_kept(list, by_number, limit, visit);
    }
    std::vector<std::pair<std::string, std::size_t>> keys(const std::string& list) const override {
        return store_.kept_keys(list);
    }
    std::size_t key_count(const std::string& list) const override { return store_.kept_key_count(list); }

private:
    const store::Store& store_;
};

// The snapshots, each written as export writes it, a record at a time.
class Snapshots {
public:
    explicit Snapshots(formats::SiteFolder& folder) : folder_(folder) {
        for (const auto& snapshot : site_snapshots) {
            std::ostream& out = folder.open(std::string(snapshot.path));
            writers_.push_back(
                formats::make_writer(formats::format_from(std::string(snapshot.format)), out, "", {snapshot.provenance, true}));
        }
    }
    /// Writes the record to each snapshot, and gives the files of the record that are its text
    /// in the snapshots with provenance, serialised once for both.
    std::vector<SiteFile> write(const model::Record& record) {
        std::vector<SiteFile> files;
        for (std::size_t i = 0; i < writers_.size(); ++i) {
            const auto& snapshot = site_snapshots[i];
            const std::string_view extension = snapshot.format == "json" ? ".json" : ".csv";
            if (!snapshot.provenance) {
                writers_[i]->write(record);
                continue;
            }
            const std::string text = writers_[i]->text_of(record).value();
            writers_[i]->write_text(text);
            const auto format = formats::format_from(std::string(snapshot.format));
            files.push_back({"clusters/" + record.id + std::string(extension), record_document(format, text)});
        }
        return files;
    }
    void finish() {
        for (std::size_t i = 0; i < writers_.size(); ++i) {
            writers_[i]->finish();
            folder_.close(std::string(site_snapshots[i].path));
        }
    }

private:
    formats::SiteFolder& folder_;
    std::vector<std::unique_ptr<formats::RecordWriter>> writers_;
};

std::string package_of(const SiteSettings& settings, const std::string& modified) {
    formats::PackageInfo info{settings.title, settings.description, settings.licence, settings.base_url, modified, {}};
    const std::string folder = std::string(site_data_package.substr(0, site_data_package.rfind('/') + 1));
    for (const auto& snapshot : site_snapshots) {
        if (!snapshot.format.starts_with("csv")) continue;
        info.files.push_back(
            {std::string(snapshot.path.substr(folder.size())), std::string(snapshot.format), std::string(snapshot.title)});
    }
    return formats::data_package(info);
}

// Records that may wait for their pages: a few pages' worth of memory.
constexpr std::size_t site_read_ahead = 64;

// What the pages kept, from the thread that renders them to the one that writes the store.
class KeptHandover {
public:
    void give(std::vector<SiteKept>&& kept) {
        std::lock_guard lock(mutex_);
        for (auto& text : kept) waiting_.push_back(std::move(text));
    }
    std::vector<SiteKept> take() {
        std::lock_guard lock(mutex_);
        return std::exchange(waiting_, {});
    }

private:
    std::mutex mutex_;
    std::vector<SiteKept> waiting_;
};

}  // namespace

SiteSummary publish_site(const store::Store& store, const SiteQuery& query, SitePages& pages) {
    SiteDataset dataset;
    for (const auto& ids : query.settings.comparisons) {
        try {
            dataset.comparisons.push_back(side_by_side(store, ids, {}, true, query.as_of));
        } catch (const InputError& error) {
            throw InputError(fmt::format("the comparison of {}: {}", fmt::join(ids, ", "), error.what()));
        } catch (const UsageError& error) {
            throw InputError(fmt::format("the comparison of {}: {}", fmt::join(ids, ", "), error.what()));
        }
    }
    formats::SiteFolder folder(query.folder);
    std::size_t records = 0;
    Snapshots snapshots(folder);
    FolderOutput output(folder);
    const KeptLists lists(store);
    store.each_cluster_id(query.as_of, [&](const std::string&) { ++dataset.clusters; });
    // Two jobs of about equal cost, on two threads: the store's side (each record read with its
    // badge, history and related clusters, made into JSON and CSV, written to the snapshots, and
    // what the pages keep of it put into the store) and the files' side (the pages rendered, and
    // every file of the record written: one thread creates them all, as two creating files in
    // one folder wait on each other). The store is read and written on the reading thread alone;
    // the pages hand what they keep back to it.
    KeptHandover handover;
    ReadAhead<SiteRecord> reading(
        [&](ReadAhead<SiteRecord>::Queue& queue) {
            store.for_each_record(query.as_of, [&](model::Record& record) {
                for (const auto& text : handover.take()) lists.keep(text);
                SiteRecord page;
                record.verification = verification_of(store, record.id, query.as_of);
                page.history = store.changesets(record.id, "", std::nullopt, query.as_of);
                // Newest first from the store; a page tells the record's story from its beginning.
                std::reverse(page.history.begin(), page.history.end());
                page.comparison = beside_related(store, record, query.as_of);
                page.clusters = dataset.clusters;
                page.files = snapshots.write(record);
                page.record = std::move(record);
                queue.item(std::move(page));
            });
        },
        site_read_ahead);
    std::vector<SiteKept> kept;
    reading.drain([&](ReadAhead<SiteRecord>::Event& event) {
        kept.clear();
        for (const auto& file : std::get<0>(event).files) output.write(file);
        for (const auto& file : pages.record(std::get<0>(event), kept)) output.write(file);
        handover.give(std::move(kept));
        ++records;
    });
    // The reading thread has stopped: what the last records kept goes in from here.
    for (const auto& text : handover.take()) lists.keep(text);
    snapshots.finish();
    dataset.changesets = store.changesets("", "", std::nullopt, query.as_of);
    if (!dataset.changesets.empty()) dataset.modified = dataset.changesets.front().created_at;
    folder.write(std::string(site_data_package), package_of(query.settings, dataset.modified));
    pages.finish(dataset, lists, output);
    const formats::SiteChanges changes = folder.commit();
    return {query.folder, records, changes.files, changes.written, changes.unchanged, changes.removed};
}

}  // namespace gpuclusters::ledger
