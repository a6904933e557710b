#include "gpuclusters/rules/quote_reader.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fmt/format.h>
#include <tuple>
#include <unordered_map>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "rules/quote_tokens.hpp"

namespace gpuclusters::rules {
namespace {

using quote_tokens::Token;
using Kind = Token::Kind;

// The lexicon's lists, in the order of Lexicon's members.
enum Cue : std::uint8_t {
    approximate,
    at_least,
    at_most,
    approximate_after,
    at_least_after,
    at_most_after,
    planned,
    procured,
    in_service,
    not_governing,
    arrival,
    equivalence,
    equivalence_after,
    future_time,
    existing,
    not_a_cue,
    power_capacity,
    live,
    construction,
    construction_began,
    moved_on,
    retired,
    negation,
    cue_count
};

constexpr std::size_t no_token = static_cast<std::size_t>(-1);
// How far the reader looks for what governs a figure, in tokens.
constexpr std::size_t governing_reach = 30;
constexpr std::size_t noun_reach = 10;

bool is_word(const Token& token, std::string_view text) { return token.kind != Kind::number && token.text == text; }

template <std::size_t N>
bool one_of(const Token& token, const std::string_view (&words)[N]) {
    return token.kind != Kind::number && std::find(std::begin(words), std::end(words), token.text) != std::end(words);
}

constexpr std::string_view auxiliaries[] = {
    "re", "is",   "are",   "was", "were", "be",   "been",  "being", "am", "has",  "have",  "had",
    "will", "would", "can", "could", "may", "might", "shall", "should", "must", "does", "did"};
constexpr std::string_view adverbs[] = {
    "also",     "now",      "currently", "already",   "recently", "reportedly", "eventually", "initially", "soon",
    "still",    "further",  "first",     "then",      "just",     "finally",    "ultimately", "officially", "publicly",
    "actually", "fully",    "gradually", "quickly",   "newly",    "previously", "originally", "formally",   "not",
    "yet",      "likely",   "probably",  "reportedly", "soon", "then", "already"};
constexpr std::string_view relative_pronouns[] = {"which", "who", "whom", "whose", "where"};
// Words that end the noun phrase of a figure.
constexpr std::string_view phrase_stops[] = {
    "the", "in",    "on",      "at",      "for",     "from",   "to",     "by",      "with",     "and",    "or",    "but", "per",
    "each",  "that",    "which",   "who",     "is",     "are",    "was",     "were",     "be",     "been",  "has", "have",
    "had",   "will",    "would",   "can",     "could",  "may",    "might",   "shall",    "should", "must",  "as",  "than",
    "into",  "across",  "over",    "under",   "between", "within", "during", "since",    "until",  "via",   "while",
    "when",  "where",   "this",    "these",   "those",  "it",     "they",    "we",       "there",  "not",   "also",
    "only",  "because", "although", "including", "like", "among",  "through", "after",    "before", "without", "a", "an"};
constexpr std::string_view determiners[] = {"the", "its", "their", "these"};
constexpr std::string_view prepositions[] = {"with", "for", "of", "in", "at", "to", "on", "by", "across",
                                                        "from", "into", "under", "among"};

// The classes of a word the reader asks about again and again, as bits: looked up once per token.
enum WordClass : std::uint8_t { aux_word = 1, adverb_word = 2, stop_word = 4, relative_word = 8, preposition_word = 16,
                                determiner_word = 32, maker_word = 64 };

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
        {"gpu", Unit::gpu}, {"gpus", Unit::gpu}, {"gpgpu", Unit::gpu}, {"gpgpus", Unit::gpu},
        {"accelerator", Unit::gpu}, {"accelerators", Unit::gpu}, {"chip", Unit::gpu}, {"chips", Unit::gpu},
        {"card", Unit::gpu}, {"cards", Unit::gpu}, {"apu", Unit::apu}, {"apus", Unit::apu},
        {"superchip", Unit::superchip}, {"superchips", Unit::superchip}, {"module", Unit::module},
        {"modules", Unit::module}, {"oam", Unit::module}, {"oams", Unit::module}, {"die", Unit::die}, {"dies", Unit::die},
        {"gcd", Unit::gcd}, {"gcds", Unit::gcd}, {"tile", Unit::tile}, {"tiles", Unit::tile}, {"stack", Unit::tile},
        {"stacks", Unit::tile}, {"node", Unit::node}, {"nodes", Unit::node}, {"server", Unit::node},
        {"servers", Unit::node}, {"machine", Unit::node}, {"machines", Unit::node}, {"blade", Unit::node}, {"blades", Unit::node}, {"system", Unit::node},
        {"systems", Unit::node}, {"rack", Unit::rack}, {"racks", Unit::rack}, {"cabinet", Unit::rack},
        {"cabinets", Unit::rack}, {"pod", Unit::rack}, {"pods", Unit::rack}, {"tray", Unit::tray}, {"trays", Unit::tray},
        {"sled", Unit::tray}, {"sleds", Unit::tray}, {"core", Unit::core}, {"cores", Unit::core},
        {"h100e", Unit::h100_equivalent}, {"h100es", Unit::h100_equivalent}, {"mw", Unit::megawatt},
        {"mwe", Unit::megawatt}, {"megawatt", Unit::megawatt}, {"megawatts", Unit::megawatt}, {"kw", Unit::kilowatt},
        {"kilowatt", Unit::kilowatt}, {"kilowatts", Unit::kilowatt}, {"gw", Unit::gigawatt},
        {"gigawatt", Unit::gigawatt}, {"gigawatts", Unit::gigawatt},
        // Nouns of other things: the figure is not a count of accelerators or power.
        {"exaflops", Unit::other}, {"exaflop", Unit::other}, {"petaflops", Unit::other}, {"petaflop", Unit::other},
        {"teraflops", Unit::other}, {"tflops", Unit::other}, {"pflops", Unit::other}, {"eflops", Unit::other},
        {"flops", Unit::other}, {"pflop", Unit::other}, {"tflop", Unit::other}, {"gb", Unit::other},
        {"tb", Unit::other}, {"pb", Unit::other}, {"gib", Unit::other}, {"tib", Unit::other}, {"gbps", Unit::other},
        {"tbps", Unit::other}, {"gigabytes", Unit::other}, {"terabytes", Unit::other}, {"petabytes", Unit::other},
        {"w", Unit::other}, {"watts", Unit::other}, {"kwh", Unit::other}, {"mwh", Unit::other}, {"gwh", Unit::other},
        {"years", Unit::other}, {"year", Unit::other}, {"months", Unit::other}, {"month", Unit::other},
        {"weeks", Unit::other}, {"days", Unit::other}, {"hours", Unit::other}, {"parameters", Unit::other},
        {"params", Unit::other}, {"tokens", Unit::other}, {"percent", Unit::other}, {"cpus", Unit::cpu},
        {"cpu", Unit::cpu}, {"processors", Unit::cpu}, {"processor", Unit::cpu}, {"vms", Unit::node}, {"vm", Unit::node},
        {"instances", Unit::node}, {"instance", Unit::node}, {"threads", Unit::other}, {"users", Unit::other}, {"researchers", Unit::other},
        {"customers", Unit::other}, {"projects", Unit::other}, {"countries", Unit::other}, {"sites", Unit::other},
        {"phases", Unit::other}, {"locations", Unit::other}, {"employees", Unit::other}, {"ghz", Unit::other},
        {"nm", Unit::other}, {"km", Unit::other}, {"miles", Unit::other}, {"acres", Unit::other},
        {"dollars", Unit::other}, {"billion-parameter", Unit::other}, {"links", Unit::other}, {"nics", Unit::other},
        {"switches", Unit::other}, {"ports", Unit::other}, {"cables", Unit::other}};
    return nouns;
}


bool counts_power(Unit unit) { return unit == Unit::megawatt || unit == Unit::kilowatt || unit == Unit::gigawatt; }

// Spelled-out numbers: "twelve thousand", "twenty-four", "a dozen", "half a million".
struct Spelled {
    model::Decimal value;
    std::size_t length = 0;
};
std::optional<Spelled> spelled_number(const std::vector<Token>& tokens, std::size_t at) {
    static const std::unordered_map<std::string_view, int> units{
        {"zero", 0},     {"one", 1},      {"two", 2},        {"three", 3},     {"four", 4},     {"five", 5},
        {"six", 6},      {"seven", 7},    {"eight", 8},      {"nine", 9},      {"ten", 10},     {"eleven", 11},
        {"twelve", 12},  {"thirteen", 13}, {"fourteen", 14}, {"fifteen", 15},  {"sixteen", 16}, {"seventeen", 17},
        {"eighteen", 18}, {"nineteen", 19}, {"twenty", 20},  {"thirty", 30},   {"forty", 40},   {"fifty", 50},
        {"sixty", 60},   {"seventy", 70}, {"eighty", 80},    {"ninety", 90}};
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

}  // namespace

std::string_view to_string(Unit unit) {
    switch (unit) {
        case Unit::none: return "none";
        case Unit::gpu: return "gpu";
        case Unit::superchip: return "superchip";
        case Unit::apu: return "apu";
        case Unit::module: return "module";
        case Unit::die: return "die";
        case Unit::gcd: return "gcd";
        case Unit::tile: return "tile";
        case Unit::node: return "node";
        case Unit::rack: return "rack";
        case Unit::tray: return "tray";
        case Unit::core: return "core";
        case Unit::cpu: return "cpu";
        case Unit::h100_equivalent: return "h100-equivalent";
        case Unit::megawatt: return "MW";
        case Unit::kilowatt: return "kW";
        case Unit::gigawatt: return "GW";
        case Unit::other: return "other";
    }
    return "none";
}

