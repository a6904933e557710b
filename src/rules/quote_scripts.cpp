// The quote reader's tokenizer beyond the Latin script: digits of every script, numbers in Han
// numerals ("十万"), and runs of Chinese and Japanese letters, which are written without spaces,
// cut into words.
#include <unicode/translit.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <memory>

#include "gpuclusters/model/text.hpp"
#include "rules/quote_tokens.hpp"

namespace gpuclusters::rules::quote_tokens {

// Chinese, Japanese and Korean write no space between words and figures: "部署了10000块H100".
bool is_cjk(UChar32 c) {
    if (c < 0x1100) return false;
    if (c >= 0x3000 && c <= 0x30FF) return true;  // the kana block, its length mark included ("ノード")
    const auto script = static_cast<UScriptCode>(u_getIntPropertyValue(c, UCHAR_SCRIPT));
    return script == USCRIPT_HAN || script == USCRIPT_HIRAGANA || script == USCRIPT_KATAKANA || script == USCRIPT_HANGUL;
}

bool verb_final_script(UChar32 c) {
    if (c >= 0x3040 && c <= 0x30FF) return true;  // hiragana and katakana
    return c > 0 && u_getIntPropertyValue(c, UCHAR_SCRIPT) == USCRIPT_HANGUL;
}

UChar32 first_code_point(std::string_view text) {
    if (text.empty()) return -1;
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto size = static_cast<std::int32_t>(text.size());
    std::int32_t at = 0;
    UChar32 c = 0;
    U8_NEXT(bytes, at, size, c);
    return c;
}

// NFKC leaves "٢٠٢٤" as it is.
std::string ascii_digits(std::string folded) {
    std::string out;
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(folded.data());
    const auto size = static_cast<std::int32_t>(folded.size());
    bool any = false;
    for (std::int32_t at = 0; at < size;) {
        const std::int32_t start = at;
        UChar32 c = 0;
        U8_NEXT(bytes, at, size, c);
        if (c >= 0x80 && u_charType(c) == U_DECIMAL_DIGIT_NUMBER) {
            out += static_cast<char>('0' + u_charDigitValue(c));
            any = true;
        } else {
            out.append(folded, static_cast<std::size_t>(start), static_cast<std::size_t>(at - start));
        }
    }
    return any ? out : folded;
}

namespace {

std::size_t code_points(std::string_view text) {
    std::size_t count = 0;
    for (const char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return count;
}

}  // namespace

std::string simplified_han(std::string_view run) {
    // One converter a thread: ICU's transliterators are not safe to share between threads. Where
    // ICU lacks its data, Han text is read as written.
    thread_local const std::unique_ptr<icu::Transliterator> to_simplified = [] {
        UErrorCode status = U_ZERO_ERROR;
        std::unique_ptr<icu::Transliterator> made(icu::Transliterator::createInstance("Hant-Hans", UTRANS_FORWARD, status));
        return U_SUCCESS(status) ? std::move(made) : nullptr;
    }();
    if (!to_simplified) return std::string(run);
    icu::UnicodeString text = icu::UnicodeString::fromUTF8(icu::StringPiece(run.data(), static_cast<std::int32_t>(run.size())));
    to_simplified->transliterate(text);
    std::string out;
    text.toUTF8String(out);
    // The words are cut by the characters' places in the text as written: a conversion that
    // changes how many there are is not used.
    return code_points(out) == code_points(run) ? out : std::string(run);
}

namespace {

// A Han numeral's digit (0-9), power of ten within a myriad (1-3), or myriad power (4 or 8).
struct HanNumeral {
    enum class Kind { digit, small, large } kind;
    int value;
};

std::optional<HanNumeral> han_numeral_of(UChar32 c) {
    using Kind = HanNumeral::Kind;
    static constexpr std::array<std::pair<UChar32, HanNumeral>, 20> numerals{{
        {U'〇', {Kind::digit, 0}}, {U'零', {Kind::digit, 0}}, {U'一', {Kind::digit, 1}}, {U'二', {Kind::digit, 2}},
        {U'两', {Kind::digit, 2}}, {U'兩', {Kind::digit, 2}}, {U'三', {Kind::digit, 3}}, {U'四', {Kind::digit, 4}},
        {U'五', {Kind::digit, 5}}, {U'六', {Kind::digit, 6}}, {U'七', {Kind::digit, 7}}, {U'八', {Kind::digit, 8}},
        {U'九', {Kind::digit, 9}}, {U'十', {Kind::small, 1}}, {U'百', {Kind::small, 2}}, {U'千', {Kind::small, 3}},
        {U'万', {Kind::large, 4}}, {U'萬', {Kind::large, 4}}, {U'亿', {Kind::large, 8}}, {U'億', {Kind::large, 8}},
    }};
    const auto* found = std::find_if(numerals.begin(), numerals.end(), [&](const auto& entry) { return entry.first == c; });
    return found == numerals.end() ? std::nullopt : std::optional(found->second);
}

std::vector<UChar32> code_points_of(std::string_view text) {
    std::vector<UChar32> points;
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto size = static_cast<std::int32_t>(text.size());
    for (std::int32_t at = 0; at < size;) {
        UChar32 c = 0;
        U8_NEXT(bytes, at, size, c);
        points.push_back(c);
    }
    return points;
}

// The value of points[from, to) read as one number, by the rules of the numerals: powers of ten
// fall within a myriad and from one myriad to the next; a digit stands before its power ("零"
// marks a gap: "一百零五"); only the first power may stand without one ("十二", "百万"). A power
// of ten without a digit after a myriad ("百万千瓦": a million kilowatts) is no number.
std::optional<std::uint64_t> read_han(const std::vector<UChar32>& points, std::size_t from, std::size_t to) {
    if (to - from < 2) return std::nullopt;
    std::uint64_t total = 0, section = 0;
    int digit = -1, last_small = 4, last_large = 12;
    bool power = false;
    for (std::size_t i = from; i < to; ++i) {
        const auto numeral = han_numeral_of(points[i]);
        if (!numeral) return std::nullopt;
        if (numeral->kind == HanNumeral::Kind::digit) {
            if (digit != -1) return std::nullopt;  // two digits in a row: "十一五"
            if (numeral->value != 0) digit = numeral->value;
            continue;
        }
        power = true;
        std::uint64_t scale = 1;
        for (int k = 0; k < numeral->value; ++k) scale *= 10;
        if (numeral->kind == HanNumeral::Kind::small) {
            if (numeral->value >= last_small || (digit == -1 && i != from)) return std::nullopt;
            section += static_cast<std::uint64_t>(digit == -1 ? 1 : digit) * scale;
            last_small = numeral->value;
        } else {
            section += digit == -1 ? 0 : static_cast<std::uint64_t>(digit);
            if (section == 0 || numeral->value >= last_large) return std::nullopt;
            total += section * scale;
            section = 0;
            last_small = 4;
            last_large = numeral->value;
        }
        digit = -1;
    }
    if (!power) return std::nullopt;
    return total + section + (digit == -1 ? 0 : static_cast<std::uint64_t>(digit));
}

// The characters of the longest Han numeral at `at`, 0 for none.
std::size_t han_numeral_length(const std::vector<UChar32>& points, std::size_t at) {
    std::size_t end = at;
    while (end < points.size() && han_numeral_of(points[end])) ++end;
    for (; end >= at + 2; --end) {
        if (read_han(points, at, end)) return end - at;
    }
    return 0;
}

}  // namespace

std::optional<std::uint64_t> han_numeral(std::string_view text) {
    const auto points = code_points_of(text);
    return read_han(points, 0, points.size());
}

std::string folded_cjk_word(std::string_view word) {
    const auto numeral = han_numeral(word);
    return numeral ? std::to_string(*numeral) : text::fold(simplified_han(word));
}

// "兆瓦电力": "兆瓦", then "电" and "力", which the lexicon does not know. Greedy longest match
// against the lexicon, not a segmenter's dictionary: the words that matter are the lexicon's.
// A number in Han numerals is a word of its own: "部署十万块GPU" is "部署", "十万", "块", "GPU".
std::vector<std::uint32_t> cjk_word_ends(std::string_view run, const TokenWords& words) {
    // Looked up in simplified characters, as the lexicon's words are kept: "啟用" is "启用".
    const std::string simplified = simplified_han(run);
    const auto starts_of = [](std::string_view text) {
        std::vector<std::uint32_t> starts;  // each character's first byte, and the end
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
        const auto size = static_cast<std::int32_t>(text.size());
        for (std::int32_t at = 0; at < size;) {
            starts.push_back(static_cast<std::uint32_t>(at));
            UChar32 c = 0;
            U8_NEXT(bytes, at, size, c);
        }
        starts.push_back(static_cast<std::uint32_t>(text.size()));
        return starts;
    };
    const auto starts = starts_of(run);
    const auto looked_up = starts_of(simplified);
    const std::string_view lookup(simplified);
    const auto points = code_points_of(run);
    std::vector<std::uint32_t> ends;
    constexpr std::size_t longest = 8;  // characters of the longest word looked for
    for (std::size_t at = 0; at + 1 < starts.size();) {
        if (const std::size_t numeral = han_numeral_length(points, at); numeral > 0) {
            ends.push_back(starts[at + numeral]);
            at += numeral;
            continue;
        }
        std::size_t next = at + 1;
        for (std::size_t to = std::min(starts.size() - 1, at + longest); to > at + 1; --to) {
            if (words.cjk_words.contains(lookup.substr(looked_up[at], looked_up[to] - looked_up[at]))) {
                next = to;
                break;
            }
        }
        ends.push_back(starts[next]);
        at = next;
    }
    return ends;
}

}  // namespace gpuclusters::rules::quote_tokens
