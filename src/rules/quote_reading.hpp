// The quote reader's insides, shared by its files (quote_reader, quote_lexicon, quote_reading,
// quote_governing, quote_quantities): the lexicon's cues, word classes and number lists, the
// indexed lexicon (QuoteReader::Impl) and Reading, one quote being read.
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/decimal.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/rules/quote_reader.hpp"
#include "rules/quote_tokens.hpp"

namespace gpuclusters::rules {
namespace reading {

using quote_tokens::Token;
using Kind = Token::Kind;

// A list of the lexicon by its name in db/rules.toml, checked when compiled: its place in `names`.
template <const auto& names>
struct ListName {
    consteval ListName(const char* name) : index(place(name)) {}
    constexpr operator std::uint8_t() const { return index; }
    friend constexpr bool operator==(ListName, ListName) = default;
    std::uint8_t index;

private:
    static consteval std::uint8_t place(std::string_view name) {
        const auto found = std::find(names.begin(), names.end(), name);
        if (found == names.end()) throw std::logic_error("not a list of the quote reader");
        return static_cast<std::uint8_t>(found - names.begin());
    }
};

// The lists of phrases looked for in a quote's tokens.
inline constexpr std::array<std::string_view, 36> cue_lists{
    "approximate", "at_least", "at_most", "approximate_after", "at_least_after", "at_most_after", "planned", "procured",
    "in_service", "not_governing", "arrival", "equivalence", "equivalence_after", "future_time", "existing", "not_a_cue",
    "power_capacity", "power_peak", "power_difference", "power_difference_after", "live", "construction", "construction_began",
    "moved_on", "retired", "negation", "partial", "subject_doings", "partial_subjects", "prospective", "negated_subjects",
    "growth", "in_progress", "ongoing",
    // Kept as written, not looked for in a quote: what the words of a bound or a modality begin with or hold.
    "use_bounds", "used_on"};
using Cue = ListName<cue_lists>;

inline constexpr std::size_t no_token = static_cast<std::size_t>(-1);
// How far the reader looks for what governs a figure, in tokens.
inline constexpr std::size_t governing_reach = 30;
inline constexpr std::size_t noun_reach = 10;

inline bool is_word(const Token& token, std::string_view text) { return token.kind != Kind::number && token.text == text; }

// The classes of a word the reader asks about, each a bit of a word's classes, looked up once per token.
// clang-format off
inline constexpr std::array<std::string_view, 81> word_classes{
    "auxiliaries", "adverbs", "phrase_stops", "relative_pronouns", "prepositions", "determiners", "makers", "equal",
    "equivalent", "equivalent_short", "label_words", "every", "participles", "said_now", "purpose_verbs", "copulas", "able",
    "done", "date_parts", "until", "starting", "spread", "time_spans", "hearsay", "earlier", "becoming", "system_nouns",
    "processor_nouns", "use_verbs", "half", "dozen", "units", "processing", "accelerated", "compute", "logical",
    "abbreviations", "ordinal_suffixes", "counters", "possessives", "continuing", "per_words", "supply_verbs", "future_endings",
    "hours", "passive_auxiliaries", "subordinators", "totals", "awaiting", "conjunctions", "ai_words", "compound_tails",
    "since_words", "part_of", "present_passives", "building_participles", "articles", "prospective_adjectives", "only_words",
    "first_words", "approximate_numbers", "progress_adverbs", "onset_participles", "partial_adverbs", "onsets", "holding_verbs",
    "completion", "nearness", "machine_nouns", "change_verbs", "subject_pronouns", "count_nouns", "plan_nouns", "predecessors",
    "linking_verbs", "process_nouns", "additions", "partitives", "noun_pronouns", "once_words", "past_auxiliaries"};
// clang-format on
using WordClass = ListName<word_classes>;
using WordClasses = std::bitset<128>;  // a word's classes, a bit each
static_assert(word_classes.size() <= WordClasses().size());

// The lists of words with a number.
inline constexpr std::array<std::string_view, 8> number_lists{
    "spelled_numbers",    // a spelled number's value
    "spelled_scales",     // the power of ten of a spelled number's scale
    "scale_words",        // the power of ten of a word after a figure
    "vague_plurals",      // the power of ten of a plural that counts in spans
    "upward_figures",     // the power of ten of a word of "upwards of" one ("上万")
    "lone_scales",        // the power of ten of a scale that alone is one of it ("tausend")
    "vague_multipliers",  // a plural before those, and its power of ten
    "figure_suffixes",    // the power of ten of a suffix glued to a figure
};
using NumberList = ListName<number_lists>;

// Nodes, racks and trays hold GPUs: a count of them is no count of GPUs.
inline bool is_holder(Unit unit) { return unit == Unit::node || unit == Unit::rack || unit == Unit::tray; }

inline bool counts_power(Unit unit) { return unit == Unit::megawatt || unit == Unit::kilowatt || unit == Unit::gigawatt; }

// Spelled-out numbers: "twelve thousand", "twenty-four", "a dozen", "half a million".
struct Spelled {
    model::Decimal value;
    std::size_t length = 0;
};

}  // namespace reading

struct QuoteReader::Impl {
    // Every word of the lexicon and the catalogue has a number; a quote's words are looked up once each.
    struct Phrase {
        std::uint8_t cue;  // its place in reading::cue_lists
        std::vector<std::uint32_t> words;
    };
    struct Spelling {
        const model::GpuModel* model;
        std::vector<std::uint32_t> words;
    };
    // Looked up by view: a quote's plural ("H100s") is looked up as its singular without a copy.
    std::unordered_map<std::string, std::uint32_t, text::ViewHash, std::equal_to<>> ids;  // 0 is no word of ours
    std::vector<std::vector<Phrase>> phrases{1};                                          // by first word, longest first
    std::vector<std::vector<Spelling>> spellings{1};                                      // by first word, longest first
    std::vector<reading::WordClasses> classes = std::vector<reading::WordClasses>(1);     // WordClass bits by word
    std::vector<Unit> units{Unit::none};                                                  // the noun by word
    // The first byte and the length of every word that names a unit: most pairs of words a quote
    // has could not be one written in two ("Mega Watt"), and are not looked up.
    std::array<std::uint64_t, 256> unit_word_shapes{};
    static std::uint64_t shape_bit(std::size_t length) { return std::uint64_t{1} << std::min<std::size_t>(length, 63); }
    // The unit two words name as one ("Grafik Karten"), if any; `joined` is a buffer.
    Unit unit_of_pair(std::string_view first, std::string_view second, std::string& joined) const {
        if (!first.empty() &&
            (unit_word_shapes[static_cast<unsigned char>(first.front())] & shape_bit(first.size() + second.size())) == 0) {
            return Unit::none;
        }
        joined.assign(first).append(second);
        return units[id_of(joined)];
    }
    std::array<std::map<std::string, int, std::less<>>, reading::number_lists.size()> numbers;
    std::vector<std::string> use_words;       // the verb that ends a modality's words, as written
    std::vector<std::string> future_endings;  // a verb's future by its ending: "contarán"
    // The nouns that end a compound and give it their unit: "Computerknoten" counts nodes.
    std::vector<std::pair<std::string, Unit>> compound_tails;
    std::vector<std::pair<std::string, Unit>> noun_stems;
    // The unit of a word no noun list holds: by the noun it ends with, if a compound's, or the
    // stem it begins with, if a declined noun's.
    Unit compound_unit(std::string_view word) const;
    std::vector<std::string> use_bound_phrases, used_on_phrases;  // as written
    quote_tokens::TokenWords token_words;

