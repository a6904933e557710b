#include "formats/mapping.hpp"

#include <cmath>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <toml++/toml.h>

#include "formats/counted_input.hpp"
#include "formats/csv.hpp"
#include "formats/input_file.hpp"
#include "formats/toml_support.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::formats {
namespace {

std::string place(const std::string& file, const toml::node& node) { return toml_place(file, node); }

[[noreturn]] void fail(const std::string& file, const toml::node& node, const std::string& what) { toml_fail(file, node, what); }

const toml::table& table_of(const std::string& file, const toml::node& node, const std::string& name) {
    const auto* table = node.as_table();
    if (!table) fail(file, node, fmt::format("{} must be a table", name));
    return *table;
}

std::string text_of(const std::string& file, const toml::node& node, const std::string& name) {
    const auto* text = node.as_string();
    if (!text) fail(file, node, fmt::format("{} must be a string", name));
    return text->get();
}

void only_keys(const std::string& file, const toml::table& table, std::initializer_list<std::string_view> keys,
               const std::string& name) {
    for (const auto& [key, node] : table) {
        if (std::find(keys.begin(), keys.end(), key.str()) == keys.end()) {
            fail(file, node, fmt::format("{} has no key '{}'", name, key.str()));
        }
    }
}

// `reason`: the table also holds a [[skip]]'s reason, which is no part of the condition.
std::vector<Mapping::Condition> conditions(const std::string& file, const toml::node* node, const std::string& name,
                                           bool reason = false) {
    std::vector<Mapping::Condition> result;
    if (!node) return result;
    auto one = [&](const toml::node& entry) {
        const auto& table = table_of(file, entry, name);
        if (reason) {
            only_keys(file, table, {"column", "equals", "one_of", "empty", "reason"}, name);
        } else {
            only_keys(file, table, {"column", "equals", "one_of", "empty"}, name);
        }
        Mapping::Condition condition;
        if (!table.get("column")) fail(file, entry, fmt::format("{} needs a column", name));
        // Two tests in one condition read as "either" to some and "both" to others: one test a
        // condition, and an array of conditions for several (when: all hold; unless: any).
        const int tests = (table.get("equals") ? 1 : 0) + (table.get("one_of") ? 1 : 0) + (table.get("empty") ? 1 : 0);
        if (tests > 1) {
            fail(file, entry,
                 fmt::format("{}: one test a condition (equals, one_of or empty); for several, give an array of conditions",
                             name));
        }
        condition.column = text_of(file, *table.get("column"), "column");
        if (const auto* equals = table.get("equals")) condition.values.push_back(text_of(file, *equals, "equals"));
        if (const auto* list = table.get("one_of")) {
            const auto* array = list->as_array();
            if (!array) fail(file, *list, "one_of must be an array of strings");
            for (const auto& value : *array) condition.values.push_back(text_of(file, value, "one_of"));
        }
        if (const auto* empty = table.get("empty")) {
            const auto* flag = empty->as_boolean();
            if (!flag) fail(file, *empty, fmt::format("{} empty must be true or false", name));
            if (flag->get()) {
                condition.values.push_back("");
            } else {
                condition.not_empty = true;
            }
        }
        if (condition.values.empty() && !condition.not_empty) {
            fail(file, entry, fmt::format("{} needs equals, one_of or empty = true or false", name));
        }
        result.push_back(std::move(condition));
    };
    if (const auto* array = node->as_array()) {
        for (const auto& entry : *array) one(entry);
    } else {
        one(*node);
    }
    return result;
}

std::optional<std::string> optional_text(const std::string& file, const toml::table& table, const char* key) {
    const auto* node = table.get(key);
    if (!node) return std::nullopt;
    return text_of(file, *node, key);
}

// A scale as exact decimal. TOML reads `0.001` as a double; its shortest form that reads back as
// the same double is the literal as written (up to 15 digits), so that form is taken exactly.
model::Decimal exact_scale(const std::string& file, const toml::node& node, const std::string& where) {
    std::string written;
    if (const auto* whole = node.as_integer()) {
        if (whole->get() <= 0) fail(file, node, where + ": scale must be more than 0");
        written = std::to_string(whole->get());
    } else if (const auto* number = node.as_floating_point()) {
        if (!(number->get() > 0) || !std::isfinite(number->get())) fail(file, node, where + ": scale must be more than 0");
        written = fmt::format("{}", number->get());
    } else {
        fail(file, node, where + ": scale must be a number, e.g. 0.001 for kW -> MW");
    }
    int exponent = 0;
    if (const auto e = written.find('e'); e != std::string::npos) {
        exponent = std::stoi(written.substr(e + 1));
        written.resize(e);
    }
    const auto decimal = model::Decimal::parse(written);
    if (!decimal) fail(file, node, fmt::format("{}: scale {} has more digits than an exact decimal holds (18)", where, written));
    return decimal->scaled(exponent);
}

// A number cell: digits with at most one decimal point, commas between groups of three allowed
// ("7,124.5"); no sign, exponent, hex or "inf" (strtod would take those).
std::optional<model::Decimal> number_cell(std::string_view cell) {
    std::string digits;
    const std::size_t point = cell.find('.');
    const std::size_t whole_end = point == std::string_view::npos ? cell.size() : point;
    std::size_t group = 0;
    bool grouped = false;
    for (std::size_t i = 0; i < cell.size(); ++i) {
        const char c = cell[i];
        if (c == ',' && i < whole_end) {
            // "0,123" and "00,500" are European decimals, not thousands: refused, not read as 123.
            if (i == 0 || (grouped && group != 3) || (!grouped && group > 3) || (!grouped && cell.front() == '0'))
                return std::nullopt;
            grouped = true;
            group = 0;
            continue;
        }
        if (i < whole_end) ++group;
        digits += c;
    }
    if (grouped && group != 3) return std::nullopt;
    return model::Decimal::parse(digits);
}

bool condition_holds(const Mapping::Condition& condition, const std::map<std::string, std::size_t>& columns,
                     const std::vector<std::string>& cells) {
    const std::string& cell = cells[columns.at(condition.column)];
    if (condition.not_empty) return !cell.empty();
    return std::find(condition.values.begin(), condition.values.end(), cell) != condition.values.end();
}

// Eight hex digits from a row's cells (FNV-1a): the same row gives the same suffix wherever it
// stands in the table.
std::string content_suffix(const std::vector<std::string>& cells) {
    std::uint64_t hash = 14695981039346656037ULL;
    for (const auto& cell : cells) {
        for (unsigned char c : cell) hash = (hash ^ c) * 1099511628211ULL;
        hash = (hash ^ 0x1f) * 1099511628211ULL;
    }
    return fmt::format("{:08x}", static_cast<std::uint32_t>(hash >> 32));
}

// "{Name} in {Country}" with the row's cells; an unknown column is caught when the mapping loads.
std::string expand(const std::string& pattern, const std::map<std::string, std::size_t>& columns,
                   const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '{') {
            const std::size_t end = pattern.find('}', i);
            if (end == std::string::npos) break;  // refused when the mapping loads
            const std::string name = pattern.substr(i + 1, end - i - 1);
            out += cells[columns.at(name)];
            i = end;
        } else {
            out += pattern[i];
        }
    }
    return out;
}

