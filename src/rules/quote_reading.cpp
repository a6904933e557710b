// Reading a quote: its tokens and phrases, the models it names, the noun each figure counts, and
// what one figure passes to those joined to it.
#include <algorithm>
#include <array>

#include "rules/quote_reading.hpp"

namespace gpuclusters::rules::reading {

Reading::Reading(const QuoteReader::Impl& impl, std::string_view quote, int reference_year)
    : impl_(impl), quote_(quote), year_(reference_year), tokens_(quote_tokens::tokenize(quote, impl.token_words)) {
    starts_.assign(tokens_.size(), {});
    models_.assign(tokens_.size(), {nullptr, 0});
    ids_.assign(tokens_.size(), 0);
    plural_ids_.assign(tokens_.size(), 0);
    classes_.assign(tokens_.size(), 0);
    units_.assign(tokens_.size(), Unit::none);
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        const Token& token = tokens_[i];
        // Figures are words of a phrase only in a model's name ("Max 1100").
        const std::uint32_t id = impl_.id_of(token.text);
        ids_[i] = id;
        if (token.kind == Kind::word) {
            classes_[i] = impl_.classes[id];
            units_[i] = id != 0 && impl_.units[id] != Unit::none ? impl_.units[id] : compound_unit(token.text);
            // "H100s": the singular, for a model's name in the plural.
            if (token.text.size() > 2 && token.text.back() == 's') {
                plural_ids_[i] = impl_.id_of(std::string_view(token.text).substr(0, token.text.size() - 1));
            }
        } else if (token.kind == Kind::punct && token.text == "%") {
            units_[i] = Unit::other;
        }
    }
    // "51 Mega Watt", "Grafik Karten": two words that the lexicon knows as one noun of a unit
    // count as that noun, the first taking its unit.
    std::string pair;
    for (std::size_t i = 0; i + 1 < tokens_.size(); ++i) {
        if (tokens_[i].kind != Kind::word || tokens_[i + 1].kind != Kind::word || units_[i] != Unit::none) continue;
        units_[i] = impl_.unit_of_pair(tokens_[i].text, tokens_[i + 1].text, pair);
    }
    clause_.assign(tokens_.size(), 0);
    std::size_t clause = 0;
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        if (tokens_[i].clause_start) clause = i;
        clause_[i] = clause;
    }
    match_phrases();
    match_models();
}

Unit Reading::compound_unit(std::string_view word) const {
    for (const auto& [tail, unit] : impl_.compound_tails) {
        // Two letters at least before the tail: "Rechenknoten", not a word the tail nearly is.
        if (word.size() >= tail.size() + 2 && word.ends_with(tail)) return unit;
    }
    for (const auto& [stem, unit] : impl_.noun_stems) {
        if (word.starts_with(stem)) return unit;
    }
    return Unit::none;
}

std::vector<Quantity> Reading::quantities() {
    std::vector<Quantity> found;
    std::vector<std::pair<std::size_t, std::size_t>> spans;  // each figure's first token and the token after its phrase
    for (std::size_t i = 0; i < tokens_.size();) {
        const std::size_t before = found.size();
        const std::size_t next = quantity_at(i, found);
        if (found.size() > before) spans.emplace_back(last_phrase_begin_, last_phrase_end_);
        i = next > i ? next : i + 1;
    }
    inherit(found, spans);
    equal_numbers(found, spans);
    return found;
}

void Reading::equal_numbers(std::vector<Quantity>& found, const std::vector<std::pair<std::size_t, std::size_t>>& spans) const {
    const std::size_t count = found.size();
    for (std::size_t n = 0; n < count; ++n) {
        const std::size_t at = spans[n].second;
        const std::size_t stop = std::min(clause_end(spans[n].first), at + 8);
        for (std::size_t k = at; k + 3 < stop; ++k) {
            if (!is(k, "equal") || !is_word(tokens_[k + 1], "number") || !is_word(tokens_[k + 2], "of")) continue;
            const Unit unit = unit_at(k + 3);
            if (unit == Unit::none || unit == found[n].unit) break;
            Quantity mirror = found[n];
            mirror.unit = unit;
            mirror.unit_words = written(k, k + 4);
            mirror.per = Unit::none;
            mirror.unit_from_model = false;
            mirror.phrase_end = tokens_[k + 3].end;
            found.push_back(std::move(mirror));
            break;
        }
    }
}

