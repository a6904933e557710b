#include "record_toml.hpp"

#include "formats/toml_support.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <set>
#include <span>
#include <toml++/toml.h>

#include "formats/typed.hpp"

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "gpuclusters/rules/rules.hpp"

namespace gpuclusters::formats {
namespace {

void reject_unknown_keys(const std::string& file, const toml::table& table, const std::set<std::string>& known,
                         const std::string& where) {
    for (const auto& [key, node] : table) {
        if (!known.contains(std::string(key.str()))) {
            toml_fail(file, node, fmt::format("{}unknown key '{}'", where, text::excerpt(key.str())));
        }
    }
}

std::string string_at(const std::string& file, const toml::table& table, std::string_view key, const std::string& where,
                      bool required) {
    const toml::node* node = table.get(key);
    if (!node) {
        if (required) toml_fail(file, table, fmt::format("{}missing key '{}'", where, key));
        return {};
    }
    return node_as<std::string>(file, *node, fmt::format("{}{} must be a string", where, key)).get();
}

std::optional<std::string> optional_string(const std::string& file, const toml::table& table, std::string_view key) {
    if (!table.get(key)) return std::nullopt;
    return string_at(file, table, key, "source: ", false);
}

// One document as it is read: where it is, its text (for the digits of its floats) and the
// format it declares.
struct Reader {
    const std::string& file;
    const TomlSource& text;
    long long version;
    RecordDocument& document;
    formats::SourceIndex& sources;
};

// What a value of the wrong type is, for the error that refuses it.
std::string describe(const toml::node& value) {
    if (const auto* text = value.as_string()) return fmt::format("the string \"{}\"", text::excerpt(text->get()));
    if (value.is_boolean()) return "a boolean";
    if (value.is_array()) return "an array";
    if (value.is_table()) return "a table";
    if (value.is_number()) return "a number";
    return "a date or time";
}

// The decimal text of a TOML number exactly as written: toml++ holds a float as a double, so its
// digits are taken from the file and refused, as the JSON reader refuses them, when that double
// does not give them back.
std::string number_text(const Reader& in, const toml::node& value, const std::string& where) {
    if (const auto* whole = value.as_integer()) return std::to_string(whole->get());
    std::string token = in.text.number_token(value);
    const double number = value.as_floating_point()->get();
    if (!std::isfinite(number)) return token;  // inf and nan: not a number of any field, as the value parser says
    if (!exact_float(token, number)) toml_fail(in.file, value, where + inexact_float_message(token));
    return float_text(number);
}

// A value of format 1: a string in the input syntax, or a number for any field.
std::string untyped_value(const Reader& in, const toml::node& value, const std::string& where) {
    if (const auto* text = value.as_string()) return text->get();
    if (value.is_number()) return number_text(in, value, where);
    toml_fail(in.file, value, fmt::format("{}value must be a string or a number", where));
}

// A value of format 2: a TOML number for a count or a power, with its qualifiers beside it (the
// keys a JSON claim has, typed.hpp's rule), a string for any other field.
std::string typed_value(const Reader& in, const model::FieldSpec& spec, const toml::node& value,
                        const model::Qualifiers& qualifiers, const std::string& where) {
    if (!model::is_numeric(spec.type)) {
        if (const auto* text = value.as_string()) return text->get();
        toml_fail(in.file, value, fmt::format("{}value must be a string, not {}", where, describe(value)));
    }
    if (!value.is_number()) {
        toml_fail(in.file, value, fmt::format("{}value must be a TOML number (format 2), not {}", where, describe(value)));
    }
    const std::string number = number_text(in, value, where);
    try {
        return typed_input(spec, number, qualifiers);
    } catch (const InputError& error) {
        toml_fail(in.file, value, where + error.what());
    }
}

// Why a key is not one of a format 2 claim's: a format 1 key, or a qualifier of another type.
std::string unknown_key_hint(const Reader& in, std::string_view key, std::span<const model::QualifierKey> qualifiers,
                             const std::string& field) {
    if (in.version < 2) return {};
    if (key == "not_published") return " (format 2 writes state = \"not_published\")";
    for (const auto type : {model::FieldType::count, model::FieldType::decimal}) {
        for (const auto& qualifier : model::qualifier_keys(type)) {
            if (qualifier.name != key) continue;
            if (qualifiers.empty()) return fmt::format(" ({} has no qualifiers: only a count or a power has)", field);
            std::string names;
            for (const auto& own : qualifiers) names += (names.empty() ? "" : ", ") + std::string(own.name);
            return fmt::format(" ({} is qualified by {})", field, names);
        }
    }
    return {};
}

// A claim's table holds its value, state, qualifiers, citations and (competing) rank; any other
// key is refused, with a hint when it is a qualifier of another field or format.
void reject_unknown_claim_keys(const Reader& in, const toml::table& entry, const std::string& field_name,
                               const std::string& where, bool competing, std::span<const model::QualifierKey> qualifier_keys) {
    const bool typed = in.version >= 2;
    for (const auto& [key, value] : entry) {
        const std::string_view name = key.str();
        if (name == "value" || name == "citation" || name == (competing ? "rank" : "competing") ||
            name == (typed ? "state" : "not_published") || (competing && name == "reason" && in.version >= rank_reason_version)) {
            continue;
        }
        if (std::ranges::find(qualifier_keys, name, &model::QualifierKey::name) != qualifier_keys.end()) continue;
        toml_fail(in.file, value,
                  fmt::format("{}unknown key '{}'{}", where, text::excerpt(name),
                              unknown_key_hint(in, name, qualifier_keys, field_name)));
    }
}

// The rank of a [[field.X.competing]] claim: normal unless it says deprecated.
model::Rank competing_rank(const std::string& file, const toml::table& entry, const std::string& where) {
    const std::string rank_text = string_at(file, entry, "rank", where, false);
    if (!rank_text.empty() && rank_text != "normal" && rank_text != "deprecated") {
        toml_fail(file, *entry.get("rank"), fmt::format("{}rank of a competing claim is normal or deprecated", where));
    }
    return rank_text == "deprecated" ? model::Rank::deprecated : model::Rank::normal;
}

// A claim's [[...citation]] tables, each naming one of the record's [[source]] urls.
std::vector<model::CitationInput> read_citations(Reader& in, const toml::table& entry, const std::string& where) {
    const std::string& file = in.file;
    std::vector<model::CitationInput> citations;
    const toml::node* cited = entry.get("citation");
    if (!cited) return citations;
    for (const auto& element : node_as<toml::array>(file, *cited, fmt::format("{}citation must be an array of tables", where))) {
        const auto& citation = node_as<toml::table>(file, element, fmt::format("{}each citation must be a table", where));
        reject_unknown_keys(file, citation, {"source", "quote", "locator", "cites_new_value"}, where);
        const std::string url = string_at(file, citation, "source", where, true);
        const std::string at = fmt::format("{}: {}citation", toml_place(file, element), where);
        if (!in.sources.find(url)) {
            toml_fail(file, element, fmt::format("{}citation source {} is not one of the [[source]] urls", where, url));
        }
        bool cites_new_value = false;
        if (const toml::node* flag = citation.get("cites_new_value")) {
            cites_new_value =
                node_as<bool>(file, *flag, fmt::format("{}citation cites_new_value must be true or false", where)).get();
        }
        citations.push_back({in.sources(url, at), string_at(file, citation, "locator", where, false),
                             string_at(file, citation, "quote", where, false), at, cites_new_value});
    }
    return citations;
}

// The claim in one table: [field.X] itself or one of its [[field.X.competing]].
void read_claim(Reader& in, const toml::table& entry, const toml::node& node, const std::string& field_name,
                const std::string& where, bool competing) {
    const std::string& file = in.file;
    const bool typed = in.version >= 2;
    const model::FieldSpec* spec = model::find_field(field_name);
    const auto qualifier_keys = typed && spec ? model::qualifier_keys(spec->type) : std::span<const model::QualifierKey>{};
    reject_unknown_claim_keys(in, entry, field_name, where, competing, qualifier_keys);
    model::Qualifiers qualifiers;
    const toml::node* first_qualifier = nullptr;
    std::string_view first_qualifier_name;
    for (const auto& qualifier : qualifier_keys) {
        const toml::node* given = entry.get(qualifier.name);
        if (!given) continue;
        const auto* text = given->as_string();
        if (!text) toml_fail(file, *given, fmt::format("{}{} must be a string, not {}", where, qualifier.name, describe(*given)));
        qualifiers.*qualifier.member = text->get();
        if (!first_qualifier) {
            first_qualifier = given;
            first_qualifier_name = qualifier.name;
        }
    }
    const std::string_view how = typed ? "state = \"not_published\"" : "not_published = true";
    const toml::node* state = entry.get(typed ? "state" : "not_published");
    const toml::node* value = entry.get("value");
    bool not_published = false;
    if (state && typed) {
        const auto* text = state->as_string();
        if (!text || (text->get() != not_published_state && text->get() != "set")) {
            toml_fail(file, *state, fmt::format("{}state must be \"not_published\" or \"set\"", where));
        }
        not_published = text->get() == not_published_state;
    } else if (state) {
        if (!state->as_boolean() || !state->as_boolean()->get()) {
            toml_fail(file, *state, fmt::format("{}not_published must be true when present", where));
        }
        not_published = true;
    }
    if (!competing && !not_published && !value) {
        if (first_qualifier) {
            toml_fail(file, *first_qualifier, fmt::format("{}{} without the value it qualifies", where, first_qualifier_name));
        }
        if (entry.get("citation")) toml_fail(file, node, fmt::format("{}citations need a value or {}", where, how));
        if (state) toml_fail(file, *state, fmt::format("{}state is set, but there is no value", where));
        return;  // a field that holds only competing claims
    }
    std::string raw;
    if (not_published) {
        if (!typed && value) toml_fail(file, node, fmt::format("{}a value and not_published exclude each other", where));
        if (value || first_qualifier) {
            toml_fail(file, value ? *value : *first_qualifier,
                      fmt::format("{}state is not_published, but {} is given (a figure not published has none)", where,
                                  value ? "value" : first_qualifier_name));
        }
    } else if (!value) {
        toml_fail(file, node, fmt::format("{}needs a value or {}", where, how));
    } else if (typed && spec) {
        raw = typed_value(in, *spec, *value, qualifiers, where);
    } else {
        raw = untyped_value(in, *value, where);  // format 1, or a field the change engine will name the near miss of
    }
    const model::Rank rank = competing ? competing_rank(file, entry, where) : model::Rank::preferred;
    add_claim_inputs(in.document.record, field_name, not_published, raw, rank, read_citations(in, entry, where),
                     fmt::format("{}: field.{}", toml_place(file, node), field_name),
                     competing && in.version >= rank_reason_version
                         ? std::optional(string_at(file, entry, "reason", where, false))
                         : std::nullopt);
}

// removed = true: the cluster removed, and nothing else said of it.
// A marker (removed = true, cleared = true) that says all there is: true, and beside it only the
// keys `beside` names; the errors name `where` and `what` is marked.
void read_marker(const std::string& file, const toml::table& table, std::string_view key,
                 std::initializer_list<std::string_view> beside, const std::string& where, std::string_view what) {
    const toml::node& marker = *table.get(key);
    if (!marker.as_boolean() || !marker.as_boolean()->get()) {
        toml_fail(file, marker, fmt::format("{}{} must be true when present", where, key));
    }
    for (const auto& [name, value] : table) {
        if (name.str() != key && std::ranges::find(beside, name.str()) == beside.end()) {
            toml_fail(file, value, fmt::format("{}{} has nothing else: '{}' is given", where, what, text::excerpt(name.str())));
        }
    }
}

// [verified]: the Verified badge, its signer and the date signed.
std::optional<model::Verification> read_badge(const std::string& file, const toml::table& document) {
    const toml::node* node = document.get("verified");
    if (!node) return std::nullopt;
    const auto& table = node_as<toml::table>(file, *node, "'verified' must be a table ([verified])");
    reject_unknown_keys(file, table, {"by", "on"}, "verified: ");
    model::Verification badge;
    badge.date = string_at(file, table, "on", "verified: ", true);
    try {
        badge.author = model::clean_text(string_at(file, table, "by", "verified: ", true));
        model::parse_timestamp(badge.date + "T00:00:00Z");
    } catch (const InputError& error) {
        toml_fail(file, table, fmt::format("verified: {}", error.what()));
    }
    if (badge.author.empty()) toml_fail(file, table, "verified: by must name the signer");
    return badge;
}

// [[accepted]] tables: the findings accepted for the record, a rule once each, with the reason.
std::vector<model::AcceptedFinding> read_accepted(const Reader& in, const toml::table& document) {
    std::vector<model::AcceptedFinding> accepted;
    const toml::node* tables = document.get("accepted");
    if (!tables) return accepted;
    for (const auto& element : node_as<toml::array>(in.file, *tables, "'accepted' must be an array of tables ([[accepted]])")) {
        const auto& table = node_as<toml::table>(in.file, element, "each [[accepted]] must be a table");
        reject_unknown_keys(in.file, table, {"rule", "reason"}, "accepted: ");
        const std::string rule = string_at(in.file, table, "rule", "accepted: ", true);
        const std::string reason = string_at(in.file, table, "reason", "accepted: ", true);
        std::string problem;
        if (!rules::find_rule(rule)) {
            problem = fmt::format("no such rule '{}' (`gpuclusters verify --list-rules`)", text::excerpt(rule));
        } else if (rule == "merge-conflict") {
            problem = "a merge conflict is not accepted but resolved";
        } else if (std::ranges::find(accepted, rule, &model::AcceptedFinding::rule) != accepted.end()) {
            problem = fmt::format("{} is accepted twice", rule);
        } else if (text::trim(reason).empty()) {
            problem = "the reason is empty";
        }
        if (!problem.empty()) toml_fail(in.file, element, "accepted: " + problem);
        try {
            accepted.push_back({rule, model::clean_text(reason)});
        } catch (const InputError& error) {
            toml_fail(in.file, element, fmt::format("accepted: reason: {}", error.what()));
        }
    }
    return accepted;
}

// [field.X] cleared = true: the field made unknown, and nothing else said of it.
void read_cleared(Reader& in, const toml::table& entry, const std::string& field_name, const std::string& where) {
    read_marker(in.file, entry, "cleared", {}, where, "a cleared field");
    const toml::node& cleared = *entry.get("cleared");
    in.document.record.fields.push_back({.field = field_name,
                                         .origin = fmt::format("{}: field.{}", toml_place(in.file, cleared), field_name),
                                         .action = model::FieldAction::clear});
}

// The [field.NAME] tables: each field's claim, its competing claims, or its clearing.
void read_fields(Reader& in, const toml::node& fields) {
    for (const auto& [name, node] : node_as<toml::table>(in.file, fields, "'field' must be a table of fields ([field.NAME])")) {
        const std::string field_name(name.str());
        const std::string where = fmt::format("field.{}: ", field_name);
        const auto& entry = node_as<toml::table>(in.file, node, fmt::format("{}must be a table", where));
        if (in.version >= cleared_field_version && entry.get("cleared")) {
            read_cleared(in, entry, field_name, where);
            continue;
        }
        read_claim(in, entry, node, field_name, where, false);
        if (const toml::node* competing = entry.get("competing")) {
            const auto& claims =
                node_as<toml::array>(in.file, *competing, fmt::format("{}competing must be an array of tables", where));
            for (const auto& element : claims) {
                const auto& claim =
                    node_as<toml::table>(in.file, element, fmt::format("{}each competing claim must be a table", where));
                read_claim(in, claim, element, field_name, where + "competing: ", true);
            }
        }
    }
}

}  // namespace

RecordDocument read_toml_record(std::string_view content, const std::string& file) {
    const toml::table document = parse_toml(content, file);
    const TomlSource text(content);
    const auto* format = document.get("format");
    if (!format || !format->as_integer()) toml_fail(file, document, fmt::format("missing 'format = {}'", format_version));
    const long long version = format->as_integer()->get();
    if (version > format_version || version < oldest_format_version) {
        toml_fail(file, *format,
                  fmt::format("record format {} is not supported (this gpuclusters reads formats {} to {})", version,
                              oldest_format_version, format_version));
    }

    if (version >= accepted_findings_version) {
        reject_unknown_keys(file, document, {"format", "id", "source", "key", "field", "accepted", "verified", "removed"}, "");
    } else {
        reject_unknown_keys(file, document, {"format", "id", "source", "key", "field"}, "");
    }

    RecordDocument result;
    formats::SourceIndex listed(result);
    Reader in{file, text, version, result, listed};
    result.place = file;
    result.record.cluster_id = string_at(file, document, "id", "", true);
    result.record.origin = fmt::format("{}: id", toml_place(file, *document.get("id")));
    if (document.get("removed")) {
        read_marker(file, document, "removed", {"format", "id"}, "", "a removed record");
        result.record.removed = true;
        return result;
    }

    if (const toml::node* sources = document.get("source")) {
        for (const auto& element : node_as<toml::array>(file, *sources, "'source' must be an array of tables ([[source]])")) {
            const auto& table = node_as<toml::table>(file, element, "each [[source]] must be a table");
            reject_unknown_keys(
                file, table,
                {"url", "kind", "title", "publisher", "published", "accessed", "archive_url", "archived", "edition_of"},
                "source: ");
            model::SourceInput source;
            source.reference = string_at(file, table, "url", "source: ", true);
            for (const auto& key : model::source_metadata_keys) source.*key.member = optional_string(file, table, key.name);
            source.origin = fmt::format("{}: source {}", toml_place(file, element), source.reference);
            if (listed.find(source.reference))
                toml_fail(file, element, fmt::format("source {} is listed twice", source.reference));
            listed.list(std::move(source));
        }
    }

    if (const toml::node* keys = document.get("key")) {
        for (const auto& element : node_as<toml::array>(file, *keys, "'key' must be an array of tables ([[key]])")) {
            const auto& table = node_as<toml::table>(file, element, "each [[key]] must be a table");
            reject_unknown_keys(file, table, {"source", "key"}, "key: ");
            const std::string url = string_at(file, table, "source", "key: ", true);
            if (!listed.find(url)) toml_fail(file, element, fmt::format("key: source {} is not one of the [[source]] urls", url));
            const std::string at = fmt::format("{}: key", toml_place(file, element));
            result.record.keys.push_back({listed(url, at), string_at(file, table, "key", "key: ", true), at});
        }
    }

    if (const toml::node* fields = document.get("field")) read_fields(in, *fields);
    result.values_only = result.sources.empty();  // citations name listed sources only
    // A record with its provenance says which findings are accepted for it, none included.
    if (version >= accepted_findings_version && (!result.values_only || document.get("accepted"))) {
        result.record.accepted = read_accepted(in, document);
    }
    // So does it of the Verified badge: none is a badge withdrawn.
    if (version >= accepted_findings_version) {
        result.record.badge = read_badge(file, document);
        result.record.badge_given = !result.values_only || result.record.badge;
    }
    return result;
}

}  // namespace gpuclusters::formats
