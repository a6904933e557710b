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
    std::vector<ledger::SiteFile> record(const ledger::SiteRecord& page, std::vector<ledger::SiteKept>& kept) override;
    void finish(const ledger::SiteDataset& dataset, const ledger::SiteLists& lists, ledger::SiteOutput& output) override;

    /// The site-relative path of an operator's page: one page for every spelling of a name that
    /// folds to the same letters and digits ("ByteDance", "Bytedance").
    static std::string operator_path(std::string_view owner);

    struct Row;

private:
    struct Templates;
    class PageStream;
    /// A row of a table of clusters, rendered alone (cluster_row.html), so that a page of every
    /// cluster is written a row at a time, never held as a template's data for every row.
    std::string row_html(const Row& row, const std::string& root) const;
    /// A page from its template: `path` is where it goes, relative to the site's root.
    ledger::SiteFile page(const std::string& path, std::string_view template_name, kainjow::mustache::data data);
    /// A template rendered with its data alone: a row, an item of a list, the feed, the sitemap.
    std::string render_alone(const std::string& template_name, const kainjow::mustache::data& data) const;
    void list_pages(const ledger::SiteLists& lists, ledger::SiteOutput& output);
    void operator_pages(const ledger::SiteLists& lists, ledger::SiteOutput& output);
    void sources_page(const ledger::SiteLists& lists, ledger::SiteOutput& output);
    void changes_pages(const ledger::SiteDataset& dataset, const ledger::SiteLists& lists, ledger::SiteOutput& output);
    void index_page(const ledger::SiteDataset& dataset, const ledger::SiteLists& lists, ledger::SiteOutput& output);
    void sitemap(const ledger::SiteDataset& dataset, const ledger::SiteLists& lists, ledger::SiteOutput& output);
    std::unique_ptr<Templates> templates_;
    ledger::SiteSettings settings_;
    /// The paths of the pages made of every record, for the sitemap (kept only with a base URL);
    /// the records' own pages are kept in the ledger's lists.
    std::vector<std::string> pages_;
};

/// What a build of the site did: its folder, its clusters and files.
void print_site(const Output& output, const ledger::SiteSummary& summary);

/// Text as a page shows it: one line, with every control character and every character that
/// reorders text (a bidirectional override) written as an escape, as a terminal shows it. The
/// templates' escaping then makes it safe markup.
std::string page_text(std::string_view text);

}  // namespace gpuclusters::render
