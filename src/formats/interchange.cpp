#include "formats/interchange.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <set>
#include <tuple>

#include "formats/typed.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::formats {
namespace {

// TOML basic strings: quotes, backslashes and control characters escaped.
std::string toml_string(std::string_view text) {
    static constexpr std::pair<char, std::string_view> escapes[] = {
        {'"', "\\\""}, {'\\', "\\\\"}, {'\n', "\\n"}, {'\t', "\\t"}, {'\r', "\\r"}};
    std::string out = "\"";
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (const auto* escape = std::ranges::find(escapes, c, &std::pair<char, std::string_view>::first);
            escape != std::end(escapes)) {
            out += escape->second;
        } else if (byte < 0x20 || byte == 0x7F) {
            out += fmt::format("\\u{:04X}", byte);
        } else {
            out += c;
        }
    }
    return out + "\"";
}

// A JSON claim's reason, when it gives one: none is "imported" (add_claim_inputs).
std::optional<std::string> nonempty(std::string text) { return text.empty() ? std::nullopt : std::optional(std::move(text)); }

// A source's members in their order, each to `put(key, value)`: "url", then "kind" always, in
// its place; the other metadata when given.
template <typename Put>
void each_source_member(const model::Source& source, Put&& put) {
    put("url", source.url);
    for (const auto& key : model::source_metadata_keys) {
        const std::string& value = source.meta.*key.stored;
        if (!value.empty() || key.stored == &model::SourceMeta::kind) put(key.name, value);
    }
}

std::string value_text(const Json& value, const std::string& where) {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_number_integer()) return std::to_string(value.get<long long>());
    if (value.is_number_float()) return fmt::format("{}", value.get<double>());
    throw InputError(fmt::format("{}: the value must be a string or a number", where));
}

const Json* member(const Json& object, const char* key) {
    const auto found = object.find(key);
    return found == object.end() ? nullptr : &*found;
}

std::string string_member(const Json& object, const char* key, const std::string& where, bool required) {
    const Json* value = member(object, key);
    if (!value || value->is_null()) {
        if (required) throw InputError(fmt::format("{}: missing \"{}\"", where, key));
        return {};
    }
    if (!value->is_string()) throw InputError(fmt::format("{}: \"{}\" must be a string", where, key));
    return value->get<std::string>();
}

void reject_unknown(const Json& object, std::initializer_list<std::string_view> known, const std::string& where) {
    for (const auto& [key, value] : object.items()) {
        if (std::find(known.begin(), known.end(), key) == known.end()) {
            throw InputError(fmt::format("{}: unknown key \"{}\"", where, text::excerpt(key)));
        }
    }
}

// Sources of a record in order of first citation by export_claims.
std::vector<const model::Source*> export_sources(const model::Record& record) {
    std::vector<const model::Source*> sources;
    std::set<long long> seen;
    for (const auto* claim : export_claims(record, true)) {
        for (const auto& citation : claim->citations) {
            if (seen.insert(citation.source_id).second) sources.push_back(&record.sources.at(citation.source_id));
        }
    }
    for (const auto& key : record.keys) {
        if (seen.insert(key.source_id).second) sources.push_back(&record.sources.at(key.source_id));
    }
    return sources;
}

// A record file's tables before its fields: its sources, keys, accepted findings and badge.
std::string provenance_tables(const model::Record& record) {
    std::string out;
    // By URL, the source's identity in every database: two editors' new sources land at their
    // own places in the file, and a record exported from any database lists them alike.
    auto sources = export_sources(record);
    std::ranges::sort(sources, {}, &model::Source::url);
    for (const auto* source : sources) {
        out += "\n[[source]]\n";
        each_source_member(*source, [&](std::string_view key, const std::string& value) {
            out += fmt::format("{} = {}\n", key, toml_string(value));
        });
    }
    std::vector<std::pair<std::string, std::string>> keys;  // by URL, as the sources
    for (const auto& key : record.keys) keys.emplace_back(record.sources.at(key.source_id).url, key.key);
    std::ranges::sort(keys);
    for (const auto& [url, key] : keys)
        out += fmt::format("\n[[key]]\nsource = {}\nkey = {}\n", toml_string(url), toml_string(key));
    for (const auto& accepted : record.accepted) {
        out += fmt::format("\n[[accepted]]\nrule = {}\nreason = {}\n", toml_string(accepted.rule), toml_string(accepted.reason));
    }
    // A stale badge vouches for an earlier state of the record: it does not travel.
    if (const auto& badge = record.verification; badge && !badge->stale) {
        out += fmt::format("\n[verified]\nby = {}\non = {}\n", toml_string(badge->author), toml_string(badge->date));
    }
    return out;
}

}  // namespace

