#include "record_toml.hpp"

#include "formats/toml_support.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <set>
#include <toml++/toml.h>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::formats {
namespace {

std::string place(const std::string& file, const toml::node& node) { return toml_place(file, node); }

[[noreturn]] void fail(const std::string& file, const toml::node& node, const std::string& what) {
    toml_fail(file, node, what);
}

void reject_unknown_keys(const std::string& file, const toml::table& table, const std::set<std::string>& known,
                         const std::string& where) {
    for (const auto& [key, node] : table) {
        if (!known.contains(std::string(key.str()))) {
            fail(file, node, fmt::format("{}unknown key '{}'", where, text::excerpt(key.str())));
        }
    }
}

std::string string_at(const std::string& file, const toml::table& table, std::string_view key,
                      const std::string& where, bool required) {
    const toml::node* node = table.get(key);
    if (!node) {
        if (required) fail(file, table, fmt::format("{}missing key '{}'", where, key));
        return {};
    }
    const auto* value = node->as_string();
    if (!value) fail(file, *node, fmt::format("{}{} must be a string", where, key));
    return value->get();
}

std::optional<std::string> optional_string(const std::string& file, const toml::table& table, std::string_view key) {
    if (!table.get(key)) return std::nullopt;
    return string_at(file, table, key, "source: ", false);
}

}  // namespace

namespace {

// The claim in one table: [field.X] itself or one of its [[field.X.competing]].
void read_claim(const std::string& file, const toml::table& entry, const toml::node& node, const std::string& field_name,
                const std::string& where, bool competing, RecordDocument& document, formats::SourceIndex& sources) {
    reject_unknown_keys(file, entry, competing ? std::set<std::string>{"value", "not_published", "citation", "rank"}
                                               : std::set<std::string>{"value", "not_published", "citation", "competing"},
                        where);
    const toml::node* not_published = entry.get("not_published");
    const toml::node* value = entry.get("value");
    if (!competing && !not_published && !value) {
        if (entry.get("citation")) fail(file, node, fmt::format("{}citations need a value or not_published = true", where));
        return;  // a field that holds only competing claims
    }
    std::string raw;
    if (not_published) {
        if (!not_published->as_boolean() || !not_published->as_boolean()->get()) {
            fail(file, *not_published, fmt::format("{}not_published must be true when present", where));
        }
        if (value) fail(file, node, fmt::format("{}a value and not_published exclude each other", where));
    } else if (!value) {
        fail(file, node, fmt::format("{}needs a value or not_published = true", where));
    } else if (const auto* text = value->as_string()) {
        raw = text->get();
    } else if (const auto* number = value->as_integer()) {
        raw = std::to_string(number->get());
    } else if (const auto* decimal = value->as_floating_point()) {
        raw = fmt::format("{}", decimal->get());
    } else {
        fail(file, *value, fmt::format("{}value must be a string or a number", where));
    }
    model::Rank rank = model::Rank::preferred;
    if (competing) {
        const std::string rank_text = string_at(file, entry, "rank", where, false);
        if (!rank_text.empty() && rank_text != "normal" && rank_text != "deprecated") {
            fail(file, *entry.get("rank"), fmt::format("{}rank of a competing claim is normal or deprecated", where));
        }
        rank = rank_text == "deprecated" ? model::Rank::deprecated : model::Rank::normal;
    }
    std::vector<model::CitationInput> citations;
    if (const toml::node* cited = entry.get("citation")) {
        const auto* array = cited->as_array();
        if (!array) fail(file, *cited, fmt::format("{}citation must be an array of tables", where));
        for (const auto& element : *array) {
            const auto* citation = element.as_table();
            if (!citation) fail(file, element, fmt::format("{}each citation must be a table", where));
            reject_unknown_keys(file, *citation, {"source", "quote", "locator"}, where);
            const std::string url = string_at(file, *citation, "source", where, true);
            const std::string at = fmt::format("{}: {}citation", place(file, element), where);
            if (!sources.find(url)) fail(file, element, fmt::format("{}citation source {} is not one of the [[source]] urls", where, url));
            citations.push_back({sources(url, at), string_at(file, *citation, "locator", where, false),
                                 string_at(file, *citation, "quote", where, false), at});
        }
    }
    add_claim_inputs(document.record, field_name, not_published != nullptr, raw, rank, std::move(citations),
                     fmt::format("{}: field.{}", place(file, node), field_name));
}

}  // namespace

