#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <set>

#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/text.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {
namespace {

std::string pad(std::string_view text, std::size_t width) {
    const std::size_t shown = text::display_width(text);
    return std::string(text) + std::string(width > shown ? width - shown : 0, ' ');
}

// A quote is the source's words, line breaks and tabs included: on a page they become spaces.
std::string quote_line(std::string quote) {
    std::replace(quote.begin(), quote.end(), '\n', ' ');
    std::replace(quote.begin(), quote.end(), '\t', ' ');
    return text::one_line(quote);
}

std::string numbers(const model::Claim& claim, const SourceNumbers& number_of) {
    const auto seen = cited_numbers(claim, number_of);
    return seen.empty() ? "" : fmt::format("[{}]", fmt::join(seen, ","));
}

Json claim_json(const model::FieldSpec& field, const model::Claim& claim, const model::Record& record,
                const SourceNumbers& number_of) {
    Json json;
    json["state"] = model::to_string(claim.state);
    const bool set = claim.state == model::ClaimState::set;
    json["value"] = set ? typed_value(field, claim.value) : Json(nullptr);
    json["display"] = model::display_claim(&claim);
    json["rank"] = model::to_string(claim.rank);
    if (!claim.value.qualifiers.derivation.empty()) json["derivation"] = claim.value.qualifiers.derivation;
    if (!claim.value.qualifiers.basis.empty()) json["basis"] = claim.value.qualifiers.basis;
    if (!claim.value.qualifiers.estimator.empty()) json["estimator"] = claim.value.qualifiers.estimator;
    json["changeset"] = claim.changeset_id;
    json["citations"] =
        json_array(claim.citations, [&](const auto& citation) { return citation_json(citation, record, number_of); });
    return json;
}

// The record's sources in the order of their numbers, each with what is known of it.
void print_page_sources(std::ostream& out, const Style& style, const model::Record& record, const SourceNumbers& number_of) {
    if (number_of.empty()) return;
    out << "\n" << style.heading("Sources") << "\n";
    for (const auto& [number, id] : in_number_order(number_of)) {
        const auto& source = record.sources.at(id);
        std::string line = fmt::format("{}  {}", model::url_domain(source.url), source.meta.kind);
        line += source.meta.accessed.empty() ? "  no accessed date" : "  accessed " + source.meta.accessed;
        out << fmt::format("  {:>2}. ", number) << text::one_line(line) << "\n";
        if (!source.meta.title.empty()) {
            out << "      "
                << text::one_line(source.meta.title + (source.meta.publisher.empty() ? "" : " — " + source.meta.publisher) +
                                  (source.meta.published.empty() ? "" : ", " + source.meta.published))
                << "\n";
        }
        if (!source.meta.edition_of.empty() && source.meta.edition_of != source.url) {
            out << "      an edition of " << text::one_line(source.meta.edition_of) << "\n";
        }
        out << "      " << style.dim(fmt::format("{}  (source {})", text::one_line(source.url), id)) << "\n";
        if (!source.meta.archive_url.empty())
            out << "      " << style.dim("archived: " + text::one_line(source.meta.archive_url)) << "\n";
    }
}

}  // namespace

SourceNumbers source_numbers(const model::Record& record, bool with_deprecated) {
    SourceNumbers number_of;
    for (long long id : record.source_order(with_deprecated)) number_of.emplace(id, number_of.size() + 1);
    // Sources cited only by hidden (deprecated) claims still get a number, after the others.
    for (const auto& [id, source] : record.sources) number_of.emplace(id, number_of.size() + 1);
    return number_of;
}

std::vector<std::pair<std::size_t, long long>> in_number_order(const SourceNumbers& number_of) {
    std::vector<std::pair<std::size_t, long long>> ordered;
    for (const auto& [id, number] : number_of) ordered.emplace_back(number, id);
    std::sort(ordered.begin(), ordered.end());
    return ordered;
}

std::set<std::size_t> cited_numbers(const model::Claim& claim, const SourceNumbers& number_of) {
    std::set<std::size_t> cited;
    for (const auto& citation : claim.citations) cited.insert(number_of.at(citation.source_id));
    return cited;
}

