// gpuclusters site -o DIR [--config FILE] [--as-of WHEN] [--base-url URL] [--templates DIR] ...:
// the dataset as a static website, written whole into DIR.
#include "gpuclusters/ledger/site.hpp"
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "formats/site_config.hpp"
#include "formats/site_folder.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/record.hpp"
#include "render/html_site.hpp"

namespace gpuclusters::commands {
namespace {

// An http(s) URL, in the form the sources' URLs take.
std::string checked_url(const std::string& option, const std::string& url, std::string_view expected) {
    try {
        return model::normalise_source_url(url);
    } catch (const InputError& error) {
        throw UsageError(fmt::format("{}: {} (give {})", option, error.what(), expected));
    }
}

// A link a reader follows: an http(s) URL, or an email address (written as mailto: on the pages).
std::string checked_link(const std::string& option, const std::string& link) {
    if (link.empty()) return link;
    const bool email = link.find('@') != std::string::npos && link.find(':') == std::string::npos;
    if (!email) return checked_url(option, link, "an http(s) URL or an email address");
    for (char c : link) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte <= 0x20 || byte == 0x7F || c == '<' || c == '>' || c == '"') {
            throw UsageError(fmt::format("{}: '{}' is neither an http(s) URL nor an email address", option, link));
        }
    }
    return link;
}

class SiteCommand : public Command {
public:
    explicit SiteCommand(CLI::App& app) {
        app.add_option("-o,--output", query_.folder, "the site's folder: new, empty, or one this command built")
            ->required()
            ->type_name(value_type::path);
        app.add_option("--config", config_, "a TOML file of the settings below and the clusters to compare")
            ->type_name(value_type::path);
        app.add_option("--as-of", as_of_, "the dataset as of a changeset number, date or timestamp");
        app.add_option("--base-url", base_url_,
                       "the http(s) URL the site is served from: canonical links, sitemap.xml, feed.xml");
        app.add_option("--templates", templates_, "replace the default templates by this folder's files of the same names")
            ->type_name(value_type::path);
        app.add_option("--title", title_, "the site's title (default: GPU clusters)");
        app.add_option("--licence", licence_, "the data's licence, named in every page's footer and the Data Package");
        app.add_option("--contact", contact_, "a URL or email address for the footer's contact link");
        app.add_option("--capacity-link", capacity_,
                       "a URL or email address for each record page's \"Request GPU capacity\" link");
    }

    void validate(const Context&) override {
        auto& settings = query_.settings;
        formats::SiteConfig config = config_ ? formats::read_site_config(*config_) : formats::SiteConfig{};
        // The command line wins over the file, and the file over the defaults.
        settings.title = title_.value_or(config.title.value_or(settings.title));
        settings.description = config.description.value_or(settings.description);
        settings.base_url = base_url_.value_or(config.base_url.value_or(settings.base_url));
        settings.licence = licence_.value_or(config.licence.value_or(settings.licence));
        settings.contact = contact_.value_or(config.contact.value_or(settings.contact));
        settings.capacity = capacity_.value_or(config.capacity_link.value_or(settings.capacity));
        settings.comparisons = std::move(config.comparisons);
        if (!settings.base_url.empty()) {
            settings.base_url = checked_url("--base-url", settings.base_url, "an http(s) URL");
            if (!settings.base_url.ends_with('/')) settings.base_url += '/';
        }
        settings.contact = checked_link("--contact", settings.contact);
        settings.capacity = checked_link("--capacity-link", settings.capacity);
    }

    ExitCode run(Context& context) override {
        auto& store = context.store();
        query_.as_of = ledger::resolve_as_of(store, as_of_);
        render::HtmlSite pages(formats::site_templates(templates_), query_.settings);
        render::print_site(context.output, ledger::publish_site(store, query_, pages));
        return ExitCode::ok;
    }

private:
    ledger::SiteQuery query_;
    std::string as_of_;
    std::optional<std::string> config_, templates_, title_, base_url_, licence_, contact_, capacity_;
};

}  // namespace

std::unique_ptr<Command> make_site(CLI::App& app) { return std::make_unique<SiteCommand>(app); }

}  // namespace gpuclusters::commands
