// The quote reader's lexicon: the lists db/rules.toml gives it, indexed once per reader.
#include <algorithm>
#include <cctype>
#include <fmt/format.h>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "rules/quote_reading.hpp"

namespace gpuclusters::rules {
namespace {

using namespace reading;

constexpr LexiconList phrases(std::string_view name, Cue cue) { return {name, ListShape::phrases, cue}; }
constexpr LexiconList words(std::string_view name, WordClass word_class) { return {name, ListShape::words, word_class}; }
constexpr LexiconList nouns(std::string_view name, Unit unit) {
    return {name, ListShape::nouns, static_cast<std::uint8_t>(unit)};
}
constexpr LexiconList numbers(std::string_view name, NumberList list, int most) { return {name, ListShape::numbers, list, most}; }

constexpr std::array lists{
    phrases("approximate", approximate),
    phrases("at_least", at_least),
    phrases("at_most", at_most),
    phrases("approximate_after", approximate_after),
    phrases("at_least_after", at_least_after),
    phrases("at_most_after", at_most_after),
    phrases("planned", planned),
    phrases("procured", procured),
    phrases("in_service", in_service),
    phrases("not_governing", not_governing),
    phrases("arrival", arrival),
    phrases("equivalence", equivalence),
    phrases("equivalence_after", equivalence_after),
    phrases("future_time", future_time),
    phrases("existing", existing),
    phrases("not_a_cue", not_a_cue),
    phrases("power_capacity", power_capacity),
    phrases("live", live),
    phrases("construction", construction),
    phrases("construction_began", construction_began),
    phrases("moved_on", moved_on),
    phrases("retired", retired),
    phrases("negation", negation),
    phrases("use_bounds", use_bound),
    phrases("used_on", used_on),
    words("auxiliaries", aux_word),
    words("adverbs", adverb_word),
    words("phrase_stops", stop_word),
    words("relative_pronouns", relative_word),
    words("prepositions", preposition_word),
    words("determiners", determiner_word),
    words("makers", maker_word),
    words("equal", equal_word),
    words("equivalent", equivalent_word),
    words("equivalent_short", equivalent_short_word),
    words("label_words", label_word),
    words("every", every_word),
    words("participles", participle_word),
    words("said_now", said_now_word),
    words("purpose_verbs", purpose_word),
    words("copulas", copula_word),
    words("able", able_word),
    words("done", done_word),
    words("date_parts", date_part_word),
    words("until", until_word),
    words("starting", starting_word),
    words("spread", spread_word),
    words("time_spans", time_span_word),
    words("hearsay", hearsay_word),
    words("earlier", earlier_word),
    words("becoming", becoming_word),
    words("system_nouns", system_word),
    words("processor_nouns", processor_word),
    words("use_verbs", use_word),
    words("half", half_word),
    words("dozen", dozen_word),
    words("units", unit_word),
    words("processing", processing_word),
    words("accelerated", accelerated_word),
    words("compute", compute_word),
    words("logical", logical_word),
    words("abbreviations", abbreviation_word),
    words("ordinal_suffixes", ordinal_word),
    nouns("gpu_nouns", Unit::gpu),
    nouns("superchip_nouns", Unit::superchip),
    nouns("apu_nouns", Unit::apu),
    nouns("module_nouns", Unit::module),
    nouns("die_nouns", Unit::die),
    nouns("gcd_nouns", Unit::gcd),
    nouns("tile_nouns", Unit::tile),
    nouns("node_nouns", Unit::node),
    nouns("rack_nouns", Unit::rack),
    nouns("tray_nouns", Unit::tray),
    nouns("core_nouns", Unit::core),
    nouns("cpu_nouns", Unit::cpu),
    nouns("h100_equivalent_nouns", Unit::h100_equivalent),
    nouns("megawatt_nouns", Unit::megawatt),
    nouns("kilowatt_nouns", Unit::kilowatt),
    nouns("gigawatt_nouns", Unit::gigawatt),
    nouns("other_nouns", Unit::other),
    numbers("spelled_numbers", spelled_numbers, 999),
    numbers("spelled_scales", spelled_scales, 12),
    numbers("scale_words", scale_words, 12),
    numbers("vague_plurals", vague_plurals, 12),
    numbers("vague_multipliers", vague_multipliers, 12),
    numbers("figure_suffixes", figure_suffixes, 12),
};

// A phrase must hold a word: a letter or a digit, in any script.
bool has_word(const std::vector<std::string>& words) {
    return std::any_of(words.begin(), words.end(), [](const std::string& word) {
        return !word.empty() &&
               (static_cast<unsigned char>(word[0]) >= 0x80 || std::isalnum(static_cast<unsigned char>(word[0])));
    });
}

}  // namespace

std::span<const LexiconList> lexicon_lists() { return lists; }

std::optional<std::string> single_word_fault(std::string_view entry) {
    std::vector<std::string> words;
    for (auto& token : quote_tokens::tokenize(entry, {})) words.push_back(std::move(token.text));
    if (!has_word(words)) return "has no word in it";
    if (words.size() != 1) return "is not one word";
    return std::nullopt;
}

QuoteReader::Impl::Impl(const Lexicon& lexicon) {
    // The tokenizer's words first: the phrases are tokenized with them.
    for (const auto& list : lists) {
        const auto found = lexicon.numbers.find(list.name);
        if (list.shape != ListShape::numbers || found == lexicon.numbers.end()) continue;
        for (const auto& [word, value] : found->second) {
            const auto words = words_of(word);
            if (words.size() != 1 || !has_word(words)) {
                throw InputError(fmt::format("[quote-reader] {}: '{}' is not one word", list.name, word));
            }
            numbers[list.role][words.front()] = value;
        }
    }
    token_words.suffixes.assign(numbers[figure_suffixes].begin(), numbers[figure_suffixes].end());
    for (const auto& list : lists) {
        const auto found = lexicon.lists.find(list.name);
        if (list.shape != ListShape::words || found == lexicon.lists.end()) continue;
        if (list.role == abbreviation_word) token_words.abbreviations = found->second;
        if (list.role == ordinal_word) token_words.ordinals = found->second;
    }
    for (const auto& list : lists) {
        if (list.shape == ListShape::numbers) continue;
        if (const auto found = lexicon.lists.find(list.name); found != lexicon.lists.end()) add_list(list, found->second);
    }
    add_models();
    const auto longest_first = [](const auto& a, const auto& b) { return a.words.size() > b.words.size(); };
    for (auto& list : phrases) std::stable_sort(list.begin(), list.end(), longest_first);
    for (auto& list : spellings) std::stable_sort(list.begin(), list.end(), longest_first);
}

void QuoteReader::Impl::add_list(const LexiconList& list, const std::vector<std::string>& entries) {
    for (const auto& entry : entries) {
        auto words = words_of(entry);
        if (!has_word(words)) throw InputError(fmt::format("[quote-reader] {}: '{}' has no word in it", list.name, entry));
        if (list.shape == ListShape::phrases && (list.role == use_bound || list.role == used_on)) {
            (list.role == use_bound ? use_bound_phrases : used_on_phrases).push_back(entry);
            continue;
        }
        if (list.shape == ListShape::phrases) {
            Phrase phrase{static_cast<Cue>(list.role), {}};
            for (const auto& word : words) phrase.words.push_back(intern(word));
            phrases[phrase.words.front()].push_back(std::move(phrase));
            continue;
        }
        if (words.size() != 1) throw InputError(fmt::format("[quote-reader] {}: '{}' is not one word", list.name, entry));
        if (list.shape == ListShape::nouns) {
            units[intern(words.front())] = static_cast<Unit>(list.role);
        } else if (list.role == use_word) {
            use_words.push_back(words.front());
        } else {
            classes[intern(words.front())] |= std::uint64_t{1} << list.role;
        }
    }
}

void QuoteReader::Impl::add_models() {
    const auto& catalogue = model::GpuCatalogue::builtin();
    for (const auto& entry : catalogue.models()) {
        classes[intern(text::lower_ascii(entry.maker))] |= std::uint64_t{1} << maker_word;
        for (const auto& spelling : catalogue.spellings(entry)) {
            auto words = words_of(spelling);
            if (words.empty()) continue;
            Spelling named{&entry, {}};
            for (const auto& word : words) named.words.push_back(intern(word));
            spellings[named.words.front()].push_back(std::move(named));
        }
    }
}

std::vector<std::string> QuoteReader::Impl::words_of(std::string_view phrase) const {
    std::vector<std::string> words;
    for (auto& token : quote_tokens::tokenize(phrase, token_words)) words.push_back(std::move(token.text));
    return words;
}

}  // namespace gpuclusters::rules
