#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <toml++/toml.h>

#include "embedded_data.hpp"
#include "formats/toml_support.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::rules {
namespace {

std::string place(const std::string& file, const toml::node& node) { return formats::toml_place(file, node); }

std::vector<std::string> strings(const toml::node& node, const std::string& file, std::string_view key) {
    const auto* array = node.as_array();
    if (!array) throw InputError(fmt::format("{}: {} must be an array of strings", place(file, node), key));
    std::vector<std::string> values;
    for (const auto& element : *array) {
        const auto* text = element.as_string();
        if (!text) throw InputError(fmt::format("{}: {} must hold strings", place(file, element), key));
        values.push_back(text->get());
    }
    return values;
}

void compile_into(Patterns& patterns, const std::vector<std::string>& sources, const std::string& file,
                  const toml::node& node) {
    for (const auto& source : sources) {
        try {
            patterns.add(source);
        } catch (const InputError& error) {
            throw InputError(fmt::format("{}: {}", place(file, node), error.what()));
        }
    }
}

// [quote-reader]: each list replaced by its own key, added to by extra_<list>.
void apply_lexicon(Lexicon& lexicon, const toml::node& node, const std::string& file) {
    static const std::array<std::pair<std::string_view, std::vector<std::string> Lexicon::*>, 23> lists{{
        {"approximate", &Lexicon::approximate},
        {"at_least", &Lexicon::at_least},
        {"at_most", &Lexicon::at_most},
        {"approximate_after", &Lexicon::approximate_after},
        {"at_least_after", &Lexicon::at_least_after},
        {"at_most_after", &Lexicon::at_most_after},
        {"planned", &Lexicon::planned},
        {"procured", &Lexicon::procured},
        {"in_service", &Lexicon::in_service},
        {"not_governing", &Lexicon::not_governing},
        {"arrival", &Lexicon::arrival},
        {"equivalence", &Lexicon::equivalence},
        {"equivalence_after", &Lexicon::equivalence_after},
        {"future_time", &Lexicon::future_time},
        {"existing", &Lexicon::existing},
        {"not_a_cue", &Lexicon::not_a_cue},
        {"power_capacity", &Lexicon::power_capacity},
        {"live", &Lexicon::live},
        {"construction", &Lexicon::construction},
        {"construction_began", &Lexicon::construction_began},
        {"moved_on", &Lexicon::moved_on},
        {"retired", &Lexicon::retired},
        {"negation", &Lexicon::negation},
    }};
    const auto* table = node.as_table();
    if (!table) throw InputError(fmt::format("{}: [quote-reader] must be a table", place(file, node)));
    // A list replaces, extra_ adds, whatever their order in the file: replacements first.
    for (const bool extras : {false, true}) {
        for (const auto& [key, value] : *table) {
            std::string_view name = key.str();
            const bool extra = name.starts_with("extra_");
            if (extra != extras) continue;
            if (extra) name.remove_prefix(6);
            const auto list = std::find_if(lists.begin(), lists.end(), [&](const auto& entry) { return entry.first == name; });
            if (list == lists.end()) {
                std::string known;
                for (const auto& entry : lists) known += (known.empty() ? "" : ", ") + std::string(entry.first);
                throw InputError(fmt::format("{}: [quote-reader] has no list '{}' ({})", place(file, value), key.str(), known));
            }
            auto phrases = strings(value, file, key.str());
            for (const auto& phrase : phrases) {
                if (const auto bad = text::find_invalid_utf8(phrase)) {
                    throw InputError(fmt::format("{}: {}: invalid UTF-8 at byte {}", place(file, value), key.str(), *bad));
                }
            }
            auto& target = lexicon.*(list->second);
            if (!extra) target.clear();
            target.insert(target.end(), phrases.begin(), phrases.end());
        }
    }
}

}  // namespace

std::string_view to_string(Severity severity) {
    switch (severity) {
        case Severity::off: return "off";
        case Severity::info: return "info";
        case Severity::warning: return "warning";
        case Severity::error: return "error";
    }
    return "off";
}

Severity severity_from(std::string_view text) {
    if (text == "off") return Severity::off;
    if (text == "info") return Severity::info;
    if (text == "warning") return Severity::warning;
    if (text == "error") return Severity::error;
    throw InputError(fmt::format("severity '{}' is not one of off, info, warning, error", text));
}

// One compiled pattern, JIT-compiled when the platform allows, with its own match data.
struct Patterns::Compiled {
    pcre2_code* code = nullptr;
    pcre2_match_data* match = nullptr;
    ~Compiled() {
        pcre2_match_data_free(match);
        pcre2_code_free(code);
    }
};

void Patterns::add(const std::string& pattern) {
    int error = 0;
    PCRE2_SIZE offset = 0;
    pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                     PCRE2_CASELESS | PCRE2_UTF | PCRE2_UCP, &error, &offset, nullptr);
    if (!code) {
        PCRE2_UCHAR message[256];
        pcre2_get_error_message(error, message, sizeof message);
        throw InputError(fmt::format("pattern '{}' is not a regular expression: {} at offset {}", pattern,
                                     reinterpret_cast<const char*>(message), offset));
    }
    pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);  // falls back to the interpreter where JIT is unavailable
    auto compiled = std::make_shared<Compiled>();
    compiled->code = code;
    compiled->match = pcre2_match_data_create_from_pattern(code, nullptr);
    compiled_.push_back(std::move(compiled));
    sources_.push_back(pattern);
}

void Patterns::clear() {
    sources_.clear();
    compiled_.clear();
}

