// Unicode case folding and compatibility normalisation (NFKC_Casefold), through ICU: comparing
// quotes with values must not depend on case, ligatures, full-width digits or composed accents.
#include <algorithm>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include "gpuclusters/model/text.hpp"

namespace gpuclusters::text {

std::string fold(std::string_view text) {
    // NFKC case folding leaves ASCII as it is but for the case of its letters: most text needs
    // no trip through UTF-16.
    if (std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
        return lower_ascii(text);
    }
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* normalizer = icu::Normalizer2::getNFKCCasefoldInstance(status);
    if (U_FAILURE(status)) return lower_ascii(text);
    const icu::UnicodeString input = icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
    const icu::UnicodeString folded = normalizer->normalize(input, status);
    if (U_FAILURE(status)) return lower_ascii(text);
    std::string result;
    folded.toUTF8String(result);
    return result;
}

}  // namespace gpuclusters::text