    std::uint32_t intern(const std::string& word) {
        const auto [found, added] = ids.emplace(word, static_cast<std::uint32_t>(phrases.size()));
        if (added) {
            phrases.emplace_back();
            spellings.emplace_back();
            classes.emplace_back();
            units.push_back(Unit::none);
        }
        return found->second;
    }
    std::uint32_t id_of(std::string_view word) const {
        const auto found = ids.find(word);
        return found == ids.end() ? 0 : found->second;
    }

    explicit Impl(const Lexicon& lexicon);

    std::vector<std::string> words_of(std::string_view phrase) const;
    bool is(const reading::Token& token, reading::WordClass word_class) const {
        return token.kind == reading::Kind::word && classes[id_of(token.text)].test(word_class);
    }
    // The number of a word in a list, if it is in it.
    std::optional<int> number(reading::NumberList list, std::string_view word) const {
        const auto found = numbers[list].find(word);
        return found == numbers[list].end() ? std::nullopt : std::optional<int>(found->second);
    }

private:
    void add_list(const LexiconList& list, const std::vector<std::string>& entries);
    void add_models();
};

namespace reading {

std::optional<Spelled> spelled_number(const QuoteReader::Impl& impl, const std::vector<Token>& tokens, std::size_t at);

// One quote being read: its tokens, the phrases that start at each, the models it names.
class Reading {
public:
    Reading(const QuoteReader::Impl& impl, std::string_view quote, int reference_year);