Json citation_json(const model::Citation& citation, const model::Record& record, const SourceNumbers& number_of) {
    const auto& source = record.sources.at(citation.source_id);
    Json json;
    json["source"] = number_of.at(citation.source_id);
    json["source_id"] = citation.source_id;
    json["url"] = source.url;
    json["kind"] = source.meta.kind;
    json["accessed"] = source.meta.accessed.empty() ? Json(nullptr) : Json(source.meta.accessed);
    json["locator"] = citation.locator;
    json["quote"] = citation.quote;
    return json;
}

Json source_json(const model::Source& source) {
    // Every metadata key, empty or not, under the names the interchange formats give them.
    Json json{{"id", source.id}, {"url", source.url}, {"domain", model::url_domain(source.url)}};
    for (const auto& key : model::source_metadata_keys) json[key.name] = source.meta.*key.stored;
    return json;
}

Json typed_value(const model::FieldSpec& field, const model::FieldValue& value) {
    switch (field.type) {
        case model::FieldType::count:
            return Json(std::stoll(value.value));
        case model::FieldType::decimal:
            return Json(std::stod(value.value));
        case model::FieldType::partners:
            return json_array(model::parse_partners(value.value), [](const auto& partner) {
                return Json{{"organisation", partner.organisation}, {"role", partner.role}};
            });
        case model::FieldType::related:
            return json_array(model::parse_related(value.value), [](const auto& relation) {
                return Json{{"cluster", relation.cluster_id}, {"relation", relation.relation}};
            });
        default:
            return Json(value.value);
    }
}

// What a page shows of stored text is one line (a line feed in a value, written behind the tool's
// back, would forge a line of the page), with every control character escaped.
void print_record_page(std::ostream& out, const Style& style, const model::Record& record, PageOptions options) {
    const auto number_of = source_numbers(record, options.with_deprecated);
    const model::Claim* name = record.preferred("name");
    const model::Claim* summary = record.value_of("summary");
    const std::string title = text::one_line(name && name->state == model::ClaimState::set ? name->value.value : record.id);
    auto cited = [&](const model::Claim* claim) {
        const std::string text = claim ? numbers(*claim, number_of) : "";
        return text.empty() ? std::string() : " " + style.dim(text);
    };
    out << style.bold(title) << cited(name) << "\n";
    out << style.dim(text::one_line(record.id)) << "\n";
    if (!record.reached_by.empty()) out << text::one_line(record.reached_by) << "\n";
    if (const auto& badge = record.verification) {
        out << (badge->stale ? style.dim(fmt::format("Verified (stale: changed since {})", badge->date))
                             : style.added(fmt::format("Verified {} by {}", badge->date, text::one_line(badge->author))))
            << "\n";
    }
    if (summary) {
        out << text::one_line(summary->value.value) << cited(summary) << "\n";
    }
    out << "\n" << style.heading("Facts") << "\n";

    std::size_t width = 0;
    for (const auto& field : model::field_catalogue()) width = std::max(width, text::display_width(field.label));
    auto print_quotes = [&](const model::Claim& claim) {
        if (!options.with_quotes) return;
        for (const auto& citation : claim.citations) {
            if (citation.quote.empty()) continue;
            out << "  " << pad("", width) << "  "
                << style.dim(fmt::format("[{}{}] “{}”", number_of.at(citation.source_id),
                                         citation.locator.empty() ? "" : ", " + text::one_line(citation.locator),
                                         quote_line(citation.quote)))
                << "\n";
        }
    };
    for (const auto& field : model::field_catalogue()) {
        if (field.name == "name" || field.name == "summary") continue;
        const model::Claim* claim = record.preferred(field.name);
        const std::string competing = record.competing_figures(field.name);
        const std::string value = text::one_line(record.shown(field.name));
        out << "  " << pad(field.label, width) << "  " << (claim || !competing.empty() ? value : style.dim(value)) << cited(claim)
            << "\n";
        if (claim) print_quotes(*claim);
        for (const model::Claim* other : record.others(field.name, options.with_deprecated)) {
            const std::string label = other->rank == model::Rank::deprecated ? "deprecated" : "competing";
            out << "  " << pad("", width) << "  " << style.dim(fmt::format("{}: ", label))
                << text::one_line(model::display_claim(other)) << " " << style.dim(numbers(*other, number_of)) << "\n";
            print_quotes(*other);
        }
    }

    if (!record.keys.empty()) {
        out << "\n" << style.heading("Keys") << "\n";
        for (const auto& key : record.keys) {
            const auto& source = record.sources.at(key.source_id);
            out << "  " << text::one_line(key.key) << "  "
                << style.dim(fmt::format("{} (source {})", text::one_line(model::url_domain(source.url)), key.source_id)) << "\n";
        }
    }

    print_page_sources(out, style, record, number_of);
}

