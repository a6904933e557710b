// The figures of a quote, one at a time (value, unit, bound, modality), and the status events of
// a record's notes.
#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <tuple>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "rules/quote_reading.hpp"

namespace gpuclusters::rules::reading {

std::size_t Reading::quantity_at(std::size_t i, std::vector<Quantity>& found) {
    const Token& token = tokens_[i];
    // Numbers inside a model's name ("Max 1550", "Gaudi 3") are not figures.
    if (models_[i].first) return i + models_[i].second;
    model::Decimal value;
    std::size_t end = i + 1;
    if (token.kind == Kind::number) {
        if (token.date || token.ordinal || token.percent) return i + 1;
        value = token.value;
    } else if (token.kind == Kind::word) {
        const auto spelled = spelled_number(impl_, tokens_, i);
        if (!spelled) {
            // "each equipped with ... an NVIDIA Kepler K20X GPU": an article before a GPU is one.
            if ((token.text == "a" || token.text == "an") && i > 0 && i + 1 < tokens_.size()) {
                const Noun noun = noun_after(i + 1);
                const bool gpu = noun.model || noun.unit == Unit::gpu || noun.unit == Unit::apu || noun.unit == Unit::superchip;
                const bool per = per_unit(noun.end, i, clause_end(i)) != Unit::none;
                if (gpu && per && noun.end <= i + 5) {
                    value = model::Decimal::whole(1);
                    end = i + 1;
                } else {
                    return vague_at(i, found);
                }
            } else {
                return vague_at(i, found);
            }
        } else {
            value = spelled->value;
            end = i + spelled->length;
        }
    } else {
        return i + 1;
    }
    const std::size_t clause_end_at = clause_end(i);
    // "1.2 million", "100 thousand"
    auto scale_after = [&](std::size_t at, model::Decimal& number) {
        if (token.kind != Kind::number || at >= tokens_.size() || tokens_[at].kind != Kind::word) return at;
        const auto scale = impl_.number(scale_words, tokens_[at].text);
        if (!scale) return at;
        number = number.scaled(*scale);
        return at + 1;
    };
    end = scale_after(end, value);
    // A year is a date, not a figure, unless it counts something: "2048 GPUs", "2048 x H200".
    if (year_of(i) && end == i + 1) {
        const std::size_t floor = clause_[i];
        const bool bounded = phrase_ending(i, approximate, floor) != no_token || phrase_ending(i, at_least, floor) != no_token ||
                             phrase_ending(i, at_most, floor) != no_token;
        const bool counts = bounded || (end < tokens_.size() && (unit_at(end) != Unit::none || models_[end].first ||
                                                                 is_word(tokens_[end], "x") || tokens_[end].text == "\u00D7"));
        if (!counts && !token.times) return i + 1;
    }
    Quantity quantity;
    quantity.value = value;
    if (token.kind == Kind::number && token.dot_thousands) quantity.alternative = token.value.scaled(3);
    std::size_t phrase_begin = i;
    std::size_t resume = end;  // where the next figure may start
    std::size_t phrase_end = end;
    // Ranges: "10,000 to 12,000", "10,000-12,000", "between 10,000 and 12,000", "from 25MW to
    // 75MW"; a range from a low end up to a high one offers sizes up to the high end.
    {
        const bool between = i >= 1 && is_word(tokens_[i - 1], "between");
        const bool from = i >= 1 && is_word(tokens_[i - 1], "from");
        std::size_t k = end;
        // The unit may come with each end: "25MW to 75MW", "500 MW to 2 GW".
        if (k < clause_end_at && counts_power(unit_at(k)) && k + 1 < clause_end_at &&
            (is_word(tokens_[k + 1], "to") || tokens_[k + 1].text == "-" || tokens_[k + 1].text == "\u2013")) {
            ++k;
        }
        const bool joiner = k < clause_end_at && (is_word(tokens_[k], "to") || tokens_[k].text == "-" ||
                                                  tokens_[k].text == "\u2013" || (between && is_word(tokens_[k], "and")));
        // "from 16 to over 1,500": words of a bound before the high end.
        std::size_t high = k + 1;
        if (joiner && high < clause_end_at && tokens_[high].kind == Kind::word) {
            for (Cue cue : {at_least, approximate, at_most}) {
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
                const std::size_t after = scale_after(high + 1, upper);
                if (value < upper) {
                    quantity.upper = upper;
                    quantity.bound = Bound::at_most;
                    quantity.bound_words = written(i - 1, after);
                    phrase_begin = i - 1;
                    end = after;
                    resume = after;
                    phrase_end = after;
                }
            }
        } else if (joiner && k + 1 < clause_end_at && tokens_[k + 1].kind == Kind::number && !tokens_[k + 1].date &&
                   (k == end || unit_at(k - 1) == (k + 2 < tokens_.size() ? unit_at(k + 2) : Unit::none))) {
            model::Decimal upper = tokens_[k + 1].value;
            const std::size_t after = scale_after(k + 2, upper);
            model::Decimal lower = value;
            // "10-12k", "10 to 12 million": the low end takes the high end's scale.
            const int word_scale = after > k + 2 ? *impl_.number(scale_words, tokens_[after - 1].text) : 0;
            const int suffix = tokens_[k + 1].scale + word_scale;
            if (token.kind == Kind::number && token.scale == 0 && end == i + 1 && suffix > 0 && lower.scaled(suffix) <= upper) {
                lower = lower.scaled(suffix);
            }
            if (lower < upper) {
                quantity.value = lower;
                quantity.upper = upper;
                quantity.bound = from ? Bound::at_most : Bound::approximate;
                quantity.bound_words = written(between || from ? i - 1 : i, after);
                if (between || from) phrase_begin = i - 1;
                if (k == end) end = after;
                resume = after;
                phrase_end = after;
            }
        }
    }
    Noun noun = noun_after(end);
    std::size_t label_start = i;
    if (noun.unit == Unit::none && !noun.model) std::tie(noun.unit, label_start) = label_before(i);
    quantity.unit = noun.unit;
    quantity.model = noun.model;
    quantity.unit_from_model = noun.from_model;
    if (noun.end > end) {
        quantity.unit_words =
            std::string(text::trim(quote_.substr(tokens_[end].begin, tokens_[noun.end - 1].end - tokens_[end].begin)));
        phrase_end = noun.end;
    }
    if (token.kind == Kind::number && token.times && quantity.unit == Unit::none) quantity.unit = Unit::gpu;
    quantity.per = noun.per != Unit::none ? noun.per : per_unit(phrase_end, i, clause_end_at);

    // The bound: words right before the figure, a + after it, or words after its phrase.
    if (quantity.bound == Bound::exact) {
        const std::size_t floor = clause_[i];
        std::size_t start = i;
        // An article between the words and the figure: "an estimated", "up to a maximum of".
        struct Option {
            Cue cue;
            Bound bound;
        };
        // The longest phrase wins: "no fewer than" is a lower bound, "fewer than" an upper one.
        std::size_t best = no_token;
        Bound best_bound = Bound::exact;
        for (const Option option :
             {Option{at_most, Bound::at_most}, Option{at_least, Bound::at_least}, Option{approximate, Bound::approximate}}) {
            std::size_t at = phrase_ending(start, option.cue, floor);
            const auto article = [&](std::size_t k) {
                return k > floor &&
                       (is_word(tokens_[k - 1], "a") || is_word(tokens_[k - 1], "an") || is_word(tokens_[k - 1], "the"));
            };
            if (at == no_token && article(start)) at = phrase_ending(start - 1, option.cue, floor);
            // "up to an industry-leading 65,536", "nearly a whopping 10,000": an article and one
            // word (hyphenated or not) between the words and the figure.
            if (at == no_token && start > floor + 1) {
                std::size_t k = start - 1;
                while (k > floor && tokens_[k].joined) --k;
                if (tokens_[k].kind == Kind::word && !is(k, stop_word) && article(k)) {
                    at = phrase_ending(k - 1, option.cue, floor);
                }
            }
            if (at == no_token) continue;
            // "spread over 2,000 nodes" is no lower bound.
            if (option.bound == Bound::at_least && is_word(tokens_[at], "over") && at > floor && is(at - 1, spread_word)) {
                continue;
            }
            if (best == no_token || at < best) {
                best = at;
                best_bound = option.bound;
            }
        }
        if (best != no_token) {
            quantity.bound = best_bound;
            quantity.bound_words = written(best, i + 1);
            phrase_begin = best;
        }
        if (quantity.bound == Bound::exact && i > floor && tokens_[i - 1].kind == Kind::punct && !token.space_before) {
            const std::string& mark = tokens_[i - 1].text;
            if (mark == "~" || mark == "\u2248" || mark == "\u223C") quantity.bound = Bound::approximate;
            if (mark == ">" || mark == "\u2265") quantity.bound = Bound::at_least;
            if (mark == "<" || mark == "\u2264") quantity.bound = Bound::at_most;
            if (quantity.bound != Bound::exact) {
                quantity.bound_words = written(i - 1, i + 1);
                phrase_begin = i - 1;
            }
        }
        if (quantity.bound == Bound::exact && token.kind == Kind::number && token.plus) {
            quantity.bound = Bound::at_least;
            quantity.bound_words = written(i, i + 1);
        }
        if (quantity.bound == Bound::exact || quantity.bound == Bound::approximate) {
            const std::size_t after_comma =
                phrase_end < clause_end_at && tokens_[phrase_end].text == "," ? phrase_end + 1 : phrase_end;
            for (const std::size_t at : {end, phrase_end, after_comma}) {
                if (at >= clause_end_at) continue;
                for (const Option option : {Option{at_most_after, Bound::at_most}, Option{at_least_after, Bound::at_least},
                                            Option{approximate_after, Bound::approximate}}) {
                    // After the noun only phrases of several words: "GPUs plus storage" is no bound.
                    const std::size_t length = phrase(at, option.cue);
                    const bool comparison = at + length < tokens_.size() && is_word(tokens_[at + length], "than");
                    // An upper limit after the figure outweighs an approximation before it:
                    // "about 35 thousand GPUs, at full potential capacity".
                    const bool open = quantity.bound == Bound::exact || option.bound == Bound::at_most;
                    const bool allowed = at == end || length > 1;
                    if (length > 0 && allowed && (at != after_comma || at == phrase_end || option.bound == Bound::at_most) &&
                        !comparison && open && !(quantity.bound == option.bound)) {
                        quantity.bound = option.bound;
                        quantity.bound_words = written(i, at + length);
                        phrase_end = std::max(phrase_end, at + length);
                    }
                }
            }
        }
    }

    // The modality: equivalence first, then what governs the figure before and after it.
    const std::size_t before = phrase_begin;
    auto set_modality = [&](Modality modality, std::size_t from, std::size_t to) {
        quantity.modality = modality;
        if (from >= to) return;
        quantity.modality_words = written(from, to);
        quantity.modality_begin = tokens_[from].begin;
        quantity.modality_end = tokens_[to - 1].end;
    };
    if (quantity.unit == Unit::h100_equivalent) {
        set_modality(Modality::equivalence, i, phrase_end);
    } else if (const std::size_t at = equivalence_before(before, clause_[i]); at != no_token && !counts_power(quantity.unit)) {
        set_modality(Modality::equivalence, at, phrase_end);
    } else if (const std::size_t length = phrase_end < clause_end_at ? phrase(phrase_end, equivalence_after) : 0; length > 0) {
        set_modality(Modality::equivalence, i, phrase_end + length);
    } else {
        Governed governing = governed_before(before);
        // A noun of an order or a plan right against the figure: "an order for 20,000", "a planned 100,000-GPU".
        for (Cue cue : {planned, procured}) {
            const std::size_t at = phrase_ending(before, cue, clause_[i]);
            if (at != no_token) {
                governing = {true, cue == planned ? Modality::planned : Modality::procured, at, before, true};
                break;
            }
        }
        // A subject may be long before its verb: "The first phase of the Supercomputer consisting
        // of 4,000 GPUs and the first Data Center ... will be operational".
        const bool hangs = !governing.found || (governing.modality == Modality::in_service && governing.from < governing.to &&
                                                participle(governing.from, clause_[i]));
        const Governed after = governed_after(phrase_end, clause_end_at, hangs ? 16 : 6, governing.found && !hangs);
        if (after.found && (after.adjacent || !governing.found || governing.modality == Modality::in_service) &&
            !(governing.found && governing.adjacent)) {
            if (after.modality != Modality::in_service || !governing.found) governing = after;
        }
        if (!governing.found && !after.silent) {
            for (std::size_t k = clause_[i]; k < clause_end_at; ++k) {
                if (const std::size_t length = phrase(k, future_time)) {
                    governing = {true, Modality::planned, k, k + length, false};
                    break;
                }
            }
        }
        if (!governing.found) {
            // "700MW within 1.5 years", "in two years".
            for (std::size_t k = phrase_end; k + 2 < std::min(clause_end_at, phrase_end + 4); ++k) {
                if (!is_word(tokens_[k], "within") && !is_word(tokens_[k], "in")) continue;
                const bool figure = tokens_[k + 1].kind == Kind::number || spelled_number(impl_, tokens_, k + 1).has_value();
                if (figure && is(k + 2, time_span_word)) {
                    governing = {true, Modality::planned, k, k + 3, false};
                    break;
                }
            }
        }
        if ((!governing.found || governing.modality == Modality::in_service) && !governing.silent && !after.silent) {
            if (const auto year = future_year_after(phrase_end, clause_end_at)) {
                const bool said_done = governing.found && governing.from < governing.to && phrase(governing.from, in_service) &&
                                       !aux(governing.from);
                if (!said_done) governing = {true, Modality::planned, year->first, year->second, false};
            }
        }
        if (governing.found) set_modality(governing.modality, governing.from, governing.to);
    }

    // "trained using up to 6,144 H100 GPUs": a use of up to N shows at least N.
    if (quantity.bound == Bound::at_most && quantity.bound_words.starts_with("up to") &&
        quantity.modality == Modality::in_service && quantity.modality_begin < quantity.modality_end) {
        const std::string verb = text::lower_ascii(quantity.modality_words.substr(quantity.modality_words.rfind(' ') + 1));
        if (std::find(impl_.use_words.begin(), impl_.use_words.end(), verb) != impl_.use_words.end() ||
            quantity.modality_words.find("trained on") != std::string::npos ||
            quantity.modality_words.find("run on") != std::string::npos) {
            quantity.bound = Bound::at_least;
        }
    }

    // Power figures: a capacity, a campus's or a grid connection's, is not power drawn.
    if (counts_power(quantity.unit)) {
        std::size_t at = phrase_ending(before, power_capacity, clause_[i]);
        // "growing its capacity from 25MW", "a capacity of 400 MW"
        if (at == no_token && before > clause_[i] &&
            (is_word(tokens_[before - 1], "from") || is_word(tokens_[before - 1], "to") || is_word(tokens_[before - 1], "at"))) {
            at = phrase_ending(before - 1, power_capacity, clause_[i]);
        }
        if (quantity.bound == Bound::at_most) {
            quantity.capacity = true;
            quantity.capacity_words = quantity.bound_words;
        } else if (at != no_token) {
            quantity.capacity = true;
            quantity.capacity_words = written(at, phrase_end);
        } else if (const std::size_t label = power_label_before(before, clause_[i]); label != no_token) {
            // "Each SU requires a Thermal Design Power (TDP) of 1.2 Megawatts"
            quantity.capacity = true;
            quantity.capacity_words = written(label, phrase_end);
        } else {
            // "400 MW of capacity", "50MW of AI and HPC capacity", "50 megawatts (MW) of power capacity"
            for (std::size_t k = phrase_end; k < std::min(clause_end_at, phrase_end + 6); ++k) {
                if (const std::size_t length = phrase(k, power_capacity)) {
                    quantity.capacity = true;
                    quantity.capacity_words = written(i, k + length);
                    break;
                }
                if (tokens_[k].kind == Kind::number || verb_start(k) || tokens_[k].text == ",") break;
            }
        }
    }
    quantity.begin = tokens_[i].begin;
    quantity.end = tokens_[end - 1].end;
    phrase_begin = std::min(phrase_begin, label_start);
    quantity.phrase_begin = tokens_[phrase_begin].begin;
    quantity.phrase_end = tokens_[std::max(phrase_end, end) - 1].end;
    last_phrase_end_ = std::max(phrase_end, end);
    last_phrase_begin_ = phrase_begin;
    found.push_back(std::move(quantity));
    // Figures inside the noun phrase ("8 NVIDIA A100 80 GB GPUs") are not read again.
    return std::max({end, resume, noun.end});
}

std::vector<StatusEvent> Reading::status_events() const {
    std::vector<StatusEvent> events;
    for (std::size_t i = 0; i < tokens_.size();) {
        std::size_t length = 0;
        StatusEvent::Kind kind = StatusEvent::Kind::live;
        bool began = false;
        for (const auto& [cue, event] :
             {std::pair{retired, StatusEvent::Kind::retired}, std::pair{construction, StatusEvent::Kind::construction},
              std::pair{construction_began, StatusEvent::Kind::construction}, std::pair{live, StatusEvent::Kind::live}}) {
            if (phrase(i, cue) > length) {
                length = phrase(i, cue);
                kind = event;
                began = cue == construction_began;
            }
        }
        if (length == 0) {
            ++i;
            continue;
        }
        StatusEvent event;
        event.kind = kind;
        event.began = began;
        const std::size_t end = i + length;
        const std::size_t floor = clause_[i];
        const std::size_t stop = clause_end(i);
        std::size_t from = i;
        std::size_t to = end;
        // "not yet operational", "yet to go live", "not fully complete"
        for (std::size_t back = 1; back <= 3 && back <= i - floor; ++back) {
            if (phrase(i - back, negation) >= back) {
                event.happened = false;
                event.denied = true;
                from = i - back;
                break;
            }
        }
        if (event.happened) {
            // A plan before the event: its own verb group ("is expected to go live", "will be
            // decommissioned") or that of the verb it hangs on ("will bring the system online").
            std::size_t planned_at = no_token;
            std::size_t group = i;
            bool changed_plan = false;
            while (group > floor) {
                // A phrase that ends where the group starts: "scheduled for shutdown".
                std::size_t phrase_start = no_token;
                for (Cue cue : {planned, future_time}) {
                    const std::size_t at = phrase_ending(group, cue, floor);
                    if (at != no_token && (phrase_start == no_token || at < phrase_start)) phrase_start = at;
                }
                if (phrase_start != no_token) {
                    planned_at = phrase_start;
                    group = phrase_start;
                    continue;
                }
                const std::size_t k = group - 1;
                if (is(k, earlier_word)) {
                    // "Originally scheduled for shutdown": a plan that did not hold.
                    changed_plan = true;
                    group = k;
                    continue;
                }
                const bool becoming = is(k, becoming_word);
                if (!(aux(k) || adverb(k) || becoming || is_word(tokens_[k], "to"))) break;
                // "for it to become operational": an aim, not a fact; "reported to be online" is a report.
                if (is_word(tokens_[k], "to") && planned_at == no_token &&
                    (k == floor || (!aux(k - 1) && !is(k - 1, hearsay_word)))) {
                    planned_at = k;
                }
                group = k;
            }
            if (changed_plan && planned_at != no_token) {
                event.happened = false;
                event.denied = true;
            }
            if (planned_at == no_token) {
                const auto [verb, verb_end] = verb_back(i, floor, i);
                bool other_event = false;
                for (std::size_t k = verb_end; k < i && verb != no_token; ++k) {
                    if (phrase(k, live) || phrase(k, construction) || phrase(k, construction_began) || phrase(k, retired)) {
                        other_event = true;
                    }
                }
                if (verb != no_token && !other_event && !participle(verb, floor)) {
                    const Governed governing = verb_group(verb, verb_end, floor, i);
                    if (governing.modality == Modality::planned) planned_at = governing.from;
                }
            }
            // A plan after it: "go-live planned for 2026", "operational in 2027", "later this year",
            // "the construction of its own structure ... will be the first step".
            std::size_t planned_to = no_token;
            if (end < stop) {
                if (const std::size_t p = phrase(end, planned)) planned_to = end + p;
            }
            if (planned_to == no_token && tokens_[i].kind == Kind::word && !tokens_[i].text.ends_with("ed")) {
                for (std::size_t k = end; k < std::min(stop, end + 10); ++k) {
                    if (tokens_[k].text == ",") break;
                    if (!verb_cue(k)) continue;
                    if (const std::size_t p = phrase(k, planned); p > 0 && !aux(k - 1)) planned_to = k + p;
                    break;
                }
            }
            if (planned_to == no_token) {
                for (std::size_t k = end; k < std::min(stop, end + 4); ++k) {
                    if (const std::size_t p = phrase(k, future_time)) {
                        planned_to = k + p;
                        break;
                    }
                }
            }
            if (planned_to == no_token && kind != StatusEvent::Kind::retired) {
                if (const auto year = future_year_after(end, stop)) planned_to = year->second;
            }
            if (const auto year = year_after(end, stop)) event.year = *year;
            if (planned_at != no_token || planned_to != no_token) {
                event.happened = false;
                if (planned_at != no_token) from = planned_at;
                if (planned_to != no_token) to = planned_to;
            }
        }
        event.words = written(from, to);
        // "Theta has since been retired, and these GPUs were shifted to Sophia", "BlueRidge, ARC's
        // previous flagship, which was retired in 2019": another machine's.
        bool elsewhere = false;
        if (kind == StatusEvent::Kind::retired) {
            for (std::size_t back = 1; back <= 4 && back <= from - floor; ++back) {
                if (is(from - back, relative_word) || is_word(tokens_[from - back], "that")) elsewhere = true;
                if (!aux(from - back) && !adverb(from - back) && !is(from - back, relative_word) &&
                    !is_word(tokens_[from - back], "that")) {
                    break;
                }
            }
            std::size_t sentence_end = end;
            while (sentence_end < tokens_.size() &&
                   !(tokens_[sentence_end].clause_start && tokens_[sentence_end - 1].text == ".")) {
                if (phrase(sentence_end, moved_on)) elsewhere = true;
                ++sentence_end;
            }
        }
        if (!elsewhere) events.push_back(std::move(event));
        i = end;
    }
    return events;
}

}  // namespace gpuclusters::rules::reading