    std::vector<Quantity> quantities();

    // "9,400 CPUs paired with an equal number of GPUs": the figure counts the GPUs too.
    void equal_numbers(std::vector<Quantity>& found, const std::vector<std::pair<std::size_t, std::size_t>>& spans) const;

    // What a figure says passes to the figures joined to it: "up to 4,096 instances with 32,768 GPUs",
    // "approximately 2.5K H100s and 2.5K A100s", "16K GB200s ~= 80K H100s".
    void inherit(std::vector<Quantity>& found, const std::vector<std::pair<std::size_t, std::size_t>>& spans) const;

    std::vector<StatusEvent> status_events() const;

private:
    // The longest phrase of `cue` starting at token i (its length, 0 if none).
    std::size_t phrase(std::size_t i, Cue cue) const { return i < starts_.size() ? starts_[i][cue] : 0; }
    // The start of the longest phrase of `cue` that ends right before token `end`.
    std::size_t phrase_ending(std::size_t end, Cue cue, std::size_t floor) const;
    // Or, when none does, right before one of the words `between` there.
    std::size_t phrase_ending(std::size_t end, Cue cue, std::size_t floor, std::initializer_list<std::string_view> between) const;
    bool is(std::size_t i, WordClass word_class) const { return classes_[i].test(word_class); }
    bool aux(std::size_t i) const { return is(i, "auxiliaries"); }
    // A comma in any script: ",", the full-width "，" and the ideographic "、".
    bool comma_at(std::size_t i) const {
        const std::string& text = tokens_[i].text;
        return tokens_[i].kind == Kind::punct && (text == "," || text == "\uFF0C" || text == "\u3001");
    }
    bool adverb(std::size_t i) const { return is(i, "adverbs"); }
    Unit unit_at(std::size_t i) const { return i < units_.size() ? units_[i] : Unit::none; }
    std::size_t clause_end(std::size_t i) const;
    std::string written(std::size_t first, std::size_t last_exclusive) const;

    void match_phrases();

    // Whether a phrase of any of these lists is anywhere in the quote.
    bool any_phrase(std::initializer_list<Cue> cues) const;
    // A figure that nothing governs takes the tense of a quote that speaks only of what is to come.
    void in_quote_tense(std::vector<Quantity>& found, const std::vector<std::size_t>& ungoverned) const;
    // Whether the words are at `at`, with `skipped` tokens after the first one.
    bool matches(std::size_t at, const std::vector<std::uint32_t>& words, std::size_t skipped) const;

    void match_models();

    struct Noun {
        Unit unit = Unit::none;
        const model::GpuModel* model = nullptr;
        std::size_t end = 0;  ///< token after the noun phrase
        Unit per = Unit::none;
        bool from_model = false;  ///< no noun: the model's package
    };

    bool verb_start(std::size_t i) const;