void print_claim_evidence(std::ostream& out, const Style& style, const model::Record& record, long long claim_id,
                          const std::vector<long long>& new_citations) {
    const auto number_of = source_numbers(record, true);
    for (const auto& claim : record.claims) {
        if (claim.id != claim_id) continue;
        out << style.bold(claim.field) << ": " << text::one_line(model::display_claim(&claim)) << "  "
            << style.dim(model::to_string(claim.rank)) << "\n";
        for (const auto& citation : claim.citations) {
            const bool is_new = std::find(new_citations.begin(), new_citations.end(), citation.id) != new_citations.end();
            const auto& source = record.sources.at(citation.source_id);
            std::string line = text::one_line(
                fmt::format("[{}] {}  {}  {}", number_of.at(citation.source_id), model::url_domain(source.url), source.meta.kind,
                            source.meta.accessed.empty() ? "no accessed date" : "accessed " + source.meta.accessed));
            if (!citation.locator.empty()) line += "  " + text::one_line(citation.locator);
            if (!citation.quote.empty()) line += fmt::format("  “{}”", quote_line(citation.quote));
            out << (is_new ? style.added("+ " + line + "  (new)") : "  " + line) << "\n";
        }
    }
}

Json record_json(const model::Record& record, bool with_deprecated) {
    const auto number_of = source_numbers(record, with_deprecated);
    Json json;
    json["id"] = record.id;
    const model::Claim* name = record.value_of("name");
    json["name"] = name ? Json(name->value.value) : Json(nullptr);
    if (const auto& badge = record.verification) {
        json["verified"] =
            Json{{"changeset", badge->changeset_id}, {"date", badge->date}, {"author", badge->author}, {"stale", badge->stale}};
    } else {
        json["verified"] = nullptr;
    }
    Json fields = Json::object();
    for (const auto& field : model::field_catalogue()) {
        const model::Claim* claim = record.preferred(field.name);
        const std::string competing = record.competing_figures(field.name);
        Json entry = claim ? claim_json(field, *claim, record, number_of)
                           : Json{{"state", competing.empty()                      ? "unknown"
                                            : record.in_merge_conflict(field.name) ? "merge_conflict"
                                                                                   : "competing"},
                                  {"value", nullptr},
                                  {"display", record.shown(field.name)},
                                  {"citations", Json::array()}};
        entry["competing"] = json_array(record.others(field.name, with_deprecated),
                                        [&](const model::Claim* other) { return claim_json(field, *other, record, number_of); });
        fields[std::string(field.name)] = std::move(entry);
    }
    json["fields"] = std::move(fields);
    Json sources = Json::array();
    for (const auto& [number, id] : in_number_order(number_of)) {
        const auto& source = record.sources.at(id);
        Json entry{{"number", number}};
        entry.update(source_json(source));
        sources.push_back(std::move(entry));
    }
    json["sources"] = std::move(sources);
    json["keys"] = json_array(record.keys, [&](const auto& key) {
        return Json{{"key", key.key}, {"source_id", key.source_id}, {"url", record.sources.at(key.source_id).url}};
    });
    return json;
}

}  // namespace gpuclusters::render
