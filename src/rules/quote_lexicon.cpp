// The quote reader's lexicon: the lists db/rules.toml gives it, indexed once per reader.
#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <unicode/utf8.h>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "rules/quote_reading.hpp"

namespace gpuclusters::rules {
namespace {

using namespace reading;

constexpr std::array<std::pair<std::string_view, Unit>, 18> noun_lists{{
    {"gpu_nouns", Unit::gpu},
    {"superchip_nouns", Unit::superchip},
    {"apu_nouns", Unit::apu},
    {"module_nouns", Unit::module},
    {"die_nouns", Unit::die},
    {"gcd_nouns", Unit::gcd},
    {"tile_nouns", Unit::tile},
    {"node_nouns", Unit::node},
    {"rack_nouns", Unit::rack},
    {"tray_nouns", Unit::tray},
    {"core_nouns", Unit::core},
    {"cpu_nouns", Unit::cpu},
    {"h100_equivalent_nouns", Unit::h100_equivalent},
    {"megawatt_nouns", Unit::megawatt},
    {"kilowatt_nouns", Unit::kilowatt},
    {"gigawatt_nouns", Unit::gigawatt},
    {"energy_nouns", Unit::energy},
    {"other_nouns", Unit::other},
}};

// Every list, its role its place among those of its shape (a unit for a noun list's).
constexpr auto all_lists() {
    std::array<LexiconList, cue_lists.size() + word_classes.size() + noun_lists.size() + number_lists.size()> all{};
    auto out = all.begin();
    const auto add = [&](ListShape shape, const auto& names) {
        for (std::size_t i = 0; i < names.size(); ++i) *out++ = {names[i], shape, static_cast<std::uint8_t>(i)};
    };
    add(ListShape::phrases, cue_lists);
    add(ListShape::words, word_classes);
    for (const auto& [name, unit] : noun_lists) *out++ = {name, ListShape::nouns, static_cast<std::uint8_t>(unit)};
    // A spelled number's value is at most 999, a power of ten at most 12.
    for (std::size_t i = 0; i < number_lists.size(); ++i) {
        *out++ = {number_lists[i], ListShape::numbers, static_cast<std::uint8_t>(i),
                  i == NumberList("spelled_numbers") ? 999 : 12};
    }
    return all;
}
constexpr auto lists = all_lists();

// A phrase must hold a word: a letter or a digit, in any script.
bool has_word(const std::vector<std::string>& words) {
    return std::any_of(words.begin(), words.end(), [](const std::string& word) {
        return !word.empty() &&
               (static_cast<unsigned char>(word[0]) >= 0x80 || std::isalnum(static_cast<unsigned char>(word[0])));
    });
}

}  // namespace

namespace {

// The runs of CJK letters in an entry of the lexicon: the words a run of them in a quote is cut into.
void add_cjk_words(std::string_view entry, std::set<std::string, std::less<>>& words) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(entry.data());
    const auto size = static_cast<std::int32_t>(entry.size());
    std::int32_t run = -1;
    for (std::int32_t at = 0; at <= size;) {
        const std::int32_t start = at;
        UChar32 c = 0;
        if (at < size) U8_NEXT(bytes, at, size, c);
        const bool cjk = start < size && c > 0 && quote_tokens::is_cjk(c);
        if (cjk && run < 0) run = start;
        if (!cjk && run >= 0) {
            words.emplace(
                quote_tokens::simplified_han(entry.substr(static_cast<std::size_t>(run), static_cast<std::size_t>(start - run))));
            run = -1;
        }
        if (start == size) break;
    }
}

}  // namespace

std::span<const LexiconList> lexicon_lists() { return lists; }

