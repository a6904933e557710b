// The quote reader's vocabulary: the word lists and nouns it knows, spelled-out numbers, the
// lexicon indexed once per reader, and QuoteReader's entry points.
#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <tuple>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "rules/quote_reading.hpp"

namespace gpuclusters::rules {
namespace reading {

constexpr std::string_view auxiliaries[] = {"re",  "is",    "are",   "was",    "were", "be",    "been", "being",
                                            "am",  "has",   "have",  "had",    "will", "would", "can",  "could",
                                            "may", "might", "shall", "should", "must", "does",  "did"};
constexpr std::string_view adverbs[] = {
    "also",     "now",     "currently", "already",    "recently", "reportedly", "eventually", "initially",  "soon",
    "still",    "further", "first",     "then",       "just",     "finally",    "ultimately", "officially", "publicly",
    "actually", "fully",   "gradually", "quickly",    "newly",    "previously", "originally", "formally",   "not",
    "yet",      "likely",  "probably",  "reportedly", "soon",     "then",       "already"};
constexpr std::string_view relative_pronouns[] = {"which", "who", "whom", "whose", "where"};
// Words that end the noun phrase of a figure.
constexpr std::string_view phrase_stops[] = {
    "the",     "in",       "on",        "at",    "for",   "from",    "to",     "by",     "with",    "and",    "or",   "but",
    "per",     "each",     "that",      "which", "who",   "is",      "are",    "was",    "were",    "be",     "been", "has",
    "have",    "had",      "will",      "would", "can",   "could",   "may",    "might",  "shall",   "should", "must", "as",
    "than",    "into",     "across",    "over",  "under", "between", "within", "during", "since",   "until",  "via",  "while",
    "when",    "where",    "this",      "these", "those", "it",      "they",   "we",     "there",   "not",    "also", "only",
    "because", "although", "including", "like",  "among", "through", "after",  "before", "without", "a",      "an"};
constexpr std::string_view determiners[] = {"the", "its", "their", "these"};

const std::unordered_map<std::string_view, std::uint8_t>& word_classes() {
    static const auto classes = [] {
        std::unordered_map<std::string_view, std::uint8_t> map;
        auto mark = [&](auto& words, std::uint8_t bit) {
            for (const std::string_view word : words) map[word] |= bit;
        };
        mark(auxiliaries, aux_word);
        mark(adverbs, adverb_word);
        mark(phrase_stops, stop_word);
        mark(relative_pronouns, relative_word);
        mark(prepositions, preposition_word);
        mark(determiners, determiner_word);
        return map;
    }();
    return classes;
}

// The noun a figure counts, by its folded spelling.
const std::unordered_map<std::string_view, Unit>& unit_nouns() {
    static const std::unordered_map<std::string_view, Unit> nouns{
        {"gpu", Unit::gpu},
        {"gpus", Unit::gpu},
        {"gpgpu", Unit::gpu},
        {"gpgpus", Unit::gpu},
        {"accelerator", Unit::gpu},
        {"accelerators", Unit::gpu},
        {"chip", Unit::gpu},
        {"chips", Unit::gpu},
        {"card", Unit::gpu},
        {"cards", Unit::gpu},
        {"apu", Unit::apu},
        {"apus", Unit::apu},
        {"superchip", Unit::superchip},
        {"superchips", Unit::superchip},
        {"module", Unit::module},
        {"modules", Unit::module},
        {"oam", Unit::module},
        {"oams", Unit::module},
        {"die", Unit::die},
        {"dies", Unit::die},
        {"gcd", Unit::gcd},
        {"gcds", Unit::gcd},
        {"tile", Unit::tile},
        {"tiles", Unit::tile},
        {"stack", Unit::tile},
        {"stacks", Unit::tile},
        {"node", Unit::node},
        {"nodes", Unit::node},
        {"server", Unit::node},
        {"servers", Unit::node},
        {"machine", Unit::node},
        {"machines", Unit::node},
        {"blade", Unit::node},
        {"blades", Unit::node},
        {"system", Unit::node},
        {"systems", Unit::node},
        {"rack", Unit::rack},
        {"racks", Unit::rack},
        {"cabinet", Unit::rack},
        {"cabinets", Unit::rack},
        {"pod", Unit::rack},
        {"pods", Unit::rack},
        {"tray", Unit::tray},
        {"trays", Unit::tray},
        {"sled", Unit::tray},
        {"sleds", Unit::tray},
        {"core", Unit::core},
        {"cores", Unit::core},
        {"h100e", Unit::h100_equivalent},
        {"h100es", Unit::h100_equivalent},
        {"mw", Unit::megawatt},
        {"mwe", Unit::megawatt},
        {"megawatt", Unit::megawatt},
        {"megawatts", Unit::megawatt},
        {"kw", Unit::kilowatt},
        {"kilowatt", Unit::kilowatt},
        {"kilowatts", Unit::kilowatt},
        {"gw", Unit::gigawatt},
        {"gigawatt", Unit::gigawatt},
        {"gigawatts", Unit::gigawatt},
        // Nouns of other things: the figure is not a count of accelerators or power.
        {"exaflops", Unit::other},
        {"exaflop", Unit::other},
        {"petaflops", Unit::other},
        {"petaflop", Unit::other},
        {"teraflops", Unit::other},
        {"tflops", Unit::other},
        {"pflops", Unit::other},
        {"eflops", Unit::other},
        {"flops", Unit::other},
        {"pflop", Unit::other},
        {"tflop", Unit::other},
        {"gb", Unit::other},
        {"tb", Unit::other},
        {"pb", Unit::other},
        {"gib", Unit::other},
        {"tib", Unit::other},
        {"gbps", Unit::other},
        {"tbps", Unit::other},
        {"gigabytes", Unit::other},
        {"terabytes", Unit::other},
        {"petabytes", Unit::other},
        {"w", Unit::other},
        {"watts", Unit::other},
        {"kwh", Unit::other},
        {"mwh", Unit::other},
        {"gwh", Unit::other},
        {"years", Unit::other},
        {"year", Unit::other},
        {"months", Unit::other},
        {"month", Unit::other},
        {"weeks", Unit::other},
        {"days", Unit::other},
        {"hours", Unit::other},
        {"parameters", Unit::other},
        {"params", Unit::other},
        {"tokens", Unit::other},
        {"percent", Unit::other},
        {"cpus", Unit::cpu},
        {"cpu", Unit::cpu},
        {"processors", Unit::cpu},
        {"processor", Unit::cpu},
        {"vms", Unit::node},
        {"vm", Unit::node},
        {"instances", Unit::node},
        {"instance", Unit::node},
        {"threads", Unit::other},
        {"users", Unit::other},
        {"researchers", Unit::other},
        {"customers", Unit::other},
        {"projects", Unit::other},
        {"countries", Unit::other},
        {"sites", Unit::other},
        {"phases", Unit::other},
        {"locations", Unit::other},
        {"employees", Unit::other},
        {"ghz", Unit::other},
        {"nm", Unit::other},
        {"km", Unit::other},
        {"miles", Unit::other},
        {"acres", Unit::other},
        {"dollars", Unit::other},
        {"billion-parameter", Unit::other},
        {"links", Unit::other},
        {"nics", Unit::other},
        {"switches", Unit::other},
        {"ports", Unit::other},
        {"cables", Unit::other}};
    return nouns;
}

bool counts_power(Unit unit) { return unit == Unit::megawatt || unit == Unit::kilowatt || unit == Unit::gigawatt; }

// Spelled-out numbers: "twelve thousand", "twenty-four", "a dozen", "half a million".
std::optional<Spelled> spelled_number(const std::vector<Token>& tokens, std::size_t at) {
    static const std::unordered_map<std::string_view, int> units{
        {"zero", 0},      {"one", 1},       {"two", 2},       {"three", 3},    {"four", 4},     {"five", 5},
        {"six", 6},       {"seven", 7},     {"eight", 8},     {"nine", 9},     {"ten", 10},     {"eleven", 11},
        {"twelve", 12},   {"thirteen", 13}, {"fourteen", 14}, {"fifteen", 15}, {"sixteen", 16}, {"seventeen", 17},
        {"eighteen", 18}, {"nineteen", 19}, {"twenty", 20},   {"thirty", 30},  {"forty", 40},   {"fifty", 50},
        {"sixty", 60},    {"seventy", 70},  {"eighty", 80},   {"ninety", 90}};
    static const std::unordered_map<std::string_view, int> scales{
        {"hundred", 2}, {"thousand", 3}, {"million", 6}, {"billion", 9}};
    std::int64_t total = 0;
    std::int64_t current = 0;
    bool any = false;
    std::size_t i = at;
    bool half = false;
    auto word = [&](std::size_t k) -> std::string_view {
        return k < tokens.size() && tokens[k].kind == Kind::word ? std::string_view(tokens[k].text) : std::string_view();
    };
    if (word(i) == "half" && (word(i + 1) == "a" || word(i + 1) == "an") && scales.contains(word(i + 2))) {
        half = true;
        i += 2;
        current = 1;
        any = true;
    } else if ((word(i) == "a" || word(i) == "an") && (scales.contains(word(i + 1)) || word(i + 1) == "dozen")) {
        current = 1;
        any = true;
        ++i;
    }
    for (; i < tokens.size(); ++i) {
        const std::string_view w = word(i);
        if (w.empty()) break;
        if (const auto unit = units.find(w); unit != units.end()) {
            // "twenty-four", "one hundred and twenty"; "two three" is not a number.
            if (any && current % 10 != 0 && current < 100) break;
            current += unit->second;
            any = true;
        } else if (w == "dozen" && any) {
            current = std::max<std::int64_t>(current, 1) * 12;
        } else if (const auto scale = scales.find(w); scale != scales.end() && any) {
            std::int64_t factor = 1;
            for (int k = 0; k < scale->second; ++k) factor *= 10;
            if (scale->second == 2) {
                current = std::max<std::int64_t>(current, 1) * factor;
            } else {
                total += std::max<std::int64_t>(current, 1) * factor;
                current = 0;
            }
        } else if (w == "and" && any && i + 1 < tokens.size() && units.contains(word(i + 1))) {
            continue;
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

std::string_view as_written(std::string_view quote, const Token& first, const Token& last) {
    return quote.substr(first.begin, last.end - first.begin);
}

}  // namespace reading

using namespace reading;

std::string_view to_string(Unit unit) {
    switch (unit) {
        case Unit::none:
            return "none";
        case Unit::gpu:
            return "gpu";
        case Unit::superchip:
            return "superchip";
        case Unit::apu:
            return "apu";
        case Unit::module:
            return "module";
        case Unit::die:
            return "die";
        case Unit::gcd:
            return "gcd";
        case Unit::tile:
            return "tile";
        case Unit::node:
            return "node";
        case Unit::rack:
            return "rack";
        case Unit::tray:
            return "tray";
        case Unit::core:
            return "core";
        case Unit::cpu:
            return "cpu";
        case Unit::h100_equivalent:
            return "h100-equivalent";
        case Unit::megawatt:
            return "MW";
        case Unit::kilowatt:
            return "kW";
        case Unit::gigawatt:
            return "GW";
        case Unit::other:
            return "other";
    }
    return "none";
}

std::string_view to_string(Bound bound) {
    switch (bound) {
        case Bound::exact:
            return "exact";
        case Bound::approximate:
            return "approximate";
        case Bound::at_least:
            return "at least";
        case Bound::at_most:
            return "at most";
    }
    return "exact";
}

std::string_view to_string(Modality modality) {
    switch (modality) {
        case Modality::in_service:
            return "in service";
        case Modality::planned:
            return "planned";
        case Modality::procured:
            return "procured";
        case Modality::equivalence:
            return "equivalence";
    }
    return "in service";
}

QuoteReader::Impl::Impl(const Lexicon& lexicon) {
    const std::array<std::pair<const std::vector<std::string>*, std::string_view>, cue_count> lists{{
        {&lexicon.approximate, "approximate"},
        {&lexicon.at_least, "at_least"},
        {&lexicon.at_most, "at_most"},
        {&lexicon.approximate_after, "approximate_after"},
        {&lexicon.at_least_after, "at_least_after"},
        {&lexicon.at_most_after, "at_most_after"},
        {&lexicon.planned, "planned"},
        {&lexicon.procured, "procured"},
        {&lexicon.in_service, "in_service"},
        {&lexicon.not_governing, "not_governing"},
        {&lexicon.arrival, "arrival"},
        {&lexicon.equivalence, "equivalence"},
        {&lexicon.equivalence_after, "equivalence_after"},
        {&lexicon.future_time, "future_time"},
        {&lexicon.existing, "existing"},
        {&lexicon.not_a_cue, "not_a_cue"},
        {&lexicon.power_capacity, "power_capacity"},
        {&lexicon.live, "live"},
        {&lexicon.construction, "construction"},
        {&lexicon.construction_began, "construction_began"},
        {&lexicon.moved_on, "moved_on"},
        {&lexicon.retired, "retired"},
        {&lexicon.negation, "negation"},
    }};
    for (std::size_t cue = 0; cue < lists.size(); ++cue) {
        for (const auto& phrase : *lists[cue].first) {
            auto words = words_of(phrase);
            const bool has_word = std::any_of(words.begin(), words.end(), [](const std::string& word) {
                return !word.empty() &&
                       (static_cast<unsigned char>(word[0]) >= 0x80 || std::isalnum(static_cast<unsigned char>(word[0])));
            });
            if (!has_word) {
                throw InputError(fmt::format("[quote-reader] {}: '{}' has no word in it", lists[cue].second, phrase));
            }
            Phrase entry{static_cast<Cue>(cue), {}};
            for (const auto& word : words) entry.words.push_back(intern(word));
            phrases[entry.words.front()].push_back(std::move(entry));
        }
    }
    const auto& catalogue = model::GpuCatalogue::builtin();
    for (const auto& entry : catalogue.models()) {
        classes[intern(text::lower_ascii(entry.maker))] |= maker_word;
        for (const auto& spelling : catalogue.spellings(entry)) {
            auto words = words_of(spelling);
            if (words.empty()) continue;
            Spelling named{&entry, {}};
            for (const auto& word : words) named.words.push_back(intern(word));
            spellings[named.words.front()].push_back(std::move(named));
        }
    }
    for (const char* maker : {"nvidia", "amd", "intel", "habana", "hpe", "nvidias"}) classes[intern(maker)] |= maker_word;
    for (const auto& [word, bits] : word_classes()) classes[intern(std::string(word))] |= bits;
    for (const auto& [word, unit] : unit_nouns()) units[intern(std::string(word))] = unit;
    for (auto& list : phrases) {
        std::stable_sort(list.begin(), list.end(),
                         [](const Phrase& a, const Phrase& b) { return a.words.size() > b.words.size(); });
    }
    for (auto& list : spellings) {
        std::stable_sort(list.begin(), list.end(),
                         [](const Spelling& a, const Spelling& b) { return a.words.size() > b.words.size(); });
    }
}

std::vector<std::string> QuoteReader::Impl::words_of(std::string_view phrase) {
    std::vector<std::string> words;
    for (auto& token : quote_tokens::tokenize(phrase)) words.push_back(std::move(token.text));
    return words;
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
