#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <numeric>
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

// One cluster's lines of a change, headed by its id when `several` or when it is new or removed.
void print_cluster_change(std::ostream& out, const Style& style, const model::ClusterChange& change, bool several,
                          std::string_view margin) {
    const bool headed = several || change.presence != model::ClusterChange::Presence::kept;
    if (headed) {
        out << margin << style.bold(change.cluster_id)
            << (change.presence == model::ClusterChange::Presence::created   ? " (new cluster)"
                : change.presence == model::ClusterChange::Presence::removed ? " (removed)"
                                                                             : "")
            << "\n";
    }
    const std::string indent = std::string(margin) + (headed ? "  " : "");
    for (const auto& field : change.fields) print_field_line(out, style, field, indent);
}

// `source 3: new, https://...` or `source 3: accessed: 2026-11-11 -> 2026-11-30`.
void print_source_report(std::ostream& out, const model::SourceReport& source, std::string_view margin) {
    if (source.is_new) out << margin << fmt::format("source {}: new, {}", source.id, source.url) << "\n";
    for (const auto& change : source.changes)
        out << margin << fmt::format("source {}: {}", source.id, text::one_line(change)) << "\n";
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
    auto presence = [&](std::string_view id) {
        return created.contains(id)       ? model::ClusterChange::Presence::created
               : removed_ids.contains(id) ? model::ClusterChange::Presence::removed
                                          : model::ClusterChange::Presence::kept;
    };
    // The report's fields come cluster by cluster.
    for (auto first = report.fields.begin(); first != report.fields.end();) {
        auto last = std::find_if(first, report.fields.end(),
                                 [&](const model::FieldReport& field) { return field.cluster_id != first->cluster_id; });
        print_cluster_change(out, style, {first->cluster_id, presence(first->cluster_id), {first, last}}, several, margin);
        first = last;
    }
    for (const auto& list : {&report.new_clusters, &report.removed_clusters}) {
        for (const auto& id : *list) {
            if (!with_fields.contains(id)) print_cluster_change(out, style, {id, presence(id), {}}, several, margin);
        }
    }
    for (const auto& key : report.keys) {
        if (!key.added) continue;
        print_key_line(out, style, key, std::string(margin) + (several ? key.cluster_id + " " : ""));
    }
    for (const auto& event : report.events) out << margin << text::one_line(event) << "\n";
    for (const auto& source : report.sources) print_source_report(out, source, margin);
}

void print_change_report(std::ostream& out, const Style& style, const model::ChangeReport& report) {
    print_change_body(out, style, report, "");
    print_report_outcome(out, report.changed, report.dry_run, report.changeset_id);
}

Json source_report_json(const model::SourceReport& source) {
    return Json{{"id", source.id}, {"url", source.url}, {"new", source.is_new}, {"changes", source.changes}};
}

}  // namespace

void print_report_outcome(std::ostream& out, bool changed, bool dry_run, long long changeset_id) {
    if (!changed) {
        out << "nothing to change\n";
    } else if (dry_run) {
        out << "dry run: nothing written\n";
    } else {
        out << fmt::format("changeset {}\n", changeset_id);
    }
}

void print_field_line(std::ostream& out, const Style& style, const model::FieldReport& field, std::string_view indent) {
    // A report line is one line: a line feed in a value written behind the tool's back would
    // forge a line of its own, so the values and note are shown escaped, as list and show do.
    const std::string old_display = text::one_line(field.old_display);
    const std::string new_display = text::one_line(field.new_display);
    const std::string note = field.note.empty() ? "" : " (" + text::one_line(field.note) + ")";
    if (field.kept_as_older) {
        out << indent << field.field << ": " << new_display << " (unchanged; " << text::one_line(field.note) << ")"
            << source_tags(field.sources) << "\n";
        return;
    }
    switch (field.kind) {
        case model::FieldReport::Kind::changed:
            out << indent << field.field << ": " << style.removed(old_display) << " -> " << style.added(new_display)
                << (field.kept_previous ? " (previous kept as competing)" : "") << note << source_tags(field.sources) << "\n";
            break;
        case model::FieldReport::Kind::cited:
            out << indent << field.field << ": " << new_display << " (unchanged; citation added)" << note
                << source_tags(field.sources) << "\n";
            break;
        case model::FieldReport::Kind::unchanged:
            if (field.note.empty()) {
                out << indent << style.dim(fmt::format("{}: {} (unchanged)", field.field, new_display)) << "\n";
            } else {
                out << indent << field.field << ": " << new_display << note << "\n";
            }
            break;
    }
}

void print_key_line(std::ostream& out, const Style& style, const model::KeyReport& key, std::string_view indent) {
    out << indent << "key: " << style.added(text::one_line(key.key)) << " (new)" << source_tags({key.source}) << "\n";
}

