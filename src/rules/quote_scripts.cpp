// The quote reader's tokenizer beyond the Latin script: digits of every script, and runs of
// Chinese and Japanese letters, which are written without spaces, cut into words.
#include <unicode/translit.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <memory>

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

// "兆瓦电力": "兆瓦", then "电" and "力", which the lexicon does not know. Greedy longest match
// against the lexicon, not a segmenter's dictionary: the words that matter are the lexicon's.
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
    std::vector<std::uint32_t> ends;
    constexpr std::size_t longest = 8;  // characters of the longest word looked for
    for (std::size_t at = 0; at + 1 < starts.size();) {
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
