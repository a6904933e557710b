#include <algorithm>
#include <fmt/format.h>
#include <set>
#include <unordered_set>

#include "gpuclusters/model/text.hpp"
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

void print_field_line(std::ostream& out, const Style& style, const model::FieldReport& field, std::string_view indent) {
    const std::string note = field.note.empty() ? "" : " (" + field.note + ")";
    switch (field.kind) {
        case model::FieldReport::Kind::changed:
            out << indent << field.field << ": " << style.removed(field.old_display) << " -> "
                << style.added(field.new_display) << (field.kept_previous ? " (previous kept as competing)" : "")
                << note << source_tags(field.sources) << "\n";
            break;
        case model::FieldReport::Kind::cited:
            out << indent << field.field << ": " << field.new_display << " (unchanged; citation added)" << note
                << source_tags(field.sources) << "\n";
            break;
        case model::FieldReport::Kind::unchanged:
            if (field.note.empty()) {
                out << indent << style.dim(fmt::format("{}: {} (unchanged)", field.field, field.new_display)) << "\n";
            } else {
                out << indent << field.field << ": " << field.new_display << note << "\n";
            }
            break;
    }
}

void print_key_line(std::ostream& out, const Style& style, const model::KeyReport& key, std::string_view indent) {
    out << indent << "key: " << style.added(key.key) << " (new)" << source_tags({key.source}) << "\n";
}

void print_change_body(std::ostream& out, const Style& style, const model::ChangeReport& report, std::string_view margin) {
    // Sets, not searches of the lists: a changeset of 100,000 records prints in linear time.
    const std::unordered_set<std::string_view> created(report.new_clusters.begin(), report.new_clusters.end());
    const std::unordered_set<std::string_view> removed_ids(report.removed_clusters.begin(), report.removed_clusters.end());
    std::unordered_set<std::string_view> with_fields;
    for (const auto& field : report.fields) with_fields.insert(field.cluster_id);
    std::unordered_set<std::string_view> clusters = with_fields;
    clusters.insert(created.begin(), created.end());
    clusters.insert(removed_ids.begin(), removed_ids.end());
    const bool several = clusters.size() > 1;
    std::string current;
    for (const auto& field : report.fields) {
        const bool is_new = created.contains(field.cluster_id);
        const bool removed = removed_ids.contains(field.cluster_id);
        if (field.cluster_id != current) {
            current = field.cluster_id;
            if (several || is_new || removed) {
                out << margin << style.bold(current) << (is_new ? " (new cluster)" : removed ? " (removed)" : "") << "\n";
            }
        }
        print_field_line(out, style, field, std::string(margin) + (several || is_new || removed ? "  " : ""));
    }
    for (const auto& list : {&report.new_clusters, &report.removed_clusters}) {
        for (const auto& id : *list) {
            if (!with_fields.contains(id)) out << margin << style.bold(id) << (list == &report.new_clusters ? " (new cluster)" : " (removed)") << "\n";
        }
    }
    for (const auto& key : report.keys) {
        if (!key.added) continue;
        print_key_line(out, style, key, std::string(margin) + (several ? key.cluster_id + " " : ""));
    }
    for (const auto& event : report.events) out << margin << event << "\n";
    for (const auto& source : report.sources) {
        if (source.is_new) {
            out << margin << fmt::format("source {}: new, {}", source.id, source.url) << "\n";
        } else {
            for (const auto& change : source.changes) out << margin << fmt::format("source {}: {}", source.id, change) << "\n";
        }
    }
}

void print_change_report(std::ostream& out, const Style& style, const model::ChangeReport& report) {
    print_change_body(out, style, report, "");
    if (!report.changed) {
        out << "nothing to change\n";
    } else if (report.dry_run) {
        out << "dry run: nothing written\n";
    } else {
        out << fmt::format("changeset {}\n", report.changeset_id);
    }
}

Json field_report_json(const model::FieldReport& field) {
    Json sources = Json::array();
    for (const auto& source : field.sources) sources.push_back(Json{{"id", source.id}, {"domain", source.domain}});
    static constexpr const char* kinds[] = {"changed", "cited", "unchanged"};
    return Json{{"cluster", field.cluster_id},
                {"field", field.field},
                {"change", kinds[static_cast<int>(field.kind)]},
                {"old", field.old_display},
                {"new", field.new_display},
                {"kept_previous", field.kept_previous},
                {"note", field.note},
                {"sources", std::move(sources)}};
}