std::vector<const model::Claim*> export_claims(const model::Record& record, bool provenance) {
    std::vector<const model::Claim*> claims;
    for (const auto& spec : model::field_catalogue()) {
        if (const auto* preferred = record.preferred(spec.name)) claims.push_back(preferred);
        if (!provenance) continue;
        for (const auto* other : record.others(spec.name, true)) claims.push_back(other);
    }
    return claims;
}

void append_record_json(std::string& text, const model::Record& record, bool provenance) {
    JsonOut out(text);
    out.begin_object().key("id").string(record.id);
    if (!provenance) {
        out.key("fields").begin_object();
        write_typed_fields(out, record);
        out.end_object().end_object();
        return;
    }
    out.key("sources").begin_array();
    for (const auto* source : export_sources(record)) {
        out.begin_object();
        each_source_member(*source, [&](std::string_view key, const std::string& value) { out.key(key).string(value); });
        out.end_object();
    }
    out.end_array();
    out.key("claims").begin_array();
    for (const auto* claim : export_claims(record, true)) {
        const auto& spec = *model::find_field(claim->field);
        out.begin_object().key("field").string(claim->field).key("state").string(model::to_string(claim->state));
        if (claim->state == model::ClaimState::set) {
            write_typed_value(out, "value", "", spec, claim->value);
        } else {
            out.key("value").null();
        }
        out.key("rank").string(model::to_string(claim->rank));
        if (claim->rank != model::Rank::preferred && !claim->rank_reason.empty()) out.key("reason").string(claim->rank_reason);
        out.key("citations").begin_array();
        for (const auto& citation : claim->citations) {
            out.begin_object().key("source").string(record.sources.at(citation.source_id).url);
            out.key("locator").string(citation.locator).key("quote").string(citation.quote).end_object();
        }
        out.end_array().end_object();
    }
    out.end_array();
    out.key("keys").begin_array();
    for (const auto& key : record.keys)
        out.begin_object().key("source").string(record.sources.at(key.source_id).url).key("key").string(key.key).end_object();
    out.end_array().end_object();
}

bool add_claim_inputs(model::RecordInput& record, const std::string& field, bool not_published, const std::string& value,
                      model::Rank rank, std::vector<model::CitationInput> citations, const std::string& origin,
                      std::optional<std::string> reason) {
    using model::FieldAction;
    // gpu_maker and gpu_model_canonical follow gpu_model on import; what a file says of them is not taken.
    if (const auto* spec = model::find_field(field); spec && spec->derived) return false;
    auto& input = record.fields.emplace_back(model::FieldInput{
        .field = field, .not_published = not_published, .raw_value = value, .citations = std::move(citations), .origin = origin});
    if (rank != model::Rank::preferred) {
        // A competing or deprecated claim: evidence for its value, held at that rank.
        input.action = FieldAction::cite;
        input.rank = rank;
        input.reason = reason ? std::move(*reason) : "imported";
    }
    return true;
}

const model::SourceInput* SourceIndex::find(std::string_view url) const {
    const auto found = index_.find(url);
    return found == index_.end() ? nullptr : &document_.sources[found->second];
}

void SourceIndex::list(model::SourceInput source) {
    index_.emplace(source.reference, document_.sources.size());
    document_.sources.push_back(std::move(source));
}

std::size_t SourceIndex::operator()(const std::string& url, const std::string& origin) {
    if (const auto found = index_.find(url); found != index_.end()) return found->second;
    list({.reference = url, .origin = origin});
    return document_.sources.size() - 1;
}