// A number cell's figure, rounded as its column says. A figure with more significant digits than
// a double means is refused, unless the rounding brings it within them; `rounded_from` gets
// "rounded from CELL" when the rounding changed it.
// `number` is the cell read by number_cell.
std::optional<model::Decimal> cell_figure(const std::string& cell, const std::optional<model::Decimal>& number,
                                          const Mapping::Rounding& rounding, std::string& problem,
                                          std::vector<std::string>& rounded_from) {
    if (!number) {
        problem =
            fmt::format("'{}' is not a plain decimal number (digits, one point, commas between thousands)", text::excerpt(cell));
        return std::nullopt;
    }
    const model::Decimal figure = rounding ? rounding.apply(*number) : *number;
    if (figure.significant_digits() > model::max_significant_digits) {
        problem = rounding ? fmt::format("'{}' rounded is {}, still more than {} significant digits", text::excerpt(cell),
                                         figure.to_string(), model::max_significant_digits)
                           : model::significant_digits_message(cell);
        return std::nullopt;
    }
    if (figure != *number) rounded_from.push_back(fmt::format("rounded from {}", cell));
    return figure;
}

// A field template's text with the row's cells. A cell written as a decimal fraction ("37632.0",
// "9264.309999999999") is a figure: written in its shortest exact form and rounded as the field
// says, by the same rule as a number column; any other cell goes in as it is.
std::string expand_figures(const std::string& pattern, const std::map<std::string, std::size_t>& columns,
                           const std::vector<std::string>& cells, const Mapping::Rounding& rounding,
                           std::vector<std::string>& problems, std::size_t& problem_column,
                           std::vector<std::string>& rounded_from) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '{') {
            out += pattern[i];
            continue;
        }
        const std::size_t end = pattern.find('}', i);
        if (end == std::string::npos) break;  // refused when the mapping loads
        const std::string name = pattern.substr(i + 1, end - i - 1);
        const std::size_t index = columns.at(name);
        const std::string cell(text::trim(cells[index]));
        i = end;
        const auto number = cell.find('.') == std::string::npos ? std::nullopt : number_cell(cell);
        if (!number) {
            out += cells[index];
            continue;
        }
        std::string problem;
        if (const auto figure = cell_figure(cell, number, rounding, problem, rounded_from)) {
            out += figure->to_string();
        } else {
            problems.push_back(fmt::format("column {} '{}': {}", index + 1, name, problem));
            if (problem_column == 0) problem_column = index + 1;
        }
    }
    return out;
}

