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

/// What a site says of itself; empty links are left off the pages.
struct SiteSettings {
    std::string title = "GPU clusters";
    std::string description = "GPU clusters, every figure with its source and the words it quotes.";
    std::string base_url;  ///< the absolute URL the site is served from, for the feed, sitemap and canonical links
    std::string licence;
    std::string contact;   ///< a URL or an email address
    std::string capacity;  ///< "Request GPU capacity": a URL or an email address
};

/// Template file name ("record.html", "style.css") to its text: record.html, index.html,
/// operator.html, the partials head.html and foot.html, and style.css.
using SiteTemplates = std::map<std::string, std::string>;

class HtmlSite : public ledger::SitePages {
public:
    /// Parses the templates; InputError naming the template that does not parse.
    HtmlSite(const SiteTemplates& templates, SiteSettings settings);
    ~HtmlSite() override;
    std::vector<ledger::SiteFile> record(const ledger::SiteRecord& page) override;
    std::vector<ledger::SiteFile> finish() override;

    /// The site-relative path of an operator's page: one page for every spelling of a name that
    /// folds to the same letters and digits ("ByteDance", "Bytedance").
    static std::string operator_path(std::string_view owner);

private:
    struct Templates;
    struct Row;
    kainjow::mustache::data rows_data(const std::vector<const Row*>& rows) const;
    std::string render_page(std::string_view name, kainjow::mustache::data data, std::string_view root) const;
    std::unique_ptr<Templates> templates_;
    SiteSettings settings_;
    std::vector<Row> rows_;
};

/// What a build of the site did: its folder, its clusters and files.
void print_site(const Output& output, const ledger::SiteSummary& summary);

/// Text as a page shows it: one line, with every control character and every character that
/// reorders text (a bidirectional override) written as an escape, as a terminal shows it. The
/// templates' escaping then makes it safe markup.
std::string page_text(std::string_view text);

}  // namespace gpuclusters::render
