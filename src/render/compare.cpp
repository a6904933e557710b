// compare: clusters side by side, a record over time, the database against a snapshot.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <set>

#include "gpuclusters/model/catalogues.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {
namespace {

std::string source_list(const std::vector<std::string>& urls) {
    std::string text;
    for (const auto& url : urls) text += (text.empty() ? "" : ", ") + model::url_domain(url);
    return text.empty() ? "no source" : text;
}

// Each record's sources by number, under its id.
Json sources_json(const std::vector<model::Record>& records, const std::vector<SourceNumbers>& numbers) {
    Json sources = Json::object();
    for (std::size_t i = 0; i < records.size(); ++i) {
        sources[records[i].id] = json_array(records[i].source_order(false), [&](long long id) {
            return Json{{"number", numbers[i].at(id)}, {"url", records[i].sources.at(id).url}};
        });
    }
    return sources;
}

void print_sources_of(const Output& output, const model::Record& record, const SourceNumbers& number_of) {
    auto& out = output.out;
    out << "\n" << output.style.heading(fmt::format("Sources of {}", record.id)) << "\n";
    for (long long id : record.source_order(false)) {
        const auto& source = record.sources.at(id);
        out << fmt::format("  {:>2}. {}  {}  accessed {}\n      {}\n", number_of.at(id), model::url_domain(source.url),
                           source.meta.kind, source.meta.accessed.empty() ? "—" : source.meta.accessed, source.url);
    }
}

}  // namespace

void print_side_by_side(const Output& output, const ledger::SideBySide& comparison) {
    const auto& records = comparison.records;
    std::vector<SourceNumbers> numbers;
    for (const auto& record : records) numbers.push_back(source_numbers(record, false));
    std::vector<std::vector<std::string>> rows;
    Json fields = Json::array();
    for (std::size_t f = 0; f < comparison.fields.size(); ++f) {
        const std::string& name = comparison.fields[f];
        const bool differs = comparison.differs[f];
        std::vector<std::string> row{differs ? "*" : "", name};
        Json values = Json::object();
        for (std::size_t i = 0; i < records.size(); ++i) {
            const model::Claim* claim = records[i].preferred(name);
            const auto cited = claim ? cited_numbers(*claim, numbers[i]) : std::set<std::size_t>{};
            const std::string display = model::display_claim(claim);
            row.push_back(cited.empty() ? display : fmt::format("{} [{}]", display, fmt::join(cited, ",")));
            values[records[i].id] = {{"display", display}, {"sources", cited}};
        }
        rows.push_back(std::move(row));
        fields.push_back({{"field", name}, {"differs", differs}, {"values", std::move(values)}});
    }
    Json derived_json = nullptr;
    if (!comparison.derived.empty()) {
        std::vector<std::string> row{"", "H100e (derived)"};
        Json values = Json::object();
        for (std::size_t i = 0; i < records.size(); ++i) {
            const auto& figure = comparison.derived[i];
            row.push_back(figure ? figure->display : "—");
            values[records[i].id] =
                figure ? Json{{"display", figure->display}, {"derivation", figure->derivation}} : Json(nullptr);
        }
        rows.push_back(std::move(row));
        derived_json = {{"label", "H100-equivalent compute: derived, not a count of GPUs"},
                        {"source", std::string(model::performance_source_url)},
                        {"values", std::move(values)}};
    }
    auto& out = output.out;
    if (output.json) {
        const auto ids = json_array(records, [](const auto& record) { return record.id; });
        print_json(
            out, {{"clusters", ids}, {"fields", fields}, {"derived", derived_json}, {"sources", sources_json(records, numbers)}});
        return;
    }
    std::vector<std::string> header{"", "FIELD"};
    for (const auto& record : records) header.push_back(record.id);
    print_table(output, header, rows, 2);
    if (derived_json != nullptr) {
        out << output.style.dim(fmt::format("H100e: derived, not a count of GPUs: GPUs x dense BF16 per GPU / an "
                                            "H100's, figures from {}",
                                            model::performance_source_url))
            << "\n";
    }
    for (std::size_t i = 0; i < records.size(); ++i) print_sources_of(output, records[i], numbers[i]);
}

