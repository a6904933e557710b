#include "gpuclusters/model/accelerator_names.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <set>

#include "embedded_data.hpp"
#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::model {
namespace {

constexpr std::pair<std::string_view, NameWordRole> role_names[] = {
    {"vendor", NameWordRole::vendor},
    {"brand", NameWordRole::brand},
    {"system", NameWordRole::system},
    {"form", NameWordRole::form},
    {"filler", NameWordRole::filler},
    {"memory-unit", NameWordRole::memory_unit},
    {"memory-type", NameWordRole::memory_type},
    {"power-unit", NameWordRole::power_unit},
    {"throughput-unit", NameWordRole::throughput_unit},
    {"separator", NameWordRole::separator},
};

bool is_unit(NameWordRole role) {
    return role == NameWordRole::memory_unit || role == NameWordRole::power_unit || role == NameWordRole::throughput_unit;
}

bool is_separator_char(char c) { return c == '/' || c == '&' || c == '+' || c == ',' || c == ';' || c == '|'; }
bool is_space_char(char c) {
    return c == ' ' || c == '\t' || c == '-' || c == '_' || c == '(' || c == ')' || c == '[' || c == ']' || c == ':';
}
bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

// "80gb" -> {"80", "gb"}, "16" -> {"16", ""}, "a100" -> {"", "a100"}: a figure and what follows it.
std::pair<std::string_view, std::string_view> figure_and_rest(std::string_view key) {
    std::size_t end = 0;
    while (end < key.size() && (is_ascii_digit(key[end]) || (key[end] == '.' && end > 0))) ++end;
    if (end == 0) return {{}, key};
    return {key.substr(0, end), key.substr(end)};
}

}  // namespace

