#include <doctest/doctest.h>

#include "gpuclusters/model/decimal.hpp"

using gpuclusters::model::Decimal;

namespace {
Decimal decimal(const char* text) { return *Decimal::parse(text); }
}  // namespace

TEST_CASE("decimal: significant digits run from the first digit that is not zero to the last") {
    CHECK(decimal("7124").significant_digits() == 4);
    CHECK(decimal("12000").significant_digits() == 2);
    CHECK(decimal("0.00327").significant_digits() == 3);
    CHECK(decimal("983.4400000000001").significant_digits() == 16);
    CHECK(decimal("30000.000000000004").significant_digits() == 17);
    CHECK(decimal("0").significant_digits() == 0);
}

TEST_CASE("decimal: rounding to places or to significant digits, half away from zero, exactly") {
    CHECK(decimal("983.4400000000001").rounded(3).to_string() == "983.44");
    CHECK(decimal("89.70999999999999").rounded(2).to_string() == "89.71");
    CHECK(decimal("0.3270758399999999").rounded_significant(15).to_string() == "0.32707584");
    CHECK(decimal("9264.309999999999").rounded_significant(15).to_string() == "9264.31");
    CHECK(decimal("30000.000000000004").rounded_significant(15).to_string() == "30000");
    CHECK(decimal("12345").rounded_significant(2).to_string() == "12000");
    CHECK(decimal("0.125").rounded(2).to_string() == "0.13");
    CHECK(decimal("99.96").rounded_significant(3).to_string() == "100");
    // Already within the places: unchanged.
    CHECK(decimal("21.1").rounded(3) == decimal("21.1"));
    CHECK(decimal("0").rounded_significant(3).is_zero());
}

TEST_CASE("decimal: the refusal names the text as written and its count of significant digits") {
    const std::string message = gpuclusters::model::significant_digits_message("983.4400000000001");
    CHECK(message.starts_with("'983.4400000000001' has 16 significant digits, more than the 15 a double means"));
    CHECK(gpuclusters::model::significant_digits_message("0.1000000000000000055511e3").find("has 22 significant") !=
          std::string::npos);
    CHECK(gpuclusters::model::significant_digits_message("1,000.0000000000001 (reported)").find("has 17 significant") !=
          std::string::npos);
}