void Reading::inherit(std::vector<Quantity>& found, const std::vector<std::pair<std::size_t, std::size_t>>& spans) const {
    for (std::size_t n = 1; n < found.size(); ++n) {
        Quantity& q = found[n];
        const Quantity& previous = found[n - 1];
        const std::size_t start = spans[n].first;
        const std::size_t gap_from = spans[n - 1].second;
        if (gap_from > start || clause_[spans[n - 1].first] != clause_[start]) continue;
        std::vector<std::string_view> between;
        for (std::size_t k = gap_from; k < start; ++k) between.push_back(tokens_[k].text);
        const auto joined_by = [&](std::initializer_list<std::string_view> words) {
            return between.size() == 1 && std::find(words.begin(), words.end(), between[0]) != words.end();
        };
        // "up to 4,096 instances with 32,768 GPUs" -- not "up to 1.1 exaflops with 37,888 GPUs".
        const bool holder = previous.unit == Unit::node || previous.unit == Unit::rack || previous.unit == Unit::tray ||
                            previous.unit == Unit::superchip || previous.unit == Unit::gpu || previous.unit == Unit::module;
        if (joined_by({"with", "of"}) && holder && previous.bound == Bound::at_most && q.bound == Bound::exact) {
            q.bound = Bound::at_most;
            q.bound_words = previous.bound_words;
        }
        if ((joined_by({"and", "or", ","}) || (between.size() == 2 && between[0] == "," && between[1] == "and")) &&
            previous.bound == Bound::approximate && q.bound == Bound::exact && q.bound_words.empty()) {
            q.bound = Bound::approximate;
            q.bound_words = previous.bound_words;
        }
        // "treat the 4 GCDs as 4 separate GPUs": the same figure, named otherwise.
        if (joined_by({"as"}) && previous.value == q.value && previous.unit != Unit::none) {
            q.unit = previous.unit;
            q.unit_words = previous.unit_words;
        }
        const bool opens = !between.empty() && between.back() == "(";
        if (opens && previous.modality == Modality::equivalence && q.modality != Modality::equivalence) {
            q.modality = Modality::equivalence;
            q.modality_words = previous.modality_words;
            q.modality_begin = previous.modality_begin;
            q.modality_end = previous.modality_end;
            if (q.unit == Unit::none) q.unit = previous.unit;
        }
        // Within a parenthesis the figures of a list follow each other: pass the equivalence on.
        if ((joined_by({",", "and"}) || (between.size() == 2 && between[0] == "," && between[1] == "and")) &&
            previous.modality == Modality::equivalence && q.modality != Modality::equivalence && q.unit == Unit::none) {
            q.modality = Modality::equivalence;
            q.modality_words = previous.modality_words;
        }
        const bool equals =
            !between.empty() && (between.back() == "=" || between.back() == "\u2248" ||
                                 (between.size() >= 2 && between[between.size() - 2] == "~" && between.back() == "="));
        if (equals && previous.model && q.model && previous.model != q.model) {
            q.modality = Modality::equivalence;
            q.modality_words = std::string(quote_.substr(previous.begin, q.phrase_end - previous.begin));
        }
    }
}

std::size_t Reading::phrase_ending(std::size_t end, Cue cue, std::size_t floor) const {
    // The longest first: "has ordered", not "ordered".
    for (std::size_t back = std::min<std::size_t>(6, end - std::min(end, floor)); back >= 1; --back) {
        const std::size_t start = end - back;
        if (phrase(start, cue) == back) return start;
    }
    return no_token;
}

std::size_t Reading::phrase_ending(std::size_t end, Cue cue, std::size_t floor,
                                   std::initializer_list<std::string_view> between) const {
    const std::size_t at = phrase_ending(end, cue, floor);
    if (at != no_token || end <= floor) return at;
    const auto before = [&](std::string_view word) { return is_word(tokens_[end - 1], word); };
    return std::any_of(between.begin(), between.end(), before) ? phrase_ending(end - 1, cue, floor) : no_token;
}

std::size_t Reading::clause_end(std::size_t i) const {
    std::size_t end = i + 1;
    while (end < tokens_.size() && !tokens_[end].clause_start) ++end;
    return end;
}

