#pragma once
// The dataset as HTML pages, from the ledger's records, through Mustache templates a publisher
// can replace (kainjow's mustache, which escapes every value it is given).
#include <kainjow/mustache.hpp>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gpuclusters/ledger/site.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {

/// Template file name ("record.html", "style.css") to its text: the pages' templates, the
/// partials head.html and foot.html, the feed and sitemap, and the assets (style.css, sort.js).
using SiteTemplates = std::map<std::string, std::string>;

class HtmlSite : public ledger::SitePages {
public:
    /// Parses the templates; InputError naming the template that does not parse.
    HtmlSite(const SiteTemplates& templates, ledger::SiteSettings settings);
    ~HtmlSite() override;
    std::vector<ledger::SiteFile> record(const ledger::SiteRecord& page) override;
    void finish(const ledger::SiteDataset& dataset, const ledger::SiteWriter& write) override;

    /// The site-relative path of an operator's page: one page for every spelling of a name that
    /// folds to the same letters and digits ("ByteDance", "Bytedance").
    static std::string operator_path(std::string_view owner);

    struct Row;
    struct SourceRow;

private:
    struct Templates;
    /// The rows of a table of clusters, each rendered alone (cluster_row.html), so that a page
    /// of every cluster holds its text, not a template's data for every row at once.
    std::string rows_html(const std::vector<const Row*>& rows, const std::string& root) const;
    /// A page from its template: `path` is where it goes, relative to the site's root.
    ledger::SiteFile page(const std::string& path, std::string_view template_name, kainjow::mustache::data data);
    /// A template rendered with its data alone: a row, an item of a list, the feed, the sitemap.
    std::string render_alone(const std::string& template_name, const kainjow::mustache::data& data) const;
    /// A file that is not a page (the feed, the sitemap): its template and data alone.
    ledger::SiteFile file(const std::string& path, const kainjow::mustache::data& data) const;
    void list_pages(const ledger::SiteWriter& write);
    void operator_pages(const ledger::SiteWriter& write);
    void dataset_pages(const ledger::SiteDataset& dataset, const ledger::SiteWriter& write);
    ledger::SiteFile index_page(const ledger::SiteDataset& dataset);
    std::unique_ptr<Templates> templates_;
    ledger::SiteSettings settings_;
    std::vector<Row> rows_;
    std::map<std::string, SourceRow> sources_;  ///< by URL
    /// The clusters each changeset touched, as their pages' histories say: the first few, and how many.
    struct Touched {
        std::vector<std::string> first;
        std::size_t count = 0;
    };
    std::map<long long, Touched> touched_;
    std::vector<std::string> pages_;  ///< every page's path, for the sitemap (kept only with a base URL)
};

/// What a build of the site did: its folder, its clusters and files.
void print_site(const Output& output, const ledger::SiteSummary& summary);

/// Text as a page shows it: one line, with every control character and every character that
/// reorders text (a bidirectional override) written as an escape, as a terminal shows it. The
/// templates' escaping then makes it safe markup.
std::string page_text(std::string_view text);

}  // namespace gpuclusters::render
