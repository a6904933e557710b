// The site's pages made of every record: the index, the lists, the operators' pages, the
// sources, the changes and their feed, and the sitemap. Each reads what the record pages kept
// (ledger::SiteLists) back from disk, and a page listing every cluster is written a row at a
// time (PageStream), so that memory stays flat however many clusters there are.
#include <algorithm>
#include <charconv>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "gpuclusters/model/text.hpp"
#include "render/html_pages.hpp"

namespace gpuclusters::render {

using html::Data;
using kainjow::mustache::list;
using kainjow::mustache::object;

namespace {

constexpr std::size_t largest_count = 100;
constexpr std::size_t index_rows = 100;
constexpr std::size_t pager_reach = 3;
constexpr std::size_t changes_shown = 500;
constexpr std::size_t feed_entries = 50;
constexpr std::size_t touched_shown = 10;
constexpr std::size_t citing_shown = 5;
// The sitemap protocol's limit of URLs in one file; beyond it, files of that many and an index.
constexpr std::size_t sitemap_urls = 50'000;

// A section's anchor from its label, made unique on the page.
std::string group_id(std::string_view label, std::set<std::string>& used) {
    const std::string path = HtmlSite::operator_path(label);
    const std::string slug = path.substr(path.find('/') + 1, path.rfind('.') - path.find('/') - 1);
    std::string id = "group-" + slug;
    for (int n = 2; !used.insert(id).second; ++n) id = fmt::format("group-{}-{}", slug, n);
    return id;
}

// Where the rows numbered `n` go in a page's data: bytes no value on a page can hold (page_text
// writes every control character as an escape) and the constructor refuses in a template.
std::string rows_place(std::size_t n) { return fmt::format("\x01{}\x02", n); }

// The files a build writes into its output, and the paths of its pages, for the sitemap.
class RecordedOutput : public ledger::SiteOutput {
public:
    RecordedOutput(ledger::SiteOutput& output, std::vector<std::string>* pages) : output_(output), pages_(pages) {}
    void write(const ledger::SiteFile& file) override {
        note(file.path);
        output_.write(file);
    }
    std::ostream& open(const std::string& path) override {
        note(path);
        return output_.open(path);
    }
    void close(const std::string& path) override { output_.close(path); }

private:
    void note(const std::string& path) {
        if (pages_ && path.ends_with(".html")) pages_->push_back(path);
    }
    ledger::SiteOutput& output_;
    std::vector<std::string>* pages_;
};

}  // namespace

// A page made whole but for its rows, then written with its rows put in their places in order.
class HtmlSite::PageStream {
public:
    PageStream(ledger::SiteOutput& output, ledger::SiteFile&& page)
        : output_(output), path_(std::move(page.path)), text_(std::move(page.bytes)), out_(output.open(path_)) {}
    /// Writes the page up to the place of the rows numbered `n`: false when the page has none
    /// (its template leaves them off), and then nothing of them is to be written.
    bool at(std::size_t n) {
        for (std::size_t mark; (mark = text_.find('\x01', position_)) != std::string::npos;) {
            const std::size_t end = text_.find('\x02', mark);
            std::size_t number = 0;
            std::from_chars(text_.data() + mark + 1, text_.data() + end, number);
            if (number > n) return false;
            out_.write(text_.data() + position_, static_cast<std::streamsize>(mark - position_));
            position_ = end + 1;
            if (number == n) return true;
        }
        return false;
    }
    std::ostream& out() { return out_; }
    /// The rest of the page (the places of rows left empty), and the file closed.
    void end() {
        while (at(std::numeric_limits<std::size_t>::max())) {
        }
        out_.write(text_.data() + position_, static_cast<std::streamsize>(text_.size() - position_));
        output_.close(path_);
    }

private:
    ledger::SiteOutput& output_;
    std::string path_;
    std::string text_;
    std::ostream& out_;
    std::size_t position_ = 0;
};

void HtmlSite::finish(const ledger::SiteDataset& dataset, const ledger::SiteLists& lists, ledger::SiteOutput& output) {
    RecordedOutput recorded(output, settings_.base_url.empty() ? nullptr : &pages_);
    list_pages(lists, recorded);
    operator_pages(lists, recorded);
    sources_page(lists, recorded);
    changes_pages(dataset, lists, recorded);
    for (const auto& comparison : dataset.comparisons) {
        recorded.write(page(html::compare_path(comparison), "compare.html", html::compare_page(comparison)));
    }
    index_page(dataset, lists, recorded);
    for (const auto& [name, text] : templates_->assets) recorded.write({name, text});
    if (!settings_.base_url.empty()) sitemap(dataset, lists, output);
}

void HtmlSite::index_page(const ledger::SiteDataset& dataset, const ledger::SiteLists& lists, ledger::SiteOutput& output) {
    const std::string count = text::group_thousands(static_cast<long long>(dataset.clusters));
    Data index = object{{"rows", rows_place(0)}, {"count", count}, {"title", "All clusters"}};
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
    list grouped;
    for (const auto& spec : grouped_lists)
        grouped.push_back(object{{"name", std::string(spec.name)}, {"title", std::string(spec.title)}});
    index.set("lists", grouped);
    // Pages of index_rows clusters each: a phone lays out a table of a hundred rows at once, not
    // one of every cluster (the lists still have them all, by group).
    const std::size_t pages = std::max<std::size_t>(1, (dataset.clusters + index_rows - 1) / index_rows);
    auto path_of = [](std::size_t number) {
        return number == 1 ? std::string("index.html") : fmt::format("index-{}.html", number);
    };
    std::optional<PageStream> stream;
    bool placed = false;
    auto start = [&](std::size_t number) {
        if (stream) stream->end();
        Data data = index;
        data.set("first_page", number == 1);
        if (pages > 1) {
            // The first and last pages and those near this one, a gap for the others: a pager
            // the same size on a site of any size.
            list pager;
            std::size_t shown = 0;
            for (std::size_t n = 1; n <= pages; ++n) {
                if (n != 1 && n != pages && (n + pager_reach < number || n > number + pager_reach)) continue;
                if (shown + 1 < n) pager.push_back(object{{"gap", true}});
                Data entry = object{{"number", std::to_string(n)}, {"path", path_of(n)}};
                entry.set("current", n == number);
                pager.push_back(entry);
                shown = n;
            }
            Data paged = object{{"page", std::to_string(number)}, {"pages", std::to_string(pages)}, {"pager", pager}};
            if (number > 1) paged.set("previous", path_of(number - 1));
            if (number < pages) paged.set("next", path_of(number + 1));
            data.set("paged", paged);
            data.set("title", fmt::format("All clusters, page {} of {}", number, pages));
        }
        stream.emplace(output, page(path_of(number), "index.html", std::move(data)));
        placed = stream->at(0);
    };
    start(1);
    std::size_t written = 0;
    lists.each("index", false, std::nullopt, [&](const std::string&, long long, const std::string& text) {
        if (written > 0 && written % index_rows == 0) start(written / index_rows + 1);
        ++written;
        if (placed) stream->out() << row_html(Row::unpack(text), "");
    });
    stream->end();
}

void HtmlSite::list_pages(const ledger::SiteLists& lists, ledger::SiteOutput& output) {
    list index_lists;
    for (const auto& spec : grouped_lists) {
        const std::string name(spec.name);
        // Groups by label (kept as "1" and the label), the clusters with no value last ("2").
        list groups;
        list contents;
        std::set<std::string> used;
        std::size_t labelled = 0;
        for (const auto& [key, size] : lists.keys(name)) {
            const bool recorded = key.starts_with('1');
            labelled += recorded ? 1 : 0;
            const std::string label = recorded ? key.substr(1) : "Not recorded";
            const std::string id = group_id(label, used);
            const std::string shown = page_text(label);
            const std::string count = text::group_thousands(static_cast<long long>(size));
            groups.push_back(object{{"label", shown}, {"id", id}, {"count", count}, {"rows", rows_place(groups.size())}});
            contents.push_back(object{{"label", shown}, {"id", id}, {"count", count}});
        }
        Data data = object{{"title", std::string(spec.title)}, {"description", std::string(spec.intro)}};
        data.set("intro", std::string(spec.intro));
        data.set("groups", groups);
        data.set("contents", contents);
        data.set("has_contents", true);
        PageStream stream(output, page(fmt::format("lists/{}.html", name), "list.html", std::move(data)));
        std::optional<std::string> group_key;
        std::size_t group = 0;
        bool placed = false;
        lists.each(name, false, std::nullopt, [&](const std::string& key, long long, const std::string& text) {
            if (key != group_key) {
                placed = stream.at(group_key ? ++group : group);
                group_key = key;
            }
            if (placed) stream.out() << row_html(Row::unpack(text), "../");
        });
        stream.end();
        index_lists.push_back(object{{"name", name},
                                     {"title", std::string(spec.title)},
                                     {"groups", text::group_thousands(static_cast<long long>(labelled))}});
    }
    const auto ranked = lists.keys("largest");
    const std::size_t largest = ranked.empty() ? 0 : std::min(ranked.front().second, largest_count);
    const std::string title = fmt::format("The {} largest clusters by GPUs installed", largest);
    Data data = object{{"title", title},
                       {"description", "The clusters with the most physical GPUs installed, as their sources count them."}};
    data.set("intro",
             "Physical GPUs installed, as the operator gives them or as a deterministic sum (nodes x GPUs per node); "
             "planned counts and H100-equivalents do not count. A cluster whose count is not published is not ranked.");
    data.set("groups", list{object{{"label", title}, {"id", "largest"}, {"rows", rows_place(0)}}});
    PageStream stream(output, page("lists/largest.html", "list.html", std::move(data)));
    if (stream.at(0)) {
        lists.each("largest", true, largest_count, [&](const std::string&, long long, const std::string& text) {
            stream.out() << row_html(Row::unpack(text), "../");
        });
    }
    stream.end();
    Data lists_page = object{{"title", "Lists"},
                             {"description", "The clusters listed by segment, status, GPU maker and country, and the largest."}};
    lists_page.set("lists", index_lists);
    lists_page.set("largest", title);
    output.write(page("lists/index.html", "lists.html", std::move(lists_page)));
}

void HtmlSite::operator_pages(const ledger::SiteLists& lists, ledger::SiteOutput& output) {
    // One page an operator, its clusters in id order; a page is held whole, one operator's rows.
    std::string path;
    std::vector<std::string> names;
    std::string rows;
    auto write = [&] {
        if (path.empty()) return;
        list shown_names;
        for (const auto& name : names) shown_names.push_back(object{{"name", page_text(name)}});
        Data data = object{{"operator", page_text(names.front())}, {"names", shown_names}, {"rows", rows}};
        data.set("several_names", names.size() > 1);
        data.set("title", page_text(names.front()));
        data.set("description", fmt::format("GPU clusters run by {}", page_text(names.front())));
        output.write(page(path, "operator.html", std::move(data)));
    };
    lists.each("operator", false, std::nullopt, [&](const std::string& key, long long, const std::string& text) {
        if (key != path) {
            write();
            path = key;
            names.clear();
            rows.clear();
        }
        const Row row = Row::unpack(text);
        if (std::find(names.begin(), names.end(), row.owner) == names.end()) names.push_back(row.owner);
        rows += row_html(row, "../");
    });
    write();
}

void HtmlSite::sources_page(const ledger::SiteLists& lists, ledger::SiteOutput& output) {
    Data data = object{{"title", "Sources"}, {"description", "Every source the clusters cite, with the clusters citing it."}};
    data.set("sources", rows_place(0));
    data.set("count", text::group_thousands(static_cast<long long>(lists.key_count("source"))));
    PageStream stream(output, page("sources.html", "sources.html", std::move(data)));
    if (stream.at(0)) {
        // A source per URL, from the texts its citing records kept: cluster id, kind, title,
        // accessed date and archived copy.
        std::string url;
        std::vector<std::string> meta;
        list citing;
        std::size_t clusters = 0;
        auto write = [&] {
            if (url.empty()) return;
            Data source = object{{"url", url}, {"domain", page_text(model::url_domain(url))}, {"kind", page_text(meta[1])}};
            if (!meta[2].empty()) source.set("title", page_text(meta[2]));
            if (!meta[3].empty()) source.set("accessed", meta[3]);
            if (!meta[4].empty()) source.set("archive_url", meta[4]);
            source.set("citing", citing);
            if (clusters > citing_shown) source.set("more", std::to_string(clusters - citing_shown));
            stream.out() << render_alone("source_row.html", source);
        };
        lists.each("source", false, std::nullopt, [&](const std::string& key, long long, const std::string& text) {
            if (key != url) {
                write();
                url = key;
                meta = html::unpack(text);
                citing = list{};
                clusters = 0;
            }
            if (clusters++ < citing_shown) citing.push_back(object{{"id", html::unpack(text).front()}});
        });
        write();
    }
    stream.end();
}

void HtmlSite::changes_pages(const ledger::SiteDataset& dataset, const ledger::SiteLists& lists, ledger::SiteOutput& output) {
    // The clusters each shown changeset touched, as their pages' histories say: the first few, and how many.
    struct Touched {
        list first;
        std::size_t count = 0;
    };
    std::map<long long, Touched> touched;
    for (std::size_t i = 0; i < dataset.changesets.size() && i < changes_shown; ++i) touched[dataset.changesets[i].id];
    lists.each("touched", true, std::nullopt, [&](const std::string&, long long changeset, const std::string& cluster_id) {
        const auto found = touched.find(changeset);
        if (found == touched.end()) return;
        if (found->second.count++ < touched_shown) found->second.first.push_back(object{{"id", cluster_id}});
    });
    list changes;
    list entries;
    for (std::size_t i = 0; i < dataset.changesets.size() && i < changes_shown; ++i) {
        const auto& changeset = dataset.changesets[i];
        Data data = html::changeset_data(changeset);
        const Touched& of_changeset = touched.at(changeset.id);
        if (of_changeset.count > touched_shown) data.set("more", std::to_string(of_changeset.count - touched_shown));
        data.set("has_touched", of_changeset.count > 0);
        data.set("touched", of_changeset.first);
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
    output.write(page("changes.html", "changes.html", std::move(changes_page)));
    if (!settings_.base_url.empty()) {
        Data feed = object{{"entries", entries}, {"base_url", settings_.base_url}, {"site_title", page_text(settings_.title)}};
        feed.set("updated", dataset.modified.empty() ? std::string("1970-01-01T00:00:00Z") : dataset.modified);
        output.write({"feed.xml", render_alone("feed.xml", feed)});
    }
}

void HtmlSite::sitemap(const ledger::SiteDataset& dataset, const ledger::SiteLists& lists, ledger::SiteOutput& output) {
    // The records' pages by path, then the others in the order they were made.
    const std::size_t urls = lists.key_count("page") + pages_.size();
    const std::string modified = dataset.modified.substr(0, 10);
    const bool split = urls > sitemap_urls;
    std::optional<PageStream> file;
    std::size_t written = 0;
    std::size_t files = 0;
    bool placed = false;
    auto add = [&](const std::string& path) {
        if (!file || (split && written % sitemap_urls == 0)) {
            if (file) file->end();
            const std::string name = split ? fmt::format("sitemap-{}.xml", ++files) : "sitemap.xml";
            file.emplace(output, ledger::SiteFile{name, render_alone("sitemap.xml", object{{"urls", rows_place(0)}})});
            placed = file->at(0);
        }
        Data url = object{{"loc", settings_.base_url + path}};
        if (!modified.empty()) url.set("modified", modified);
        // A publisher's sitemap.xml without {{{urls}}} gets none, as a page without {{{rows}}}.
        if (placed) file->out() << render_alone("sitemap_url.xml", url);
        ++written;
    };
    lists.each("page", false, std::nullopt, [&](const std::string& path, long long, const std::string&) { add(path); });
    for (const auto& path : pages_) add(path);
    if (file) file->end();
    if (!split) return;
    list sitemaps;
    for (std::size_t n = 1; n <= files; ++n) {
        Data entry = object{{"loc", fmt::format("{}sitemap-{}.xml", settings_.base_url, n)}};
        if (!modified.empty()) entry.set("modified", modified);
        sitemaps.push_back(entry);
    }
    output.write({"sitemap.xml", render_alone("sitemap_index.xml", object{{"sitemaps", sitemaps}})});
}

}  // namespace gpuclusters::render
