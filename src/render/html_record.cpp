// A record page of the site: the data its template is rendered with.
#include <algorithm>
#include <fmt/format.h>

#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/html_pages.hpp"

namespace gpuclusters::render::html {
namespace {

using kainjow::mustache::list;
using kainjow::mustache::object;

Data citation_data(const model::Citation& citation, const model::Record& record, const SourceNumbers& number_of) {
    const auto& source = record.sources.at(citation.source_id);
    Data data = object{{"number", std::to_string(number_of.at(citation.source_id))},
                       {"domain", page_text(model::url_domain(source.url))}};
    if (!citation.quote.empty()) data.set("quote", page_text(citation.quote));
    if (!citation.locator.empty()) data.set("locator", page_text(citation.locator));
    return data;
}

Data claim_data(const model::Claim& claim, const model::Record& record, const SourceNumbers& number_of) {
    Data data =
        object{{"text", page_text(model::display_claim(&claim))}, {"not_published", claim.state != model::ClaimState::set}};
    list numbers;
    for (std::size_t number : cited_numbers(claim, number_of)) numbers.push_back(object{{"number", std::to_string(number)}});
    list quotes;
    for (const auto& citation : claim.citations) {
        if (!citation.quote.empty() || !citation.locator.empty()) quotes.push_back(citation_data(citation, record, number_of));
    }
    data.set("sources", numbers);
    if (!quotes.empty()) data.set("quotes", quotes);
    if (claim.rank != model::Rank::preferred) data.set("rank", std::string(model::to_string(claim.rank)));
    return data;
}

Data fact_data(const model::FieldSpec& field, const model::Record& record, const SourceNumbers& number_of) {
    Data data = object{
        {"field", std::string(field.name)}, {"label", std::string(field.label)}, {"definition", page_text(field.definition)}};
    list values;
    if (const model::Claim* value = record.preferred(field.name)) {
        values.push_back(claim_data(*value, record, number_of));
    }
    list competing;
    for (const model::Claim* other : record.others(field.name, false)) {
        competing.push_back(claim_data(*other, record, number_of));
    }
    if (values.empty() && competing.empty()) data.set("unknown", true);
    data.set("values", values);
    if (!competing.empty()) {
        data.set("competing", competing);
        data.set(
            "competing_label",
            page_text(record.competing_figures(field.name).empty() ? "Competing figures" : record.competing_figures(field.name)));
    }
    return data;
}

Data source_data(const model::Source& source, std::size_t number) {
    Data data = object{{"number", std::to_string(number)},
                       {"url", source.url},
                       {"domain", page_text(model::url_domain(source.url))},
                       {"kind", page_text(source.meta.kind)}};
    if (!source.meta.title.empty()) data.set("title", page_text(source.meta.title));
    if (!source.meta.publisher.empty()) data.set("publisher", page_text(source.meta.publisher));
    if (!source.meta.published.empty()) data.set("published", source.meta.published);
    if (!source.meta.accessed.empty()) data.set("accessed", source.meta.accessed);
    if (!source.meta.archive_url.empty()) data.set("archive_url", source.meta.archive_url);
    return data;
}

// Related clusters, each linked when it is in the site (the comparison holds those that are).
list related_data(const ledger::SiteRecord& page) {
    list related;
    const model::Claim* claim = page.record.value_of("related");
    if (!claim) return related;
    for (const auto& relation : model::parse_related(claim->value.value)) {
        Data data = object{{"id", relation.cluster_id}, {"relation", page_text(relation.relation)}};
        const bool present = page.comparison && std::any_of(page.comparison->records.begin(), page.comparison->records.end(),
                                                            [&](const auto& other) { return other.id == relation.cluster_id; });
        data.set("present", present);
        related.push_back(data);
    }
    return related;
}

}  // namespace

Data record_page(const ledger::SiteRecord& page, const ledger::SiteSettings& settings) {
    const model::Record& record = page.record;
    // Sources numbered as `show` numbers them.
    const SourceNumbers number_of = source_numbers(record, false);
    const std::string name = page_text(shown_or(record, "name", record.id));
    Data data = object{{"id", record.id}, {"name", name}};
    const std::string sentence = page_text(record_sentence(record));
    const std::string summary = page_text(shown_or(record, "summary", ""));
    data.set("title", name);
    data.set("description", summary.empty() ? sentence : summary);
    data.set("sentence", sentence);
    if (!summary.empty()) data.set("summary", summary);
    if (const std::string segment = shown_or(record, "segment", ""); !segment.empty()) data.set("segment", page_text(segment));
    if (const std::string owner = shown_or(record, "owner", ""); !owner.empty()) {
        data.set("operator_path", HtmlSite::operator_path(owner));
    }
    if (record.verification) {
        const auto& verification = *record.verification;
        data.set(verification.stale ? "stale" : "verified", object{{"author", page_text(verification.author)},
                                                                   {"date", verification.date},
                                                                   {"changeset", std::to_string(verification.changeset_id)}});
    }
    if (!settings.capacity.empty()) data.set("capacity", link_target(settings.capacity));
    list facts;
    for (const auto& field : model::field_catalogue()) {
        if (field.name == "name" || field.name == "summary") continue;
        facts.push_back(fact_data(field, record, number_of));
    }
    data.set("facts", facts);
    list sources;
    for (const auto& [number, id] : in_number_order(number_of)) sources.push_back(source_data(record.sources.at(id), number));
    data.set("sources", sources);
    if (list related = related_data(page); !related.empty()) {
        data.set("related", related);
        data.set("has_related", true);
    }
    list history;
    for (const auto& changeset : page.history) history.push_back(changeset_data(changeset));
    data.set("history", history);
    // Its related clusters' page, or else the first the settings name it in.
    const auto named = std::ranges::find_if(settings.comparisons,
                                            [&](const auto& ids) { return std::ranges::find(ids, record.id) != ids.end(); });
    if (page.comparison) {
        data.set("compare_path", related_compare_path(record.id));
    } else if (named != settings.comparisons.end()) {
        data.set("compare_path", compare_path(*named));
    }
    data.set("count", text::group_thousands(static_cast<long long>(page.clusters)));
    return data;
}

Data changeset_data(const model::Changeset& changeset) {
    return object{{"id", std::to_string(changeset.id)},
                  {"date", changeset.created_at.substr(0, 10)},
                  {"timestamp", changeset.created_at},
                  {"author", page_text(changeset.author)},
                  {"message", page_text(changeset.message)}};
}

std::string compare_path(const std::vector<std::string>& cluster_ids) {
    std::string path = "compare/";
    for (const auto& id : cluster_ids) path += (path.ends_with('/') ? "" : "--") + id;
    return path + ".html";
}

std::string related_compare_path(const std::string& cluster_id) { return "compare/" + cluster_id + ".html"; }

std::string compare_path(const ledger::SideBySide& comparison) {
    std::vector<std::string> ids;
    for (const auto& record : comparison.records) ids.push_back(record.id);
    return compare_path(ids);
}

Data compare_page(const ledger::SideBySide& comparison) {
    list clusters;
    std::string names;
    for (const auto& record : comparison.records) {
        const std::string name = page_text(shown_or(record, "name", record.id));
        clusters.push_back(object{{"id", record.id}, {"name", name}});
        names += (names.empty() ? "" : ", ") + name;
    }
    list rows;
    for (std::size_t i = 0; i < comparison.fields.size(); ++i) {
        const model::FieldSpec& field = model::require_field(comparison.fields[i]);
        list cells;
        for (const auto& record : comparison.records) {
            const ledger::Cell cell = ledger::cell_of(record, field.name);
            std::string domains;
            for (const auto& url : cell.sources) domains += (domains.empty() ? "" : ", ") + model::url_domain(url);
            Data data = object{{"display", page_text(cell.display)}};
            if (!domains.empty()) data.set("domains", page_text(domains));
            cells.push_back(data);
        }
        rows.push_back(object{{"field", std::string(field.name)},
                              {"label", std::string(field.label)},
                              {"cells", cells},
                              {"differs", comparison.differs[i] ? Data(true) : Data(false)}});
    }
    Data data = object{{"clusters", clusters}, {"rows", rows}, {"names", names}};
    if (!comparison.derived.empty()) {
        list derived;
        for (const auto& figure : comparison.derived) {
            derived.push_back(figure
                                  ? object{{"display", page_text(figure->display)}, {"derivation", page_text(figure->derivation)}}
                                  : object{{"display", "—"}});
        }
        data.set("derived", derived);
        data.set("has_derived", true);
    }
    data.set("title", "Compare " + names);
    data.set("description", fmt::format("{}, field by field, each value with the domains of its sources.", names));
    return data;
}

}  // namespace gpuclusters::render::html
