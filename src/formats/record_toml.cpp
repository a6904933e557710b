#include "record_toml.hpp"

#include <fmt/format.h>
#include <map>
#include <set>
#include <toml++/toml.h>

#include "gpuclusters/error.hpp"
#include "gpuclusters/text.hpp"

namespace gpuclusters::formats {
namespace {

std::string place(const std::string& file, const toml::node& node) {
    const auto& begin = node.source().begin;
    return fmt::format("{}:{}:{}", file, begin.line, begin.column);
}

[[noreturn]] void fail(const std::string& file, const toml::node& node, const std::string& what) {
    throw InputError(fmt::format("{}: {}", place(file, node), what));
}

void reject_unknown_keys(const std::string& file, const toml::table& table, const std::set<std::string>& known,
                         const std::string& where) {
    for (const auto& [key, node] : table) {
        if (!known.contains(std::string(key.str()))) {
            fail(file, node, fmt::format("{}unknown key '{}'", where, key.str()));
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

void read_toml_record(std::string_view content, const std::string& file, commands::ChangeRequest& request) {
    if (const auto bad = text::find_invalid_utf8(content)) {
        throw InputError(fmt::format("{}: invalid UTF-8 at byte {}", file, *bad));
    }
    toml::table document;
    try {
        document = toml::parse(content, file);
    } catch (const toml::parse_error& error) {
        const auto& begin = error.source().begin;
        throw InputError(fmt::format("{}:{}:{}: {}", file, begin.line, begin.column, error.description()));
    }
    reject_unknown_keys(file, document, {"format", "id", "source", "field"}, "");
    const auto* format = document.get("format");
    if (!format || !format->as_integer()) fail(file, document, "missing 'format = 1'");
    if (format->as_integer()->get() != toml_record_format) {
        fail(file, *format, fmt::format("record format {} is not supported (this gpuclusters reads format {})",
                                        format->as_integer()->get(), toml_record_format));
    }

    commands::RecordInput record;
    record.cluster_id = string_at(file, document, "id", "", true);
    record.origin = fmt::format("{}: id", place(file, *document.get("id")));
    std::map<std::string, std::size_t> source_by_url;

    if (const toml::node* sources = document.get("source")) {
        const auto* array = sources->as_array();
        if (!array) fail(file, *sources, "'source' must be an array of tables ([[source]])");
        for (const auto& element : *array) {
            const auto* table = element.as_table();
            if (!table) fail(file, element, "each [[source]] must be a table");
            reject_unknown_keys(file, *table, {"url", "kind", "title", "publisher", "published", "accessed", "archive_url"},
                                "source: ");
            commands::SourceInput source;
            source.reference = string_at(file, *table, "url", "source: ", true);
            source.kind = optional_string(file, *table, "kind");
            source.title = optional_string(file, *table, "title");
            source.publisher = optional_string(file, *table, "publisher");
            source.published = optional_string(file, *table, "published");
            source.accessed = optional_string(file, *table, "accessed");
            source.archive_url = optional_string(file, *table, "archive_url");
            source.origin = fmt::format("{}: source {}", place(file, element), source.reference);
            if (!source_by_url.emplace(source.reference, request.sources.size()).second) {
                fail(file, element, fmt::format("source {} is listed twice", source.reference));
            }
            request.sources.push_back(std::move(source));
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
            reject_unknown_keys(file, *entry, {"value", "not_published", "citation"}, where);
            commands::FieldInput field;
            field.field = field_name;
            field.origin = fmt::format("{}: field.{}", place(file, node), field_name);
            const toml::node* not_published = entry->get("not_published");
            if (not_published) {
                if (!not_published->as_boolean() || !not_published->as_boolean()->get()) {
                    fail(file, *not_published, fmt::format("{}not_published must be true when present", where));
                }
                if (entry->get("value")) fail(file, node, fmt::format("{}a value and not_published exclude each other", where));
                field.not_published = true;
            } else {
                const toml::node* value = entry->get("value");
                if (!value) fail(file, node, fmt::format("{}needs a value or not_published = true", where));
                if (const auto* text = value->as_string()) {
                    field.raw_value = text->get();
                } else if (const auto* number = value->as_integer()) {
                    field.raw_value = std::to_string(number->get());
                } else if (const auto* decimal = value->as_floating_point()) {
                    field.raw_value = fmt::format("{}", decimal->get());
                } else {
                    fail(file, *value, fmt::format("{}value must be a string or a number", where));
                }
            }
            if (const toml::node* citations = entry->get("citation")) {
                const auto* array = citations->as_array();
                if (!array) fail(file, *citations, fmt::format("{}citation must be an array of tables", where));
                for (const auto& element : *array) {
                    const auto* citation = element.as_table();
                    if (!citation) fail(file, element, fmt::format("{}each citation must be a table", where));
                    reject_unknown_keys(file, *citation, {"source", "quote", "locator"}, where);
                    const std::string url = string_at(file, *citation, "source", where, true);
                    const auto found = source_by_url.find(url);
                    if (found == source_by_url.end()) {
                        fail(file, element, fmt::format("{}citation source {} is not one of the [[source]] urls", where, url));
                    }
                    field.citations.push_back({found->second, string_at(file, *citation, "locator", where, false),
                                               string_at(file, *citation, "quote", where, false),
                                               fmt::format("{}: {}citation", place(file, element), where)});
                }
            }
            record.fields.push_back(std::move(field));
        }
    }
    request.records.push_back(std::move(record));
}

}  // namespace gpuclusters::formats