std::vector<std::string> template_columns(const std::string& pattern) {
    std::vector<std::string> names;
    for (std::size_t i = pattern.find('{'); i != std::string::npos; i = pattern.find('{', i + 1)) {
        const std::size_t end = pattern.find('}', i);
        if (end == std::string::npos) {
            names.push_back("");  // an unclosed brace: no column has an empty name
            break;
        }
        names.push_back(pattern.substr(i + 1, end - i - 1));
    }
    return names;
}

}  // namespace

model::Decimal Mapping::Rounding::apply(const model::Decimal& figure) const {
    switch (kind) {
        case Kind::decimals:
            return figure.rounded(digits);
        case Kind::significant:
            return figure.rounded_significant(digits);
        case Kind::none:
            break;
    }
    return figure;
}

Mapping Mapping::load(const std::string& path) {
    const std::string content = read_whole_file(path, "the mapping file");
    const toml::table document = parse_toml(content, path);
    Mapping mapping;
    mapping.file_ = path;
    only_keys(path, document, {"format", "description", "id", "dataset", "sources", "skip", "fields", "related"}, "the mapping");
    const auto* format = document.get("format");
    if (!format || !format->as_integer() || format->as_integer()->get() != 1) {
        fail(path, format ? *format : static_cast<const toml::node&>(document), "the mapping needs format = 1");
    }
    const auto* id = document.get("id");
    if (!id) fail(path, document, "[id] is required: column = \"...\" or template = \"...{Column}...\"");
    {
        const auto& table = table_of(path, *id, "[id]");
        only_keys(path, table, {"column", "template", "repeated", "key"}, "[id]");
        auto& rule = mapping.id_;
        rule.column = optional_text(path, table, "column").value_or("");
        rule.template_text = optional_text(path, table, "template").value_or("");
        if (rule.column.empty() == rule.template_text.empty()) fail(path, *id, "[id] takes exactly one of column and template");
        if (!rule.column.empty()) {
            rule.columns = {rule.column};
        } else {
            rule.columns = template_columns(rule.template_text);
            if (rule.columns.empty() || std::find(rule.columns.begin(), rule.columns.end(), "") != rule.columns.end()) {
                fail(path, *table.get("template"), "[id] template names no column, or has a '{' that is not closed");
            }
        }
        rule.key_columns = rule.columns;
        if (const auto* key = table.get("key")) {
            rule.key_given = true;
            rule.key_columns.clear();
            if (const auto* names = key->as_array()) {
                for (const auto& name : *names) rule.key_columns.push_back(text_of(path, name, "key"));
            } else {
                rule.key_columns.push_back(text_of(path, *key, "key"));
            }
            if (rule.key_columns.empty() ||
                std::find(rule.key_columns.begin(), rule.key_columns.end(), "") != rule.key_columns.end()) {
                fail(path, *key, "[id] key names the columns whose cells name a row: \"System ID\" or [\"Site\", \"Name\"]");
            }
        }
        if (const auto* repeated = table.get("repeated")) {
            const std::string how = text_of(path, *repeated, "repeated");
            if (how == "error") {
                rule.repeated = IdRule::Repeated::error;
            } else if (how == "suffix") {
                rule.repeated = IdRule::Repeated::suffix;
            } else if (how == "content") {
                rule.repeated = IdRule::Repeated::content;
            } else {
                fail(path, *repeated, "[id] repeated is \"error\", \"suffix\" or \"content\"");
            }
        }
    }
    if (const auto* dataset = document.get("dataset")) {
        const auto& table = table_of(path, *dataset, "[dataset]");
        only_keys(path, table, {"url", "kind", "title", "publisher", "published", "accessed", "edition_of"}, "[dataset]");
        model::SourceInput source;
        source.reference = optional_text(path, table, "url").value_or("");
        if (source.reference.empty()) fail(path, *dataset, "[dataset] needs a url");
        source.kind = optional_text(path, table, "kind");
        source.title = optional_text(path, table, "title");
        source.publisher = optional_text(path, table, "publisher");
        source.published = optional_text(path, table, "published");
        source.accessed = optional_text(path, table, "accessed");
        source.edition_of = optional_text(path, table, "edition_of");
        // A dated table with no list named is an edition of the list at its own url (a file
        // replaced in place): its editions are ordered by date as any list's are.
        if (!source.edition_of && source.published) source.edition_of = source.reference;
        source.origin = place(path, *dataset) + ": [dataset]";
        mapping.dataset_ = source;
    }
    // A key names a row in a source: without the table as a source there is nothing to keep it with.
    if (mapping.id_.key_given && !mapping.dataset_) {
        fail(path, *document.get("id")->as_table()->get("key"), "[id] key needs a [dataset]: the key is kept per source");
    }
    if (const auto* sources = document.get("sources")) {
        const auto& table = table_of(path, *sources, "[sources]");
        only_keys(path, table, {"columns", "quote_column", "kind", "accessed", "not_a_url"}, "[sources]");
        if (const auto policy = optional_text(path, table, "not_a_url")) {
            if (*policy != "drop" && *policy != "error")
                fail(path, *table.get("not_a_url"), "not_a_url is \"drop\" or \"error\"");
            mapping.drop_non_urls_ = *policy == "drop";
        }
        if (const auto* columns = table.get("columns")) {
            const auto* array = columns->as_array();
            if (!array) fail(path, *columns, "columns must be an array of strings");
            for (const auto& column : *array) mapping.source_columns_.push_back(text_of(path, column, "columns"));
        }
        mapping.quote_column_ = optional_text(path, table, "quote_column").value_or("");
        mapping.source_defaults_.kind = optional_text(path, table, "kind");
        mapping.source_defaults_.accessed = optional_text(path, table, "accessed");
    }
    if (const auto* skips = document.get("skip")) {
        const auto* array = skips->as_array();
        if (!array) fail(path, *skips, "skip must be an array of tables ([[skip]])");
        for (const auto& entry : *array) {
            const auto& table = table_of(path, entry, "[[skip]]");
            only_keys(path, table, {"column", "equals", "one_of", "empty", "reason"}, "[[skip]]");
            const auto reason = optional_text(path, table, "reason");
            if (!reason) fail(path, entry, "[[skip]] needs a reason");
            // The table itself, not a copy: a copy has lost the places its errors name.
            mapping.skips_.push_back({conditions(path, &entry, "[[skip]]", true).front(), *reason});
        }
    }
    const auto* fields = document.get("fields");
    if (!fields) fail(path, document, "the mapping has no [fields.NAME] tables");
    for (const auto& [name, node] : table_of(path, *fields, "[fields]")) {
        const std::string where = fmt::format("[fields.{}]", name.str());
        const auto& table = table_of(path, node, where);
        only_keys(path, table,
                  {"column", "template", "value", "map", "integer", "scale", "round", "significant", "suffix", "when", "unless"},
                  where);
        FieldRule rule;
        rule.field = std::string(name.str());
        rule.place = place(path, node);
        if (!model::find_field(rule.field)) fail(path, node, fmt::format("{}: '{}' is not a field", where, rule.field));
        rule.column = optional_text(path, table, "column").value_or("");
        rule.template_text = optional_text(path, table, "template").value_or("");
        rule.fixed = optional_text(path, table, "value").value_or("");
        for (const auto& name : template_columns(rule.template_text)) {
            if (name.empty())
                fail(path, *table.get("template"),
                     fmt::format("{}: the template has a '{{' that is not closed or names no column", where));
        }
        if (int(!rule.column.empty()) + int(!rule.template_text.empty()) + int(!rule.fixed.empty()) != 1) {
            fail(path, node, fmt::format("{} takes exactly one of column, template and value", where));
        }
        if (const auto* map = table.get("map")) {
            for (const auto& [from, to] : table_of(path, *map, "map"))
                rule.map[std::string(from.str())] = text_of(path, to, "map");
        }
        if (const auto* integer = table.get("integer")) {
            if (!integer->as_boolean()) fail(path, *integer, "integer must be true or false");
            rule.integer = integer->as_boolean()->get();
        }
        if (const auto* scale = table.get("scale")) {
            rule.scale = exact_scale(path, *scale, where);
            if (rule.scale->is_zero()) fail(path, *scale, fmt::format("{}: scale must be more than 0", where));
        }
        for (const auto* key : {"round", "significant"}) {
            const auto* node = table.get(key);
            if (!node) continue;
            const bool decimals = std::string_view(key) == "round";
            const auto* digits = node->as_integer();
            const int least = decimals ? 0 : 1;
            if (!digits || digits->get() < least || digits->get() > model::max_significant_digits) {
                fail(path, *node,
                     fmt::format("{}: {} is a whole number from {} to {} ({})", where, key, least, model::max_significant_digits,
                                 decimals ? "places after the point" : "significant digits"));
            }
            if (rule.rounding) fail(path, *node, fmt::format("{}: round and significant go alone: give one", where));
            if (!rule.fixed.empty())
                fail(path, *node, fmt::format("{}: {} rounds a column's figures; a fixed value has none", where, key));
            rule.rounding = {decimals ? Rounding::Kind::decimals : Rounding::Kind::significant, static_cast<int>(digits->get())};
        }
        rule.suffix = optional_text(path, table, "suffix").value_or("");
        // A value the mapping itself gives (a map's target, a fixed value) is checked here, once, at
        // its line: a mistake in it would otherwise be reported again on every row.
        if (!rule.integer && !rule.scale && !rule.rounding) {
            const auto& spec = *model::find_field(rule.field);
            auto check = [&](const std::string& value, const toml::node& node, const std::string& what) {
                if (value.empty()) return;
                try {
                    model::parse_field_value(spec, value + rule.suffix);
                } catch (const InputError& error) {
                    fail(path, node, fmt::format("{} {}: {}", where, what, error.what()));
                }
            };
            if (const auto* map = table.get("map")) {
                for (const auto& [from, to] : *map->as_table())
                    check(text_of(path, to, "map"), to, fmt::format("map '{}'", from.str()));
            }
            if (const auto* fixed = table.get("value")) check(rule.fixed, *fixed, "value");
        }
        rule.when = conditions(path, table.get("when"), where + " when");
        rule.unless = conditions(path, table.get("unless"), where + " unless");
        mapping.fields_.push_back(std::move(rule));
    }
    if (const auto* related = document.get("related")) {
        const auto* array = related->as_array();
        if (!array) fail(path, *related, "related must be [[related]] tables");
        for (const auto& entry : *array) {
            const auto& table = table_of(path, entry, "[[related]]");
            only_keys(path, table, {"column", "relation"}, "[[related]]");
            const auto column = optional_text(path, table, "column");
            const auto relation = optional_text(path, table, "relation");
            if (!column || column->empty() || !relation) fail(path, entry, "[[related]] needs a column and a relation");
            const bool known = std::find(std::begin(model::relation_kinds), std::end(model::relation_kinds), *relation) !=
                               std::end(model::relation_kinds);
            if (!known) {
                fail(path, *table.get("relation"),
                     fmt::format("[[related]] relation '{}' is not builds-upon, superseded-by or same-site", *relation));
            }
            // A cell names a row as the [id] column does: a template's id cannot be made from one cell.
            if (mapping.id_.column.empty())
                fail(path, entry, "[[related]] names rows by the [id] column's text, and [id] has a template");
            mapping.related_.push_back({*column, *relation});
        }
        for (const auto& rule : mapping.fields_) {
            if (rule.field == "related")
                fail(path, *related, "related comes from [[related]] or from [fields.related], not both");
        }
    }
    return mapping;
}

