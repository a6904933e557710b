#include <algorithm>
// The dataset as a whole: the list of clusters, the sources, one source, the field catalogue.
#include <fmt/format.h>

#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/json_writer.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {

namespace {

std::string column_heading(const model::FieldSpec& field) {
    std::string heading = text::upper_ascii(field.name);
    std::replace(heading.begin(), heading.end(), '_', ' ');
    return heading;
}

}  // namespace

std::string figure_cell(const Output& output, long long figure) {
    return output.terminal ? text::group_thousands(figure) : std::to_string(figure);
}

std::string none_cell(const Output& output) { return output.terminal ? "—" : "-"; }

void print_undecided(const Output& output, const ledger::Undecided& undecided) {
    for (const auto& [condition, count] : undecided) {
        print_warning(output, fmt::format("{} cluster{} left out: a date too coarse to tell whether {}", count,
                                          count == 1 ? "" : "s", condition));
    }
}

ListPrinter::ListPrinter(const Output& output, const std::vector<std::string>& columns) : DocumentPrinter(output, "") {
    for (const auto& column : columns) fields_.push_back(&model::require_field(column));
    begin();
    if (output.json) return;
    std::vector<std::string> header{"ID"};
    // Headed by the names --columns takes: gpus_installed is GPUS INSTALLED.
    for (const auto* field : fields_) header.push_back(column_heading(*field));
    table_.emplace(output, std::move(header), 1);
    table_->leave_out_columns_to_fit();
}

void ListPrinter::cluster(const ledger::ListedCluster& cluster) {
    if (output_.json) {
        Json entry{{"id", cluster.id}};
        for (const auto* field : fields_) {
            const auto* row = cluster.value(field->name);
            entry[std::string(field->name)] =
                row && row->state == model::ClaimState::set ? typed_value(*field, row->value) : Json(nullptr);
        }
        writer_.value(entry);
        return;
    }
    std::vector<std::string> row{cluster.id};
    for (const auto* field : fields_) {
        const auto* value = cluster.value(field->name);
        std::string shown = !value                                             ? none_cell(output_)
                            : value->state == model::ClaimState::not_published ? "not published"
                                                                               : model::display_value(*field, value->value);
        if (field->type == model::FieldType::count && value && value->state == model::ClaimState::set) {
            // The count without its derivation, which would not fit a column, but with its bound:
            // "~10,000" is not 10,000.
            const std::string& count = value->value.value;
            shown = model::bounded(figure_cell(output_, std::stoll(count)), value->value.qualifiers.bound);
        }
        row.push_back(std::move(shown));
    }
    table_->row(std::move(row));
}

void ListPrinter::finish(const ledger::ListSummary& summary) {
    end();
    print_undecided(output_, summary.undecided);
}

