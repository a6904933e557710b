// gpuclusters sources [ID] [--unused]          every source, with what it backs
// gpuclusters sources show SOURCE               the values one source backs
// gpuclusters sources check SOURCE [--accessed] re-read today: a new accessed date (a changeset)
#include <algorithm>
#include <fmt/format.h>

#include "gpuclusters/ledger/change.hpp"
#include "commands/command.hpp"
#include "commands/options.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

class SourcesCommand : public Command {
public:
    explicit SourcesCommand(CLI::App& app) {
        app.add_option("id", cluster_id_, "only the sources this cluster's values cite");
        app.add_flag("--unused", unused_, "only sources that back no current value");
        show_ = app.add_subcommand("show", "the values one source backs, with the quotes");
        show_->add_option("source", reference_, "source id or URL")->required();
        show_->fallthrough();
        check_ = app.add_subcommand("check", "record that a source was re-read (today, or --accessed), or new metadata");
        check_->add_option("source", check_source_.reference, "source id or URL")->required();
        add_source_metadata_options(*check_, check_source_);
        check_->add_option("-m,--message", message_, "changeset message");
        check_->add_flag("-n,--dry-run", dry_run_, "print the change and write nothing");
        check_->fallthrough();
        app.require_subcommand(0, 1);
    }
    DbAccess access() const override { return DbAccess::open; }

    ExitCode run(Context& context) override {
        if (show_->parsed()) return show(context);
        if (check_->parsed()) return check(context);
        return list(context);
    }

private:
    ExitCode list(Context& context) {
        std::string cluster;
        if (!cluster_id_.empty()) {
            cluster = model::parse_cluster_id(cluster_id_);
            if (!context.store->load_record(cluster)) {
                throw InputError(fmt::format("no cluster '{}' (`gpuclusters list` shows the ids)", cluster));
            }
        }
        auto sources = context.store->sources(cluster);
        if (unused_) std::erase_if(sources, [](const store::SourceUse& use) { return use.values > 0; });
        if (context.options.json) {
            render::Json list = render::Json::array();
            for (const auto& use : sources) {
                auto entry = render::source_json(use.source);
                entry["values"] = use.values;
                list.push_back(std::move(entry));
            }
            render::print_json(context.out, list);
            return ExitCode::ok;
        }
        std::vector<std::vector<std::string>> rows;
        for (const auto& use : sources) {
            rows.push_back({std::to_string(use.source.id), use.source.meta.kind, model::url_domain(use.source.url),
                            use.source.meta.accessed.empty() ? "—" : use.source.meta.accessed,
                            std::to_string(use.values), use.source.url});
        }
        render::print_table(context.out, context.style, {"ID", "KIND", "DOMAIN", "ACCESSED", "VALUES", "URL"}, rows);
        return ExitCode::ok;
    }

    model::Source find_source(const store::Store& store, const std::string& reference) const {
        const bool is_id = !reference.empty() && reference.size() < 16 &&
                           std::all_of(reference.begin(), reference.end(), [](char c) { return c >= '0' && c <= '9'; });
        std::optional<model::Source> source;
        if (is_id) {
            source = store.source_by_id(std::stoll(reference));
        } else {
            source = store.source_by_url(model::understand_source_url(reference).url);
        }
        if (!source) throw InputError(fmt::format("no source '{}' (`gpuclusters sources` lists them)", reference));
        return *source;
    }

    ExitCode show(Context& context) {
        const model::Source source = find_source(*context.store, reference_);
        const auto values = context.store->values_backed_by(source.id);
        if (context.options.json) {
            auto json = render::source_json(source);
            render::Json backed = render::Json::array();
            for (const auto& value : values) {
                const auto& spec = *model::find_field(value.claim.field);
                const auto& citation = value.claim.citations.front();
                backed.push_back({{"cluster", value.cluster_id},
                                  {"field", value.claim.field},
                                  {"state", model::to_string(value.claim.state)},
                                  {"value", value.claim.state == model::ClaimState::set
                                                ? render::typed_value(spec, value.claim.value)
                                                : render::Json(nullptr)},
                                  {"rank", model::to_string(value.claim.rank)},
                                  {"locator", citation.locator},
                                  {"quote", citation.quote},
                                  {"changeset", citation.changeset_id}});
            }
            json["values"] = std::move(backed);
            render::print_json(context.out, json);
            return ExitCode::ok;
        }
        auto& out = context.out;
        out << context.style.bold(fmt::format("source {}", source.id)) << "  " << source.url << "\n";
        auto line = [&](std::string_view label, const std::string& value) {
            if (!value.empty()) out << fmt::format("  {:<10} {}\n", label, value);
        };
        line("kind", source.meta.kind);
        line("title", source.meta.title);
        line("publisher", source.meta.publisher);
        line("published", source.meta.published);
        line("accessed", source.meta.accessed.empty() ? "—" : source.meta.accessed);
        line("archive", source.meta.archive_url.empty() ? ""
                        : source.meta.archive_url + (source.meta.archived.empty() ? "" : " (" + source.meta.archived + ")"));
        out << "\n" << context.style.heading(fmt::format("Backs {} value{}", values.size(), values.size() == 1 ? "" : "s"))
            << "\n";
        for (const auto& value : values) {
            const auto& citation = value.claim.citations.front();
            out << "  " << value.cluster_id << "  " << value.claim.field << ": " << display_claim(&value.claim)
                << (value.claim.rank == model::Rank::preferred ? "" : " (" + std::string(model::to_string(value.claim.rank)) + ")")
                << "\n";
            if (!citation.quote.empty() || !citation.locator.empty()) {
                out << "      " << context.style.dim(fmt::format("{}{}", citation.locator.empty() ? "" : citation.locator + "  ",
                                                                 citation.quote.empty() ? "" : "“" + citation.quote + "”"))
                    << "\n";
            }
        }
        return ExitCode::ok;
    }

    ExitCode check(Context& context) {
        const model::Source source = find_source(*context.store, check_source_.reference);
        model::SourceInput input = check_source_;
        input.reference = std::to_string(source.id);
        input.origin = "SOURCE";
        if (!input.accessed) input.accessed = context.today;
        model::ChangeRequest request;
        request.sources.push_back(input);
        request.changeset = context.changeset(message_, fmt::format("check source {}", source.id));
        request.today = context.today;
        request.dry_run = dry_run_;
        const auto report = ledger::apply_changes(*context.store, request);
        context.report_change(report);
        return ExitCode::ok;
    }

    std::string cluster_id_;
    bool unused_ = false;
    CLI::App* show_ = nullptr;
    CLI::App* check_ = nullptr;
    std::string reference_;
    model::SourceInput check_source_;
    std::string message_;
    bool dry_run_ = false;
};

}  // namespace

std::unique_ptr<Command> make_sources(CLI::App& app) { return std::make_unique<SourcesCommand>(app); }

}  // namespace gpuclusters::commands
