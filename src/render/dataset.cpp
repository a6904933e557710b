// The dataset as a whole: the list of clusters, the sources, one source, the field catalogue.
#include <fmt/format.h>

#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {

void print_list(const Output& output, const std::vector<ledger::ListedCluster>& clusters) {
    if (output.json) {
        Json list = Json::array();
        for (const auto& cluster : clusters) {
            Json entry{{"id", cluster.id}};
            for (const auto column : ledger::list_columns) {
                const auto* row = cluster.value(column);
                entry[std::string(column)] = row && row->state == model::ClaimState::set
                                                 ? typed_value(*model::find_field(column), row->value)
                                                 : Json(nullptr);
            }
            list.push_back(std::move(entry));
        }
        print_json(output.out, list);
        return;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& cluster : clusters) {
        std::vector<std::string> row{cluster.id};
        for (const auto column : ledger::list_columns) {
            const auto* value = cluster.value(column);
            const auto& spec = *model::find_field(column);
            std::string shown = !value ? "—"
                                : value->state == model::ClaimState::not_published ? "not published"
                                                                                  : model::display_value(spec, value->value);
            if (spec.type == model::FieldType::count && value && value->state == model::ClaimState::set) {
                shown = text::group_thousands(std::stoll(value->value.value));
            }
            row.push_back(shown);
        }
        rows.push_back(std::move(row));
    }
    print_table(output.out, output.style, {"ID", "NAME", "OWNER", "GPU MODEL", "GPUS", "STATUS"}, rows);
}

void print_sources(const Output& output, const std::vector<model::SourceUse>& sources) {
    if (output.json) {
        Json list = Json::array();
        for (const auto& use : sources) {
            auto entry = source_json(use.source);
            entry["values"] = use.values;
            list.push_back(std::move(entry));
        }
        print_json(output.out, list);
        return;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& use : sources) {
        rows.push_back({std::to_string(use.source.id), use.source.meta.kind, model::url_domain(use.source.url),
                        use.source.meta.accessed.empty() ? "—" : use.source.meta.accessed, std::to_string(use.values),
                        use.source.url});
    }
    print_table(output.out, output.style, {"ID", "KIND", "DOMAIN", "ACCESSED", "VALUES", "URL"}, rows);
}

void print_source(const Output& output, const ledger::SourceBacking& backing) {
    const auto& source = backing.source;
    const auto& values = backing.values;
    if (output.json) {
        auto json = source_json(source);
        Json backed = Json::array();
        for (const auto& value : values) {
            const auto& spec = *model::find_field(value.claim.field);
            const auto& citation = value.claim.citations.front();
            backed.push_back({{"cluster", value.cluster_id},
                              {"field", value.claim.field},
                              {"state", model::to_string(value.claim.state)},
                              {"value", value.claim.state == model::ClaimState::set ? typed_value(spec, value.claim.value)
                                                                                      : Json(nullptr)},
                              {"rank", model::to_string(value.claim.rank)},
                              {"locator", citation.locator},
                              {"quote", citation.quote},
                              {"changeset", citation.changeset_id}});
        }
        json["values"] = std::move(backed);
        print_json(output.out, json);
        return;
    }
    auto& out = output.out;
    const auto& style = output.style;
    out << style.bold(fmt::format("source {}", source.id)) << "  " << source.url << "\n";
    auto line = [&](std::string_view label, const std::string& value) {
        if (!value.empty()) out << fmt::format("  {:<10} {}\n", label, value);
    };
    line("kind", source.meta.kind);
    line("title", source.meta.title);
    line("publisher", source.meta.publisher);
    line("published", source.meta.published);
    line("accessed", source.meta.accessed.empty() ? "—" : source.meta.accessed);
    line("archive", source.meta.archive_url.empty()
                        ? ""
                        : source.meta.archive_url + (source.meta.archived.empty() ? "" : " (" + source.meta.archived + ")"));
    out << "\n" << style.heading(fmt::format("Backs {} value{}", values.size(), values.size() == 1 ? "" : "s")) << "\n";
    for (const auto& value : values) {
        const auto& citation = value.claim.citations.front();
        out << "  " << value.cluster_id << "  " << value.claim.field << ": " << model::display_claim(&value.claim)
            << (value.claim.rank == model::Rank::preferred ? "" : " (" + std::string(model::to_string(value.claim.rank)) + ")")
            << "\n";
        if (!citation.quote.empty() || !citation.locator.empty()) {
            out << "      "
                << style.dim(fmt::format("{}{}", citation.locator.empty() ? "" : citation.locator + "  ",
                                         citation.quote.empty() ? "" : "“" + citation.quote + "”"))
                << "\n";
        }
    }
}

void print_fields(const Output& output) {
    if (output.json) {
        Json list = Json::array();
        for (const auto& field : model::field_catalogue()) {
            Json entry{{"name", field.name},
                       {"label", field.label},
                       {"type", model::type_name(field.type)},
                       {"required", field.required},
                       {"derived", field.derived},
                       {"definition", field.definition}};
            if (!field.choices.empty()) {
                Json choices = Json::array();
                for (const auto& choice : field.choices) choices.push_back(choice.stored);
                entry["choices"] = std::move(choices);
            }
            list.push_back(std::move(entry));
        }
        print_json(output.out, list);
        return;
    }
    auto& out = output.out;
    for (const auto& field : model::field_catalogue()) {
        out << output.style.bold(std::string(field.name)) << "  " << field.label << "  (" << model::type_name(field.type)
            << (field.derived ? ", derived" : "") << (field.required ? ", required" : "") << ")\n";
        if (!field.choices.empty()) {
            std::string choices;
            for (const auto& choice : field.choices) choices += (choices.empty() ? "" : ", ") + std::string(choice.stored);
            out << "    one of: " << choices << "\n";
        }
        out << "    " << field.definition << "\n";
    }
}

}  // namespace gpuclusters::render