bool readable_accelerator_name(std::string_view name) {
    if (name.size() > max_accelerator_name_bytes) return false;
    return std::none_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

std::vector<NameToken> name_tokens(std::string_view name) {
    std::vector<NameToken> tokens;
    std::string word;
    const auto flush = [&] {
        if (!word.empty()) tokens.push_back({word, text::lower_ascii(word)});
        word.clear();
    };
    for (char c : name) {
        if (is_space_char(c)) {
            flush();
        } else if (is_separator_char(c)) {
            flush();
            tokens.push_back({std::string(1, c), std::string(1, c)});
        } else {
            word += c;
        }
    }
    flush();
    return tokens;
}

NameWords::NameWords(std::string_view tsv) {
    std::size_t line_number = 0;
    for (std::string_view line : text::split(tsv, '\n')) {
        ++line_number;
        if (line_number == 1 || line.empty()) continue;
        const auto cells = text::split(line, '\t');
        const auto role = std::find_if(std::begin(role_names), std::end(role_names),
                                       [&](const auto& known) { return cells.size() == 3 && known.first == cells[1]; });
        const auto tokens = cells.empty() ? std::vector<NameToken>{} : name_tokens(cells[0]);
        if (cells.size() != 3 || role == std::end(role_names) || tokens.empty()) {
            throw InputError(fmt::format("db/gpu_name_words.tsv:{}: expected WORD, a role ({}) and a note, tab-separated",
                                         line_number, "vendor, brand, system, form, filler, memory-unit, ..."));
        }
        std::vector<std::string> keys;
        for (const auto& token : tokens) keys.push_back(token.key);
        longest_ = std::max(longest_, keys.size());
        words_.emplace(std::move(keys), role->second);
    }
}

const NameWords& NameWords::builtin() {
    static const NameWords words(embedded::gpu_name_words_tsv);
    return words;
}

NameWords::Match NameWords::at(const std::vector<NameToken>& tokens, std::size_t position) const {
    for (std::size_t length = std::min(longest_, tokens.size() - position); length > 0; --length) {
        std::vector<std::string> keys;
        for (std::size_t i = position; i < position + length; ++i) keys.push_back(tokens[i].key);
        if (const auto found = words_.find(keys); found != words_.end()) return {found->second, length};
    }
    return {NameWordRole::filler, 0};
}

// A name less the words around its model: the core words in order (separators kept, so that
// "A100/H100" stays two runs), and what the other words said.
struct AcceleratorNameParser::Reading {
    std::vector<CoreWord> core;
    AcceleratorName described;
};

namespace {

void note_word(AcceleratorName& described, NameWordRole role, const std::string& text) {
    std::string& memory = described.memory;
    switch (role) {
        case NameWordRole::vendor:
            described.vendors.push_back(text);
            break;
        case NameWordRole::system:
            described.system = text;
            break;
        case NameWordRole::form:
            described.form_factor += (described.form_factor.empty() ? "" : "/") + text;
            break;
        case NameWordRole::memory_unit:
        case NameWordRole::memory_type:
            memory += (memory.empty() ? "" : " ") + text;
            break;
        default:
            break;
    }
}

std::string joined(const std::vector<NameToken>& tokens, std::size_t from, std::size_t count, std::string_view between) {
    std::string text;
    for (std::size_t i = from; i < from + count; ++i) text += (i == from ? "" : std::string(between)) + tokens[i].text;
    return text;
}

}  // namespace

AcceleratorNameParser::Reading AcceleratorNameParser::read(std::string_view name) const {
    Reading reading;
    const auto tokens = name_tokens(name);
    for (std::size_t i = 0; i < tokens.size();) {
        const auto [figure, rest] = figure_and_rest(tokens[i].key);
        // "80 GB", "75 W": a figure and its unit as two words; "80GB", "80G", "75W" as one.
        if (!figure.empty() && rest.empty() && i + 1 < tokens.size()) {
            const auto unit = words_.at(tokens, i + 1);
            if (unit.length > 0 && is_unit(unit.role)) {
                note_word(reading.described, unit.role, joined(tokens, i, 1 + unit.length, " "));
                i += 1 + unit.length;
                continue;
            }
        }
        if (!figure.empty() && !rest.empty()) {
            const auto unit = words_.at({{std::string(rest), std::string(rest)}}, 0);
            if (unit.length > 0 && is_unit(unit.role)) {
                note_word(reading.described, unit.role, tokens[i].text);
                ++i;
                continue;
            }
        }
        const auto word = words_.at(tokens, i);
        if (word.length > 0 && !is_unit(word.role)) {
            if (word.role == NameWordRole::separator) reading.core.push_back({tokens[i].key, true});
            note_word(reading.described, word.role, joined(tokens, i, word.length, " "));
            i += word.length;
            continue;
        }
        reading.core.push_back({tokens[i].key, false});
        ++i;
    }
    return reading;
}

namespace {

using CoreWords = std::vector<AcceleratorNameParser::CoreWord>;

std::string core_key(const CoreWords& core, std::size_t from, std::size_t count) {
    std::string key;
    for (std::size_t i = from; i < from + count; ++i) key += core[i].key;
    return key;
}

// What one part of a name, between separators, names: nothing (vendor or form words only), an
// unknown accelerator, a model, a family, or two of them.
enum class Named { nothing, unknown, model, family, two };
struct Part {
    std::vector<const GpuModel*> models;
    std::vector<const GpuModel*> families;
    bool unknown_word = false;
    bool unknown_figure = false;  // a word with a digit: a model number the catalogue lacks
};
struct Said {
    Named named = Named::nothing;
    std::vector<const GpuModel*> entries;
    bool operator==(const Said&) const = default;
};

Said said_by(const Part& part) {
    std::vector<const GpuModel*> all = part.models;
    all.insert(all.end(), part.families.begin(), part.families.end());
    if (part.models.size() > 1) return {Named::two, all};
    // A generation word beside a model ("Nvidia Volta V100") is the model's; an unknown model
    // number beside it ("H100 8 ...") may be another model, so the part names none for sure.
    if (part.models.size() == 1) return part.unknown_figure ? Said{Named::unknown, {}} : Said{Named::model, part.models};
    if (part.families.size() > 1) return {Named::two, all};
    if (part.families.size() == 1) return {Named::family, part.families};
    return {part.unknown_word ? Named::unknown : Named::nothing, {}};
}

void add_once(std::vector<const GpuModel*>& entries, const GpuModel* entry) {
    if (std::find(entries.begin(), entries.end(), entry) == entries.end()) entries.push_back(entry);
}

}  // namespace

AcceleratorNameParser::AcceleratorNameParser(const std::vector<GpuModel>& models,
                                             const std::vector<std::vector<std::string>>& spellings, const NameWords& words)
    : models_(models), words_(words) {
    for (std::size_t position = 0; position < models.size() && position < spellings.size(); ++position) {
        for (const auto& spelling : spellings[position]) {
            const auto core = read(spelling).core;
            if (core.empty()) continue;
            auto& entries = cores_[core_key(core, 0, core.size())];
            if (std::find(entries.begin(), entries.end(), position) == entries.end()) entries.push_back(position);
            longest_core_ = std::max(longest_core_, core.size());
        }
    }
}

std::vector<std::string> AcceleratorNameParser::shared_cores() const {
    std::vector<std::string> shared;
    for (const auto& [key, entries] : cores_) {
        if (entries.size() > 1) shared.push_back(key);
    }
    return shared;
}

AcceleratorName AcceleratorNameParser::parse(std::string_view name) const {
    if (!readable_accelerator_name(name)) return {};
    Reading reading = read(name);
    const CoreWords& core = reading.core;
    std::vector<Part> parts(1);
    for (std::size_t i = 0; i < core.size();) {
        // The longest run of core words that is a catalogue model's core: "RTX 6000 Ada
        // Generation" before "RTX 6000"; a run may hold a separator ("MLU370-S4/S8").
        std::size_t length = std::min(longest_core_, core.size() - i);
        const std::vector<std::size_t>* entries = nullptr;
        for (; length > 0; --length) {
            if (const auto found = cores_.find(core_key(core, i, length)); found != cores_.end()) {
                entries = &found->second;
                break;
            }
        }
        if (entries) {
            for (std::size_t position : *entries) {
                const GpuModel* entry = &models_[position];
                add_once(entry->kind == "family" ? parts.back().families : parts.back().models, entry);
            }
            i += length;
        } else if (core[i].separator) {
            parts.emplace_back();
            ++i;
        } else {
            parts.back().unknown_word = true;
            if (std::any_of(core[i].key.begin(), core[i].key.end(), is_ascii_digit)) parts.back().unknown_figure = true;
            ++i;
        }
    }
    std::vector<Said> said;
    for (const auto& part : parts) {
        if (Said one = said_by(part); one.named != Named::nothing) said.push_back(std::move(one));
    }
    AcceleratorName result = std::move(reading.described);
    if (said.empty()) return result;
    // One accelerator however many times it is named ("H100 SXM / H100 PCIe"); else each part
    // names another, and the name gives no one model.
    const bool one = std::all_of(said.begin(), said.end(), [&](const Said& each) { return each == said.front(); });
    const Named named = one ? said.front().named : Named::two;
    if (named == Named::model || named == Named::family) {
        result.reading = named == Named::model ? NameReading::model : NameReading::family;
        result.model = said.front().entries.front();
    } else if (named == Named::two) {
        result.reading = NameReading::two_models;
        for (const auto& each : said) {
            for (const GpuModel* entry : each.entries) add_once(result.named, entry);
        }
    }
    return result;
}

}  // namespace gpuclusters::model
