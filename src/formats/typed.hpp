#pragma once
// Typed values (format 2, gpuclusters(5)): numbers as numbers, and what qualifies a value (the
// derivation and bound of a count, the basis and estimator of a power) and the not-published
// state each in its own key or column, named from the field catalogue here and nowhere else.
// JSON numbers are written from the decimal's text and read back exactly, never through a
// rounded double.
#include <string>
#include <string_view>
#include <vector>

#include "formats/interchange.hpp"
#include "formats/json_text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::formats {

/// The state column or key of a field: `<field>_state`, "not_published" or empty (set).
inline constexpr std::string_view state_suffix = "_state";
inline constexpr std::string_view not_published_state = "not_published";

/// One column of the typed wide table (and key of a typed values-only JSON record).
struct TypedColumn {
    enum class Role { value, qualifier, state };
    std::string name;  ///< "gpus_installed", "gpus_installed_derivation", "gpus_installed_state"
    const model::FieldSpec* spec;
    Role role;
    const model::QualifierKey* qualifier = nullptr;  ///< for Role::qualifier
};

/// Every field in catalogue order: its value, its type's qualifiers, its state.
const std::vector<TypedColumn>& typed_columns();
/// The column of that name, or nullptr.
const TypedColumn* find_typed_column(std::string_view name);

/// A value given as a number (its text) and its qualifiers -> the value in the input syntax that
/// reading it gives back exactly; InputError (without a place) when the parts do not agree.
std::string typed_input(const model::FieldSpec& spec, std::string_view number, const model::Qualifiers& qualifiers);

/// Members of a typed value: `value_key` the number (or text), then each non-empty qualifier as
/// `prefix + name`. The number is held verbatim (see dump_exact).
void put_typed_value(Json& object, const std::string& value_key, const std::string& prefix, const model::FieldSpec& spec,
                     const model::FieldValue& value);

/// Json::dump(-1) but for verbatim numbers (put_typed_value's), which are written as their text.
std::string dump_exact(const Json& json);

/// Whether a float token ("0.3270", "1e-05", as a JSON or TOML parser read it into `value`) is
/// the number its double gives back as its shortest form: at most 15 significant digits, no
/// underflow, finite. The one rule of every reader of typed numbers.
bool exact_float(std::string_view token, double value);
/// Why a token that is not exact_float is refused: "the number T is not the number a double holds (...)".
std::string inexact_float_message(std::string_view token);
/// The plain decimal text of a double that exact_float accepted: "0.327", "0.00001", "12000".
std::string float_text(double value);

/// The exact decimal text of a JSON number read by parse_json_exact ("0.327", "63744"); for a
/// value that is not a number, an empty string.
std::string json_number_text(const Json& value);

/// Json::parse, refusing any number that a double does not give back digit for digit (a float
/// of more than 15 significant digits, an underflow) and a key given twice in one object:
/// InputError "`where`: ...".
Json parse_json_exact(std::string_view text, const std::string& where);
/// The same over a stream's text, with a parser callback.
Json parse_json_exact(JsonText& text, const Json::parser_callback_t& callback, const std::string& where);

}  // namespace gpuclusters::formats
