// possible-duplicate's profile of a record: its name and owner as folded, transliterated words
// (phase and partition words set apart, abbreviations spelt out, acronyms added), its country,
// canonical GPU model, counts and first year; and the keys that make candidate pairs.
#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <set>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/rules/rules.hpp"

namespace gpuclusters::rules {
namespace {

constexpr char field_separator = '\x1f';

bool all_digits(std::string_view word) {
    return !word.empty() && std::ranges::all_of(word, [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

bool listed(const std::vector<std::string>& words, std::string_view word) {
    return std::ranges::find(words, word) != words.end();
}

// Roman numerals a phase is numbered with, as digits.
std::string phase_number(std::string_view word) {
    static const std::map<std::string_view, std::string_view> roman{{"i", "1"},  {"ii", "2"}, {"iii", "3"},
                                                                    {"iv", "4"}, {"v", "5"},  {"vi", "6"}};
    if (all_digits(word)) return std::string(word);
    const auto found = roman.find(word);
    return found == roman.end() ? std::string() : std::string(found->second);
}

// The words of a text: transliterated to ASCII and lower-cased (text::slug), aliases spelt out.
std::vector<std::string> words_of(std::string_view text, const DuplicateSettings& settings) {
    std::vector<std::string> words;
    const std::string slug = text::slug(text, 1000);
    for (auto word : text::split(slug, '-')) {
        if (word.empty()) continue;
        const auto alias = settings.aliases.find(word);
        if (alias == settings.aliases.end()) {
            words.emplace_back(word);
            continue;
        }
        for (auto part : text::split(alias->second, ' ')) {
            if (!part.empty()) words.emplace_back(part);
        }
    }
    return words;
}

void add_unique(std::vector<std::string>& words, std::string word) {
    if (!listed(words, word)) words.push_back(std::move(word));
}

// A name's words, with "phase 2" and partition words ("booster") set apart as marks; a word
// run into a number ("marconi 100") is also kept whole ("marconi100").
void read_name(std::string_view name, const DuplicateSettings& settings, DuplicateProfile& profile) {
    const auto words = words_of(name, settings);
    for (std::size_t i = 0; i < words.size(); ++i) {
        const auto& word = words[i];
        if (listed(settings.phase_words, word) && i + 1 < words.size() && !phase_number(words[i + 1]).empty()) {
            add_unique(profile.marks, "phase=" + phase_number(words[++i]));
        } else if (listed(settings.partition_words, word)) {
            add_unique(profile.marks, "part=" + word);
        } else if (!listed(settings.ignore_words, word)) {
            add_unique(profile.name, word);
            if (all_digits(word) && i > 0 && !all_digits(words[i - 1])) add_unique(profile.name, words[i - 1] + word);
        }
    }
    for (const auto& word : words) profile.whole_name += word;
}

}  // namespace

std::string phase_of_name(std::string_view name, const DuplicateSettings& settings) {
    const auto words = words_of(name, settings);
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        if (listed(settings.phase_words, words[i]) && !phase_number(words[i + 1]).empty()) return phase_number(words[i + 1]);
    }
    return {};
}

namespace {

// An owner's words, every segment of a path of agencies ("DOE/SC/Oak Ridge National Laboratory")
// alike, and the acronym of each run of three or more words ("ornl").
void read_owner(std::string_view owner, const DuplicateSettings& settings, DuplicateProfile& profile) {
    for (auto segment : text::split(owner, '/')) {
        std::vector<std::string> run;
        for (auto& word : words_of(segment, settings)) {
            if (all_digits(word)) continue;
            run.push_back(word);
            if (!listed(settings.ignore_words, word)) add_unique(profile.owner, word);
        }
        for (std::size_t length = 3; length <= std::min<std::size_t>(run.size(), 6); ++length) {
            for (std::size_t start = 0; start + length <= run.size(); ++start) {
                std::string acronym;
                for (std::size_t i = start; i < start + length; ++i) acronym += run[i][0];
                add_unique(profile.owner, acronym);
            }
        }
    }
}

// A count of chips as a list writes it, "1,000 x NVIDIA A100": the number right before an "x" (or
// "×") and a model's name. Other numbers of free text (nodes, a model's own digits) are not a
// GPU count, and none is read from them.
long long count_of_chips(std::string_view text) {
    const auto digit = [&](std::size_t at) { return at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])); };
    for (std::size_t start = 0; start < text.size(); ++start) {
        if (!digit(start) ||
            (start > 0 && (std::isalnum(static_cast<unsigned char>(text[start - 1])) || text[start - 1] == ','))) {
            continue;
        }
        std::string digits;
        std::size_t at = start;
        while (digit(at) ||
               (at < text.size() && text[at] == ',' && digit(at + 1) && digit(at + 2) && digit(at + 3) && !digit(at + 4))) {
            if (text[at] != ',') digits += text[at];
            ++at;
        }
        std::size_t after = at;
        while (after < text.size() && text[after] == ' ') ++after;
        const auto rest = text.substr(after);
        const std::size_t times = rest.starts_with("x ") ? 1 : rest.starts_with("\u00d7") ? 2 : 0;
        std::size_t name = after + times;
        while (times > 0 && name < text.size() && text[name] == ' ') ++name;
        if (times > 0 && name < text.size() && std::isalpha(static_cast<unsigned char>(text[name])) && digits.size() <= 12) {
            return std::stoll(digits);
        }
        start = at;
    }
    return 0;
}

long long whole_number(std::string_view text) {
    const auto numbers = numbers_in(text);
    return numbers.empty() ? 0 : numbers.front();
}

std::string joined(const std::vector<std::string>& words) { return fmt::format("{}", fmt::join(words, " ")); }

std::vector<std::string> split_words(std::string_view text) {
    std::vector<std::string> words;
    for (auto word : text::split(text, ' ')) {
        if (!word.empty()) words.emplace_back(word);
    }
    return words;
}

}  // namespace

