#include "gpuclusters/model/values.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <fmt/format.h>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/decimal.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::model {
namespace {

// Longest accepted text value, in bytes: a field is one line of prose, not a document.
constexpr std::size_t max_text_bytes = 4096;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

[[noreturn]] void reject_number(std::string_view text) {
    const std::string shown(text);
    if (text.starts_with('-')) {
        throw InputError(fmt::format("'{}' is negative: a count is a positive whole number", shown));
    }
    if (text.starts_with('~') || text.ends_with('+') || text::lower_ascii(text).starts_with("about")) {
        throw InputError(
            fmt::format("'{}' is approximate: a count's bound goes before or after the whole count "
                        "(~12,288, 12,288+), not in an operand",
                        shown));
    }
    if (text.starts_with('>') || text.starts_with('<')) {
        throw InputError(fmt::format("'{}': write a lower bound as {}+ and an approximate count as ~{}", shown, shown.substr(1),
                                     shown.substr(1)));
    }
    if (text.find_first_of("eE") != std::string_view::npos && std::all_of(text.begin(), text.end(), [](char c) {
            return is_digit(c) || c == 'e' || c == 'E' || c == '.' || c == '+';
        })) {
        throw InputError(fmt::format("'{}' is in scientific notation: write the whole number", shown));
    }
    throw InputError(fmt::format("'{}' is not a whole number (write 12288, 12,288 or 12 288)", shown));
}

std::string key_of_choice(std::string_view text) {
    std::string key;
    for (char c : text::lower_ascii(text::trim(text))) {
        const bool separator = c == ' ' || c == '-' || c == '_' || c == '/' || c == '.';
        if (separator) {
            if (!key.empty() && key.back() != '-') key += '-';
        } else {
            key += c;
        }
    }
    while (!key.empty() && key.back() == '-') key.pop_back();
    return key;
}

std::string check_text_impl(std::string_view raw) {
    const std::string_view value = text::trim(raw);
    if (value.empty()) throw InputError("empty value (use --not-published for a researched blank)");
    if (value.size() > max_text_bytes) {
        throw InputError(fmt::format("value is {} bytes long; the limit is {}", value.size(), max_text_bytes));
    }
    if (const auto control = text::find_terminal_control(value, false)) {
        throw InputError(fmt::format("{}: a field value is one line of text, without controls", *control));
    }
    return std::string(value);
}

// Splits "text (inner)" into its two parts; nullopt when the text does not end in parentheses.
std::optional<std::pair<std::string_view, std::string_view>> split_trailing_parenthesis(std::string_view text) {
    text = text::trim(text);
    if (!text.ends_with(')')) return std::nullopt;
    const std::size_t open = text.rfind('(');
    if (open == std::string_view::npos) return std::nullopt;
    return std::pair{text::trim(text.substr(0, open)), text::trim(text.substr(open + 1, text.size() - open - 2))};
}

}  // namespace

std::string clean_text(std::string_view raw) {
    if (const auto bad = text::find_invalid_utf8(raw)) {
        throw InputError(fmt::format("invalid UTF-8 at byte {}", *bad));
    }
    return check_text_impl(raw);
}

std::string clean_quote(std::string_view raw) {
    if (const auto bad = text::find_invalid_utf8(raw)) {
        throw InputError(fmt::format("invalid UTF-8 at byte {}", *bad));
    }
    const std::string_view quote = text::trim(raw);
    if (quote.size() > 16384) {
        throw InputError(fmt::format("quote is {} bytes long; the limit is 16384", quote.size()));
    }
    if (const auto control = text::find_terminal_control(quote, true)) throw InputError(fmt::format("{} of the quote", *control));
    return std::string(quote);
}

