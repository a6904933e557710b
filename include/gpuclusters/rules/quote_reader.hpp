#pragma once
// The quote reader: what the figures of a quote are and what qualifies them. For each quantity
// (digits with any thousands separator, decimals, spelled-out numbers, suffixes such as 600k,
// 1.2M or 1 GW, ranges) it finds the noun it counts, its bound and the modality of the clause
// that governs it; for a status note, the events it reports (live, being built, retired) and
// whether they happened. The rules judge a value by the reading of the figure behind it, so a
// policy word counts only where it qualifies that figure: "will" in "37,888 GPUs ... will remain
// open to users" governs "remain", not the count.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/decimal.hpp"

namespace gpuclusters::rules {

/// What a figure counts. gpu stands for every word of a physical accelerator package (GPUs,
/// accelerators, chips, cards, a model's own name: "1,152 B300s").
enum class Unit : std::uint8_t {
    none,
    gpu,
    superchip,
    apu,
    module,
    die,
    gcd,
    tile,
    node,
    rack,
    tray,
    core,
    cpu,
    h100_equivalent,
    megawatt,
    kilowatt,
    gigawatt,
    energy,  ///< kWh, MWh, GWh: never power
    other,   ///< anything else the reader knows: exaflops, GB, years, percent
};
enum class Bound : std::uint8_t { exact, approximate, at_least, at_most };
/// retired: the figure is of what was there and is no more ("decommissioned after housing 4,000").
enum class Modality : std::uint8_t { in_service, planned, procured, equivalence, retired };

std::string_view to_string(Unit unit);
std::string_view to_string(Bound bound);
std::string_view to_string(Modality modality);

struct Quantity {
    model::Decimal value;
    std::optional<model::Decimal> upper;  ///< the high end of a range: "10,000 to 12,000"
    /// The other reading of a figure written the European way, "31.415" for 22,786.
    std::optional<model::Decimal> alternative;
    std::size_t begin = 0, end = 0;  ///< the figure's bytes in the quote
    /// The figure with its bound and its noun, as bytes of the quote: "more than 100,000 H100 GPUs".
    std::size_t phrase_begin = 0, phrase_end = 0;
    Unit unit = Unit::none;
    std::string unit_words;                  ///< as written: "GB200 superchips"
    const model::GpuModel* model = nullptr;  ///< a catalogued model named with the figure
    /// No noun named the unit, only the model: "320k GB300s" may count superchips or GPUs.
    bool unit_from_model = false;
    Unit per = Unit::none;  ///< "8 GPUs per node": a count per node
    Bound bound = Bound::exact;
    std::string bound_words;  ///< as written: "more than"
    Modality modality = Modality::in_service;
    std::string modality_words;                        ///< as written: "has ordered"
    std::size_t modality_begin = 0, modality_end = 0;  ///< its bytes; empty when nothing governs the figure
    /// Power: the figure is a capacity, a facility's or a site's, not power drawn ("400 MW of capacity").
    bool capacity = false;
    std::string capacity_words;
    /// Power: the figure is a change, not a level ("uses 2 MW less", "a saving of 3 MW").
    bool difference = false;
    std::string difference_words;
    /// Power: the figure is a peak, not what is drawn in service ("peak consumption of 25 MW").
    bool peak = false;
};

/// The words that qualify a figure in a quote: its bound and modality words with the figure and
/// its noun, as one excerpt ("plans to deploy 20,000 NVIDIA H100 GPUs"), or two joined by an
/// ellipsis when they lie far apart.
std::string excerpt(std::string_view quote, const Quantity& quantity);
/// The figure with its bound and its noun alone: "more than 100,000 H100 GPUs".
std::string phrase_text(std::string_view quote, const Quantity& quantity);

/// What a status note says has happened, or will.
struct StatusEvent {
    enum class Kind : std::uint8_t { live, construction, retired };
    Kind kind = Kind::live;
    /// Construction that began ("broke ground in 2024"), which says nothing of whether it is done.
    bool began = false;
    /// Reported as done or ongoing ("went live in 2023", "is under construction"); false when
    /// planned or denied ("expected to open to users in 2029", "not yet operational").
    bool happened = true;
    bool denied = false;   ///< not happened because the note says it has not: "not yet operational"
    bool partial = false;  ///< live in part only: "partially operational", "the first phase went live"
    /// Building told after a going live in the same sentence, and no going live after it: the
    /// machine is live in part ("in service since May, but the installation is to be completed").
    bool still = false;
    int year = 0;       ///< the year the note gives for it, 0 when none: "decommissioned in 2025"
    std::string words;  ///< as written, the qualifier included: "Expected to open to users"
};

/// The words the reader knows (db/rules.toml, [quote-reader]), each list under its name there.
/// Phrases are whole words, matched without case after Unicode folding.
struct Lexicon {
    std::map<std::string, std::vector<std::string>, std::less<>> lists;  ///< phrases and words
    /// Words that stand for a number: a spelled number's value, or a power of ten.
    std::map<std::string, std::vector<std::pair<std::string, int>>, std::less<>> numbers;
};

/// What an entry of a lexicon list is: a phrase of one or more words, one word, one noun of a
/// unit, or a word with a number.
enum class ListShape : std::uint8_t { phrases, words, nouns, numbers };
struct LexiconList {
    std::string_view name;
    ListShape shape;
    std::uint8_t role;  ///< the reader's own: the cue, word class, unit or number list it feeds
    int most = 0;       ///< numbers: the largest a value may be
};
/// Every list the reader reads, in the order it indexes them (quote_lexicon.cpp).
std::span<const LexiconList> lexicon_lists();
/// What keeps an entry of a list of single words or nouns from being one ("is not one word"), if
/// anything; an entry of nouns may be a stem ("procesor*") of three letters or more.
std::optional<std::string> single_word_fault(std::string_view entry, ListShape shape);

class QuoteReader {
public:
    /// Throws InputError naming the list and the phrase when a phrase has no word in it.
    explicit QuoteReader(const Lexicon& lexicon);
    ~QuoteReader();
    QuoteReader(const QuoteReader&) = delete;
    QuoteReader& operator=(const QuoteReader&) = delete;

    /// The quantities of a quote, in order. `reference_year` dates the text (its source's
    /// publication, else its access): "by 2027" is a plan when 2027 is not yet past.
    std::vector<Quantity> quantities(std::string_view quote, int reference_year) const;
    /// The status events a note reports.
    std::vector<StatusEvent> status_events(std::string_view notes, int reference_year) const;

    struct Impl;  ///< the lexicon's phrases and the catalogue's models, indexed (quote_reader.cpp)
    /// For the rules, which keep a text's reading to ask it more than one thing (reading_rules.cpp).
    const Impl& impl() const { return *impl_; }

private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace gpuclusters::rules
