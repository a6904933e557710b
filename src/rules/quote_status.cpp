// The status events of a record's notes: what they report (live, being built, retired) and
// whether it happened, is planned or is denied; and the figures of what is retired.
#include <algorithm>

#include "rules/quote_reading.hpp"

namespace gpuclusters::rules::reading {

std::vector<StatusEvent> Reading::status_events() const {
    std::vector<StatusEvent> events;
    std::vector<std::size_t> at;  // where each event is
    for (std::size_t i = 0; i < tokens_.size();) {
        StatusEvent event;
        const std::size_t length = event_at(i, event);
        if (length == 0) {
            if (std::size_t from = building_in_bracket(i, event); from != no_token) {
                std::size_t to = i + 1;
                if (event.happened) date_event(event, i, i + 1, from, to);
                event.words = written(from, to);
                events.push_back(std::move(event));
                at.push_back(i);
            }
            ++i;
            continue;
        }
        const std::size_t end = i + length;
        std::size_t from = i;
        std::size_t to = end;
        const std::size_t negation = negation_before(i), denied_to = negation == no_token ? start_denied_after(end) : no_token;
        if (negation != no_token || denied_to != no_token) {
            event.happened = false;
            event.denied = true;
            from = std::min(from, negation);
            to = denied_to == no_token ? to : denied_to;
        }
        if (const std::size_t none = event.denied ? no_token : negated_subject(i); none != no_token) {
            event.happened = false;
            event.denied = true;
            from = none;
        }
        // "expect Cheyenne to be in operation through September 2023": running now, and on.
        const bool continuing = event.kind == StatusEvent::Kind::live && end < tokens_.size() && is(end, "continuing");
        // "заработает", "entrará en funcionamiento": a future in the event's own words.
        // (Construction is work in progress, and the planned list holds it too: "under construction".)
        if (event.kind == StatusEvent::Kind::live && phrase(i, "planned")) event.happened = false;
        // "checkout tests before the system can go into production": what a clause of "before" or
        // "until" holds is still to come.
        if (const std::size_t opens = awaited(i); event.kind == StatusEvent::Kind::live && opens != no_token) {
            event.happened = false;
            from = std::min(from, opens);
        }
        // A part named as the subject of going live ("the first phase ... is operational").
        const std::size_t part = event.kind == StatusEvent::Kind::live && !event.partial ? part_live(i) : no_token;
        // "is being put into operation": going live in progress has not happened yet. (Being in
        // a state is no onset: "after being in operation for five years", "being operational".)
        if (const std::size_t being =
                event.kind == StatusEvent::Kind::live && !event.partial && part == no_token ? onset_in_progress(i) : no_token;
            being != no_token) {
            event.happened = false;
            from = std::min(from, being);
        }
        if (event.happened && !continuing) date_event(event, i, end, from, to);
        // "건설할", "構築する": a verb form that puts what it says to come, building as much as going live.
        if (event.kind != StatusEvent::Kind::retired && prospective_within(i, end)) event.happened = false;
        // Live in part: a part as its subject, else an adverb of part beside it ("opera parcialmente").
        if (event.kind == StatusEvent::Kind::live && event.happened && !event.partial) {
            const std::size_t adverb_at = part == no_token ? partial_adverb(i, end) : no_token;
            if (part != no_token || adverb_at != no_token) {
                event.partial = true;
                from = std::min({from, part, adverb_at});
                // (A share's words run to its "of": "at 60% of".)
                if (adverb_at != no_token) to = std::max(to, std::max(adverb_at + 1, share_end(adverb_at)));
            }
        }
        if (event.kind == StatusEvent::Kind::live && event.happened) to = std::max(to, service_ended(event, i, end));
        event.words = written(from, to);
        const bool kept = event.kind == StatusEvent::Kind::retired ? !retired_elsewhere(from, end) : !built_long_ago(event, end);
        if (kept) {
            events.push_back(std::move(event));
            at.push_back(i);
        }
        i = end;
    }
    if (events.empty()) plan_with_a_time(events);
    mark_still_building(events, at);
    return events;
}

// "not yet operational", "yet to go live", "not quite complete", "will not enter production",
// "won't be fully deployed": a negation just before the event, or with its verb group between.
std::size_t Reading::negation_before(std::size_t i) const {
    const std::size_t floor = clause_[i];
    for (std::size_t back = 1; back <= 6 && back <= i - floor; ++back) {
        if (!phrase(i - back, "negation")) continue;
        const std::size_t between = back - std::min(back, phrase(i - back, "negation"));
        const bool words_between = std::all_of(tokens_.begin() + static_cast<std::ptrdiff_t>(i - between),
                                               tokens_.begin() + static_cast<std::ptrdiff_t>(i),
                                               [](const Token& token) { return token.kind == Kind::word; });
        bool group_between = true;
        for (std::size_t k = i - between; k < i; ++k) group_between = group_between && (aux(k) || adverb(k));
        if (between == 0 || (between == 1 && words_between) || (between <= 3 && group_between)) return i - back;
    }
    return no_token;
}

void Reading::mark_still_building(std::vector<StatusEvent>& events, const std::vector<std::size_t>& at) const {
    // "La messa in funzione è avvenuta a ottobre ma l'installazione deve essere ancora completata":
    // live, then building in the same sentence with no going live after it. (Building, testing,
    // then a launch is a history; a new building in the next sentence is another machine's.)
    // (A sentence ends where the tokenizer starts one: after ".", ";", "!", "?", "。", not "approx.".)
    const auto same_sentence = [&](std::size_t from, std::size_t to) {
        for (std::size_t k = from + 1; k <= to; ++k) {
            if (tokens_[k].clause_start) return false;
        }
        return true;
    };
    for (std::size_t n = 0; n < events.size(); ++n) {
        StatusEvent& building = events[n];
        if (building.kind != StatusEvent::Kind::construction || !building.happened || building.began) continue;
        bool live_before = false, live_after = false;
        for (std::size_t m = 0; m < events.size(); ++m) {
            const StatusEvent& live = events[m];
            if (m == n || live.kind != StatusEvent::Kind::live || !live.happened) continue;
            if (m < n && !live.partial && same_sentence(at[m], at[n])) live_before = true;
            if (m > n && same_sentence(at[n], at[m])) live_after = true;
        }
        building.still = live_before && !live_after;
    }
}

void Reading::plan_with_a_time(std::vector<StatusEvent>& events) const {
    // "Meluxina sera accueilli l'année prochaine", "die in 2026 nabij Parijs komt te staan": no event,
    // but a clause that puts the machine in a time to come says it is not live yet, in a quote
    // with no word of what is there ("today marks...", "it has...").
    // (To grow, a machine is there: "will be upgraded in 2026".)
    if (any_phrase({"existing", "growth"})) return;
    // "Preparing for ... the upcoming HPE Cray EX Frontier system": a machine named as one to come,
    // whatever it has.
    for (std::size_t i = 0; i + 1 < tokens_.size(); ++i) {
        if (!is(i, "prospective_adjectives") || (tokens_[i].capitalised && i > clause_[i])) continue;
        for (std::size_t k = i + 1; k < std::min(clause_end(i), i + 7) && tokens_[k].kind == Kind::word; ++k) {
            if (!is(k, "system_nouns")) continue;
            StatusEvent event;
            event.happened = false;
            event.words = written(i, k + 1);
            events.push_back(std::move(event));
            return;
        }
    }
    if (any_phrase({"in_service"})) return;
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        if (!phrase(i, "planned") || is(i, "present_passives")) continue;
        const std::size_t floor = clause_[i], end = clause_end(i);
        for (std::size_t k = floor; k < end; ++k) {
            const auto year = year_of(k);
            if (!(year && *year >= year_) && !phrase(k, "future_time")) continue;
            StatusEvent event;
            event.happened = false;
            event.words = written(std::min(i, k),
                                  std::max(i + phrase(i, "planned"), k + std::max<std::size_t>(1, phrase(k, "future_time"))));
            events.push_back(std::move(event));
            return;
        }
    }
}

