// The rules' configuration as TOML: db/rules.toml (the defaults, embedded) and a user's file over
// it, every mistake named with its file:line:column.
#include "formats/rules_config.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <toml++/toml.h>

#include "embedded_data.hpp"
#include "formats/input_file.hpp"
#include "formats/toml_support.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::formats {
namespace {

std::vector<std::string> strings(const toml::node& node, const std::string& file, std::string_view key) {
    std::vector<std::string> values;
    for (const auto& element : node_as<toml::array>(file, node, fmt::format("{} must be an array of strings", key))) {
        values.push_back(node_as<std::string>(file, element, fmt::format("{} must hold strings", key)).get());
    }
    return values;
}

void compile_into(rules::Patterns& patterns, const std::vector<std::string>& sources, const std::string& file,
                  const toml::node& node) {
    for (const auto& source : sources) {
        try {
            patterns.add(source);
        } catch (const InputError& error) {
            toml_fail(file, node, error.what());
        }
    }
}

// The phrases of a list, each valid UTF-8.
std::vector<std::string> phrases(const toml::node& node, const std::string& file, std::string_view key) {
    auto values = strings(node, file, key);
    for (const auto& phrase : values) {
        if (const auto bad = text::find_invalid_utf8(phrase)) {
            toml_fail(file, node, fmt::format("{}: invalid UTF-8 at byte {}", key, *bad));
        }
    }
    return values;
}

// A table of words, each with a whole number from 0 to `most`.
std::vector<std::pair<std::string, int>> numbers(const toml::node& node, const std::string& file, std::string_view key,
                                                 int most) {
    const auto& table = node_as<toml::table>(
        file, node, fmt::format("{} must be a table of words, each with a whole number from 0 to {}", key, most));
    std::vector<std::pair<std::string, int>> values;
    for (const auto& [word, value] : table) {
        const auto* number = value.as_integer();
        if (!number || number->get() < 0 || number->get() > most) {
            toml_fail(file, value, fmt::format("{}: {} must be a whole number from 0 to {}", key, word.str(), most));
        }
        if (const auto bad = text::find_invalid_utf8(word.str())) {
            toml_fail(file, value, fmt::format("{}: invalid UTF-8 at byte {}", key, *bad));
        }
        if (const auto fault = rules::single_word_fault(word.str(), rules::ListShape::words)) {
            toml_fail(file, value, fmt::format("{}: '{}' {}", key, word.str(), *fault));
        }
        values.emplace_back(std::string(word.str()), static_cast<int>(number->get()));
    }
    return values;
}

// Each entry of a list of single words or nouns is one word (of nouns, or a stem).
void single_words(const toml::array& entries, const std::string& file, std::string_view key, rules::ListShape shape) {
    for (const auto& entry : entries) {
        const std::string& word = entry.as_string()->get();
        if (const auto fault = rules::single_word_fault(word, shape)) {
            toml_fail(file, entry, fmt::format("{}: '{}' {}", key, word, *fault));
        }
    }
}

const rules::LexiconList& lexicon_list(std::string_view name, const std::string& key, const std::string& file,
                                       const toml::node& node) {
    const auto lists = rules::lexicon_lists();
    const auto list = std::find_if(lists.begin(), lists.end(), [&](const auto& entry) { return entry.name == name; });
    if (list == lists.end()) {
        // Some ninety lists: the nearest name, and the page that lists them all.
        std::vector<std::string> names;
        for (const auto& entry : lists) names.emplace_back(entry.name);
        const auto near = text::closest(name, names, 2);
        toml_fail(file, node,
                  fmt::format("[quote-reader] has no list '{}' ({}gpuclusters-verify(1) lists them)", key,
                              near ? fmt::format("did you mean '{}'? ", *near) : ""));
    }
    return *list;
}

// [quote-reader]: each list replaced by its own key, added to by extra_<list>.
void apply_lexicon(rules::Lexicon& lexicon, const toml::node& node, const std::string& file) {
    const auto& table = table_of(file, node, "[quote-reader]");
    // A list replaces, extra_ adds, whatever their order in the file: replacements first.
    for (const bool extras : {false, true}) {
        for (const auto& [key, value] : table) {
            std::string_view name = key.str();
            const bool extra = name.starts_with("extra_");
            if (extra != extras) continue;
            if (extra) name.remove_prefix(6);
            const auto& list = lexicon_list(name, std::string(key.str()), file, value);
            if (list.shape == rules::ListShape::numbers) {
                auto entries = numbers(value, file, key.str(), list.most);
                auto& target = lexicon.numbers[std::string(name)];
                if (!extra) target.clear();
                target.insert(target.end(), entries.begin(), entries.end());
            } else {
                auto entries = phrases(value, file, key.str());
                if (list.shape != rules::ListShape::phrases) single_words(*value.as_array(), file, key.str(), list.shape);
                auto& target = lexicon.lists[std::string(name)];
                if (!extra) target.clear();
                target.insert(target.end(), entries.begin(), entries.end());
            }
        }
    }
}

}  // namespace

rules::Config default_rules_config() {
    rules::Config config;
    apply_rules_config(config, embedded::rules_toml, "db/rules.toml");
    return config;
}

