#include <algorithm>
#include <fmt/format.h>
#include <set>

#include "gpuclusters/text.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {
namespace {

std::string source_tags(const std::vector<model::SourceTag>& sources) {
    std::string tags;
    for (const auto& source : sources) {
        tags += fmt::format("{}source {}, {}", tags.empty() ? "" : "; ", source.id, source.domain);
    }
    return tags.empty() ? "" : "  [" + tags + "]";
}

}  // namespace

void print_change_report(std::ostream& out, const Style& style, const model::ChangeReport& report) {
    std::set<std::string> clusters;
    for (const auto& field : report.fields) clusters.insert(field.cluster_id);
    for (const auto& id : report.new_clusters) clusters.insert(id);
    const bool several = clusters.size() > 1;
    std::string current;
    for (const auto& field : report.fields) {
        const bool is_new = std::find(report.new_clusters.begin(), report.new_clusters.end(), field.cluster_id) !=
                            report.new_clusters.end();
        if (field.cluster_id != current) {
            current = field.cluster_id;
            if (several || is_new) out << style.bold(current) << (is_new ? " (new cluster)" : "") << "\n";
        }
        const std::string indent = several || is_new ? "  " : "";
        switch (field.kind) {
            case model::FieldReport::Kind::changed:
                out << indent << field.field << ": " << style.removed(field.old_display) << " -> "
                    << style.added(field.new_display) << (field.kept_previous ? " (previous kept as competing)" : "")
                    << source_tags(field.sources) << "\n";
                break;
            case model::FieldReport::Kind::cited:
                out << indent << field.field << ": " << field.new_display << " (unchanged; citation added)"
                    << source_tags(field.sources) << "\n";
                break;
            case model::FieldReport::Kind::unchanged:
                out << indent << style.dim(fmt::format("{}: {} (unchanged)", field.field, field.new_display)) << "\n";
                break;
        }
    }
    for (const auto& source : report.sources) {
        if (source.is_new) {
            out << fmt::format("source {}: new, {}", source.id, source.url) << "\n";
        } else {
            for (const auto& change : source.changes) out << fmt::format("source {}: {}", source.id, change) << "\n";
        }
    }
    if (!report.changed) {
        out << "nothing to change\n";
    } else if (report.dry_run) {
        out << "dry run: nothing written\n";
    } else {
        out << fmt::format("changeset {}\n", report.changeset_id);
    }
}

Json change_report_json(const model::ChangeReport& report) {
    Json json;
    json["changeset"] = report.changeset_id == 0 ? Json(nullptr) : Json(report.changeset_id);
    json["changed"] = report.changed;
    json["dry_run"] = report.dry_run;
    json["new_clusters"] = report.new_clusters;
    Json fields = Json::array();
    for (const auto& field : report.fields) {
        Json sources = Json::array();
        for (const auto& source : field.sources) sources.push_back(Json{{"id", source.id}, {"domain", source.domain}});
        static constexpr const char* kinds[] = {"changed", "cited", "unchanged"};
        fields.push_back(Json{{"cluster", field.cluster_id},
                              {"field", field.field},
                              {"change", kinds[static_cast<int>(field.kind)]},
                              {"old", field.old_display},
                              {"new", field.new_display},
                              {"kept_previous", field.kept_previous},
                              {"sources", std::move(sources)}});
    }
    json["fields"] = std::move(fields);
    Json sources = Json::array();
    for (const auto& source : report.sources) {
        sources.push_back(Json{{"id", source.id}, {"url", source.url}, {"new", source.is_new}, {"changes", source.changes}});
    }
    json["sources"] = std::move(sources);
    json["warnings"] = report.warnings;
    return json;
}

void print_table(std::ostream& out, const Style& style, const std::vector<std::string>& header,
                 const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> widths(header.size());
    for (std::size_t i = 0; i < header.size(); ++i) widths[i] = text::display_width(header[i]);
    for (const auto& row : rows) {
        for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i) {
            widths[i] = std::max(widths[i], text::display_width(row[i]));
        }
    }
    auto line = [&](const std::vector<std::string>& cells, bool is_header) {
        std::string text;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const bool last = i + 1 == cells.size();
            const std::size_t shown = text::display_width(cells[i]);
            text += cells[i];
            if (!last) text += std::string(widths[i] - shown + 2, ' ');
        }
        out << (is_header ? style.bold(text) : text) << "\n";
    };
    line(header, true);
    for (const auto& row : rows) line(row, false);
}

void print_json(std::ostream& out, const Json& json) {
    // Invalid UTF-8 never reaches the store, so strict dumping cannot throw on stored text.
    out << json.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace gpuclusters::render