Json change_report_json(const model::ChangeReport& report) {
    Json json;
    json["changeset"] = report.changeset_id == 0 ? Json(nullptr) : Json(report.changeset_id);
    json["changed"] = report.changed;
    json["dry_run"] = report.dry_run;
    json["new_clusters"] = report.new_clusters;
    json["removed_clusters"] = report.removed_clusters;
    Json fields = Json::array();
    for (const auto& field : report.fields) fields.push_back(field_report_json(field));
    json["fields"] = std::move(fields);
    Json sources = Json::array();
    for (const auto& source : report.sources) {
        sources.push_back(Json{{"id", source.id}, {"url", source.url}, {"new", source.is_new}, {"changes", source.changes}});
    }
    json["sources"] = std::move(sources);
    json["events"] = report.events;
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

std::string json_text(const Json& json) {
    // Invalid UTF-8 never reaches the store; replacing rather than throwing is a safety net.
    return json.dump(2, ' ', false, Json::error_handler_t::replace);
}

void print_json(std::ostream& out, const Json& json) { out << json_text(json) << "\n"; }

}  // namespace gpuclusters::render

namespace gpuclusters::render {

void print_warning(const Output& output, const std::string& message) {
    if (!output.quiet) output.err << "gpuclusters: warning: " << message << "\n";
}

void print_error(std::ostream& err, const std::string& message) { err << "gpuclusters: error: " << message << "\n"; }

void print_usage_error(std::ostream& err, const std::string& message) {
    err << "gpuclusters: error: " << message << "\n"
        << "Try 'gpuclusters --help' or 'gpuclusters COMMAND --help'.\n";
}

void print_internal_error(std::ostream& err, const std::string& message) {
    err << "gpuclusters: internal error: " << message << "\n";
}

void print_change(const Output& output, const model::ChangeReport& report) {
    for (const auto& warning : report.warnings) print_warning(output, warning);
    if (output.json) {
        print_json(output.out, change_report_json(report));
    } else {
        print_change_report(output.out, output.style, report);
    }
}

void print_cite(const Output& output, const ledger::CitedChange& cited) {
    const auto& report = cited.report;
    if (output.json || !cited.record) {
        print_change(output, report);
        return;
    }
    // The field as it stands now, with every citation of the claim and the new ones marked.
    for (const auto& warning : report.warnings) print_warning(output, warning);
    const auto& field = report.fields.front();
    auto& out = output.out;
    print_claim_evidence(out, output.style, *cited.record, field.claim_id, field.new_citations);
    for (const auto& source : report.sources) {
        if (source.is_new) out << fmt::format("source {}: new, {}\n", source.id, source.url);
        for (const auto& change : source.changes) out << fmt::format("source {}: {}\n", source.id, change);
    }
    out << fmt::format("changeset {}\n", report.changeset_id);
}

void print_revert(const Output& output, const ledger::RevertResult& result) {
    if (output.json) {
        auto json = change_report_json(result.report);
        json["reverted"] = result.reverted;
        print_json(output.out, json);
    } else {
        print_change_report(output.out, output.style, result.report);
    }
}

void print_init(const Output& output, const ledger::InitResult& result) {
    if (!output.json) {
        output.out << fmt::format("{} {} (schema version {})\n", result.created ? "created" : "already initialised:", result.path,
                                  result.schema_version);
    }
    Json json{{"database", result.path}, {"created", result.created}, {"schema_version", result.schema_version}};
    if (result.sample) {
        for (const auto& warning : result.sample->warnings) print_warning(output, warning);
        if (output.json) {
            json["sample"] = change_report_json(*result.sample);
        } else {
            print_change_report(output.out, output.style, *result.sample);
        }
    }
    if (output.json) print_json(output.out, json);
}

void print_edit_unchanged(const Output& output) { output.out << "no change; nothing written\n"; }

void print_edit_aborted(const Output& output) {
    output.err << "gpuclusters: edit aborted: the file is empty; nothing written\n";
}

}  // namespace gpuclusters::render
