// When a status event happens: its date, and the plans and times to come that govern it
// ("wird 2027 in Betrieb genommen", "switch-on planned for 2028", "at its June 2022 debut it was
// still being integrated"); the times to come that make a figure a plan ("2,560 GPUs next
// year", "goes live in 2027 with 2,560 GPUs"); and the years written after a figure.
#include <algorithm>
#include <tuple>

#include "rules/quote_reading.hpp"

namespace gpuclusters::rules::reading {

// "au moment de son installation en 2016": building dated to a year before the text's is done,
// unless it goes on "since" then ("under construction since 2024").
bool Reading::built_long_ago(const StatusEvent& event, std::size_t end) const {
    if (event.kind != StatusEvent::Kind::construction || event.began || !event.happened) return false;
    // "Construction of the data centre is complete", "Die Installation ist abgeschlossen": the
    // building's noun, then in its clause the word that it is over (not "nearly complete").
    for (std::size_t k = end; k < std::min({clause_end(end), end + 8, tokens_.size()}); ++k) {
        // (Not one to come: "Construction will be completed in 2026".)
        if (tokens_[k].kind == Kind::number || tokens_[k].text == "," || phrase(k, "planned") ||
            (k > end && phrase(k, "construction")))
            break;
        if (is(k, "completion")) {
            if (k > end && is(k - 1, "nearness")) break;
            if (k >= end + 2 && is(k - 2, "nearness")) break;
            return true;
        }
    }
    if (event.year == 0 || event.year >= year_) return false;
    for (std::size_t k = end; k < std::min(tokens_.size(), end + 5) && !year_of(k); ++k) {
        if (is(k, "since_words")) return false;
    }
    return true;
}

void Reading::date_event(StatusEvent& event, std::size_t i, std::size_t end, std::size_t& from, std::size_t& to) const {
    const std::size_t stop = clause_end(i);
    std::size_t planned_at = plan_before_event(event, i, end);
    // "wird seit 2021 in Betrieb genutzt": what runs since a year gone by is no plan.
    for (std::size_t k = planned_at; k < i && planned_at != no_token; ++k) {
        if (const auto year = k + 1 < i ? year_of(k + 1) : std::nullopt; is(k, "since_words") && year && *year <= year_)
            planned_at = no_token;
    }
    const std::size_t planned_to = plan_after_event(event.kind, i, end, stop);
    if (const auto year = year_after(end, stop)) event.year = *year;
    if (event.year == 0 && event.kind == StatusEvent::Kind::construction && !event.began) {
        if (const auto year = year_before_building(i)) event.year = *year;
    }
    // "De supercomputer wordt in 2027 in gebruik genomen": a year to come just before the event.
    std::size_t year_before = no_token;
    if (planned_at == no_token && planned_to == no_token && event.kind != StatusEvent::Kind::retired) {
        const std::size_t floor = clause_[i];
        if (const auto year = future_year_after(std::max(floor, i > 6 ? i - 6 : 0), i)) year_before = year->first;
    }
    // What went live did so by the day it was written: a live event dated to a later year, however
    // its verb reads ("wird 2027 in Betrieb genommen"), is to come.
    // (Not a year it runs since or until: "seit 2021", "noch bis 2028 in Betrieb".)
    if (year_before == no_token && planned_at == no_token && planned_to == no_token && event.kind == StatusEvent::Kind::live) {
        for (std::size_t k = std::max(clause_[i], i > 6 ? i - 6 : 0); k < i && year_before == no_token; ++k) {
            const auto year = year_of(k);
            if (year && *year > year_ && !since_or_until(k)) year_before = k;
        }
    }
    if (year_before != no_token) {
        event.happened = false;
        from = std::min(from, year_before);
    }
    if (planned_at != no_token || planned_to != no_token) {
        event.happened = false;
        if (planned_at != no_token) from = planned_at;
        if (planned_to != no_token) to = planned_to;
    }
}

// A year something runs since or until, its words perhaps before a date's parts: "seit 2021",
// "bis Ende 2027", "fino al 2029".
bool Reading::since_or_until(std::size_t year_at) const {
    for (std::size_t before = year_at; before > 0 && before + 4 > year_at; --before) {
        const std::size_t word = before - 1;
        if (is(word, "since_words") || is(word, "continuing") || is(word, "until")) return true;
        if (!is(word, "date_parts") && !is(word, "determiners") && !is(word, "prepositions") && !is(word, "articles")) break;
    }
    return false;
}

// "At its June 2022 debut the system was still being integrated": the year of building dated
// before its words, in their clause. None when it goes on since then ("seit dem 1. Juli 2023 im
// Aufbau"), when the date is that of the writing ("is now (July 2021) being installed"), or when
// the year is another verb's ("Jupiter, announced in June 2025, is currently under construction").
std::optional<int> Reading::year_before_building(std::size_t event) const {
    const std::size_t floor = clause_[event];
    for (std::size_t k = event; k > std::max(floor, event > 8 ? event - 8 : 0); --k) {
        if (tokens_[k - 1].text == "," || is(k - 1, "said_now")) return std::nullopt;
        const auto year = year_of(k - 1);
        if (!year) continue;
        // (The month or day between is in any language: "seit Juli 2023", "desde el 1 de julio de 2023";
        // the point of a German day may have closed the clause: "seit dem 1. Juli 2023".)
        for (std::size_t back = k - 1; back > 0 && back + 7 > k; --back) {
            if (is(back - 1, "since_words") || is(back - 1, "said_now")) return std::nullopt;
        }
        return year;
    }
    return std::nullopt;
}

// A plan before the event: its own verb group ("is set to open to users", "will be switched
// off") or that of the verb it hangs on ("will bring the machine online").
std::size_t Reading::plan_before_event(StatusEvent& event, std::size_t i, std::size_t end) const {
    const std::size_t floor = clause_[i];
    std::size_t planned_at = no_token;
    std::size_t group = i;
    bool changed_plan = false;
    while (group > floor) {
        // A phrase that ends where the group starts: "slated for retirement".
        std::size_t phrase_start = no_token;
        for (const Cue cue : {Cue("planned"), Cue("future_time")})
            phrase_start = std::min(phrase_start, phrase_ending(group, cue, floor));
        if (phrase_start != no_token) {
            if (!passive_only(phrase_start, end)) planned_at = phrase_start;
            group = phrase_start;
            continue;
        }
        const std::size_t k = group - 1;
        if (is(k, "earlier")) {
            // "Initially slated for retirement": a plan that did not hold.
            changed_plan = true;
            group = k;
            continue;
        }
        if (!(aux(k) || adverb(k) || is(k, "becoming") || is_word(tokens_[k], "to"))) break;
        // "for it to become operational": an aim, not a fact; "reported to be online" is a report.
        if (is_word(tokens_[k], "to") && planned_at == no_token && (k == floor || (!aux(k - 1) && !is(k - 1, "hearsay")))) {
            planned_at = k;
        }
        group = k;
    }
    if (changed_plan && planned_at != no_token) {
        event.happened = false;
        event.denied = true;
    }
    if (planned_at != no_token) return planned_at;
    // "Next year the computer will be switched on", "Volgend jaar wordt de computer ingeschakeld".
    for (std::size_t k = floor; k < i; ++k) {
        if (phrase(k, "future_time") && k + phrase(k, "future_time") <= i) return k;
    }
    auto [verb, verb_end] = verb_back(i, floor, i);
    // "seven of the 30 planned buildings are active": a plan's adjective names what the event is
    // of, and is no verb of it.
    while (verb != no_token && attributive(verb)) std::tie(verb, verb_end) = verb_back(verb, floor, verb);
    if (verb == no_token) return no_token;
    // (Nor a future of staying, its verb right before the event: "dovrebbe restare in funzione
    // fino al 2030" runs now; "restare in fase di test ... ed entrare in produzione" does not.)
    // (Nor one whose conjunct has a subject of its own: "planned to reach 30 buildings and seven
    // reported as active".)
    // (Nor a relative clause's, closed by a comma: "Solenne, which was under construction for most of
    // 2024, has operated since February".)
    bool relative = false;
    for (std::size_t k = verb; k > floor && !relative && !comma_at(k - 1); --k) relative = is(k - 1, "relative_pronouns");
    for (std::size_t k = verb_end; k < i; ++k) {
        if ((relative && comma_at(k)) || phrase(k, "live") || phrase(k, "construction") || phrase(k, "construction_began") ||
            phrase(k, "retired") || (phrase(k, "not_governing") && k + 2 >= i) ||
            (is(k, "conjunctions") && k + 1 < i && figure_at(k + 1)))
            return no_token;
    }
    if (participle(verb, floor)) return no_token;
    const Governed governing = verb_group(verb, verb_end, floor, i);
    return governing.modality == Modality::planned && !passive_only(governing.from, end) ? governing.from : no_token;
}

// German "wird" is a future before an infinitive ("wird ... in Betrieb gehen") and a passive of
// the present before a participle ("wird ... in Betrieb genommen", in a report of the ceremony):
// before an event that ends with a participle, only a time to come makes it a plan.
bool Reading::passive_only(std::size_t at, std::size_t event_end) const {
    if (phrase(at, "planned") != 1 || !is(at, "passive_auxiliaries") || event_end == 0) return false;
    const auto participle = [](const std::string& word) {
        return word.ends_with("t") || (word.ends_with("en") && word != "gehen" && word.find("ge") != std::string::npos);
    };
    // (Or the participle just after a state: "wird derzeit noch im Vollbetrieb genutzt".)
    const bool after = event_end < tokens_.size() && tokens_[event_end].kind == Kind::word &&
                       tokens_[event_end].text.starts_with("ge") && participle(tokens_[event_end].text);
    return participle(tokens_[event_end - 1].text) || after;
}

// Where the words after an event stop being its own: "is in production and will be expanded in
// 2027" -- what a verb joined by "and" plans, or dates, is that verb's.
std::size_t Reading::own_verb_end(std::size_t end, std::size_t stop) const {
    for (std::size_t k = end; k < stop; ++k) {
        if (is(k, "conjunctions") && k + 1 < stop && verb_start(k + 1)) return k;
    }
    return stop;
}

// A plan after the event: "switch-on planned for 2028", "operational in 2029", "later this
// year", "construction of the hall ... will be the first phase".
std::size_t Reading::plan_after_event(StatusEvent::Kind kind, std::size_t i, std::size_t end, std::size_t stop) const {
    stop = own_verb_end(end, stop);
    if (end < stop) {
        if (const std::size_t p = phrase(end, "planned"); p && !passive_only(end, end)) return end + p;
    }
    if (tokens_[i].kind == Kind::word && !tokens_[i].text.ends_with("ed")) {
        for (std::size_t k = end; k < std::min(stop, end + 10); ++k) {
            // (A relative clause's future is its own: "the foundations for the hall that will house it".)
            if (comma_at(k) || is(k, "relative_pronouns") || is_word(tokens_[k], "that")) break;
            // (Nor a plan said of a noun: "running at 60% of its planned capacity".)
            const bool attributive = is(k - 1, "possessives") || is(k - 1, "determiners") || is(k - 1, "articles");
            if (!verb_start(k) || attributive) continue;
            if (const std::size_t p = phrase(k, "planned"); p > 0 && !aux(k - 1) && !passive_only(k, end)) return k + p;
            // "full operation is planned for autumn": a plan in the present, not "was planned".
            const bool present = is_word(tokens_[k], "is") || is_word(tokens_[k], "are");
            if (const std::size_t p = present && k + 1 < stop ? phrase(k + 1, "planned") : 0; p > 0) return k + 1 + p;
            break;
        }
    }
    for (std::size_t k = end; k < std::min(stop, end + 4); ++k) {
        if (const std::size_t p = phrase(k, "future_time")) return k + p;
    }
    // (The year of the event's own words, not of a clause after a comma: "pracuje ..., a w 2027 r. ma
    // zostać rozbudowana".)
    std::size_t comma = end;
    while (comma < stop && !comma_at(comma)) ++comma;
    if (kind != StatusEvent::Kind::retired) {
        if (const auto year = future_year_after(end, comma)) return year->second;
    }
    return no_token;
}

// "2,500 GPUs next year": a time to come anywhere in the figure's clause, but not past its own
// verb and a comma ("GPU 2500基が稼働しており、来年4000基を追加").
Reading::Governed Reading::future_time_in_clause(std::size_t i, std::size_t phrase_end, std::size_t clause_end_at) const {
    bool own_verb = false;
    for (std::size_t k = clause_[i]; k < clause_end_at; ++k) {
        if (k >= phrase_end) {
            if (own_verb && comma_at(k)) break;
            own_verb = own_verb || phrase(k, "in_service") > 0 || phrase(k, "live") > 0;
        }
        if (const std::size_t length = phrase(k, "future_time")) return {true, Modality::planned, k, k + length, false};
    }
    return {};
}

Reading::Governed Reading::time_span_after(std::size_t phrase_end, std::size_t clause_end_at) const {
    // "250MW within 2.5 years", "in two years".
    for (std::size_t k = phrase_end; k + 2 < std::min(clause_end_at, phrase_end + 4); ++k) {
        if (!is_word(tokens_[k], "within") && !is_word(tokens_[k], "in")) continue;
        const bool figure = tokens_[k + 1].kind == Kind::number || spelled_number(impl_, tokens_, k + 1).has_value();
        if (figure && is(k + 2, "time_spans")) return {true, Modality::planned, k, k + 3, false};
    }
    return {};
}

// "The new system goes live in 2027 with 2,560 GPUs", "entra en servicio en 2027 con 2.560 GPU":
// the figures of a clause whose going live is dated to a later year are to come. (Not a year it
// runs since or until.) So is a figure with no verb after a start or deadline to come.
Reading::Governed Reading::dated_to_come(const Figure& figure) const {
    const std::size_t i = figure.at, clause_end_at = figure.clause_end;
    const auto later = [&](std::size_t k) {
        const auto year = year_of(k);
        return year && *year > year_ && !since_or_until(k);
    };
    for (std::size_t live = clause_[i]; live < clause_end_at; ++live) {
        const std::size_t length = phrase(live, "live");
        if (length == 0) continue;
        // The year within the going live's own words, no comma between.
        for (std::size_t k = live; k > clause_[i] && k + 6 > live && !comma_at(k - 1); --k) {
            if (later(k - 1)) return {true, Modality::planned, k - 1, live + length, false};
        }
        // (Nor that of a verb joined after it: "is operational and will be expanded in 2027".)
        for (std::size_t k = live + length;
             k < std::min(clause_end_at, live + length + 6) && !comma_at(k) && !is(k, "conjunctions"); ++k) {
            if (later(k)) return {true, Modality::planned, live, k + 1, false};
        }
    }
    // "KI-Fabrik Lübeck: ab Mitte 2027 mit 4.608 GPUs": with no verb, a start or deadline to come
    // just before the figure.
    // (A start, not a deadline: "Operational until 2030: 2,000 GPUs" runs now.)
    const std::size_t begin = figure.phrase_begin;
    if (const auto year = future_year_after(std::max(clause_[i], begin > 6 ? begin - 6 : 0), begin);
        year && is(year->first, "starting")) {
        return {true, Modality::planned, year->first, year->second, false};
    }
    return {};
}

std::optional<std::pair<std::size_t, std::size_t>> Reading::future_year_after(std::size_t from, std::size_t end) const {
    for (std::size_t i = from; i < std::min(end, from + 8); ++i) {
        const auto year = year_of(i);
        if (!year) {
            if (tokens_[i].kind == Kind::number && !tokens_[i].date) return std::nullopt;
            continue;
        }
        // The words before the year: "by", "by the end of", "in", "from", "starting", "in Q4".
        std::size_t k = i;
        while (k > from && (is(k - 1, "date_parts") || is_word(tokens_[k - 1], "the") || is_word(tokens_[k - 1], "of"))) --k;
        if (k == from) return std::nullopt;
        const Token& word = tokens_[k - 1];
        const bool until = is(k - 1, "until");
        const bool starting = is(k - 1, "starting");
        if (until && *year >= year_) return std::pair{k - 1, i + 1};
        if (starting && (*year > year_ || (*year == year_ && !is_word(word, "in")))) return std::pair{k - 1, i + 1};
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<std::pair<std::size_t, std::size_t>> Reading::future_time_after(std::size_t from, std::size_t end) const {
    for (std::size_t k = from; k < end; ++k) {
        if (const std::size_t length = phrase(k, "future_time")) {
            // (Not the time of another clause, told in the past: "installed shortly after".)
            if (k + length < end && is(k + length, "subordinators")) return std::nullopt;
            return std::pair{k, k + length};
        }
        if (tokens_[k].kind == Kind::number || comma_at(k) || is(k, "conjunctions")) return std::nullopt;
    }
    return std::nullopt;
}

std::optional<int> Reading::year_after(std::size_t from, std::size_t end) const {
    for (std::size_t i = from; i < std::min(end, from + 7); ++i) {
        if (const auto year = year_of(i)) return year;
    }
    return std::nullopt;
}

std::optional<int> Reading::year_of(std::size_t i) const {
    const Token& token = tokens_[i];
    if (token.kind != Kind::number || token.grouped || token.fraction || token.plus || token.times || token.text.size() != 4) {
        return std::nullopt;
    }
    const auto value = token.value.to_integer();
    if (!value || *value < 1950 || *value > 2100) return std::nullopt;
    return static_cast<int>(*value);
}

// "The target is 24,576 GPUs", "Das Ziel sind 10.000 GPUs": a figure after a copula whose subject
// is a plan is planned. "Installation of the 6,400 GPUs is under way": so is one that a process
// still going on takes as its object.
bool Reading::subject_to_come(const Figure& figure, Governed& governing) const {
    const std::size_t begin = figure.phrase_begin, floor = clause_[figure.at];
    if (governing.found && governing.modality != Modality::in_service) return false;
    const bool copula = begin > floor && is(begin - 1, "linking_verbs");
    if (copula && (!governing.found || (governing.to == begin && governing.from + 1 == begin))) {
        for (std::size_t k = begin - 1; k > floor && k + 7 > begin && !figure_at(k - 1); --k) {
            if (!is(k - 1, "plan_nouns")) continue;
            governing = {true, Modality::planned, k - 1, begin, false};
            return true;
        }
    }
    // (The process noun and the figure have a word or two between, of, of the: "Installation der
    // 6.400 GPUs", "installation of the 6,400 GPUs".)
    std::size_t process = begin;
    while (process > floor && process + 3 > begin && tokens_[process - 1].kind == Kind::word &&
           !is(process - 1, "process_nouns")) {
        --process;
    }
    if (process == floor || process == begin || !is(process - 1, "process_nouns")) return false;
    for (std::size_t k = figure.phrase_end; k < std::min(figure.clause_end, figure.phrase_end + 8) && !comma_at(k); ++k) {
        if (const std::size_t length = phrase(k, "ongoing"); length > 0) {
            governing = {true, Modality::planned, process - 1, k + length, false};
            return true;
        }
    }
    return false;
}

// "By 2027, the cluster has 10,000 GPUs", "In 2027, the system houses 8,192 GPUs": a year to come
// that opens the sentence dates the figure its clause says is there; so does a plan's phrase set
// off by a comma that opens it, or a plan with a year to come said of the subject. (Not a year it
// runs until, nor a clause that says it is so now, or joined after another.)
Reading::Governed Reading::dated_before(const Figure& figure, Governed governing) const {
    if (!governing.found || governing.modality != Modality::in_service || governing.silent) return governing;
    // The sentence as the tokenizer parts them, or what follows its last colon before the figure.
    std::size_t start = clause_[figure.at];
    for (std::size_t k = start; k < figure.phrase_begin; ++k) {
        if (tokens_[k].text == ":") start = k + 1;
    }
    std::size_t from = no_token, to = no_token;
    if (const auto year = future_year_after(start, figure.phrase_begin);
        year && year->first == start && (is_word(tokens_[start], "by") || is(start, "starting"))) {
        from = year->first;
        to = year->second;
    }
    // ("When complete, the system has 10,000 GPUs", "Once fully built out, the campus is designed
    // for up to 300 MW"; not a completion dated to the past: "When completed in 2023, ...".)
    if (const std::size_t length = phrase(start, "planned"); from == no_token && length > 0) {
        for (std::size_t k = start + length; k < std::min(figure.phrase_begin, start + length + 4); ++k) {
            if (const auto past = year_of(k); past && *past <= year_) break;
            if (comma_at(k)) {
                from = start;
                to = k;
                break;
            }
        }
    }
    // (Or a plan with a year to come said of the subject: "The new data hall, due to open in 2026,
    // is designed for 48 MW"; not its growth: "The system, to be upgraded in 2027, has ...".)
    for (std::size_t k = start; from == no_token && k < std::min(governing.from, figure.phrase_begin); ++k) {
        const std::size_t length = phrase(k, "planned");
        for (std::size_t year = k + length; length > 0 && year < std::min(governing.from, k + length + 6); ++year) {
            if (phrase(year, "growth") || is(year, "change_verbs")) break;
            if (const auto later = year_of(year); later && *later > year_) {
                from = k;
                to = year + 1;
                break;
            }
        }
    }
    if (from == no_token) return completion_awaited(figure, governing);
    for (std::size_t k = to; k < figure.clause_end; ++k) {
        if ((figure_at(k) && k < figure.phrase_begin) || is(k, "said_now") ||
            (is(k, "conjunctions") && k < figure.phrase_begin)) {
            return governing;
        }
    }
    return {true, Modality::planned, from, to, false};
}

// "will be able to draw up to 300 MW once the substation is complete": a completion still to come,
// in a clause of "once" after a figure read in service, makes it a plan. (Not one done: "once
// construction was finished", "once completed in 2023".)
Reading::Governed Reading::completion_awaited(const Figure& figure, Governed governing) const {
    for (std::size_t k = figure.phrase_end; k < std::min(tokens_.size(), figure.phrase_end + 8); ++k) {
        if (tokens_[k].text == "." || tokens_[k].text == ";") break;
        if (!is(k, "once_words")) continue;
        for (std::size_t done = k + 1; done < std::min(tokens_.size(), k + 7); ++done) {
            if (const auto year = year_of(done); (year && *year <= year_) || is(done, "past_auxiliaries")) break;
            if (!is(done, "completion")) continue;
            // ("once completed in 2023": a year gone by just after.)
            for (std::size_t y = done + 1; y < std::min(tokens_.size(), done + 4); ++y) {
                if (const auto year = year_of(y); year && *year <= year_) return governing;
            }
            return {true, Modality::planned, k, done + 1, false};
        }
    }
    return governing;
}

}  // namespace gpuclusters::rules::reading
