// Unicode case folding and compatibility normalisation (NFKC_Casefold), through ICU: comparing
// quotes with values must not depend on case, ligatures, full-width digits or composed accents.
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include "gpuclusters/text.hpp"

namespace gpuclusters::text {

std::string fold(std::string_view text) {
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
