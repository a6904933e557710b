#pragma once
// possible-duplicate: records that look like one cluster. Each record gives a profile (the
// tokens of its name and owner, its country, canonical GPU model, counts and first year) and keys
// from it; whoever holds the keys of every record (verify: temporary SQLite tables) puts the
// records that share a key into candidate pairs, leaving out keys shared by more records than
// `largest_block` (a common word blocks nothing), and each candidate pair is scored here on the
// evidence, the score's parts shown in the finding.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuclusters/model/record.hpp"

namespace gpuclusters::rules {

struct Context;
struct Finding;

/// [possible-duplicate] in db/rules.toml: the weights of the signals, the score a pair needs, the
/// words that are not names, and what a site's abbreviations stand for.
struct DuplicateSettings {
    bool compare_names = true;
    bool compare_evidence = true;  ///< owner, GPU model, counts, country and year
    double threshold = 4.0;        ///< the score a pair needs to be a finding
    long long largest_block = 40;  ///< a key shared by more records makes no candidate pairs
    /// A name shared by this many records or more is a placeholder ("Anonymized System"): never
    /// compared, as if the records had none.
    long long placeholder_records = 5;
    long long most_matches = 3;  ///< findings a record gets at most, the best scores first
    double count_close = 0.03;   ///< counts within this share agree
    double count_far = 0.15;     ///< counts further apart than this share disagree
    long long year_far = 2;      ///< first years this many years apart disagree
    /// Total cores at most this many times the GPUs' own cores agree with a GPU count.
    double most_cores_ratio = 1.8;
    /// Each signal's weight: name, name_differs, owner, country, country_differs, model,
    /// model_differs, count, count_differs, year, year_differs, phase_differs.
    std::map<std::string, double, std::less<>> weights;
    std::vector<std::string> ignore_words;     ///< in names and owners: "supercomputer", "the"
    std::vector<std::string> phase_words;      ///< followed by a number: "phase 2"
    std::vector<std::string> partition_words;  ///< "booster": two partitions are two clusters
    /// Words (folded, ASCII) and what they stand for: "nl" = "national laboratory".
    std::map<std::string, std::string, std::less<>> aliases;
    /// Cores a list counts for one GPU of a model (its SMs or CUs): "NVIDIA V100" = 80.
    std::map<std::string, long long, std::less<>> cores_per_gpu;

    double weight(std::string_view signal) const;
};

/// What a record is compared on, as words: a profile is written into one string for the
/// temporary table and read back for each candidate pair.
struct DuplicateProfile {
    std::vector<std::string> name;   ///< name tokens, phase and partition words taken out
    std::string whole_name;          ///< the name's tokens joined: a placeholder is shared
    std::vector<std::string> marks;  ///< "phase=2", "part=booster"
    std::vector<std::string> owner;  ///< owner tokens, aliases spelt out, with acronyms
    std::string country;
    std::string model;  ///< canonical GPU model
    long long gpus = 0;
    long long total_cores = 0;
    int year = 0;

    std::string encode() const;
    static DuplicateProfile decode(std::string_view text);
};

/// The fields a profile is made of: a record with these alone gives the same profile.
std::vector<std::string_view> duplicate_key_fields();
/// The number of the phase a name names ("RSC-1 Phase 1": "1", "Phase II": "2"); empty if none.
std::string phase_of_name(std::string_view name, const DuplicateSettings& settings);
/// A record's profile; nullopt when the rule is off.
std::optional<DuplicateProfile> duplicate_profile(const model::Record& record, const Context& context);

/// "n" a name token, "o" an owner token, "w" the whole name, "m" country, model and count.
struct DuplicateKey {
    std::string kind;
    std::string key;
};
std::vector<DuplicateKey> duplicate_keys(const DuplicateProfile& profile, const Context& context);

/// How many records hold each key: "n\x1fword" -> records.
using KeyRecords = std::map<std::string, long long, std::less<>>;

/// A candidate pair from shared keys: both profiles, and how many records hold each key of
/// each (what makes a word common and worth less); the key counts are read where they are held.
struct DuplicateCandidate {
    std::string left_id;
    std::string right_id;
    DuplicateProfile left;
    DuplicateProfile right;
    const KeyRecords* left_keys = nullptr;
    const KeyRecords* right_keys = nullptr;
    long long records = 0;  ///< records compared
};

/// A scored pair: the score and the evidence in words ("name 0.93, country agrees, ...").
struct DuplicateScore {
    double score = 0;
    std::string evidence;
};
/// The pair's score when it reaches the threshold.
std::optional<DuplicateScore> score_duplicate(const DuplicateCandidate& candidate, const Context& context);

/// A record's look-alike: another record and why.
struct DuplicateMatch {
    std::string cluster_id;
    std::string other_id;
    double score = 0;
    std::string evidence;
};
Finding duplicate_finding(const DuplicateMatch& match, const Context& context);

}  // namespace gpuclusters::rules