namespace {

// A value of format 2: a JSON number for a number field, a string for any other.
std::string typed_value(const model::FieldSpec& spec, const Json& value, const model::Qualifiers& qualifiers,
                        const std::string& where) {
    if (!model::is_numeric(spec.type)) {
        if (!value.is_string()) throw InputError(fmt::format("{}: must be a string", where));
        return value.get<std::string>();
    }
    if (!value.is_number()) {
        throw InputError(fmt::format("{}: must be a JSON number (format 2), not {}", where,
                                     value.is_string() ? fmt::format("the string \"{}\"", text::excerpt(value.get<std::string>()))
                                                       : std::string(value.type_name())));
    }
    try {
        return typed_input(spec, json_number_text(value), qualifiers);
    } catch (const InputError& error) {
        throw InputError(fmt::format("{}: {}", where, error.what()));
    }
}

// The qualifiers a claim or a values-only record gives as strings.
void take_qualifier(model::Qualifiers& qualifiers, const model::QualifierKey& key, const Json& value, const std::string& where) {
    if (!value.is_string()) throw InputError(fmt::format("{}: must be a string", where));
    qualifiers.*key.member = value.get<std::string>();
}

// The "fields" of a format 2 record: each field's value, qualifiers and state, by key.
void read_typed_fields(const Json& fields, const std::string& place, RecordDocument& document) {
    struct Parts {
        const model::FieldSpec* spec;
        const Json* value = nullptr;
        const Json* state = nullptr;
        model::Qualifiers qualifiers;
        std::string first_qualifier;
    };
    std::vector<Parts> parts;
    for (const auto& [key, value] : fields.items()) {
        const std::string where = fmt::format("{}: fields.{}", place, key);
        const TypedColumn* column = find_typed_column(key);
        if (!column) {  // not a field: the change engine names the near miss
            add_claim_inputs(document.record, key, value.is_null(), value.is_null() ? "" : value_text(value, where),
                             model::Rank::preferred, {}, where);
            continue;
        }
        auto found = std::ranges::find(parts, column->spec, &Parts::spec);
        if (found == parts.end()) found = parts.insert(parts.end(), Parts{column->spec});
        switch (column->role) {
            case TypedColumn::Role::value:
                found->value = &value;
                break;
            case TypedColumn::Role::state:
                found->state = &value;
                break;
            case TypedColumn::Role::qualifier:
                take_qualifier(found->qualifiers, *column->qualifier, value, where);
                if (found->first_qualifier.empty()) found->first_qualifier = key;
                break;
        }
    }
    for (const auto& field : parts) {
        const std::string name(field.spec->name);
        const std::string where = fmt::format("{}: fields.{}", place, name);
        bool not_published = false;
        if (field.state) {
            if (!field.state->is_string() || (*field.state != not_published_state && *field.state != "set")) {
                throw InputError(fmt::format("{}{}: must be \"not_published\" or \"set\"", where, state_suffix));
            }
            not_published = *field.state == not_published_state;
        }
        const bool has_value = field.value && !field.value->is_null();
        if (not_published) {
            if (has_value || !field.first_qualifier.empty()) {
                throw InputError(fmt::format("{}{} is not_published, but {} has a value", where, state_suffix,
                                             has_value ? "fields." + name : "fields." + field.first_qualifier));
            }
            add_claim_inputs(document.record, name, true, "", model::Rank::preferred, {}, where);
            continue;
        }
        if (!has_value) {
            if (field.value) {
                throw InputError(fmt::format("{}: null without {}{}: \"not_published\" (leave the key out for a value not known)",
                                             where, name, state_suffix));
            }
            if (!field.first_qualifier.empty()) {
                throw InputError(fmt::format("{}: fields.{} without the value it qualifies", place, field.first_qualifier));
            }
            if (field.state) throw InputError(fmt::format("{}{} is set, but there is no value", where, state_suffix));
            continue;
        }
        add_claim_inputs(document.record, name, false, typed_value(*field.spec, *field.value, field.qualifiers, where),
                         model::Rank::preferred, {}, where);
    }
}

// One entry of "sources", listed through `index`.
void read_source(const Json& source, std::size_t i, const std::string& place, SourceIndex& index) {
    const std::string where = fmt::format("{}: sources[{}]", place, i);
    if (!source.is_object()) throw InputError(fmt::format("{}: must be an object", where));
    reject_unknown(
        source, {"url", "kind", "title", "publisher", "published", "accessed", "archive_url", "archived", "edition_of"}, where);
    model::SourceInput input{.reference = string_member(source, "url", where, true), .origin = where};
    if (const auto* first = index.find(input.reference)) {
        throw InputError(fmt::format("{}: source {} is listed twice (first at {})", where, input.reference, first->origin));
    }
    for (const auto& key : model::source_metadata_keys) {
        if (member(source, key.name)) input.*key.member = string_member(source, key.name, where, false);
    }
    index.list(std::move(input));
}

// One citation of a claim, its source looked up in `index` (and listed there when new).
model::CitationInput read_citation(const Json& citation, const std::string& at, SourceIndex& index) {
    if (!citation.is_object()) throw InputError(fmt::format("{}: must be an object", at));
    reject_unknown(citation, {"source", "locator", "quote", "cites_new_value"}, at);
    const std::string url = string_member(citation, "source", at, true);
    bool cites_new_value = false;
    if (const auto flag = citation.find("cites_new_value"); flag != citation.end()) {
        if (!flag->is_boolean()) throw InputError(fmt::format("{}: cites_new_value must be true or false", at));
        cites_new_value = flag->get<bool>();
    }
    return {index(url, at), string_member(citation, "locator", at, false), string_member(citation, "quote", at, false), at,
            cites_new_value};
}

// One entry of "claims": its inputs added to `record`.
void read_claim(const Json& claim, std::size_t i, const std::string& place, long long version, SourceIndex& index,
                model::RecordInput& record) {
    const std::string where = fmt::format("{}: claims[{}]", place, i);
    if (!claim.is_object()) throw InputError(fmt::format("{}: must be an object", where));
    const std::string field = string_member(claim, "field", where, true);
    const model::FieldSpec* spec = version >= 2 ? model::find_field(field) : nullptr;
    model::Qualifiers qualifiers;
    for (const auto& [key, value] : claim.items()) {
        if (key == "field" || key == "state" || key == "value" || key == "rank" || key == "citations") continue;
        if (key == "reason" && version >= rank_reason_version) continue;
        const auto qualifier_keys = spec ? model::qualifier_keys(spec->type) : std::span<const model::QualifierKey>{};
        const auto known = std::ranges::find(qualifier_keys, key, &model::QualifierKey::name);
        if (known == qualifier_keys.end()) throw InputError(fmt::format("{}: unknown key \"{}\"", where, text::excerpt(key)));
        take_qualifier(qualifiers, *known, value, fmt::format("{}.{}", where, key));
    }
    const std::string state = string_member(claim, "state", where, false);
    if (!state.empty() && state != "set" && state != "not_published") {
        throw InputError(fmt::format("{}: state must be set or not_published", where));
    }
    const std::string rank_text = string_member(claim, "rank", where, false);
    if (!rank_text.empty() && rank_text != "preferred" && rank_text != "normal" && rank_text != "deprecated") {
        throw InputError(fmt::format("{}: rank must be preferred, normal or deprecated", where));
    }
    const bool not_published = state == "not_published";
    const Json* value = member(claim, "value");
    if (!not_published && (!value || value->is_null())) throw InputError(fmt::format("{}: missing \"value\"", where));
    if (not_published && ((value && !value->is_null()) || qualifiers != model::Qualifiers{})) {
        throw InputError(fmt::format("{}: a claim not published has no value (\"value\" must be null or absent)", where));
    }
    std::vector<model::CitationInput> citations;
    if (const Json* cited = member(claim, "citations")) {
        if (!cited->is_array()) throw InputError(fmt::format("{}: \"citations\" must be an array", where));
        for (std::size_t k = 0; k < cited->size(); ++k) {
            citations.push_back(read_citation((*cited)[k], fmt::format("{}.citations[{}]", where, k), index));
        }
    }
    std::string raw;
    if (!not_published) raw = spec ? typed_value(*spec, *value, qualifiers, where + ".value") : value_text(*value, where);
    add_claim_inputs(record, field, not_published, raw, rank_text.empty() ? model::Rank::preferred : model::rank_from(rank_text),
                     std::move(citations), where, nonempty(string_member(claim, "reason", where, false)));
}

}  // namespace

