// Reading a quote: its tokens and phrases, the models it names, and what one figure passes to
// those joined to it (a noun to a figure with none). What a figure's own noun counts is
// quote_nouns.cpp's.
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
    classes_.assign(tokens_.size(), {});
    units_.assign(tokens_.size(), Unit::none);
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        const Token& token = tokens_[i];
        // Figures are words of a phrase only in a model's name ("Max 1100").
        const std::uint32_t id = impl_.id_of(token.text);
        ids_[i] = id;
        if (token.kind == Kind::word) {
            classes_[i] = impl_.classes[id];
            units_[i] = id != 0 && impl_.units[id] != Unit::none ? impl_.units[id] : impl_.compound_unit(token.text);
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

std::vector<Quantity> Reading::quantities() {
    std::vector<Quantity> found;
    std::vector<std::pair<std::size_t, std::size_t>> spans;  // each figure's first token and the token after its phrase
    std::vector<std::size_t> ungoverned;                     // the figures no words govern
    for (std::size_t i = 0; i < tokens_.size();) {
        const std::size_t before = found.size();
        const std::size_t next = quantity_at(i, found);
        if (found.size() > before) spans.emplace_back(last_phrase_begin_, last_phrase_end_);
        // (Its own possessive says a figure is there: "its 37,888 GPUs".)
        if (found.size() > before && !last_governed_ && !possessed(last_phrase_begin_)) ungoverned.push_back(before);
        i = next > i ? next : i + 1;
    }
    inherit(found, spans);
    equal_numbers(found, spans);
    in_quote_tense(found, ungoverned);
    return found;
}

void Reading::in_quote_tense(std::vector<Quantity>& found, const std::vector<std::size_t>& ungoverned) const {
    // "X will be the fastest machine of its region. Among its features: 14,480 GPUs": a figure
    // that nothing governs, after a quote's words of what is to come and in a quote with no word
    // of what is there (installed, ordered, said now, to grow or to be retired), is planned.
    if (ungoverned.empty() || any_phrase({"in_service", "procured", "existing", "retired", "moved_on", "growth"})) return;
    std::size_t planned_at = no_token;
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        if (is(i, "said_now")) return;
        // German and Dutch "wird", "wordt" also make the present passive ("wird angegeben").
        if (planned_at == no_token && phrase(i, "planned") && !is(i, "present_passives")) planned_at = i;
    }
    if (planned_at == no_token) return;
    for (const std::size_t n : ungoverned) {
        Quantity& q = found[n];
        // (What inherit gave it since is its own.)
        if (q.modality != Modality::in_service || !q.modality_words.empty() || q.begin < tokens_[planned_at].end) continue;
        set_modality(q, Modality::planned, planned_at, planned_at + phrase(planned_at, "planned"));
    }
}