namespace {

Json count_or_null(const std::optional<long long>& count) { return count ? Json(*count) : Json(nullptr); }

// "3 clusters, 1,200 GPUs", "3 clusters, GPUs unknown", "3 clusters, 1,200 GPUs in the 2 that
// publish a count": a tally in words, never 0 for what no record gives.
std::string tally_words(const ledger::Tally& tally, std::string_view unit) {
    const std::string clusters =
        fmt::format("{} cluster{}", text::group_thousands(tally.clusters), tally.clusters == 1 ? "" : "s");
    if (tally.with_count == 0) return fmt::format("{}, {} unknown", clusters, unit);
    if (tally.with_count == tally.clusters) return fmt::format("{}, {} {}", clusters, text::group_thousands(tally.units), unit);
    return fmt::format("{}, {} {} in the {} that publish{} a count", clusters, text::group_thousands(tally.units), unit,
                       text::group_thousands(tally.with_count), tally.with_count == 1 ? "es" : "");
}

// Each reason a record is left out in words, and what its records count, by the reason's value.
struct LeftOutText {
    std::string_view words;
    std::string_view unit;
};
constexpr LeftOutText left_out_text[] = {{"superseded phase", "chips"},
                                         {"unknown model", "chips"},
                                         {"uncatalogued model", "chips"},
                                         {"not a GPU", "accelerators"},
                                         {"unknown count", "GPUs"}};
static_assert(std::size(left_out_text) == std::size(ledger::left_out_reasons));

Json tally_json(const ledger::Tally& tally, std::string_view units) {
    return Json{{"clusters", tally.clusters},
                {"clusters_with_count", tally.with_count},
                {std::string(units), count_or_null(tally.sum())}};
}

// `unbadged`: the clusters with no verification badge.
Json stats_json(const ledger::DatasetStats& stats, long long unbadged) {
    const auto gpus = stats.gpus_installed();
    Json by = Json::object();
    for (const auto& [field, groups] : stats.by) {
        by[std::string(field->name)] = json_array(groups, [](const auto& group) {
            return Json{{"value", group.value ? Json(*group.value) : Json(nullptr)},
                        {"clusters", group.clusters},
                        {"gpus_installed", count_or_null(group.gpus_installed())},
                        {"gpus_installed_bound", group.gpus_bound.empty() ? Json(nullptr) : Json(group.gpus_bound)},
                        {"clusters_with_gpu_count", group.with_gpu_count},
                        {"clusters_counted", group.gpus.clusters}};
        });
    }
    Json accelerators = Json::array();
    for (const auto& [chip, tally] : stats.accelerators) {
        Json entry{{"chip", chip}};
        entry.update(tally_json(tally, "accelerators"));
        accelerators.push_back(std::move(entry));
    }
    Json left_out = Json::object();
    for (const auto reason : ledger::left_out_reasons) {
        left_out[std::string(ledger::to_string(reason))] = tally_json(stats.left_out_for(reason), "count");
    }
    const auto bound_json = [](const ledger::Tally& tally) { return Json{{"clusters", tally.clusters}, {"gpus", tally.units}}; };
    return Json{{"clusters", stats.clusters},
                {"gpus_installed", count_or_null(gpus)},
                {"clusters_with_gpu_count", stats.with_gpu_count},
                {"clusters_counted", stats.gpus.clusters},
                {"bounds", {{"approximate", bound_json(stats.approximate)}, {"at_least", bound_json(stats.at_least)}}},
                {"accelerators", std::move(accelerators)},
                {"left_out", std::move(left_out)},
                {"values", {{"published", stats.values.values}, {"from_operator", stats.values.from_operator}}},
                {"verified", {{"current", stats.verified}, {"stale", stats.stale}, {"none", unbadged}}},
                {"by", std::move(by)}};
}

}  // namespace

void print_stats(const Output& output, const ledger::DatasetStats& stats) {
    const long long unbadged = stats.clusters - stats.verified - stats.stale;
    if (output.json) {
        print_json(output.out, stats_json(stats, unbadged));
        return;
    }
    const auto gpus = stats.gpus_installed();
    auto& out = output.out;
    constexpr std::string_view indent = "                ";
    out << fmt::format("clusters        {}\n", text::group_thousands(stats.clusters));
    if (gpus) {
        out << fmt::format("GPUs installed  {} in {} cluster{}: physical GPUs, a site once\n", text::group_thousands(*gpus),
                           text::group_thousands(stats.gpus.clusters), stats.gpus.clusters == 1 ? "" : "s");
    } else {
        out << "GPUs installed  unknown: no GPU cluster publishes a count\n";
    }
    if (stats.approximate.clusters > 0)
        out << indent << "of which approximate (~): " << tally_words(stats.approximate, "GPUs") << "\n";
    if (stats.at_least.clusters > 0)
        out << indent << "of which lower bounds (+): " << tally_words(stats.at_least, "GPUs") << "\n";
    bool first = true;
    for (const auto& [chip, tally] : stats.accelerators) {
        out << fmt::format("{}{}: {}\n", first ? "not GPUs        " : indent, chip, tally_words(tally, "accelerators"));
        first = false;
    }
    first = true;
    for (const auto reason : ledger::left_out_reasons) {
        const auto& tally = stats.left_out_for(reason);
        if (tally.clusters == 0) continue;
        const auto& [words, unit] = left_out_text[static_cast<std::size_t>(reason)];
        out << fmt::format("{}{}: {}\n", first ? "left out        " : indent, words, tally_words(tally, unit));
        first = false;
    }
    if (first) out << "left out        nothing\n";
    out << fmt::format("values          {}, of which {} cite an operator source\n", text::group_thousands(stats.values.values),
                       text::group_thousands(stats.values.from_operator));
    out << fmt::format("verified        {} current, {} stale, {} without a badge\n", text::group_thousands(stats.verified),
                       text::group_thousands(stats.stale), text::group_thousands(unbadged));
    for (const auto& [field, groups] : stats.by) {
        out << "\n";
        std::vector<std::vector<std::string>> rows;
        for (const auto& group : groups) {
            const auto installed = group.gpus_installed();
            rows.push_back({group.value ? model::display_value(*field, model::FieldValue{*group.value, {}}) : none_cell(output),
                            figure_cell(output, group.clusters), figure_cell(output, group.gpus.clusters),
                            installed ? model::bounded(figure_cell(output, *installed), group.gpus_bound) : "unknown"});
        }
        print_table(output, {column_heading(*field), "CLUSTERS", "COUNTED", "GPUS INSTALLED"}, rows, 1);
    }
}