std::size_t Reading::building_in_bracket(std::size_t participle, StatusEvent& event) const {
    if (!is(participle, "building_participles")) return no_token;
    const std::size_t floor = clause_[participle];
    const std::size_t after = participle + 1;
    const bool future = after < tokens_.size() && is_word(tokens_[after], "werden");
    // The bracket closes the clause: its end, or a future's "werden" just before it.
    const std::size_t close = future ? after + 1 : after;
    if (close < tokens_.size() && tokens_[close].kind != Kind::punct && !tokens_[close].clause_start) return no_token;
    // German participles of these verbs end in -t, Dutch ones in -d: "werden" is the German
    // present ("werden gebaut"), and the Dutch past ("werden gebouwd", were built).
    const bool dutch = tokens_[participle].text.ends_with("d");
    for (std::size_t back = 1; back <= 12 && back <= participle - floor; ++back) {
        const std::size_t k = participle - back;
        if (!is(k, "present_passives") || (dutch && tokens_[k].text == "werden")) continue;
        event.kind = StatusEvent::Kind::construction;
        event.happened = !future;
        return k;
    }
    return no_token;
}

bool Reading::prospective_within(std::size_t begin, std::size_t end) const {
    for (std::size_t k = begin; k < end; ++k) {
        if (const std::size_t length = phrase(k, "prospective"); length > 0 && k + length <= end) return true;
    }
    return false;
}

