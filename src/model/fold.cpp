// Unicode through ICU: case folding and compatibility normalisation (NFKC_Casefold), so that
// comparing quotes with values does not depend on case, ligatures, full-width digits or composed
// accents; and transliteration to ASCII for slugs (Pégaso -> pegaso, 天河 -> tian-he).
#include <algorithm>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <unicode/normalizer2.h>
#include <unicode/translit.h>
#include <unicode/unistr.h>

#include "gpuclusters/model/text.hpp"

namespace gpuclusters::text {

namespace {

bool all_ascii(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::string to_ascii(std::string_view text) {
    if (all_ascii(text)) return std::string(text);
    // One transliterator for the process (building it reads ICU's rule data); ICU's
    // transliterators are not thread-safe, so it is used under a lock.
    static std::mutex lock;
    static const std::unique_ptr<icu::Transliterator> latin = [] {
        UErrorCode status = U_ZERO_ERROR;
        std::unique_ptr<icu::Transliterator> made(
            icu::Transliterator::createInstance("Any-Latin; Latin-ASCII", UTRANS_FORWARD, status));
        return U_FAILURE(status) ? nullptr : std::move(made);
    }();
    // Without ICU's rule data a name would lose its letters and an id would change: loudly wrong.
    if (!latin) throw std::runtime_error("ICU cannot transliterate (Any-Latin; Latin-ASCII): its data is missing");
    icu::UnicodeString unicode = icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
    {
        const std::scoped_lock guard(lock);
        latin->transliterate(unicode);
    }
    std::string result;
    unicode.toUTF8String(result);
    return result;
}

}  // namespace

std::string fold(std::string_view text) {
    // NFKC case folding leaves ASCII as it is but for the case of its letters: most text needs
    // no trip through UTF-16.
    if (all_ascii(text)) return lower_ascii(text);
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* normalizer = icu::Normalizer2::getNFKCCasefoldInstance(status);
    if (U_FAILURE(status)) return lower_ascii(text);
    const icu::UnicodeString input =
        icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
    const icu::UnicodeString folded = normalizer->normalize(input, status);
    if (U_FAILURE(status)) return lower_ascii(text);
    std::string result;
    folded.toUTF8String(result);
    return result;
}

std::string slug(std::string_view text, std::size_t max_bytes) {
    std::string result;
    for (char c : lower_ascii(to_ascii(text))) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            result += c;
        } else if (!result.empty() && result.back() != '-') {
            result += '-';  // anything else, what no transliteration reached included, separates words
        }
    }
    if (result.size() > max_bytes) result.resize(max_bytes);
    while (!result.empty() && result.back() == '-') result.pop_back();
    return result;
}

}  // namespace gpuclusters::text
