// [possible-duplicate] of the rules' configuration: the score's weights and thresholds, the words
// that are not names, abbreviations and the cores a list counts for one GPU.
#include <fmt/format.h>

#include "formats/rules_config.hpp"
#include "formats/toml_support.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::formats {
namespace {

constexpr std::string_view section = "[possible-duplicate]";

double number_of(const toml::node& node, const std::string& file, std::string_view key) {
    if (const auto* whole = node.as_integer()) return static_cast<double>(whole->get());
    if (const auto* real = node.as_floating_point()) return real->get();
    toml_fail(file, node, fmt::format("{} {} must be a number", section, key));
}

long long count_of(const toml::node& node, const std::string& file, std::string_view key, long long least = 1) {
    const auto* whole = node.as_integer();
    if (!whole || whole->get() < least) {
        toml_fail(file, node, fmt::format("{} {} must be a whole number, {} or more", section, key, least));
    }
    return whole->get();
}

double share_of(const toml::node& node, const std::string& file, std::string_view key) {
    const double value = number_of(node, file, key);
    if (value < 0) toml_fail(file, node, fmt::format("{} {} must be 0 or more", section, key));
    return value;
}

// A list of words, each folded to what a name's words are (ASCII, lower case).
std::vector<std::string> words_of(const toml::node& node, const std::string& file, std::string_view key) {
    std::vector<std::string> words;
    const auto what = fmt::format("{} {} must be an array of words", section, key);
    for (const auto& element : node_as<toml::array>(file, node, what)) {
        words.push_back(text::slug(node_as<std::string>(file, element, what).get()));
    }
    return words;
}

const std::vector<std::string_view> signals{"name",         "name_differs",  "owner", "country",       "country_differs",
                                            "model",        "model_differs", "count", "count_differs", "year",
                                            "year_differs", "phase_differs"};

void read_weights(rules::DuplicateSettings& settings, const toml::node& node, const std::string& file) {
    for (const auto& [signal, value] : table_of(file, node, "weights")) {
        if (std::ranges::find(signals, signal.str()) == signals.end()) {
            toml_fail(
                file, value,
                fmt::format("{} weights: unknown signal '{}' (one of: {})", section, signal.str(), fmt::join(signals, ", ")));
        }
        settings.weights[std::string(signal.str())] = share_of(value, file, signal.str());
    }
}

void read_aliases(rules::DuplicateSettings& settings, const toml::node& node, const std::string& file) {
    for (const auto& [word, value] : table_of(file, node, "aliases")) {
        const auto& meaning = node_as<std::string>(file, value, fmt::format("{} aliases: {} must be text", section, word.str()));
        std::string spelt;
        const std::string slug = text::slug(meaning.get());
        for (auto part : text::split(slug, '-')) spelt += spelt.empty() ? std::string(part) : " " + std::string(part);
        settings.aliases[text::slug(word.str())] = spelt;
    }
}

void read_cores(rules::DuplicateSettings& settings, const toml::node& node, const std::string& file) {
    for (const auto& [model, value] : table_of(file, node, "cores_per_gpu")) {
        settings.cores_per_gpu[std::string(model.str())] = count_of(value, file, model.str());
    }
}

}  // namespace

void apply_duplicate_settings(rules::DuplicateSettings& settings, const toml::node& node, const std::string& file) {
    for (const auto& [option, value] : table_of(file, node, section)) {
        const std::string key(option.str());
        if (key == "compare_names" || key == "compare_owner_model_count") {
            const auto& flag = node_as<bool>(file, value, fmt::format("{} {} must be true or false", section, key));
            (key == "compare_names" ? settings.compare_names : settings.compare_evidence) = flag.get();
        } else if (key == "threshold") {
            settings.threshold = number_of(value, file, key);
        } else if (key == "largest_block" || key == "placeholder_records") {
            // Both count the records that hold one key: fewer than two share nothing.
            (key == "largest_block" ? settings.largest_block : settings.placeholder_records) = count_of(value, file, key, 2);
        } else if (key == "most_matches") {
            settings.most_matches = count_of(value, file, key);
        } else if (key == "count_close" || key == "count_far" || key == "most_cores_ratio") {
            (key == "count_close" ? settings.count_close
             : key == "count_far" ? settings.count_far
                                  : settings.most_cores_ratio) = share_of(value, file, key);
        } else if (key == "year_far") {
            settings.year_far = count_of(value, file, key);
        } else if (key == "weights") {
            read_weights(settings, value, file);
        } else if (key == "ignore_words" || key == "phase_words" || key == "partition_words") {
            (key == "ignore_words"  ? settings.ignore_words
             : key == "phase_words" ? settings.phase_words
                                    : settings.partition_words) = words_of(value, file, key);
        } else if (key == "aliases") {
            read_aliases(settings, value, file);
        } else if (key == "cores_per_gpu") {
            read_cores(settings, value, file);
        } else {
            toml_fail(file, value, fmt::format("{} has no setting '{}'", section, key));
        }
    }
}

}  // namespace gpuclusters::formats