    // The noun a figure ending at token `from` counts: the last noun of the phrase that follows, past makers,
    // models and adjectives ("10,752 H100 Tensor Core GPUs", "2,560 GPU-accelerated nodes", "[8x] AMD
    // MI300X"); a model alone counts its package. "8-GPU nodes" counts GPUs per node.
    Noun noun_after(std::size_t from) const;
    // noun_after's steps, one for what token i is: each returns the token the phrase goes on
    // from, or nothing when it ends there. A performance unit ends it, whatever follows.
    std::optional<std::size_t> model_in_noun(Noun& noun, std::size_t i) const;
    bool performance_unit_at(Noun& noun, std::size_t i) const;
    // The unit token i names, read with the word before it.
    Unit unit_named_at(std::size_t i) const;
    std::optional<std::size_t> unit_in_noun(Noun& noun, Unit unit, std::size_t i, std::size_t from) const;
    std::optional<std::size_t> number_in_noun(std::size_t i, std::size_t from) const;
    // Whether a word of AI or acceleration follows within a few words of the phrase from `from`
    // ("processeurs spécialisés dans l'accélération").
    bool ai_after(std::size_t from) const;
    // The token after a few words in brackets opening at `open`, when a noun or a model follows
    // them within two tokens (before `limit`): "(opens in new tab) processors". no_token if not.
    std::size_t aside_before_noun(std::size_t open, std::size_t limit) const;
    std::optional<std::size_t> mark_in_noun(const Noun& noun, std::size_t i, std::size_t from, std::size_t limit) const;
    std::optional<std::size_t> word_in_noun(Noun& noun, std::size_t i, std::size_t limit) const;

    // "Number of GPUs: 12,288", "Power (kW) 29,580.98": the noun before, and where its label starts.
    std::pair<Unit, std::size_t> label_before(std::size_t at) const;

    bool product_number(std::size_t i) const;  // a number that names a maker's product: "AMD Opteron 6274"
    // Whether the figure at `figure` follows "each of the" ("каждый из"): it counts holders, and the next what each holds.
    bool each_of(std::size_t figure) const;
    // Where a whole fronted before a figure and its comma begins ("Of the 20,000 GPUs ordered, ..."), or no_token.
    std::size_t fronted_whole(std::size_t figure) const;
    bool coordinated(std::size_t figure, std::size_t end, const Quantity& previous) const;  // "512 ... and 256 are"
    // "per node", "a node", "/node", "each" after the noun; "each with", "each node has" before.
    Unit per_unit(std::size_t noun_end, std::size_t figure, std::size_t clause_end) const;

    struct Governed {
        bool found = false;
        Modality modality = Modality::in_service;
        std::size_t from = 0, to = 0;  ///< the deciding words
        bool adjacent = false;         ///< a cue right against the figure's phrase
        /// A verb that says nothing of the figure governs it ("will remain open"): a time in the
        /// clause is that verb's, not the figure's.
        bool silent = false;
    };

    // The nearest verb cue before token `before` in the clause, and the end of the longest phrase
    // that covers it; no_token when there is none.
    std::pair<std::size_t, std::size_t> verb_back(std::size_t before, std::size_t floor, std::size_t limit) const;
    // "including 120,000 H200s", "powered by 1,120 GPUs", "a cluster comprising 22,000": a
    // participle that hangs on a noun; the verb of the clause governs it.
    bool participle(std::size_t verb, std::size_t floor) const;
    // What governs a figure from before it: the nearest verb back in its clause and the markers
    // of its verb group ("plans to deploy", "has ordered", "will come online with").
    Governed governed_before(std::size_t figure_start) const;
    Governed verb_group(std::size_t verb, std::size_t verb_end, std::size_t floor, std::size_t figure_start) const;

    // "will be a 10,000-GPU system" is governed; "is expected to be a key resource for Europe,
    // with 10,000 GPUs" is not: the figure hangs on a preposition after the noun.
    bool copula_governs(std::size_t at, std::size_t length, std::size_t figure_start) const;

    // Whether what follows a modal at `from` is something a subject does without being there
    // or not: "will deliver", "will be able".
    bool subject_doing(std::size_t from, std::size_t end) const;

    // Whether the plan at `planned_at`, in the verb group that starts at `group` after the
    // figure, is said of the figure's noun itself: a copula and a plan that ends the clause or
    // a verb-less phrase ("a 30,000-GPU cluster is in the works", "are planned for 2026"), not
    // one before another verb ("will deliver", "is expected to power").
    bool predicate_plan(std::size_t group, std::size_t planned_at, std::size_t end) const;
    // "have not yet been ordered", "aún no se han encargado": a procurement denied is a plan.
    void deny_procurement(Governed& governing) const;

    // Whether a possessive stands before the figure's phrase: "its 10,000 GPUs".
    bool possessed(std::size_t phrase_begin) const;