void apply_rules_config_file(rules::Config& config, const std::string& path) {
    apply_rules_config(config, read_whole_file(path, "the configuration file"), path);
}

namespace {

// [h100-equivalents] and [status-notes-date]: patterns replaces the list, extra_patterns adds to
// it, whatever their order in the file.
void apply_patterns(rules::Patterns& patterns, std::string_view name, const toml::node& section, const std::string& file) {
    const auto& table = table_of(file, section, fmt::format("[{}]", name));
    for (const auto& [key, node] : table) {
        if (key != "patterns" && key != "extra_patterns") {
            toml_fail(file, node, fmt::format("[{}] has no key '{}' (patterns, extra_patterns)", name, key.str()));
        }
    }
    if (const auto* replacement = table.get("patterns")) {
        patterns.clear();
        compile_into(patterns, strings(*replacement, file, "patterns"), file, *replacement);
    }
    if (const auto* extra = table.get("extra_patterns")) {
        compile_into(patterns, strings(*extra, file, "extra_patterns"), file, *extra);
    }
}

void apply_severities(rules::Config& config, const toml::node& node, const std::string& file) {
    for (const auto& [rule, level] : table_of(file, node, "[severity]")) {
        if (!rules::find_rule(rule.str())) {
            toml_fail(file, level, fmt::format("unknown rule '{}' (`gpuclusters verify --list-rules`)", rule.str()));
        }
        const auto& text = node_as<std::string>(file, level, fmt::format("severity of {} must be a string", rule.str()));
        try {
            config.set_severity(std::string(rule.str()), rules::severity_from(text.get()));
        } catch (const InputError& error) {
            toml_fail(file, level, error.what());
        }
    }
}

void apply_thresholds(rules::Config& config, const toml::node& node, const std::string& file) {
    for (const auto& [threshold, value] : table_of(file, node, "[thresholds]")) {
        if (threshold != "stale_source_days") {
            toml_fail(file, value, fmt::format("unknown threshold '{}' (stale_source_days)", threshold.str()));
        }
        const auto* days = value.as_integer();
        if (!days || days->get() < 1) {
            toml_fail(file, value, "stale_source_days must be a positive whole number");
        }
        config.stale_source_days = days->get();
    }
}

// [quote-missing-value] and [unquoted-value]: the fields a rule checks.
void apply_rule_fields(std::vector<std::string>& target, std::string_view name, const toml::node& node, const std::string& file) {
    const auto* table = node.as_table();
    const auto* fields = table ? table->get("fields") : nullptr;
    if (!fields || table->size() != 1) {
        toml_fail(file, node, fmt::format("[{}] takes one key, fields", name));
    }
    target = strings(*fields, file, "fields");
    for (const auto& field : target) {
        if (!model::find_field(field)) toml_fail(file, *fields, fmt::format("unknown field '{}'", field));
    }
}

void apply_quote_reader(rules::Config& config, const toml::node& node, const std::string& file) {
    apply_lexicon(config.lexicon, node, file);
    // Built now, so that a phrase it cannot use is reported with the file it came from.
    try {
        config.build_quote_reader();
    } catch (const InputError& error) {
        toml_fail(file, node, error.what());
    }
}

}  // namespace

void apply_rules_config(rules::Config& config, std::string_view content, const std::string& file) {
    const toml::table document = parse_toml(content, file);
    for (const auto& [key, node] : document) {
        const std::string name(key.str());
        if (name == "severity") {
            apply_severities(config, node, file);
        } else if (name == "thresholds") {
            apply_thresholds(config, node, file);
        } else if (name == "quote-missing-value") {
            apply_rule_fields(config.quote_fields, name, node, file);
        } else if (name == "unquoted-value") {
            apply_rule_fields(config.unquoted_fields, name, node, file);
        } else if (name == "h100-equivalents") {
            apply_patterns(config.h100_equivalents, name, node, file);
        } else if (name == "quote-reader") {
            apply_quote_reader(config, node, file);
        } else if (name == "planned-wording") {
            toml_fail(file, node,
                      "[planned-wording] patterns are now the phrase lists of [quote-reader] "
                      "(planned, procured, ...); see db/rules.toml");
        } else if (name == "status-notes-date") {
            apply_patterns(config.status_dates, name, node, file);
        } else if (name == "possible-duplicate") {
            apply_duplicate_settings(config.duplicates, node, file);
        } else {
            toml_fail(file, node, fmt::format("unknown section [{}]", name));
        }
    }
}

rules::Config rules_config_for(const std::string& path, const std::string& database_path) {
    auto config = default_rules_config();
    if (!path.empty()) {
        apply_rules_config_file(config, path);
        return config;
    }
    // Anything there by that name is read, and refused when it is not a regular file: a folder or
    // a FIFO is no configuration to pass over in silence, nor to wait on.
    const auto beside = std::filesystem::path(database_path).parent_path() / "gpuclusters.toml";
    std::error_code ignored;
    if (std::filesystem::exists(beside, ignored)) apply_rules_config_file(config, beside.string());
    return config;
}

}  // namespace gpuclusters::formats