std::size_t Reading::awaited(std::size_t event) const {
    const std::size_t floor = clause_[event];
    for (std::size_t back = 1; back <= 8 && back <= event - floor; ++back) {
        const std::size_t k = event - back;
        if (is(k, "awaiting")) return k;
        if (tokens_[k].kind == Kind::punct || tokens_[k].kind == Kind::number) return no_token;
    }
    return no_token;
}

std::size_t Reading::onset_in_progress(std::size_t event) const {
    // "Derzeit wird das System noch in Betrieb genommen", "wordt momenteel in gebruik genomen": a
    // German or Dutch present passive of going live, with a word of what is going on now. (Without
    // one it may report the ceremony: "Heute wird der Rechner in Betrieb genommen".)
    // (Only going live itself, "in Betrieb genommen", not a state kept: "in Betrieb gehalten";
    // and the passive its own, no comma between.)
    const auto auxiliary = [&](std::size_t k) { return is_word(tokens_[k], "wird") || is_word(tokens_[k], "wordt"); };
    std::size_t passive = no_token;
    bool going_on = false;
    const std::size_t last = event + std::max<std::size_t>(phrase(event, "live"), 1) - 1;
    for (std::size_t k = clause_[event]; k < event; ++k) {
        if (comma_at(k)) passive = no_token;
        if (auxiliary(k)) passive = k;
        going_on = going_on || is(k, "progress_adverbs");
    }
    // (Or its participle fronted, the verb after it: "Aktuell in Betrieb genommen wird das System".)
    if (passive == no_token && last + 1 < tokens_.size() && auxiliary(last + 1)) passive = last + 1;
    if (passive != no_token && going_on && is(last, "onset_participles")) return std::min(passive, event);
    // "in fase di messa in servizio", "en proceso de puesta en marcha": a going live in progress
    // (its noun, "messa", perhaps outside the event's words).
    for (std::size_t k = event; k > clause_[event] && k + 6 > event; --k) {
        const std::size_t length = phrase(k - 1, "in_progress");
        if (length > 0 && (k - 1 + length == event || (k + length == event && tokens_[event - 1].kind == Kind::word)))
            return k - 1;
    }
    const std::string& first = tokens_[event].text;
    if (!(first.ends_with("ed") || first == "put" || first == "brought" || first == "taken")) return no_token;
    for (std::size_t k = event; k > clause_[event] && k + 3 > event; --k) {
        if (is_word(tokens_[k - 1], "being")) return k - 1;
        if (!adverb(k - 1)) return no_token;
    }
    return no_token;
}

std::size_t Reading::service_ended(StatusEvent& event, std::size_t i, std::size_t end) const {
    // (Not a service still to come when written: "expect Cheyenne to be in operation through
    // September 2023" is a plan to retire it, whose date the retirement rule weighs.)
    // (Nor one a verb of staying puts there: "to keep running until the end of 2024".)
    bool verb_between = false;
    for (std::size_t k = i; k > clause_[i] && k + 4 > i; --k) {
        if (is_word(tokens_[k - 1], "to") || phrase(k - 1, "planned")) return 0;
        if (aux(k - 1) || adverb(k - 1)) continue;
        if (verb_between || tokens_[k - 1].kind != Kind::word) break;
        verb_between = true;
    }
    const std::size_t stop = std::min(clause_end(i), end + 8);
    for (std::size_t k = end; k < stop && !comma_at(k); ++k) {
        // An end: "until", "through", "bis" ..., or the "to" of "from 2015 to 2021".
        const bool from_to = is_word(tokens_[k], "to") && k >= 2 && year_of(k - 1) && is_word(tokens_[k - 2], "from");
        if (!is(k, "continuing") && !from_to) continue;
        // (The words of a date between: "until the end of 2025", "bis Ende 2025".)
        for (std::size_t y = k + 1; y < std::min(stop, k + 7); ++y) {
            const auto year = year_of(y);
            if (!year) {
                if (y > k + 3 && !is(y, "date_parts") && !is(y, "prepositions") && !is(y, "determiners")) break;
                continue;
            }
            if (*year >= year_) return 0;
            event.kind = StatusEvent::Kind::retired;
            event.partial = false;
            event.year = *year;
            return y + 1;
        }
        return 0;
    }
    return 0;
}