RecordDocument record_from_json(const Json& json, const std::string& place, long long version) {
    if (!json.is_object()) throw InputError(fmt::format("{}: a record must be a JSON object", place));
    reject_unknown(json, {"id", "fields", "sources", "claims", "keys"}, place);
    RecordDocument document;
    SourceIndex index(document);
    document.place = place;
    document.record.cluster_id = string_member(json, "id", place, true);
    document.record.origin = place + ": id";
    if (const Json* sources = member(json, "sources")) {
        if (!sources->is_array()) throw InputError(fmt::format("{}: \"sources\" must be an array", place));
        for (std::size_t i = 0; i < sources->size(); ++i) read_source((*sources)[i], i, place, index);
    }
    document.values_only = !member(json, "claims") && !member(json, "sources");
    if (const Json* fields = member(json, "fields")) {
        if (!fields->is_object()) throw InputError(fmt::format("{}: \"fields\" must be an object", place));
        if (version >= 2) {
            read_typed_fields(*fields, place, document);
        } else {
            for (const auto& [field, value] : fields->items()) {
                const std::string where = fmt::format("{}: fields.{}", place, field);
                add_claim_inputs(document.record, field, value.is_null(), value.is_null() ? "" : value_text(value, where),
                                 model::Rank::preferred, {}, where);
            }
        }
    }
    if (const Json* keys = member(json, "keys")) {
        if (!keys->is_array()) throw InputError(fmt::format("{}: \"keys\" must be an array", place));
        for (std::size_t i = 0; i < keys->size(); ++i) {
            const Json& key = (*keys)[i];
            const std::string where = fmt::format("{}: keys[{}]", place, i);
            if (!key.is_object()) throw InputError(fmt::format("{}: must be an object", where));
            reject_unknown(key, {"source", "key"}, where);
            const std::size_t source = index(string_member(key, "source", where, true), where);
            document.record.keys.push_back({source, string_member(key, "key", where, true), where});
        }
    }
    if (const Json* claims = member(json, "claims")) {
        if (!claims->is_array()) throw InputError(fmt::format("{}: \"claims\" must be an array", place));
        for (std::size_t i = 0; i < claims->size(); ++i) read_claim((*claims)[i], i, place, version, index, document.record);
    }
    return document;
}