std::string Reading::written(std::size_t first, std::size_t last_exclusive) const {
    if (first >= last_exclusive) return {};
    return std::string(quote_.substr(tokens_[first].begin, tokens_[last_exclusive - 1].end - tokens_[first].begin));
}

void Reading::match_phrases() {
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        if (ids_[i] == 0) continue;
        for (const auto& candidate : impl_.phrases[ids_[i]]) {
            if (starts_[i][candidate.cue] >= candidate.words.size()) continue;
            const std::size_t after = i + candidate.words.size();
            const bool compound = after < tokens_.size() && tokens_[after].joined && tokens_[after].kind == Kind::word;
            if (!compound && matches(i, candidate.words)) {
                starts_[i][candidate.cue] = static_cast<std::uint8_t>(candidate.words.size());
            }
        }
    }
    // "contarán", "avranno", "terão": a future told by its ending, in the languages that inflect it.
    // A name inside a sentence is none ("no Ceará", "in Paraná").
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        const std::string& word = tokens_[i].text;
        if (tokens_[i].kind != Kind::word || starts_[i][Cue("planned")] != 0) continue;
        if (tokens_[i].capitalised && !tokens_[i].clause_start) continue;
        for (const auto& ending : impl_.future_endings) {
            if (word.size() >= ending.size() + 3 && word.ends_with(ending)) starts_[i][Cue("planned")] = 1;
        }
    }
    // "in May 2023", "May 2024: the cluster went live": a month with its capital before a figure,
    // or after a word that dates, is a date, not a modal ("Tesla May Deploy 100,000 GPUs" is one).
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        if (!tokens_[i].capitalised || !is(i, "date_parts") || starts_[i][Cue("planned")] != 1) continue;
        const bool figure_after = i + 1 < tokens_.size() && tokens_[i + 1].kind == Kind::number;
        const bool dated = i >= 1 && !tokens_[i].clause_start &&
                           (is(i - 1, "until") || is(i - 1, "starting") || is(i - 1, "date_parts") ||
                            is_word(tokens_[i - 1], "of") || is_word(tokens_[i - 1], "since"));
        if (figure_after || dated) starts_[i][Cue("planned")] = 0;
    }
    // "performed better than expected": the cue inside does not count.
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        const std::size_t length = starts_[i][Cue("not_a_cue")];
        if (length == 0) continue;
        for (std::size_t k = i; k < i + length; ++k) {
            const auto keep = starts_[k][Cue("not_a_cue")];
            starts_[k].fill(0);
            starts_[k][Cue("not_a_cue")] = keep;
        }
    }
}

bool Reading::matches(std::size_t at, const std::vector<std::uint32_t>& words) const {
    if (at + words.size() > tokens_.size()) return false;
    for (std::size_t k = 0; k < words.size(); ++k) {
        if (k > 0 && tokens_[at + k].clause_start) return false;
        if (ids_[at + k] != words[k]) return false;
    }
    return true;
}

void Reading::match_models() {
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        // The name as written, its last word perhaps in the plural ("H100s", "B200s").
        for (const std::uint32_t first : {ids_[i], plural_ids_[i]}) {
            if (first == 0 || models_[i].first) continue;
            for (const auto& spelling : impl_.spellings[first]) {
                const std::size_t n = spelling.words.size();
                if (i + n > tokens_.size() || (first == plural_ids_[i] && first != ids_[i] && n != 1)) continue;
                bool ok = true;
                for (std::size_t k = 0; k < n && ok; ++k) {
                    const bool last = k + 1 == n;
                    ok = ids_[i + k] == spelling.words[k] || (last && plural_ids_[i + k] == spelling.words[k]);
                    if (ok && k > 0 && tokens_[i + k].space_before && tokens_[i + k].kind == Kind::punct) ok = false;
                }
                if (ok) {
                    models_[i] = {spelling.model, n};
                    break;
                }
            }
        }
    }
}

bool Reading::verb_start(std::size_t i) const {
    return aux(i) || phrase(i, "planned") || phrase(i, "procured") || phrase(i, "in_service") || phrase(i, "not_governing") ||
           phrase(i, "arrival");
}

