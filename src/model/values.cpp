// Parsing a value as typed: text, choices, partners and relations, cluster ids, and each field
// type's parser by the catalogue; counts and powers are read in value_numbers.cpp, dates in
// value_dates.cpp.
#include "gpuclusters/model/values.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "model/value_syntax.hpp"

namespace gpuclusters::model {
namespace {

// Longest accepted text value, in bytes: a field is one line of prose, not a document.
constexpr std::size_t max_text_bytes = 4096;

void require_utf8(std::string_view raw) {
    if (const auto bad = text::find_invalid_utf8(raw)) throw InputError(fmt::format("invalid UTF-8 at byte {}", *bad));
}

}  // namespace

std::string clean_text(std::string_view raw) {
    require_utf8(raw);
    const std::string_view value = text::trim(raw);
    if (value.empty()) throw InputError("empty value (use --not-published for a researched blank)");
    if (value.size() > max_text_bytes) {
        throw InputError(fmt::format("value is {} bytes long; the limit is {}", value.size(), max_text_bytes));
    }
    if (const auto control = text::find_terminal_control(value, false)) {
        throw InputError(fmt::format("{}: a field value is one line of text, without controls", *control));
    }
    return std::string(value);
}

std::string key_of_choice(std::string_view text) {
    std::string key;
    for (char c : text::lower_ascii(text::trim(text))) {
        const bool separator = c == ' ' || c == '-' || c == '_' || c == '/' || c == '.';
        if (separator) {
            if (!key.empty() && key.back() != '-') key += '-';
        } else {
            key += c;
        }
    }
    while (!key.empty() && key.back() == '-') key.pop_back();
    return key;
}

std::optional<std::pair<std::string_view, std::string_view>> split_trailing_parenthesis(std::string_view text) {
    text = text::trim(text);
    if (!text.ends_with(')')) return std::nullopt;
    const std::size_t open = text.rfind('(');
    if (open == std::string_view::npos) return std::nullopt;
    return std::pair{text::trim(text.substr(0, open)), text::trim(text.substr(open + 1, text.size() - open - 2))};
}

std::string clean_quote(std::string_view raw) {
    require_utf8(raw);
    const std::string_view quote = text::trim(raw);
    if (quote.size() > 16384) {
        throw InputError(fmt::format("quote is {} bytes long; the limit is 16384", quote.size()));
    }
    if (const auto control = text::find_terminal_control(quote, true)) throw InputError(fmt::format("{} of the quote", *control));
    return std::string(quote);
}

std::string parse_choice(const FieldSpec& field, std::string_view raw) {
    const std::string key = key_of_choice(raw);
    for (const auto& choice : field.choices) {
        if (key == key_of_choice(choice.stored) || key == key_of_choice(choice.label)) {
            return std::string(choice.stored);
        }
    }
    std::string allowed;
    for (const auto& choice : field.choices) allowed += (allowed.empty() ? "" : ", ") + std::string(choice.label);
    throw InputError(fmt::format("'{}' is not a {}: one of {}", std::string(text::trim(raw)), field.name, allowed));
}

std::vector<Partner> parse_partners(std::string_view raw) {
    std::vector<Partner> partners;
    for (auto item : text::split(raw, ';')) {
        if (text::trim(item).empty()) continue;
        const auto parts = split_trailing_parenthesis(item);
        if (!parts || parts->first.empty() || parts->second.empty()) {
            throw InputError(fmt::format("partner '{}' needs a role: 'Organisation (role)', several separated by ';'",
                                         std::string(text::trim(item))));
        }
        partners.push_back({clean_text(parts->first), clean_text(parts->second)});
    }
    if (partners.empty()) throw InputError("empty partner list");
    return partners;
}

std::string format_partners(const std::vector<Partner>& partners) {
    std::string result;
    for (const auto& partner : partners) {
        result += fmt::format("{}{} ({})", result.empty() ? "" : "; ", partner.organisation, partner.role);
    }
    return result;
}

std::vector<Relation> parse_related(std::string_view raw) {
    std::vector<Relation> related;
    for (auto item : text::split(raw, ';')) {
        if (text::trim(item).empty()) continue;
        const auto parts = split_trailing_parenthesis(item);
        std::string relation = parts ? key_of_choice(parts->second) : "";
        const bool known = std::find(std::begin(relation_kinds), std::end(relation_kinds), relation) != std::end(relation_kinds);
        if (!parts || !known) {
            throw InputError(fmt::format("related '{}' needs a relation: 'cluster-id (builds-upon|superseded-by|same-site)'",
                                         std::string(text::trim(item))));
        }
        related.push_back({parse_cluster_id(parts->first), relation});
    }
    if (related.empty()) throw InputError("empty list of related clusters");
    return related;
}

std::string format_related(const std::vector<Relation>& related) {
    std::string result;
    for (const auto& relation : related) {
        result += fmt::format("{}{} ({})", result.empty() ? "" : "; ", relation.cluster_id, relation.relation);
    }
    return result;
}

std::string parse_cluster_id(std::string_view raw) {
    const std::string_view id = text::trim(raw);
    bool valid =
        !id.empty() && id.size() <= 100 && id.front() != '-' && id.back() != '-' && id.find("--") == std::string_view::npos;
    for (char c : id) {
        if (!((c >= 'a' && c <= 'z') || is_digit(c) || c == '-')) valid = false;
    }
    if (valid) return std::string(id);
    const bool printable = !text::find_invalid_utf8(id);
    const std::string slug = printable ? text::slug(id) : std::string();
    throw InputError(fmt::format("'{}' is not a cluster id: lower-case letters, digits and single hyphens, at most 100 bytes{}",
                                 printable ? std::string(id) : std::string("(invalid UTF-8)"),
                                 slug.empty() ? "" : fmt::format(" (try '{}')", slug)));
}

FieldValue parse_field_value(const FieldSpec& field, std::string_view raw) {
    require_utf8(raw);
    switch (field.type) {
        case FieldType::text:
        case FieldType::gpu_model:
            return {clean_text(raw), {}};
        case FieldType::enumeration:
        case FieldType::gpu_maker:
            return {parse_choice(field, raw), {}};
        case FieldType::count: {
            auto count = parse_count(raw);
            return {std::to_string(count.value), {count.derivation, "", "", count.bound}};
        }
        case FieldType::decimal: {
            auto power = parse_power(raw);
            return {power.megawatts, {"", power.basis, power.estimator}};
        }
        case FieldType::partial_date:
            return {parse_partial_date(raw), {}};
        case FieldType::country: {
            const auto& countries = CountryTable::builtin();
            if (const Country* country = countries.find(raw)) return {country->alpha2, {}};
            const std::string suggestion = countries.suggest(raw);
            throw InputError(fmt::format("'{}' is not an ISO 3166-1 country code or name{}", std::string(text::trim(raw)),
                                         suggestion.empty() ? "" : fmt::format(" (did you mean {}?)", suggestion)));
        }
        case FieldType::partners:
            return {format_partners(parse_partners(raw)), {}};
        case FieldType::related:
            return {format_related(parse_related(raw)), {}};
    }
    return {};
}

std::string derived_maker(std::string_view gpu_model) {
    const GpuModel* model = GpuCatalogue::builtin().find(gpu_model);
    if (!model) return {};
    // Only the makers gpu_maker knows: a TPU's maker is not a GPU maker.
    const auto& choices = require_field("gpu_maker").choices;
    const bool known =
        std::any_of(choices.begin(), choices.end(), [&](const Choice& choice) { return choice.stored == model->maker; });
    return known ? model->maker : std::string();
}

std::vector<DerivedValue> values_from_model(std::string_view gpu_model) {
    const GpuModel* model = GpuCatalogue::builtin().find(gpu_model);
    return {{&require_field("gpu_maker"), derived_maker(gpu_model)},
            {&require_field("gpu_model_canonical"), model ? model->model : std::string()}};
}

}  // namespace gpuclusters::model