std::string Patterns::first_match(std::string_view text) const {
    if (compiled_.empty() || text.empty()) return {};
    const std::string folded = text::fold(text);
    for (const auto& compiled : compiled_) {
        const int found = pcre2_match(compiled->code, reinterpret_cast<PCRE2_SPTR>(folded.data()), folded.size(), 0, 0,
                                      compiled->match, nullptr);
        if (found > 0) {
            const PCRE2_SIZE* range = pcre2_get_ovector_pointer(compiled->match);
            return folded.substr(range[0], range[1] - range[0]);
        }
    }
    return {};
}

Config Config::defaults() {
    Config config;
    config.apply(embedded::rules_toml, "db/rules.toml");
    return config;
}

void Config::apply_file(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw InputError(fmt::format("{}: cannot read the configuration file", path));
    std::stringstream content;
    content << file.rdbuf();
    apply(content.str(), path);
}

void Config::apply(std::string_view content, const std::string& file) {
    const toml::table document = formats::parse_toml(content, file);
    auto pattern_section = [&](std::string_view name, Patterns& patterns) {
        const auto* section = document.get(name);
        if (!section) return;
        const auto* table = section->as_table();
        if (!table) throw InputError(fmt::format("{}: [{}] must be a table", place(file, *section), name));
        for (const auto& [key, node] : *table) {
            if (key != "patterns" && key != "extra_patterns") {
                throw InputError(fmt::format("{}: [{}] has no key '{}' (patterns, extra_patterns)", place(file, node), name, key.str()));
            }
        }
        // patterns replaces the list, extra_patterns adds to it, whatever their order in the file.
        if (const auto* replacement = table->get("patterns")) {
            patterns.clear();
            compile_into(patterns, strings(*replacement, file, "patterns"), file, *replacement);
        }
        if (const auto* extra = table->get("extra_patterns")) {
            compile_into(patterns, strings(*extra, file, "extra_patterns"), file, *extra);
        }
    };
    for (const auto& [key, node] : document) {
        const std::string name(key.str());
        if (name == "severity") {
            const auto* table = node.as_table();
            if (!table) throw InputError(fmt::format("{}: [severity] must be a table", place(file, node)));
            for (const auto& [rule, level] : *table) {
                if (!find_rule(rule.str())) {
                    throw InputError(fmt::format("{}: unknown rule '{}' (`gpuclusters verify --list-rules`)", place(file, level), rule.str()));
                }
                const auto* text = level.as_string();
                if (!text) throw InputError(fmt::format("{}: severity of {} must be a string", place(file, level), rule.str()));
                try {
                    severities_[std::string(rule.str())] = severity_from(text->get());
                } catch (const InputError& error) {
                    throw InputError(fmt::format("{}: {}", place(file, level), error.what()));
                }
            }
        } else if (name == "thresholds") {
            const auto* table = node.as_table();
            if (!table) throw InputError(fmt::format("{}: [thresholds] must be a table", place(file, node)));
            for (const auto& [threshold, value] : *table) {
                if (threshold != "stale_source_days") {
                    throw InputError(fmt::format("{}: unknown threshold '{}' (stale_source_days)", place(file, value), threshold.str()));
                }
                const auto* days = value.as_integer();
                if (!days || days->get() < 1) {
                    throw InputError(fmt::format("{}: stale_source_days must be a positive whole number", place(file, value)));
                }
                stale_source_days = days->get();
            }
        } else if (name == "quote-missing-value") {
            const auto* table = node.as_table();
            const auto* fields = table ? table->get("fields") : nullptr;
            if (!fields || table->size() != 1) {
                throw InputError(fmt::format("{}: [quote-missing-value] takes one key, fields", place(file, node)));
            }
            quote_fields = strings(*fields, file, "fields");
            for (const auto& field : quote_fields) {
                if (!model::find_field(field)) throw InputError(fmt::format("{}: unknown field '{}'", place(file, *fields), field));
            }
        } else if (name == "h100-equivalents") {
            pattern_section(name, h100_equivalents);
        } else if (name == "quote-reader") {
            apply_lexicon(lexicon, node, file);
            // Built now, so that a phrase it cannot use is reported with the file it came from.
            try {
                reader_ = std::make_shared<const QuoteReader>(lexicon);
            } catch (const InputError& error) {
                throw InputError(fmt::format("{}: {}", place(file, node), error.what()));
            }
        } else if (name == "planned-wording") {
            throw InputError(fmt::format("{}: [planned-wording] patterns are now the phrase lists of [quote-reader] "
                                         "(planned, procured, ...); see db/rules.toml",
                                         place(file, node)));
        } else if (name == "status-notes-date") {
            pattern_section(name, status_dates);
        } else if (name == "possible-duplicate") {
            const auto* table = node.as_table();
            if (!table) throw InputError(fmt::format("{}: [possible-duplicate] must be a table", place(file, node)));
            for (const auto& [option, value] : *table) {
                const auto* flag = value.as_boolean();
                if (!flag || (option != "compare_names" && option != "compare_owner_model_count")) {
                    throw InputError(fmt::format("{}: [possible-duplicate] takes compare_names and "
                                                 "compare_owner_model_count, true or false",
                                                 place(file, value)));
                }
                (option == "compare_names" ? compare_names : compare_owner_model_count) = flag->get();
            }
        } else {
            throw InputError(fmt::format("{}: unknown section [{}]", place(file, node), name));
        }
    }
}


const QuoteReader& Config::quote_reader() const {
    if (!reader_) reader_ = std::make_shared<const QuoteReader>(lexicon);
    return *reader_;
}

Severity Config::severity(std::string_view rule, Severity default_severity) const {
    const auto found = severities_.find(rule);
    return found == severities_.end() ? default_severity : found->second;
}

}  // namespace gpuclusters::rules