bool Reading::any_phrase(std::initializer_list<Cue> cues) const {
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        if (std::any_of(cues.begin(), cues.end(), [&](Cue cue) { return phrase(i, cue) != 0; })) return true;
    }
    return false;
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
        const bool holder = is_holder(previous.unit) || previous.unit == Unit::superchip || previous.unit == Unit::gpu ||
                            previous.unit == Unit::module;
        if (joined_by({"with", "of"}) && holder && previous.bound == Bound::at_most && q.bound == Bound::exact) {
            q.bound = Bound::at_most;
            q.bound_words = previous.bound_words;
        }
        // "about 500 or 600 GPUs" -- not "several thousands of CPUs and 90 GPUs".
        const bool alike = previous.unit == q.unit || previous.unit == Unit::none || q.unit == Unit::none;
        if ((joined_by({"and", "or", ","}) || (between.size() == 2 && between[0] == "," && between[1] == "and")) &&
            previous.bound == Bound::approximate && q.bound == Bound::exact && q.bound_words.empty() && alike) {
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

// A figure with no noun of its own counts what a figure beside it does.
void Reading::noun_of_neighbours(Figure& figure, const std::vector<Quantity>& found) const {
    const std::size_t i = figure.at;
    Quantity& quantity = figure.quantity;
    // "1,024 and 512 GPUs", "2,000 or 4,000 GPUs": figures joined before one noun share it.
    if (!quantity.model && figure.end + 2 < figure.clause_end &&
        (is(figure.end, "conjunctions") || is_word(tokens_[figure.end], "or")) && tokens_[figure.end + 1].kind == Kind::number &&
        !tokens_[figure.end + 1].date) {
        const Noun shared = noun_after(figure.end + 2);
        quantity.unit = shared.unit;
        quantity.model = shared.model;
        if (shared.unit != Unit::none) return;
    }
    if (!found.empty() && counted_alike(figure, found.back())) {
        quantity.unit = found.back().unit;
        quantity.model = found.back().model;
        return;
    }
    // "has since grown to 12,000", "brought the total to 3,584", "was cut from 10,240 GPUs to 6,144": a
    // level a change reaches, with no noun, counts what the figure before it in the sentence did. (Only
    // words of the count or the machine between, or before as its subject: not "its budget was raised to 500".)
    const auto of_count = [&](std::size_t k) {
        return figure_at(k) || unit_at(k) != Unit::none || models_[k].first || is(k, "count_nouns") || is(k, "determiners") ||
               is(k, "machine_nouns") || adverb(k) || is_word(tokens_[k], "from") ||
               (is(k, "prepositions") && k + 1 < tokens_.size() && year_of(k + 1));  // "in 2023"
    };
    std::size_t verb = no_token;
    for (std::size_t k = i - 1; i >= 2 && k > clause_[i] && k + 8 > i && (k + 1 == i || of_count(k)); --k) {
        if (is(k - 1, "change_verbs")) {
            verb = k - 1;
            break;
        }
    }
    std::size_t subject = verb;
    while (subject != no_token && subject > clause_[i] &&
           (aux(subject - 1) || adverb(subject - 1) || is(subject - 1, "since_words")))
        --subject;
    // (Whatever the subject, a change from a count is one of that count: "our region went from
    // 1,000 GPUs in 2023 to 6,000".)
    const bool from_count = verb != no_token && !found.empty() && found.back().begin > tokens_[verb].end;
    const bool change = verb != no_token && (subject == clause_[i] || from_count || tokens_[subject - 1].kind != Kind::word ||
                                             tokens_[subject - 1].capitalised || of_count(subject - 1) ||
                                             is(subject - 1, "subject_pronouns") || is(subject - 1, "conjunctions") ||
                                             is(subject - 1, "relative_pronouns") || is(subject - 1, "change_verbs"));
    // (So does an addition, a part or a pronoun: "another 4,000", "1,000 newer ones", "de las cuales 2.000" of
    // the figure right before its comma and "of", no count per holder: not "8-GPU boards, of which 310".)
    std::size_t before = i >= 2 ? i - 1 : 0;
    while (before > clause_[i] && before + 3 > i && adverb(before)) --before;
    const bool pronoun = figure.end < figure.clause_end &&
                         (is(figure.end, "noun_pronouns") ||
                          (figure.end + 1 < figure.clause_end && !figure_at(figure.end) && is(figure.end + 1, "noun_pronouns")));
    std::size_t whole_end = before;
    for (std::size_t k = before; k + 1 >= before && k > 0 && whole_end == before; --k)
        if (is(k - 1, "part_of") || is(k - 1, "partitives")) whole_end = k - 1;
    while (whole_end > 0 && tokens_[whole_end - 1].text == ",") --whole_end;
    const bool relative = !found.empty() && is(before, "relative_pronouns") && whole_end > 0 &&
                          tokens_[whole_end - 1].end <= found.back().phrase_end && found.back().per == Unit::none;
    const bool addition = i >= 2 && !found.empty() && found.back().unit != Unit::other &&
                          (is(before, "additions") || relative || pronoun || coordinated(i, figure.end, found.back()));
    const bool level = change && is_word(tokens_[i - 1], "to");  // (a change has a verb: i >= 2)
    if (!quantity.model && !found.empty() && i >= 2 && (level || addition) && !year_of(i)) {
        // (A level's count is the last one named, past a number that names: "will house 50,000
        // GPUs; phase 2 could push the total to 120,000"; not past the figure it changes from.)
        auto source = found.rbegin();
        while (level && !from_count && source + 1 != found.rend() && source->unit == Unit::none) ++source;
        bool same_sentence = true;
        for (std::size_t k = i - 2; k > 0 && tokens_[k].begin > source->end; --k)
            same_sentence = same_sentence && tokens_[k].text != ".";
        if (same_sentence) {
            quantity.unit = source->unit;
            quantity.model = source->model;
            return;
        }
    }
    // "Of the 20,000 GPUs ordered, 12,000 have been installed": a part with no noun counts what its whole does.
    if (!found.empty() && fronted_whole(i) != no_token && found.back().begin >= tokens_[clause_[i]].begin) {
        quantity.unit = found.back().unit;
        quantity.model = found.back().model;
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

std::size_t Reading::share_end(std::size_t k) const {
    const Token& token = tokens_[k];
    // ("60 %", as French and German space it: the mark its own token.)
    const std::size_t of = k + 1 < tokens_.size() && tokens_[k + 1].text == "%" ? k + 2 : k + 1;
    const bool share = token.kind == Kind::number && (token.percent || of == k + 2) && token.value < model::Decimal::whole(100);
    return share && of < tokens_.size() && (is(of, "part_of") || is(of, "partitives")) ? of + 1 : 0;
}

std::size_t Reading::fronted_whole(std::size_t figure) const {
    const std::size_t floor = clause_[figure];
    // (Past the part's bound, if one: "Of the 24,576 GPUs delivered, roughly 16,000 ...".)
    std::size_t figure_start = figure;
    for (const Cue cue : {Cue("approximate"), Cue("at_least"), Cue("at_most")})
        figure_start = std::min(figure_start, phrase_ending(figure, cue, floor));
    if (figure_start < floor + 3 || !comma_at(figure_start - 1) || !is(floor, "part_of")) return no_token;
    for (std::size_t k = floor + 1; k + 1 < figure_start; ++k) {
        if (comma_at(k)) return no_token;
    }
    return floor;
}

// "GPU 약 2만 개를 운영 중이며, 2026년까지 5만 개로", "部署了2000块GPU，计划明年再增加3000块": a figure
// with the counter of the figure before it in the sentence counts what that one does.
bool Reading::counted_alike(const Figure& figure, const Quantity& previous) const {
    const std::size_t i = figure.at;
    const auto counter_after = [&](std::size_t byte) {
        while (byte < quote_.size() && quote_[byte] == ' ') ++byte;
        return byte < quote_.size() ? quote_tokens::first_code_point(quote_.substr(byte)) : UChar32{0};
    };
    const bool counter_token = figure.end < tokens_.size() && is(figure.end, "counters");
    if (previous.unit == Unit::other || !(tokens_[i].counted || counter_token)) return false;
    const UChar32 counter =
        tokens_[i].counted ? counter_after(tokens_[i].end) : quote_tokens::first_code_point(tokens_[figure.end].text);
    if (counter_after(previous.end) != counter) return false;
    // (个 and 개 count anything: a noun after the counter is what this figure counts, "覆盖20个省份",
    // "30개 기관에". A particle glued to it, a kana particle, a verb or the clause's end are none.)
    const std::size_t next = tokens_[i].counted ? figure.end : figure.end + 1;
    const bool particle = !tokens_[i].counted && tokens_[figure.end].text.size() > 3;
    if (!particle && next < clause_end(i) && tokens_[next].kind == Kind::word && !verb_start(next)) {
        const UChar32 first = quote_tokens::first_code_point(tokens_[next].text);
        if (first < 0x3040 || first > 0x309F) return false;
    }
    for (std::size_t k = i; k > 0 && tokens_[k - 1].begin >= previous.end; --k) {
        if (tokens_[k - 1].text == "." || tokens_[k - 1].text == "\u3002") return false;
    }
    return true;
}

// "512 have been delivered and 256 are in service", "512 geliefert und 256 in Betrieb": a figure with
// no noun, after "and" and a few words of the figure before (its verb, a year), is more of the same,
// when a verb, a preposition or the clause's end follows it (not a noun the lexicon does not know:
// "100,000 cores and 20,000 A/V100 GPUs").
bool Reading::coordinated(std::size_t figure, std::size_t end, const Quantity& previous) const {
    if (figure < 2 || !is(figure - 1, "conjunctions") || previous.per != Unit::none || previous.unit == Unit::none) return false;
    if (end < clause_end(figure) && tokens_[end].kind != Kind::punct && !verb_start(end) && !phrase(end, "live") &&
        !is(end, "prepositions"))
        return false;
    std::size_t words = 0;
    for (std::size_t k = figure - 1; k > 0 && tokens_[k - 1].begin >= previous.phrase_end; --k) {
        const Token& token = tokens_[k - 1];
        if (++words > 5 || token.kind == Kind::punct || (token.kind == Kind::number && !year_of(k - 1))) return false;
    }
    return figure - 1 > clause_[figure] && tokens_[clause_[figure]].begin < previous.phrase_end;
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
            // "is now building", "are currently being built": an adverb or two inside a verb
            // group, after its auxiliary.
            std::size_t skipped = 0;
            bool matched = matches(i, candidate.words, 0);
            while (!matched && candidate.words.size() >= 2 && aux(i) && skipped < 2 && i + 1 + skipped < tokens_.size() &&
                   adverb(i + 1 + skipped)) {
                matched = matches(i, candidate.words, ++skipped);
            }
            const std::size_t after = i + candidate.words.size() + skipped;
            const bool compound = after < tokens_.size() && tokens_[after].joined && tokens_[after].kind == Kind::word;
            if (matched && !compound) starts_[i][candidate.cue] = static_cast<std::uint8_t>(after - i);
        }
    }
    // "contarán", "avranno", "terão": a future told by its ending, in the languages that inflect it.
    // A name inside a sentence is none ("no Ceará", "in Paraná").
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        const std::string& word = tokens_[i].text;
        // (Not a future of staying: "resterà operativo" runs now, as "will remain operational" does.)
        if (tokens_[i].kind != Kind::word || starts_[i][Cue("planned")] != 0 || starts_[i][Cue("not_governing")] != 0) continue;
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
    // "performed better than expected": the cue inside does not count. (A longer one that starts
    // with it does: "due to open" is a plan, "due to" no cue.)
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        const std::size_t length = starts_[i][Cue("not_a_cue")];
        if (length == 0) continue;
        for (std::size_t k = i; k < i + length; ++k) {
            const auto keep = starts_[k][Cue("not_a_cue")];
            for (auto& cue : starts_[k]) {
                if (k > i || cue <= length) cue = 0;
            }
            starts_[k][Cue("not_a_cue")] = keep;
        }
    }
}

bool Reading::matches(std::size_t at, const std::vector<std::uint32_t>& words, std::size_t skipped) const {
    if (at + words.size() + skipped > tokens_.size()) return false;
    for (std::size_t k = 0; k < words.size(); ++k) {
        const std::size_t token = k == 0 ? at : at + k + skipped;
        if (k > 0 && tokens_[token].clause_start) return false;
        if (ids_[token] != words[k]) return false;
    }
    return true;
}

void Reading::match_models() {
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        // The name as written, its last word perhaps in the plural ("H100s", "B200s"); a lower-case
        // s is a plural first ("V100s" are V100s, not V100S).
        const bool plural_first = plural_ids_[i] != 0 && quote_[tokens_[i].end - 1] == 's';
        for (const std::uint32_t first : {plural_first ? plural_ids_[i] : ids_[i], plural_first ? ids_[i] : plural_ids_[i]}) {
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

}  // namespace gpuclusters::rules::reading