Mapping::RowId Mapping::row_id(const std::map<std::string, std::size_t>& columns, const std::vector<std::string>& cells) const {
    RowId row;
    for (const auto& column : id_.columns) {
        if (text::trim(cells[columns.at(column)]).empty()) {
            row.problem = fmt::format("[id] {}: the cell is empty, so the row has no id; rejected", column);
            return row;
        }
    }
    // "System ID 180307", or "Site CSCS, Name Alps" over several columns, each once; a cell that
    // could be read as a separator or a quote is quoted, so that two rows never make one key.
    std::set<std::string_view> named;
    for (const auto& column : id_.key_columns) {
        const std::string_view cell = text::trim(cells[columns.at(column)]);
        if (cell.empty()) {
            row.problem = fmt::format("[id] key {}: the cell is empty, so the row has no key; rejected", column);
            return row;
        }
        if (!named.insert(column).second) continue;
        std::string shown(cell);
        if (id_.key_columns.size() > 1 && cell.find_first_of(",\"") != std::string_view::npos) {
            shown = "\"";
            for (const char c : cell) shown += c == '"' ? std::string("\"\"") : std::string(1, c);
            shown += "\"";
        }
        row.key += fmt::format("{}{} {}", row.key.empty() ? "" : ", ", column, shown);
    }
    const std::string raw = id_.column.empty() ? expand(id_.template_text, columns, cells) : cells[columns.at(id_.column)];
    row.id = text::slug(raw, 90);
    if (row.id.empty()) row.problem = fmt::format("[id]: '{}' makes no id (no letter or digit); rejected", raw);
    return row;
}

