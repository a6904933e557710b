// possible-duplicate's score of a candidate pair: each signal (name, owner, country, GPU model,
// counts, first year, phase) adds its weight when it agrees and takes its weight away when it
// disagrees; the words of the evidence say which did what. A word is worth more the fewer
// records hold it (its inverse document frequency), so "supercomputer" or a site's name shared by
// its every machine says little and a machine's own name much.
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <optional>
#include <set>

#include "gpuclusters/model/text.hpp"
#include "gpuclusters/rules/rules.hpp"

namespace gpuclusters::rules {
namespace {

class Scoring {
public:
    Scoring(const DuplicateCandidate& candidate, const DuplicateSettings& settings)
        : candidate_(candidate), settings_(settings) {}

    void add(std::string_view signal, double weight, std::string words) {
        score_ += weight * settings_.weight(signal);
        evidence_.push_back(std::move(words));
    }
    void note(std::string words) { evidence_.push_back(std::move(words)); }

    long long records_with(std::string_view kind, std::string_view key) const {
        lookup_.assign(kind);
        lookup_ += '\x1f';
        lookup_ += key;
        for (const auto* keys : {candidate_.left_keys, candidate_.right_keys}) {
            if (!keys) continue;
            if (const auto found = keys->find(lookup_); found != keys->end()) return std::max(1LL, found->second);
        }
        return 1;
    }
    // A word's worth: ln of how many records there are for each that holds it.
    double worth(std::string_view kind, std::string_view word) const {
        const double records = static_cast<double>(std::max(2LL, candidate_.records));
        return std::max(0.0, std::log(records / static_cast<double>(records_with(kind, word))));
    }

