// Counts and powers: whole numbers with thousands separators, derivations, bounds, megawatts.
#include "gpuclusters/model/values.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

#include "gpuclusters/model/decimal.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "model/value_syntax.hpp"

namespace gpuclusters::model {
namespace {

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

[[noreturn]] void reject_too_large(std::string_view text) {
    throw InputError(
        fmt::format("'{}' is larger than {}, the most this tool accepts", std::string(text), text::group_thousands(max_count)));
}

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
            if (value > max_count) reject_too_large(text);
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

std::optional<long long> written_derivation_total(std::string_view derivation) {
    long long total = 0;
    long long product = 1;
    std::size_t at = 0;
    bool operator_seen = false;  // a number alone is a count, not a derivation
    while (true) {
        // A factor: digits, the first not 0.
        const std::size_t start = at;
        long long number = 0;
        for (; at < derivation.size() && is_digit(derivation[at]); ++at) {
            number = number * 10 + (derivation[at] - '0');
            if (number > max_count) return std::nullopt;
        }
        if (at == start || derivation[start] == '0' || product > max_count / number) return std::nullopt;
        product *= number;
        if (at == derivation.size()) {
            if (!operator_seen) return std::nullopt;
            break;
        }
        operator_seen = true;
        // Then " x " before the next factor or " + " before the next term.
        const std::string_view separator = derivation.substr(at, 3);
        if (separator == " + ") {
            total += product;
            if (total > max_count) return std::nullopt;
            product = 1;
        } else if (separator != " x ") {
            return std::nullopt;
        }
        at += 3;
    }
    total += product;
    if (total > max_count) return std::nullopt;
    return total;
}

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
            if (product > max_count / number) reject_too_large(text);
            product *= number;
            term += (term.empty() ? "" : " x ") + std::to_string(number);
        }
        total += product;
        if (total > max_count) reject_too_large(text);
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
        } else if (basis.starts_with("estimate") || basis.starts_with("measured")) {
            // A figure measured rather than reported: a benchmark run's average power, as lists
            // of supercomputers give it. What was measured is kept with it, as an estimator is.
            const bool estimate = basis.starts_with("estimate");
            std::string_view estimator = text::trim(parts->second.substr(8));  // both words are 8 letters
            if (estimator.starts_with(':'))
                estimator.remove_prefix(1);
            else if (estimate && text::lower_ascii(estimator).starts_with("by "))
                estimator.remove_prefix(3);
            estimator = text::trim(estimator);
            if (estimator.empty()) {
                throw InputError(estimate ? fmt::format("'{}': an estimate names its estimator, e.g. '40 (estimate: Epoch AI)'",
                                                        std::string(text))
                                          : fmt::format("'{}': a measured power says what was measured, e.g. "
                                                        "'22.7 (measured: average over the HPL run)'",
                                                        std::string(text)));
            }
            power.basis = estimate ? "estimate" : "measured";
            power.estimator = clean_text(estimator);
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
    power.megawatts = canonical;
    return power;
}

}  // namespace gpuclusters::model