std::size_t Reading::partial_adverb(std::size_t event, std::size_t end) const {
    // Just after the event ("opera parcialmente") or before it, with no more than the verb group
    // between ("is only partly running", "teilweise in Betrieb").
    if (end < tokens_.size() && !tokens_[end].clause_start && is(end, "partial_adverbs")) return end;
    // "running at 60% of its capacity", "funciona al 50 % de su capacidad": a share of the whole, after.
    for (std::size_t k = end; k < std::min(end + 2, tokens_.size()) && !tokens_[k].clause_start; ++k) {
        if (share_end(k)) return k;
        if (!is(k, "prepositions")) break;
    }
    for (std::size_t back = 1; back <= 3 && back <= event - clause_[event]; ++back) {
        const std::size_t k = event - back;
        if (is(k, "partial_adverbs")) return k;
        if (!aux(k) && !adverb(k)) break;
    }
    return no_token;
}

bool Reading::only_first(std::size_t only, std::size_t end) const {
    if (!is(only, "only_words")) return false;
    // (Not a time: "only in the first quarter", "nur sechs Monate nach".)
    for (std::size_t k = only + 1; k < std::min(end, only + 4); ++k) {
        if (is(k, "first_words")) return true;
        if (is(k, "prepositions") || tokens_[k].kind == Kind::number) return false;
    }
    return false;
}

std::size_t Reading::part_live(std::size_t event) const {
    const std::size_t floor = clause_[event];
    for (std::size_t back = 1; back <= 12 && back <= event - floor; ++back) {
        const std::size_t k = event - back;
        const Token& token = tokens_[k];
        // Another clause's subject: "The first phase was completed, and the system is live".
        if (token.text == "," || is(k, "conjunctions") || phrase(k, "live") || phrase(k, "construction")) return no_token;
        if (phrase(k, "partial_subjects") && k + phrase(k, "partial_subjects") <= event) return k;
        // "two of the four halls are operational", "the first 50 MW of a 100 MW building now
        // ready": a counted part of a whole.
        if (const std::size_t part = counted_part(k, event, floor); part != no_token) return part;
        // "40% of the nodes are in production": a share of a whole.
        if (const std::size_t whole = share_end(k); whole && whole < event) return k;
        // "only the first of the two partitions is in service", "solo el primero está operativo";
        // "the first 10,000 GPUs are online".
        if (only_first(k, event) || (is(k, "first_words") && figure_at(k + 1) && !year_of(k + 1))) return k;
        // "of which one is operational", "of which seven are active": a part of those just named.
        if (is_word(token, "of") && k + 2 < event && is(k + 1, "relative_pronouns") && figure_at(k + 2)) {
            return k;
        }
    }
    return no_token;
}

std::size_t Reading::start_denied_after(std::size_t end) const {
    const std::size_t stop = std::min(clause_end(end > 0 ? end - 1 : 0), end + 12);
    std::size_t k = end;
    // "of the data centre", "des Rechenzentrums" is the event's own: a few words, no verb.
    if (k < stop && (is_word(tokens_[k], "of") || is(k, "determiners") || is(k, "articles"))) {
        const std::size_t limit = std::min(stop, k + 6);
        while (k < limit && tokens_[k].kind == Kind::word && !aux(k) && !phrase(k, "negation")) ++k;
    }
    // The verb group, in any language: "has", "hat", "n ' a", "ещё".
    for (std::size_t group = 0; k < stop && !phrase(k, "negation"); ++group, ++k) {
        const bool elided = tokens_[k].text == "'" || tokens_[k].text == "\u2019";
        if (group == 3 || !(tokens_[k].kind == Kind::word || elided) || is(k, "conjunctions")) return no_token;
    }
    const std::size_t negation = k < stop ? phrase(k, "negation") : 0;
    if (negation == 0) return no_token;
    // (Adverbs and a second negation between: "not yet", "noch nicht".)
    k += negation;
    while (k < stop && (adverb(k) || phrase(k, "negation"))) k += std::max<std::size_t>(1, phrase(k, "negation"));
    return k < stop && is(k, "onsets") ? k + 1 : no_token;
}