RecordDocument read_toml_record(std::string_view content, const std::string& file) {
    const toml::table document = parse_toml(content, file);
    reject_unknown_keys(file, document, {"format", "id", "source", "key", "field"}, "");
    const auto* format = document.get("format");
    if (!format || !format->as_integer()) fail(file, document, "missing 'format = 1'");
    if (format->as_integer()->get() > toml_format_version || format->as_integer()->get() < 1) {
        fail(file, *format, fmt::format("record format {} is not supported (this gpuclusters reads format {})",
                                        format->as_integer()->get(), toml_format_version));
    }

    RecordDocument result;
    formats::SourceIndex listed(result);
    result.place = file;
    result.record.cluster_id = string_at(file, document, "id", "", true);
    result.record.origin = fmt::format("{}: id", place(file, *document.get("id")));

    if (const toml::node* sources = document.get("source")) {
        const auto* array = sources->as_array();
        if (!array) fail(file, *sources, "'source' must be an array of tables ([[source]])");
        for (const auto& element : *array) {
            const auto* table = element.as_table();
            if (!table) fail(file, element, "each [[source]] must be a table");
            reject_unknown_keys(file, *table,
                                {"url", "kind", "title", "publisher", "published", "accessed", "archive_url", "archived"},
                                "source: ");
            model::SourceInput source;
            source.reference = string_at(file, *table, "url", "source: ", true);
            for (const auto& key : model::source_metadata_keys) source.*key.member = optional_string(file, *table, key.name);
            source.origin = fmt::format("{}: source {}", place(file, element), source.reference);
            if (listed.find(source.reference)) fail(file, element, fmt::format("source {} is listed twice", source.reference));
            listed.list(std::move(source));
        }
    }

    if (const toml::node* keys = document.get("key")) {
        const auto* array = keys->as_array();
        if (!array) fail(file, *keys, "'key' must be an array of tables ([[key]])");
        for (const auto& element : *array) {
            const auto* table = element.as_table();
            if (!table) fail(file, element, "each [[key]] must be a table");
            reject_unknown_keys(file, *table, {"source", "key"}, "key: ");
            const std::string url = string_at(file, *table, "source", "key: ", true);
            if (!listed.find(url)) fail(file, element, fmt::format("key: source {} is not one of the [[source]] urls", url));
            const std::string at = fmt::format("{}: key", place(file, element));
            result.record.keys.push_back({listed(url, at), string_at(file, *table, "key", "key: ", true), at});
        }
    }

    if (const toml::node* fields = document.get("field")) {
        const auto* table = fields->as_table();
        if (!table) fail(file, *fields, "'field' must be a table of fields ([field.NAME])");
        for (const auto& [name, node] : *table) {
            const std::string field_name(name.str());
            const std::string where = fmt::format("field.{}: ", field_name);
            const auto* entry = node.as_table();
            if (!entry) fail(file, node, fmt::format("{}must be a table", where));
            read_claim(file, *entry, node, field_name, where, false, result, listed);
            if (const toml::node* competing = entry->get("competing")) {
                const auto* array = competing->as_array();
                if (!array) fail(file, *competing, fmt::format("{}competing must be an array of tables", where));
                for (const auto& element : *array) {
                    const auto* claim = element.as_table();
                    if (!claim) fail(file, element, fmt::format("{}each competing claim must be a table", where));
                    read_claim(file, *claim, element, field_name, where + "competing: ", true, result, listed);
                }
            }
        }
    }
    result.values_only = result.sources.empty();  // citations name listed sources only
    return result;
}

}  // namespace gpuclusters::formats