const Mapping::SkipRule* Mapping::skip_rule(const std::map<std::string, std::size_t>& columns,
                                            const std::vector<std::string>& cells) const {
    for (const auto& skip : skips_) {
        if (condition_holds(skip.condition, columns, cells)) return &skip;
    }
    return nullptr;
}

std::set<std::string> Mapping::slugs_seen_twice(const std::string& path) const {
    // Read twice, the table must be a file: standard input would be empty the second time.
    if (path == "-") {
        throw InputError(
            fmt::format("{}: [id] repeated = \"content\" reads the table twice: give a file, not standard input", path));
    }
    InputFile file(path);
    std::istream input(&file.buffer());
    std::map<std::string, std::size_t> columns;
    std::set<std::string> seen, twice;
    read_csv(input, path, [&](std::vector<std::string>& cells, std::size_t) {
        if (columns.empty()) {
            for (std::size_t i = 0; i < cells.size(); ++i) columns[cells[i]] = i;
            for (const auto& column : id_.columns) {
                if (!columns.contains(column))
                    throw InputError(fmt::format("{}:1: the table has no column '{}' (named in {})", path, column, file_));
            }
            return;
        }
        // Only the rows the second pass gives an id: a skipped or keyless row takes none.
        if (cells.size() != columns.size() || skip_rule(columns, cells)) return;
        RowId row = row_id(columns, cells);
        if (!row.problem.empty()) return;
        if (!seen.insert(row.id).second) twice.insert(std::move(row.id));
    });
    return twice;
}

