#pragma once
// Parsing and normalisation of field values: what an editor types -> one canonical stored form.
// Every parser throws InputError with a message that names the value and says what is accepted.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuclusters/model/fields.hpp"

namespace gpuclusters::model {

/// What qualifies a value: how it was derived and on what basis.
struct Qualifiers {
    std::string derivation;  ///< e.g. "1536 x 8" for a count
    std::string basis;       ///< "reported", "estimate" or "measured" (power_mw)
    std::string estimator;   ///< who estimated (estimate), or what was measured (measured)
    /// What the source says of a count: empty when exact, else "approximate" (~10,000) or
    /// "at least" (10,000+).
    std::string bound;
    bool operator==(const Qualifiers&) const = default;
};

inline constexpr std::string_view bound_approximate = "approximate";
inline constexpr std::string_view bound_at_least = "at least";

/// A value in its canonical stored form.
struct FieldValue {
    std::string value;
    Qualifiers qualifiers;
    bool operator==(const FieldValue&) const = default;
};

/// A qualifier of a type's values as its own key or column of a typed export (format 2,
/// gpuclusters(5)): "derivation" and "bound" of a count, "basis" and "estimator" of a decimal.
struct QualifierKey {
    std::string_view name;
    std::string Qualifiers::*member;
};

/// The qualifiers a field type's values carry, in the order exports write them; none for a type
/// whose values are text.
std::span<const QualifierKey> qualifier_keys(FieldType type);

/// Whether a typed export writes a type's values as numbers: counts (whole) and decimals.
bool is_numeric(FieldType type);

/// A value given as a plain number ("63744", "0.327": digits and at most one point, no sign,
/// separators or exponent) with its qualifiers, as a typed export gives them -> the canonical
/// value, checked as `add --set` checks it: a derivation must make the number, a bound is
/// "approximate" or "at least", a basis reported, estimate or measured (an estimate names its
/// estimator). Throws InputError naming what is wrong.
FieldValue typed_field_value(const FieldSpec& field, std::string_view number, const Qualifiers& qualifiers);

/// Whether `given` says what `held` says: equal, or the same count without its derivation (a
/// values-only export read back that drops it is no change). What an import takes for an
/// unchanged value and compare --against for an equal one.
bool same_value(const FieldValue& held, const FieldValue& given);

/// The largest count accepted: more GPUs than any cluster could hold is a typing error.
inline constexpr long long max_count = 1'000'000'000;

/// A whole number written with optional thousands separators (`,`, space, U+00A0, U+2009,
/// U+202F) in groups of three: "12,288", "12 288", "12288".
long long parse_whole_number(std::string_view text);

struct Count {
    long long value = 0;
    std::string derivation;  ///< canonical expression, empty for a plain number
    std::string bound;       ///< empty (exact), bound_approximate or bound_at_least
};

/// A positive count or a derivation of sums of products: "1,536 x 8 + 256 × 4", with the bound
/// its source gives: "~10,000" or "about 10,000" (approximate), "10,000+" or "at least 10,000".
Count parse_count(std::string_view text);

struct Power {
    std::string megawatts;  ///< canonical decimal, e.g. "21.1"
    std::string basis;
    std::string estimator;
};

/// parse_count without a bound: "12,288" or "1536 x 8".
Count parse_exact_count(std::string_view text);
/// The total of a derivation in the form parse_exact_count writes one ("1536 x 8 + 64 x 4"),
/// checked digit by digit; nullopt for any other text, which parse_exact_count reads or refuses.
/// Reading a database checks every stored derivation: this is its quick way.
std::optional<long long> written_derivation_total(std::string_view derivation);

/// A count written with its bound: "~10,000", "10,000+" (and the count alone when exact).
std::string bounded(const std::string& count, std::string_view bound);

/// "21.1", "21.1 MW", "21.1 (reported)", "40 (estimate: Epoch AI)".
Power parse_power(std::string_view text);

/// "2024", "2024-02" or "2024-02-29" — real calendar dates only.
std::string parse_partial_date(std::string_view text);

/// The order of two partial dates (as parse_partial_date gives them): negative when `a` is
/// earlier, 0 when they are the same, positive when later; nullopt when either is empty or one
/// only narrows the other ("2025" and "2025-06": which came first cannot be told).
std::optional<int> order_partial_dates(std::string_view a, std::string_view b);

/// A full calendar date YYYY-MM-DD (accessed and published dates of sources accept partial ones).
bool is_calendar_date(int year, int month, int day);

/// A UTC time YYYY-MM-DDTHH:MM:SSZ that is a real one (a calendar date, 00:00:00 to 23:59:59);
/// throws InputError otherwise.
std::string parse_timestamp(std::string_view text);

/// The stored form of an enumeration value, ignoring case and separators.
std::string parse_choice(const FieldSpec& field, std::string_view text);

struct Partner {
    std::string organisation;
    std::string role;
};
std::vector<Partner> parse_partners(std::string_view text);
std::string format_partners(const std::vector<Partner>& partners);

inline constexpr std::string_view relation_kinds[] = {"builds-upon", "superseded-by", "same-site"};
struct Relation {
    std::string cluster_id;
    std::string relation;
};
std::vector<Relation> parse_related(std::string_view text);
std::string format_related(const std::vector<Relation>& related);

/// A cluster id: a lower-case slug of letters, digits and single hyphens, at most 100 bytes.
std::string parse_cluster_id(std::string_view text);

/// One line of text: valid UTF-8, trimmed, not empty, no control characters, at most 4 KiB.
std::string clean_text(std::string_view raw);

/// A verbatim quote: valid UTF-8, trimmed, at most 16 KiB; line breaks and tabs are kept.
std::string clean_quote(std::string_view raw);

/// Any value for `field` -> its canonical form. Callers add where the value came from to errors.
FieldValue parse_field_value(const FieldSpec& field, std::string_view text);

/// Why a value read from a database is not in the canonical form gpuclusters writes for the
/// field's type (a count of digits alone, not 0 nor over max_count, with a derivation that makes
/// it and a known bound; a positive decimal with a known basis; a real partial date; a choice;
/// a country code; partners and relations in their written form), or nullopt when it is. Free
/// text is not judged: whatever it holds is escaped when shown. What the store asks of every
/// value it hands on, so that nothing downstream parses a crafted one leniently ("12k" as 12) or
/// throws on it.
std::optional<std::string> stored_value_problem(const FieldSpec& field, const FieldValue& value);

/// A stored value as a person reads it: "12,288", "21.1 MW (estimate by Epoch AI)", "Big tech".
std::string display_value(const FieldSpec& field, const FieldValue& value);

/// A stored value written back in the input syntax, so that parsing it gives the same value and
/// qualifiers: "1536 x 8", "40 (estimate: Epoch AI)". What exports write.
std::string input_text(const FieldSpec& field, const FieldValue& value);

/// Whether a stored value equals a canonical one given in a filter (text without ASCII case).
bool value_matches(const FieldSpec& field, const FieldValue& stored, const std::string& canonical);

/// The maker of a disclosed model from the catalogue, or empty when the model is not catalogued.
std::string derived_maker(std::string_view gpu_model);

/// The value of each field taken from gpu_model (FieldSpec::derived) for a disclosed model: the
/// maker and the catalogue's name, each empty when the catalogue gives none.
struct DerivedValue {
    const FieldSpec* spec;
    std::string value;
};
std::vector<DerivedValue> values_from_model(std::string_view gpu_model);

}  // namespace gpuclusters::model