std::string_view to_string(Bound bound) {
    switch (bound) {
        case Bound::exact: return "exact";
        case Bound::approximate: return "approximate";
        case Bound::at_least: return "at least";
        case Bound::at_most: return "at most";
    }
    return "exact";
}

std::string_view to_string(Modality modality) {
    switch (modality) {
        case Modality::in_service: return "in service";
        case Modality::planned: return "planned";
        case Modality::procured: return "procured";
        case Modality::equivalence: return "equivalence";
    }
    return "in service";
}

struct QuoteReader::Impl {
    // Every word of the lexicon and the catalogue has a number; a quote's words are looked up
    // once each, and phrases compare numbers.
    struct Phrase {
        Cue cue;
        std::vector<std::uint32_t> words;
    };
    struct Spelling {
        const model::GpuModel* model;
        std::vector<std::uint32_t> words;
    };
    std::unordered_map<std::string, std::uint32_t> ids;  // 0 is no word of ours
    std::vector<std::vector<Phrase>> phrases{1};        // by first word, longest first
    std::vector<std::vector<Spelling>> spellings{1};    // by first word, longest first
    std::vector<std::uint8_t> classes{0};               // WordClass bits by word
    std::vector<Unit> units{Unit::none};                // the noun by word

    std::uint32_t intern(const std::string& word) {
        const auto [found, added] = ids.emplace(word, static_cast<std::uint32_t>(phrases.size()));
        if (added) {
            phrases.emplace_back();
            spellings.emplace_back();
            classes.push_back(0);
            units.push_back(Unit::none);
        }
        return found->second;
    }
    std::uint32_t id_of(const std::string& word) const {
        const auto found = ids.find(word);
        return found == ids.end() ? 0 : found->second;
    }

    explicit Impl(const Lexicon& lexicon) {
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
                    return !word.empty() && (static_cast<unsigned char>(word[0]) >= 0x80 || std::isalnum(static_cast<unsigned char>(word[0])));
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
            std::stable_sort(list.begin(), list.end(), [](const Phrase& a, const Phrase& b) { return a.words.size() > b.words.size(); });
        }
        for (auto& list : spellings) {
            std::stable_sort(list.begin(), list.end(), [](const Spelling& a, const Spelling& b) { return a.words.size() > b.words.size(); });
        }
    }

    static std::vector<std::string> words_of(std::string_view phrase) {
        std::vector<std::string> words;
        for (auto& token : quote_tokens::tokenize(phrase)) words.push_back(std::move(token.text));
        return words;
    }
};

namespace {

// One quote being read: its tokens, the phrases that start at each, the models it names.
class Reading {
public:
    Reading(const QuoteReader::Impl& impl, std::string_view quote, int reference_year)
        : impl_(impl), quote_(quote), year_(reference_year), tokens_(quote_tokens::tokenize(quote)) {
        starts_.assign(tokens_.size(), {});
        models_.assign(tokens_.size(), {nullptr, 0});
        ids_.assign(tokens_.size(), 0);
        plural_ids_.assign(tokens_.size(), 0);
        classes_.assign(tokens_.size(), 0);
        units_.assign(tokens_.size(), Unit::none);
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            const Token& token = tokens_[i];
            // Figures are words of a phrase only in a model's name ("Max 1550").
            const std::uint32_t id = impl_.id_of(token.text);
            ids_[i] = id;
            if (token.kind == Kind::word) {
                classes_[i] = impl_.classes[id];
                units_[i] = impl_.units[id];
                // "H100s": the singular, for a model's name in the plural.
                if (token.text.size() > 2 && token.text.back() == 's') {
                    plural_ids_[i] = impl_.id_of(token.text.substr(0, token.text.size() - 1));
                }
            } else if (token.kind == Kind::punct && token.text == "%") {
                units_[i] = Unit::other;
            }
            if (token.kind == Kind::word && (token.text == "units" || token.text == "unit")) units_[i] = Unit::none;
        }
        clause_.assign(tokens_.size(), 0);
        std::size_t clause = 0;
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            if (tokens_[i].clause_start) clause = i;
            clause_[i] = clause;
        }
        match_phrases();
        match_models();
    }

    const std::vector<Token>& tokens() const { return tokens_; }

    std::vector<Quantity> quantities() {
        std::vector<Quantity> found;
        std::vector<std::pair<std::size_t, std::size_t>> spans;  // each figure's first token and the token after its phrase
        for (std::size_t i = 0; i < tokens_.size();) {
            const std::size_t before = found.size();
            const std::size_t next = quantity_at(i, found);
            if (found.size() > before) spans.emplace_back(last_phrase_begin_, last_phrase_end_);
            i = next > i ? next : i + 1;
        }
        inherit(found, spans);
        equal_numbers(found, spans);
        return found;
    }

    // "18,688 CPUs paired with an equal number of GPUs": the figure counts the GPUs too.
    void equal_numbers(std::vector<Quantity>& found, const std::vector<std::pair<std::size_t, std::size_t>>& spans) const {
        static constexpr std::string_view equal[] = {"equal", "same", "identical", "matching"};
        const std::size_t count = found.size();
        for (std::size_t n = 0; n < count; ++n) {
            const std::size_t at = spans[n].second;
            const std::size_t stop = std::min(clause_end(spans[n].first), at + 8);
            for (std::size_t k = at; k + 3 < stop; ++k) {
                if (!one_of(tokens_[k], equal) || !is_word(tokens_[k + 1], "number") || !is_word(tokens_[k + 2], "of")) continue;
                const Unit unit = unit_at(k + 3);
                if (unit == Unit::none || unit == found[n].unit) break;
                Quantity mirror = found[n];
                mirror.unit = unit;
                mirror.unit_words = std::string(as_written(quote_, tokens_[k], tokens_[k + 3]));
                mirror.per = Unit::none;
                mirror.unit_from_model = false;
                mirror.phrase_end = tokens_[k + 3].end;
                found.push_back(std::move(mirror));
                break;
            }
        }
    }

    // What a figure says passes to the figures joined to it: "up to 4,096 instances with 32,768
    // GPUs", "approximately 2.5K H100s and 2.5K A100s", "the equivalent of 100,000 H100 chips
    // (approximately 15,000, 15,000 and 50,000-60,000 respectively)", "16K GB200s ~= 80K H100s".
    void inherit(std::vector<Quantity>& found, const std::vector<std::pair<std::size_t, std::size_t>>& spans) const {
        for (std::size_t n = 1; n < found.size(); ++n) {
            Quantity& q = found[n];
            const Quantity& previous = found[n - 1];
            const std::size_t start = spans[n].first;
            const std::size_t gap_from = spans[n - 1].second;
            if (gap_from > start || clause_[spans[n - 1].first] != clause_[start]) continue;
            std::vector<std::string_view> between;
            for (std::size_t k = gap_from; k < start; ++k) between.push_back(tokens_[k].text);
            const auto joined_by = [&](std::initializer_list<std::string_view> words) {
                return between.size() == 1 && std::find(words.begin(), words.end(), between[0]) != words.end();
            };
            // "up to 4,096 instances with 32,768 GPUs" -- not "up to 1.1 exaflops with 37,888 GPUs".
            const bool holder = previous.unit == Unit::node || previous.unit == Unit::rack || previous.unit == Unit::tray ||
                                previous.unit == Unit::superchip || previous.unit == Unit::gpu || previous.unit == Unit::module;
            if (joined_by({"with", "of"}) && holder && previous.bound == Bound::at_most && q.bound == Bound::exact) {
                q.bound = Bound::at_most;
                q.bound_words = previous.bound_words;
            }
            if ((joined_by({"and", "or", ","}) || (between.size() == 2 && between[0] == "," && between[1] == "and")) &&
                previous.bound == Bound::approximate && q.bound == Bound::exact && q.bound_words.empty()) {
                q.bound = Bound::approximate;
                q.bound_words = previous.bound_words;
            }
            // "think of the 8 GCDs as 8 separate GPUs": the same figure, named otherwise.
            if (joined_by({"as"}) && previous.value == q.value && previous.unit != Unit::none) {
                q.unit = previous.unit;
                q.unit_words = previous.unit_words;
            }
            const bool opens = !between.empty() && between.back() == "(";
            if (opens && previous.modality == Modality::equivalence && q.modality != Modality::equivalence) {
                q.modality = Modality::equivalence;
                q.modality_words = previous.modality_words;
                q.modality_begin = previous.modality_begin;
                q.modality_end = previous.modality_end;
                if (q.unit == Unit::none) q.unit = previous.unit;
            }
            // Within a parenthesis the figures of a list follow each other: pass the equivalence on.
            if ((joined_by({",", "and"}) || (between.size() == 2 && between[0] == "," && between[1] == "and")) &&
                previous.modality == Modality::equivalence && q.modality != Modality::equivalence && q.unit == Unit::none) {
                q.modality = Modality::equivalence;
                q.modality_words = previous.modality_words;
            }
            const bool equals = !between.empty() && (between.back() == "=" || between.back() == "\u2248" ||
                                                     (between.size() >= 2 && between[between.size() - 2] == "~" && between.back() == "="));
            if (equals && previous.model && q.model && previous.model != q.model) {
                q.modality = Modality::equivalence;
                q.modality_words = std::string(quote_.substr(previous.begin, q.phrase_end - previous.begin));
            }
        }
    }

    std::vector<StatusEvent> status_events() const;

