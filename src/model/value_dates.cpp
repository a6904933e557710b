// Dates and times: partial dates of fields and sources, UTC timestamps.
#include "gpuclusters/model/values.hpp"

#include <fmt/format.h>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "model/value_syntax.hpp"

namespace gpuclusters::model {
namespace {

// The number the `count` bytes of `text` from `from` write, or -1 when one is not a digit.
int number_at(std::string_view text, std::size_t from, std::size_t count) {
    int value = 0;
    for (std::size_t i = from; i < from + count; ++i) {
        if (!is_digit(text[i])) return -1;
        value = value * 10 + (text[i] - '0');
    }
    return value;
}

}  // namespace

bool is_calendar_date(int year, int month, int day) {
    if (month < 1 || month > 12 || day < 1) return false;
    static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= (month == 2 && leap ? 29 : days[month - 1]);
}

std::string parse_timestamp(std::string_view text) {
    const bool shaped = text.size() == 20 && text[4] == '-' && text[7] == '-' && text[10] == 'T' && text[13] == ':' &&
                        text[16] == ':' && text[19] == 'Z';
    if (!shaped) throw InputError(fmt::format("'{}' is not a time YYYY-MM-DDTHH:MM:SSZ", text::excerpt(text)));
    const int year = number_at(text, 0, 4), month = number_at(text, 5, 2), day = number_at(text, 8, 2);
    if (year < 0 || month < 0 || day < 0)
        throw InputError(fmt::format("'{}' is not a time YYYY-MM-DDTHH:MM:SSZ", text::excerpt(text)));
    if (!is_calendar_date(year, month, day)) {
        throw InputError(fmt::format("'{}' is not on a calendar date", text));
    }
    const int hour = number_at(text, 11, 2), minute = number_at(text, 14, 2), second = number_at(text, 17, 2);
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
    auto bad = [&] {
        return InputError(fmt::format("'{}' is not a date: write YYYY, YYYY-MM or YYYY-MM-DD", std::string(text)));
    };
    if (text.size() != 4 && text.size() != 7 && text.size() != 10) throw bad();
    const int year = number_at(text, 0, 4);
    if (year < 1000) throw bad();
    if (text.size() >= 7) {
        if (text[4] != '-') throw bad();
        const int month = number_at(text, 5, 2);
        if (month < 1 || month > 12) throw InputError(fmt::format("'{}': no month {}", std::string(text), month));
        if (text.size() == 10) {
            if (text[7] != '-') throw bad();
            const int day = number_at(text, 8, 2);
            if (!is_calendar_date(year, month, day)) {
                throw InputError(fmt::format("'{}' is not a calendar date", std::string(text)));
            }
        }
    }
    return std::string(text);
}

}  // namespace gpuclusters::model