std::size_t Reading::negated_subject(std::size_t event) const {
    // The subject opens the clause, or follows its comma or conjunction, and only words lie
    // between it and the event: "no hardware has been purchased, no data centres have been
    // commissioned". A word of its own, not a figure's bound ("no more than 500 GPUs are live").
    const std::size_t floor = clause_[event];
    for (std::size_t back = 1; back <= 8 && back <= event - floor; ++back) {
        const std::size_t k = event - back;
        const Token& token = tokens_[k];
        if (token.kind != Kind::word) return no_token;
        const bool opens = k == floor || tokens_[k - 1].text == "," || is(k - 1, "conjunctions");
        if (opens && phrase(k, "negated_subjects")) return k;
    }
    return no_token;
}

std::size_t Reading::counted_part(std::size_t of, std::size_t event, std::size_t floor) const {
    if (!is(of, "part_of") && !is(of, "partitives")) return no_token;
    // The whole just after ("of the four", "of a 100 MW").
    std::size_t whole = of + 1;
    if (whole < event && !figure_at(whole) && tokens_[whole].kind == Kind::word) ++whole;
    if (whole >= event || !figure_at(whole)) return no_token;
    // The part just before, alone ("two of") or with the whole's noun ("50 MW of a 100 MW"):
    // "four racks of 72 GPUs" counts what each rack holds, not a part of the racks.
    for (std::size_t back = 1; back <= 3 && back <= of - floor; ++back) {
        const std::size_t part = of - back;
        if (!figure_at(part)) continue;
        for (std::size_t k = part + 1; k < of; ++k) {
            const std::size_t same = whole + (k - part);
            if (same >= event || tokens_[same].text != tokens_[k].text) return no_token;
        }
        return part;
    }
    return no_token;
}

std::size_t Reading::event_at(std::size_t i, StatusEvent& event) const {
    std::size_t length = 0;
    for (const auto& [cue, kind] :
         {std::pair{Cue("retired"), StatusEvent::Kind::retired}, std::pair{Cue("construction"), StatusEvent::Kind::construction},
          std::pair{Cue("construction_began"), StatusEvent::Kind::construction}, std::pair{Cue("live"), StatusEvent::Kind::live},
          std::pair{Cue("partial"), StatusEvent::Kind::live}}) {
        if (phrase(i, cue) > length) {
            length = phrase(i, cue);
            event.kind = kind;
            event.began = cue == "construction_began";
            event.partial = cue == "partial";
        }
    }
    return length;
}

// A retirement another machine's: "the old cluster was retired, and its cards moved to the new
// one", "its predecessor, which was retired in 2018".
bool Reading::retired_elsewhere(std::size_t from, std::size_t end) const {
    const std::size_t floor = clause_[from];
    bool elsewhere = false;
    for (std::size_t back = 1; back <= 4 && back <= from - floor; ++back) {
        if (is(from - back, "relative_pronouns") || is_word(tokens_[from - back], "that")) elsewhere = true;
        if (!aux(from - back) && !adverb(from - back) && !is(from - back, "relative_pronouns") &&
            !is_word(tokens_[from - back], "that")) {
            break;
        }
    }
    // "its predecessor Orchid-1 was decommissioned": the subject is another machine.
    for (std::size_t k = from; k > floor && k + 6 > from && !is(k - 1, "conjunctions") && !comma_at(k - 1); --k)
        elsewhere = elsewhere || is(k - 1, "predecessors");
    // "took over the workloads of the retired Nimbus-7": another named in a preposition's phrase.
    if (from >= floor + 2 && tokens_[from].text.ends_with("ed") && is(from - 2, "prepositions") &&
        (is(from - 1, "articles") || is(from - 1, "determiners") || is(from - 1, "possessives"))) {
        elsewhere = true;
    }
    std::size_t sentence_end = end;
    while (sentence_end < tokens_.size() && !(tokens_[sentence_end].clause_start && tokens_[sentence_end - 1].text == ".")) {
        if (phrase(sentence_end, "moved_on")) elsewhere = true;
        ++sentence_end;
    }
    return elsewhere;
}

