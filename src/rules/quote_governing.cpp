// What governs a figure: the verb group before it, the words after it, the years that date it.
#include <algorithm>
#include <array>
#include <tuple>

#include "rules/quote_reading.hpp"

namespace gpuclusters::rules::reading {

std::pair<std::size_t, std::size_t> Reading::verb_back(std::size_t before, std::size_t floor, std::size_t limit) const {
    static constexpr std::array<Cue, 5> verb_cues{"planned", "procured", "in_service", "not_governing", "arrival"};
    for (std::size_t back = 1; back <= governing_reach && back <= before - floor; ++back) {
        const std::size_t i = before - back;
        if (is(i, "relative_pronouns")) break;
        // "will be equipped with 1,456 H100 GPUs, in addition to the 416 A100 GPUs": what is
        // there besides the plan.
        if (is_word(tokens_[i], "addition") && i >= 1 && is_word(tokens_[i - 1], "in") && i + 1 < before &&
            is_word(tokens_[i + 1], "to")) {
            break;
        }
        if (!verb_start(i)) continue;
        std::size_t verb = i;
        std::size_t verb_end = verb + 1;
        for (const Cue cue : verb_cues) {
            verb_end = std::max(verb_end, std::min(limit, verb + phrase(verb, cue)));
        }
        // A phrase may start before the token found: its start is the verb.
        for (std::size_t step = 1; step <= 4 && step <= verb - floor; ++step) {
            const std::size_t k = i - step;
            for (const Cue cue : verb_cues) {
                if (phrase(k, cue) > step && k + phrase(k, cue) <= limit) {
                    verb_end = std::max(verb_end, k + phrase(k, cue));
                    verb = k;
                }
            }
        }
        return {verb, verb_end};
    }
    return {no_token, no_token};
}

bool Reading::participle(std::size_t verb, std::size_t floor) const {
    if (!phrase(verb, "in_service") || aux(verb)) return false;
    if (verb > floor && aux(verb - 1)) return false;
    const std::string& word = tokens_[verb].text;
    return (word.size() > 4 && word.ends_with("ing")) || is(verb, "participles");
}

bool Reading::attributive(std::size_t word) const {
    if (!is(word, "prospective_adjectives") || word + 1 >= tokens_.size()) return false;
    const Token& next = tokens_[word + 1];
    // Before a noun, not before what a verb takes ("planned to reach", "planned for 2027"), and
    // no passive's participle ("is planned").
    if (next.kind != Kind::word || next.joined || aux(word + 1) || verb_start(word + 1) || is(word + 1, "prepositions") ||
        is(word + 1, "conjunctions") || is_word(next, "to")) {
        return false;
    }
    return word == 0 || !aux(word - 1);
}

Reading::Governed Reading::governed_before(std::size_t figure_start) const {
    const std::size_t floor = clause_[figure_start];
    auto [verb, verb_end] = verb_back(figure_start, floor, figure_start);
    // "Of the 20,000 GPUs ordered, 12,000 have been installed": the verb of a whole fronted before
    // the figure's part is not the part's; its own verb, after it, is.
    if (verb == no_token || fronted_whole(figure_start) < verb) return {};
    Governed hanging;
    if (participle(verb, floor)) {
        hanging = {true, Modality::in_service, verb, verb_end, false};
        const auto [outer, outer_end] = verb_back(verb, floor, verb);
        if (outer == no_token) return hanging;
        verb = outer;
        verb_end = outer_end;
    }
    Governed result = verb_group(verb, verb_end, floor, figure_start);
    // "... feature the GB200 NVL72 platform, which includes 4,608 GPUs": a relative clause
    // in the present describes what the clause it hangs on plans.
    const auto said_now = [&] {
        for (std::size_t k = result.from; k < result.to; ++k) {
            if (is(k, "said_now")) return true;
        }
        return false;
    };
    if (result.modality == Modality::in_service && !result.silent && result.from > floor &&
        is(result.from - 1, "relative_pronouns") && !said_now()) {
        auto [outer, outer_end] = verb_back(result.from - 1, floor, result.from - 1);
        // "will include 64 DGX systems – each of which includes eight GPUs": a relative clause
        // after a dash hangs on the clause before it.
        std::size_t outer_floor = floor;
        if (outer == no_token && floor >= 2 && tokens_[floor - 1].kind == Kind::punct && tokens_[floor - 1].text != "." &&
            tokens_[floor - 1].text != ";") {
            outer_floor = clause_[floor - 1];
            std::tie(outer, outer_end) = verb_back(floor - 1, outer_floor, floor - 1);
        }
        if (outer != no_token) {
            const Governed main = verb_group(outer, outer_end, outer_floor, result.from - 1);
            if (main.modality == Modality::planned || main.modality == Modality::procured) return main;
        }
    }
    // The clause's verb says of the figure only what its future or its order says.
    if (hanging.found && result.modality == Modality::in_service) return hanging;
    return result;
}

Reading::Governed Reading::verb_group(std::size_t verb, std::size_t verb_end, std::size_t floor, std::size_t figure_start) const {
    // The verb group: auxiliaries, adverbs, "to" and markers before the verb.
    std::size_t group = verb;
    while (group > floor) {
        // A phrase that ends where the group starts: "is on track to install".
        std::size_t phrase_start = no_token;
        for (const Cue cue : std::initializer_list<Cue>{"planned", "procured", "not_governing", "in_service"}) {
            phrase_start = std::min(phrase_start, phrase_ending(group, cue, floor));
        }
        if (phrase_start != no_token) {
            group = phrase_start;
            continue;
        }
        const std::size_t k = group - 1;
        const bool part = aux(k) || adverb(k) || is_word(tokens_[k], "to");
        if (!part) break;
        group = k;
    }
    group = future_across_time(group, floor);
    Governed result;
    result.found = true;
    // "will be built around Blackwell and feature the GB200 NVL72": a verb joined by "and"
    // shares the group of the verb before it, unless it has its own ("... and will have 300,000").
    if (!coordinated_ && group == verb && group > floor &&
        (is_word(tokens_[group - 1], "and") || is_word(tokens_[group - 1], "or")) && phrase(verb, "in_service")) {
        const auto [first, first_end] = verb_back(group - 1, floor, group - 1);
        if (first != no_token) {
            coordinated_ = true;
            const Governed shared = verb_group(first, first_end, floor, group - 1);
            coordinated_ = false;
            if (shared.modality == Modality::planned || shared.modality == Modality::procured) return shared;
        }
    }
    // The verb nearest the figure decides what governs it; a future before a verb of use
    // says nothing of the figure: "will be used to train on 10,000 GPUs".
    for (std::size_t k = verb; k < verb_end; ++k) {
        const std::size_t length = phrase(k, "not_governing");
        if (length == 0) continue;
        if (!copula_governs(k, length, figure_start)) {
            result.silent = true;
            return result;
        }
    }
    std::size_t planned_at = no_token, procured_at = no_token;
    for (std::size_t k = group; k < verb_end; ++k) {
        if (planned_at == no_token && phrase(k, "planned")) planned_at = k;
        if (procured_at == no_token && phrase(k, "procured")) procured_at = k;
    }
    // "has agreed to buy": a procurement phrase that holds the verb outweighs the "to" in it.
    const bool procured_holds_verb =
        procured_at != no_token && procured_at <= verb && procured_at + phrase(procured_at, "procured") >= verb_end;
    if (planned_at != no_token && !(procured_holds_verb && planned_at >= procured_at)) {
        result.modality = Modality::planned;
        result.from = planned_at;
        result.to = std::max(verb_end, planned_at + phrase(planned_at, "planned"));
    } else if (procured_at != no_token) {
        result.modality = Modality::procured;
        result.from = procured_at;
        result.to = std::max(verb_end, procured_at + phrase(procured_at, "procured"));
    } else if (verb > floor && is_word(tokens_[verb - 1], "to") && is(verb, "purpose_verbs") && !aux(verb) &&
               !(verb >= 2 && is(verb - 2, "able"))) {
        // "to deploy 20,000 GPUs", "raised funds to build": a purpose, not a fact. A verb that
        // makes a cluster, not one that uses one ("10 days to train on 512 GPUs").
        result.modality = Modality::planned;
        result.from = verb - 1;
        result.to = verb_end;
    } else {
        result.modality = Modality::in_service;
        result.from = group;
        result.to = verb_end;
    }
    return result;
}

// "will by the end of 2027 deploy", "将于2027年部署", "将在2027年底前部署": a future, then a time,
// then its verb. Where the group starts, the future's start if one stands before the time.
std::size_t Reading::future_across_time(std::size_t group, std::size_t floor) const {
    std::size_t k = group;
    bool dated = false;
    while (k > floor && group - k < 8) {
        const std::size_t at = k - 1;
        const bool time = year_of(at) || is(at, "date_parts");
        if (!time && !is(at, "until") && !is(at, "starting") && !is(at, "prepositions") && !is(at, "determiners") &&
            !is_word(tokens_[at], "of")) {
            break;
        }
        dated = dated || time;
        k = at;
    }
    if (!dated || k == group) return group;
    const std::size_t future = phrase_ending(k, "planned", floor);
    return future == no_token ? group : future;
}

bool Reading::subject_doing(std::size_t from, std::size_t end) const {
    std::size_t k = from;
    while (k < end && (aux(k) || adverb(k))) {
        // "be able", "be used"; "will be retired in 2027" (what becomes of GPUs that are there)
        if (phrase(k, "subject_doings") || phrase(k, "not_governing")) return true;
        ++k;
    }
    return k < end && (phrase(k, "subject_doings") > 0 || phrase(k, "not_governing") > 0);
}

bool Reading::predicate_plan(std::size_t group, std::size_t planned_at, std::size_t end) const {
    bool copula = false;
    for (std::size_t k = group; k < planned_at; ++k) {
        if (!(aux(k) || adverb(k))) return false;
        copula = copula || aux(k);
    }
    const std::size_t after = planned_at + phrase(planned_at, "planned");
    // "are expected to deliver": an infinitive follows, the plan is its verb's.
    if (!copula || after > end || is_word(tokens_[after - 1], "to")) return false;
    return after == end || !verb_start(after);
}

bool Reading::possessed(std::size_t phrase_begin) const {
    // "its 10,000 GPUs", "the system's 4,096 GPUs", "seine 4.000 GPUs"
    if (phrase_begin == 0) return false;
    const std::size_t k = phrase_begin - 1;
    if (is(k, "possessives")) return true;
    return k >= 2 && (tokens_[k - 1].text == "'" || tokens_[k - 1].text == "’") && is_word(tokens_[k], "s");
}

bool Reading::copula_governs(std::size_t at, std::size_t length, std::size_t figure_start) const {
    const bool copula = is(at, "copulas");
    if (!copula || length < 2) return false;
    for (std::size_t k = at + length; k < figure_start; ++k) {
        if (tokens_[k].text == ",") return false;
    }
    return true;
}

std::optional<Reading::Governed> Reading::governed_right_after(std::size_t phrase_end, std::size_t end) const {
    Governed result;
    std::size_t adjacent = phrase_end;
    if (adjacent + 1 < end && tokens_[adjacent].text == "(") ++adjacent;  // "65 MW (Proj)"
    // "the 416 A100 GPUs remaining from the old configuration": there already.
    if (const std::size_t length = phrase(adjacent, "existing")) {
        return Governed{true, Modality::in_service, adjacent, adjacent + length, true};
    }
    for (const Cue cue : {Cue("planned"), Cue("procured")}) {
        if (const std::size_t length = phrase(adjacent, cue)) {
            // "its 10,000 GPUs will deliver 2 exaflops": the figure is the subject of what the
            // machine will do, which says nothing of whether the GPUs are there.
            if (cue == "planned" && subject_doing(adjacent + length, end)) {
                result.found = result.silent = true;
                result.from = result.to = adjacent;
                return result;
            }
            result.found = result.adjacent = true;
            result.modality = cue == "planned" ? Modality::planned : Modality::procured;
            result.from = adjacent;
            result.to = adjacent + length;
            return result;
        }
    }
    return std::nullopt;
}

bool Reading::ends_relative_clause(std::size_t phrase_begin, std::size_t phrase_end) const {
    if (phrase_end >= tokens_.size() || tokens_[phrase_end].text != ",") return false;
    for (std::size_t k = phrase_begin; k > clause_[phrase_begin]; --k) {
        if (tokens_[k - 1].text == ",") return is(k, "relative_pronouns");
    }
    return false;
}

std::size_t Reading::past_aside(std::size_t at, std::size_t end) const {
    if (at >= end) return no_token;
    const std::string& open = tokens_[at].text;
    const std::string close = open == "(" ? ")" : open;
    if (open != "," && open != "(" && open != "–" && open != "—") return no_token;
    for (std::size_t k = at + 1; k < std::min(end, at + 20); ++k) {
        const Token& token = tokens_[k];
        // A figure inside makes it a list ("10,000 GPUs, 500 nodes, ..."), not an aside.
        if (token.kind == Kind::number || token.text == "." || token.text == ";") return no_token;
        if (token.text != close) continue;
        if (k == at + 1) return no_token;
        std::size_t verb = k + 1;
        while (verb < end && adverb(verb)) ++verb;
        return verb < end && verb_start(verb) ? k + 1 : no_token;
    }
    return no_token;
}

Reading::Governed Reading::governed_after(std::size_t phrase_end, std::size_t end, std::size_t reach, bool object) const {
    // "We are talking about 30,000 GPUs, which are to be spread over five centres": a relative
    // clause on the object's own noun says what becomes of it, when that is still to come.
    if (object && phrase_end + 2 < end && tokens_[phrase_end].text == "," && is(phrase_end + 1, "relative_pronouns")) {
        const Governed relative = governed_by_verb_after(phrase_end + 2, end, reach, false);
        if (relative.found && !relative.silent &&
            (relative.modality == Modality::planned || relative.modality == Modality::procured)) {
            return relative;
        }
    }
    // "adds 16,384 GPUs, expected in the second half of the year": a participle of a plan right
    // after the noun says when the figure comes (not "expected to double", which may be the
    // machine's).
    if (phrase_end + 2 < end && tokens_[phrase_end].text == "," && phrase(phrase_end + 1, "planned") == 1) {
        const std::size_t next = phrase_end + 2;
        if (is(next, "prepositions") && !is_word(tokens_[next], "to"))
            return {true, Modality::planned, phrase_end + 1, next, false};
    }
    const Governed result = governed_by_verb_after(phrase_end, end, reach, object);
    // "runs 6,000 GPUs that it bought in 2023": a purchase the object's own clause says its owner
    // made is its history, and the verb before stands (not "GPUs that have been ordered").
    if (object && result.found && result.modality == Modality::procured) {
        const std::size_t subject =
            phrase_end + (phrase_end < end && (is(phrase_end, "relative_pronouns") || is_word(tokens_[phrase_end], "that")));
        if (subject < end && is(subject, "subject_pronouns")) return {};
    }
    // "The 10,000 GPUs that were ordered in 2023 are now installed": the order of a relative
    // clause gives way to the sentence's own verb after it, when that says the GPUs are there.
    // (Or a participle right after the noun: "The 6,144 GPUs purchased in 2023 have been running since January".)
    const bool relative =
        phrase_end < end &&
        (is(phrase_end, "relative_pronouns") || is_word(tokens_[phrase_end], "that") ||
         (result.found && result.modality == Modality::procured && result.from == phrase_end && !aux(phrase_end)));
    if (object || !relative || !result.found || result.modality == Modality::in_service) return result;
    for (std::size_t k = result.to; k < std::min(end, result.to + 8); ++k) {
        if ((tokens_[k].kind == Kind::number && !year_of(k)) || tokens_[k].text == ",") break;
        // (A going live with no auxiliary: "The 4,000 GPUs ordered in 2023 went live last month". A
        // verb of two words or more, not a noun of one after an article: "for the production cluster".)
        const std::size_t live = phrase(k, "live");
        const bool noun =
            is(k - 1, "articles") || is(k - 1, "determiners") || is(k - 1, "possessives") || is(k - 1, "prepositions");
        if (live >= 2 && !noun && !phrase(k, "planned") && !is_word(tokens_[k - 1], "to") &&
            !future_year_after(k + live, clause_end(k))) {
            return {true, Modality::in_service, k, k + live, false};
        }
        if (!aux(k)) continue;
        std::size_t verb = k;
        bool to_come = false;  // "... will be installed next year" is no going live yet
        for (; verb < end && (aux(verb) || adverb(verb)); ++verb) to_come = to_come || phrase(verb, "planned");
        if (to_come) break;
        if (verb < end && phrase(verb, "in_service") && !phrase(verb, "planned") && !phrase(verb, "procured")) {
            return {true, Modality::in_service, k, verb + phrase(verb, "in_service"), false};
        }
        break;
    }
    return result;
}

Reading::Governed Reading::governed_by_verb_after(std::size_t phrase_end, std::size_t end, std::size_t reach, bool object) const {
    Governed result;
    if (phrase_end >= end) return result;
    if (const auto adjacent = governed_right_after(phrase_end, end)) return *adjacent;
    std::size_t i = phrase_end;
    // "10,000 GPUs, which come from Nvidia, will be installed": the aside is said of the figure
    // in passing, and the sentence's verb after it governs the figure.
    if (const std::size_t resume = object ? no_token : past_aside(phrase_end, end); resume != no_token) {
        if (const auto adjacent = governed_right_after(resume, end)) return *adjacent;
        i = resume;
    }
    std::size_t skipped = 0;
    bool comma = false;
    while (i < end && !verb_start(i)) {
        if (tokens_[i].text == ",") comma = true;
        if (tokens_[i].kind == Kind::number || ++skipped > reach) return result;
        // An object's clause ends at a conjunction or a comma: "reached ~470 MW, contracted power rose".
        if (object &&
            (is_word(tokens_[i], "and") || is_word(tokens_[i], "but") || is_word(tokens_[i], "or") || tokens_[i].text == ",")) {
            return result;
        }
        ++i;
    }
    if (i >= end) return result;
    const std::size_t group = i;
    std::size_t planned_at = no_token, procured_at = no_token, arrival_at = no_token, service_at = no_token;
    std::size_t k = i;
    while (k < end) {
        const std::size_t p = phrase(k, "planned"), q = phrase(k, "procured"), a = phrase(k, "arrival"),
                          s = phrase(k, "in_service"), n = phrase(k, "not_governing");
        if (n) {
            // "will remain", "will be used": the figure is there, and nothing more is said of it.
            result.found = result.silent = true;
            result.from = result.to = group;
            return result;
        }
        if (p && planned_at == no_token) planned_at = k;
        // "that they're putting up", "being installed": the plan says what becomes of the figure.
        if (p && arrival_at == no_token) {
            const std::string& last = tokens_[k + p - 1].text;
            if ((last.size() > 4 && last.ends_with("ing")) || is(k + p - 1, "done")) {
                arrival_at = k;
            }
        }
        if (q && procured_at == no_token) procured_at = k;
        if (a && arrival_at == no_token) arrival_at = k;
        if (s && service_at == no_token) service_at = k;
        const std::size_t step = std::max({p, q, a, s, std::size_t{0}});
        if (step > 0) {
            k += step;
            continue;
        }
        if (aux(k) || adverb(k) || is_word(tokens_[k], "to")) {
            ++k;
            continue;
        }
        break;
    }
    result.from = group;
    result.to = k;
    if (planned_at != no_token) {
        // After a comma the figure stood in a fronted phrase, and the clause's future is its
        // too when the verb is one of having: "Alongside the 20,736 B200 GPUs, Ceiba will boast".
        const bool fronted = comma && !object && service_at != no_token;
        if (arrival_at == no_token && procured_at == no_token && !fronted && !predicate_plan(group, planned_at, end)) return {};
        result.found = true;
        result.modality = Modality::planned;
    } else if (procured_at != no_token) {
        result.found = true;
        result.modality = Modality::procured;
    } else if (arrival_at != no_token && service_at == no_token && arrives_later(arrival_at)) {
        // "3,000 GPUs are arriving in the third quarter": on the way, not there.
        result.found = true;
        result.modality = Modality::planned;
    } else if (service_at != no_token || arrival_at != no_token) {
        result.found = true;
        result.modality = Modality::in_service;
    }
    return result;
}

// Japanese and Korean end a sentence with its verb and what qualifies it: "GPU 4,000基を搭載する
// 予定だ", "GPU 8496개 등을 탑재해 ... 것으로 기대된다". A plan or an order in CJK words after the
// figure governs it, up to the end of its clause: in Chinese, which puts its verb first, up to a
// comma ("2000 块 GPU，计划明年扩展"); in Japanese and Korean, up to a comma or another figure once a
// verb of its own has been passed ("4,000基を搭載しており、来年8,000基を追加する予定だ").
Reading::Governed Reading::verb_final(std::size_t phrase_end, std::size_t clause_end_at) const {
    bool verb_last = false;
    bool own_verb = false;
    for (std::size_t k = phrase_end; k < clause_end_at; ++k) {
        const Token& token = tokens_[k];
        const bool comma = comma_at(k);
        // (A verb's bare stem before the comma, "搭載し、", goes on into the next clause, whose end
        // is its own too: "1万基を搭載し、処理能力を高める方針だ".)
        if (comma && own_verb && verb_last && k > phrase_end && is_word(tokens_[k - 1], "し")) {
            own_verb = false;
            continue;
        }
        if ((comma && (!verb_last || own_verb)) || (own_verb && token.kind == Kind::number && !year_of(k))) return {};
        if (token.kind != Kind::word || !quote_tokens::is_cjk(quote_tokens::first_code_point(token.text))) continue;
        verb_last = verb_last || quote_tokens::verb_final_script(quote_tokens::first_code_point(token.text));
        for (const Cue cue : {Cue("planned"), Cue("procured")}) {
            if (const std::size_t length = phrase(k, cue)) {
                return {true, cue == "planned" ? Modality::planned : Modality::procured, k, k + length, false};
            }
        }
        // (A verb of running is the figure's own too: "1만 장이 가동되고 있으며, 2028년에는 ... 계획이다".)
        own_verb = own_verb || phrase(k, "in_service") > 0 || phrase(k, "live") > 0;
    }
    // Turkish and Hindi put the verb last too, and German its participle: a plan or an order that
    // ends the clause, with no figure or comma between, governs the figure ("10.000 GPU'ya sahip
    // olacak").
    std::size_t last = clause_end_at;
    while (last > phrase_end && tokens_[last - 1].kind == Kind::punct) --last;
    for (std::size_t k = phrase_end; k < last; ++k) {
        // (A year may stand before the verb: "ist für 2026 geplant".)
        if ((tokens_[k].kind == Kind::number && !year_of(k)) || tokens_[k].text == ",") return {};
        for (const Cue cue : {Cue("planned"), Cue("procured")}) {
            if (const std::size_t length = phrase(k, cue); length > 0 && k + length == last) {
                return {true, cue == "planned" ? Modality::planned : Modality::procured, k, last, false};
            }
        }
    }
    return {};
}

bool Reading::arrives_later(std::size_t arrival) const {
    const std::string& word = tokens_[arrival + phrase(arrival, "arrival") - 1].text;
    return word.size() > 4 && word.ends_with("ing");
}

void Reading::deny_procurement(Governed& governing) const {
    if (!governing.found || governing.modality != Modality::procured) return;
    // The negation in the words or a few words of the verb group before ("aún no se han encargado"). (Not
    // the procurement's own words, "awaiting installation", nor a plan changed since: "initially ordered".)
    const auto denial = [&](std::size_t k) { return phrase(k, "negation") && !phrase(k, "procured") && !is(k, "earlier"); };
    std::size_t negation = no_token;
    for (std::size_t k = governing.from; negation == no_token && k < governing.to; ++k) {
        if (denial(k)) negation = k;
    }
    for (std::size_t k = governing.from; negation == no_token && k > clause_[governing.from] && k + 4 > governing.from; --k) {
        if (tokens_[k - 1].kind != Kind::word) break;
        if (denial(k - 1)) negation = k - 1;
    }
    if (negation == no_token) return;
    governing.modality = Modality::planned;
    governing.from = std::min(governing.from, negation);
}

}  // namespace gpuclusters::rules::reading