std::string record_to_toml(const model::Record& record, bool provenance) {
    std::string out = fmt::format("# gpuclusters record, format {} (gpuclusters(5))\nformat = {}\nid = {}\n", format_version,
                                  format_version, toml_string(record.id));
    if (record.removed) return out + "removed = true\n";
    if (provenance) out += provenance_tables(record);
    // Citations, competing claims and keys in an order of their content, never of a database's
    // row ids: every database that holds the record writes the same bytes.
    auto citations = [&](const model::Claim& claim, const std::string& table) {
        if (!provenance) return;
        std::vector<std::tuple<std::string, std::string, std::string>> listed;
        for (const auto& citation : claim.citations) {
            listed.emplace_back(record.sources.at(citation.source_id).url, citation.locator, citation.quote);
        }
        std::ranges::sort(listed);
        for (const auto& [url, locator, quote] : listed) {
            out += fmt::format("[[{}.citation]]\nsource = {}\n", table, toml_string(url));
            if (!locator.empty()) out += fmt::format("locator = {}\n", toml_string(locator));
            if (!quote.empty()) out += fmt::format("quote = {}\n", toml_string(quote));
        }
    };
    auto value_lines = [&](const model::Claim& claim) {
        if (claim.state == model::ClaimState::not_published) {
            out += fmt::format("state = {}\n", toml_string(not_published_state));
            return;
        }
        each_typed_member("value", "", *model::find_field(claim.field), claim.value,
                          [&](std::string_view key, TypedMember kind, const std::string& text) {
                              out += fmt::format("{} = {}\n", key,
                                                 kind == TypedMember::integer   ? std::to_string(std::stoll(text))
                                                 : kind == TypedMember::decimal ? text
                                                                                : toml_string(text));
                          });
    };
    for (const auto& spec : model::field_catalogue()) {
        const model::Claim* preferred = record.preferred(spec.name);
        auto others = provenance ? record.others(spec.name, true) : std::vector<const model::Claim*>{};
        std::ranges::stable_sort(others, {}, [](const model::Claim* claim) {
            const auto& [value, qualifiers] = claim->value;
            return std::tie(claim->rank, claim->state, value, qualifiers.derivation, qualifiers.basis, qualifiers.estimator,
                            qualifiers.bound);
        });
        if (!preferred && others.empty()) {
            // A field made unknown says so, so that the clearing travels to the next database.
            if (provenance && std::ranges::find(record.cleared, spec.name) != record.cleared.end()) {
                out += fmt::format("\n[field.{}]\ncleared = true\n", spec.name);
            }
            continue;
        }
        const std::string table = fmt::format("field.{}", spec.name);
        out += fmt::format("\n[{}]\n", table);
        if (preferred) {
            value_lines(*preferred);
            citations(*preferred, table);
        }
        for (const auto* other : others) {
            out += fmt::format("[[{}.competing]]\n", table);
            value_lines(*other);
            out += fmt::format("rank = {}\n", toml_string(model::to_string(other->rank)));
            if (!other->rank_reason.empty()) out += fmt::format("reason = {}\n", toml_string(other->rank_reason));
            citations(*other, table + ".competing");
        }
    }
    return out;
}

}  // namespace gpuclusters::formats