private:
    // The longest phrase of `cue` starting at token i (its length, 0 if none).
    std::size_t phrase(std::size_t i, Cue cue) const { return i < starts_.size() ? starts_[i][cue] : 0; }
    // The start of the longest phrase of `cue` that ends right before token `end`.
    std::size_t phrase_ending(std::size_t end, Cue cue, std::size_t floor) const {
        // The longest first: "has ordered", not "ordered".
        for (std::size_t back = std::min<std::size_t>(6, end - std::min(end, floor)); back >= 1; --back) {
            const std::size_t start = end - back;
            if (phrase(start, cue) == back) return start;
        }
        return no_token;
    }
    bool aux(std::size_t i) const { return (classes_[i] & aux_word) != 0; }
    bool adverb(std::size_t i) const { return (classes_[i] & adverb_word) != 0; }
    bool is(std::size_t i, WordClass word_class) const { return (classes_[i] & word_class) != 0; }
    Unit unit_at(std::size_t i) const { return i < units_.size() ? units_[i] : Unit::none; }
    std::size_t clause_end(std::size_t i) const {
        std::size_t end = i + 1;
        while (end < tokens_.size() && !tokens_[end].clause_start) ++end;
        return end;
    }
    std::string written(std::size_t first, std::size_t last_exclusive) const {
        if (first >= last_exclusive) return {};
        return std::string(as_written(quote_, tokens_[first], tokens_[last_exclusive - 1]));
    }

    void match_phrases() {
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            if (ids_[i] == 0) continue;
            for (const auto& candidate : impl_.phrases[ids_[i]]) {
                if (starts_[i][candidate.cue] >= candidate.words.size()) continue;
                const std::size_t after = i + candidate.words.size();
                const bool compound = after < tokens_.size() && tokens_[after].joined && tokens_[after].kind == Kind::word;
                if (!compound && matches(i, candidate.words)) {
                    starts_[i][candidate.cue] = static_cast<std::uint8_t>(candidate.words.size());
                }
            }
        }
        // "performed better than expected": the cue inside does not count.
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            const std::size_t length = starts_[i][not_a_cue];
            if (length == 0) continue;
            for (std::size_t k = i; k < i + length; ++k) {
                const auto keep = starts_[k][not_a_cue];
                starts_[k].fill(0);
                starts_[k][not_a_cue] = keep;
            }
        }
    }

    bool matches(std::size_t at, const std::vector<std::uint32_t>& words) const {
        if (at + words.size() > tokens_.size()) return false;
        for (std::size_t k = 0; k < words.size(); ++k) {
            if (k > 0 && tokens_[at + k].clause_start) return false;
            if (ids_[at + k] != words[k]) return false;
        }
        return true;
    }

    void match_models() {
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            // The name as written, its last word perhaps in the plural ("H100s", "B200s").
            for (const std::uint32_t first : {ids_[i], plural_ids_[i]}) {
                if (first == 0 || models_[i].first) continue;
                for (const auto& spelling : impl_.spellings[first]) {
                    const std::size_t n = spelling.words.size();
                    if (i + n > tokens_.size() || (first == plural_ids_[i] && first != ids_[i] && n != 1)) continue;
                    bool ok = true;
                    for (std::size_t k = 0; k < n && ok; ++k) {
                        const bool last = k + 1 == n;
                        ok = ids_[i + k] == spelling.words[k] || (last && plural_ids_[i + k] == spelling.words[k]);
                        if (ok && k > 0 && tokens_[i + k].space_before && tokens_[i + k].kind == Kind::punct) ok = false;
                    }
                    if (ok) {
                        models_[i] = {spelling.model, n};
                        break;
                    }
                }
            }
        }
    }

    struct Noun {
        Unit unit = Unit::none;
        const model::GpuModel* model = nullptr;
        std::size_t end = 0;  ///< token after the noun phrase
        std::size_t noun = no_token;
        Unit per = Unit::none;
        bool from_model = false;  ///< no noun: the model's package
    };

    bool verb_start(std::size_t i) const {
        return aux(i) || phrase(i, planned) || phrase(i, procured) || phrase(i, in_service) || phrase(i, not_governing) ||
               phrase(i, arrival);
    }

    // The noun a figure ending at token `from` counts: the last noun of the phrase that follows,
    // past makers, models and adjectives ("2,304 NVIDIA B200 GPUs", "10,752 H100 Tensor Core GPUs",
    // "1,792 GPU-accelerated nodes", "[4x] AMD MI250X", "36 GB200 superchips"); a model alone
    // counts its package. "8-GPU nodes" counts GPUs per node.
    Noun noun_after(std::size_t from) const {
        Noun noun;
        noun.end = from;
        std::size_t i = from;
        const std::size_t limit = std::min(tokens_.size(), from + noun_reach);
        auto is_noun_ahead = [&](std::size_t k) {
            for (std::size_t ahead = k; ahead < std::min(tokens_.size(), k + 2); ++ahead) {
                if (unit_at(ahead) != Unit::none || models_[ahead].first) return true;
            }
            return false;
        };
        auto equivalent = [&](std::size_t k) {
            return k < tokens_.size() && (is_word(tokens_[k], "equivalent") || is_word(tokens_[k], "equivalents") ||
                                          is_word(tokens_[k], "eq") || is_word(tokens_[k], "equiv"));
        };
        while (i < limit) {
            const Token& token = tokens_[i];
            if (token.clause_start && i > from) break;
            // "Nodes: 980 Processors: 2x16": a word before a colon labels the next figure.
            if (i + 2 < tokens_.size() && tokens_[i + 1].text == ":" && tokens_[i].kind == Kind::word &&
                tokens_[i + 2].kind == Kind::number) {
                break;
            }
            if (models_[i].first) {
                noun.model = models_[i].first;
                i += models_[i].second;
                noun.end = i;
                // "H100-equivalents", "H100 compute equivalent GPUs": a performance unit.
                for (const std::size_t k : {i, i + 1}) {
                    if (equivalent(k) && (k == i || tokens_[i].kind == Kind::word)) {
                        noun.unit = Unit::h100_equivalent;
                        noun.end = k + 1;
                        return noun;
                    }
                }
                continue;
            }
            // "40,000 equivalent units of NVIDIA's H100": a performance unit, whatever follows.
            if (token.kind == Kind::word && (token.text == "equivalent" || token.text == "equivalents") &&
                (noun.model || noun.unit == Unit::gpu || (i + 1 < tokens_.size() && is_word(tokens_[i + 1], "units")))) {
                noun.unit = Unit::h100_equivalent;
                noun.end = i + 1;
                return noun;
            }
            // "H100e": a model's name with an e.
            if (token.kind == Kind::word && token.text.size() > 2 && token.text.back() == 'e' &&
                !impl_.spellings[impl_.id_of(token.text.substr(0, token.text.size() - 1))].empty()) {
                noun.unit = Unit::h100_equivalent;
                noun.end = i + 1;
                return noun;
            }
            // "graphics processing units", "accelerated processing units", "graphics compute dies"
            Unit named = unit_at(i);
            if ((token.text == "units" || token.text == "unit") && i >= 1 && tokens_[i - 1].text == "processing") {
                named = i >= 2 && tokens_[i - 2].text == "accelerated" ? Unit::apu : Unit::gpu;
            }
            if (named == Unit::die && i >= 1 && tokens_[i - 1].text == "compute") named = Unit::gcd;
            // "8 logical GPUs per node": what software sees, a GCD of an MI250X.
            if (named == Unit::gpu && i >= 1 && tokens_[i - 1].text == "logical") named = Unit::gcd;
            if (const Unit unit = named; unit != Unit::none) {
                if (unit == Unit::gpu && i + 1 < tokens_.size() &&
                    (is_word(tokens_[i + 1], "equivalent") || is_word(tokens_[i + 1], "equivalents"))) {
                    noun.unit = Unit::h100_equivalent;
                    noun.end = i + 2;
                    return noun;
                }
                // "a 4032 GPU system", "a 10k H100 system": the system is the cluster, not a node;
                // "six ... GPU Max Series processors" are GPUs.
                const bool processors = (token.text == "processors" || token.text == "processor") &&
                                        (noun.unit == Unit::gpu || noun.model);
                if (processors) {
                    noun.end = i + 1;
                    ++i;
                    continue;
                }
                const bool system = token.text == "system" || token.text == "systems";
                if (!(system && (noun.unit == Unit::gpu || (noun.unit == Unit::none && noun.model && !token.joined &&
                                                                      (token.text == "system"))))) {
                    noun.unit = unit;
                    noun.noun = i;
                }
                noun.end = i + 1;
                // "8-GPU nodes": GPUs per node.
                if (i == from && token.joined && i + 1 < tokens_.size()) {
                    const Unit holder = unit_at(i + 1);
                    if (holder == Unit::node || holder == Unit::rack || holder == Unit::tray || holder == Unit::superchip) {
                        noun.per = holder;
                        noun.end = i + 2;
                    }
                    return noun;
                }
                ++i;
                continue;
            }
            if (token.kind == Kind::number) {
                // "640GB" inside the phrase: a size, not another figure.
                if (i + 1 < tokens_.size() && tokens_[i + 1].joined && tokens_[i + 1].kind == Kind::word &&
                    unit_at(i + 1) == Unit::other && i > from) {
                    i += 2;
                    continue;
                }
                // "9,216 IBM Power 9 processors": a number in a name.
                if (i > from && tokens_[i - 1].kind == Kind::word && !is(i - 1, stop_word) &&
                    !token.grouped && i + 1 < tokens_.size() && unit_at(i + 1) != Unit::none) {
                    ++i;
                    continue;
                }
                break;
            }
            if (token.kind == Kind::punct) {
                const std::string& mark = token.text;
                if ((mark == "]" || mark == ")") && i == from) {
                    ++i;
                    continue;
                }
                if (mark == "'" || mark == "\u2019" || mark == "\u2018" || mark == "\"" || mark == "\u201C" ||
                    mark == "\u201D" || mark == "\u00D7") {
                    ++i;
                    continue;
                }
                // "H100/H200 chips"
                if (mark == "/" && noun.model && i + 1 < limit && models_[i + 1].first) {
                    ++i;
                    continue;
                }
                break;
            }
            if (noun.unit == Unit::none && !noun.model && token.text == "of" && i + 1 < limit && is(i + 1, determiner_word)) {
                i += 2;
                continue;
            }
            if (is(i, stop_word) || verb_start(i)) break;
            // After a noun, a word goes on only towards another noun: "Tensor Core GPUs".
            if ((noun.unit != Unit::none || noun.model) && !is_noun_ahead(i + 1) && !is(i, maker_word)) break;
            ++i;
        }
        if (noun.unit == Unit::none && noun.model) {
            noun.from_model = true;
            noun.unit = noun.model->package == "superchip" ? Unit::superchip
                        : noun.model->package == "apu"     ? Unit::apu
                        : noun.model->package == "module"  ? Unit::module
                                                           : Unit::gpu;
        }
        return noun;
    }

    // "Number of GPUs: 12,288", "Power (kW) 29,580.98", "Cores: 8,699,904": the noun before, and
    // where its label starts.
    std::pair<Unit, std::size_t> label_before(std::size_t at) const {
        const std::size_t floor = clause_[at];
        for (std::size_t back = 1; back <= 4 && back <= at - floor; ++back) {
            const Token& token = tokens_[at - back];
            if (const Unit unit = unit_at(at - back); unit != Unit::none) {
                std::size_t start = at - back;
                // "Power (kW)": the word before the parenthesis belongs to the label.
                if (start >= floor + 2 && tokens_[start - 1].text == "(" && tokens_[start - 2].kind == Kind::word) start -= 2;
                return {unit, start};
            }
            const bool filler = token.kind == Kind::punct ? (token.text == ":" || token.text == "=" || token.text == "(" ||
                                                             token.text == ")" || token.text == "#" || token.text == "/" ||
                                                             token.text == "|")
                                                          : (token.text == "of" || token.text == "total" || token.text == "number" ||
                                                             token.text == "count" || token.text == "no" || token.text == "installed" ||
                                                             token.text == "physical" || token.text == "co" || token.text == "processor" ||
                                                             token.text == "accelerator" || token.text == "power");
            if (!filler) break;
        }
        return {Unit::none, at};
    }

    // "per node", "a node", "/node", "each" after the noun; "each with", "each node has" before.
    Unit per_unit(std::size_t noun_end, std::size_t figure, std::size_t clause_end) const {
        std::size_t i = noun_end;
        if (i < clause_end && (is_word(tokens_[i], "per") || is_word(tokens_[i], "a") || tokens_[i].text == "/")) {
            std::size_t k = i + 1;
            if (k < clause_end && (is_word(tokens_[k], "each") || is_word(tokens_[k], "one"))) ++k;
            if (k < clause_end) {
                const Unit unit = unit_at(k);
                if (unit == Unit::node || unit == Unit::rack || unit == Unit::tray || unit == Unit::superchip || unit == Unit::module) {
                    return unit;
                }
            }
        }
        const std::size_t floor = clause_[figure];
        auto holder_before = [&](std::size_t at) {
            for (std::size_t back = 1; back <= 4 && back <= at - floor; ++back) {
                const Unit unit = unit_at(at - back);
                if (unit == Unit::node || unit == Unit::rack || unit == Unit::tray || unit == Unit::superchip) return unit;
            }
            return Unit::none;
        };
        if (i < clause_end && is_word(tokens_[i], "each")) return holder_before(figure);
        for (std::size_t back = 1; back <= 12 && back <= figure - floor; ++back) {
            const std::size_t k = figure - back;
            // "each with four GPUs, 1,044 in all": the "each" is the other figure's.
            if (tokens_[k].kind == Kind::number) break;
            if (!is_word(tokens_[k], "each") && !is_word(tokens_[k], "every")) continue;
            if (k + 1 < figure) {
                const Unit unit = unit_at(k + 1);
                if (unit == Unit::node || unit == Unit::rack || unit == Unit::tray || unit == Unit::superchip) return unit;
            }
            return holder_before(k);
        }
        return Unit::none;
    }

    struct Governed {
        bool found = false;
        Modality modality = Modality::in_service;
        std::size_t from = 0, to = 0;  ///< the deciding words
        bool adjacent = false;         ///< a cue right against the figure's phrase
        /// A verb that says nothing of the figure governs it ("will remain open"): a time in the
        /// clause is that verb's, not the figure's.
        bool silent = false;
    };

    bool verb_cue(std::size_t i) const { return verb_start(i); }

    // The nearest verb cue before token `before` in the clause, and the end of the longest phrase
    // that covers it; no_token when there is none.
    std::pair<std::size_t, std::size_t> verb_back(std::size_t before, std::size_t floor, std::size_t limit) const {
        for (std::size_t back = 1; back <= governing_reach && back <= before - floor; ++back) {
            const std::size_t i = before - back;
            if (is(i, relative_word)) break;
            // "will be equipped with 1,456 H100 GPUs, in addition to the 416 A100 GPUs": what is
            // there besides the plan.
            if (is_word(tokens_[i], "addition") && i >= 1 && is_word(tokens_[i - 1], "in") && i + 1 < before &&
                is_word(tokens_[i + 1], "to")) {
                break;
            }
            if (!verb_cue(i)) continue;
            std::size_t verb = i;
            std::size_t verb_end = verb + 1;
            for (Cue cue : {planned, procured, in_service, not_governing, arrival}) {
                verb_end = std::max(verb_end, std::min(limit, verb + phrase(verb, cue)));
            }
            // A phrase may start before the token found: its start is the verb.
            for (std::size_t step = 1; step <= 4 && step <= verb - floor; ++step) {
                const std::size_t k = i - step;
                for (Cue cue : {planned, procured, in_service, not_governing, arrival}) {
                    if (phrase(k, cue) > step && k + phrase(k, cue) <= limit) {
                        verb_end = std::max(verb_end, k + phrase(k, cue));
                        verb = k;
                    }
                }
            }
            return {verb, verb_end};
        }
        return {no_token, no_token};
    }

    // "including 350,000 H100s", "powered by 1,120 GPUs", "a cluster comprising 22,000": a
    // participle that hangs on a noun; the verb of the clause governs it.
    bool participle(std::size_t verb, std::size_t floor) const {
        if (!phrase(verb, in_service) || aux(verb)) return false;
        if (verb > floor && aux(verb - 1)) return false;
        const std::string& word = tokens_[verb].text;
        if (word.size() > 4 && word.ends_with("ing")) return true;
        static constexpr std::string_view past[] = {"powered", "equipped", "built", "made", "integrated", "housed", "hosted",
                                                    "connected", "interconnected", "deployed", "installed", "fitted"};
        return std::find(std::begin(past), std::end(past), word) != std::end(past);
    }

    // What governs a figure from before it: the nearest verb back in its clause and the markers
    // of its verb group ("plans to deploy", "has ordered", "will come online with").
    Governed governed_before(std::size_t figure_start) const {
        const std::size_t floor = clause_[figure_start];
        auto [verb, verb_end] = verb_back(figure_start, floor, figure_start);
        if (verb == no_token) return {};
        Governed hanging;
        if (participle(verb, floor)) {
            hanging = {true, Modality::in_service, verb, verb_end, false};
            const auto [outer, outer_end] = verb_back(verb, floor, verb);
            if (outer == no_token) return hanging;
            verb = outer;
            verb_end = outer_end;
        }
        Governed result = verb_group(verb, verb_end, floor, figure_start);
        // "... feature the GB200 NVL72 platform, which includes 4,608 GPUs": a relative clause
        // in the present describes what the clause it hangs on plans.
        const auto said_now = [&] {
            for (std::size_t k = result.from; k < result.to; ++k) {
                if (is_word(tokens_[k], "already") || is_word(tokens_[k], "currently") || is_word(tokens_[k], "now")) return true;
            }
            return false;
        };
        if (result.modality == Modality::in_service && !result.silent && result.from > floor &&
            is(result.from - 1, relative_word) && !said_now()) {
            const auto [outer, outer_end] = verb_back(result.from - 1, floor, result.from - 1);
            if (outer != no_token) {
                const Governed main = verb_group(outer, outer_end, floor, result.from - 1);
                if (main.modality == Modality::planned || main.modality == Modality::procured) return main;
            }
        }
        // The clause's verb says of the figure only what its future or its order says.
        if (hanging.found && result.modality == Modality::in_service) return hanging;
        return result;
    }

    Governed verb_group(std::size_t verb, std::size_t verb_end, std::size_t floor, std::size_t figure_start) const {
        // The verb group: auxiliaries, adverbs, "to" and markers before the verb.
        std::size_t group = verb;
        while (group > floor) {
            // A phrase that ends where the group starts: "is on track to install".
            std::size_t phrase_start = no_token;
            for (Cue cue : {planned, procured, not_governing, in_service}) {
                const std::size_t at = phrase_ending(group, cue, floor);
                if (at != no_token && (phrase_start == no_token || at < phrase_start)) phrase_start = at;
            }
            if (phrase_start != no_token) {
                group = phrase_start;
                continue;
            }
            const std::size_t k = group - 1;
            const bool part = aux(k) || adverb(k) || is_word(tokens_[k], "to");
            if (!part) break;
            group = k;
        }
        Governed result;
        result.found = true;
        // "will be built around Blackwell and feature the GB200 NVL72": a verb joined by "and"
        // shares the group of the verb before it.
        if (!coordinated_ && group > floor && (is_word(tokens_[group - 1], "and") || is_word(tokens_[group - 1], "or")) &&
            phrase(verb, in_service)) {
            const auto [first, first_end] = verb_back(group - 1, floor, group - 1);
            if (first != no_token) {
                coordinated_ = true;
                const Governed shared = verb_group(first, first_end, floor, group - 1);
                coordinated_ = false;
                if (shared.modality == Modality::planned || shared.modality == Modality::procured) return shared;
            }
        }
        // The verb nearest the figure decides what governs it; a future before a verb of use
        // says nothing of the figure: "will be used to train on 10,000 GPUs".
        for (std::size_t k = verb; k < verb_end; ++k) {
            const std::size_t length = phrase(k, not_governing);
            if (length == 0) continue;
            if (!copula_governs(k, length, figure_start)) {
                result.silent = true;
                return result;
            }
        }
        std::size_t planned_at = no_token, procured_at = no_token;
        for (std::size_t k = group; k < verb_end; ++k) {
            if (planned_at == no_token && phrase(k, planned)) planned_at = k;
            if (procured_at == no_token && phrase(k, procured)) procured_at = k;
        }
        // "has agreed to buy": a procurement phrase that holds the verb outweighs the "to" in it.
        const bool procured_holds_verb = procured_at != no_token && procured_at <= verb &&
                                         procured_at + phrase(procured_at, procured) >= verb_end;
        if (planned_at != no_token && !(procured_holds_verb && planned_at >= procured_at)) {
            result.modality = Modality::planned;
            result.from = planned_at;
            result.to = std::max(verb_end, planned_at + phrase(planned_at, planned));
        } else if (procured_at != no_token) {
            result.modality = Modality::procured;
            result.from = procured_at;
            result.to = std::max(verb_end, procured_at + phrase(procured_at, procured));
        } else if (verb > floor && is_word(tokens_[verb - 1], "to") && establishes(verb) && !aux(verb) &&
                   !(verb >= 2 && (is_word(tokens_[verb - 2], "able") || is_word(tokens_[verb - 2], "managed")))) {
            // "to deploy 20,000 GPUs", "raised funds to build": a purpose, not a fact.
            result.modality = Modality::planned;
            result.from = verb - 1;
            result.to = verb_end;
        } else {
            result.modality = Modality::in_service;
            result.from = group;
            result.to = verb_end;
        }
        return result;
    }

    // Verbs that make a cluster (its purpose, after "to", is a plan): not those that use one ("10
    // days to train on 512 GPUs").
    bool establishes(std::size_t verb) const {
        static constexpr std::string_view verbs[] = {"deploy", "install", "build", "construct", "add", "expand", "field",
                                                     "launch", "get", "house", "host", "stand", "bring", "create", "establish",
                                                     "acquire", "buy", "procure", "double", "grow", "reach", "scale", "equip",
                                                     "feature", "include", "contain", "comprise", "have", "offer", "provide",
                                                     "deliver", "consume", "draw"};
        return tokens_[verb].kind == Kind::word &&
               std::find(std::begin(verbs), std::end(verbs), tokens_[verb].text) != std::end(verbs);
    }

    // "will be a 10,000-GPU system" is governed; "is expected to be a key resource for Europe,
    // with 10,000 GPUs" is not: the figure hangs on a preposition after the noun.
    bool copula_governs(std::size_t at, std::size_t length, std::size_t figure_start) const {
        const bool copula = is_word(tokens_[at], "be") || is_word(tokens_[at], "become") || is_word(tokens_[at], "becomes");
        if (!copula || length < 2) return false;
        for (std::size_t k = at + length; k < figure_start; ++k) {
            if (tokens_[k].text == ",") return false;
        }
        return true;
    }

    // What governs a figure from after it: "20,000 GPUs will be installed", "are on order",
    // "planned for 2026"; a future of another verb leaves it alone ("will remain open to users").
    // `object`: a verb before governs the figure already, so a verb after it in another conjunct
    // ("uses 100,000 GPUs for training and is set to expand") is not its own.
    Governed governed_after(std::size_t phrase_end, std::size_t end, std::size_t reach, bool object) const {
        Governed result;
        if (phrase_end >= end) return result;
        std::size_t adjacent = phrase_end;
        if (adjacent + 1 < end && tokens_[adjacent].text == "(") ++adjacent;  // "40 MW (Proj)"
        // "the 416 A100 GPUs remaining from the old configuration": there already.
        if (const std::size_t length = phrase(adjacent, existing)) {
            return {true, Modality::in_service, adjacent, adjacent + length, true};
        }
        for (Cue cue : {planned, procured}) {
            if (const std::size_t length = phrase(adjacent, cue)) {
                result.found = result.adjacent = true;
                result.modality = cue == planned ? Modality::planned : Modality::procured;
                result.from = adjacent;
                result.to = adjacent + length;
                return result;
            }
        }
        std::size_t i = phrase_end;
        std::size_t skipped = 0;
        bool comma = false;
        while (i < end && !verb_cue(i)) {
            if (tokens_[i].text == ",") comma = true;
            if (tokens_[i].kind == Kind::number || ++skipped > reach) return result;
            if (object && (is_word(tokens_[i], "and") || is_word(tokens_[i], "but") || is_word(tokens_[i], "or"))) return result;
            ++i;
        }
        if (i >= end) return result;
        const std::size_t group = i;
        std::size_t planned_at = no_token, procured_at = no_token, arrival_at = no_token, service_at = no_token;
        std::size_t k = i;
        while (k < end) {
            const std::size_t p = phrase(k, planned), q = phrase(k, procured), a = phrase(k, arrival), s = phrase(k, in_service),
                              n = phrase(k, not_governing);
            if (n) {
                // "will remain", "will be used": the figure is there, and nothing more is said of it.
                result.found = result.silent = true;
                result.from = result.to = group;
                return result;
            }
            if (p && planned_at == no_token) planned_at = k;
            // "that they're building", "being installed": the plan says what becomes of the figure.
            if (p && arrival_at == no_token) {
                const std::string& last = tokens_[k + p - 1].text;
                static constexpr std::string_view done[] = {"built", "installed", "deployed", "delivered", "added", "completed",
                                                            "construction"};
                if ((last.size() > 4 && last.ends_with("ing")) || std::find(std::begin(done), std::end(done), last) != std::end(done)) {
                    arrival_at = k;
                }
            }
            if (q && procured_at == no_token) procured_at = k;
            if (a && arrival_at == no_token) arrival_at = k;
            if (s && service_at == no_token) service_at = k;
            const std::size_t step = std::max({p, q, a, s, std::size_t{0}});
            if (step > 0) {
                k += step;
                continue;
            }
            if (aux(k) || adverb(k) || is_word(tokens_[k], "to")) {
                ++k;
                continue;
            }
            break;
        }
        result.from = group;
        result.to = k;
        if (planned_at != no_token) {
            // After a comma the figure stood in a fronted phrase, and the clause's future is its
            // too when the verb is one of having: "Alongside the 20,736 B200 GPUs, Ceiba will boast".
            const bool fronted = comma && !object && service_at != no_token;
            if (arrival_at == no_token && procured_at == no_token && !fronted) return {};
            result.found = true;
            result.modality = Modality::planned;
        } else if (procured_at != no_token) {
            result.found = true;
            result.modality = Modality::procured;
        } else if (service_at != no_token || arrival_at != no_token) {
            result.found = true;
            result.modality = Modality::in_service;
        }
        return result;
    }

    // "by 2027", "in 2028", "starting Q1 2026": a year still to come, soon after the figure's phrase.
    std::optional<std::pair<std::size_t, std::size_t>> future_year_after(std::size_t from, std::size_t end) const {
        static constexpr std::string_view quarters[] = {"q1", "q2", "q3", "q4", "h1", "h2", "early", "mid", "late", "end",
                                                        "january", "february", "march", "april", "may", "june", "july",
                                                        "august", "september", "october", "november", "december",
                                                        "spring", "summer", "autumn", "fall", "winter", "fy"};
        for (std::size_t i = from; i < std::min(end, from + 8); ++i) {
            const auto year = year_of(i);
            if (!year) {
                if (tokens_[i].kind == Kind::number && !tokens_[i].date) return std::nullopt;
                continue;
            }
            // The words before the year: "by", "by the end of", "in", "from", "starting", "in Q4".
            std::size_t k = i;
            while (k > from && (one_of(tokens_[k - 1], quarters) || is_word(tokens_[k - 1], "the") || is_word(tokens_[k - 1], "of"))) --k;
            if (k == from) return std::nullopt;
            const Token& word = tokens_[k - 1];
            const bool until = is_word(word, "by") || is_word(word, "until") || is_word(word, "before") || is_word(word, "through");
            const bool starting = is_word(word, "starting") || is_word(word, "from") || is_word(word, "beginning") ||
                                  is_word(word, "in") || is_word(word, "during");
            if (until && *year >= year_) return std::pair{k - 1, i + 1};
            if (starting && (*year > year_ || (*year == year_ && !is_word(word, "in")))) return std::pair{k - 1, i + 1};
            return std::nullopt;
        }
        return std::nullopt;
    }

    // The first year within a few tokens after `from`: "decommissioned in 2025".
    std::optional<int> year_after(std::size_t from, std::size_t end) const {
        for (std::size_t i = from; i < std::min(end, from + 5); ++i) {
            if (const auto year = year_of(i)) return year;
        }
        return std::nullopt;
    }

    std::optional<int> year_of(std::size_t i) const {
        const Token& token = tokens_[i];
        if (token.kind != Kind::number || token.grouped || token.fraction || token.plus || token.times || token.text.size() != 4) {
            return std::nullopt;
        }
        const auto value = token.value.to_integer();
        if (!value || *value < 1950 || *value > 2100) return std::nullopt;
        return static_cast<int>(*value);
    }

    std::size_t quantity_at(std::size_t i, std::vector<Quantity>& found);

    // "thousands of GPUs", "tens of thousands of H100s", "hundreds of thousands": no figure, a
    // span of them -- approximate.
    std::size_t vague_at(std::size_t i, std::vector<Quantity>& found) {
        static const std::unordered_map<std::string_view, int> plurals{
            {"dozens", 1}, {"hundreds", 2}, {"thousands", 3}, {"millions", 6}};
        const auto plural = plurals.find(tokens_[i].text);
        if (plural == plurals.end() || i + 1 >= tokens_.size() || !is_word(tokens_[i + 1], "of")) return i + 1;
        std::size_t start = i;
        int exponent = plural->second;
        // "tens of thousands", "hundreds of thousands"
        if (i >= 2 && is_word(tokens_[i - 1], "of") && (is_word(tokens_[i - 2], "tens") || is_word(tokens_[i - 2], "hundreds"))) {
            start = i - 2;
            exponent += is_word(tokens_[i - 2], "tens") ? 1 : 2;
        }
        if (i + 3 < tokens_.size() && (is_word(tokens_[i + 2], "thousands") || is_word(tokens_[i + 2], "millions"))) return i + 1;
        Quantity quantity;
        // From two of the unit to just under ten: "thousands" is 2,000 to 9,999; "dozens" 24 to 99.
        std::int64_t top = 1;
        for (int k = 0; k <= exponent; ++k) top *= 10;
        quantity.value = plural->second == 1 ? model::Decimal::whole(24) : model::Decimal(2, exponent);
        quantity.upper = model::Decimal::whole(top - 1);
        quantity.bound = Bound::approximate;
        const Noun noun = noun_after(i + 2);
        quantity.unit = noun.unit;
        quantity.model = noun.model;
        quantity.unit_from_model = noun.from_model;
        const std::size_t phrase_end = std::max(noun.end, i + 2);
        quantity.bound_words = written(start, phrase_end);
        quantity.begin = tokens_[start].begin;
        quantity.end = tokens_[i].end;
        quantity.phrase_begin = tokens_[start].begin;
        quantity.phrase_end = tokens_[phrase_end - 1].end;
        const Governed governing = governed_before(start);
        if (governing.found && governing.from < governing.to) {
            quantity.modality = governing.modality;
            quantity.modality_words = written(governing.from, governing.to);
            quantity.modality_begin = tokens_[governing.from].begin;
            quantity.modality_end = tokens_[governing.to - 1].end;
        }
        last_phrase_begin_ = start;
        last_phrase_end_ = phrase_end;
        found.push_back(std::move(quantity));
        return phrase_end;
    }

    // A capacity's words a few tokens before a power figure, with nothing but a preposition,
    // an article or a parenthesis between.
    std::size_t power_label_before(std::size_t before, std::size_t floor) const {
        for (std::size_t back = 1; back <= 5 && back <= before - floor; ++back) {
            const std::size_t k = before - back;
            if (phrase(k, power_capacity)) return k;
            const Token& token = tokens_[k];
            const bool filler = token.kind == Kind::punct ? (token.text == "(" || token.text == ")")
                                                          : (one_of(token, prepositions) || is_word(token, "a") ||
                                                             is_word(token, "an") || is_word(token, "the"));
            if (!filler) return no_token;
        }
        return no_token;
    }

    std::size_t equivalence_before(std::size_t before, std::size_t floor) const {
        std::size_t at = phrase_ending(before, equivalence, floor);
        if (at == no_token && before > floor && (is_word(tokens_[before - 1], "a") || is_word(tokens_[before - 1], "an"))) {
            at = phrase_ending(before - 1, equivalence, floor);
        }
        return at;
    }

    const QuoteReader::Impl& impl_;
    std::string_view quote_;
    int year_;
    std::vector<Token> tokens_;
    std::vector<std::array<std::uint8_t, cue_count>> starts_;
    std::vector<std::pair<const model::GpuModel*, std::size_t>> models_;
    std::vector<std::size_t> clause_;  ///< the first token of each token's clause
    std::vector<std::uint32_t> ids_;         ///< each token's word in the reader's vocabulary (0: none)
    std::vector<std::uint32_t> plural_ids_;  ///< its singular's, for a word in s
    std::vector<std::uint8_t> classes_;  ///< each token's WordClass bits
    std::vector<Unit> units_;            ///< the noun each token names, if any
    std::size_t last_phrase_end_ = 0;    ///< the token after the phrase of the figure read last
    mutable bool coordinated_ = false;   ///< verb_group looks back past one "and" at a time
    std::size_t last_phrase_begin_ = 0;  ///< and its first token
};

