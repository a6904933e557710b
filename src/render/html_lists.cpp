// The site's pages made of every record: the index, the lists, the operators' pages, the
// sources, the changes and their feed.
#include <algorithm>
#include <fmt/format.h>
#include <set>

#include "gpuclusters/model/text.hpp"
#include "render/html_pages.hpp"

namespace gpuclusters::render {

using html::Data;
using kainjow::mustache::list;
using kainjow::mustache::object;

namespace {

// The pages made of every record beyond the index: what they list, and how.
struct ListSpec {
    std::string_view name;  ///< lists/NAME.html
    std::string_view title;
    std::string_view intro;
};
constexpr ListSpec grouped_lists[] = {
    {"segment", "Clusters by segment", "Each cluster under the segment of its operator."},
    {"status", "Clusters by status", "Each cluster under its status as its sources give it."},
    {"maker", "Clusters by GPU maker", "Each cluster under the maker of its GPU model."},
    {"country", "Clusters by country", "Each cluster under the country it stands in."},
};
constexpr std::size_t largest_count = 100;
constexpr std::size_t changes_shown = 500;
constexpr std::size_t feed_entries = 50;

// A section's anchor from its label, made unique on the page.
std::string group_id(std::string_view label, std::set<std::string>& used) {
    const std::string path = HtmlSite::operator_path(label);
    const std::string slug = path.substr(path.find('/') + 1, path.rfind('.') - path.find('/') - 1);
    std::string id = "group-" + slug;
    for (int n = 2; !used.insert(id).second; ++n) id = fmt::format("group-{}-{}", slug, n);
    return id;
}

}  // namespace

ledger::SiteFile HtmlSite::index_page(const ledger::SiteDataset& dataset) {
    std::vector<const Row*> all;
    for (const Row& row : rows_) all.push_back(&row);
    const std::string count = text::group_thousands(static_cast<long long>(all.size()));
    Data index = object{{"rows", rows_html(all, "")}, {"count", count}, {"title", "All clusters"}};
    index.set("description", page_text(settings_.description));
    list snapshots;
    nlohmann::ordered_json distribution = nlohmann::ordered_json::array();
    for (const auto& snapshot : ledger::site_snapshots) {
        const std::string path(snapshot.path);
        snapshots.push_back(
            object{{"path", path}, {"title", std::string(snapshot.title)}, {"format", path.ends_with(".csv") ? "CSV" : "JSON"}});
        distribution.push_back({{"@type", "DataDownload"},
                                {"name", snapshot.title},
                                {"encodingFormat", path.ends_with(".csv") ? "text/csv" : "application/json"},
                                {"contentUrl", settings_.base_url + path}});
    }
    index.set("snapshots", snapshots);
    index.set("data_package", std::string(ledger::site_data_package));
    nlohmann::ordered_json dataset_ld = {{"@context", "https://schema.org"},
                                         {"@type", "Dataset"},
                                         {"name", settings_.title},
                                         {"description", settings_.description}};
    if (!settings_.base_url.empty()) dataset_ld["url"] = settings_.base_url;
    if (!settings_.licence.empty()) dataset_ld["license"] = settings_.licence;
    nlohmann::ordered_json creator = {{"@type", "Organization"}, {"name", settings_.title}};
    if (!settings_.contact.empty()) creator["url"] = html::link_target(settings_.contact);
    dataset_ld["creator"] = creator;
    dataset_ld["distribution"] = distribution;
    if (!dataset.modified.empty()) dataset_ld["dateModified"] = dataset.modified;
    index.set("json_ld", html::script_json(dataset_ld));
    list lists;
    for (const auto& spec : grouped_lists)
        lists.push_back(object{{"name", std::string(spec.name)}, {"title", std::string(spec.title)}});
    index.set("lists", lists);
    return page("index.html", "index.html", std::move(index));
}

void HtmlSite::list_pages(const ledger::SiteWriter& write) {
    list lists;
    for (const auto& spec : grouped_lists) {
        // Groups by label, a cluster with no value under "Not recorded", last.
        std::map<std::string, std::vector<const Row*>> groups;
        std::vector<const Row*> unrecorded;
        for (const Row& row : rows_) {
            const std::string& label = row.group(spec.name);
            if (label.empty() || label == "—") {
                unrecorded.push_back(&row);
            } else {
                groups[label].push_back(&row);
            }
        }
        list group_data;
        std::set<std::string> used;
        list contents;
        auto add = [&](const std::string& label, const std::vector<const Row*>& rows) {
            const std::string id = group_id(label, used);
            const std::string shown = page_text(label);
            const std::string count = text::group_thousands(static_cast<long long>(rows.size()));
            group_data.push_back(object{{"label", shown}, {"id", id}, {"count", count}, {"rows", rows_html(rows, "../")}});
            contents.push_back(object{{"label", shown}, {"id", id}, {"count", count}});
        };
        for (const auto& [label, rows] : groups) add(label, rows);
        if (!unrecorded.empty()) add("Not recorded", unrecorded);
        Data data = object{{"title", std::string(spec.title)}, {"description", std::string(spec.intro)}};
        data.set("intro", std::string(spec.intro));
        data.set("groups", group_data);
        data.set("contents", contents);
        data.set("has_contents", true);
        write(page(fmt::format("lists/{}.html", spec.name), "list.html", std::move(data)));
        lists.push_back(object{{"name", std::string(spec.name)},
                               {"title", std::string(spec.title)},
                               {"groups", text::group_thousands(static_cast<long long>(groups.size()))}});
    }
    std::vector<const Row*> largest;
    for (const Row& row : rows_) {
        if (row.gpus > 0) largest.push_back(&row);
    }
    std::stable_sort(largest.begin(), largest.end(), [](const Row* a, const Row* b) { return a->gpus > b->gpus; });
    if (largest.size() > largest_count) largest.resize(largest_count);
    const std::string title = fmt::format("The {} largest clusters by GPUs installed", largest.size());
    Data data = object{{"title", title},
                       {"description", "The clusters with the most physical GPUs installed, as their sources count them."}};
    data.set("intro",
             "Physical GPUs installed, as the operator gives them or as a deterministic sum (nodes x GPUs per node); "
             "planned counts and H100-equivalents do not count. A cluster whose count is not published is not ranked.");
    data.set("groups", list{object{{"label", title}, {"id", "largest"}, {"rows", rows_html(largest, "../")}}});
    write(page("lists/largest.html", "list.html", std::move(data)));
    Data lists_page = object{{"title", "Lists"},
                             {"description", "The clusters listed by segment, status, GPU maker and country, and the largest."}};
    lists_page.set("lists", lists);
    lists_page.set("largest", title);
    write(page("lists/index.html", "lists.html", std::move(lists_page)));
}

void HtmlSite::operator_pages(const ledger::SiteWriter& write) {
    // One page an operator, its clusters in id order (the order they came in).
    std::map<std::string, std::vector<const Row*>> by_operator;
    for (const Row& row : rows_) {
        if (!row.operator_path.empty()) by_operator[row.operator_path].push_back(&row);
    }
    for (const auto& [path, rows] : by_operator) {
        list names;
        std::vector<std::string> seen;
        for (const Row* row : rows) {
            if (std::find(seen.begin(), seen.end(), row->owner) != seen.end()) continue;
            seen.push_back(row->owner);
            names.push_back(object{{"name", page_text(row->owner)}});
        }
        Data data = object{{"operator", page_text(rows.front()->owner)}, {"names", names}, {"rows", rows_html(rows, "../")}};
        data.set("several_names", seen.size() > 1);
        data.set("title", page_text(rows.front()->owner));
        data.set("description", fmt::format("GPU clusters run by {}", page_text(rows.front()->owner)));
        write(page(path, "operator.html", std::move(data)));
    }
}

void HtmlSite::dataset_pages(const ledger::SiteDataset& dataset, const ledger::SiteWriter& write) {
    // Each source rendered on its own, as a table's rows are (rows_html).
    std::string sources;
    for (const auto& [url, cited] : sources_) {
        Data data =
            object{{"url", url}, {"domain", page_text(model::url_domain(url))}, {"kind", page_text(cited.source.meta.kind)}};
        if (!cited.source.meta.title.empty()) data.set("title", page_text(cited.source.meta.title));
        if (!cited.source.meta.accessed.empty()) data.set("accessed", cited.source.meta.accessed);
        if (!cited.source.meta.archive_url.empty()) data.set("archive_url", cited.source.meta.archive_url);
        list citing;
        for (const auto& id : cited.citing) citing.push_back(object{{"id", id}});
        data.set("citing", citing);
        if (cited.clusters > cited.citing.size()) data.set("more", std::to_string(cited.clusters - cited.citing.size()));
        sources += render_alone("source_row.html", data);
    }
    Data sources_page =
        object{{"title", "Sources"}, {"description", "Every source the clusters cite, with the clusters citing it."}};
    sources_page.set("sources", sources);
    sources_page.set("count", text::group_thousands(static_cast<long long>(sources_.size())));
    write(page("sources.html", "sources.html", std::move(sources_page)));

    list changes;
    list entries;
    for (std::size_t i = 0; i < dataset.changesets.size() && i < changes_shown; ++i) {
        const auto& changeset = dataset.changesets[i];
        Data data = object{{"id", std::to_string(changeset.id)},
                           {"date", changeset.created_at.substr(0, 10)},
                           {"timestamp", changeset.created_at},
                           {"author", page_text(changeset.author)},
                           {"message", page_text(changeset.message)}};
        list touched;
        if (const auto found = touched_.find(changeset.id); found != touched_.end()) {
            const Touched& of_changeset = found->second;
            for (const auto& id : of_changeset.first) touched.push_back(object{{"id", id}});
            if (of_changeset.count > of_changeset.first.size()) {
                data.set("more", std::to_string(of_changeset.count - of_changeset.first.size()));
            }
        }
        data.set("has_touched", !touched.empty());
        data.set("touched", touched);
        changes.push_back(data);
        if (i < feed_entries) entries.push_back(data);
    }
    Data changes_page =
        object{{"title", "Changes"}, {"description", "Every changeset of the dataset, newest first: who changed what, and why."}};
    changes_page.set("changes", changes);
    if (dataset.changesets.size() > changes_shown) {
        changes_page.set("older", text::group_thousands(static_cast<long long>(dataset.changesets.size() - changes_shown)));
    }
    if (!settings_.base_url.empty()) changes_page.set("feed", true);
    write(page("changes.html", "changes.html", std::move(changes_page)));
    if (!settings_.base_url.empty()) {
        Data feed = object{{"entries", entries}, {"base_url", settings_.base_url}, {"site_title", page_text(settings_.title)}};
        feed.set("updated", dataset.modified.empty() ? std::string("1970-01-01T00:00:00Z") : dataset.modified);
        write(file("feed.xml", feed));
    }
}

}  // namespace gpuclusters::render
