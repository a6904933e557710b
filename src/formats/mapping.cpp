// Reading a CSV table through a mapping: a record per row, with the ids, keys, sources, fields and
// related clusters the mapping's rules make of its cells (the rules are read in mapping_load.cpp).
#include "formats/mapping.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include "formats/counted_input.hpp"
#include "formats/csv.hpp"
#include "formats/input_file.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::formats {
namespace {

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
    return std::ranges::find(condition.values, cell) != condition.values.end();
}

// Eight hex digits from a row's cells: the same row gives the same suffix wherever it stands in
// the table.
std::string content_suffix(const std::vector<std::string>& cells) {
    return fmt::format("{:08x}", static_cast<std::uint32_t>(text::fingerprint(cells) >> 32));
}

// "{Name} in {Country}": each column named in braces replaced by what `cell(name, index)` makes of
// it; an unknown column is caught when the mapping loads.
template <class Cell>
std::string expand(const std::string& pattern, const std::map<std::string, std::size_t>& columns, Cell cell) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '{') {
            out += pattern[i];
            continue;
        }
        const std::size_t end = pattern.find('}', i);
        if (end == std::string::npos) break;  // refused when the mapping loads
        const std::string name = pattern.substr(i + 1, end - i - 1);
        out += cell(name, columns.at(name));
        i = end;
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
    return expand(pattern, columns, [&](const std::string& name, std::size_t index) {
        const std::string cell(text::trim(cells[index]));
        const auto number = cell.find('.') == std::string::npos ? std::nullopt : number_cell(cell);
        if (!number) return cells[index];
        std::string problem;
        if (const auto figure = cell_figure(cell, number, rounding, problem, rounded_from)) return figure->to_string();
        problems.push_back(fmt::format("column {} '{}': {}", index + 1, name, problem));
        if (problem_column == 0) problem_column = index + 1;
        return std::string();
    });
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
    const auto cell = [&](const std::string&, std::size_t index) { return cells[index]; };
    const std::string raw = id_.column.empty() ? expand(id_.template_text, columns, cell) : cells[columns.at(id_.column)];
    row.id = text::slug(raw, 90);
    if (row.id.empty()) row.problem = fmt::format("[id]: '{}' makes no id (no letter or digit); rejected", raw);
    return row;
}