std::optional<std::string> single_word_fault(std::string_view entry, ListShape shape) {
    const bool stem = shape == ListShape::nouns && entry.size() > 1 && entry.back() == '*';
    if (stem) entry.remove_suffix(1);
    // A run of CJK letters in the lexicon is one word of it.
    quote_tokens::TokenWords known;
    add_cjk_words(entry, known.cjk_words);
    std::vector<std::string> words;
    for (auto& token : quote_tokens::tokenize(entry, known)) words.push_back(std::move(token.text));
    if (!has_word(words)) return "has no word in it";
    if (words.size() != 1) return stem ? "is no stem of one word" : "is not one word";
    const auto letters = std::count_if(words.front().begin(), words.front().end(),
                                       [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
    if (stem && letters < 3) return "is a stem of fewer than three letters";
    return std::nullopt;
}

QuoteReader::Impl::Impl(const Lexicon& lexicon) {
    for (const auto& [name, entries] : lexicon.lists) {
        for (const auto& entry : entries) add_cjk_words(entry, token_words.cjk_words);
    }
    for (const auto& [name, entries] : lexicon.numbers) {
        for (const auto& [entry, value] : entries) add_cjk_words(entry, token_words.cjk_words);
    }
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
    token_words.suffixes.assign(numbers[NumberList("figure_suffixes")].begin(), numbers[NumberList("figure_suffixes")].end());
    // A decimal comma is read before a unit of power or energy, a measure or a scale: "21,1 MW",
    // "5,34 pétaflops", "3,5 Mio."; not before a count ("4,8 GPUs" may be a list).
    for (const auto& [word, scale] : numbers[NumberList("scale_words")]) token_words.decimal_units.push_back(word);
    for (const char* name : {"megawatt_nouns", "kilowatt_nouns", "gigawatt_nouns", "energy_nouns", "other_nouns"}) {
        if (const auto found = lexicon.lists.find(name); found != lexicon.lists.end()) {
            for (const auto& entry : found->second) token_words.decimal_units.push_back(text::fold(entry));
        }
    }
    for (const auto& list : lists) {
        const auto found = lexicon.lists.find(list.name);
        if (list.shape != ListShape::words || found == lexicon.lists.end()) continue;
        if (list.role == WordClass("abbreviations")) token_words.abbreviations = found->second;
        if (list.role == WordClass("ordinal_suffixes")) token_words.ordinals = found->second;
        if (list.role == WordClass("counters")) token_words.counters = found->second;
    }
    for (const auto& list : lists) {
        if (list.shape == ListShape::numbers) continue;
        if (const auto found = lexicon.lists.find(list.name); found != lexicon.lists.end()) add_list(list, found->second);
    }
    // A compound's tail takes its unit from the noun lists, known once every list is read; a tail
    // no list holds (a configuration may replace a list) gives a compound no unit.
    for (auto& [tail, unit] : compound_tails) unit = units[id_of(tail)];
    std::erase_if(compound_tails, [](const auto& tail) { return tail.second == Unit::none; });
    add_models();
    for (const auto& [word, id] : ids) {
        if (!word.empty() && units[id] != Unit::none)
            unit_word_shapes[static_cast<unsigned char>(word.front())] |= shape_bit(word.size());
    }
    const auto longest_first = [](const auto& a, const auto& b) { return a.words.size() > b.words.size(); };
    for (auto& list : phrases) std::stable_sort(list.begin(), list.end(), longest_first);
    for (auto& list : spellings) std::stable_sort(list.begin(), list.end(), longest_first);
}

void QuoteReader::Impl::add_list(const LexiconList& list, const std::vector<std::string>& entries) {
    for (const auto& entry : entries) {
        // "procesor*": a stem of a noun that languages decline, giving every word it begins its
        // list's unit ("procesorów", "procesory").
        if (list.shape == ListShape::nouns && entry.size() > 1 && entry.back() == '*') {
            if (const auto fault = single_word_fault(entry, list.shape)) {
                throw InputError(fmt::format("[quote-reader] {}: '{}' {}", list.name, entry, *fault));
            }
            noun_stems.emplace_back(words_of(std::string_view(entry).substr(0, entry.size() - 1)).front(),
                                    static_cast<Unit>(list.role));
            continue;
        }
        auto words = words_of(entry);
        if (!has_word(words)) throw InputError(fmt::format("[quote-reader] {}: '{}' has no word in it", list.name, entry));
        if (list.shape == ListShape::phrases && (list.role == Cue("use_bounds") || list.role == Cue("used_on"))) {
            (list.role == Cue("use_bounds") ? use_bound_phrases : used_on_phrases).push_back(entry);
            continue;
        }
        if (list.shape == ListShape::phrases) {
            Phrase phrase{list.role, {}};
            for (const auto& word : words) phrase.words.push_back(intern(word));
            phrases[phrase.words.front()].push_back(std::move(phrase));
            continue;
        }
        if (words.size() != 1) throw InputError(fmt::format("[quote-reader] {}: '{}' is not one word", list.name, entry));
        if (list.shape == ListShape::nouns) {
            units[intern(words.front())] = static_cast<Unit>(list.role);
        } else if (list.role == WordClass("use_verbs")) {
            use_words.push_back(words.front());
        } else if (list.role == WordClass("future_endings")) {
            future_endings.push_back(words.front());
        } else if (list.role == WordClass("compound_tails")) {
            compound_tails.emplace_back(words.front(), Unit::none);
        } else {
            classes[intern(words.front())].set(list.role);
        }
    }
}

void QuoteReader::Impl::add_models() {
    const auto& catalogue = model::GpuCatalogue::builtin();
    for (const auto& entry : catalogue.models()) {
        classes[intern(text::lower_ascii(entry.maker))].set(WordClass("makers"));
        for (const auto& spelling : catalogue.spellings(entry)) {
            auto words = words_of(spelling);
            if (words.empty()) continue;
            Spelling named{&entry, {}};
            for (const auto& word : words) named.words.push_back(intern(word));
            spellings[named.words.front()].push_back(std::move(named));
        }
    }
}

Unit QuoteReader::Impl::compound_unit(std::string_view word) const {
    for (const auto& [tail, unit] : compound_tails) {
        // Two letters at least before the tail: "Rechenknoten", not a word the tail nearly is.
        if (word.size() >= tail.size() + 2 && word.ends_with(tail)) return unit;
    }
    for (const auto& [stem, unit] : noun_stems) {
        if (word.starts_with(stem)) return unit;
    }
    return Unit::none;
}

std::vector<std::string> QuoteReader::Impl::words_of(std::string_view phrase) const {
    std::vector<std::string> words;
    for (auto& token : quote_tokens::tokenize(phrase, token_words)) words.push_back(std::move(token.text));
    return words;
}

}  // namespace gpuclusters::rules