std::size_t Reading::quantity_at(std::size_t i, std::vector<Quantity>& found) {
    const Token& token = tokens_[i];
    // Numbers inside a model's name ("Max 1550", "Gaudi 3") are not figures.
    if (models_[i].first) return i + models_[i].second;
    model::Decimal value;
    std::size_t end = i + 1;
    if (token.kind == Kind::number) {
        if (token.date || token.ordinal || token.percent) return i + 1;
        value = token.value;
    } else if (token.kind == Kind::word) {
        const auto spelled = spelled_number(tokens_, i);
        if (!spelled) {
            // "each equipped with ... an NVIDIA Kepler K20X GPU": an article before a GPU is one.
            if ((token.text == "a" || token.text == "an") && i > 0 && i + 1 < tokens_.size()) {
                const Noun noun = noun_after(i + 1);
                const bool gpu = noun.model || noun.unit == Unit::gpu || noun.unit == Unit::apu || noun.unit == Unit::superchip;
                const bool per = per_unit(noun.end, i, clause_end(i)) != Unit::none;
                if (gpu && per && noun.end <= i + 5) {
                    value = model::Decimal::whole(1);
                    end = i + 1;
                } else {
                    return vague_at(i, found);
                }
            } else {
                return vague_at(i, found);
            }
        } else {
            value = spelled->value;
            end = i + spelled->length;
        }
    } else {
        return i + 1;
    }
    const std::size_t clause_end_at = clause_end(i);
    // "1.2 million", "100 thousand"
    static const std::unordered_map<std::string_view, int> scale_words{
        {"thousand", 3}, {"million", 6}, {"billion", 9}, {"k", 3}, {"mn", 6}, {"bn", 9}};
    auto scale_after = [&](std::size_t at, model::Decimal& number) {
        if (token.kind != Kind::number || at >= tokens_.size() || tokens_[at].kind != Kind::word) return at;
        const auto scale = scale_words.find(tokens_[at].text);
        if (scale == scale_words.end()) return at;
        number = number.scaled(scale->second);
        return at + 1;
    };
    end = scale_after(end, value);
    // A year is a date, not a figure, unless it counts something: "2048 GPUs", "2048 x H200".
    if (year_of(i) && end == i + 1) {
        const std::size_t floor = clause_[i];
        const bool bounded = phrase_ending(i, approximate, floor) != no_token || phrase_ending(i, at_least, floor) != no_token ||
                             phrase_ending(i, at_most, floor) != no_token;
        const bool counts = bounded || (end < tokens_.size() && (unit_at(end) != Unit::none || models_[end].first ||
                                                                 is_word(tokens_[end], "x") || tokens_[end].text == "\u00D7"));
        if (!counts && !token.times) return i + 1;
    }
    Quantity quantity;
    quantity.value = value;
    if (token.kind == Kind::number && token.dot_thousands) quantity.alternative = token.value.scaled(3);
    std::size_t phrase_begin = i;
    std::size_t resume = end;  // where the next figure may start
    std::size_t phrase_end = end;
    // Ranges: "10,000 to 12,000", "10,000-12,000", "between 10,000 and 12,000", "from 25MW to
    // 75MW"; a range from a low end up to a high one offers sizes up to the high end.
    {
        const bool between = i >= 1 && is_word(tokens_[i - 1], "between");
        const bool from = i >= 1 && is_word(tokens_[i - 1], "from");
        std::size_t k = end;
        // The unit may come with each end: "25MW to 75MW", "500 MW to 2 GW".
        if (k < clause_end_at && counts_power(unit_at(k)) && k + 1 < clause_end_at &&
            (is_word(tokens_[k + 1], "to") || tokens_[k + 1].text == "-" || tokens_[k + 1].text == "\u2013")) {
            ++k;
        }
        const bool joiner = k < clause_end_at && (is_word(tokens_[k], "to") || tokens_[k].text == "-" || tokens_[k].text == "\u2013" ||
                                                   (between && is_word(tokens_[k], "and")));
        // "from 16 to over 1,500": words of a bound before the high end.
        std::size_t high = k + 1;
        if (joiner && high < clause_end_at && tokens_[high].kind == Kind::word) {
            for (Cue cue : {at_least, approximate, at_most}) {
                if (const std::size_t length = phrase(high, cue); length > 0 && high + length < clause_end_at &&
                                                                  tokens_[high + length].kind == Kind::number) {
                    high += length;
                    break;
                }
            }
        }
        if (high != k + 1) {
            // The high end is the figure after the bound words; read it as the range's end.
            if (tokens_[high].kind == Kind::number && !tokens_[high].date && from) {
                model::Decimal upper = tokens_[high].value;
                const std::size_t after = scale_after(high + 1, upper);
                if (value < upper) {
                    quantity.upper = upper;
                    quantity.bound = Bound::at_most;
                    quantity.bound_words = written(i - 1, after);
                    phrase_begin = i - 1;
                    end = after;
                    resume = after;
                    phrase_end = after;
                }
            }
        } else if (joiner && k + 1 < clause_end_at && tokens_[k + 1].kind == Kind::number && !tokens_[k + 1].date &&
            (k == end || unit_at(k - 1) == (k + 2 < tokens_.size() ? unit_at(k + 2) : Unit::none))) {
            model::Decimal upper = tokens_[k + 1].value;
            const std::size_t after = scale_after(k + 2, upper);
            model::Decimal lower = value;
            // "10-12k", "10 to 12 million": the low end takes the high end's scale.
            const int word_scale = after > k + 2 ? scale_words.at(tokens_[after - 1].text) : 0;
            const int suffix = tokens_[k + 1].scale + word_scale;
            if (token.kind == Kind::number && token.scale == 0 && end == i + 1 && suffix > 0 && lower.scaled(suffix) <= upper) {
                lower = lower.scaled(suffix);
            }
            if (lower < upper) {
                quantity.value = lower;
                quantity.upper = upper;
                quantity.bound = from ? Bound::at_most : Bound::approximate;
                quantity.bound_words = written(between || from ? i - 1 : i, after);
                if (between || from) phrase_begin = i - 1;
                if (k == end) end = after;
                resume = after;
                phrase_end = after;
            }
        }
    }
    Noun noun = noun_after(end);
    std::size_t label_start = i;
    if (noun.unit == Unit::none && !noun.model) std::tie(noun.unit, label_start) = label_before(i);
    quantity.unit = noun.unit;
    quantity.model = noun.model;
    quantity.unit_from_model = noun.from_model;
    if (noun.end > end) {
        quantity.unit_words = std::string(text::trim(quote_.substr(tokens_[end].begin, tokens_[noun.end - 1].end - tokens_[end].begin)));
        phrase_end = noun.end;
    }
    if (token.kind == Kind::number && token.times && quantity.unit == Unit::none) quantity.unit = Unit::gpu;
    quantity.per = noun.per != Unit::none ? noun.per : per_unit(phrase_end, i, clause_end_at);

    // The bound: words right before the figure, a + after it, or words after its phrase.
    if (quantity.bound == Bound::exact) {
        const std::size_t floor = clause_[i];
        std::size_t start = i;
        // An article between the words and the figure: "an estimated", "up to a maximum of".
        struct Option {
            Cue cue;
            Bound bound;
        };
        // The longest phrase wins: "no fewer than" is a lower bound, "fewer than" an upper one.
        std::size_t best = no_token;
        Bound best_bound = Bound::exact;
        for (const Option option : {Option{at_most, Bound::at_most}, Option{at_least, Bound::at_least},
                                    Option{approximate, Bound::approximate}}) {
            std::size_t at = phrase_ending(start, option.cue, floor);
            const auto article = [&](std::size_t k) {
                return k > floor && (is_word(tokens_[k - 1], "a") || is_word(tokens_[k - 1], "an") || is_word(tokens_[k - 1], "the"));
            };
            if (at == no_token && article(start)) at = phrase_ending(start - 1, option.cue, floor);
            // "up to an industry-leading 65,536", "nearly a whopping 10,000": an article and one
            // word (hyphenated or not) between the words and the figure.
            if (at == no_token && start > floor + 1) {
                std::size_t k = start - 1;
                while (k > floor && tokens_[k].joined) --k;
                if (tokens_[k].kind == Kind::word && !is(k, stop_word) && article(k)) {
                    at = phrase_ending(k - 1, option.cue, floor);
                }
            }
            if (at == no_token) continue;
            // "spread over 2,000 nodes" is no lower bound.
            if (option.bound == Bound::at_least && is_word(tokens_[at], "over") && at > floor && tokens_[at - 1].kind == Kind::word &&
                (tokens_[at - 1].text == "spread" || tokens_[at - 1].text == "distributed" || tokens_[at - 1].text == "split" ||
                 tokens_[at - 1].text == "divided" || tokens_[at - 1].text == "run" || tokens_[at - 1].text == "running")) {
                continue;
            }
            if (best == no_token || at < best) {
                best = at;
                best_bound = option.bound;
            }
        }
        if (best != no_token) {
            quantity.bound = best_bound;
            quantity.bound_words = written(best, i + 1);
            phrase_begin = best;
        }
        if (quantity.bound == Bound::exact && i > floor && tokens_[i - 1].kind == Kind::punct && !token.space_before) {
            const std::string& mark = tokens_[i - 1].text;
            if (mark == "~" || mark == "\u2248" || mark == "\u223C") quantity.bound = Bound::approximate;
            if (mark == ">" || mark == "\u2265") quantity.bound = Bound::at_least;
            if (mark == "<" || mark == "\u2264") quantity.bound = Bound::at_most;
            if (quantity.bound != Bound::exact) {
                quantity.bound_words = written(i - 1, i + 1);
                phrase_begin = i - 1;
            }
        }
        if (quantity.bound == Bound::exact && token.kind == Kind::number && token.plus) {
            quantity.bound = Bound::at_least;
            quantity.bound_words = written(i, i + 1);
        }
        if (quantity.bound == Bound::exact || quantity.bound == Bound::approximate) {
            const std::size_t after_comma = phrase_end < clause_end_at && tokens_[phrase_end].text == "," ? phrase_end + 1 : phrase_end;
            for (const std::size_t at : {end, phrase_end, after_comma}) {
                if (at >= clause_end_at) continue;
                for (const Option option : {Option{at_most_after, Bound::at_most}, Option{at_least_after, Bound::at_least},
                                            Option{approximate_after, Bound::approximate}}) {
                    // After the noun only phrases of several words: "GPUs plus storage" is no bound.
                    const std::size_t length = phrase(at, option.cue);
                    const bool comparison = at + length < tokens_.size() && is_word(tokens_[at + length], "than");
                    // An upper limit after the figure outweighs an approximation before it:
                    // "about 35 thousand GPUs, at full potential capacity".
                    const bool open = quantity.bound == Bound::exact || option.bound == Bound::at_most;
                    const bool allowed = at == end || length > 1;
                    if (length > 0 && allowed && (at != after_comma || at == phrase_end || option.bound == Bound::at_most) &&
                        !comparison && open && !(quantity.bound == option.bound)) {
                        quantity.bound = option.bound;
                        quantity.bound_words = written(i, at + length);
                        phrase_end = std::max(phrase_end, at + length);
                    }
                }
            }
        }
    }

    // The modality: equivalence first, then what governs the figure before and after it.
    const std::size_t before = phrase_begin;
    auto set_modality = [&](Modality modality, std::size_t from, std::size_t to) {
        quantity.modality = modality;
        if (from >= to) return;
        quantity.modality_words = written(from, to);
        quantity.modality_begin = tokens_[from].begin;
        quantity.modality_end = tokens_[to - 1].end;
    };
    if (quantity.unit == Unit::h100_equivalent) {
        set_modality(Modality::equivalence, i, phrase_end);
    } else if (const std::size_t at = equivalence_before(before, clause_[i]); at != no_token && !counts_power(quantity.unit)) {
        set_modality(Modality::equivalence, at, phrase_end);
    } else if (const std::size_t length = phrase_end < clause_end_at ? phrase(phrase_end, equivalence_after) : 0; length > 0) {
        set_modality(Modality::equivalence, i, phrase_end + length);
    } else {
        Governed governing = governed_before(before);
        // A noun of an order or a plan right against the figure: "an order for 20,000", "a planned 100,000-GPU".
        for (Cue cue : {planned, procured}) {
            const std::size_t at = phrase_ending(before, cue, clause_[i]);
            if (at != no_token) {
                governing = {true, cue == planned ? Modality::planned : Modality::procured, at, before, true};
                break;
            }
        }
        // A subject may be long before its verb: "The first phase of the Supercomputer consisting
        // of 4,000 GPUs and the first Data Center ... will be operational".
        const bool hangs = !governing.found || (governing.modality == Modality::in_service && governing.from < governing.to &&
                                                participle(governing.from, clause_[i]));
        const Governed after = governed_after(phrase_end, clause_end_at, hangs ? 16 : 6, governing.found && !hangs);
        if (after.found && (after.adjacent || !governing.found || governing.modality == Modality::in_service) &&
            !(governing.found && governing.adjacent)) {
            if (after.modality != Modality::in_service || !governing.found) governing = after;
        }
        if (!governing.found && !after.silent) {
            for (std::size_t k = clause_[i]; k < clause_end_at; ++k) {
                if (const std::size_t length = phrase(k, future_time)) {
                    governing = {true, Modality::planned, k, k + length, false};
                    break;
                }
            }
        }
        if (!governing.found) {
            // "700MW within 1.5 years", "in two years".
            for (std::size_t k = phrase_end; k + 2 < std::min(clause_end_at, phrase_end + 4); ++k) {
                if (!is_word(tokens_[k], "within") && !is_word(tokens_[k], "in")) continue;
                const bool figure = tokens_[k + 1].kind == Kind::number || spelled_number(tokens_, k + 1).has_value();
                const Token& span = tokens_[k + 2];
                if (figure && (span.text == "years" || span.text == "months" || span.text == "weeks" || span.text == "year")) {
                    governing = {true, Modality::planned, k, k + 3, false};
                    break;
                }
            }
        }
        if ((!governing.found || governing.modality == Modality::in_service) && !governing.silent && !after.silent) {
            if (const auto year = future_year_after(phrase_end, clause_end_at)) {
                const bool said_done = governing.found && governing.from < governing.to && phrase(governing.from, in_service) &&
                                       !aux(governing.from);
                if (!said_done) governing = {true, Modality::planned, year->first, year->second, false};
            }
        }
        if (governing.found) set_modality(governing.modality, governing.from, governing.to);
    }

    // "trained using up to 6,144 H100 GPUs": a use of up to N shows at least N.
    if (quantity.bound == Bound::at_most && quantity.bound_words.starts_with("up to") &&
        quantity.modality == Modality::in_service && quantity.modality_begin < quantity.modality_end) {
        static constexpr std::string_view uses[] = {"using", "used", "uses", "trained", "train", "training", "ran", "run",
                                                    "running", "runs", "utilizing", "utilising", "scaled"};
        const std::string verb = text::lower_ascii(quantity.modality_words.substr(quantity.modality_words.rfind(' ') + 1));
        if (std::find(std::begin(uses), std::end(uses), verb) != std::end(uses) ||
            quantity.modality_words.find("trained on") != std::string::npos || quantity.modality_words.find("run on") != std::string::npos) {
            quantity.bound = Bound::at_least;
        }
    }

    // Power figures: a capacity, a campus's or a grid connection's, is not power drawn.
    if (counts_power(quantity.unit)) {
        std::size_t at = phrase_ending(before, power_capacity, clause_[i]);
        // "growing its capacity from 25MW", "a capacity of 400 MW"
        if (at == no_token && before > clause_[i] && (is_word(tokens_[before - 1], "from") || is_word(tokens_[before - 1], "to") ||
                                                      is_word(tokens_[before - 1], "at"))) {
            at = phrase_ending(before - 1, power_capacity, clause_[i]);
        }
        if (quantity.bound == Bound::at_most) {
            quantity.capacity = true;
            quantity.capacity_words = quantity.bound_words;
        } else if (at != no_token) {
            quantity.capacity = true;
            quantity.capacity_words = written(at, phrase_end);
        } else if (const std::size_t label = power_label_before(before, clause_[i]); label != no_token) {
            // "Each SU requires a Thermal Design Power (TDP) of 1.2 Megawatts"
            quantity.capacity = true;
            quantity.capacity_words = written(label, phrase_end);
        } else {
            // "400 MW of capacity", "50MW of AI and HPC capacity", "50 megawatts (MW) of power capacity"
            for (std::size_t k = phrase_end; k < std::min(clause_end_at, phrase_end + 6); ++k) {
                if (const std::size_t length = phrase(k, power_capacity)) {
                    quantity.capacity = true;
                    quantity.capacity_words = written(i, k + length);
                    break;
                }
                if (tokens_[k].kind == Kind::number || verb_start(k) || tokens_[k].text == ",") break;
            }
        }
    }
    quantity.begin = tokens_[i].begin;
    quantity.end = tokens_[end - 1].end;
    phrase_begin = std::min(phrase_begin, label_start);
    quantity.phrase_begin = tokens_[phrase_begin].begin;
    quantity.phrase_end = tokens_[std::max(phrase_end, end) - 1].end;
    last_phrase_end_ = std::max(phrase_end, end);
    last_phrase_begin_ = phrase_begin;
    found.push_back(std::move(quantity));
    // Figures inside the noun phrase ("8 NVIDIA A100 80 GB GPUs") are not read again.
    return std::max({end, resume, noun.end});
}

