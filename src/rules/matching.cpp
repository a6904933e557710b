#include <algorithm>
#include <cctype>
#include <charconv>
#include <fmt/format.h>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/rules/rules.hpp"

namespace gpuclusters::rules {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Whether `needle` stands in `folded` as a whole word, not inside a longer run of letters (or of
// letters and digits, `with_digits`).
bool whole_word(std::string_view folded, std::string_view needle, bool with_digits) {
    const auto inside = [&](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return with_digits ? std::isalnum(byte) != 0 : std::isalpha(byte) != 0;
    };
    for (std::size_t at = folded.find(needle); at != std::string::npos; at = folded.find(needle, at + 1)) {
        const std::size_t after = at + needle.size();
        if ((at == 0 || !inside(folded[at - 1])) && (after >= folded.size() || !inside(folded[after]))) return true;
    }
    return false;
}

long long to_number(std::string_view digits) {
    long long value = 0;
    if (digits.size() > 15) return -1;
    std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return value;
}

// Calls `read(at)` at the first digit of each run of digits, which returns where the scan goes on.
template <typename Read>
void each_number(std::string_view text, Read read) {
    for (std::size_t i = 0; i < text.size();) i = is_digit(text[i]) ? read(i) : i + 1;
}

// Decimal numbers as canonical text ("21.10" -> "21.1"), for power figures.
std::vector<std::string> decimals_in(std::string_view text) {
    std::vector<std::string> found;
    each_number(text, [&](std::size_t i) {
        std::size_t end = i;
        while (end < text.size() && (is_digit(text[end]) || text[end] == ',')) ++end;
        std::string whole;
        for (std::size_t k = i; k < end; ++k) {
            if (text[k] != ',') whole += text[k];
        }
        std::string fraction;
        if (end + 1 < text.size() && text[end] == '.' && is_digit(text[end + 1])) {
            ++end;
            while (end < text.size() && is_digit(text[end])) fraction += text[end++];
        }
        while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
        whole.erase(0, std::min(whole.find_first_not_of('0'), whole.size() - 1));
        found.push_back(fraction.empty() ? whole : fmt::format("{}.{}", whole, fraction));
        return end;
    });
    return found;
}

}  // namespace

std::vector<long long> numbers_in(std::string_view text) {
    std::vector<long long> numbers;
    each_number(text, [&](std::size_t i) {
        std::size_t end = i;
        while (end < text.size() && is_digit(text[end])) ++end;
        std::string grouped(text.substr(i, end - i));
        numbers.push_back(to_number(grouped));
        // Follow groups of exactly three digits: "12,288", "12 288", "1,000,000".
        if (grouped.size() <= 3) {
            std::size_t next = end;
            while (true) {
                const std::size_t separator = text::thousands_separator_length(text.substr(next));
                if (separator == 0) break;
                const std::size_t group = next + separator;
                std::size_t group_end = group;
                while (group_end < text.size() && is_digit(text[group_end])) ++group_end;
                if (group_end - group != 3) break;
                grouped += std::string(text.substr(group, 3));
                numbers.push_back(to_number(grouped));
                next = group_end;
            }
        }
        return end;
    });
    // Small numbers are often written out: "four Grace-Hopper modules per node".
    static constexpr std::string_view words[] = {"zero",   "one",     "two",    "three",      "four",      "five",
                                                 "six",    "seven",   "eight",  "nine",       "ten",       "eleven",
                                                 "twelve", "sixteen", "twenty", "thirty-two", "sixty-four"};
    static constexpr long long values[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 20, 32, 64};
    const std::string folded = text::fold(text);
    for (std::size_t w = 0; w < std::size(words); ++w) {
        if (whole_word(folded, words[w], false)) numbers.push_back(values[w]);
    }
    return numbers;
}

bool quote_contains_value(const model::FieldSpec& field, const model::FieldValue& value, std::string_view quote) {
    switch (field.type) {
        case model::FieldType::count: {
            const auto numbers = numbers_in(quote);
            auto has = [&](long long number) { return std::ranges::find(numbers, number) != numbers.end(); };
            if (has(to_number(value.value))) return true;
            // A derivation is also backed when the quote gives each of its operands.
            return !value.qualifiers.derivation.empty() && std::ranges::all_of(numbers_in(value.qualifiers.derivation), has);
        }
        case model::FieldType::decimal: {
            const auto decimals = decimals_in(quote);
            return std::ranges::find(decimals, value.value) != decimals.end();
        }
        case model::FieldType::country: {
            const std::string folded = text::fold(quote);
            const auto* country = model::CountryTable::builtin().by_code(value.value);
            // Codes count only as whole words: "US" is not in "focus".
            return country && std::ranges::any_of(
                                  model::CountryTable::builtin().spellings(country->alpha2),
                                  [&](const std::string& spelling) { return whole_word(folded, text::fold(spelling), true); });
        }
        case model::FieldType::gpu_model: {
            const std::string folded = text::fold(quote);
            if (folded.find(text::fold(value.value)) != std::string::npos) return true;
            const auto* entry = model::GpuCatalogue::builtin().find(value.value);
            return entry &&
                   std::ranges::any_of(model::GpuCatalogue::builtin().spellings(*entry), [&](const std::string& spelling) {
                       return folded.find(text::fold(spelling)) != std::string::npos;
                   });
        }
        default: {
            const std::string folded = text::fold(quote);
            if (folded.find(text::fold(value.value)) != std::string::npos) return true;
            // "NERSC (Lawrence Berkeley National Laboratory)": the gloss in parentheses is the editor's.
            const std::size_t gloss = value.value.find(" (");
            return gloss != std::string::npos && gloss > 0 &&
                   folded.find(text::fold(value.value.substr(0, gloss))) != std::string::npos;
        }
    }
}

}  // namespace gpuclusters::rules