long long parse_whole_number(std::string_view raw) {
    const std::string_view text = text::trim(raw);
    if (text.empty()) throw InputError("empty number");
    long long value = 0;
    std::size_t group_digits = 0;
    bool grouped = false;
    std::size_t i = 0;
    while (i < text.size()) {
        if (is_digit(text[i])) {
            value = value * 10 + (text[i] - '0');
            if (value > max_count) {
                throw InputError(fmt::format("'{}' is larger than {}, the most this tool accepts", std::string(text),
                                             text::group_thousands(max_count)));
            }
            ++group_digits;
            ++i;
            continue;
        }
        const std::size_t separator = text::thousands_separator_length(text.substr(i));
        if (separator == 0) reject_number(text);
        // Separators split digits into groups of three: "1,2345" or "12,,288" are typos.
        const bool first_group_ok = !grouped && group_digits >= 1 && group_digits <= 3;
        const bool later_group_ok = grouped && group_digits == 3;
        if (!first_group_ok && !later_group_ok) {
            throw InputError(fmt::format("'{}' has misplaced thousands separators", std::string(text)));
        }
        grouped = true;
        group_digits = 0;
        i += separator;
    }
    if (grouped && group_digits != 3) {
        throw InputError(fmt::format("'{}' has misplaced thousands separators", std::string(text)));
    }
    if (value == 0) throw InputError(fmt::format("'{}' is zero: a count is at least 1", std::string(text)));
    return value;
}

namespace {

// "~10,000", "about 10,000", "10,000+", "at least 10,000": the bound, and the count without it.
std::pair<std::string_view, std::string> split_bound(std::string_view text) {
    static constexpr std::pair<std::string_view, std::string_view> words[] = {
        {"~", bound_approximate},        {"about ", bound_approximate},  {"approximately ", bound_approximate},
        {"approx. ", bound_approximate}, {"around ", bound_approximate}, {"roughly ", bound_approximate},
        {"circa ", bound_approximate},   {"at least ", bound_at_least},  {"more than ", bound_at_least},
        {"over ", bound_at_least}};
    const std::string lower = text::lower_ascii(text);
    for (const auto& [word, bound] : words) {
        if (lower.starts_with(word)) return {text::trim(text.substr(word.size())), std::string(bound)};
    }
    // "10,000+" -- not "1536 +", an unfinished sum.
    if (text.size() >= 2 && text.ends_with('+') && is_digit(text[text.size() - 2])) {
        return {text.substr(0, text.size() - 1), std::string(bound_at_least)};
    }
    return {text, ""};
}

}  // namespace

Count parse_count(std::string_view raw) {
    auto [text, bound] = split_bound(text::trim(raw));
    if (text.empty()) throw InputError("empty count");
    Count count = parse_exact_count(text);
    count.bound = std::move(bound);
    return count;
}

Count parse_exact_count(std::string_view text) {
    // "0x10" would read as the derivation 0 x 10 and be refused as zero, naming the wrong thing.
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') &&
        std::isxdigit(static_cast<unsigned char>(text[2]))) {
        throw InputError(fmt::format("'{}' is hexadecimal: write a count in decimal digits", std::string(text)));
    }
    // Operators: + between terms; x, X, * or × (U+00D7) between factors.
    std::vector<std::vector<std::string>> terms(1);
    std::string operand;
    auto finish_operand = [&] {
        if (text::trim(operand).empty()) {
            throw InputError(fmt::format("'{}' is not a count or a derivation such as 1536 x 8", std::string(text)));
        }
        terms.back().push_back(operand);
        operand.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '+' && i > 0) {
            finish_operand();
            terms.emplace_back();
        } else if (c == 'x' || c == 'X' || c == '*') {
            finish_operand();
        } else if (text.substr(i).starts_with("\xC3\x97")) {
            finish_operand();
            ++i;
        } else {
            operand += c;
        }
    }
    if (terms.size() == 1 && terms[0].empty()) {
        return {parse_whole_number(operand), ""};
    }
    finish_operand();
    long long total = 0;
    std::string derivation;
    for (const auto& factors : terms) {
        long long product = 1;
        std::string term;
        for (const auto& factor : factors) {
            const long long number = parse_whole_number(factor);
            if (product > max_count / number) {
                throw InputError(fmt::format("'{}' is larger than {}, the most this tool accepts", std::string(text),
                                             text::group_thousands(max_count)));
            }
            product *= number;
            term += (term.empty() ? "" : " x ") + std::to_string(number);
        }
        total += product;
        if (total > max_count) {
            throw InputError(fmt::format("'{}' is larger than {}, the most this tool accepts", std::string(text),
                                         text::group_thousands(max_count)));
        }
        derivation += (derivation.empty() ? "" : " + ") + term;
    }
    return {total, derivation};
}