Reading::Noun Reading::noun_after(std::size_t from) const {
    Noun noun;
    noun.end = from;
    std::size_t i = from;
    // "240 of those racks", "9,234 of the full 10,624 nodes": a part of what the noun counts.
    if (i + 2 < tokens_.size() && is_word(tokens_[i], "of") && is(i + 1, "determiners")) {
        std::size_t k = i + 2;
        while (k < std::min(tokens_.size(), i + 5) && unit_named_at(k) == Unit::none && !models_[k].first) ++k;
        if (k < tokens_.size() && (unit_named_at(k) != Unit::none || models_[k].first)) i = k;
    }
    const std::size_t limit = std::min(tokens_.size(), from + noun_reach);
    while (i < limit) {
        const Token& token = tokens_[i];
        if (token.clause_start && i > from) break;
        // "Nodes: 640 Processors: 2x32": a word before a colon labels the next figure.
        if (i + 2 < tokens_.size() && tokens_[i + 1].text == ":" && tokens_[i].kind == Kind::word &&
            tokens_[i + 2].kind == Kind::number) {
            break;
        }
        std::optional<std::size_t> next;
        if (models_[i].first) {
            next = model_in_noun(noun, i);
        } else if (performance_unit_at(noun, i)) {
            break;
        } else if (const Unit unit = unit_named_at(i); unit != Unit::none) {
            next = unit_in_noun(noun, unit, i, from);
        } else if (token.kind == Kind::number) {
            next = number_in_noun(i, from);
        } else if (token.kind == Kind::punct) {
            next = mark_in_noun(noun, i, from, limit);
        } else {
            next = word_in_noun(noun, i, limit);
        }
        if (!next) break;
        i = *next;
    }
    if (noun.unit == Unit::none && noun.model) {
        noun.from_model = true;
        noun.unit = noun.model->package == "superchip" ? Unit::superchip
                    : noun.model->package == "apu"     ? Unit::apu
                    : noun.model->package == "module"  ? Unit::module
                                                       : Unit::gpu;
    }
    return noun;
}

std::optional<std::size_t> Reading::model_in_noun(Noun& noun, std::size_t i) const {
    noun.model = models_[i].first;
    i += models_[i].second;
    noun.end = i;
    // "H100-equivalents", "B200 compute equivalent GPUs": a performance unit.
    for (const std::size_t k : {i, i + 1}) {
        const bool equivalent = k < tokens_.size() && (is(k, "equivalent") || is(k, "equivalent_short"));
        if (equivalent && (k == i || tokens_[i].kind == Kind::word)) {
            noun.unit = Unit::h100_equivalent;
            noun.end = k + 1;
            return std::nullopt;
        }
    }
    return i;
}

bool Reading::performance_unit_at(Noun& noun, std::size_t i) const {
    const Token& token = tokens_[i];
    // "40,000 equivalent units of NVIDIA's H100": a performance unit, whatever follows.
    const bool equivalent =
        is(i, "equivalent") && (noun.model || noun.unit == Unit::gpu || (i + 1 < tokens_.size() && is(i + 1, "units")));
    // "H100e": a model's name with an e.
    const bool suffixed = token.kind == Kind::word && token.text.size() > 2 && token.text.back() == 'e' &&
                          !impl_.spellings[impl_.id_of(std::string_view(token.text).substr(0, token.text.size() - 1))].empty();
    if (!equivalent && !suffixed) return false;
    noun.unit = Unit::h100_equivalent;
    noun.end = i + 1;
    return true;
}

Unit Reading::unit_named_at(std::size_t i) const {
    Unit named = unit_at(i);
    // The word before decides what units and dies are: processing units are GPUs, or APUs when
    // accelerated; compute dies are GCDs.
    if (is(i, "units") && i >= 1 && is(i - 1, "processing")) named = i >= 2 && is(i - 2, "accelerated") ? Unit::apu : Unit::gpu;
    if (named == Unit::die && i >= 1 && is(i - 1, "compute")) named = Unit::gcd;
    // "8 logical GPUs per node": what software sees, a GCD of an MI250X.
    if (named == Unit::gpu && i >= 1 && is(i - 1, "logical")) named = Unit::gcd;
    // "GPUs Nvidia Tensor Core H100": a Tensor Core names the GPU, not a core.
    if (named == Unit::core && i >= 1 && is_word(tokens_[i - 1], "tensor")) named = Unit::none;
    // "20 megawatt-hours", "2 Gigawatt Stunden": energy, whatever the power noun before the hours.
    if (counts_power(named) && i + 1 < tokens_.size() && is(i + 1, "hours")) named = Unit::energy;
    if (is(i, "hours") && i >= 1 && (counts_power(unit_at(i - 1)) || unit_at(i - 1) == Unit::energy)) named = Unit::energy;
    return named;
}

