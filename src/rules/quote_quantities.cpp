// The figures of a quote, one at a time: value, range, unit, bound and modality (for power,
// whether it is a capacity: quote_power.cpp).
#include <algorithm>
#include <limits>

#include "gpuclusters/model/text.hpp"
#include "rules/quote_reading.hpp"

namespace gpuclusters::rules::reading {

std::size_t Reading::quantity_at(std::size_t i, std::vector<Quantity>& found) {
    // Numbers inside a model's name ("Max 1100", "Gaudi 3") are not figures.
    if (models_[i].first) return i + models_[i].second;
    model::Decimal value;
    std::size_t end = i + 1;
    if (const auto next = value_at(i, value, end, found)) return *next;
    const Token& token = tokens_[i];
    end = scale_after(token, end, value);
    if (only_a_year(i, end)) return i + 1;
    Figure figure;
    figure.at = i;
    figure.end = figure.resume = figure.phrase_end = end;
    figure.phrase_begin = figure.label_start = i;
    figure.clause_end = clause_end(i);
    Quantity& quantity = figure.quantity;
    quantity.value = value;
    if (token.kind == Kind::number && token.dot_thousands) quantity.alternative = token.value.scaled(3);
    read_range(figure, value);
    read_noun(figure);
    if (quantity.unit == Unit::none) noun_of_neighbours(figure, found);
    // "10.000 GPUs": a count is whole, so the point groups thousands. (A power or a speed keeps
    // both readings: "21.500 kW" may be either.)
    if (quantity.alternative && quantity.unit >= Unit::gpu && quantity.unit <= Unit::h100_equivalent) {
        quantity.value = *quantity.alternative;
        quantity.alternative.reset();
    }
    if (quantity.bound == Bound::exact) read_bound(figure);
    // "une centaine de GPU", "un centinaio di nodi": a number that is itself a round figure.
    if (quantity.bound == Bound::exact && is(i, "approximate_numbers")) {
        quantity.bound = Bound::approximate;
        quantity.bound_words = written(i, figure.end);
    }
    read_modality(figure);
    // "pre-trained on as many as 800 GPUs": a use of up to N shows at least N. The phrases are
    // matched as every other phrase is, whatever the case ("Trained on up to 800 GPUs").
    const std::string words = text::lower_ascii(quantity.modality_words);
    const std::string bound_words = text::lower_ascii(quantity.bound_words);
    const auto starts_bound = [&](const std::string& bound) { return bound_words.starts_with(bound); };
    const auto in_words = [&](const std::string& phrase) { return words.find(phrase) != std::string::npos; };
    // (Not a verb that an earlier figure stands between: "runs 12,000 H100s, with room for up to
    // 50,000" is a capacity.)
    const bool verb_is_its_own = found.empty() || found.back().end <= quantity.modality_begin;
    if (quantity.bound == Bound::at_most && std::ranges::any_of(impl_.use_bound_phrases, starts_bound) &&
        quantity.modality == Modality::in_service && quantity.modality_begin < quantity.modality_end && verb_is_its_own) {
        const std::string verb = words.substr(words.rfind(' ') + 1);
        if (std::ranges::find(impl_.use_words, verb) != impl_.use_words.end() ||
            std::ranges::any_of(impl_.used_on_phrases, in_words)) {
            quantity.bound = Bound::at_least;
        }
    }
    if (counts_power(quantity.unit)) read_capacity(figure);
    if (counts_power(quantity.unit) && !quantity.capacity && !found.empty()) shared_capacity(figure, found.back());
    const std::size_t phrase_end = std::max(figure.phrase_end, figure.end);
    const std::size_t phrase_begin = std::min(figure.phrase_begin, figure.label_start);
    quantity.begin = tokens_[i].begin;
    quantity.end = tokens_[figure.end - 1].end;
    quantity.phrase_begin = tokens_[phrase_begin].begin;
    quantity.phrase_end = tokens_[phrase_end - 1].end;
    last_phrase_end_ = phrase_end;
    last_phrase_begin_ = phrase_begin;
    last_governed_ = figure.governed;
    found.push_back(std::move(quantity));
    // Figures inside the noun phrase ("8 NVIDIA A100 80 GB GPUs") are not read again.
    return std::max({figure.end, figure.resume, figure.noun_end});
}

std::optional<std::size_t> Reading::value_at(std::size_t i, model::Decimal& value, std::size_t& end,
                                             std::vector<Quantity>& found) {
    const Token& token = tokens_[i];
    if (token.kind == Kind::number) {
        if (token.date || token.ordinal || token.percent) return i + 1;
        if (product_number(i)) return i + 1;
        value = token.value;
        return std::nullopt;
    }
    if (token.kind != Kind::word) return i + 1;
    if (const auto spelled = spelled_number(impl_, tokens_, i)) {
        value = spelled->value;
        end = i + spelled->length;
        return std::nullopt;
    }
    // "万卡集群", "千卡": a Han scale alone before a counter or a noun is one of it.
    if (const auto scale = lone_han_scale(i)) {
        value = model::Decimal(1, *scale);
        end = i + 1;
        return std::nullopt;
    }
    // "each fitted with ... an NVIDIA Tesla V100 GPU", "cada uno con una GPU": an article before a
    // GPU that each holder has is one (not one that opens a bound: "a minimum of four GPUs per node").
    if (is(i, "articles") && i > 0 && i + 1 < tokens_.size()) {
        const Noun noun = noun_after(i + 1);
        const bool gpu = noun.model || noun.unit == Unit::gpu || noun.unit == Unit::apu || noun.unit == Unit::superchip;
        const bool per = per_unit(noun.end, i, clause_end(i)) != Unit::none;
        bool figure_between = false;
        for (std::size_t k = i + 1; k < std::min(noun.end, tokens_.size()); ++k) figure_between = figure_between || figure_at(k);
        if (gpu && per && noun.end <= i + 5 && !figure_between) {
            value = model::Decimal::whole(1);
            end = i + 1;
            return std::nullopt;
        }
    }
    return vague_at(i, found);
}

std::optional<int> Reading::lone_han_scale(std::size_t i) const {
    const Token& token = tokens_[i];
    const UChar32 first = quote_tokens::first_code_point(token.text);
    if (!quote_tokens::is_cjk(first) || quote_tokens::verb_final_script(first) || i + 1 >= tokens_.size()) return std::nullopt;
    // (After digits it is their scale: "3万".)
    if (i > 0 && tokens_[i - 1].kind == Kind::number && tokens_[i - 1].end == token.begin) return std::nullopt;
    const auto scale = impl_.number("scale_words", token.text);
    if (!scale || *scale < 3 || tokens_[i + 1].begin != token.end) return std::nullopt;
    if (!is(i + 1, "counters") && unit_at(i + 1) == Unit::none) return std::nullopt;
    return scale;
}

std::size_t Reading::scale_after(const Token& figure, std::size_t at, model::Decimal& number) const {
    // "1.2 million", "100 thousand"
    // (Not after a counter, which ends the figure: "3套万卡级集群" is three clusters of ten thousand cards.)
    if (figure.kind != Kind::number || figure.counted || at >= tokens_.size() || tokens_[at].kind != Kind::word) return at;
    const auto scale = impl_.number("scale_words", tokens_[at].text);
    if (!scale) return at;
    number = number.scaled(*scale);
    // "480万1344": the digits right after a CJK scale are what is left under it, 4,801,344.
    if (at + 1 < tokens_.size() && static_cast<unsigned char>(tokens_[at].text[0]) >= 0x80) {
        const Token& rest = tokens_[at + 1];
        const auto high = number.to_integer();
        // ("4万3,008": the rest may be grouped, if it is less than the scale. Korean sets it off by
        // a space, "1만 5000"; and it may carry a smaller scale of its own, "2億5000万", "1만 5천".)
        std::int64_t limit = 1;
        for (int k = 0; k < *scale; ++k) limit *= 10;
        const bool next_to =
            rest.begin == tokens_[at].end || (rest.begin == tokens_[at].end + 1 &&
                                              quote_tokens::verb_final_script(quote_tokens::first_code_point(tokens_[at].text)));
        std::size_t end = at + 2;
        std::optional<std::int64_t> low;
        if (rest.kind == Kind::number && next_to && !rest.fraction && rest.scale < *scale &&
            (rest.grouped || rest.text.size() <= static_cast<std::size_t>(*scale))) {
            low = rest.value.to_integer();
            const auto inner = end < tokens_.size() && tokens_[end].begin == rest.end && rest.scale == 0
                                   ? impl_.number("scale_words", tokens_[end].text)
                                   : std::nullopt;
            if (low && inner && *inner < *scale && static_cast<unsigned char>(tokens_[end].text[0]) >= 0x80) {
                for (int k = 0; k < *inner; ++k) *low *= 10;
                ++end;
            }
        }
        if (high && low && *low < limit && *high <= std::numeric_limits<std::int64_t>::max() - *low) {
            number = model::Decimal::whole(*high + *low);
            return end;
        }
    }
    // "5 тыс. серверов", "2,5 Mio. Kerne": the full stop of an abbreviated scale, when the
    // sentence goes on.
    // (German capitalises the noun after it, which reads as a new sentence.)
    if (at + 2 < tokens_.size() && tokens_[at + 1].text == "." && !tokens_[at + 1].space_before &&
        tokens_[at + 2].kind == Kind::word && (!tokens_[at + 2].clause_start || unit_at(at + 2) != Unit::none)) {
        return at + 2;
    }
    return at + 1;
}

bool Reading::only_a_year(std::size_t i, std::size_t end) const {
    // A year is a date, not a figure, unless it counts something: "2024 GPUs", "2030 x B200".
    if (!year_of(i) || end != i + 1) return false;
    const std::size_t floor = clause_[i];
    const bool bounded = phrase_ending(i, "approximate", floor) != no_token || phrase_ending(i, "at_least", floor) != no_token ||
                         phrase_ending(i, "at_most", floor) != no_token;
    const bool counts = bounded || (end < tokens_.size() && (unit_at(end) != Unit::none || models_[end].first ||
                                                             is_word(tokens_[end], "x") || tokens_[end].text == "\u00D7"));
    return !counts && !tokens_[i].times;
}

// Ranges: "10,000 to 12,000", "10,000-12,000", "between 10,000 and 12,000", "from 25MW to
// 75MW"; a range from a low end up to a high one offers sizes up to the high end.
void Reading::read_range(Figure& figure, const model::Decimal& value) const {
    const std::size_t i = figure.at;
    const Token& token = tokens_[i];
    Quantity& quantity = figure.quantity;
    const std::size_t clause_end_at = figure.clause_end;
    const bool between = i >= 1 && is_word(tokens_[i - 1], "between");
    const bool from = i >= 1 && is_word(tokens_[i - 1], "from");
    // "grew from 2,000 to 6,000 GPUs", "was steadily expanded from": a change, each end a figure of its own.
    if (from && ((i >= 2 && is(i - 2, "change_verbs")) || (i >= 3 && is(i - 3, "change_verbs") && adverb(i - 2)))) return;
    const auto to = [&](std::size_t k) {
        return is_word(tokens_[k], "to") || tokens_[k].text == "-" || tokens_[k].text == "\u2013";
    };
    std::size_t k = figure.end;
    // The unit may come with each end: "15MW to 45MW", "300 MW to 1 GW".
    if (k < clause_end_at && counts_power(unit_at(k)) && k + 1 < clause_end_at && to(k + 1)) ++k;
    const bool joiner = k < clause_end_at && (to(k) || (between && is_word(tokens_[k], "and")));
    if (!joiner) return;
    // "from 16 to over 1,500": words of a bound before the high end.
    std::size_t high = k + 1;
    if (high < clause_end_at && tokens_[high].kind == Kind::word) {
        for (const Cue cue : std::initializer_list<Cue>{"at_least", "approximate", "at_most"}) {
            if (const std::size_t length = phrase(high, cue);
                length > 0 && high + length < clause_end_at && tokens_[high + length].kind == Kind::number) {
                high += length;
                break;
            }
        }
    }
    if (high != k + 1) {
        // The high end is the figure after the bound words; read it as the range's end.
        if (tokens_[high].kind == Kind::number && !tokens_[high].date && from) {
            model::Decimal upper = tokens_[high].value;
            const std::size_t after = scale_after(token, high + 1, upper);
            if (value < upper) {
                quantity.upper = upper;
                quantity.bound = Bound::at_most;
                quantity.bound_words = written(i - 1, after);
                figure.phrase_begin = i - 1;
                figure.end = figure.resume = figure.phrase_end = after;
            }
        }
        return;
    }
    if (k + 1 >= clause_end_at || tokens_[k + 1].kind != Kind::number || tokens_[k + 1].date ||
        !(k == figure.end || unit_at(k - 1) == (k + 2 < tokens_.size() ? unit_at(k + 2) : Unit::none))) {
        return;
    }
    model::Decimal upper = tokens_[k + 1].value;
    const std::size_t after = scale_after(token, k + 2, upper);
    model::Decimal lower = value;
    // "10-12k", "10 to 12 million": the low end takes the high end's scale.
    const int word_scale = after > k + 2 ? *impl_.number("scale_words", tokens_[after - 1].text) : 0;
    const int suffix = tokens_[k + 1].scale + word_scale;
    if (token.kind == Kind::number && token.scale == 0 && figure.end == i + 1 && suffix > 0 && lower.scaled(suffix) <= upper) {
        lower = lower.scaled(suffix);
    }
    if (!(lower < upper)) return;
    quantity.value = lower;
    quantity.upper = upper;
    quantity.bound = from ? Bound::at_most : Bound::approximate;
    quantity.bound_words = written(between || from ? i - 1 : i, after);
    if (between || from) figure.phrase_begin = i - 1;
    if (k == figure.end) figure.end = after;
    figure.resume = figure.phrase_end = after;
}

void Reading::set_modality(Quantity& quantity, Modality modality, std::size_t from, std::size_t to) const {
    quantity.modality = modality;
    if (from >= to) return;
    quantity.modality_words = written(from, to);
    quantity.modality_begin = tokens_[from].begin;
    quantity.modality_end = tokens_[to - 1].end;
}

// The modality: equivalence first, then what governs the figure before and after it.
void Reading::read_modality(Figure& figure) const {
    const std::size_t i = figure.at;
    Quantity& quantity = figure.quantity;
    const std::size_t phrase_end = figure.phrase_end;
    figure.governed = true;
    if (quantity.unit == Unit::h100_equivalent) {
        set_modality(quantity, Modality::equivalence, i, phrase_end);
    } else if (const std::size_t at =
                   phrase_ending(figure.phrase_begin, "equivalence", clause_[i], {"a", "an", "约", "約", "大约"});
               at != no_token && !counts_power(quantity.unit)) {
        set_modality(quantity, Modality::equivalence, at, phrase_end);
    } else if (const std::size_t length = phrase_end < figure.clause_end ? phrase(phrase_end, "equivalence_after") : 0;
               length > 0) {
        set_modality(quantity, Modality::equivalence, i, phrase_end + length);
    } else if (Governed governing = governing_of(figure); subject_to_come(figure, governing) || governing.found) {
        deny_procurement(governing);
        set_modality(quantity, governing.modality, governing.from, governing.to);
    } else {
        figure.governed = false;
    }
    if (quantity.modality == Modality::procured && installed_after(figure)) {
        quantity.modality = Modality::in_service;
        quantity.modality_words.clear();
        quantity.modality_begin = quantity.modality_end = 0;
    }
    if (quantity.modality == Modality::in_service) read_retired(figure);
}

// "bought 200 GPUs; all of them are already installed and running", "bought 512 GPUs, which
// were installed in October": what was bought and is then said, in a clause of its own, to be
// installed is in service. (Not "for its recently built data centre": no clause between.)
bool Reading::installed_after(const Figure& figure) const {
    bool own_clause = false;
    for (std::size_t k = figure.phrase_end; k < std::min(tokens_.size(), figure.phrase_end + 25); ++k) {
        if (figure_at(k) && !year_of(k)) return false;
        if (phrase(k, "planned") || phrase(k, "negation") || phrase(k, "future_time")) return false;
        const std::string& text = tokens_[k].text;
        own_clause = own_clause || text == "," || text == ";" || tokens_[k].clause_start || is(k, "relative_pronouns") ||
                     is(k, "conjunctions");
        // "... and are now in service", "which went into service in May": a going live of its own,
        // a verb's words after "and" (not a noun: "and production starts in 2026").
        const std::size_t live_length = own_clause && k > 0 ? phrase(k, "live") : 0;
        // (Or an adverb before a verb of another language: "que já estão em operação".)
        const bool live = live_length > 0 && (aux(k - 1) || is(k - 1, "copulas") || adverb(k - 1) || (k >= 2 && adverb(k - 2)) ||
                                              is(k - 1, "relative_pronouns") || (is(k - 1, "conjunctions") && live_length > 1));
        // (Not when a figure or a year to come follows in its clause: "and went live with 500 of them".)
        if (live) {
            for (std::size_t after = k + live_length, stop = clause_end(k); after < stop; ++after) {
                const auto year = year_of(after);
                if ((figure_at(after) && !year) || (year && *year > year_)) return false;
            }
        }
        if (live || (own_clause && is(k, "done") && text != "delivered" && text != "added" && text != "construction")) {
            // (Not to be installed: "die im Frühjahr installiert werden sollen", "once installed".)
            for (std::size_t near = k + 1; near < std::min(tokens_.size(), k + 4); ++near) {
                if (phrase(near, "planned") || is_word(tokens_[near], "werden") || is_word(tokens_[near], "will")) return false;
            }
            for (std::size_t near = figure.phrase_end; near < k; ++near) {
                const auto year = year_of(near);
                if ((year && *year > year_) || is(near, "subordinators") || is_word(tokens_[near], "once")) return false;
            }
            return true;
        }
    }
    return false;
}

Reading::Governed Reading::governing_of(const Figure& figure) const {
    const std::size_t i = figure.at;
    const std::size_t before = figure.phrase_begin;
    const std::size_t phrase_end = figure.phrase_end;
    const std::size_t clause_end_at = figure.clause_end;
    Governed governing = governed_before(before);
    // "512 have been delivered and 256 are in service": after "and", a figure with a verb of its
    // own is the subject of its own clause, not the object of the verb before.
    if (governing.found && before >= 1 && governing.to + 1 == before && is(before - 1, "conjunctions") &&
        phrase_end < clause_end_at && (verb_start(phrase_end) || phrase(phrase_end, "live")))
        governing = {};
    // A noun of an order or a plan right against the figure: "an order for 20,000", "a planned 100,000-GPU".
    for (const Cue cue : {Cue("planned"), Cue("procured")}) {
        const std::size_t at = phrase_ending(before, cue, clause_[i]);
        // (A verb of buying inside a future's group is a plan: "plans to buy 10,000".)
        const bool planned_group = governing.found && governing.modality == Modality::planned && at >= governing.from;
        if (at != no_token && !(cue == "procured" && planned_group)) {
            governing = {true, cue == "planned" ? Modality::planned : Modality::procured, at, before, true};
            break;
        }
    }
    // A subject may be long before its verb: "The first phase of the Supercomputer consisting
    // of 4,000 GPUs and the first Data Center ... will be operational".
    const bool hangs = !governing.found || (governing.modality == Modality::in_service && governing.from < governing.to &&
                                            participle(governing.from, clause_[i]));
    // "researchers will be able to use its 10,000 GPUs until 2030": what the machine has is
    // there, whatever its users will do with it.
    if (governing.found && governing.modality == Modality::planned && !governing.adjacent && possessed(before)) {
        governing = {true, Modality::in_service, governing.from, governing.from, false, true};
    }
    // What follows a figure says nothing of it when the figure is no subject: the end of a
    // relative clause ("The cluster, which went live with 10,000 GPUs, is expected to double"),
    // or what the machine has, after a preposition ("Mit seinen 10.000 GPUs wird das System ...").
    const bool no_subject =
        ends_relative_clause(before, phrase_end) || (possessed(before) && before >= 2 && is(before - 2, "prepositions"));
    Governed after = governed_after(phrase_end, clause_end_at, hangs ? 16 : 6, governing.found && !hangs);
    if (no_subject && after.modality != Modality::in_service) after = {false, Modality::in_service, 0, 0, false, true};
    // (A label's plan gives way to the figure's own verb: "It hit its target: 5,000 GPUs are now online".)
    const bool label = governing.found && governing.adjacent && governing.to > 0 && tokens_[governing.to - 1].text == ":";
    if (after.found && (after.adjacent || !governing.found || governing.modality == Modality::in_service || label) &&
        !(governing.found && governing.adjacent && !label)) {
        // "will expand by 20,000, besides the 38,000 already there": words of what exists, right
        // after the figure, outweigh a plan of the clause.
        if (after.modality != Modality::in_service || !governing.found || after.adjacent || label) governing = after;
    }
    // "The upcoming system features 10,000 GPUs": a machine yet to come has nothing yet, whatever
    // the tense of its verb.
    if (governing.found && governing.modality == Modality::in_service && !governing.silent && governing.from <= before) {
        // (The subject's own words, just before its verb: not "which replaces the future cluster".)
        for (std::size_t k = governing.from; k > clause_[i] && k + 6 > governing.from; --k) {
            const std::size_t word = k - 1;
            if (tokens_[word].kind != Kind::word) break;
            // (Not in a name: "The Future Computing Center".)
            const bool named = tokens_[word].capitalised && word > clause_[i];
            if (is(word, "prospective_adjectives") && !named && tokens_[word + 1].kind == Kind::word &&
                !tokens_[word + 1].joined) {
                governing = {true, Modality::planned, word, word + 1, false};
                break;
            }
        }
    }
    if (!governing.found && !after.silent) governing = future_time_in_clause(i, phrase_end, clause_end_at);
    if (!governing.found) governing = time_span_after(phrase_end, clause_end_at);
    // In Japanese and Korean a verb before the figure, past a comma, ends the clause before
    // ("4,000基を搭載しており、来年8,000基を追加する予定だ").
    if (clause_before_ends(governing, before)) {
        governing = {};
        if (!after.silent) governing = future_time_in_clause(i, phrase_end, clause_end_at);
    }
    // A verb before the figure is its own ("已部署 2000 块 GPU"); one after it may be qualified at
    // the sentence's end ("GPU 4,000基を搭載する予定だ").
    if ((!governing.found || (governing.modality == Modality::in_service && governing.from >= phrase_end)) && !after.silent) {
        if (const Governed last = verb_final(phrase_end, clause_end_at); last.found) governing = last;
    }
    if (!governing.found && !after.silent) governing = dated_to_come(figure);
    if (!after.silent) governing = dated_before(figure, dated_after(figure, governing));
    return governing;
}

bool Reading::clause_before_ends(const Governed& governing, std::size_t figure_start) const {
    if (!governing.found || governing.to > figure_start) return false;
    // (The verb's own ending, kana or Hangul only from its end to the comma: "搭載しており、"; not
    // particles after another word: "導入予定の新システムは、".)
    std::size_t comma = governing.to;
    while (comma < figure_start && !comma_at(comma)) {
        if (!quote_tokens::verb_final_script(quote_tokens::first_code_point(tokens_[comma].text))) return false;
        ++comma;
    }
    return comma > governing.to && comma < figure_start;
}

// A year or a time to come after the figure makes a plan of it, unless its verb says it is done
// ("installed in 2027" is no plan of the figure's).
Reading::Governed Reading::dated_after(const Figure& figure, Governed governing) const {
    const std::size_t before = figure.phrase_begin;
    const std::size_t phrase_end = figure.phrase_end;
    const std::size_t clause_end_at = figure.clause_end;
    // (A verb before a colon introduces the figure, and says nothing of its date: "enables the
    // following benefits: 36,000 GPUs ... starting Q1 2025".)
    const bool introduced =
        governing.found && governing.to <= before &&
        std::any_of(tokens_.begin() + static_cast<std::ptrdiff_t>(governing.to),
                    tokens_.begin() + static_cast<std::ptrdiff_t>(before), [](const Token& token) { return token.text == ":"; });
    if ((!governing.found || governing.modality == Modality::in_service) && (!governing.silent || introduced)) {
        // (Not the year of a clause joined after a comma: "2,560 GPUs, and in 2027 it will grow".)
        std::size_t joined = phrase_end;
        while (joined + 1 < clause_end_at && !(tokens_[joined].text == "," && is(joined + 1, "conjunctions"))) ++joined;
        const std::size_t own_end = joined + 1 < clause_end_at ? joined : clause_end_at;
        // (Or a time to come right after its verb: "5,000 GPUs arrive next year".)
        const std::size_t verb_end = governing.found ? std::max(phrase_end, governing.to) : phrase_end;
        auto to_come = future_year_after(phrase_end, own_end);
        if (!to_come) to_come = future_time_after(phrase_end, std::min(own_end, verb_end + 4));
        // (Or a year to come in a label before a colon, which has no verb: "Phase 2 (2026): 8,192
        // GPUs"; not one it runs until: "Operational until 2030: 2,000 GPUs".)
        const bool labelled = before >= 2 && tokens_[before - 1].text == ":";
        for (std::size_t word = before - 1; labelled && !to_come && word > 0 && word + 7 > before; --word) {
            const std::size_t at = word - 1;
            const std::string& mark = tokens_[at].text;
            if (mark == "." || mark == ";" || mark == ":" || verb_start(at) || aux(at)) break;
            if (const auto year = year_of(at); year && *year > year_ && !since_or_until(at)) to_come = std::pair{at, word};
        }
        if (to_come) {
            const bool said_done = governing.found && governing.from < governing.to && phrase(governing.from, "in_service") &&
                                   !aux(governing.from) && !introduced;
            if (!said_done) governing = {true, Modality::planned, to_come->first, to_come->second, false};
        }
    }
    return governing;
}

}  // namespace gpuclusters::rules::reading