Power parse_power(std::string_view raw) {
    std::string_view text = text::trim(raw);
    Power power{"", "reported", ""};
    if (auto parts = split_trailing_parenthesis(text)) {
        const std::string basis = text::lower_ascii(parts->second);
        if (basis == "reported") {
            power.basis = "reported";
        } else if (basis.starts_with("estimate")) {
            std::string_view estimator = text::trim(parts->second.substr(8));
            if (estimator.starts_with(':'))
                estimator.remove_prefix(1);
            else if (text::lower_ascii(estimator).starts_with("by "))
                estimator.remove_prefix(3);
            estimator = text::trim(estimator);
            if (estimator.empty()) {
                throw InputError(
                    fmt::format("'{}': an estimate names its estimator, e.g. '40 (estimate: Epoch AI)'", std::string(text)));
            }
            power.basis = "estimate";
            power.estimator = clean_text(estimator);
        } else if (basis.starts_with("measured")) {
            // A figure measured rather than reported: a benchmark run's average power, as lists
            // of supercomputers give it. What was measured is kept with it, as an estimator is.
            std::string_view what = text::trim(parts->second.substr(8));
            if (what.starts_with(':')) what.remove_prefix(1);
            what = text::trim(what);
            if (what.empty()) {
                throw InputError(
                    fmt::format("'{}': a measured power says what was measured, e.g. "
                                "'22.7 (measured: average over the HPL run)'",
                                std::string(text)));
            }
            power.basis = "measured";
            power.estimator = clean_text(what);
        } else {
            throw InputError(fmt::format("'{}': the basis is '(reported)', '(estimate: WHO)' or '(measured: WHAT)'",
                                         std::string(parts->second)));
        }
        text = parts->first;
    }
    if (text::lower_ascii(text).ends_with("mw")) text = text::trim(text.substr(0, text.size() - 2));
    std::string digits;
    std::size_t point = std::string::npos;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (is_digit(c)) {
            digits += c;
        } else if (c == '.' && point == std::string::npos && !digits.empty()) {
            point = digits.size();
        } else if (c == ',' && point == std::string::npos) {
            continue;  // thousands separator in the whole part
        } else {
            if (c == '-') throw InputError(fmt::format("'{}' is negative: power is positive", std::string(text)));
            throw InputError(fmt::format(
                "'{}' is not a number of megawatts (write 21.1, 21.1 MW, 40 (estimate: WHO) or 22.7 (measured: WHAT))",
                std::string(raw)));
        }
    }
    if (digits.empty() || (point != std::string::npos && point == digits.size())) {
        throw InputError(fmt::format("'{}' is not a number of megawatts", std::string(raw)));
    }
    std::string whole = point == std::string::npos ? digits : digits.substr(0, point);
    std::string fraction = point == std::string::npos ? "" : digits.substr(point);
    whole.erase(0, std::min(whole.find_first_not_of('0'), whole.size() - 1));
    while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
    if (whole.size() > 7) throw InputError(fmt::format("'{}' MW is out of range", std::string(raw)));
    if (whole == "0" && fraction.empty()) throw InputError("power is zero: give a positive figure");
    const std::string canonical = fraction.empty() ? whole : whole + "." + fraction;
    if (const auto figure = Decimal::parse(canonical); !figure || figure->significant_digits() > max_significant_digits) {
        throw InputError(significant_digits_message(text));
    }
    power.megawatts = fraction.empty() ? whole : whole + "." + fraction;
    return power;
}

bool is_calendar_date(int year, int month, int day) {
    if (month < 1 || month > 12 || day < 1) return false;
    static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= (month == 2 && leap ? 29 : days[month - 1]);
}

std::string parse_timestamp(std::string_view text) {
    const auto digits = [&](std::size_t from, std::size_t count) {
        int value = 0;
        for (std::size_t i = from; i < from + count; ++i) {
            if (text[i] < '0' || text[i] > '9') return -1;
            value = value * 10 + (text[i] - '0');
        }
        return value;
    };
    const bool shaped = text.size() == 20 && text[4] == '-' && text[7] == '-' && text[10] == 'T' && text[13] == ':' &&
                        text[16] == ':' && text[19] == 'Z';
    if (!shaped) throw InputError(fmt::format("'{}' is not a time YYYY-MM-DDTHH:MM:SSZ", text::excerpt(text)));
    const int year = digits(0, 4), month = digits(5, 2), day = digits(8, 2);
    if (year < 0 || month < 0 || day < 0)
        throw InputError(fmt::format("'{}' is not a time YYYY-MM-DDTHH:MM:SSZ", text::excerpt(text)));
    if (!is_calendar_date(year, month, day)) {
        throw InputError(fmt::format("'{}' is not on a calendar date", text));
    }
    const int hour = digits(11, 2), minute = digits(14, 2), second = digits(17, 2);
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
        throw InputError(fmt::format("'{}' is not a time of day (00:00:00 to 23:59:59)", text));
    }
    return std::string(text);
}