SourcesPrinter::SourcesPrinter(const Output& output) : DocumentPrinter(output, "") {
    begin();
    if (!output.json) table_.emplace(output, std::vector<std::string>{"ID", "KIND", "DOMAIN", "ACCESSED", "VALUES", "URL"}, 1);
}

void SourcesPrinter::source(const model::SourceUse& use) {
    if (output_.json) {
        auto entry = source_json(use.source);
        entry["values"] = use.values;
        writer_.value(entry);
        return;
    }
    table_->row({std::to_string(use.source.id), use.source.meta.kind, model::url_domain(use.source.url),
                 use.source.meta.accessed.empty() ? "—" : use.source.meta.accessed, std::to_string(use.values), use.source.url});
}

void print_source(const Output& output, const ledger::SourceBacking& backing) {
    const auto& source = backing.source;
    const auto& values = backing.values;
    if (output.json) {
        auto json = source_json(source);
        json["values"] = json_array(values, [](const auto& value) {
            const auto& spec = *model::find_field(value.claim.field);
            const auto& citation = value.claim.citations.front();
            return Json{
                {"cluster", value.cluster_id},
                {"field", value.claim.field},
                {"state", model::to_string(value.claim.state)},
                {"value", value.claim.state == model::ClaimState::set ? typed_value(spec, value.claim.value) : Json(nullptr)},
                {"rank", model::to_string(value.claim.rank)},
                {"locator", citation.locator},
                {"quote", citation.quote},
                {"changeset", citation.changeset_id}};
        });
        print_json(output.out, json);
        return;
    }
    auto& out = output.out;
    const auto& style = output.style;
    out << style.bold(fmt::format("source {}", source.id)) << "  " << text::one_line(source.url) << "\n";
    auto line = [&](std::string_view label, const std::string& value) {
        if (!value.empty()) out << fmt::format("  {:<10} {}\n", label, text::one_line(value));
    };
    line("kind", source.meta.kind);
    line("title", source.meta.title);
    line("publisher", source.meta.publisher);
    line("published", source.meta.published);
    line("edition of", source.meta.edition_of);
    line("accessed", source.meta.accessed.empty() ? "—" : source.meta.accessed);
    line("archive", source.meta.archive_url.empty()
                        ? ""
                        : source.meta.archive_url + (source.meta.archived.empty() ? "" : " (" + source.meta.archived + ")"));
    out << "\n" << style.heading(fmt::format("Backs {} value{}", values.size(), values.size() == 1 ? "" : "s")) << "\n";
    for (const auto& value : values) {
        const auto& citation = value.claim.citations.front();
        out << "  " << text::one_line(value.cluster_id) << "  " << value.claim.field << ": "
            << text::one_line(model::display_claim(&value.claim))
            << (value.claim.rank == model::Rank::preferred ? "" : " (" + std::string(model::to_string(value.claim.rank)) + ")")
            << "\n";
        if (!citation.quote.empty() || !citation.locator.empty()) {
            std::string quote = citation.quote;
            std::replace(quote.begin(), quote.end(), '\n', ' ');
            out << "      "
                << style.dim(text::one_line(fmt::format("{}{}", citation.locator.empty() ? "" : citation.locator + "  ",
                                                        quote.empty() ? "" : "“" + quote + "”")))
                << "\n";
        }
    }
}

void print_fields(const Output& output) {
    if (output.json) {
        print_json(output.out, json_array(model::field_catalogue(), [](const auto& field) {
                       Json entry{
                           {"name", field.name},         {"label", field.label},     {"type", model::type_name(field.type)},
                           {"required", field.required}, {"derived", field.derived}, {"definition", field.definition}};
                       if (!field.choices.empty())
                           entry["choices"] = json_array(field.choices, [](const auto& choice) { return choice.stored; });
                       return entry;
                   }));
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