std::optional<std::size_t> Reading::unit_in_noun(Noun& noun, Unit unit, std::size_t i, std::size_t from) const {
    const Token& token = tokens_[i];
    if (unit == Unit::gpu && i + 1 < tokens_.size() && is(i + 1, "equivalent")) {
        noun.unit = Unit::h100_equivalent;
        noun.end = i + 2;
        return std::nullopt;
    }
    // "a 4032 GPU system", "a 6k H200 system": the system is the cluster, not a node;
    // "four ... GPU Max Series processors" are GPUs.
    // "10.000 KI-Prozessoren", "AI processors": accelerators.
    const bool processors =
        is(i, "processor_nouns") && (noun.unit == Unit::gpu || noun.model || (i >= 1 && is(i - 1, "ai_words")));
    if (processors) {
        noun.end = i + 1;
        return i + 1;
    }
    const bool system = is(i, "system_nouns");
    if (!(system &&
          (noun.unit == Unit::gpu || (noun.unit == Unit::none && noun.model && !token.joined && (token.text == "system"))))) {
        noun.unit = unit;
    }
    noun.end = i + 1;
    // "8-GPU nodes": GPUs per node. "a 64,000-GPU Nvidia GB200 cluster": the model after it
    // is the GPUs'.
    if (i == from && token.joined && i + 1 < tokens_.size()) {
        const Unit holder = unit_at(i + 1);
        if (holder == Unit::node || holder == Unit::rack || holder == Unit::tray || holder == Unit::superchip) {
            noun.per = holder;
            noun.end = i + 2;
        } else if (unit == Unit::gpu && !noun.model && (is(i + 1, "makers") || models_[i + 1].first)) {
            return i + 1;
        }
        return std::nullopt;
    }
    return i + 1;
}

std::optional<std::size_t> Reading::number_in_noun(std::size_t i, std::size_t from) const {
    const Token& token = tokens_[i];
    // "512GB" inside the phrase: a size, not another figure.
    if (i + 1 < tokens_.size() && tokens_[i + 1].joined && tokens_[i + 1].kind == Kind::word && unit_at(i + 1) == Unit::other &&
        i > from) {
        return i + 2;
    }
    // "4,608 IBM Power 10 processors": a number in a name, after a word with its capital; never
    // one of power or energy ("10 hektar serta total kapasitas daya 28 mega watt" holds two
    // figures), nor one after a word of the sentence ("122 hari untuk menampung 100.000 GPU").
    if (i > from && tokens_[i - 1].kind == Kind::word && tokens_[i - 1].capitalised && !is(i - 1, "phrase_stops") &&
        !token.grouped && i + 1 < tokens_.size() && unit_at(i + 1) != Unit::none && !counts_power(unit_at(i + 1)) &&
        unit_at(i + 1) != Unit::energy) {
        return i + 1;
    }
    return std::nullopt;
}

std::optional<std::size_t> Reading::mark_in_noun(const Noun& noun, std::size_t i, std::size_t from, std::size_t limit) const {
    const std::string& mark = tokens_[i].text;
    if ((mark == "]" || mark == ")") && i == from) return i + 1;
    // Quotation marks („, « too), and a product's trademark signs: "Intel® Data Center GPU Max".
    static constexpr std::array<std::string_view, 13> marks{"'",      "\u2019", "\u2018", "\"",     "\u201C", "\u201D", "\u201E",
                                                            "\u201A", "\u00AB", "\u00BB", "\u00D7", "\u00AE", "\u2122"};
    if (std::ranges::find(marks, mark) != marks.end()) return i + 1;
    // "A100/H100 chips"
    if (mark == "/" && noun.model && i + 1 < limit && models_[i + 1].first) return i + 1;
    return std::nullopt;
}

