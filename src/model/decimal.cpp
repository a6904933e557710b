#include "gpuclusters/model/decimal.hpp"

#include <fmt/format.h>

#include "gpuclusters/model/text.hpp"

namespace gpuclusters::model {
namespace {

// 18 digits always fit in an int64 coefficient, whatever they are.
constexpr int max_digits = 18;
constexpr std::int64_t max_coefficient = 999'999'999'999'999'999;

int digit_count(std::int64_t value) {
    int digits = 1;
    for (; value >= 10; value /= 10) ++digits;
    return digits;
}

}  // namespace

std::string significant_digits_message(std::string_view written) {
    int digits = 0;
    bool leading = true;
    int zeros_held = 0;  // zeros after the last other digit: not significant unless one follows
    for (const char c : written) {
        if (c == 'e' || c == 'E' || c == '(') break;  // an exponent, or a power's "(estimate: ...)"
        if (c < '0' || c > '9') continue;
        if (leading && c == '0') continue;
        leading = false;
        if (c == '0') {
            ++zeros_held;
        } else {
            digits += zeros_held + 1;
            zeros_held = 0;
        }
    }
    return fmt::format(
        "'{}' has {} significant digits, more than the {} a double means: the rest is the noise of a "
        "binary fraction written out (round it; a mapping column can say round = N or significant = N)",
        text::excerpt(written), digits, max_significant_digits);
}

Decimal::Decimal(std::int64_t coefficient, int exponent) : coefficient_(coefficient), exponent_(exponent) {
    if (coefficient_ == 0) {
        exponent_ = 0;
        return;
    }
    for (; coefficient_ % 10 == 0; coefficient_ /= 10) ++exponent_;
}

std::optional<Decimal> Decimal::parse(std::string_view text) {
    std::int64_t coefficient = 0;
    int exponent = 0;
    int digits = 0;
    bool point = false;
    bool any = false;
    for (char c : text) {
        if (c == '.') {
            if (point) return std::nullopt;
            point = true;
            continue;
        }
        if (c < '0' || c > '9') return std::nullopt;
        any = true;
        if (coefficient == 0 && c == '0') {
            if (point) --exponent;  // leading zeros after the point only move it
            continue;
        }
        if (++digits > max_digits) return std::nullopt;
        coefficient = coefficient * 10 + (c - '0');
        if (point) --exponent;
    }
    if (!any || text.back() == '.' || text.front() == '.') return std::nullopt;
    return Decimal(coefficient, exponent);
}

std::optional<std::int64_t> Decimal::to_integer() const {
    if (exponent_ < 0) return std::nullopt;
    std::int64_t value = coefficient_;
    for (int i = 0; i < exponent_; ++i) {
        if (value > max_coefficient / 10) return std::nullopt;
        value *= 10;
    }
    return value;
}

std::optional<Decimal> Decimal::times(std::int64_t factor) const {
    if (factor == 0 || coefficient_ == 0) return Decimal();
    if (factor < 0 || coefficient_ > max_coefficient / factor) return std::nullopt;
    return Decimal(coefficient_ * factor, exponent_);
}

std::optional<Decimal> Decimal::divided_by(std::int64_t divisor) const {
    if (divisor <= 0) return std::nullopt;
    std::int64_t coefficient = coefficient_;
    int exponent = exponent_;
    // Move the point right until the division is exact or the digits run out.
    while (coefficient % divisor != 0) {
        if (coefficient > max_coefficient / 10) return std::nullopt;
        coefficient *= 10;
        --exponent;
    }
    return Decimal(coefficient / divisor, exponent);
}

Decimal Decimal::rounded(int decimals) const {
    if (exponent_ >= -decimals) return *this;
    const int drop = -decimals - exponent_;
    if (drop > max_digits) return Decimal();
    std::int64_t divisor = 1;
    for (int i = 0; i < drop; ++i) divisor *= 10;
    const std::int64_t kept = coefficient_ / divisor;
    const std::int64_t rest = coefficient_ % divisor;
    return Decimal(kept + (rest * 2 >= divisor ? 1 : 0), -decimals);
}

Decimal Decimal::rounded_significant(int digits) const {
    if (coefficient_ == 0) return *this;
    const int magnitude = digit_count(coefficient_) + exponent_;  // the leading digit's place + 1
    return rounded(digits - magnitude);
}

int Decimal::significant_digits() const { return coefficient_ == 0 ? 0 : digit_count(coefficient_); }

std::string Decimal::to_string() const {
    std::string digits = std::to_string(coefficient_);
    if (exponent_ >= 0) return coefficient_ == 0 ? "0" : digits + std::string(static_cast<std::size_t>(exponent_), '0');
    const auto places = static_cast<std::size_t>(-exponent_);
    if (digits.size() <= places) digits.insert(0, places - digits.size() + 1, '0');
    digits.insert(digits.size() - places, ".");
    return digits;
}

std::strong_ordering Decimal::operator<=>(const Decimal& other) const {
    if (coefficient_ == 0 || other.coefficient_ == 0) return coefficient_ <=> other.coefficient_;
    // Compare magnitudes first (the position of the leading digit), then the digits aligned.
    const int magnitude = digit_count(coefficient_) + exponent_;
    const int other_magnitude = digit_count(other.coefficient_) + other.exponent_;
    if (magnitude != other_magnitude) return magnitude <=> other_magnitude;
    std::int64_t a = coefficient_;
    std::int64_t b = other.coefficient_;
    int shift = exponent_ - other.exponent_;
    // Same magnitude: the one with fewer digits is padded; both stay within 18 digits.
    for (; shift > 0; --shift) a *= 10;
    for (; shift < 0; ++shift) b *= 10;
    return a <=> b;
}

}  // namespace gpuclusters::model
