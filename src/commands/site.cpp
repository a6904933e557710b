// gpuclusters site -o DIR [--as-of WHEN] [--base-url URL] [--templates DIR] ...: the dataset as a
// static website, written whole into DIR.
#include "gpuclusters/ledger/site.hpp"
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "formats/site_folder.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "render/html_site.hpp"

namespace gpuclusters::commands {
namespace {

class SiteCommand : public Command {
public:
    explicit SiteCommand(CLI::App& app) {
        app.add_option("-o,--output", query_.folder, "the site's folder: new, empty, or one this command built")
            ->required()
            ->type_name(value_type::path);
        app.add_option("--as-of", as_of_, "the dataset as of a changeset number, date or timestamp");
        app.add_option("--templates", templates_, "replace the default templates by this folder's files of the same names")
            ->type_name(value_type::path);
        app.add_option("--title", settings_.title, "the site's title")->capture_default_str();
        app.add_option("--licence", settings_.licence, "the data's licence, named in every page's footer");
        app.add_option("--contact", settings_.contact, "a URL or email address for the footer's contact link");
        app.add_option("--capacity-link", settings_.capacity,
                       "a URL or email address for each record page's \"Request GPU capacity\" link");
    }
    DbAccess access() const override { return DbAccess::read_only; }

    ExitCode run(Context& context) override {
        auto& store = context.store();
        query_.as_of = ledger::resolve_as_of(store, as_of_);
        render::HtmlSite pages(formats::site_templates(templates_), settings_);
        render::print_site(context.output, ledger::publish_site(store, query_, pages));
        return ExitCode::ok;
    }

private:
    ledger::SiteQuery query_;
    std::string as_of_;
    std::optional<std::string> templates_;
    render::SiteSettings settings_;
};

}  // namespace

std::unique_ptr<Command> make_site(CLI::App& app) { return std::make_unique<SiteCommand>(app); }

}  // namespace gpuclusters::commands
