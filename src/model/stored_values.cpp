// Values once parsed: checked when read back from a database, shown to a person, written back in
// the input syntax, taken from a typed export's numbers, matched against a filter.
#include "gpuclusters/model/values.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <fmt/format.h>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/decimal.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::model {

std::optional<std::string> stored_value_problem(const FieldSpec& field, const FieldValue& stored) {
    const std::string& value = stored.value;
    const Qualifiers& qualifiers = stored.qualifiers;
    const auto quoted = [](std::string_view text) { return fmt::format("'{}'", text::one_line(text::excerpt(text, 40))); };
    switch (field.type) {
        case FieldType::text:
        case FieldType::gpu_model:
        case FieldType::gpu_maker:  // the catalogue's makers, which the writer derives
            return std::nullopt;
        case FieldType::count: {
            const bool digits = !value.empty() && value.size() <= 10 && value.front() != '0' &&
                                std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
            if (!digits || std::stoll(value) > max_count) {
                return fmt::format("{} is not a count (digits alone, 1 to {})", quoted(value), text::group_thousands(max_count));
            }
            if (!qualifiers.basis.empty() || !qualifiers.estimator.empty())
                return fmt::format("a count has no basis or estimator");
            if (!qualifiers.bound.empty() && qualifiers.bound != bound_approximate && qualifiers.bound != bound_at_least) {
                return fmt::format("bound {} is not {} or {}", quoted(qualifiers.bound), bound_approximate, bound_at_least);
            }
            if (const auto total = written_derivation_total(qualifiers.derivation);
                !qualifiers.derivation.empty() && !(total && std::to_string(*total) == value)) {
                try {
                    const Count derived = parse_exact_count(qualifiers.derivation);
                    if (derived.derivation != qualifiers.derivation || std::to_string(derived.value) != value) {
                        return fmt::format("derivation {} does not make {}", quoted(qualifiers.derivation), value);
                    }
                } catch (const InputError& error) {
                    return fmt::format("derivation {}: {}", quoted(qualifiers.derivation), error.what());
                }
            }
            return std::nullopt;
        }
        case FieldType::decimal: {
            const auto number = Decimal::parse(value);
            if (!number || number->is_zero() || number->to_string() != value) {
                return fmt::format("{} is not a positive decimal as gpuclusters writes one", quoted(value));
            }
            const std::string& basis = qualifiers.basis;
            if (!basis.empty() && basis != "reported" && basis != "estimate" && basis != "measured") {
                return fmt::format("basis {} is not reported, estimate or measured", quoted(basis));
            }
            if (!qualifiers.derivation.empty() || !qualifiers.bound.empty())
                return fmt::format("a decimal has no derivation or bound");
            return std::nullopt;
        }
        default:
            break;
    }
    if (qualifiers != Qualifiers{}) return fmt::format("{} has no qualifiers, yet one is stored", field.name);
    try {
        if (field.type == FieldType::partial_date && parse_partial_date(value) == value) return std::nullopt;
        if (field.type == FieldType::enumeration && std::any_of(field.choices.begin(), field.choices.end(),
                                                                [&](const Choice& choice) { return choice.stored == value; })) {
            return std::nullopt;
        }
        if (field.type == FieldType::country && CountryTable::builtin().by_code(value)) return std::nullopt;
        if (field.type == FieldType::partners && format_partners(parse_partners(value)) == value) return std::nullopt;
        if (field.type == FieldType::related && format_related(parse_related(value)) == value) return std::nullopt;
    } catch (const InputError&) {
        // Not in the form written: said below.
    }
    return fmt::format("{} is not {} as gpuclusters writes one", quoted(value),
                       field.type == FieldType::partial_date ? "a date (YYYY, YYYY-MM or YYYY-MM-DD)"
                       : field.type == FieldType::country    ? "an ISO 3166-1 country code"
                       : field.type == FieldType::partners   ? "a list of partners"
                       : field.type == FieldType::related    ? "a list of related clusters"
                                                             : "one of the field's choices");
}

std::string bounded(const std::string& count, std::string_view bound) {
    if (bound == bound_approximate) return "~" + count;
    if (bound == bound_at_least) return count + "+";
    return count;
}

std::string display_value(const FieldSpec& field, const FieldValue& value) {
    switch (field.type) {
        case FieldType::count: {
            long long number = 0;
            const char* end = value.value.data() + value.value.size();
            // A value that is not a count as the tool writes one (a write behind its back, which
            // check reports) is shown as stored, never as the number it begins with.
            if (const auto read = std::from_chars(value.value.data(), end, number); read.ec != std::errc() || read.ptr != end) {
                return value.value;
            }
            const std::string shown = bounded(text::group_thousands(number), value.qualifiers.bound);
            return value.qualifiers.derivation.empty() ? shown : fmt::format("{} (= {})", shown, value.qualifiers.derivation);
        }
        case FieldType::decimal:
            if (value.qualifiers.basis == "estimate")
                return fmt::format("{} (estimate by {})", value.value, value.qualifiers.estimator);
            if (value.qualifiers.basis == "measured")
                return fmt::format("{} (measured: {})", value.value, value.qualifiers.estimator);
            return value.value;
        case FieldType::enumeration:
        case FieldType::gpu_maker:
            if (const auto found = std::ranges::find(field.choices, value.value, &Choice::stored); found != field.choices.end())
                return std::string(found->label);
            return value.value;
        case FieldType::country:
            if (const Country* country = CountryTable::builtin().by_code(value.value)) {
                return fmt::format("{} ({})", country->name, country->alpha2);
            }
            return value.value;
        default:
            return value.value;
    }
}