namespace {

// One field's two sides; over time also names the changeset that ranked each (a snapshot has none).
Json field_change_json(const ledger::FieldChange& change, bool with_changesets) {
    Json json{{"cluster", change.cluster_id},        {"field", change.field},
              {"left", change.left.display},         {"right", change.right.display},
              {"left_sources", change.left.sources}, {"right_sources", change.right.sources}};
    if (with_changesets) {
        json["left_changeset"] = change.left.changeset ? Json(change.left.changeset) : Json(nullptr);
        json["right_changeset"] = change.right.changeset ? Json(change.right.changeset) : Json(nullptr);
    }
    return json;
}

}  // namespace

void print_over_time(const Output& output, const ledger::OverTime& comparison) {
    auto& out = output.out;
    if (output.json) {
        print_json(out, {{"cluster", comparison.cluster_id},
                         {"from", comparison.from ? Json(*comparison.from) : Json(nullptr)},
                         {"to", comparison.to ? Json(*comparison.to) : Json(nullptr)},
                         {"changes",
                          json_array(comparison.changes, [](const auto& change) { return field_change_json(change, true); })}});
        return;
    }
    for (const auto& change : comparison.changes) {
        out << change.field << ": " << output.style.removed(change.left.display) << " -> "
            << output.style.added(change.right.display) << "\n";
        auto side = [&](const char* label, const ledger::Cell& cell) {
            out << "    " << label << ": " << (cell.changeset ? fmt::format("changeset {}, ", cell.changeset) : std::string())
                << source_list(cell.sources) << "\n";
        };
        side("was", change.left);
        side("now", change.right);
    }
    if (comparison.changes.empty()) out << "no difference\n";
}

void print_against(const Output& output, const ledger::Against& comparison) {
    auto& out = output.out;
    if (output.json) {
        Json differences =
            json_array(comparison.differences, [](const auto& change) { return field_change_json(change, false); });
        Json json{{"against", comparison.snapshot},
                  {"compared", comparison.provenance_compared ? "values and provenance" : "values"},
                  {"only_in_database", comparison.only_here},
                  {"only_in_snapshot", comparison.only_there},
                  {"differences", std::move(differences)}};
        if (comparison.provenance_compared) {
            json["provenance"] = json_array(comparison.provenance, [](const auto& difference) {
                return Json{{"cluster", difference.cluster_id},
                            {"only_in_database", difference.only_here},
                            {"only_in_snapshot", difference.only_there}};
            });
        }
        print_json(out, json);
        return;
    }
    for (const auto& id : comparison.only_here) out << "only in the database: " << id << "\n";
    for (const auto& id : comparison.only_there) out << "only in " << comparison.snapshot << ": " << id << "\n";
    for (const auto& change : comparison.differences) {
        out << change.cluster_id << " " << change.field << ": " << output.style.removed(change.left.display) << " -> "
            << output.style.added(change.right.display) << "\n"
            << "    here: " << source_list(change.left.sources) << "\n"
            << "    there: " << source_list(change.right.sources) << "\n";
    }
    for (const auto& difference : comparison.provenance) {
        out << difference.cluster_id << " provenance:\n";
        for (const auto& line : difference.only_here) out << "  " << output.style.removed("- " + line) << "\n";
        for (const auto& line : difference.only_there) out << "  " << output.style.added("+ " + line) << "\n";
    }
    // Said plainly: a snapshot whose citations or keys differ is no different in values.
    if (!comparison.differs()) {
        out << (comparison.provenance_compared
                    ? "no difference in values or provenance\n"
                    : "no difference in values (citations, keys and ranks are not compared: --provenance)\n");
    }
}

}  // namespace gpuclusters::render
