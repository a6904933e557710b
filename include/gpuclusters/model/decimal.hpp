#pragma once
// Exact decimal numbers: a figure as its source writes it (29,580.98 kW, 1.2M, 7124), converted
// between units by powers of ten and compared without binary floating point, so that 7124 kW is
// 7.124 MW and never 7.1240000000000006.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gpuclusters::model {

/// The most significant digits a figure may have. A double means at most 15 decimal digits
/// (DBL_DIG): a 16th or 17th is the noise of a binary fraction written out in full, as a
/// spreadsheet's export gives it (983.4400000000001), never what a source measured. Such a
/// figure is refused at every input, or rounded where a mapping says so.
constexpr int max_significant_digits = 15;

/// Why `written` (a figure as its input holds it) is refused: "'983.4400000000001' has 16
/// significant digits; ...". The one message of every reader of figures.
std::string significant_digits_message(std::string_view written);

class Decimal {
public:
    Decimal() = default;
    /// coefficient x 10^exponent; the coefficient is kept without trailing zeros.
    Decimal(std::int64_t coefficient, int exponent);
    static Decimal whole(std::int64_t value) { return {value, 0}; }

    /// "7124", "29580.98", "0.327", "1e3" is refused: digits with at most one point, no sign, no
    /// separators. nullopt when the text is not such a number or has more than 18 digits.
    static std::optional<Decimal> parse(std::string_view text);

    std::int64_t coefficient() const { return coefficient_; }
    int exponent() const { return exponent_; }
    bool is_zero() const { return coefficient_ == 0; }
    /// The value as a whole number, when it is one (and fits).
    std::optional<std::int64_t> to_integer() const;

    /// Exact: multiplying by a power of ten only moves the point.
    Decimal scaled(int powers_of_ten) const { return {coefficient_, exponent_ + powers_of_ten}; }
    /// nullopt on overflow (more than 18 significant digits).
    std::optional<Decimal> times(std::int64_t factor) const;
    /// nullopt when the quotient is not exact in 18 digits (37,632 / 2 is; 7 / 3 is not).
    std::optional<Decimal> divided_by(std::int64_t divisor) const;
    /// Rounded half away from zero to `decimals` places after the point.
    Decimal rounded(int decimals) const;
    /// Rounded half away from zero to `digits` significant digits: 983.4400000000001 to 15 is 983.44.
    Decimal rounded_significant(int digits) const;
    /// Digits from the first to the last that is not zero: 3 for 7.124e3 and for 0.00327, 1 for 12000.
    int significant_digits() const;
    /// Places after the point: 0 for 7124, 3 for 7.124.
    int decimals() const { return exponent_ < 0 ? -exponent_ : 0; }

    /// The shortest plain form: "7.124", "12000", "0.327" (never an exponent).
    std::string to_string() const;

    std::strong_ordering operator<=>(const Decimal& other) const;
    bool operator==(const Decimal& other) const { return coefficient_ == other.coefficient_ && exponent_ == other.exponent_; }

private:
    std::int64_t coefficient_ = 0;
    int exponent_ = 0;
};

}  // namespace gpuclusters::model