void print_changeset_body(std::ostream& out, const Style& style, const ledger::ChangesetView& changes, std::string_view margin) {
    changes.each_cluster(
        [&](const model::ClusterChange& change, bool several) { print_cluster_change(out, style, change, several, margin); });
    changes.each_event([&](const std::string& event) { out << margin << text::one_line(event) << "\n"; });
    changes.each_source([&](const model::SourceReport& source) { print_source_report(out, source, margin); });
}

Json field_report_json(const model::FieldReport& field) {
    Json sources = Json::array();
    for (const auto& source : field.sources) sources.push_back(Json{{"id", source.id}, {"domain", source.domain}});
    static constexpr const char* kinds[] = {"changed", "cited", "unchanged"};
    return Json{{"cluster", field.cluster_id},
                {"field", field.field},
                {"change", field.kept_as_older ? "kept_as_older" : kinds[static_cast<int>(field.kind)]},
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
    json["fields"] = json_array(report.fields, field_report_json);
    json["new_clusters"] = report.new_clusters;
    json["removed_clusters"] = report.removed_clusters;
    json["sources"] = json_array(report.sources, source_report_json);
    json["events"] = report.events;
    json["warnings"] = report.warnings;
    return json;
}

void write_changeset_json(JsonWriter& writer, const ledger::ChangesetView& changes, const ReportHead& head) {
    writer.begin_object();
    writer.member("changeset", head.changeset_id == 0 ? Json(nullptr) : Json(head.changeset_id));
    writer.member("changed", head.changed);
    writer.member("dry_run", head.dry_run);
    // The ids are all that is held while the fields stream by.
    std::vector<std::string> created, removed;
    writer.key("fields");
    writer.begin_array();
    changes.each_cluster([&](const model::ClusterChange& change, bool) {
        if (change.presence == model::ClusterChange::Presence::created) created.push_back(change.cluster_id);
        if (change.presence == model::ClusterChange::Presence::removed) removed.push_back(change.cluster_id);
        for (const auto& field : change.fields) writer.value(field_report_json(field));
    });
    writer.end_array();
    writer.member("new_clusters", created);
    writer.member("removed_clusters", removed);
    writer.key("sources");
    writer.begin_array();
    changes.each_source([&](const model::SourceReport& source) { writer.value(source_report_json(source)); });
    writer.end_array();
    writer.key("events");
    writer.begin_array();
    changes.each_event([&](const std::string& event) { writer.value(event); });
    writer.end_array();
    writer.member("warnings", Json::array());
    if (head.reverted) writer.member("reverted", *head.reverted);
    for (const auto& [key, id] : head.names) writer.member(key, id);
    writer.end_object();
}

namespace {

// The blank columns between two columns of a table.
constexpr std::size_t gap = 2;

// Shares `room` columns among columns wanting `wanted`: a column that wants no more than an equal
// share keeps what it wants and leaves the rest to the others, so the widest columns give way
// first. Each keeps at least a few columns, so that a cell still says what it begins with.
std::vector<std::size_t> fit_widths(const std::vector<std::size_t>& wanted, std::size_t room) {
    constexpr std::size_t narrowest = 4;
    std::vector<std::size_t> widths = wanted;
    std::vector<std::size_t> order(wanted.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return wanted[a] < wanted[b]; });
    std::size_t left = order.size();
    for (const std::size_t column : order) {
        const std::size_t share = std::max(room / left, std::min(narrowest, wanted[column]));
        widths[column] = std::min(wanted[column], share);
        room -= std::min(room, widths[column]);
        --left;
    }
    return widths;
}

// A column of figures (counts, dates, ids, "—" where there is none) is never cut: a cut number
// reads as another number.
bool holds_figures(const std::vector<std::vector<std::string>>& rows, std::size_t column) {
    return std::all_of(rows.begin(), rows.end(), [&](const std::vector<std::string>& row) {
        if (column >= row.size()) return true;
        const std::string& cell = row[column];
        return cell == "—" || (!cell.empty() && cell.find_first_not_of("0123456789,.-:%~+") == std::string::npos);
    });
}

}  // namespace

TablePrinter::TablePrinter(const Output& output, std::vector<std::string> header, std::size_t key_columns)
    : output_(output), header_(std::move(header)), key_columns_(key_columns) {}

void TablePrinter::row(std::vector<std::string> cells) {
    // A cell is one line: a line feed or a tab in a value (written behind the tool's back) would
    // start a row of its own or shift the columns, so every control character is shown escaped,
    // and counted so, before the widths are measured.
    for (auto& cell : cells) {
        if (std::any_of(cell.begin(), cell.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; })) {
            cell = text::one_line(cell);
        }
    }
    if (measured_) {
        line(cells, false);
        return;
    }
    waiting_.push_back(std::move(cells));
    if (waiting_.size() >= measured_rows) measure();
}

