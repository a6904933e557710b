// The record page, blame and log, as text and JSON.
#include <algorithm>
#include <fmt/format.h>

#include "gpuclusters/model/text.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {

void print_record(const Output& output, const model::Record& record, PageOptions options) {
    if (output.json) {
        Json json = record_json(record, options.with_deprecated);
        if (!record.reached_by.empty()) json["reached_by"] = record.reached_by;
        print_json(output.out, json);
    } else {
        print_record_page(output.out, output.style, record, options);
    }
}

void print_blame(const Output& output, const ledger::Blame& blame) {
    const auto& record = blame.record;
    const SourceNumbers number_of = source_numbers(record, false);
    auto& out = output.out;
    const auto& style = output.style;
    Json fields = Json::object();
    for (const auto& spec : model::field_catalogue()) {
        const model::Claim* claim = record.preferred(spec.name);
        const model::Changeset* set_by = claim ? &blame.changesets.at(claim->ranked_in) : nullptr;
        if (output.json) {
            if (!claim) {
                fields[std::string(spec.name)] = {{"state", "unknown"}};
                continue;
            }
            Json citations = json_array(claim->citations, [&](const auto& citation) {
                Json json = citation_json(citation, record, number_of);
                json["accessed"] = record.sources.at(citation.source_id).meta.accessed;  // blame's: "" rather than null
                json["changeset"] = citation.changeset_id;
                return json;
            });
            fields[std::string(spec.name)] = {{"state", model::to_string(claim->state)},
                                              {"display", model::display_claim(claim)},
                                              {"changeset", set_by->id},
                                              {"author", set_by->author},
                                              {"created_at", set_by->created_at},
                                              {"message", set_by->message},
                                              {"citations", std::move(citations)}};
            continue;
        }
        out << style.bold(std::string(spec.name)) << ": " << text::one_line(model::display_claim(claim)) << "\n";
        if (!claim) continue;
        out << "    "
            << style.dim(text::one_line(fmt::format("changeset {} by {} on {}: {}", set_by->id, set_by->author,
                                                    set_by->created_at.substr(0, 10), set_by->message)))
            << "\n";
        for (const auto& citation : claim->citations) {
            const auto& source = record.sources.at(citation.source_id);
            std::string line = fmt::format("[{}] {} ({}, accessed {})", number_of.at(citation.source_id), source.url,
                                           source.meta.kind, source.meta.accessed.empty() ? "—" : source.meta.accessed);
            if (citation.changeset_id != set_by->id) line += fmt::format(", cited in changeset {}", citation.changeset_id);
            out << "    " << text::one_line(line) << "\n";
            if (!citation.quote.empty()) {
                std::string quote = citation.quote;
                std::replace(quote.begin(), quote.end(), '\n', ' ');
                out << "        "
                    << style.dim(
                           text::one_line(fmt::format("{}“{}”", citation.locator.empty() ? "" : citation.locator + ": ", quote)))
                    << "\n";
            }
        }
    }
    if (output.json) {
        print_json(
            out, {{"id", record.id}, {"as_of", blame.as_of ? Json(*blame.as_of) : Json(nullptr)}, {"fields", std::move(fields)}});
    }
}

void LogPrinter::entry(const ledger::LogEntry& entry) {
    const auto& changeset = entry.changeset;
    const bool first = begin();
    if (output_.json) {
        writer_.begin_object();
        writer_.member("id", changeset.id);
        writer_.member("created_at", changeset.created_at);
        writer_.member("author", changeset.author);
        writer_.member("message", changeset.message);
        writer_.member("command", changeset.command);
        writer_.key("changes");
        write_changeset_json(writer_, entry.changes, {changeset.id, true, false, std::nullopt, {}});
        writer_.end_object();
        return;
    }
    auto& out = output_.out;
    if (!first) out << "\n";
    out << output_.style.heading(fmt::format("changeset {}", changeset.id)) << "  " << changeset.created_at << "  "
        << text::one_line(changeset.author) << "\n";
    if (!changeset.message.empty()) out << "    " << text::one_line(changeset.message) << "\n";
    print_changeset_body(out, output_.style, entry.changes, "    ");
}

}  // namespace gpuclusters::render
