#pragma once
// What the rules that read quotes share (reading_rules.cpp, power_rules.cpp, status_rules.cpp):
// what keeps a figure from backing a value, what the rules of one record read of it once for all
// of them, and how they report.
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gpuclusters/model/record.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "rules/quote_reading.hpp"
#include "rules/rule_support.hpp"

namespace gpuclusters::rules {
namespace reading {

using model::Claim;
using model::ClaimState;
using model::Decimal;
using model::display_claim;
using model::Record;
using support::cite_evidence;
using support::finding;
using support::live_claims;

// The types below are members of ReadingCache, which rules.hpp names (Context holds one), so they
// share its linkage rather than an anonymous namespace's.

// What keeps a figure from backing a value, one kind per rule.
enum class Problem { none, equivalence, planned, capacity, unit, bound, other_model };

// A figure of a quote that gives a value (or an operand of its derivation), and what is wrong
// with it for that value, if anything.
struct Candidate {
    const Quantity* quantity = nullptr;
    const model::Citation* citation = nullptr;
    Problem problem = Problem::none;
    std::string kind;     ///< the finding's kind: what the figure is ("procured", "lower-bound", "gcd")
    std::string message;  ///< why, with the quote's words
    bool soft = false;    ///< a warning: the words may say it right in a way the reader cannot tell
    void fault(Problem what, std::string_view what_kind, std::string why) {
        problem = what;
        kind = what_kind;
        message = std::move(why);
    }
};

struct CountReading {
    bool backed = false;  ///< some figure gives the value (or every operand), problems or not
    bool clean = false;   ///< one does without a problem
    std::vector<Candidate> problems;
};

struct PowerReading {
    bool clean = false;
    std::vector<Candidate> problems;
};

}  // namespace reading

// By address or by words, hashed: a record of 100,000 claims is read in time linear in them (a
// list searched in order made it quadratic). Node-based maps, so that what was handed out stays
// where it is as more is read.
struct ReadingCache {
    // Each text is read once a record, whichever rules ask what of it: a GPU count's quote gives
    // the count its figures and the retirement rule its events. Keyed by the words and the year
    // they are read in; the views point into the record, which outlives its cache (cleared before
    // the next record is read).
    struct Text {
        std::string_view words;
        int year;
        bool operator==(const Text&) const = default;
    };
    struct TextHash {
        std::size_t operator()(const Text& text) const {
            const std::size_t hash = std::hash<std::string_view>{}(text.words);
            return hash ^ (static_cast<std::size_t>(text.year) + 0x9e3779b97f4a7c15U + (hash << 6) + (hash >> 2));
        }
    };
    // A reading takes 16 to 33 times its text (13 KB of plain words, or of figures and commas):
    // the readings of a record's first texts are kept, up to `keep_bytes` of text, to be asked
    // again; past that, a text is read again when asked a second thing, so that a record of 16 MiB
    // of quotes is read in the memory of one.
    static constexpr std::size_t keep_bytes = std::size_t{64} << 10;
    struct ReadText {
        std::unique_ptr<reading::Reading> reading;  ///< kept while the record's texts are within keep_bytes
        std::optional<std::vector<Quantity>> quantities;
        std::optional<std::vector<StatusEvent>> status_events;
    };
    std::unordered_map<Text, ReadText, TextHash> texts;
    std::size_t kept_bytes = 0;
    std::unordered_map<const model::Claim*, reading::CountReading> counts;
    std::unordered_map<const model::Claim*, reading::PowerReading> powers;
    bool model_known = false;
    const model::GpuModel* model = nullptr;  ///< the record's gpu_model in the catalogue
    void clear() {
        texts.clear();
        kept_bytes = 0;
        counts.clear();
        powers.clear();
        model_known = false;
        model = nullptr;
    }
};

namespace reading {

ReadingCache& cache_of(const Context& context);
/// A figure's excerpt, quoted.
std::string quoted(const model::Citation& citation, const Quantity& quantity);
/// Whether a figure (or its range, or its other reading) gives a number.
bool within(const Quantity& quantity, const model::Decimal& number);
/// The quantities of a quote, read once a record.
const std::vector<Quantity>& quantities_of(const model::Record& record, const model::Citation& citation, const Context& context);
/// The status events a text reports, read in `year`, once a record. The text is the record's
/// (a value or a quote): the cache keeps a view of it until the next record.
const std::vector<StatusEvent>& status_events_of(const Context& context, std::string_view text, int year);
/// Those of a quote, read in its source's year.
const std::vector<StatusEvent>& status_events_of(const model::Record& record, const model::Citation& citation,
                                                 const Context& context);
/// A whole number of GPUs as a page shows it: 37,632.
std::string grouped(const model::Decimal& value);
/// Parts of a GPU (GCDs, dies, tiles).
bool is_part(Unit unit);
std::string_view part_name(Unit unit);
/// Whether the catalogue says how many of the parts a quote counts make a GPU.
bool parts_known(const model::GpuModel* gpu, Unit unit);
/// A candidate's fault from the words that qualify its figure; `claim_bound` is how the value is stored.
void judge_words(Candidate& candidate, std::string_view claim_bound);
/// The kind of a count-unit finding: what the figure counts ("gcd", "node", "per-node").
std::string unit_kind(const Quantity& q);
/// What a figure counts instead of GPUs, when it counts something else; "" when it counts GPUs.
std::string miscount(const Quantity& q, const model::GpuModel* gpu, const std::string& figure);
/// The judgement of a power value by its quotes, made once a record.
const PowerReading& read_power(const model::Record& record, const model::Claim& claim, const Context& context);

/// For each live value of `field` that no figure of its quotes backs without a problem, a finding
/// on the first problem `wanted` picks (`read` judges the value once a record), worded by `words`.
template <class Read, class Wanted, class Words>
void report_first(const Record& record, const Context& context, std::string_view field, Read read, std::vector<Finding>& out,
                  Wanted wanted, Words words) {
    for (const Claim* claim : live_claims(record, field)) {
        if (claim->state != ClaimState::set) continue;
        const auto& reading = read(record, *claim, context);
        if (reading.clean) continue;
        const auto found = std::ranges::find_if(reading.problems, wanted);
        if (found == reading.problems.end()) continue;
        auto result = finding(record, claim, field, words(*claim, *found));
        result.kind = found->kind;
        if (found->soft) result.severity = Severity::warning;
        cite_evidence(result, record, *found->citation);
        out.push_back(std::move(result));
    }
}

}  // namespace reading
}  // namespace gpuclusters::rules