void TablePrinter::finish() {
    if (!measured_) measure();
}

void TablePrinter::measure() {
    const auto& rows = waiting_;
    widths_.assign(header_.size(), 0);
    left_out_.assign(header_.size(), false);
    for (std::size_t i = 0; i < header_.size(); ++i) widths_[i] = text::display_width(header_[i]);
    for (const auto& row : rows) {
        for (std::size_t i = 0; i < row.size() && i < widths_.size(); ++i) {
            widths_[i] = std::max(widths_[i], text::display_width(row[i]));
        }
    }
    const std::vector<std::size_t> natural = widths_;
    fit(natural);
    // A cell cut to a few characters says nothing ("NVID…"): a column left out, and named, says
    // more. The rightmost first, as a table's columns are written most telling first.
    std::vector<std::string> left_out_names;
    for (std::size_t column = widths_.size(); may_leave_out_ && column-- > key_columns_;) {
        if (!cuts_unreadably(natural)) break;
        if (holds_figures(rows, column)) continue;
        left_out_[column] = true;
        left_out_names.insert(left_out_names.begin(), header_[column]);
        widths_ = natural;
        fit(natural);
    }
    measured_ = true;
    line(header_, true);
    for (const auto& row : waiting_) line(row, false);
    waiting_.clear();
    waiting_.shrink_to_fit();
    if (!left_out_names.empty()) {
        // Within the width too: the note is a line of the table.
        const std::string note =
            fmt::format("(left out to fit {} columns: {}; --wide shows all)", output_.width, fmt::join(left_out_names, ", "));
        output_.out << output_.style.dim(text::truncate_to_width(note, output_.width)) << "\n";
    }
}

bool TablePrinter::cuts_unreadably(const std::vector<std::size_t>& natural) const {
    for (std::size_t i = 0; i < widths_.size(); ++i) {
        if (!left_out_[i] && widths_[i] < std::min(natural[i], readable_width)) return true;
    }
    return false;
}

// Shares the terminal's width among the columns shown: first the other columns give way; when
// that is not enough, the key columns too, all from what they want.
void TablePrinter::fit(const std::vector<std::size_t>& natural) {
    for (const bool keys_give_way : {false, true}) {
        std::size_t shown = 0, columns = 0;
        for (std::size_t i = 0; i < widths_.size(); ++i) {
            if (left_out_[i]) continue;
            shown += widths_[i];
            ++columns;
        }
        shown += gap * (columns == 0 ? 0 : columns - 1);
        if (output_.width == 0 || shown <= output_.width) break;
        std::size_t fixed = gap * (columns - 1);
        std::vector<std::size_t> shrinking;  // the columns that may give way
        for (std::size_t i = 0; i < widths_.size(); ++i) {
            if (left_out_[i]) continue;
            if ((i < key_columns_ && !keys_give_way) || holds_figures(waiting_, i)) {
                fixed += widths_[i];
            } else {
                shrinking.push_back(i);
            }
        }
        std::vector<std::size_t> wanted_widths;
        for (const std::size_t i : shrinking) wanted_widths.push_back(natural[i]);
        const auto fitted = fit_widths(wanted_widths, output_.width > fixed ? output_.width - fixed : 0);
        for (std::size_t k = 0; k < shrinking.size(); ++k) widths_[shrinking[k]] = fitted[k];
    }
}

void TablePrinter::line(const std::vector<std::string>& cells, bool is_header) {
    std::string text;
    std::size_t last_shown = cells.size();
    while (last_shown > 0 && last_shown - 1 < left_out_.size() && left_out_[last_shown - 1]) --last_shown;
    for (std::size_t i = 0; i < last_shown; ++i) {
        if (i < left_out_.size() && left_out_[i]) continue;
        const bool last = i + 1 == last_shown;
        // Past the measured rows, a wider cell is cut on a terminal and kept whole elsewhere.
        const bool fits = i < widths_.size() && (output_.width != 0 || text::display_width(cells[i]) <= widths_[i]);
        const std::string cell = fits ? text::truncate_to_width(cells[i], widths_[i]) : cells[i];
        text += cell;
        if (!last) {
            const std::size_t width = text::display_width(cell);
            const std::size_t column = i < widths_.size() ? widths_[i] : width;
            text += std::string((column > width ? column - width : 0) + gap, ' ');
        }
    }
    output_.out << (is_header ? output_.style.bold(text) : text) << "\n";
}

void print_table(const Output& output, const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                 std::size_t key_columns) {
    TablePrinter table(output, header, key_columns);
    for (const auto& row : rows) table.row(row);
    table.finish();
}