std::optional<int> order_partial_dates(std::string_view a, std::string_view b) {
    if (a.empty() || b.empty()) return std::nullopt;
    if (a == b) return 0;
    if (a.starts_with(b) || b.starts_with(a)) return std::nullopt;
    return a < b ? -1 : 1;
}

std::string parse_partial_date(std::string_view raw) {
    const std::string_view text = text::trim(raw);
    auto number = [&](std::size_t offset, std::size_t length) {
        int value = 0;
        for (std::size_t i = offset; i < offset + length; ++i) {
            if (!is_digit(text[i])) return -1;
            value = value * 10 + (text[i] - '0');
        }
        return value;
    };
    auto bad = [&] {
        return InputError(fmt::format("'{}' is not a date: write YYYY, YYYY-MM or YYYY-MM-DD", std::string(text)));
    };
    if (text.size() != 4 && text.size() != 7 && text.size() != 10) throw bad();
    const int year = number(0, 4);
    if (year < 1000) throw bad();
    if (text.size() >= 7) {
        if (text[4] != '-') throw bad();
        const int month = number(5, 2);
        if (month < 1 || month > 12) throw InputError(fmt::format("'{}': no month {}", std::string(text), month));
        if (text.size() == 10) {
            if (text[7] != '-') throw bad();
            const int day = number(8, 2);
            if (!is_calendar_date(year, month, day)) {
                throw InputError(fmt::format("'{}' is not a calendar date", std::string(text)));
            }
        }
    }
    return std::string(text);
}

std::string parse_choice(const FieldSpec& field, std::string_view raw) {
    const std::string key = key_of_choice(raw);
    for (const auto& choice : field.choices) {
        if (key == key_of_choice(choice.stored) || key == key_of_choice(choice.label)) {
            return std::string(choice.stored);
        }
    }
    std::string allowed;
    for (const auto& choice : field.choices) {
        allowed += (allowed.empty() ? "" : ", ") + std::string(choice.label);
    }
    throw InputError(fmt::format("'{}' is not a {}: one of {}", std::string(text::trim(raw)), field.name, allowed));
}

std::vector<Partner> parse_partners(std::string_view raw) {
    std::vector<Partner> partners;
    for (auto item : text::split(raw, ';')) {
        if (text::trim(item).empty()) continue;
        const auto parts = split_trailing_parenthesis(item);
        if (!parts || parts->first.empty() || parts->second.empty()) {
            throw InputError(fmt::format("partner '{}' needs a role: 'Organisation (role)', several separated by ';'",
                                         std::string(text::trim(item))));
        }
        partners.push_back({clean_text(parts->first), clean_text(parts->second)});
    }
    if (partners.empty()) throw InputError("empty partner list");
    return partners;
}

std::string format_partners(const std::vector<Partner>& partners) {
    std::string result;
    for (const auto& partner : partners) {
        result += fmt::format("{}{} ({})", result.empty() ? "" : "; ", partner.organisation, partner.role);
    }
    return result;
}

std::vector<Relation> parse_related(std::string_view raw) {
    std::vector<Relation> related;
    for (auto item : text::split(raw, ';')) {
        if (text::trim(item).empty()) continue;
        const auto parts = split_trailing_parenthesis(item);
        std::string relation = parts ? key_of_choice(parts->second) : "";
        const bool known = std::find(std::begin(relation_kinds), std::end(relation_kinds), relation) != std::end(relation_kinds);
        if (!parts || !known) {
            throw InputError(fmt::format("related '{}' needs a relation: 'cluster-id (builds-upon|superseded-by|same-site)'",
                                         std::string(text::trim(item))));
        }
        related.push_back({parse_cluster_id(parts->first), relation});
    }
    if (related.empty()) throw InputError("empty list of related clusters");
    return related;
}

std::string format_related(const std::vector<Relation>& related) {
    std::string result;
    for (const auto& relation : related) {
        result += fmt::format("{}{} ({})", result.empty() ? "" : "; ", relation.cluster_id, relation.relation);
    }
    return result;
}

