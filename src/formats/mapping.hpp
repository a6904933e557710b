#pragma once
// A mapping file (TOML, documented in gpuclusters-import(1)) lays a foreign CSV table onto the
// fields: which column or template gives each field, value maps, unit factors, fixed values, the
// columns that hold source URLs and quotes, the table itself as a source, and rows to skip.
#include <string>

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
    };
    struct FieldRule {
        std::string field;
        std::string column;
        std::string template_text;  ///< "{Column} text {Other column}"
        std::string fixed;
        std::map<std::string, std::string> map;  ///< cell -> value; a value of "" leaves the field unset
        bool integer = false;                    ///< "12288.0" -> "12288"; a fraction is a problem
        double scale = 0;                        ///< unit factor, e.g. 0.001 for kW -> MW (0: none)
        std::string suffix;                      ///< appended, e.g. " (estimate: Epoch AI)"
        std::vector<Condition> when, unless;
        std::string place;
    };
    struct SkipRule {
        Condition condition;
        std::string reason;
    };

private:
    std::string file_;
    std::string id_column_;
    std::vector<std::string> source_columns_;
    std::string quote_column_;
    bool drop_non_urls_ = false;  ///< [sources] not_a_url = "drop"
    model::SourceInput source_defaults_;
    std::optional<model::SourceInput> dataset_;
    std::vector<SkipRule> skips_;
    std::vector<FieldRule> fields_;
};

}  // namespace gpuclusters::formats
