// The bound of a figure: the words before it ("more than", "up to a"), a mark against it ("~",
// ">"), a + after it, and the words after its phrase ("or more", "以上"); and the figures that are
// an estimate by their word alone ("thousands of", "数千").
#include <algorithm>

#include "rules/quote_reading.hpp"

namespace gpuclusters::rules::reading {

// The bound: words right before the figure, a mark against it, a + after it, or words after its phrase.
void Reading::read_bound(Figure& figure) const {
    const std::size_t i = figure.at;
    const Token& token = tokens_[i];
    Quantity& quantity = figure.quantity;
    if (const std::size_t best = bound_before(figure); best != no_token) figure.phrase_begin = best;
    if (quantity.bound == Bound::exact && i > clause_[i] && tokens_[i - 1].kind == Kind::punct && !token.space_before) {
        const std::string& mark = tokens_[i - 1].text;
        if (mark == "~" || mark == "\u2248" || mark == "\u223C") quantity.bound = Bound::approximate;
        if (mark == ">" || mark == "\u2265") quantity.bound = Bound::at_least;
        if (mark == "<" || mark == "\u2264") quantity.bound = Bound::at_most;
        if (quantity.bound != Bound::exact) {
            quantity.bound_words = written(i - 1, i + 1);
            figure.phrase_begin = i - 1;
        }
    }
    // A + after it is a lower bound; a fraction of a thousand or a million ("18.6K GPUs", "1.2
    // million chips") is rounded.
    const bool scaled = token.scale > 0 || (figure.end > i + 1 && impl_.number("scale_words", tokens_[i + 1].text));
    if (quantity.bound == Bound::exact && token.kind == Kind::number && (token.plus || (token.fraction && scaled))) {
        quantity.bound = token.plus ? Bound::at_least : Bound::approximate;
        quantity.bound_words = written(i, token.plus ? i + 1 : figure.end);
    }
    if (quantity.bound == Bound::exact || quantity.bound == Bound::approximate) bound_after(figure);
}

namespace {

// A list of a bound's phrases and the bound they give.
struct BoundCue {
    Cue cue;
    Bound bound;
};

}  // namespace

std::size_t Reading::bound_before(Figure& figure) const {
    const std::size_t floor = clause_[figure.at];
    const std::size_t start = figure.at;
    const auto article = [&](std::size_t k) {
        return k > floor && (is_word(tokens_[k - 1], "a") || is_word(tokens_[k - 1], "an") || is_word(tokens_[k - 1], "the"));
    };
    // "Insgesamt verfügt das System über 3.760 GPUs": the preposition of a verb earlier in the clause.
    const auto held_with = [&](std::size_t preposition) {
        if (!is_word(tokens_[preposition], "über") && !is_word(tokens_[preposition], "over")) return false;
        for (std::size_t k = floor; k < preposition; ++k)
            if (is(k, "holding_verbs")) return true;
        return false;
    };
    // The longest phrase wins: "no fewer than" is a lower bound, "fewer than" an upper one.
    std::size_t best = no_token;
    Bound best_bound = Bound::exact;
    for (const BoundCue option : {BoundCue{"at_most", Bound::at_most}, BoundCue{"at_least", Bound::at_least},
                                  BoundCue{"approximate", Bound::approximate}}) {
        // An article between the words and the figure: "an estimated", "up to the" ("about the 816").
        std::size_t at = phrase_ending(start, option.cue, floor, {"a", "an", option.bound == Bound::at_most ? "the" : "an"});
        // "up to a record-breaking 24,576", "nearly a whopping 10,000": an article and one
        // word (hyphenated or not) between the words and the figure.
        if (at == no_token && start > floor + 1) {
            std::size_t k = start - 1;
            while (k > floor && tokens_[k].joined) --k;
            if (tokens_[k].kind == Kind::word && !is(k, "phrase_stops") && article(k))
                at = phrase_ending(k - 1, option.cue, floor);
        }
        // "over a thousand": the article that opens a spelled figure may close the words of the bound.
        if (at == no_token && start + 1 < figure.end && (is_word(tokens_[start], "a") || is_word(tokens_[start], "an"))) {
            if (const std::size_t through = phrase_ending(start + 1, option.cue, floor); through < start) at = through;
        }
        if (at == no_token) continue;
        // "spread over 2,000 nodes" is no lower bound.
        if (option.bound == Bound::at_least && is_word(tokens_[at], "over") && at > floor && is(at - 1, "spread")) continue;
        if (option.bound == Bound::at_least && at + 1 == start && held_with(at)) continue;
        if (best == no_token || at < best) {
            best = at;
            best_bound = option.bound;
        }
    }
    // "capable of hosting more than 100,000", "capacity for around 48,000": a capacity before the
    // other bound makes the figure a capacity's.
    // (Not the aim of an infinitive: "plans to scale up to more than a million" is a plan's floor.)
    if (best != no_token && best_bound != Bound::at_most) {
        if (const std::size_t capacity = phrase_ending(best, "at_most", floor);
            capacity != no_token && !(capacity > floor && is_word(tokens_[capacity - 1], "to"))) {
            best = capacity;
            best_bound = Bound::at_most;
        }
    }
    if (best != no_token) {
        figure.quantity.bound = best_bound;
        figure.quantity.bound_words = written(best, figure.end);
    }
    return best;
}

void Reading::bound_after(Figure& figure) const {
    Quantity& quantity = figure.quantity;
    const std::size_t clause_end_at = figure.clause_end;
    const std::size_t phrase_end = figure.phrase_end;
    const std::size_t after_comma = phrase_end < clause_end_at && tokens_[phrase_end].text == "," ? phrase_end + 1 : phrase_end;
    // A counter is no noun: "1만 장 이상", "1万基以上のGPU".
    const std::size_t counter = figure.end < clause_end_at && is(figure.end, "counters") ? figure.end : phrase_end;
    const std::size_t after_counter = counter < clause_end_at && is(counter, "counters") ? counter + 1 : phrase_end;
    for (const std::size_t at : {figure.end, phrase_end, after_comma, after_counter}) {
        if (at >= clause_end_at) continue;
        for (const BoundCue option : {BoundCue{"at_most_after", Bound::at_most}, BoundCue{"at_least_after", Bound::at_least},
                                      BoundCue{"approximate_after", Bound::approximate}}) {
            // After the noun only phrases of several words: "GPUs plus storage" is no bound.
            const std::size_t length = phrase(at, option.cue);
            const bool comparison = at + length < tokens_.size() && is_word(tokens_[at + length], "than");
            // An upper limit after the figure outweighs an approximation before it:
            // "roughly 12 thousand GPUs, at full build out".
            const bool open = quantity.bound == Bound::exact || option.bound == Bound::at_most;
            // (Or a CJK word glued to the noun: "万卡级", "1万枚規模".)
            const bool glued = at > 0 && tokens_[at].begin == tokens_[at - 1].end &&
                               quote_tokens::is_cjk(quote_tokens::first_code_point(tokens_[at].text));
            const bool allowed = at == figure.end || length > 1 || (at == after_counter && at != phrase_end) || glued;
            if (length > 0 && allowed && (at != after_comma || at == phrase_end || option.bound == Bound::at_most) &&
                !comparison && open && !(quantity.bound == option.bound)) {
                quantity.bound = option.bound;
                quantity.bound_words = written(figure.at, at + length);
                figure.phrase_end = std::max(figure.phrase_end, at + length);
            }
        }
    }
}

std::size_t Reading::vague_at(std::size_t i, std::vector<Quantity>& found) {
    // "上万块": upwards of ten thousand, read as at least one of the power.
    const auto upward = impl_.number("upward_figures", tokens_[i].text);
    const auto plural = upward ? upward : impl_.number("vague_plurals", tokens_[i].text);
    // "数千块GPU", "数万基": in Chinese and Japanese the noun follows, with no "of".
    const bool cjk = plural && quote_tokens::is_cjk(quote_tokens::first_code_point(tokens_[i].text));
    if (!plural || (!cjk && (i + 1 >= tokens_.size() || !is_word(tokens_[i + 1], "of")))) return i + 1;
    const std::size_t noun_from = cjk ? i + 1 : i + 2;
    std::size_t start = i;
    int exponent = *plural;
    // "tens of thousands", "hundreds of thousands"
    if (i >= 2 && is_word(tokens_[i - 1], "of") && tokens_[i - 2].kind != Kind::number) {
        if (const auto multiplier = impl_.number("vague_multipliers", tokens_[i - 2].text)) {
            start = i - 2;
            exponent += *multiplier;
        }
    }
    // "hundreds of thousands": this plural multiplies the next, which is read as the figure.
    if (!cjk && i + 3 < tokens_.size() && tokens_[i + 2].kind != Kind::number) {
        if (const auto next = impl_.number("vague_plurals", tokens_[i + 2].text); next && *next >= 3) return i + 1;
    }
    Quantity quantity;
    // From two of the unit to just under ten: "thousands" is 2,000 to 9,999; "dozens" 24 to 99.
    std::int64_t top = 1;
    for (int k = 0; k <= exponent; ++k) top *= 10;
    if (upward) {
        quantity.value = model::Decimal(1, exponent);
        quantity.bound = Bound::at_least;
    } else {
        quantity.value = *plural == 1 ? model::Decimal::whole(24) : model::Decimal(2, exponent);
        quantity.upper = model::Decimal::whole(top - 1);
        quantity.bound = Bound::approximate;
    }
    const Noun noun = noun_after(noun_from);
    quantity.unit = noun.unit;
    quantity.model = noun.model;
    quantity.unit_from_model = noun.from_model;
    const std::size_t phrase_end = std::max(noun.end, noun_from);
    quantity.bound_words = written(start, phrase_end);
    quantity.begin = tokens_[start].begin;
    quantity.end = tokens_[i].end;
    quantity.phrase_begin = tokens_[start].begin;
    quantity.phrase_end = tokens_[phrase_end - 1].end;
    const Governed governing = governed_before(start);
    if (governing.found && governing.from < governing.to)
        set_modality(quantity, governing.modality, governing.from, governing.to);
    last_phrase_begin_ = start;
    last_phrase_end_ = phrase_end;
    found.push_back(std::move(quantity));
    return phrase_end;
}

}  // namespace gpuclusters::rules::reading