void Mapping::read(const std::string& path, const ReadSink& sink) const {
    std::optional<InputFile> file;
    if (path != "-") file.emplace(path);
    CountedInput counted(file ? file->buffer() : *std::cin.rdbuf(), sink.bytes_read);
    std::istream input(&counted);
    std::map<std::string, std::size_t> columns;
    std::map<std::string, std::size_t> first_line;  // each id's first row
    std::map<std::string, int> repeats;
    std::map<std::string, std::size_t> key_lines;  // each given key's row
    const std::set<std::string> repeated_slugs =
        id_.repeated == IdRule::Repeated::content ? slugs_seen_twice(path) : std::set<std::string>{};
    bool have_header = false;
    auto holds = [&](const Condition& condition, const std::vector<std::string>& cells) {
        return condition_holds(condition, columns, cells);
    };
    read_csv(input, path, [&](std::vector<std::string>& cells, std::size_t line) {
        const std::string at = fmt::format("{}:{}", path, line);
        if (!have_header) {
            have_header = true;
            for (std::size_t i = 0; i < cells.size(); ++i) columns[cells[i]] = i;
            // Every column the mapping names must exist: checked once, against the header.
            std::vector<std::string> needed = id_.columns;
            needed.insert(needed.end(), id_.key_columns.begin(), id_.key_columns.end());
            needed.insert(needed.end(), source_columns_.begin(), source_columns_.end());
            if (!quote_column_.empty()) needed.push_back(quote_column_);
            for (const auto& skip : skips_) needed.push_back(skip.condition.column);
            for (const auto& rule : related_) needed.push_back(rule.column);
            for (const auto& rule : fields_) {
                if (!rule.column.empty()) needed.push_back(rule.column);
                for (const auto& name : template_columns(rule.template_text)) needed.push_back(name);
                for (const auto& condition : rule.when) needed.push_back(condition.column);
                for (const auto& condition : rule.unless) needed.push_back(condition.column);
            }
            for (const auto& name : needed) {
                if (!columns.contains(name))
                    throw InputError(fmt::format("{}: the table has no column '{}' (named in {})", at, name, file_));
            }
            return;
        }
        if (cells.size() != columns.size()) {
            sink.problem(fmt::format("{}: {} cells where the header has {}", at, cells.size(), columns.size()));
            return;
        }
        if (const SkipRule* skip = skip_rule(columns, cells)) {
            if (sink.skipped) sink.skipped(at, skip->reason);
            return;
        }
        RecordDocument document;
        document.place = at;
        RowId row = row_id(columns, cells);
        if (!row.problem.empty()) {
            sink.problem(fmt::format("{}: {}", at, row.problem));
            return;
        }
        const std::string& key = row.key;
        // Ids stay within the 100 bytes of a cluster id, suffixes included.
        auto suffixed = [](std::string base, const std::string& suffix) {
            if (base.size() + suffix.size() > 100) base.resize(100 - suffix.size());
            while (!base.empty() && base.back() == '-') base.pop_back();
            return base + suffix;
        };
        std::string id = row.id;
        if (id_.repeated == IdRule::Repeated::content && repeated_slugs.contains(id)) {
            document.content_family = id;
            id = suffixed(id, "-" + content_suffix(cells));
        }
        if (const auto first = first_line.find(id); first != first_line.end()) {
            if (id_.repeated == IdRule::Repeated::error) {
                sink.problem(
                    fmt::format("{}: id '{}' again (first at line {}): [id] must tell the rows apart (a key "
                                "column, a template over more columns), or say repeated = \"suffix\" or \"content\"",
                                at, id, first->second));
                return;
            }
            // Rows alike in every cell (content), or any repeat (suffix): -2, -3 in row order, never
            // an id another row already has ("Foo 2" before two "Foo").
            const std::string base = id;
            int& n = repeats[base];
            do {
                id = suffixed(base, "-" + std::to_string(++n + 1));
            } while (first_line.contains(id));
        }
        if (id_.key_given) {
            if (const auto [first, added] = key_lines.emplace(key, line); !added) {
                sink.problem(
                    fmt::format("{}: key '{}' again (first at line {}): [id] key must name one row", at, key, first->second));
                return;
            }
        }
        document.record.cluster_id = id;
        document.record.origin = fmt::format("{}: [id] {}", at, id_.column.empty() ? id_.template_text : id_.column);
        std::vector<model::CitationInput> citations;
        if (dataset_) {
            document.sources.push_back(*dataset_);
            citations.push_back({0, key, "", at});
            if (keys_name_rows()) {
                document.record.keys.push_back({0, key, at + ": [id] key"});
                document.record.id_from_key = true;
            }
        }
        bool first_source = true;
        for (const auto& column : source_columns_) {
            std::string url = cells[columns.at(column)];
            if (url.empty()) continue;
            if (drop_non_urls_) {
                // "https://... (mentioned at 15:01)" cites its URL; "Private correspondence" cites none.
                if (const auto space = url.find_first_of(" \t\n"); space != std::string::npos) url.resize(space);
                try {
                    model::understand_source_url(url);
                } catch (const InputError&) {
                    continue;
                }
            }
            model::SourceInput source = source_defaults_;
            source.reference = url;
            source.origin = fmt::format("{}: {}", at, column);
            document.sources.push_back(std::move(source));
            const std::string quote = first_source && !quote_column_.empty() ? cells[columns.at(quote_column_)] : "";
            citations.push_back({document.sources.size() - 1, "", quote, at + ": " + quote_column_});
            first_source = false;
        }
        std::vector<std::string> problems;
        std::size_t problem_column = 0;  // the first problem's cell, for the row's place (1-based)
        for (const auto& rule : fields_) {
            const bool applies =
                std::all_of(rule.when.begin(), rule.when.end(), [&](const auto& c) { return holds(c, cells); }) &&
                std::none_of(rule.unless.begin(), rule.unless.end(), [&](const auto& c) { return holds(c, cells); });
            if (!applies) continue;
            // The cell a column rule reads, named as an editor finds it: its column's number and name.
            const std::string cell_name =
                rule.column.empty() ? std::string() : fmt::format("column {} '{}'", columns.at(rule.column) + 1, rule.column);
            std::vector<std::string> rounded_from;
            const std::size_t problems_before = problems.size();
            std::string value = !rule.column.empty()          ? cells[columns.at(rule.column)]
                                : !rule.template_text.empty() ? expand_figures(rule.template_text, columns, cells, rule.rounding,
                                                                               problems, problem_column, rounded_from)
                                                              : rule.fixed;
            for (std::size_t i = problems_before; i < problems.size(); ++i) problems[i] = rule.field + ": " + problems[i];
            if (problems.size() != problems_before) continue;
            value = std::string(text::trim(value));
            if (const auto mapped = rule.map.find(value); mapped != rule.map.end()) value = mapped->second;
            if (value.empty()) continue;
            std::string where = fmt::format("{}: {}", at, rule.field);
            if (!rule.column.empty())
                where = fmt::format("{}:{}: {} ({})", at, columns.at(rule.column) + 1, rule.field, cell_name);
            if (rule.integer || rule.scale || (rule.rounding && !rule.column.empty())) {
                auto problem_at_cell = [&](const std::string& what) {
                    problems.push_back(fmt::format("{} ({}): {}", rule.field, cell_name, what));
                    if (problem_column == 0) problem_column = columns.at(rule.column) + 1;
                };
                std::string problem;
                const auto figure = cell_figure(value, number_cell(value), rule.rounding, problem, rounded_from);
                if (!figure) {
                    problem_at_cell(problem);
                    continue;
                }
                // Checks read the cell as the file holds it (rounded if the column says so), never the scaled value.
                if (rule.integer && !figure->to_integer()) {
                    problem_at_cell(fmt::format("'{}' is not a whole number", value));
                    continue;
                }
                model::Decimal converted = *figure;
                if (rule.scale) {
                    const auto product = figure->times(rule.scale->coefficient());
                    if (!product) {
                        problem_at_cell(fmt::format("'{}' times the scale has more digits than an exact decimal holds", value));
                        continue;
                    }
                    converted = product->scaled(rule.scale->exponent());
                }
                value = converted.to_string();
            }
            value += rule.suffix;
            auto field_citations = citations;
            if (!rounded_from.empty()) {
                // The rounding is part of what the citation relies on: stated in its locator.
                const std::string rounding = fmt::format("{}", fmt::join(rounded_from, "; "));
                for (auto& citation : field_citations) citation.locator += (citation.locator.empty() ? "" : "; ") + rounding;
            }
            document.record.fields.push_back(
                {.field = rule.field, .raw_value = value, .citations = std::move(field_citations), .origin = where});
        }
        // [[related]]: each cell names a row as the [id] column does, so its id is the slug [id]
        // makes of it (rows alike in their name take suffixes: a link to them names no one row).
        std::string related;
        for (const auto& rule : related_) {
            const std::string_view cell = text::trim(cells[columns.at(rule.column)]);
            if (cell.empty()) continue;
            const std::string linked = text::slug(cell, 90);
            if (linked.empty()) {
                problems.push_back(
                    fmt::format("related: {} '{}' makes no id (no letter or digit)", rule.column, std::string(cell)));
            } else if (repeated_slugs.contains(linked)) {
                problems.push_back(
                    fmt::format("related: {} '{}' names several rows (their ids take suffixes)", rule.column, std::string(cell)));
            } else {
                related += fmt::format("{}{} ({})", related.empty() ? "" : "; ", linked, rule.relation);
            }
        }
        if (!related.empty()) {
            document.record.fields.push_back(
                {.field = "related", .raw_value = related, .citations = citations, .origin = at + ": related"});
        }
        // Every problem of the row, on its one line; a rejected row leaves its id to the rows after.
        if (!problems.empty()) {
            const std::string cell = problem_column == 0 ? std::string() : fmt::format(":{}", problem_column);
            sink.problem(fmt::format("{}{}: {}", at, cell, fmt::join(problems, "; ")));
            return;
        }
        first_line.emplace(id, line);
        try {
            sink.record(document);
        } catch (const InputError& error) {
            sink.problem(error.what());
        }
    });
}

}  // namespace gpuclusters::formats
