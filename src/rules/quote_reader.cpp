// The quote reader's entry points, the names of what it reads, and spelled-out numbers.
#include <algorithm>
#include <fmt/format.h>
#include <iterator>
#include <limits>
#include <utility>

#include "rules/quote_reading.hpp"

namespace gpuclusters::rules {
namespace reading {

std::optional<Spelled> spelled_number(const QuoteReader::Impl& impl, const std::vector<Token>& tokens, std::size_t at) {
    std::int64_t total = 0;
    std::int64_t current = 0;
    bool any = false;
    std::size_t i = at;
    bool half = false;
    auto word = [&](std::size_t k) -> std::string_view {
        return k < tokens.size() && tokens[k].kind == Kind::word ? std::string_view(tokens[k].text) : std::string_view();
    };
    const auto unit = [&](std::string_view w) { return impl.number("spelled_numbers", w); };
    // A scale after a spelled number, in any language the figures' scales are known in ("zwei
    // tausend", "dos mil", "dwa tysiące"); a single letter ("k") is a scale after digits alone.
    const auto scale = [&](std::string_view w) {
        if (const auto power = impl.number("spelled_scales", w)) return power;
        return w.size() > 1 ? impl.number("scale_words", w) : std::nullopt;
    };
    const auto is = [&](std::size_t k, WordClass word_class) { return k < tokens.size() && impl.is(tokens[k], word_class); };
    if (is(i, "half") && (word(i + 1) == "a" || word(i + 1) == "an") && scale(word(i + 2))) {
        half = true;
        i += 2;
        current = 1;
        any = true;
    } else if ((word(i) == "a" || word(i) == "an") && (scale(word(i + 1)) || is(i + 1, "dozen"))) {
        current = 1;
        any = true;
        ++i;
    } else if (impl.number("lone_scales", word(i))) {
        // "tausend GPUs", "mil GPU", "tysiąc kart": one of the scale, its word alone.
        current = 1;
        any = true;
    }
    bool after_scale = false;  // the word before was a scale of a thousand or more
    for (; i < tokens.size(); ++i) {
        const std::string_view w = word(i);
        if (w.empty()) break;
        const bool follows_scale = std::exchange(after_scale, false);
        if (const auto value = unit(w)) {
            // "twenty-four", "one hundred and twenty"; "two three" is not a number.
            if (any && current % 10 != 0 && current < 100) break;
            current += *value;
            any = true;
        } else if (is(i, "dozen") && any) {
            current = std::max<std::int64_t>(current, 1) * 12;
        } else if (const auto power = scale(w); power && any) {
            std::int64_t factor = 1;
            for (int k = 0; k < *power; ++k) factor *= 10;
            if (*power == 2) {
                current = std::max<std::int64_t>(current, 1) * factor;
            } else if (follows_scale && current == 0) {
                // "tres mil millones": a thousand millions, 3,000,000,000, not 3,001,000,000.
                if (total > std::numeric_limits<std::int64_t>::max() / factor) break;
                total *= factor;
            } else {
                total += std::max<std::int64_t>(current, 1) * factor;
                current = 0;
            }
            after_scale = *power >= 3;
        } else if (w == "and" && any && i + 1 < tokens.size() && unit(word(i + 1))) {
            continue;
        } else if (w == "and" && any && !half && total == 0 && (word(i + 1) == "a" || word(i + 1) == "an") && is(i + 2, "half")) {
            // "four and a half thousand": 4,500, the half counted in halves until the end.
            current = current * 2 + 1;
            half = true;
            i += 2;
        } else {
            break;
        }
    }
    if (!any) return std::nullopt;
    total += current;
    model::Decimal value = model::Decimal::whole(total);
    if (half) value = *value.divided_by(2);
    return Spelled{value, i - at};
}

}  // namespace reading

using namespace reading;

std::string_view to_string(Unit unit) {
    constexpr std::string_view names[]{"none", "gpu",  "superchip", "apu",    "module", "die", "gcd",
                                       "tile", "node", "rack",      "tray",   "core",   "cpu", "h100-equivalent",
                                       "MW",   "kW",   "GW",        "energy", "other"};
    static_assert(std::size(names) == static_cast<std::size_t>(Unit::other) + 1);
    return names[static_cast<std::size_t>(unit)];
}

std::string_view to_string(Bound bound) {
    constexpr std::string_view names[]{"exact", "approximate", "at least", "at most"};
    static_assert(std::size(names) == static_cast<std::size_t>(Bound::at_most) + 1);
    return names[static_cast<std::size_t>(bound)];
}

std::string_view to_string(Modality modality) {
    constexpr std::string_view names[]{"in service", "planned", "procured", "equivalence", "retired"};
    static_assert(std::size(names) == static_cast<std::size_t>(Modality::retired) + 1);
    return names[static_cast<std::size_t>(modality)];
}

std::string phrase_text(std::string_view quote, const Quantity& quantity) {
    return std::string(quote.substr(quantity.phrase_begin, quantity.phrase_end - quantity.phrase_begin));
}

std::string excerpt(std::string_view quote, const Quantity& quantity) {
    std::size_t begin = quantity.phrase_begin;
    std::size_t end = quantity.phrase_end;
    if (quantity.modality_end > quantity.modality_begin) {
        const bool far = quantity.modality_end + 60 < begin || end + 60 < quantity.modality_begin;
        if (far) {
            const auto first = quantity.modality_begin < begin ? std::pair{quantity.modality_begin, quantity.modality_end}
                                                               : std::pair{begin, end};
            const auto second = quantity.modality_begin < begin ? std::pair{begin, end}
                                                                : std::pair{quantity.modality_begin, quantity.modality_end};
            return fmt::format("{} \u2026 {}", quote.substr(first.first, first.second - first.first),
                               quote.substr(second.first, second.second - second.first));
        }
        begin = std::min(begin, quantity.modality_begin);
        end = std::max(end, quantity.modality_end);
    }
    return std::string(quote.substr(begin, end - begin));
}

QuoteReader::QuoteReader(const Lexicon& lexicon) : impl_(std::make_unique<Impl>(lexicon)) {}
QuoteReader::~QuoteReader() = default;

std::vector<Quantity> QuoteReader::quantities(std::string_view quote, int reference_year) const {
    Reading reading(*impl_, quote, reference_year);
    return reading.quantities();
}

std::vector<StatusEvent> QuoteReader::status_events(std::string_view notes, int reference_year) const {
    Reading reading(*impl_, notes, reference_year);
    return reading.status_events();
}

}  // namespace gpuclusters::rules
