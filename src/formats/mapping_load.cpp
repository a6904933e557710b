// Reading and checking a mapping file: each table of it ([id], [dataset], [sources], [[skip]],
// [fields.NAME], [[related]]) becomes its rule, and every mistake is named at its line.
#include "formats/mapping.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <toml++/toml.h>

#include "formats/input_file.hpp"
#include "formats/toml_support.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::formats {
namespace {

std::string text_of(const std::string& file, const toml::node& node, const std::string& name) {
    return node_as<std::string>(file, node, fmt::format("{} must be a string", name)).get();
}

void only_keys(const std::string& file, const toml::table& table, std::initializer_list<std::string_view> keys,
               const std::string& name) {
    for (const auto& [key, node] : table) {
        if (std::find(keys.begin(), keys.end(), key.str()) == keys.end()) {
            toml_fail(file, node, fmt::format("{} has no key '{}'", name, key.str()));
        }
    }
}

// `reason`: the table is a [[skip]]'s, whose keys skip_rules checked (its reason is no part of
// the condition).
std::vector<Mapping::Condition> conditions(const std::string& file, const toml::node* node, const std::string& name,
                                           bool reason = false) {
    std::vector<Mapping::Condition> result;
    if (!node) return result;
    auto one = [&](const toml::node& entry) {
        const auto& table = table_of(file, entry, name);
        if (!reason) only_keys(file, table, {"column", "equals", "one_of", "empty"}, name);
        Mapping::Condition condition;
        if (!table.get("column")) toml_fail(file, entry, fmt::format("{} needs a column", name));
        // Two tests in one condition read as "either" to some and "both" to others: one test a
        // condition, and an array of conditions for several (when: all hold; unless: any).
        const int tests = (table.get("equals") ? 1 : 0) + (table.get("one_of") ? 1 : 0) + (table.get("empty") ? 1 : 0);
        if (tests > 1) {
            toml_fail(file, entry,
                      fmt::format("{}: one test a condition (equals, one_of or empty); for several, give an array of conditions",
                                  name));
        }
        condition.column = text_of(file, *table.get("column"), "column");
        if (const auto* equals = table.get("equals")) condition.values.push_back(text_of(file, *equals, "equals"));
        if (const auto* list = table.get("one_of")) {
            for (const auto& value : node_as<toml::array>(file, *list, "one_of must be an array of strings")) {
                condition.values.push_back(text_of(file, value, "one_of"));
            }
        }
        if (const auto* empty = table.get("empty")) {
            if (node_as<bool>(file, *empty, fmt::format("{} empty must be true or false", name)).get()) {
                condition.values.push_back("");
            } else {
                condition.not_empty = true;
            }
        }
        if (condition.values.empty() && !condition.not_empty) {
            toml_fail(file, entry, fmt::format("{} needs equals, one_of or empty = true or false", name));
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
        if (whole->get() <= 0) toml_fail(file, node, where + ": scale must be more than 0");
        written = std::to_string(whole->get());
    } else if (const auto* number = node.as_floating_point()) {
        if (!(number->get() > 0) || !std::isfinite(number->get())) toml_fail(file, node, where + ": scale must be more than 0");
        written = fmt::format("{}", number->get());
    } else {
        toml_fail(file, node, where + ": scale must be a number, e.g. 0.001 for kW -> MW");
    }
    int exponent = 0;
    if (const auto e = written.find('e'); e != std::string::npos) {
        exponent = std::stoi(written.substr(e + 1));
        written.resize(e);
    }
    const auto decimal = model::Decimal::parse(written);
    if (!decimal)
        toml_fail(file, node, fmt::format("{}: scale {} has more digits than an exact decimal holds (18)", where, written));
    return decimal->scaled(exponent);
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

Mapping::IdRule id_rule(const std::string& path, const toml::node& id) {
    const auto& table = table_of(path, id, "[id]");
    only_keys(path, table, {"column", "template", "repeated", "key"}, "[id]");
    Mapping::IdRule rule;
    rule.column = optional_text(path, table, "column").value_or("");
    rule.template_text = optional_text(path, table, "template").value_or("");
    if (rule.column.empty() == rule.template_text.empty()) toml_fail(path, id, "[id] takes exactly one of column and template");
    if (!rule.column.empty()) {
        rule.columns = {rule.column};
    } else {
        rule.columns = template_columns(rule.template_text);
        if (rule.columns.empty() || std::ranges::find(rule.columns, "") != rule.columns.end()) {
            toml_fail(path, *table.get("template"), "[id] template names no column, or has a '{' that is not closed");
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
        if (rule.key_columns.empty() || std::ranges::find(rule.key_columns, "") != rule.key_columns.end()) {
            toml_fail(path, *key, "[id] key names the columns whose cells name a row: \"System ID\" or [\"Site\", \"Name\"]");
        }
    }
    if (const auto* repeated = table.get("repeated")) {
        const std::string how = text_of(path, *repeated, "repeated");
        if (how == "error") {
            rule.repeated = Mapping::IdRule::Repeated::error;
        } else if (how == "suffix") {
            rule.repeated = Mapping::IdRule::Repeated::suffix;
        } else if (how == "content") {
            rule.repeated = Mapping::IdRule::Repeated::content;
        } else {
            toml_fail(path, *repeated, "[id] repeated is \"error\", \"suffix\" or \"content\"");
        }
    }
    return rule;
}

model::SourceInput dataset_source(const std::string& path, const toml::node& dataset) {
    const auto& table = table_of(path, dataset, "[dataset]");
    only_keys(path, table, {"url", "kind", "title", "publisher", "published", "accessed", "edition_of"}, "[dataset]");
    model::SourceInput source;
    source.reference = optional_text(path, table, "url").value_or("");
    if (source.reference.empty()) toml_fail(path, dataset, "[dataset] needs a url");
    // only_keys leaves out archive_url and archived: they stay unset.
    for (const auto& key : model::source_metadata_keys) source.*key.member = optional_text(path, table, key.name);
    // A dated table with no list named is an edition of the list at its own url (a file
    // replaced in place): its editions are ordered by date as any list's are.
    if (!source.edition_of && source.published) source.edition_of = source.reference;
    source.origin = toml_place(path, dataset) + ": [dataset]";
    return source;
}

std::vector<Mapping::SkipRule> skip_rules(const std::string& path, const toml::node& skips) {
    std::vector<Mapping::SkipRule> rules;
    for (const auto& entry : node_as<toml::array>(path, skips, "skip must be an array of tables ([[skip]])")) {
        const auto& table = table_of(path, entry, "[[skip]]");
        only_keys(path, table, {"column", "equals", "one_of", "empty", "reason"}, "[[skip]]");
        const auto reason = optional_text(path, table, "reason");
        if (!reason) toml_fail(path, entry, "[[skip]] needs a reason");
        // The table itself, not a copy: a copy has lost the places its errors name.
        rules.push_back({conditions(path, &entry, "[[skip]]", true).front(), *reason});
    }
    return rules;
}

// `round` or `significant` of a [fields.NAME] table (`fixed`: its value, which has no figures to round).
Mapping::Rounding rounding_of(const std::string& path, const toml::table& table, const std::string& where,
                              const std::string& fixed) {
    Mapping::Rounding rounding;
    for (const auto* key : {"round", "significant"}) {
        const auto* node = table.get(key);
        if (!node) continue;
        const bool decimals = std::string_view(key) == "round";
        const auto* digits = node->as_integer();
        const int least = decimals ? 0 : 1;
        if (!digits || digits->get() < least || digits->get() > model::max_significant_digits) {
            toml_fail(path, *node,
                      fmt::format("{}: {} is a whole number from {} to {} ({})", where, key, least, model::max_significant_digits,
                                  decimals ? "places after the point" : "significant digits"));
        }
        if (rounding) toml_fail(path, *node, fmt::format("{}: round and significant go alone: give one", where));
        if (!fixed.empty())
            toml_fail(path, *node, fmt::format("{}: {} rounds a column's figures; a fixed value has none", where, key));
        rounding = {decimals ? Mapping::Rounding::Kind::decimals : Mapping::Rounding::Kind::significant,
                    static_cast<int>(digits->get())};
    }
    return rounding;
}

// A value the mapping itself gives (a map's target, a fixed value) is checked here, once, at its
// line: a mistake in it would otherwise be reported again on every row.
void check_given_values(const std::string& path, const toml::table& table, const Mapping::FieldRule& rule,
                        const std::string& where) {
    const auto& spec = *model::find_field(rule.field);
    auto check = [&](const std::string& value, const toml::node& node, const std::string& what) {
        if (value.empty()) return;
        try {
            model::parse_field_value(spec, value + rule.suffix);
        } catch (const InputError& error) {
            toml_fail(path, node, fmt::format("{} {}: {}", where, what, error.what()));
        }
    };
    if (const auto* map = table.get("map")) {
        for (const auto& [from, to] : *map->as_table()) check(text_of(path, to, "map"), to, fmt::format("map '{}'", from.str()));
    }
    if (const auto* fixed = table.get("value")) check(rule.fixed, *fixed, "value");
}

Mapping::FieldRule field_rule(const std::string& path, std::string_view name, const toml::node& node) {
    const std::string where = fmt::format("[fields.{}]", name);
    const auto& table = table_of(path, node, where);
    only_keys(path, table,
              {"column", "template", "value", "map", "integer", "scale", "round", "significant", "suffix", "when", "unless",
               "quote_column"},
              where);
    Mapping::FieldRule rule;
    rule.field = std::string(name);
    rule.place = toml_place(path, node);
    if (!model::find_field(rule.field)) toml_fail(path, node, fmt::format("{}: '{}' is not a field", where, rule.field));
    rule.column = optional_text(path, table, "column").value_or("");
    rule.template_text = optional_text(path, table, "template").value_or("");
    rule.fixed = optional_text(path, table, "value").value_or("");
    for (const auto& column : template_columns(rule.template_text)) {
        if (column.empty())
            toml_fail(path, *table.get("template"),
                      fmt::format("{}: the template has a '{{' that is not closed or names no column", where));
    }
    if (int(!rule.column.empty()) + int(!rule.template_text.empty()) + int(!rule.fixed.empty()) != 1) {
        toml_fail(path, node, fmt::format("{} takes exactly one of column, template and value", where));
    }
    if (const auto* map = table.get("map")) {
        for (const auto& [from, to] : table_of(path, *map, "map")) rule.map[std::string(from.str())] = text_of(path, to, "map");
    }
    if (const auto* integer = table.get("integer")) {
        rule.integer = node_as<bool>(path, *integer, "integer must be true or false").get();
    }
    if (const auto* scale = table.get("scale")) {
        rule.scale = exact_scale(path, *scale, where);
        if (rule.scale->is_zero()) toml_fail(path, *scale, fmt::format("{}: scale must be more than 0", where));
    }
    rule.rounding = rounding_of(path, table, where, rule.fixed);
    rule.suffix = optional_text(path, table, "suffix").value_or("");
    if (!rule.integer && !rule.scale && !rule.rounding) check_given_values(path, table, rule, where);
    rule.when = conditions(path, table.get("when"), where + " when");
    rule.unless = conditions(path, table.get("unless"), where + " unless");
    if (const auto* quote = table.get("quote_column")) {
        rule.quote_column = text_of(path, *quote, "quote_column");
        if (rule.quote_column.empty()) toml_fail(path, *quote, fmt::format("{}: quote_column names a column", where));
        rule.quote_place = fmt::format("{}: {} quote_column", toml_place(path, *quote), where);
    }
    return rule;
}

std::vector<Mapping::RelatedRule> related_rules(const std::string& path, const toml::node& related, const Mapping::IdRule& id) {
    std::vector<Mapping::RelatedRule> rules;
    for (const auto& entry : node_as<toml::array>(path, related, "related must be [[related]] tables")) {
        const auto& table = table_of(path, entry, "[[related]]");
        only_keys(path, table, {"column", "relation"}, "[[related]]");
        const auto column = optional_text(path, table, "column");
        const auto relation = optional_text(path, table, "relation");
        if (!column || column->empty() || !relation) toml_fail(path, entry, "[[related]] needs a column and a relation");
        if (std::ranges::find(model::relation_kinds, *relation) == std::end(model::relation_kinds)) {
            toml_fail(path, *table.get("relation"),
                      fmt::format("[[related]] relation '{}' is not builds-upon, superseded-by or same-site", *relation));
        }
        // A cell names a row as the [id] column does: a template's id cannot be made from one cell.
        if (id.column.empty())
            toml_fail(path, entry, "[[related]] names rows by the [id] column's text, and [id] has a template");
        rules.push_back({*column, *relation});
    }
    return rules;
}

}  // namespace

Mapping Mapping::load(const std::string& path) {
    const std::string content = read_whole_file(path, "the mapping file");
    const toml::table document = parse_toml(content, path);
    Mapping mapping;
    mapping.file_ = path;
    only_keys(path, document, {"format", "description", "id", "dataset", "sources", "skip", "fields", "related"}, "the mapping");
    const auto* format = document.get("format");
    if (!format || !format->as_integer() || format->as_integer()->get() != 1) {
        toml_fail(path, format ? *format : static_cast<const toml::node&>(document), "the mapping needs format = 1");
    }
    const auto* id = document.get("id");
    if (!id) toml_fail(path, document, "[id] is required: column = \"...\" or template = \"...{Column}...\"");
    mapping.id_ = id_rule(path, *id);
    if (const auto* dataset = document.get("dataset")) mapping.dataset_ = dataset_source(path, *dataset);
    // A key names a row in a source: without the table as a source there is nothing to keep it with.
    if (mapping.id_.key_given && !mapping.dataset_) {
        toml_fail(path, *document.get("id")->as_table()->get("key"), "[id] key needs a [dataset]: the key is kept per source");
    }
    if (const auto* sources = document.get("sources")) {
        const auto& table = table_of(path, *sources, "[sources]");
        only_keys(path, table, {"columns", "quote_column", "kind", "accessed", "not_a_url"}, "[sources]");
        if (const auto policy = optional_text(path, table, "not_a_url")) {
            if (*policy != "drop" && *policy != "error")
                toml_fail(path, *table.get("not_a_url"), "not_a_url is \"drop\" or \"error\"");
            mapping.drop_non_urls_ = *policy == "drop";
        }
        if (const auto* columns = table.get("columns")) {
            for (const auto& column : node_as<toml::array>(path, *columns, "columns must be an array of strings")) {
                mapping.source_columns_.push_back(text_of(path, column, "columns"));
            }
        }
        mapping.quote_column_ = optional_text(path, table, "quote_column").value_or("");
        mapping.source_defaults_.kind = optional_text(path, table, "kind");
        mapping.source_defaults_.accessed = optional_text(path, table, "accessed");
    }
    if (const auto* skips = document.get("skip")) mapping.skips_ = skip_rules(path, *skips);
    const auto* fields = document.get("fields");
    if (!fields) toml_fail(path, document, "the mapping has no [fields.NAME] tables");
    for (const auto& [name, node] : table_of(path, *fields, "[fields]")) {
        mapping.fields_.push_back(field_rule(path, name.str(), node));
        // The quote is of the row's first source: with no source columns there is none to quote.
        if (!mapping.fields_.back().quote_column.empty() && mapping.source_columns_.empty()) {
            toml_fail(path, *node.as_table()->get("quote_column"),
                      fmt::format("[fields.{}] quote_column quotes the row's first source, and [sources] names no columns",
                                  name.str()));
        }
    }
    if (const auto* related = document.get("related")) {
        mapping.related_ = related_rules(path, *related, mapping.id_);
        if (std::ranges::find(mapping.fields_, "related", &FieldRule::field) != mapping.fields_.end())
            toml_fail(path, *related, "related comes from [[related]] or from [fields.related], not both");
    }
    return mapping;
}

std::vector<Mapping::NamedColumn> Mapping::columns_named() const {
    std::vector<std::string> named = id_.columns;
    named.insert(named.end(), id_.key_columns.begin(), id_.key_columns.end());
    named.insert(named.end(), source_columns_.begin(), source_columns_.end());
    if (!quote_column_.empty()) named.push_back(quote_column_);
    for (const auto& skip : skips_) named.push_back(skip.condition.column);
    for (const auto& rule : related_) named.push_back(rule.column);
    for (const auto& rule : fields_) {
        if (!rule.column.empty()) named.push_back(rule.column);
        for (const auto& name : template_columns(rule.template_text)) named.push_back(name);
        for (const auto& condition : rule.when) named.push_back(condition.column);
        for (const auto& condition : rule.unless) named.push_back(condition.column);
    }
    std::vector<NamedColumn> columns;
    for (auto& name : named) columns.push_back({std::move(name), file_});
    for (const auto& rule : fields_) {
        if (!rule.quote_column.empty()) columns.push_back({rule.quote_column, rule.quote_place});
    }
    return columns;
}

std::vector<std::string> Mapping::fields_sharing_quote() const {
    std::vector<std::string> fields;
    if (quote_column_.empty() || source_columns_.empty()) return fields;
    for (const auto& rule : fields_) {
        if (rule.quote_column.empty()) fields.push_back(rule.field);
    }
    return fields;
}

}  // namespace gpuclusters::formats