std::optional<std::size_t> Reading::word_in_noun(const Noun& noun, std::size_t i, std::size_t limit) const {
    if (noun.unit == Unit::none && !noun.model && tokens_[i].text == "of" && i + 1 < limit && is(i + 1, "determiners")) {
        return i + 2;
    }
    if (is(i, "phrase_stops") || verb_start(i)) return std::nullopt;
    // After a noun, a word goes on only towards another noun: "H200 Data Center GPUs". Not
    // towards a span of time once the figure has its unit: "20 GPUs last year" (but "GPU compute
    // hours" are hours).
    const bool has_unit = noun.unit != Unit::none;
    bool noun_ahead = false;
    for (std::size_t ahead = i + 1; ahead < std::min(tokens_.size(), i + 3); ++ahead) {
        const Unit unit = unit_at(ahead);
        if ((unit != Unit::none && !(has_unit && is(ahead, "time_spans"))) || models_[ahead].first) noun_ahead = true;
    }
    if ((noun.unit != Unit::none || noun.model) && !noun_ahead && !is(i, "makers")) return std::nullopt;
    return i + 1;
}

std::pair<Unit, std::size_t> Reading::label_before(std::size_t at) const {
    const std::size_t floor = clause_[at];
    for (std::size_t back = 1; back <= 4 && back <= at - floor; ++back) {
        const Token& token = tokens_[at - back];
        if (const Unit unit = unit_at(at - back); unit != Unit::none) {
            std::size_t start = at - back;
            // "Power (kW)": the word before the parenthesis belongs to the label.
            if (start >= floor + 2 && tokens_[start - 1].text == "(" && tokens_[start - 2].kind == Kind::word) start -= 2;
            return {unit, start};
        }
        const bool filler = token.kind == Kind::punct
                                ? (token.text == ":" || token.text == "=" || token.text == "(" || token.text == ")" ||
                                   token.text == "#" || token.text == "/" || token.text == "|")
                                : is(at - back, "label_words");
        if (!filler) break;
    }
    return {Unit::none, at};
}

Unit Reading::per_unit(std::size_t noun_end, std::size_t figure, std::size_t clause_end) const {
    std::size_t i = noun_end;
    if (i < clause_end && (is_word(tokens_[i], "per") || is_word(tokens_[i], "a") || tokens_[i].text == "/")) {
        std::size_t k = i + 1;
        if (k < clause_end && (is_word(tokens_[k], "each") || is_word(tokens_[k], "one"))) ++k;
        if (k < clause_end) {
            const Unit unit = unit_at(k);
            if (unit == Unit::node || unit == Unit::rack || unit == Unit::tray || unit == Unit::superchip ||
                unit == Unit::module) {
                return unit;
            }
        }
    }
    const std::size_t floor = clause_[figure];
    auto holder_before = [&](std::size_t at) {
        for (std::size_t back = 1; back <= 4 && back <= at - floor; ++back) {
            const Unit unit = unit_at(at - back);
            if (unit == Unit::node || unit == Unit::rack || unit == Unit::tray || unit == Unit::superchip) return unit;
        }
        return Unit::none;
    };
    if (i < clause_end && is_word(tokens_[i], "each")) return holder_before(figure);
    bool comma = false;
    for (std::size_t back = 1; back <= 12 && back <= figure - floor; ++back) {
        const std::size_t k = figure - back;
        // "each with four GPUs, 1,044 in all": the "each" is the other figure's, spelled or not;
        // "each containing one CPU and one GPU" holds both.
        if (tokens_[k].text == ",") comma = true;
        if (tokens_[k].kind == Kind::number || (comma && impl_.number("spelled_numbers", tokens_[k].text))) break;
        // "four GPUs for each node, with a total of 2,240 GPUs": a total is no count per node.
        if (is(k, "totals")) break;
        if (!is(k, "every")) continue;
        // "9,472 nodes with 4 MI250X each, 37,888 GPUs in total": an "each" that closes a phrase
        // before a comma is the figure's before it.
        if (k + 1 < figure && tokens_[k + 1].text == ",") break;
        if (k + 1 < figure) {
            const Unit unit = unit_at(k + 1);
            if (unit == Unit::node || unit == Unit::rack || unit == Unit::tray || unit == Unit::superchip) return unit;
        }
        return holder_before(k);
    }
    return Unit::none;
}

}  // namespace gpuclusters::rules::reading