std::string input_text(const FieldSpec& field, const FieldValue& value) {
    switch (field.type) {
        case FieldType::count:
            return bounded(value.qualifiers.derivation.empty() ? value.value : value.qualifiers.derivation,
                           value.qualifiers.bound);
        case FieldType::decimal:
            if (value.qualifiers.basis == "estimate" || value.qualifiers.basis == "measured") {
                return fmt::format("{} ({}: {})", value.value, value.qualifiers.basis, value.qualifiers.estimator);
            }
            return value.value;
        default:
            return value.value;
    }
}

std::span<const QualifierKey> qualifier_keys(FieldType type) {
    static constexpr std::array<QualifierKey, 2> count_keys{
        {{"derivation", &Qualifiers::derivation}, {"bound", &Qualifiers::bound}}};
    static constexpr std::array<QualifierKey, 2> decimal_keys{
        {{"basis", &Qualifiers::basis}, {"estimator", &Qualifiers::estimator}}};
    if (type == FieldType::count) return count_keys;
    if (type == FieldType::decimal) return decimal_keys;
    return {};
}

bool is_numeric(FieldType type) { return type == FieldType::count || type == FieldType::decimal; }

FieldValue typed_field_value(const FieldSpec& field, std::string_view number, const Qualifiers& qualifiers) {
    if (!is_numeric(field.type)) throw InputError(fmt::format("{} is not a number field", field.name));
    const auto decimal = Decimal::parse(number);
    if (!decimal) {
        throw InputError(fmt::format("'{}' is not a number (write digits with at most one point: {})", text::excerpt(number),
                                     field.type == FieldType::count ? "12288" : "21.1"));
    }
    if (field.type == FieldType::count) {
        const auto whole = decimal->to_integer();
        if (!whole || number.find('.') != std::string_view::npos) {
            throw InputError(
                fmt::format("'{}' is not a whole number: a count is written as digits alone", text::excerpt(number)));
        }
        const long long value = parse_whole_number(std::to_string(*whole));
        const std::string& bound = qualifiers.bound;
        if (!bound.empty() && bound != bound_approximate && bound != bound_at_least) {
            throw InputError(fmt::format("bound '{}' is not {} or {} (an exact count has none)", text::excerpt(bound),
                                         bound_approximate, bound_at_least));
        }
        std::string derivation;
        if (!qualifiers.derivation.empty()) {
            const Count derived = parse_exact_count(qualifiers.derivation);
            if (derived.value != value) {
                throw InputError(fmt::format("derivation '{}' makes {}, not {}", text::excerpt(qualifiers.derivation),
                                             text::group_thousands(derived.value), text::group_thousands(value)));
            }
            derivation = derived.derivation;
        }
        return {std::to_string(value), {derivation, "", "", bound}};
    }
    const Power power = parse_power(decimal->to_string());  // the range checks of every power
    const std::string basis = qualifiers.basis.empty() ? "reported" : qualifiers.basis;
    if (basis != "reported" && basis != "estimate" && basis != "measured") {
        throw InputError(fmt::format("basis '{}' is not reported, estimate or measured", text::excerpt(basis)));
    }
    if (basis == "reported" && !qualifiers.estimator.empty()) {
        throw InputError(
            fmt::format("an estimator ('{}') needs basis estimate or measured", text::excerpt(qualifiers.estimator)));
    }
    if (basis != "reported" && qualifiers.estimator.empty()) {
        throw InputError(
            fmt::format("basis {} needs its estimator ({})", basis, basis == "estimate" ? "who estimated" : "what was measured"));
    }
    return {power.megawatts, {"", basis, basis == "reported" ? "" : clean_text(qualifiers.estimator), ""}};
}

bool same_value(const FieldValue& held, const FieldValue& given) {
    if (held == given) return true;
    const auto& kept = held.qualifiers;
    const auto& read = given.qualifiers;
    return held.value == given.value && read.derivation.empty() && kept.basis == read.basis && kept.estimator == read.estimator &&
           kept.bound == read.bound;
}

bool value_matches(const FieldSpec& field, const FieldValue& stored, const std::string& canonical) {
    if (field.type == FieldType::gpu_model) {
        // Every spelling of a catalogued model is that model: H100 finds "NVIDIA H100 SXM5 80GB".
        const auto& catalogue = GpuCatalogue::builtin();
        if (const GpuModel* wanted = catalogue.find(canonical)) return catalogue.find(stored.value) == wanted;
    }
    const bool textual = field.type == FieldType::text || field.type == FieldType::gpu_model;
    return textual ? text::lower_ascii(stored.value) == text::lower_ascii(canonical) : stored.value == canonical;
}

}  // namespace gpuclusters::model