// "decommissioned in 2024 after housing 4,000 GPUs", "18,688 GPUs that were retired": a figure
// of what is gone. A retirement phrase before the figure in its clause, right after it, or as
// the verb of the sentence whose subject holds it.
void Reading::read_retired(Figure& figure) const {
    Quantity& quantity = figure.quantity;
    const std::size_t floor = clause_[figure.at];
    for (std::size_t back = 1; back <= governing_reach && back <= figure.phrase_begin - floor; ++back) {
        const std::size_t k = figure.phrase_begin - back;
        if ((tokens_[k].kind == Kind::number && !year_of(k)) || is(k, "relative_pronouns")) break;
        const std::size_t length = phrase(k, "retired");
        // (What something was "replaced by" is the new: "replaced by 24 nodes with four H100 each".)
        if (!length || phrase(k, "moved_on") || is_word(tokens_[k + length - 1], "by") ||
            (k + length < figure.phrase_begin && is_word(tokens_[k + length], "by")))
            continue;
        // "När den gamla partitionen togs ur drift ersattes den av 24 noder": what replaced it is
        // no retirement.
        for (std::size_t between = k + length; between < figure.phrase_begin; ++between) {
            const std::size_t replaced = phrase(between, "retired");
            if (phrase(between, "moved_on") || (replaced > 0 && is_word(tokens_[between + replaced - 1], "by"))) return;
        }
        // "which will be retired next year, has 27,648 GPUs": a retirement to come.
        for (std::size_t before = 1; before <= 3 && before <= k - floor; ++before) {
            if (phrase(k - before, "planned")) return;
        }
        set_modality(quantity, Modality::retired, k, k + length);
        return;
    }
    // (", which were retired", ", all of which were decommissioned": a relative clause on them all.)
    std::size_t after = figure.phrase_end, k = figure.phrase_end;
    if (k + 1 < figure.clause_end && comma_at(k) && is(k + 1, "relative_pronouns")) {
        after = k = k + 1;
    } else if (k + 3 < figure.clause_end && comma_at(k) && is_word(tokens_[k + 2], "of") && is(k + 3, "relative_pronouns") &&
               (is_word(tokens_[k + 1], "all") || is(k + 1, "every"))) {
        after = k + 1;
        k = k + 3;
    }
    while (k < figure.clause_end && k < after + 6 &&
           (aux(k) || adverb(k) || is(k, "relative_pronouns") || is_word(tokens_[k], "that"))) {
        // "have not been retired"; "will be retired in 2027", a retirement to come
        if (phrase(k, "negation") || phrase(k, "planned")) return;
        ++k;
    }
    if (k < figure.clause_end && k > after) {
        if (const std::size_t length = phrase(k, "retired")) {
            set_modality(quantity, Modality::retired, after, k + length);
            return;
        }
    }
    // "Titan, which housed 18,688 GPUs, was decommissioned in 2019", "The 27,648 GPUs of Summit
    // were retired": the figure stands in the subject, and the sentence's verb retires it. A
    // figure a verb before it governs stands in the subject only inside a relative clause
    // ("Frontier has 37,888 GPUs, while Summit was retired" is no such case). Words of another
    // verb, a conjunction or a negation between them end the search.
    const bool governed_before =
        quantity.modality_end > quantity.modality_begin && quantity.modality_begin < tokens_[figure.phrase_begin].begin;
    if (governed_before) {
        bool relative = false;
        for (std::size_t back = floor; back < figure.phrase_begin; ++back) relative = relative || is(back, "relative_pronouns");
        if (!relative) return;
    }
    for (k = figure.phrase_end; k < figure.clause_end && k < figure.phrase_end + 12; ++k) {
        const Token& token = tokens_[k];
        if ((token.kind == Kind::number && !year_of(k)) || phrase(k, "moved_on") || phrase(k, "planned") ||
            phrase(k, "negation") || is(k, "relative_pronouns") || is(k, "subordinators") || is_word(token, "and") ||
            is_word(token, "but")) {
            return;
        }
        if (const std::size_t length = phrase(k, "retired")) {
            set_modality(quantity, Modality::retired, k, k + length);
            return;
        }
        if (verb_start(k) && !aux(k)) return;
    }
}

}  // namespace gpuclusters::rules::reading