double DuplicateSettings::weight(std::string_view signal) const {
    const auto found = weights.find(signal);
    return found == weights.end() ? 0.0 : found->second;
}

std::string DuplicateProfile::encode() const {
    return fmt::format("{1}{0}{2}{0}{3}{0}{4}{0}{5}{0}{6}{0}{7}{0}{8}{0}{9}", field_separator, joined(name), whole_name,
                       joined(marks), joined(owner), country, model, gpus, total_cores, year);
}

DuplicateProfile DuplicateProfile::decode(std::string_view text) {
    const auto parts = text::split(text, field_separator);
    DuplicateProfile profile;
    if (parts.size() != 9) return profile;
    profile.name = split_words(parts[0]);
    profile.whole_name = std::string(parts[1]);
    profile.marks = split_words(parts[2]);
    profile.owner = split_words(parts[3]);
    profile.country = std::string(parts[4]);
    profile.model = std::string(parts[5]);
    profile.gpus = whole_number(parts[6]);
    profile.total_cores = whole_number(parts[7]);
    profile.year = static_cast<int>(whole_number(parts[8]));
    return profile;
}

std::vector<std::string_view> duplicate_key_fields() {
    return {"name",           "owner",           "country",     "gpu_model",        "gpu_model_canonical",
            "gpus_installed", "gpu_count_notes", "total_cores", "first_operational"};
}

std::optional<DuplicateProfile> duplicate_profile(const model::Record& record, const Context& context) {
    if (context.config.severity("possible-duplicate", Severity::warning) == Severity::off) return std::nullopt;
    const auto& settings = context.config.duplicates;
    auto value = [&](std::string_view field) {
        const model::Claim* claim = record.value_of(field);
        return claim ? claim->value.value : std::string();
    };
    DuplicateProfile profile;
    read_name(value("name"), settings, profile);
    read_owner(value("owner"), settings, profile);
    profile.country = text::fold(value("country"));
    // One model however it is spelled: "MI250X" and "AMD Instinct MI250X" are one.
    std::string model = value("gpu_model_canonical");
    if (model.empty()) model = value("gpu_model");
    // A model the catalogue does not know is marked "?": compared for agreement only. A family
    // ("NVIDIA Volta") is not compared at all.
    const model::GpuModel* known = model::GpuCatalogue::builtin().find(model);
    if (!known) {
        profile.model = model.empty() ? std::string() : "?" + text::fold(model);
    } else if (known->kind != "family") {
        profile.model = known->model;
    }
    std::replace(profile.model.begin(), profile.model.end(), field_separator, ' ');
    std::replace(profile.country.begin(), profile.country.end(), field_separator, ' ');
    profile.gpus = whole_number(value("gpus_installed"));
    // A count written only in the notes ("1000 x A100", as a list of anonymised systems gives it).
    if (profile.gpus == 0) profile.gpus = count_of_chips(value("gpu_count_notes"));
    profile.total_cores = whole_number(value("total_cores"));
    const std::string first = value("first_operational");
    if (first.size() >= 4 && all_digits(std::string_view(first).substr(0, 4))) profile.year = std::stoi(first.substr(0, 4));
    return profile;
}

std::vector<DuplicateKey> duplicate_keys(const DuplicateProfile& profile, const Context& context) {
    const auto& settings = context.config.duplicates;
    std::vector<DuplicateKey> keys;
    if (!profile.whole_name.empty()) keys.push_back({"w", profile.whole_name});
    if (settings.compare_names) {
        for (const auto& word : profile.name) keys.push_back({"n", word});
    }
    if (!settings.compare_evidence) return keys;
    for (const auto& word : profile.owner) keys.push_back({"o", word});
    if (!profile.country.empty() && !profile.model.empty() && profile.gpus > 0) {
        keys.push_back(
            {"m", fmt::format("{}{}{}{}{}", profile.country, field_separator, profile.model, field_separator, profile.gpus)});
    }
    return keys;
}

}  // namespace gpuclusters::rules
