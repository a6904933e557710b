// The power figures of a quote: whether each is a change, a peak, a supply or a capacity rather
// than power in service.
#include <algorithm>

#include "rules/quote_reading.hpp"

namespace gpuclusters::rules::reading {

// "29.581 kW mehr als 9.000 kW weniger": a comparative with a figure right after it (its
// "than" between) bounds that figure, and says nothing of the one before.
bool Reading::bounds_next_figure(std::size_t from, std::size_t end) const {
    for (std::size_t k = from; k < std::min(end, from + 2); ++k) {
        if (tokens_[k].kind == Kind::number) return true;
        if (tokens_[k].kind != Kind::word || k > from) return false;
    }
    return false;
}

// Power figures: a change ("2 MW less", "saves 3 MW") or a peak ("peak consumption of 25 MW")
// is no power in service.
void Reading::read_power_kind(Figure& figure) const {
    const std::size_t i = figure.at;
    Quantity& quantity = figure.quantity;
    const std::size_t before = figure.phrase_begin;
    const std::size_t phrase_end = figure.phrase_end;
    const std::size_t floor = clause_[i];
    // (Not a change's range, whose end is a level: "increased from 20 MW to 25 MW".)
    const bool from_to = before < figure.at && is_word(tokens_[before], "from");
    if (const std::size_t at = from_to ? no_token : phrase_ending(before, "power_difference", floor, {"a", "of", "by", "about"});
        at != no_token) {
        quantity.difference = true;
        quantity.difference_words = written(at, phrase_end);
    } else if (const std::size_t length = phrase_end < figure.clause_end ? phrase(phrase_end, "power_difference_after") : 0;
               length > 0 && !quantity.upper && !bounds_next_figure(phrase_end + length, figure.clause_end)) {
        quantity.difference = true;
        quantity.difference_words = written(i, phrase_end + length);
    }
    // The peak's words a few tokens before, with only a verb of being or a preposition between
    // ("peak consumption is 25 MW", "a peak power of 25 MW"), or right after ("25 MW at peak").
    for (std::size_t back = 1; back <= 12 && back <= before - floor; ++back) {
        const std::size_t k = before - back;
        // (Not the peak right after the power before: "25 MW at full load and 18 MW on average";
        // unless it runs into this figure: "31.4 MW, peaking at 38 MW".)
        const bool into = k + phrase(k, "power_peak") == before;
        if (k >= last_phrase_end_ && k < last_phrase_end_ + 2 && last_phrase_end_ > floor && !into) break;
        if (phrase(k, "power_peak")) {
            quantity.peak = quantity.capacity = true;
            quantity.capacity_words = written(k, phrase_end);
            return;
        }
        if (tokens_[k].kind == Kind::number || tokens_[k].text == ",") break;
    }
    for (std::size_t k = phrase_end; k < std::min(figure.clause_end, phrase_end + 2); ++k) {
        // (Not one that introduces the figure after it: "was 31.4 MW, peaking at 38 MW".)
        const std::size_t length = phrase(k, "power_peak");
        if (length > 0 && !(k + length < tokens_.size() && figure_at(k + length))) {
            quantity.peak = quantity.capacity = true;
            quantity.capacity_words = written(i, k + length);
            return;
        }
    }
    // A peak that opens the sentence, set off by a comma or followed by its verb, governs the
    // power figures of it ("A pleno funcionamiento, Titan consume ... 9 megavatios", "Unter
    // Volllast zieht das System 25 MW").
    std::size_t open = floor;
    while (open < before && tokens_[open].kind == Kind::punct && tokens_[open].text != ",") ++open;
    if (const std::size_t length = open < before ? phrase(open, "power_peak") : 0; length > 0) {
        const std::size_t next = open + length;
        if (next < before && (tokens_[next].text == "," || verb_start(next))) {
            quantity.peak = quantity.capacity = true;
            quantity.capacity_words = written(open, next);
        }
    }
}

// "Bavaria has a capacity of 420 MW and Hesse 1,110 MW": a figure after "and" and a named
// subject, with no verb of its own, shares the capacity of the power before it. (One word may
// close the first: "Kapazitäten von 420 Megawatt hat und Hessen 1.110 Megawatt".)
void Reading::shared_capacity(Figure& figure, const Quantity& before) const {
    std::size_t from = last_phrase_end_;
    const std::size_t to = std::min(figure.phrase_begin, figure.at);
    if (from + 1 < to && tokens_[from].kind == Kind::word && is(from + 1, "conjunctions")) ++from;
    if (!before.capacity || before.unit != figure.quantity.unit || from >= to || to - from > 4 || !is(from, "conjunctions")) {
        return;
    }
    // (Only a name between: "and Hesse", not "and the IT load", "and average", "and 60 MW in use".)
    if (to == from + 1) return;
    for (std::size_t k = from + 1; k < to; ++k) {
        if (tokens_[k].kind != Kind::word || !tokens_[k].capitalised || verb_start(k) || tokens_[k].clause_start ||
            unit_at(k) != Unit::none) {
            return;
        }
    }
    figure.quantity.capacity = true;
    figure.quantity.capacity_words = before.capacity_words;
}

std::size_t Reading::power_label_before(std::size_t before, std::size_t floor) const {
    // After a verb of being, up to three words of the label's own ("Der Netzanschluss des
    // Standorts ist auf 25 Megawatt ausgelegt", "La potencia contratada con la distribuidora es
    // de 20 MW"): a genitive or a prepositional phrase, no verb of use.
    bool linked = false;
    std::size_t free_words = 0;
    for (std::size_t back = 1; back <= 10 && back <= before - floor; ++back) {
        const std::size_t k = before - back;
        // A phrase that ends here ("die installierte Leistung beträgt"), or starts here.
        // (Through a verb of being, the label is the subject, not a place: "die Leistungsaufnahme
        // des Rechners im Rechenzentrum ist 12 MW".)
        // (And the words of its own start with a preposition, a genitive's or a phrase's: "des
        // Standorts", "con la distribuidora", or a verb's group: "capacity will need to be at";
        // not a compound's: "site power consumption is 25 MW".)
        const auto subject = [&](std::size_t at, std::size_t label_end) {
            if (free_words > 0 && !is(label_end, "prepositions") && !aux(label_end)) return false;
            if (at > floor && (is(at - 1, "determiners") || is(at - 1, "articles"))) --at;
            return !linked || at == floor || !is(at - 1, "prepositions");
        };
        if (const std::size_t at = phrase_ending(k + 1, "power_capacity", floor); at != no_token && subject(at, k + 1)) {
            return at;
        }
        if (const std::size_t length = phrase(k, "power_capacity"); length > 0 && subject(k, k + length)) return k;
        const Token& token = tokens_[k];
        // "Current Capacity: 200 MW", "a substation delivering 150 megawatts", "die Kapazität
        // beläuft sich auf zehn Megawatt"
        const bool filler = token.kind == Kind::punct
                                ? (token.text == "(" || token.text == ")" || token.text == ":")
                                : (is(k, "prepositions") || is(k, "adverbs") || is(k, "supply_verbs") || aux(k) ||
                                   is_word(token, "to") || is_word(token, "a") || is_word(token, "an") || is_word(token, "the"));
        if (filler) {
            linked = linked || is(k, "supply_verbs") || aux(k);
            if (back > 6 && free_words == 0) return no_token;
            continue;
        }
        if (!linked || token.kind != Kind::word || phrase(k, "in_service") || ++free_words > 3) return no_token;
    }
    return no_token;
}

// "capacity to power 200 MW", "capacidad para alimentar los primeros 200 MW": a capacity whose
// words end in "to" or a preposition, then the verb of what it serves and a few words, no figure
// or comma between.
std::size_t Reading::capacity_for(std::size_t before, std::size_t floor) const {
    for (std::size_t back = 2; back <= 5 && back <= before - floor; ++back) {
        const std::size_t k = before - back;
        if (tokens_[k].kind != Kind::word) return no_token;
        const std::size_t at = phrase_ending(k + 1, "power_capacity", floor);
        if (at != no_token && (is_word(tokens_[k], "to") || is(k, "prepositions"))) return at;
    }
    return no_token;
}

// Power figures: a capacity, a campus's or a grid connection's, is not power drawn.
void Reading::read_capacity(Figure& figure) const {
    const std::size_t i = figure.at;
    Quantity& quantity = figure.quantity;
    const std::size_t before = figure.phrase_begin;
    const std::size_t phrase_end = figure.phrase_end;
    read_power_kind(figure);
    if (quantity.capacity) return;
    // "raising its capacity from 12MW", "a capacity of 400 MW"
    const std::size_t at = phrase_ending(before, "power_capacity", clause_[i], {"from", "to", "at"});
    // An upper bound is a capacity, but not that of a change: "could reduce its draw by up to 200 MW".
    if (quantity.bound == Bound::at_most && !quantity.difference) {
        quantity.capacity = true;
        quantity.capacity_words = quantity.bound_words;
    } else if (at != no_token) {
        quantity.capacity = true;
        quantity.capacity_words = written(at, phrase_end);
    } else if (const std::size_t aim = capacity_for(before, clause_[i]); aim != no_token) {
        quantity.capacity = true;
        quantity.capacity_words = written(aim, phrase_end);
    } else {
        // "400 MW of capacity", "80MW of AI and cloud capacity", "30 megawatts (MW) of power capacity":
        // the words after the figure name it more closely than a label before ("the campus has").
        for (std::size_t k = phrase_end; k < std::min(figure.clause_end, phrase_end + 6); ++k) {
            // "draws 150 MW from the grid": where the power drawn comes from, no capacity.
            const bool source =
                is_word(tokens_[k - 1], "from") ||
                (k >= 2 && (is(k - 1, "articles") || is(k - 1, "determiners")) && is_word(tokens_[k - 2], "from"));
            // (Nor words that introduce the figure after them: "9.6 MW against a grid connection of 15 MW".)
            const std::size_t length = phrase(k, "power_capacity");
            const std::size_t last = k + length - 1;
            if (length && k + length < tokens_.size() && figure_at(k + length) && !year_of(k + length) &&
                (is(last, "prepositions") || is(last, "part_of"))) {
                break;
            }
            if (length && !(source && k > phrase_end)) {
                quantity.capacity = true;
                quantity.capacity_words = written(i, k + length);
                return;
            }
            if (tokens_[k].kind == Kind::number || verb_start(k) || tokens_[k].text == ",") break;
        }
        // "Each SU requires a Thermal Design Power (TDP) of 1.2 Megawatts"
        if (const std::size_t label = power_label_before(before, clause_[i]); label != no_token) {
            quantity.capacity = true;
            quantity.capacity_words = written(label, phrase_end);
        }
    }
}

}  // namespace gpuclusters::rules::reading
