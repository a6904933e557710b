#pragma once
// The editorial policy as named rules. Each rule reads one record (or, for duplicates, all of
// them) and reports findings; severities, thresholds and phrase lists come from a Config, which
// formats/rules_config builds from db/rules.toml and the user's TOML file.
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuclusters/model/record.hpp"
#include "gpuclusters/rules/duplicates.hpp"
#include "gpuclusters/rules/quote_reader.hpp"

namespace gpuclusters::rules {

enum class Severity { off, info, warning, error };
std::string_view to_string(Severity severity);
/// "off", "info", "warning" or "error"; throws InputError otherwise.
Severity severity_from(std::string_view text);

/// What a finding points at: the value, and the citation behind it when there is one.
struct Evidence {
    std::string value;
    long long source_id = 0;
    std::string url;
    std::string quote;
};

struct Finding {
    std::string cluster_id;
    std::string field;  ///< empty for a record-wide finding
    long long claim_id = 0;
    std::string rule;
    /// Set by the engine from the configuration; a rule may set a cap (off: no cap).
    Severity severity = Severity::off;
    std::string message;
    /// What the rule read, for machines: a short stable word ("procured", "lower-bound",
    /// "supply"); empty when the rule reads one thing only.
    std::string kind;
    Evidence evidence;
    bool accepted = false;
    std::string accepted_reason;
};

/// A phrase list: Perl-compatible patterns (PCRE2), matched without case on Unicode-folded text.
class Patterns {
public:
    /// Compiles and adds one pattern; throws InputError naming the pattern and the offset at fault.
    void add(const std::string& pattern);
    void clear();
    const std::vector<std::string>& sources() const { return sources_; }
    /// The text the first matching pattern matched (folded); empty when none does.
    std::string first_match(std::string_view text) const;

private:
    struct Compiled;
    std::vector<std::string> sources_;
    std::vector<std::shared_ptr<const Compiled>> compiled_;
};

class Config {
public:
    // Built from TOML by formats/rules_config (db/rules.toml, then the user's file).
    Severity severity(std::string_view rule, Severity default_severity) const;
    void set_severity(std::string rule, Severity severity);
    long long stale_source_days = 365;
    std::vector<std::string> quote_fields;     ///< [quote-missing-value] fields
    std::vector<std::string> unquoted_fields;  ///< [unquoted-value] fields
    Patterns h100_equivalents;                 ///< in gpu_count_notes
    Patterns status_dates;
    DuplicateSettings duplicates;  ///< [possible-duplicate]
    /// The quote reader's phrases ([quote-reader]).
    Lexicon lexicon;
    /// The reader of this lexicon, built once when first asked for.
    const QuoteReader& quote_reader() const;
    /// Builds the reader of the lexicon now; throws InputError for a phrase it cannot use.
    void build_quote_reader();

private:
    std::map<std::string, Severity, std::less<>> severities_;
    mutable std::shared_ptr<const QuoteReader> reader_;
};

/// What the rules of one record read of it once for all of them: its quotes' quantities and
/// the judgement of each value by them (rules/reading_rules.cpp).
struct ReadingCache;

/// What rules need besides the record.
struct Context {
    const Config& config;
    std::string today;  ///< YYYY-MM-DD
    /// Of the record being checked; check_record empties it for each record.
    mutable std::shared_ptr<ReadingCache> readings{};
};

struct Rule {
    std::string_view id;
    std::string family;
    Severity default_severity;
    std::string summary;
    std::string explanation;  ///< a paragraph, with an example of a violation and its fix
    /// Checks one record; nullptr for rules that look across records.
    void (*check)(const model::Record&, const Context&, std::vector<Finding>&);
};

/// Every rule, in family order, with its text from db/rule_catalogue.toml.
std::span<const Rule> rule_catalogue();
const Rule* find_rule(std::string_view id);

/// Runs every per-record rule on one record; severities from the config, rules set to off skipped.
std::vector<Finding> check_record(const model::Record& record, const Context& context);

/// What decided a finding, as 16 hex digits: its rule, cluster, field and kind, and the value,
/// source and quote it read (its message when it read none). Not its claim id nor its severity:
/// an edit of another field or a severity set in gpuclusters.toml keeps it; a changed value or
/// quote makes another. What a baseline (verify --baseline) keeps of each finding.
std::string fingerprint(const Finding& finding);

// The cross-record rule, possible-duplicate, is in duplicates.hpp.

// --- matching helpers, shared by the rules and their tests -------------------------------------

/// Whole numbers in a text, with and without thousands separators ("12,288", "12 288", "12288").
std::vector<long long> numbers_in(std::string_view text);
/// Whether a quote backs a value: numbers for counts (each operand of a derivation) and power,
/// case- and Unicode-insensitive text otherwise.
bool quote_contains_value(const model::FieldSpec& field, const model::FieldValue& value, std::string_view quote);

}  // namespace gpuclusters::rules