    // What governs a figure from after it: "20,000 GPUs will be installed", "are on order",
    // "planned for 2026"; a future of another verb leaves it alone ("will remain open to users").
    // `object`: a verb before governs the figure already, so a verb after it in another conjunct
    // ("uses 100,000 GPUs for training and is set to expand") is not its own.
    Governed governed_after(std::size_t phrase_end, std::size_t end, std::size_t reach, bool object) const;
    // The verb group after a figure, its relative clause's if one follows it.
    Governed governed_by_verb_after(std::size_t phrase_end, std::size_t end, std::size_t reach, bool object) const;
    // Its first step: what stands right against the figure's phrase ("remaining", "will be
    // installed", "on order"); nothing when nothing does.
    std::optional<Governed> governed_right_after(std::size_t phrase_end, std::size_t end) const;
    // Where the sentence goes on after an aside between commas, dashes or brackets that follows a
    // figure, if its verb comes right after the aside: no_token otherwise.
    std::size_t past_aside(std::size_t at, std::size_t end) const;
    // Whether a figure's phrase closes a relative clause opened after a comma: ", which went live
    // with 10,000 GPUs, ...".
    bool ends_relative_clause(std::size_t phrase_begin, std::size_t phrase_end) const;
    // Whether the arrival phrase at token `arrival` is one in progress ("arriving", "coming").
    bool arrives_later(std::size_t arrival) const;

    // "by 2027", "in 2028", "starting Q1 2026": a year still to come, soon after the figure's phrase.
    std::optional<std::pair<std::size_t, std::size_t>> future_year_after(std::size_t from, std::size_t end) const;
    // "arrive next year": a time to come among the words from `from`, before another figure, a comma
    // or a conjunction, and not one that opens a clause of its own ("shortly after").
    std::optional<std::pair<std::size_t, std::size_t>> future_time_after(std::size_t from, std::size_t end) const;

    // The first year within a few tokens after `from`: "decommissioned in 2025".
    std::optional<int> year_after(std::size_t from, std::size_t end) const;
    // Where the words after an event stop being its own: before "and" and a verb of its own.
    std::size_t own_verb_end(std::size_t end, std::size_t stop) const;
    // The year a few tokens before building that dates it, when it is the building's.
    std::optional<int> year_before_building(std::size_t event) const;
    // Whether the year at `year_at` is one something runs since or until ("bis Ende 2027").
    bool since_or_until(std::size_t year_at) const;

    std::optional<int> year_of(std::size_t i) const;

    // A figure being read: where its parts lie, and what has been read of it so far.
    struct Figure {
        std::size_t at = 0;            ///< its first token
        std::size_t end = 0;           ///< the token after it, a scale word or a range's high end included
        std::size_t resume = 0;        ///< where the next figure may start
        std::size_t phrase_begin = 0;  ///< its bound's first token
        std::size_t phrase_end = 0;    ///< the token after its noun and its bound
        std::size_t clause_end = 0;    ///< the token after its clause
        std::size_t label_start = 0;   ///< a table's label before it ("Number of GPUs:")
        std::size_t noun_end = 0;      ///< the token after its noun phrase
        bool governed = false;         ///< words say what it is, even words that say nothing of it
        Quantity quantity;
    };