std::vector<StatusEvent> Reading::status_events() const {
    std::vector<StatusEvent> events;
    for (std::size_t i = 0; i < tokens_.size();) {
        std::size_t length = 0;
        StatusEvent::Kind kind = StatusEvent::Kind::live;
        bool began = false;
        for (const auto& [cue, event] : {std::pair{retired, StatusEvent::Kind::retired}, std::pair{construction, StatusEvent::Kind::construction},
                                         std::pair{construction_began, StatusEvent::Kind::construction},
                                         std::pair{live, StatusEvent::Kind::live}}) {
            if (phrase(i, cue) > length) {
                length = phrase(i, cue);
                kind = event;
                began = cue == construction_began;
            }
        }
        if (length == 0) {
            ++i;
            continue;
        }
        StatusEvent event;
        event.kind = kind;
        event.began = began;
        const std::size_t end = i + length;
        const std::size_t floor = clause_[i];
        const std::size_t stop = clause_end(i);
        std::size_t from = i;
        std::size_t to = end;
        // "not yet operational", "yet to go live", "not fully complete"
        for (std::size_t back = 1; back <= 3 && back <= i - floor; ++back) {
            if (phrase(i - back, negation) >= back) {
                event.happened = false;
                event.denied = true;
                from = i - back;
                break;
            }
        }
        if (event.happened) {
            // A plan before the event: its own verb group ("is expected to go live", "will be
            // decommissioned") or that of the verb it hangs on ("will bring the system online").
            std::size_t planned_at = no_token;
            std::size_t group = i;
            bool changed_plan = false;
            static constexpr std::string_view hearsay[] = {"reported", "said", "believed", "thought", "known", "claimed",
                                                           "rumoured", "rumored", "understood", "seems", "appears",
                                                           "appeared", "seemed", "likely"};
            static constexpr std::string_view earlier[] = {"originally", "initially", "previously"};
            while (group > floor) {
                // A phrase that ends where the group starts: "scheduled for shutdown".
                std::size_t phrase_start = no_token;
                for (Cue cue : {planned, future_time}) {
                    const std::size_t at = phrase_ending(group, cue, floor);
                    if (at != no_token && (phrase_start == no_token || at < phrase_start)) phrase_start = at;
                }
                if (phrase_start != no_token) {
                    planned_at = phrase_start;
                    group = phrase_start;
                    continue;
                }
                const std::size_t k = group - 1;
                if (one_of(tokens_[k], earlier)) {
                    // "Originally scheduled for shutdown": a plan that did not hold.
                    changed_plan = true;
                    group = k;
                    continue;
                }
                const bool becoming = is_word(tokens_[k], "become") || is_word(tokens_[k], "go");
                if (!(aux(k) || adverb(k) || becoming || is_word(tokens_[k], "to"))) break;
                // "for it to become operational": an aim, not a fact; "reported to be online" is a report.
                if (is_word(tokens_[k], "to") && planned_at == no_token && (k == floor || (!aux(k - 1) && !one_of(tokens_[k - 1], hearsay)))) {
                    planned_at = k;
                }
                group = k;
            }
            if (changed_plan && planned_at != no_token) {
                event.happened = false;
                event.denied = true;
            }
            if (planned_at == no_token) {
                const auto [verb, verb_end] = verb_back(i, floor, i);
                bool other_event = false;
                for (std::size_t k = verb_end; k < i && verb != no_token; ++k) {
                    if (phrase(k, live) || phrase(k, construction) || phrase(k, construction_began) || phrase(k, retired)) {
                        other_event = true;
                    }
                }
                if (verb != no_token && !other_event && !participle(verb, floor)) {
                    const Governed governing = verb_group(verb, verb_end, floor, i);
                    if (governing.modality == Modality::planned) planned_at = governing.from;
                }
            }
            // A plan after it: "go-live planned for 2026", "operational in 2027", "later this year",
            // "the construction of its own structure ... will be the first step".
            std::size_t planned_to = no_token;
            if (end < stop) {
                if (const std::size_t p = phrase(end, planned)) planned_to = end + p;
            }
            if (planned_to == no_token && tokens_[i].kind == Kind::word && !tokens_[i].text.ends_with("ed")) {
                for (std::size_t k = end; k < std::min(stop, end + 10); ++k) {
                    if (tokens_[k].text == ",") break;
                    if (!verb_cue(k)) continue;
                    if (const std::size_t p = phrase(k, planned); p > 0 && !aux(k - 1)) planned_to = k + p;
                    break;
                }
            }
            if (planned_to == no_token) {
                for (std::size_t k = end; k < std::min(stop, end + 4); ++k) {
                    if (const std::size_t p = phrase(k, future_time)) {
                        planned_to = k + p;
                        break;
                    }
                }
            }
            if (planned_to == no_token && kind != StatusEvent::Kind::retired) {
                if (const auto year = future_year_after(end, stop)) planned_to = year->second;
            }
            if (const auto year = year_after(end, stop)) event.year = *year;
            if (planned_at != no_token || planned_to != no_token) {
                event.happened = false;
                if (planned_at != no_token) from = planned_at;
                if (planned_to != no_token) to = planned_to;
            }
        }
        event.words = written(from, to);
        // "Theta has since been retired, and these GPUs were shifted to Sophia", "BlueRidge, ARC's
        // previous flagship, which was retired in 2019": another machine's.
        bool elsewhere = false;
        if (kind == StatusEvent::Kind::retired) {
            for (std::size_t back = 1; back <= 4 && back <= from - floor; ++back) {
                if (is(from - back, relative_word) || is_word(tokens_[from - back], "that")) elsewhere = true;
                if (!aux(from - back) && !adverb(from - back) && !is(from - back, relative_word) &&
                    !is_word(tokens_[from - back], "that")) {
                    break;
                }
            }
            std::size_t sentence_end = end;
            while (sentence_end < tokens_.size() && !(tokens_[sentence_end].clause_start && tokens_[sentence_end - 1].text == ".")) {
                if (phrase(sentence_end, moved_on)) elsewhere = true;
                ++sentence_end;
            }
        }
        if (!elsewhere) events.push_back(std::move(event));
        i = end;
    }
    return events;
}

}  // namespace

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