std::string json_text(const Json& json) {
    // Invalid UTF-8 never reaches the store; replacing rather than throwing is a safety net.
    return json.dump(2, ' ', false, Json::error_handler_t::replace);
}

void print_json(std::ostream& out, const Json& json) { out << json_text(json) << "\n"; }

// A warning or an error is one line: a line feed or a tab in a stored value it quotes (written
// behind the tool's back) is shown escaped, as in every other output.
void print_warning(const Output& output, const std::string& message) {
    if (!output.quiet) output.err << "gpuclusters: warning: " << text::one_line(message) << "\n";
}

void print_error(std::ostream& err, const std::string& message) {
    err << "gpuclusters: error: " << text::one_line(message) << "\n";
}

void print_usage_error(std::ostream& err, const std::string& message) {
    err << "gpuclusters: error: " << text::one_line(message) << "\n"
        << "Try 'gpuclusters --help' or 'gpuclusters COMMAND --help'.\n";
}

void print_help(const Output& output, const std::string& text) { output.out << text; }

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

void print_edit_change(const Output& output, model::ChangeReport report) {
    if (output.json) {
        print_change(output, report);
        return;
    }
    // The editor held every field; the report names those that changed and counts the rest.
    const auto unchanged = std::erase_if(report.fields, [](const model::FieldReport& field) {
        return field.kind == model::FieldReport::Kind::unchanged && field.note.empty() && !field.kept_as_older;
    });
    for (const auto& warning : report.warnings) print_warning(output, warning);
    print_change_body(output.out, output.style, report, "");
    if (unchanged > 0) {
        output.out << output.style.dim(fmt::format("{} field{} unchanged", unchanged, unchanged == 1 ? "" : "s")) << "\n";
    }
    print_report_outcome(output.out, report.changed, report.dry_run, report.changeset_id);
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
    for (const auto& source : report.sources) print_source_report(out, source, "");
    out << fmt::format("changeset {}\n", report.changeset_id);
}

void print_revert(const Output& output, const ledger::RevertResult& result, const ledger::ChangesetView& changes) {
    if (output.json) {
        JsonWriter writer(output.out);
        write_changeset_json(writer, changes, {result.changeset_id, result.changed, result.dry_run, result.reverted, {}});
        output.out << "\n";
    } else {
        print_changeset_body(output.out, output.style, changes, "");
        print_report_outcome(output.out, result.changed, result.dry_run, result.changeset_id);
    }
}

void print_merge(const Output& output, const ledger::MergeResult& result, const ledger::ChangesetView& changes) {
    if (output.json) {
        JsonWriter writer(output.out);
        ReportHead head{result.changeset_id, true, result.dry_run, std::nullopt, {}};
        head.names = {{result.rename ? "renamed" : "merged", result.gone}, {result.rename ? "to" : "into", result.kept}};
        write_changeset_json(writer, changes, head);
        output.out << "\n";
        return;
    }
    std::string head = result.rename ? fmt::format("renamed {} to {}", result.gone, result.kept)
                                     : fmt::format("merged {} into {}", result.gone, result.kept);
    head += fmt::format(": {} {} copied", result.claims_copied, result.claims_copied == 1 ? "claim" : "claims");
    if (result.citations_joined > 0) {
        head += fmt::format(", {} {} added to the same value", result.citations_joined,
                            result.citations_joined == 1 ? "citation" : "citations");
    }
    if (result.fields_in_conflict > 0) {
        head += fmt::format(", {} {} with competing figures (`gpuclusters rank` prefers one)", result.fields_in_conflict,
                            result.fields_in_conflict == 1 ? "field" : "fields");
    }
    output.out << text::one_line(head) << "\n";
    print_changeset_body(output.out, output.style, changes, "");
    print_report_outcome(output.out, true, result.dry_run, result.changeset_id);
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

void print_backup(const Output& output, const ledger::BackupResult& result) {
    const auto& copy = result.copy;
    if (output.json) {
        print_json(output.out, Json{{"backup", result.destination},
                                    {"bytes", copy.bytes},
                                    {"schema_version", copy.schema_version},
                                    {"changeset", copy.newest_changeset},
                                    {"clusters", copy.clusters}});
        return;
    }
    output.out << fmt::format(
        "backed up to {}: {} clusters, as of changeset {} (schema version {}, {} bytes; PRAGMA quick_check ok)\n",
        result.destination, copy.clusters, copy.newest_changeset, copy.schema_version, copy.bytes);
}

void print_edit_unchanged(const Output& output) { output.out << "no change; nothing written\n"; }

void print_edit_aborted(const Output& output) { output.err << "gpuclusters: edit aborted: the file is empty; nothing written\n"; }

}  // namespace gpuclusters::render
