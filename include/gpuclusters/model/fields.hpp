#pragma once
// The field catalogue: every field a cluster record can have, defined once, in display order.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuclusters::model {

enum class FieldType {
    text,          ///< free text, one line
    enumeration,   ///< one of a fixed list of choices
    count,         ///< a positive whole number, or a derivation that evaluates to one
    decimal,       ///< a positive decimal with a basis (power_mw)
    partial_date,  ///< YYYY, YYYY-MM or YYYY-MM-DD
    country,       ///< ISO 3166-1 alpha-2
    partners,      ///< list of (organisation, role)
    related,       ///< list of (cluster id, relation)
    gpu_model,     ///< text, looked up in the GPU catalogue
    gpu_maker,     ///< derived from gpu_model, never set directly
};

/// One allowed value of an enumeration: the stored form and how it reads on a page.
struct Choice {
    std::string_view stored;
    std::string_view label;
};

struct FieldSpec {
    std::string_view name;   ///< stored and typed name, e.g. "gpus_installed"
    std::string_view label;  ///< as on the record page, e.g. "GPUs installed"
    FieldType type;
    std::string_view definition;  ///< the published policy's wording
    bool required = false;        ///< must be set or marked not published
    bool searchable = false;      ///< indexed for `list --search`
    std::span<const Choice> choices{};
    /// Taken from gpu_model through the catalogue at every write, never set directly; a file's
    /// value for it is not read.
    bool derived = false;
};

/// Every field, in record-page order.
std::span<const FieldSpec> field_catalogue();

/// The field of that name, or nullopt.
const FieldSpec* find_field(std::string_view name);

/// The field of that name; throws InputError naming the near miss when there is one.
const FieldSpec& require_field(std::string_view name);

/// The name of a field type as printed by `fields` ("integer", "enum", ...).
std::string_view type_name(FieldType type);

}  // namespace gpuclusters::model
