#pragma once
// Typed values (format 2, gpuclusters(5)): numbers as numbers, and what qualifies a value (the
// derivation and bound of a count, the basis and estimator of a power) and the not-published
// state each in its own key or column, named from the field catalogue here and nowhere else.
// JSON numbers are written from the decimal's text and read back exactly, never through a
// rounded double.
#include <functional>
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

/// A JSON text appended straight to a string, byte for byte what Json::dump(-1) writes of the
/// same tree (invalid UTF-8 replaced), but for numbers, which are written as their text: an
/// export writes each record through it, since building a tree per record took most of an
/// export's time. Members and elements are separated by commas as they come.
class JsonOut {
public:
    explicit JsonOut(std::string& out) : out_(out) {}
    JsonOut& begin_object();
    JsonOut& end_object();
    JsonOut& begin_array();
    JsonOut& end_array();
    /// The key of the next member; the value follows.
    JsonOut& key(std::string_view name);
    JsonOut& string(std::string_view text);
    JsonOut& integer(long long number);
    /// A number written as its text, which the caller has checked to be a JSON number.
    JsonOut& number_text(std::string_view text);
    JsonOut& boolean(bool value);
    JsonOut& null();

private:
    void before_value();
    void separate();
    std::string& out_;
    std::vector<char> first_in_;  ///< per open object or array: nothing written in it yet
    bool after_key_ = false;
};

/// How a member of a typed value is written: a count as an integer, a decimal as its text
/// (never through a double), the rest as a string.
enum class TypedMember { integer, decimal, text };
/// The members of a typed value in their order, each to `put(key, kind, text)`: `value_key` the
/// number (or text), then each non-empty qualifier as `prefix + name`. The one rule of the JSON
/// and TOML writers.
void each_typed_member(std::string_view value_key, std::string_view prefix, const model::FieldSpec& spec,
                       const model::FieldValue& value,
                       const std::function<void(std::string_view key, TypedMember kind, const std::string& text)>& put);
/// Those members, written.
void write_typed_value(JsonOut& out, std::string_view value_key, std::string_view prefix, const model::FieldSpec& spec,
                       const model::FieldValue& value);
/// The members of a values-only record: each field's preferred claim in catalogue order, its
/// value and qualifiers keyed as typed_columns names them, or null and its state.
void write_typed_fields(JsonOut& out, const model::Record& record);

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