std::string parse_cluster_id(std::string_view raw) {
    const std::string_view id = text::trim(raw);
    bool valid =
        !id.empty() && id.size() <= 100 && id.front() != '-' && id.back() != '-' && id.find("--") == std::string_view::npos;
    for (char c : id) {
        if (!((c >= 'a' && c <= 'z') || is_digit(c) || c == '-')) valid = false;
    }
    if (valid) return std::string(id);
    const bool printable = !text::find_invalid_utf8(id);
    const std::string slug = printable ? text::slug(id) : std::string();
    throw InputError(fmt::format("'{}' is not a cluster id: lower-case letters, digits and single hyphens, at most 100 bytes{}",
                                 printable ? std::string(id) : std::string("(invalid UTF-8)"),
                                 slug.empty() ? "" : fmt::format(" (try '{}')", slug)));
}

FieldValue parse_field_value(const FieldSpec& field, std::string_view raw) {
    {
        if (const auto bad = text::find_invalid_utf8(raw)) {
            throw InputError(fmt::format("invalid UTF-8 at byte {}", *bad));
        }
        switch (field.type) {
            case FieldType::text:
            case FieldType::gpu_model:
                return {clean_text(raw), {}};
            case FieldType::enumeration:
            case FieldType::gpu_maker:
                return {parse_choice(field, raw), {}};
            case FieldType::count: {
                auto count = parse_count(raw);
                return {std::to_string(count.value), {count.derivation, "", "", count.bound}};
            }
            case FieldType::decimal: {
                auto power = parse_power(raw);
                return {power.megawatts, {"", power.basis, power.estimator}};
            }
            case FieldType::partial_date:
                return {parse_partial_date(raw), {}};
            case FieldType::country: {
                const auto& countries = CountryTable::builtin();
                if (const Country* country = countries.find(raw)) return {country->alpha2, {}};
                const std::string suggestion = countries.suggest(raw);
                throw InputError(fmt::format("'{}' is not an ISO 3166-1 country code or name{}", std::string(text::trim(raw)),
                                             suggestion.empty() ? "" : fmt::format(" (did you mean {}?)", suggestion)));
            }
            case FieldType::partners:
                return {format_partners(parse_partners(raw)), {}};
            case FieldType::related:
                return {format_related(parse_related(raw)), {}};
        }
    }
    return {};
}

std::optional<std::string> stored_value_problem(const FieldSpec& field, const FieldValue& stored) {
    const std::string& value = stored.value;
    const Qualifiers& qualifiers = stored.qualifiers;
    const auto quoted = [](std::string_view text) { return fmt::format("'{}'", text::one_line(text::excerpt(text, 40))); };
    const auto no_qualifiers = [&]() -> std::optional<std::string> {
        if (qualifiers == Qualifiers{}) return std::nullopt;
        return fmt::format("{} has no qualifiers, yet one is stored", field.name);
    };
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
            if (!qualifiers.derivation.empty()) {
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
    try {
        if (auto problem = no_qualifiers()) return problem;
        if (field.type == FieldType::partial_date && parse_partial_date(value) == value) return std::nullopt;
        if (field.type == FieldType::enumeration && std::any_of(field.choices.begin(), field.choices.end(),
                                                                [&](const Choice& choice) { return choice.stored == value; })) {
            return std::nullopt;
        }
        if (field.type == FieldType::country) {
            const Country* country = CountryTable::builtin().find(value);
            if (country != nullptr && country->alpha2 == value) return std::nullopt;
        }
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
            for (const auto& choice : field.choices) {
                if (choice.stored == value.value) return std::string(choice.label);
            }
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

std::string derived_maker(std::string_view gpu_model) {
    const GpuModel* model = GpuCatalogue::builtin().find(gpu_model);
    if (!model) return {};
    // Only the makers gpu_maker knows: a TPU's maker is not a GPU maker.
    const auto& choices = require_field("gpu_maker").choices;
    const bool known =
        std::any_of(choices.begin(), choices.end(), [&](const Choice& choice) { return choice.stored == model->maker; });
    return known ? model->maker : std::string();
}

std::vector<DerivedValue> values_from_model(std::string_view gpu_model) {
    const GpuModel* model = GpuCatalogue::builtin().find(gpu_model);
    return {{&require_field("gpu_maker"), derived_maker(gpu_model)},
            {&require_field("gpu_model_canonical"), model ? model->model : std::string()}};
}

}  // namespace gpuclusters::model