    std::size_t quantity_at(std::size_t i, std::vector<Quantity>& found);
    // The value of the figure at token i and the token after it; or, when token i starts no figure
    // of its own, the token to go on from (a vague one, "dozens of racks", is read there).
    std::optional<std::size_t> value_at(std::size_t i, model::Decimal& value, std::size_t& end, std::vector<Quantity>& found);
    // The power of ten of a Han scale alone before a counter or a noun ("万卡"), if token `i` is one.
    std::optional<int> lone_han_scale(std::size_t i) const;
    std::size_t scale_after(const Token& figure, std::size_t at, model::Decimal& number) const;
    bool only_a_year(std::size_t i, std::size_t end) const;
    void read_range(Figure& figure, const model::Decimal& value) const;
    void read_noun(Figure& figure) const;
    void noun_of_neighbours(Figure& figure, const std::vector<Quantity>& found) const;
    // The model naming the machine before figure `i`, in its clause ("The H100 cluster has"), or null.
    const model::GpuModel* machine_model(std::size_t i) const;
    void read_bound(Figure& figure) const;
    // The bound's words before the figure; their first token, or no_token.
    std::size_t bound_before(Figure& figure) const;
    void bound_after(Figure& figure) const;
    void set_modality(Quantity& quantity, Modality modality, std::size_t from, std::size_t to) const;
    void read_modality(Figure& figure) const;
    // Whether the figure's subject is a plan or a process under way ("The target is 24,576 GPUs"): `governing` made planned.
    bool subject_to_come(const Figure& figure, Governed& governing) const;
    void read_retired(Figure& figure) const;
    // Whether the quote goes on to say that what a figure bought is in service.
    bool installed_after(const Figure& figure) const;
    Governed governing_of(const Figure& figure) const;
    Governed time_span_after(std::size_t phrase_end, std::size_t clause_end_at) const;
    // The figure's governing made a plan by a year or a time to come after it ("2,000 GPUs by 2027"), before it
    // in its sentence ("By 2027, the cluster has 10,000 GPUs"), or a completion awaited ("once it is complete").
    Governed dated_after(const Figure& figure, Governed governing) const;
    Governed dated_before(const Figure& figure, Governed governing) const;
    Governed completion_awaited(const Figure& figure, Governed governing) const;
    // A time to come in the figure's clause ("next year"), short of its own verb and a comma.
    Governed future_time_in_clause(std::size_t i, std::size_t phrase_end, std::size_t clause_end_at) const;
    Governed verb_final(std::size_t phrase_end, std::size_t clause_end_at) const;
    bool counted_alike(const Figure& figure, const Quantity& previous) const;  // "2만 개 ... 5만 개"
    // Whether a Japanese or Korean verb that governs a figure ends a clause before it, at a comma.
    bool clause_before_ends(const Governed& governing, std::size_t figure_start) const;
    // A plan told by a date alone: the going live of the figure's clause dated to a year after
    // the text's, or a start or deadline to come just before a figure with no verb.
    Governed dated_to_come(const Figure& figure) const;
    void read_capacity(Figure& figure) const;
    void shared_capacity(Figure& figure, const Quantity& before) const;
    // Whether a figure stands right after `from`, a word ("than", "als") at most between: the
    // comparative before `from` is that figure's bound.
    bool bounds_next_figure(std::size_t from, std::size_t end) const;
    void read_power_kind(Figure& figure) const;
    // Where a capacity for what a verb serves begins ("capacity to power 200 MW"), within the
    // few words before the figure at `before`: no_token if none.
    std::size_t capacity_for(std::size_t before, std::size_t floor) const;