    double score() const { return score_; }
    std::string evidence() const { return fmt::format("{}", fmt::join(evidence_, ", ")); }

private:
    const DuplicateCandidate& candidate_;
    const DuplicateSettings& settings_;
    double score_ = 0;
    std::vector<std::string> evidence_;
    mutable std::string lookup_;  ///< "kind\x1fkey", its buffer kept between look-ups
};

using Words = std::vector<std::string>;

bool holds(const Words& words, const std::string& word) { return std::ranges::find(words, word) != words.end(); }

// A name's own words: those of its owner taken out ("Lawrence Livermore NL Sierra" is "sierra"
// beside its owner), unless nothing is left.
Words own_words(const DuplicateProfile& profile) {
    Words words;
    for (const auto& word : profile.name) {
        if (!holds(profile.owner, word)) words.push_back(word);
    }
    return words.empty() ? profile.name : words;
}

// Shared worth over the geometric mean of each side's: 1 for the same words, 0 for none shared;
// nothing when a side's words are held by every record, which tells the records apart no more
// than a missing name.
std::optional<double> similarity(const Scoring& scoring, const Words& left, const Words& right, std::string_view kind) {
    double shared = 0, left_total = 0, right_total = 0;
    for (const auto& word : left) {
        left_total += scoring.worth(kind, word);
        if (holds(right, word)) shared += scoring.worth(kind, word);
    }
    for (const auto& word : right) right_total += scoring.worth(kind, word);
    if (left_total <= 0 || right_total <= 0) return std::nullopt;
    return shared / std::sqrt(left_total * right_total);
}

bool placeholder(const Scoring& scoring, const DuplicateProfile& profile, const DuplicateSettings& settings) {
    return !profile.whole_name.empty() && scoring.records_with("w", profile.whole_name) >= settings.placeholder_records;
}

void score_names(Scoring& scoring, const DuplicateCandidate& pair, const DuplicateSettings& settings) {
    if (!settings.compare_names) return;
    for (const auto* side : {&pair.left, &pair.right}) {
        if (placeholder(scoring, *side, settings)) {
            scoring.note(
                fmt::format("name not compared (a placeholder of {} records)", scoring.records_with("w", side->whole_name)));
            return;
        }
    }
    const Words left = own_words(pair.left), right = own_words(pair.right);
    if (left.empty() || right.empty()) return;
    const auto compared = similarity(scoring, left, right, "n");
    if (!compared) {
        scoring.note("names not compared (words every record has)");
        return;
    }
    const double name = *compared;
    if (name > 0) {
        scoring.add("name", name, fmt::format("name {:.2f}", name));
    } else {
        scoring.add("name_differs", -1, "names differ");
    }
    // Names alike but for a numbered word on each side ("CHIE-2" and "CHIE-3", "GenAI 2024a" and
    // "2024b"): two machines of one series.
    auto numbered_extra = [](const Words& words, const Words& other) {
        Words extra;
        for (const auto& word : words) {
            if (!holds(other, word) && std::ranges::any_of(word, [](char c) { return c >= '0' && c <= '9'; }))
                extra.push_back(word);
        }
        return extra;
    };
    const Words left_numbered = numbered_extra(left, right), right_numbered = numbered_extra(right, left);
    if (name > 0 && !left_numbered.empty() && !right_numbered.empty()) {
        scoring.add(
            "phase_differs", -1,
            fmt::format("numbered name differs ({} vs {})", fmt::join(left_numbered, "+"), fmt::join(right_numbered, "+")));
    }
    std::set<std::string> left_marks(pair.left.marks.begin(), pair.left.marks.end());
    std::set<std::string> right_marks(pair.right.marks.begin(), pair.right.marks.end());
    for (const std::string kind : {"phase=", "part="}) {
        std::set<std::string> left_kind, right_kind;
        for (const auto& mark : left_marks)
            if (mark.starts_with(kind)) left_kind.insert(mark.substr(kind.size()));
        for (const auto& mark : right_marks)
            if (mark.starts_with(kind)) right_kind.insert(mark.substr(kind.size()));
        if (left_kind.empty() || right_kind.empty() || left_kind == right_kind) continue;
        scoring.add("phase_differs", -1,
                    fmt::format("{} differs ({} vs {})", kind == "phase=" ? "phase" : "partition", fmt::join(left_kind, "+"),
                                fmt::join(right_kind, "+")));
    }
}

// An owner's words against the other's owner and name, the better way round.
void score_owners(Scoring& scoring, const DuplicateCandidate& pair) {
    if (pair.left.owner.empty() || pair.right.owner.empty()) return;
    auto with_name = [](const DuplicateProfile& profile) {
        Words words = profile.owner;
        for (const auto& word : profile.name) {
            if (!holds(words, word)) words.push_back(word);
        }
        return words;
    };
    double best = 0;
    for (const auto& [one, other] : {std::pair{&pair.left, &pair.right}, std::pair{&pair.right, &pair.left}}) {
        const Words theirs = with_name(*other);
        double shared = 0, total = 0;
        for (const auto& word : one->owner) {
            total += scoring.worth("o", word);
            if (holds(theirs, word)) shared += scoring.worth("o", word);
        }
        if (total > 0) best = std::max(best, shared / total);
    }
    if (best > 0) scoring.add("owner", best, fmt::format("owner {:.2f}", best));
}

void score_counts(Scoring& scoring, const DuplicateCandidate& pair, const DuplicateSettings& settings) {
    const auto& left = pair.left;
    const auto& right = pair.right;
    if (left.gpus > 0 && right.gpus > 0) {
        const double apart =
            std::abs(static_cast<double>(left.gpus - right.gpus)) / static_cast<double>(std::max(left.gpus, right.gpus));
        const auto words = fmt::format("({} vs {})", text::group_thousands(left.gpus), text::group_thousands(right.gpus));
        if (apart <= settings.count_close) scoring.add("count", 1, "GPU count agrees " + words);
        if (apart > settings.count_far) scoring.add("count_differs", -1, "GPU count differs " + words);
        return;
    }
    // A GPU count against a list's total cores: the GPUs' own cores at least, a share of CPU
    // cores beside them at most.
    for (const auto& [gpus, cores] : {std::pair{&left, &right}, std::pair{&right, &left}}) {
        if (gpus->gpus == 0 || cores->total_cores == 0) continue;
        const auto per_gpu = settings.cores_per_gpu.find(gpus->model.empty() ? cores->model : gpus->model);
        if (per_gpu == settings.cores_per_gpu.end()) return;
        const double ratio = static_cast<double>(cores->total_cores) / static_cast<double>(gpus->gpus * per_gpu->second);
        const auto words = fmt::format("({} GPUs of {} cores, {} total cores)", text::group_thousands(gpus->gpus),
                                       per_gpu->second, text::group_thousands(cores->total_cores));
        if (ratio >= 1 - settings.count_close && ratio <= settings.most_cores_ratio) {
            scoring.add("count", 1, "GPU count agrees with total cores " + words);
        } else if (ratio < 1 - settings.count_far || ratio > settings.most_cores_ratio * (1 + settings.count_far)) {
            scoring.add("count_differs", -1, "GPU count differs from total cores " + words);
        }
        return;
    }
}

void score_facts(Scoring& scoring, const DuplicateCandidate& pair, const DuplicateSettings& settings) {
    const auto& left = pair.left;
    const auto& right = pair.right;
    if (!left.country.empty() && !right.country.empty()) {
        if (left.country == right.country) {
            scoring.add("country", 1, "country agrees");
        } else {
            scoring.add("country_differs", -1, fmt::format("country differs ({} vs {})", left.country, right.country));
        }
    }
    if (!left.model.empty() && !right.model.empty()) {
        if (left.model == right.model) {
            scoring.add("model", 1, "GPU model agrees");
        } else if (!left.model.starts_with('?') && !right.model.starts_with('?')) {
            scoring.add("model_differs", -1, fmt::format("GPU model differs ({} vs {})", left.model, right.model));
        }
    }
    score_counts(scoring, pair, settings);
    if (left.year > 0 && right.year > 0) {
        const int apart = std::abs(left.year - right.year);
        if (apart <= 1) scoring.add("year", 1, "first year agrees");
        if (apart >= settings.year_far)
            scoring.add("year_differs", -1, fmt::format("first year differs ({} vs {})", left.year, right.year));
    }
}

}  // namespace

std::optional<DuplicateScore> score_duplicate(const DuplicateCandidate& candidate, const Context& context) {
    const auto& settings = context.config.duplicates;
    Scoring scoring(candidate, settings);
    score_names(scoring, candidate, settings);
    if (settings.compare_evidence) {
        score_owners(scoring, candidate);
        score_facts(scoring, candidate, settings);
    }
    if (scoring.score() < settings.threshold) return std::nullopt;
    return DuplicateScore{scoring.score(), scoring.evidence()};
}

Finding duplicate_finding(const DuplicateMatch& match, const Context& context) {
    Finding finding;
    finding.cluster_id = match.cluster_id;
    finding.rule = "possible-duplicate";
    finding.severity = context.config.severity("possible-duplicate", Severity::warning);
    // What it read is the other record: a baseline keeps the finding while a score moves with
    // the records around it.
    finding.evidence.value = match.other_id;
    finding.message = fmt::format("looks like the same cluster as {} (score {:.2f} of {:.2f} needed: {})", match.other_id,
                                  match.score, context.config.duplicates.threshold, match.evidence);
    return finding;
}

}  // namespace gpuclusters::rules