const Mapping::SkipRule* Mapping::skip_rule(const std::map<std::string, std::size_t>& columns,
                                            const std::vector<std::string>& cells) const {
    const auto found =
        std::ranges::find_if(skips_, [&](const SkipRule& skip) { return condition_holds(skip.condition, columns, cells); });
    return found == skips_.end() ? nullptr : &*found;
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

// One reading of a table: its header's columns, and the ids and keys its rows have taken so far.
class Mapping::TableReader {
public:
    TableReader(const Mapping& mapping, const std::string& path, const ReadSink& sink)
        : mapping_(mapping),
          sink_(sink),
          repeated_slugs_(mapping.id_.repeated == IdRule::Repeated::content ? mapping.slugs_seen_twice(path)
                                                                            : std::set<std::string>{}) {}

    void header(const std::vector<std::string>& cells, const std::string& at) {
        for (std::size_t i = 0; i < cells.size(); ++i) columns_[cells[i]] = i;
        // Every column the mapping names must exist: checked once, against the header.
        for (const auto& [name, where] : mapping_.columns_named()) {
            if (!columns_.contains(name))
                throw InputError(fmt::format("{}: the table has no column '{}' (named in {})", at, name, where));
        }
    }

    void row(const std::vector<std::string>& cells, std::size_t line, const std::string& at) {
        if (cells.size() != columns_.size()) {
            sink_.problem(fmt::format("{}: {} cells where the header has {}", at, cells.size(), columns_.size()));
            return;
        }
        if (const SkipRule* skip = mapping_.skip_rule(columns_, cells)) {
            if (sink_.skipped) sink_.skipped(at, skip->reason);
            return;
        }
        RecordDocument document;
        document.place = at;
        const auto key = identify(document, cells, line, at);
        if (!key) return;
        const auto citations = cite_sources(document, cells, at, *key);
        std::vector<std::string> problems;
        std::size_t problem_column = 0;  // the first problem's cell, for the row's place (1-based)
        for (const auto& rule : mapping_.fields_) add_field(document, rule, cells, citations, at, problems, problem_column);
        add_related(document, cells, citations, at, problems);
        // Every problem of the row, on its one line; a rejected row leaves its id to the rows after.
        if (!problems.empty()) {
            const std::string cell = problem_column == 0 ? std::string() : fmt::format(":{}", problem_column);
            sink_.problem(fmt::format("{}{}: {}", at, cell, fmt::join(problems, "; ")));
            return;
        }
        first_line_.emplace(document.record.cluster_id, line);
        sink_.take(document);
    }

private:
    // Gives the record its id, told apart from the rows before as [id] repeated says, and returns
    // the key that names the row; nullopt, the problem told, when the row can have neither.
    std::optional<std::string> identify(RecordDocument& document, const std::vector<std::string>& cells, std::size_t line,
                                        const std::string& at) {
        const IdRule& rule = mapping_.id_;
        RowId row = mapping_.row_id(columns_, cells);
        if (!row.problem.empty()) {
            sink_.problem(fmt::format("{}: {}", at, row.problem));
            return std::nullopt;
        }
        // Ids stay within the 100 bytes of a cluster id, suffixes included.
        auto suffixed = [](std::string base, const std::string& suffix) {
            if (base.size() + suffix.size() > 100) base.resize(100 - suffix.size());
            while (!base.empty() && base.back() == '-') base.pop_back();
            return base + suffix;
        };
        std::string id = row.id;
        if (rule.repeated == IdRule::Repeated::content && repeated_slugs_.contains(id)) {
            document.content_family = id;
            id = suffixed(id, "-" + content_suffix(cells));
        }
        if (const auto first = first_line_.find(id); first != first_line_.end()) {
            if (rule.repeated == IdRule::Repeated::error) {
                sink_.problem(
                    fmt::format("{}: id '{}' again (first at line {}): [id] must tell the rows apart (a key "
                                "column, a template over more columns), or say repeated = \"suffix\" or \"content\"",
                                at, id, first->second));
                return std::nullopt;
            }
            // Rows alike in every cell (content), or any repeat (suffix): -2, -3 in row order, never
            // an id another row already has ("Foo 2" before two "Foo").
            const std::string base = id;
            int& n = repeats_[base];
            do {
                id = suffixed(base, "-" + std::to_string(++n + 1));
            } while (first_line_.contains(id));
        }
        if (rule.key_given) {
            if (const auto [first, added] = key_lines_.emplace(row.key, line); !added) {
                sink_.problem(
                    fmt::format("{}: key '{}' again (first at line {}): [id] key must name one row", at, row.key, first->second));
                return std::nullopt;
            }
        }
        document.record.cluster_id = id;
        document.record.origin = fmt::format("{}: [id] {}", at, rule.column.empty() ? rule.template_text : rule.column);
        return row.key;
    }

    // The row's sources (the table itself, then the URLs of its source columns), and the
    // citations of them that each of its values takes.
    std::vector<model::CitationInput> cite_sources(RecordDocument& document, const std::vector<std::string>& cells,
                                                   const std::string& at, const std::string& key) const {
        std::vector<model::CitationInput> citations;
        if (mapping_.dataset_) {
            document.sources.push_back(*mapping_.dataset_);
            citations.push_back({0, key, "", at});
            if (mapping_.keys_name_rows()) {
                document.record.keys.push_back({0, key, at + ": [id] key"});
                document.record.id_from_key = true;
            }
        }
        bool first_source = true;
        for (const auto& column : mapping_.source_columns_) {
            std::string url = cells[columns_.at(column)];
            if (url.empty()) continue;
            if (mapping_.drop_non_urls_) {
                // "https://... (mentioned at 15:01)" cites its URL; "Private correspondence" cites none.
                if (const auto space = url.find_first_of(" \t\n"); space != std::string::npos) url.resize(space);
                try {
                    model::understand_source_url(url);
                } catch (const InputError&) {
                    continue;
                }
            }
            model::SourceInput source = mapping_.source_defaults_;
            source.reference = url;
            source.origin = fmt::format("{}: {}", at, column);
            document.sources.push_back(std::move(source));
            const std::string& quote_column = mapping_.quote_column_;
            const std::string quote = first_source && !quote_column.empty() ? cells[columns_.at(quote_column)] : "";
            citations.push_back({document.sources.size() - 1, "", quote, fmt::format("{}: {}", at, quote_column)});
            first_source = false;
        }
        return citations;
    }

    // Adds the value a field rule gives the row when the rule applies: none when it is empty, a
    // problem when a cell cannot give it.
    void add_field(RecordDocument& document, const FieldRule& rule, const std::vector<std::string>& cells,
                   const std::vector<model::CitationInput>& citations, const std::string& at, std::vector<std::string>& problems,
                   std::size_t& problem_column) const {
        const auto holds = [&](const Condition& condition) { return condition_holds(condition, columns_, cells); };
        const bool applies = std::ranges::all_of(rule.when, holds) && std::ranges::none_of(rule.unless, holds);
        if (!applies) return;
        // The cell a column rule reads, named as an editor finds it: its column's number and name.
        const std::string cell_name =
            rule.column.empty() ? std::string() : fmt::format("column {} '{}'", columns_.at(rule.column) + 1, rule.column);
        std::vector<std::string> rounded_from;
        const std::size_t problems_before = problems.size();
        std::string value = !rule.column.empty()          ? cells[columns_.at(rule.column)]
                            : !rule.template_text.empty() ? expand_figures(rule.template_text, columns_, cells, rule.rounding,
                                                                           problems, problem_column, rounded_from)
                                                          : rule.fixed;
        for (std::size_t i = problems_before; i < problems.size(); ++i) problems[i] = rule.field + ": " + problems[i];
        if (problems.size() != problems_before) return;
        value = std::string(text::trim(value));
        if (const auto mapped = rule.map.find(value); mapped != rule.map.end()) value = mapped->second;
        if (value.empty()) return;
        std::string where = fmt::format("{}: {}", at, rule.field);
        if (!rule.column.empty()) where = fmt::format("{}:{}: {} ({})", at, columns_.at(rule.column) + 1, rule.field, cell_name);
        if (rule.integer || rule.scale || (rule.rounding && !rule.column.empty())) {
            std::string problem;
            if (!convert_figure(rule, value, rounded_from, problem)) {
                problems.push_back(fmt::format("{} ({}): {}", rule.field, cell_name, problem));
                if (problem_column == 0) problem_column = columns_.at(rule.column) + 1;
                return;
            }
        }
        value += rule.suffix;
        auto field_citations = citations;
        quote_own_column(rule, cells, at, field_citations);
        if (!rounded_from.empty()) {
            // The rounding is part of what the citation relies on: stated in its locator.
            const std::string rounding = fmt::format("{}", fmt::join(rounded_from, "; "));
            for (auto& citation : field_citations) citation.locator += (citation.locator.empty() ? "" : "; ") + rounding;
        }
        document.record.fields.push_back(
            {.field = rule.field, .raw_value = value, .citations = std::move(field_citations), .origin = where});
    }

    // [fields.NAME] quote_column: the citation of the row's first source (after the table's own,
    // when it is one: cite_sources lists them so) quotes the field's column, not the shared one.
    void quote_own_column(const FieldRule& rule, const std::vector<std::string>& cells, const std::string& at,
                          std::vector<model::CitationInput>& field_citations) const {
        const std::size_t first_source = mapping_.dataset_ ? 1 : 0;
        if (rule.quote_column.empty() || field_citations.size() <= first_source) return;
        field_citations[first_source].quote = cells[columns_.at(rule.quote_column)];
        field_citations[first_source].origin = fmt::format("{}: {}", at, rule.quote_column);
    }

    // A number column's cell made the figure its rule says (whole, rounded, scaled) in place;
    // false, with the problem, when it cannot be.
    static bool convert_figure(const FieldRule& rule, std::string& value, std::vector<std::string>& rounded_from,
                               std::string& problem) {
        const auto figure = cell_figure(value, number_cell(value), rule.rounding, problem, rounded_from);
        if (!figure) return false;
        // Checks read the cell as the file holds it (rounded if the column says so), never the scaled value.
        if (rule.integer && !figure->to_integer()) {
            problem = fmt::format("'{}' is not a whole number", value);
            return false;
        }
        model::Decimal converted = *figure;
        if (rule.scale) {
            const auto product = figure->times(rule.scale->coefficient());
            if (!product) {
                problem = fmt::format("'{}' times the scale has more digits than an exact decimal holds", value);
                return false;
            }
            converted = product->scaled(rule.scale->exponent());
        }
        value = converted.to_string();
        return true;
    }

    // [[related]]: each cell names a row as the [id] column does, so its id is the slug [id]
    // makes of it (rows alike in their name take suffixes: a link to them names no one row).
    void add_related(RecordDocument& document, const std::vector<std::string>& cells,
                     const std::vector<model::CitationInput>& citations, const std::string& at,
                     std::vector<std::string>& problems) const {
        std::string related;
        for (const auto& rule : mapping_.related_) {
            const std::string_view cell = text::trim(cells[columns_.at(rule.column)]);
            if (cell.empty()) continue;
            const std::string linked = text::slug(cell, 90);
            if (linked.empty()) {
                problems.push_back(
                    fmt::format("related: {} '{}' makes no id (no letter or digit)", rule.column, std::string(cell)));
            } else if (repeated_slugs_.contains(linked)) {
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
    }

    const Mapping& mapping_;
    const ReadSink& sink_;
    const std::set<std::string> repeated_slugs_;
    std::map<std::string, std::size_t> columns_;
    std::map<std::string, std::size_t> first_line_;  // each id's first row
    std::map<std::string, int> repeats_;
    std::map<std::string, std::size_t> key_lines_;  // each given key's row
};

void Mapping::read(const std::string& path, const ReadSink& sink) const {
    std::optional<InputFile> file;
    if (path != "-") file.emplace(path);
    CountedInput counted(file ? file->buffer() : *std::cin.rdbuf(), sink.bytes_read);
    std::istream input(&counted);
    TableReader reader(*this, path, sink);
    bool have_header = false;
    read_csv(input, path, [&](std::vector<std::string>& cells, std::size_t line) {
        const std::string at = fmt::format("{}:{}", path, line);
        if (have_header) {
            reader.row(cells, line, at);
        } else {
            have_header = true;
            reader.header(cells, at);
        }
    });
}

}  // namespace gpuclusters::formats
