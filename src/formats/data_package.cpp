#include "formats/data_package.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "formats/csv_tables.hpp"
#include "formats/typed.hpp"
#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/record.hpp"

namespace gpuclusters::formats {
namespace {

using Package = nlohmann::ordered_json;

// Every non-empty value of these types is the type Frictionless names; the others are strings
// (a partial date is a year, a month or a day, which no one Table Schema type covers).
Package value_field(const model::FieldSpec& spec) {
    Package field = {{"name", spec.name}, {"title", spec.label}, {"description", spec.definition}, {"type", "string"}};
    switch (spec.type) {
        case model::FieldType::count:
            field["type"] = "integer";
            field["constraints"] = {{"minimum", 1}};
            break;
        case model::FieldType::decimal:
            field["type"] = "number";
            break;
        case model::FieldType::enumeration: {
            Package choices = Package::array();
            for (const auto& choice : spec.choices) choices.push_back(choice.stored);
            field["constraints"] = {{"enum", choices}};
            break;
        }
        case model::FieldType::country:
            field["constraints"] = {{"pattern", "[A-Z]{2}"}};
            break;
        case model::FieldType::partial_date:
            field["constraints"] = {{"pattern", "[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?"}};
            break;
        default:
            break;
    }
    return field;
}

Package wide_schema() {
    Package fields = Package::array();
    fields.push_back(
        {{"name", "id"}, {"title", "Cluster id"}, {"type", "string"}, {"constraints", {{"required", true}, {"unique", true}}}});
    for (const auto& column : typed_columns()) {
        switch (column.role) {
            case TypedColumn::Role::value:
                fields.push_back(value_field(*column.spec));
                break;
            case TypedColumn::Role::qualifier:
                fields.push_back({{"name", column.name}, {"type", "string"}});
                break;
            case TypedColumn::Role::state:
                fields.push_back({{"name", column.name},
                                  {"type", "string"},
                                  {"description", "not_published when the source says the figure is not published"},
                                  {"constraints", {{"enum", Package::array({std::string(not_published_state)})}}}});
                break;
        }
    }
    return {{"fields", fields}, {"missingValues", Package::array({""})}, {"primaryKey", "id"}};
}

Package long_schema() {
    Package fields = Package::array();
    for (const auto& name : long_columns()) {
        Package field = {{"name", name}, {"type", "string"}};
        if (name == "cluster" || name == "field") field["constraints"] = {{"required", true}};
        if (name == "rank") {
            Package ranks = Package::array();
            for (auto rank : {model::Rank::preferred, model::Rank::normal, model::Rank::deprecated, model::Rank::retired}) {
                ranks.push_back(model::to_string(rank));
            }
            field["constraints"] = {{"enum", ranks}};
        }
        if (name == "source_accessed") field["type"] = "date";
        fields.push_back(std::move(field));
    }
    return {{"fields", fields}, {"missingValues", Package::array({""})}};
}

}  // namespace

std::string data_package(const PackageInfo& info) {
    Package package = {{"profile", "tabular-data-package"}, {"name", "gpu-clusters"}, {"title", info.title}};
    package["description"] = info.description;
    if (!info.homepage.empty()) package["homepage"] = info.homepage;
    if (!info.licence.empty()) {
        // The profile takes an identifier ("CC-BY-4.0") as a name, a URL as a path, and any other
        // words as a title.
        const bool url = info.licence.starts_with("https://") || info.licence.starts_with("http://");
        const bool identifier = std::all_of(info.licence.begin(), info.licence.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_';
        });
        // Package::array: a braced list of one object would be that object, not an array of it.
        package["licenses"] = Package::array({Package{{url ? "path" : identifier ? "name" : "title", info.licence}}});
    }
    if (!info.modified.empty()) package["created"] = info.modified;
    Package resources = Package::array();
    for (const auto& file : info.files) {
        const bool wide = file.format == "csv";
        std::string name = file.path.substr(0, file.path.rfind('.'));
        resources.push_back({{"name", name},
                             {"path", file.path},
                             {"title", file.title},
                             {"description",
                              "A cell a spreadsheet would run as a formula (one that starts with = + - @) starts with an "
                              "apostrophe, which gpuclusters import takes off."},
                             {"profile", "tabular-data-resource"},
                             {"format", "csv"},
                             {"mediatype", "text/csv"},
                             {"encoding", "utf-8"},
                             {"dialect", {{"delimiter", ","}, {"doubleQuote", true}, {"header", true}}},
                             {"schema", wide ? wide_schema() : long_schema()}});
    }
    package["resources"] = resources;
    return package.dump(2) + "\n";
}

}  // namespace gpuclusters::formats
