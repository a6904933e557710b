#pragma once
// The quote reader's first step: a quote as tokens. Words are folded (Unicode NFKC case folding),
// figures are assembled with their thousands separators, decimals and suffixes ("1,536", "29.58",
// "600k", "400MW", "100,000+", "[4x]"), hyphens that join words are dropped ("12,288-GPU",
// "H100-equivalents"), and every token knows whether a clause starts with it.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unicode/umachine.h>
#include <vector>

#include "gpuclusters/model/decimal.hpp"

namespace gpuclusters::rules::quote_tokens {

struct Token {
    enum class Kind : std::uint8_t { word, number, punct };
    Kind kind = Kind::word;
    std::uint32_t begin = 0, end = 0;  ///< bytes in the quote
    std::string text;                  ///< words folded; punctuation as written; figures as written
    bool space_before = false;
    bool joined = false;        ///< joined to the previous token by a hyphen
    bool clause_start = false;  ///< the first token of a sentence or clause
    bool capitalised = false;   ///< starts with an upper-case letter in the quote
    // Figures only:
    model::Decimal value;
    bool times = false;     ///< "4x", "8×": so many of
    bool plus = false;      ///< "100,000+"
    bool percent = false;   ///< "40%"
    bool ordinal = false;   ///< "3rd"
    bool date = false;      ///< a part of 2024-02-23 or 02/27/2024
    bool grouped = false;   ///< written with thousands separators
    bool fraction = false;  ///< has digits after a point
    bool counted = false;   ///< a CJK counter was glued after it ("512基", "256장을")
    int scale = 0;          ///< powers of ten of a suffix already in the value: 3 for "600k"
    /// "31.415": read the European way, a dot between thousands (22,786); set only for a point
    /// followed by exactly three digits, where both readings are possible.
    bool dot_thousands = false;
};

// The words the tokenizer knows (db/rules.toml, [quote-reader]).
struct TokenWords {
    std::vector<std::pair<std::string, int>> suffixes;  ///< glued to a figure, its power of ten: k 3
    std::vector<std::string> ordinals;                  ///< glued to a figure, an ordinal: th
    std::vector<std::string> abbreviations;             ///< a full stop after them ends no sentence
    /// After these, a comma before one or two digits is a decimal comma: "21,1 MW", "3,5 Mio."
    std::vector<std::string> decimal_units;
    /// Counters glued to a figure in Chinese and Japanese, dropped: "800基", "2000个计算节点".
    std::vector<std::string> counters;
    /// The lexicon's words in Chinese or Japanese script: a run of such letters is cut into them.
    std::set<std::string, std::less<>> cjk_words;
};

/// Whether a character is one of Chinese, Japanese or Korean, written without spaces.
bool is_cjk(UChar32 c);
/// Whether a character is of a script whose sentences end with their verb: kana or Hangul.
bool verb_final_script(UChar32 c);
/// The first character of UTF-8 text; -1 for none or a byte that starts none.
UChar32 first_code_point(std::string_view text);
/// Folded text with the decimal digits of every script as ASCII digits.
std::string ascii_digits(std::string folded);
/// Where the words of a run of CJK letters end, as bytes of the run: a number in Han numerals
/// (han_numeral), else the longest word of the lexicon at each character, else the character alone.
std::vector<std::uint32_t> cjk_word_ends(std::string_view run, const TokenWords& words);
/// The value of a number written in Han numerals, the whole of `text`: "十万" 100000, "两千" 2000,
/// "三百六十" 360, "一万八千" 18000. Two characters at least, one of them a power of ten; a run
/// that is no well-formed number ("十一五", a plan's name) is none.
std::optional<std::uint64_t> han_numeral(std::string_view text);
/// A word of a CJK run as the reader looks it up: a Han numeral as its digits, else folded, in
/// simplified characters.
std::string folded_cjk_word(std::string_view word);
// Han characters in their simplified forms, so that a lexicon kept in simplified Chinese reads
// traditional text too ("啟用", "計劃"); the text as it is when ICU cannot convert it character
// for character.
std::string simplified_han(std::string_view run);

std::vector<Token> tokenize(std::string_view quote, const TokenWords& words);

}  // namespace gpuclusters::rules::quote_tokens
