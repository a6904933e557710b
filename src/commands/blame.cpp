// gpuclusters blame ID [--as-of WHEN]: for every field, the value, the changeset that set it and
// the sources behind it.
#include <fmt/format.h>
#include <map>

#include "gpuclusters/ledger/change.hpp"
#include "commands/command.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

class BlameCommand : public Command {
public:
    explicit BlameCommand(CLI::App& app) {
        app.add_option("id", id_, "cluster id")->required();
        app.add_option("--as-of", as_of_, "the record as of a changeset number, date or timestamp");
    }
    DbAccess access() const override { return DbAccess::open; }

    ExitCode run(Context& context) override {
        const std::string id = model::parse_cluster_id(id_);
        const auto as_of = ledger::resolve_as_of(*context.store, as_of_);
        const auto record = context.store->load_record(id, as_of);
        if (!record) {
            throw InputError(fmt::format("no cluster '{}'{} (`gpuclusters list` shows the ids)", id,
                                         as_of ? fmt::format(" as of changeset {}", *as_of) : ""));
        }
        std::map<long long, model::Changeset> changesets;
        auto changeset = [&](long long changeset_id) -> const model::Changeset& {
            auto found = changesets.find(changeset_id);
            if (found == changesets.end()) {
                found = changesets.emplace(changeset_id, context.store->changeset(changeset_id).value()).first;
            }
            return found->second;
        };
        const auto order = record->source_order(false);
        auto number = [&](long long source_id) {
            return static_cast<std::size_t>(std::find(order.begin(), order.end(), source_id) - order.begin()) + 1;
        };

        render::Json json = {{"id", id}, {"as_of", as_of ? render::Json(*as_of) : render::Json(nullptr)}};
        render::Json fields = render::Json::object();
        for (const auto& spec : model::field_catalogue()) {
            const model::Claim* claim = record->preferred(spec.name);
            if (context.options.json) {
                if (!claim) {
                    fields[std::string(spec.name)] = {{"state", "unknown"}};
                    continue;
                }
                const auto& set_by = changeset(claim->ranked_in);
                render::Json citations = render::Json::array();
                for (const auto& citation : claim->citations) {
                    const auto& source = record->sources.at(citation.source_id);
                    citations.push_back({{"source", number(citation.source_id)},
                                         {"source_id", citation.source_id},
                                         {"url", source.url},
                                         {"kind", source.meta.kind},
                                         {"accessed", source.meta.accessed},
                                         {"locator", citation.locator},
                                         {"quote", citation.quote},
                                         {"changeset", citation.changeset_id}});
                }
                fields[std::string(spec.name)] = {{"state", model::to_string(claim->state)},
                                                  {"display", display_claim(claim)},
                                                  {"changeset", set_by.id},
                                                  {"author", set_by.author},
                                                  {"created_at", set_by.created_at},
                                                  {"message", set_by.message},
                                                  {"citations", std::move(citations)}};
                continue;
            }
            auto& out = context.out;
            out << context.style.bold(std::string(spec.name)) << ": " << display_claim(claim) << "\n";
            if (!claim) continue;
            const auto& set_by = changeset(claim->ranked_in);
            out << "    " << context.style.dim(fmt::format("changeset {} by {} on {}: {}", set_by.id, set_by.author,
                                                          set_by.created_at.substr(0, 10), set_by.message))
                << "\n";
            for (const auto& citation : claim->citations) {
                const auto& source = record->sources.at(citation.source_id);
                std::string line = fmt::format("[{}] {} ({}, accessed {})", number(citation.source_id), source.url,
                                               source.meta.kind, source.meta.accessed.empty() ? "—" : source.meta.accessed);
                if (citation.changeset_id != set_by.id) line += fmt::format(", cited in changeset {}", citation.changeset_id);
                out << "    " << line << "\n";
                if (!citation.quote.empty()) {
                    out << "        " << context.style.dim(fmt::format("{}“{}”", citation.locator.empty() ? "" : citation.locator + ": ",
                                                                      citation.quote))
                        << "\n";
                }
            }
        }
        if (context.options.json) {
            json["fields"] = std::move(fields);
            render::print_json(context.out, json);
        }
        return ExitCode::ok;
    }

private:
    std::string id_;
    std::string as_of_;
};

}  // namespace

std::unique_ptr<Command> make_blame(CLI::App& app) { return std::make_unique<BlameCommand>(app); }

}  // namespace gpuclusters::commands
