#pragma once
// A mapping file (TOML, documented in gpuclusters-import(1)) lays a foreign CSV table onto the
// fields: which column or template gives each field, value maps, unit factors, fixed values, the
// columns that hold source URLs and quotes, the table itself as a source, and rows to skip.
#include <optional>
#include <set>
#include <string>

#include "gpuclusters/model/decimal.hpp"

#include "formats/stream.hpp"

namespace gpuclusters::formats {

class Mapping {
public:
    /// Reads and checks a mapping file; errors name file:line:column.
    static Mapping load(const std::string& path);
    /// Reads a CSV table through the mapping, a record per row (or a skip, or a problem).
    void read(const std::string& path, const ReadSink& sink) const;

    struct Condition {
        std::string column;
        std::vector<std::string> values;  ///< matches when the cell is one of these ("" = empty)
        bool not_empty = false;           ///< empty = false: matches any cell that is not empty
    };
    /// How a number column's figures are rounded before they are taken: `round = N` places after
    /// the point, or `significant = N` digits. Stated in the value's citations ("rounded from ...").
    struct Rounding {
        enum class Kind { none, decimals, significant };
        Kind kind = Kind::none;
        int digits = 0;
        explicit operator bool() const { return kind != Kind::none; }
        model::Decimal apply(const model::Decimal& figure) const;
    };
    struct FieldRule {
        std::string field;
        std::string column;
        std::string template_text;  ///< "{Column} text {Other column}"
        std::string fixed;
        std::map<std::string, std::string> map;  ///< cell -> value; a value of "" leaves the field unset
        bool integer = false;                    ///< "12288.0" -> "12288"; a fraction is a problem
        std::optional<model::Decimal> scale;     ///< exact unit factor, e.g. 0.001 for kW -> MW
        Rounding rounding;                       ///< of the cell (before the scale) or of each figure a template inserts
        std::string suffix;                      ///< appended, e.g. " (estimate: Epoch AI)"
        std::vector<Condition> when, unless;
        std::string place;
        /// The column whose text the citation of the row's first source quotes for this field
        /// instead of [sources] quote_column; with the place of the key, for its errors.
        std::string quote_column, quote_place;
    };
    /// Where a row's id comes from: a column or a template over columns, made a slug.
    struct IdRule {
        std::string column;
        std::string template_text;         ///< "list-{System ID}"
        std::vector<std::string> columns;  ///< those the id is made of
        /// Those whose cells name the row in the source (`key`, else the id's columns): the
        /// locator of the dataset's citations, and the record's key in that source.
        std::vector<std::string> key_columns;
        bool key_given = false;
        /// A second row with the same id: an error naming both lines; `-2`, `-3` in row order;
        /// or (content) a suffix from the row's cells, so that re-sorting the table keeps ids.
        enum class Repeated { error, suffix, content } repeated = Repeated::error;
    };
    /// [[related]]: a column whose cell names another row of the table, by the [id] column's
    /// text; it becomes `id (relation)` in the record's related field.
    struct RelatedRule {
        std::string column;
        std::string relation;  ///< builds-upon, superseded-by or same-site
    };
    struct SkipRule {
        Condition condition;
        std::string reason;
    };

    /// The table as a source ([dataset]), as the mapping gives it.
    const std::optional<model::SourceInput>& dataset() const { return dataset_; }
    /// [sources] quote_column: the quote of the first source of a row ("" when none).
    const std::string& quote_column() const { return quote_column_; }
    /// The fields whose citation of a row's first source quotes [sources] quote_column, having
    /// no quote_column of their own: every such value of a row rests on the same words.
    std::vector<std::string> fields_sharing_quote() const;

private:
    /// Whether rows are known by their key in the dataset: a key given, or ids that never repeat
    /// (with suffixes, rows alike in their id columns share a key that names none of them).
    bool keys_name_rows() const { return dataset_ && (id_.key_given || id_.repeated == IdRule::Repeated::error); }
    /// A row's id (a slug) and the key that names it in citations, or why it has none.
    struct RowId {
        std::string id, key, problem;
    };
    RowId row_id(const std::map<std::string, std::size_t>& columns, const std::vector<std::string>& cells) const;
    /// The [[skip]] rule that leaves the row out, if any.
    const SkipRule* skip_rule(const std::map<std::string, std::size_t>& columns, const std::vector<std::string>& cells) const;
    /// repeated = "content": a first pass over the table finds the ids that repeat.
    std::set<std::string> slugs_seen_twice(const std::string& path) const;
    /// A column the mapping names, and where: the file, or the place of the key that names it.
    struct NamedColumn {
        std::string name, where;
    };
    /// Every column the mapping names, which the table's header must hold.
    std::vector<NamedColumn> columns_named() const;
    class TableReader;

    std::string file_;
    IdRule id_;
    std::vector<std::string> source_columns_;
    std::string quote_column_;
    bool drop_non_urls_ = false;  ///< [sources] not_a_url = "drop"
    model::SourceInput source_defaults_;
    std::optional<model::SourceInput> dataset_;
    std::vector<SkipRule> skips_;
    std::vector<FieldRule> fields_;
    std::vector<RelatedRule> related_;
};

}  // namespace gpuclusters::formats