    // The word that opens a clause of "before" or "until" holding the live event at `event`
    // (still to come), or no_token.
    std::size_t awaited(std::size_t event) const;
    // Whether a verb form that puts its event to come ("건설할", "構築する") lies within [begin, end).
    bool prospective_within(std::size_t begin, std::size_t end) const;
    // Where a part named as the subject of a live event begins ("the first phase ... is
    // operational", "of which one is operational"), if one does: no_token otherwise.
    std::size_t part_live(std::size_t event) const;
    // Whether the word at `word` is a plan's adjective on the noun after it ("the 30 planned buildings").
    bool attributive(std::size_t word) const;
    // "Comet was in service until 2021", "in operation from 2015 to 2021", read in 2024: a
    // service after the live event [i, end) that ended at a year gone by makes it a retirement
    // then; the token after that year, or 0 when it did not end.
    std::size_t service_ended(StatusEvent& event, std::size_t i, std::size_t end) const;
    // Where an adverb of part beside the live event [event, end) is ("partly running", "opera
    // parcialmente"), if one is: no_token otherwise.
    std::size_t partial_adverb(std::size_t event, std::size_t end) const;
    // Whether `only` is "only" before a first, short of `end`, no preposition or number between.
    bool only_first(std::size_t only, std::size_t end) const;
    // Where a negation of the event at `i` begins ("not yet", "won't be fully"), or no_token.
    std::size_t negation_before(std::size_t i) const;
    // Where a denied start after the event's noun ends ("Construction has not yet started"), or no_token.
    std::size_t start_denied_after(std::size_t end) const;
    // Where "being" stands before a going live, adverbs between ("is currently being put into
    // operation"), or the German or Dutch present passive with a word of now ("derzeit wird ... in
    // Betrieb genommen"), if one does: no_token otherwise.
    std::size_t onset_in_progress(std::size_t event) const;
    // With no event: a plan and a time to come in one clause, a live event not yet happened.
    void plan_with_a_time(std::vector<StatusEvent>& events) const;
    // Marks building told after going live in the same sentence (`at`: where each event is).
    void mark_still_building(std::vector<StatusEvent>& events, const std::vector<std::size_t>& at) const;
    // Where the subject that is none begins ("no data centres have been commissioned"), or no_token.
    std::size_t negated_subject(std::size_t event) const;
    // Whether token `k` is a figure: digits, or one spelled word ("two", "zwei").
    bool figure_at(std::size_t k) const {
        return tokens_[k].kind == Kind::number || impl_.number("spelled_numbers", tokens_[k].text).has_value();
    }
    // A part's figure, `of` joining it to its whole ("two of the four halls"), in the clause from `floor`; or no_token.
    std::size_t counted_part(std::size_t of, std::size_t event, std::size_t floor) const;
    std::size_t share_end(std::size_t k) const;  // past the "of" of a share under 100% at k ("60% of"), or 0
    // Whether building ending before token `end` is over: said complete after it, or dated to a year before the text's.
    bool built_long_ago(const StatusEvent& event, std::size_t end) const;
    // The status event a phrase at token i reports, and its length (0: none).
    std::size_t event_at(std::size_t i, StatusEvent& event) const;
    // "Für Herder wird ein neues Gebäude gebaut": a participle of building closing a German or Dutch present
    // passive is building under way (with "werden" after it, to come). Its auxiliary's token, or no_token.
    std::size_t building_in_bracket(std::size_t participle, StatusEvent& event) const;
    // Whether an event reported as happened is planned, and its year.
    void date_event(StatusEvent& event, std::size_t i, std::size_t end, std::size_t& from, std::size_t& to) const;
    std::size_t plan_before_event(StatusEvent& event, std::size_t i, std::size_t end) const;
    bool passive_only(std::size_t at, std::size_t event_end) const;
    std::size_t plan_after_event(StatusEvent::Kind kind, std::size_t i, std::size_t end, std::size_t stop) const;
    bool retired_elsewhere(std::size_t from, std::size_t end) const;

    // "thousands of GPUs", "tens of thousands of H100s", "hundreds of thousands": no figure, a
    // span of them -- approximate.
    std::size_t vague_at(std::size_t i, std::vector<Quantity>& found);

    // Where a verb group starts when a future stands before a time before its verb ("will by
    // the end of 2027 deploy"): the future's start, or `group` when there is none.
    std::size_t future_across_time(std::size_t group, std::size_t floor) const;

    // A capacity's words a few tokens before a power figure, with nothing but a preposition,
    // an article, a parenthesis or a verb of being between, and after that verb up to three
    // words of the label's own.
    std::size_t power_label_before(std::size_t before, std::size_t floor) const;

    const QuoteReader::Impl& impl_;
    std::string_view quote_;
    int year_;
    std::vector<Token> tokens_;
    std::vector<std::array<std::uint8_t, cue_lists.size()>> starts_;
    std::vector<std::pair<const model::GpuModel*, std::size_t>> models_;
    std::vector<std::size_t> clause_;        ///< the first token of each token's clause
    std::vector<std::uint32_t> ids_;         ///< each token's word in the reader's vocabulary (0: none)
    std::vector<std::uint32_t> plural_ids_;  ///< its singular's, for a word in s
    std::vector<WordClasses> classes_;       ///< each token's WordClass bits
    std::vector<Unit> units_;                ///< the noun each token names, if any
    std::size_t last_phrase_end_ = 0;        ///< the token after the phrase of the figure read last
    mutable bool coordinated_ = false;       ///< verb_group looks back past one "and" at a time
    std::size_t last_phrase_begin_ = 0;      ///< and its first token
    bool last_governed_ = false;             ///< and whether words govern it
};

}  // namespace reading
}  // namespace gpuclusters::rules
