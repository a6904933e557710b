// What a figure counts: the noun phrase after it ("4,000 NVIDIA H100 GPUs"), a label before it
// ("GPUs: 4,000"), and the holder it counts per ("8 GPUs per node").
#include <algorithm>
#include <array>

#include "gpuclusters/model/text.hpp"
#include "rules/quote_reading.hpp"

namespace gpuclusters::rules::reading {

namespace {

// What a model named alone counts: its package ("320k GB300s" may be superchips).
Unit unit_of_package(const model::GpuModel& model) {
    return model.package == "superchip" ? Unit::superchip
           : model.package == "apu"     ? Unit::apu
           : model.package == "module"  ? Unit::module
                                        : Unit::gpu;
}

}  // namespace

void Reading::read_noun(Figure& figure) const {
    const std::size_t i = figure.at;
    Quantity& quantity = figure.quantity;
    Noun noun = noun_after(figure.end);
    // "10,000 or so GPUs": the words of an estimate between the figure and its noun.
    if (const std::size_t words = figure.end < figure.clause_end ? phrase(figure.end, "approximate_after") : 0;
        noun.unit == Unit::none && !noun.model && words > 0) {
        noun = noun_after(figure.end + words);
    }
    if (noun.unit == Unit::none && !noun.model) {
        std::tie(noun.unit, figure.label_start) = label_before(i);
        // "H200 GPU 6400장", "H100 GPUs: 4,000": a model's name just before the label is the
        // figure's model.
        for (std::size_t k = figure.label_start; noun.unit != Unit::none && k > clause_[i] && k + 3 > figure.label_start; --k) {
            const auto& [named, length] = models_[k - 1];
            if (!named || k - 1 + length != figure.label_start) continue;
            noun.model = named;
            figure.label_start = k - 1;
            break;
        }
        // "H100を96基", "H100: 96", "A100 256장": a model alone as the label, a particle or a colon
        // between, or a counter after the figure.
        const bool marked = i > clause_[i] && (is(i - 1, "label_words") || tokens_[i - 1].text == ":");
        const bool counted = tokens_[i].counted || (figure.end < tokens_.size() && is(figure.end, "counters"));
        if (noun.unit == Unit::none && i >= clause_[i] + (marked ? 2 : 1) && (marked || counted)) {
            const std::size_t label_end = marked ? i - 1 : i;
            for (std::size_t k = label_end; k > clause_[i] && k + 4 > label_end; --k) {
                const auto& [named, length] = models_[k - 1];
                if (!named || k - 1 + length != label_end) continue;
                noun.model = named;
                noun.from_model = true;
                noun.unit = unit_of_package(*named);
                figure.label_start = k - 1;
                break;
            }
        }
        // "Nb GPU par noeud | 4", "GPUs per node: 8", "GPU's per node | 8": a label of GPUs per
        // holder.
        const std::size_t start = figure.label_start;
        if (is_holder(noun.unit) && start >= clause_[i] + 2 && (is(start - 1, "per_words") || tokens_[start - 1].text == "/")) {
            std::size_t gpus = start - 2;
            const bool plural_s = tokens_[gpus].text == "s" && !tokens_[gpus].space_before && gpus >= clause_[i] + 2 &&
                                  (tokens_[gpus - 1].text == "'" || tokens_[gpus - 1].text == "\u2019");
            if (plural_s) gpus -= 2;
            if (unit_at(gpus) == Unit::gpu) {
                noun.per = noun.unit;
                noun.unit = Unit::gpu;
                figure.label_start = gpus;
            }
        }
    }
    // "The H100 cluster has 10,000 GPUs": GPUs named with no model are the machine's.
    if (noun.unit == Unit::gpu && !noun.model) noun.model = machine_model(i);
    // ("DGX H100 64대", "DGX H100: 32": a label of a DGX or HGX counts servers of the model's
    // GPUs, not GPUs.)
    bool servers = false;
    for (std::size_t at = figure.label_start > clause_[i] ? figure.label_start - 1 : figure.label_start; at < i; ++at) {
        const std::string word = text::lower_ascii(tokens_[at].text);
        if (word == "dgx" || word == "hgx") servers = noun.end <= figure.end + 1;
        // (Not when a noun names the GPUs: "NVIDIA DGX H100 GPUs: 512".)
        if (servers && unit_at(at) == Unit::gpu && !models_[at].first) servers = false;
    }
    if (servers && (noun.unit == Unit::gpu || noun.unit == Unit::none)) noun.unit = Unit::node;
    quantity.unit = noun.unit;
    quantity.model = noun.model;
    quantity.unit_from_model = noun.from_model;
    if (noun.end > figure.end) {
        quantity.unit_words = std::string(
            text::trim(quote_.substr(tokens_[figure.end].begin, tokens_[noun.end - 1].end - tokens_[figure.end].begin)));
        figure.phrase_end = noun.end;
    }
    if (tokens_[i].kind == Kind::number && tokens_[i].times && quantity.unit == Unit::none) quantity.unit = Unit::gpu;
    quantity.per = noun.per != Unit::none ? noun.per : per_unit(figure.phrase_end, i, figure.clause_end);
    figure.noun_end = noun.end;
}

const model::GpuModel* Reading::machine_model(std::size_t i) const {
    // (Not across another figure or a comma: "Unlike the A100 cluster, the new system has 10,000 GPUs".)
    const model::GpuModel* machine = nullptr;
    for (std::size_t k = clause_[i]; k < i; ++k) {
        if (const auto& [named, length] = models_[k]; named) {
            // (Or after its noun, as the Romance languages write it: "El clúster H100 tiene".)
            if ((k + length < i && is(k + length, "machine_nouns")) || (k > clause_[i] && is(k - 1, "machine_nouns")))
                machine = named;
            k += length - 1;
        } else if ((figure_at(k) && !year_of(k)) || tokens_[k].text == ",") {
            machine = nullptr;
        }
    }
    return machine;
}

Reading::Noun Reading::noun_after(std::size_t from) const {
    Noun noun;
    noun.end = from;
    std::size_t i = from;
    // "240 of those racks", "9,234 of the full 10,624 nodes", "the first 1,000 of 4,000 GPUs": a
    // part of what the noun counts.
    if (i + 2 < tokens_.size() && is_word(tokens_[i], "of") &&
        (is(i + 1, "determiners") || tokens_[i + 1].kind == Kind::number)) {
        std::size_t k = i + 2;
        while (k < std::min(tokens_.size(), i + 5) && unit_named_at(k) == Unit::none && !models_[k].first) ++k;
        // ("5,000 of the planned 20,000 GPUs": the noun is the planned whole's too, which stays a
        // figure of its own.)
        bool planned_whole = false;
        for (std::size_t w = i + 2; w + 1 < std::min(k, tokens_.size()); ++w) {
            planned_whole = planned_whole || ((phrase(w, "planned") || is(w, "prospective_adjectives")) && figure_at(w + 1));
        }
        if (planned_whole && unit_named_at(k) != Unit::none) {
            noun.unit = unit_named_at(k);
            return noun;
        }
        if (k < tokens_.size() && (unit_named_at(k) != Unit::none || models_[k].first)) i = k;
    }
    const std::size_t limit = std::min(tokens_.size(), from + noun_reach);
    // "another 4,000 next year", "added 4,000 last year": a time right after the figure is none of its noun.
    if (i == from && i + 1 < tokens_.size() && tokens_[i].kind == Kind::word && unit_at(i) == Unit::none &&
        (phrase(i, "future_time") || is(i + 1, "time_spans"))) {
        return noun;
    }
    while (i < limit) {
        const Token& token = tokens_[i];
        if (token.clause_start && i > from) break;
        // "Nodes: 640 Processors: 2x32": a word before a colon labels the next figure.
        if (i + 2 < tokens_.size() && tokens_[i + 1].text == ":" && tokens_[i].kind == Kind::word &&
            tokens_[i + 2].kind == Kind::number) {
            break;
        }
        // "3套万卡": another figure, a Han scale alone, begins the next phrase.
        if (lone_han_scale(i)) break;
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
        noun.unit = unit_of_package(*noun.model);
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
    // "10.000 KI-Prozessoren", "AI processors", "processeurs spécialisés dans l'accélération":
    // accelerators.
    const bool processors = is(i, "processor_nouns") &&
                            (noun.unit == Unit::gpu || noun.model || (i >= 1 && is(i - 1, "ai_words")) || ai_after(i + 1));
    if (processors) {
        noun.end = i + 1;
        return i + 1;
    }
    // "4,096 memory modules", "50 container modules": modules of something else than GPUs.
    if (noun.unit == Unit::other && unit == Unit::module) {
        noun.end = i + 1;
        return i + 1;
    }
    // "a 500 MW system", "the 20-MW machine", "a 2 MW cooling plant": the power of what the noun
    // names, not a count of it.
    const auto is_power = [](Unit named) { return counts_power(named) || named == Unit::energy; };
    if (is_power(noun.unit) && (is_holder(unit) || unit == Unit::other) && !is(i, "hours")) {
        noun.end = i + 1;
        return std::nullopt;
    }
    // "400 serveurs GPU", "1.000 server GPU", "256 nodos GPU": in the Romance languages (and in
    // Vietnamese) the head comes first, and a bare "GPU" after it says what kind of holder it is.
    if (unit == Unit::gpu && is_holder(noun.unit) && noun.end == i && !token.joined && token.text == "gpu") {
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
    if (i == from && token.joined && i + 1 < tokens_.size() && !is_power(unit)) {
        const Unit holder = unit_at(i + 1);
        // (Not a holder of holders, "the 4,096-node system", nor a whole machine a system holds:
        // "a 10K-GPU system" is one, as "an 8-GPU system" is a server.)
        // (The hyphen is gone: the figure is the token before the noun joined to it.)
        const Token& figure = tokens_[from - 1];
        const bool whole =
            is(i + 1, "system_nouns") && figure.kind == Kind::number && !(figure.value <= model::Decimal::whole(64));
        if ((is_holder(holder) || holder == Unit::superchip) && !is_holder(unit) && !whole) {
            noun.per = holder;
            noun.end = i + 2;
        } else if (unit == Unit::gpu && !noun.model && (is(i + 1, "makers") || models_[i + 1].first)) {
            return i + 1;
        }
        return std::nullopt;
    }
    return i + 1;
}

bool Reading::ai_after(std::size_t from) const {
    // A few words of the phrase, no verb or mark but an elision's apostrophe between ("dans l'").
    for (std::size_t k = from; k < std::min(tokens_.size(), from + 5) && !tokens_[k].clause_start; ++k) {
        if (is(k, "ai_words")) return true;
        const bool elision = tokens_[k].text == "'" || tokens_[k].text == "\u2019";
        if ((tokens_[k].kind != Kind::word && !elision) || verb_start(k)) return false;
    }
    return false;
}

std::optional<std::size_t> Reading::number_in_noun(std::size_t i, std::size_t from) const {
    const Token& token = tokens_[i];
    // "1,000 8-GPU servers": the GPUs of each holder, inside the holders' phrase.
    if (i + 2 < tokens_.size() && tokens_[i + 1].joined && unit_at(i + 1) == Unit::gpu) {
        if (is_holder(unit_at(i + 2))) return i + 1;
    }
    // "512GB" inside the phrase: a size, not another figure.
    if (i + 1 < tokens_.size() && tokens_[i + 1].joined && tokens_[i + 1].kind == Kind::word && unit_at(i + 1) == Unit::other &&
        i > from) {
        return i + 2;
    }
    // "4,608 IBM Power 10 processors": a number in a name, after a word with its capital; never
    // one of power or energy ("10 hektar serta total kapasitas daya 28 mega watt" holds two
    // figures), nor one after a word of the sentence ("122 hari untuk menampung 100.000 GPU").
    // (Or a few words in brackets before that noun: "AMD Epyc 7742 (Rome) processors".)
    if (i == from || tokens_[i - 1].kind != Kind::word || !tokens_[i - 1].capitalised || is(i - 1, "phrase_stops") ||
        token.grouped || i + 1 >= tokens_.size()) {
        return std::nullopt;
    }
    const std::size_t aside = aside_before_noun(i + 1, std::min(tokens_.size(), from + noun_reach));
    const std::size_t head = aside != no_token ? aside : i + 1;
    const Unit unit = head < tokens_.size() ? unit_at(head) : Unit::none;
    if (unit != Unit::none && !counts_power(unit) && unit != Unit::energy) return i + 1;
    return std::nullopt;
}

std::size_t Reading::aside_before_noun(std::size_t open, std::size_t limit) const {
    if (tokens_[open].text != "(") return no_token;
    for (std::size_t k = open + 1; k < std::min(limit, open + 6); ++k) {
        if (tokens_[k].kind == Kind::number || tokens_[k].text == "(") break;
        if (tokens_[k].text != ")") continue;
        for (std::size_t ahead = k + 1; ahead < std::min(limit, k + 3); ++ahead) {
            const Unit unit = unit_at(ahead);
            if ((unit != Unit::none && unit != Unit::other) || models_[ahead].first) return k + 1;
        }
        break;
    }
    return no_token;
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
    // "Grace Hopper (GH) compute nodes", "Epyc 7742 (opens in new tab) processors": a few words
    // in brackets inside the phrase, when its noun comes after them.
    if (i == from) return std::nullopt;
    if (const std::size_t after = aside_before_noun(i, limit); after != no_token) return after;
    return std::nullopt;
}

std::optional<std::size_t> Reading::word_in_noun(Noun& noun, std::size_t i, std::size_t limit) const {
    if (noun.unit == Unit::none && !noun.model && tokens_[i].text == "of" && i + 1 < limit && is(i + 1, "determiners")) {
        return i + 2;
    }
    // "4 CPU-only nodes": a word glued by a hyphen to the noun before it makes a modifier of both,
    // and the phrase goes on to its head.
    if (tokens_[i].joined && noun.unit != Unit::none && i + 1 < limit && unit_at(i + 1) != Unit::none) return i + 1;
    // "290 MW-ra", "GPU-t": a case ending glued by a hyphen to the noun is the noun's.
    if (tokens_[i].joined && noun.unit != Unit::none && noun.end == i && tokens_[i].text.size() <= 3 && ids_[i] == 0) {
        noun.end = i + 1;
        return i + 1;
    }
    if (is(i, "phrase_stops") || verb_start(i)) return std::nullopt;
    // "4 GPU por nodo", "4 GPUs je Knoten": a count per holder ends at its "per".
    if (noun.unit != Unit::none && is(i, "per_words")) return std::nullopt;
    // After a noun, a word goes on only towards another noun: "H200 Data Center GPUs". Not
    // towards a span of time once the figure has its unit: "20 GPUs last year" (but "GPU compute
    // hours" are hours).
    const bool has_unit = noun.unit != Unit::none;
    bool noun_ahead = false;
    // (A noun after another figure is that figure's: "760 servers carry eight GPUs".)
    for (std::size_t ahead = i + 1; ahead < std::min(tokens_.size(), i + 3) && !figure_at(ahead); ++ahead) {
        const Unit unit = unit_at(ahead);
        if ((unit != Unit::none && !(has_unit && is(ahead, "time_spans"))) || models_[ahead].first) noun_ahead = true;
    }
    if ((noun.unit != Unit::none || noun.model) && !noun_ahead && !is(i, "makers")) return std::nullopt;
    return i + 1;
}

std::pair<Unit, std::size_t> Reading::label_before(std::size_t at) const {
    const std::size_t floor = clause_[at];
    // (A word of a bound right before the figure: "GPU 약 2만 개", "GPUs: about 4,000"; not in a
    // parenthesis, which is an aside of the noun before: "100,000 H100 chips (approximately 15,000";
    // nor a preposition: "10,000 GPUs over 2 phases".)
    const auto bound_word = [&](std::size_t k) {
        const bool bound = phrase(k, "approximate") == 1 || phrase(k, "at_least") == 1 || phrase(k, "at_most") == 1;
        return bound && k + 1 == at && k > floor && tokens_[k - 1].text != "(" && !is(k, "prepositions");
    };
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
                                : is(at - back, "label_words") || bound_word(at - back);
        if (!filler) break;
    }
    // "The number of GPUs is 5,000", "portera le nombre de GPU à 5 000", "the GPU count reached
    // 5,000": the noun a count noun counts, a few words before (not "GPUs per node is 8").
    for (std::size_t k = at; k > floor && k + 9 > at; --k) {
        const std::size_t noun = k - 1;
        if ((figure_at(noun) && !year_of(noun)) || is(noun, "per_words") || comma_at(noun)) break;
        const Unit unit = unit_at(noun);
        if (unit != Unit::none && ((noun >= floor + 2 && is(noun - 2, "count_nouns")) || is(noun + 1, "count_nouns")))
            return {unit, at};
    }
    return {Unit::none, at};
}

bool Reading::product_number(std::size_t i) const {
    // "AMD Opteron 6274", "Intel Xeon 8480": a number after a maker's product is its name.
    const Token& token = tokens_[i];
    return token.kind == Kind::number && i >= 2 && !token.grouped && !token.fraction && tokens_[i - 1].kind == Kind::word &&
           tokens_[i - 1].capitalised && !is(i - 1, "makers") && is(i - 2, "makers");
}

bool Reading::each_of(std::size_t figure) const {
    const std::size_t floor = clause_[figure];
    std::size_t k = figure;
    while (k > floor && (is(k - 1, "determiners") || is(k - 1, "articles") || is(k - 1, "possessives"))) --k;
    return k >= floor + 2 && is(k - 1, "part_of") && is(k - 2, "every");
}

Unit Reading::per_unit(std::size_t noun_end, std::size_t figure, std::size_t clause_end) const {
    std::size_t i = noun_end;
    if (i < clause_end && (is(i, "per_words") || is_word(tokens_[i], "a") || tokens_[i].text == "/")) {
        std::size_t k = i + 1;
        if (k < clause_end && (is_word(tokens_[k], "each") || is_word(tokens_[k], "one"))) ++k;
        // (Slavic "na" is "per" before a holder in the singular, "na uzel", and "on" before one
        // in the locative plural: "2000 GPU na serwerach".)
        const std::string& holder = k < clause_end ? tokens_[k].text : tokens_[i].text;
        const bool locative =
            is_word(tokens_[i], "na") && (holder.ends_with("ach") || holder.ends_with("ech") || holder.ends_with("ích"));
        if (k < clause_end && !locative) {
            const Unit unit = unit_at(k);
            if (is_holder(unit) || unit == Unit::superchip || unit == Unit::module) {
                return unit;
            }
        }
    }
    const std::size_t floor = clause_[figure];
    auto holder_before = [&](std::size_t at) {
        for (std::size_t back = 1; back <= 4 && back <= at - floor; ++back) {
            const Unit unit = unit_at(at - back);
            if (is_holder(unit) || unit == Unit::superchip) return unit;
        }
        // "9,408 nodes with one CPU and four GPUs each": the holder before "with" holds each thing listed.
        for (std::size_t k = at; k > floor + 1 && k + 12 > at && !comma_at(k - 1); --k) {
            if (is(k - 1, "prepositions") && is_holder(unit_at(k - 2))) return unit_at(k - 2);
        }
        return Unit::none;
    };
    // ("four GPUs each"; not "9,472 nodes each carry four MI250X": holders hold what comes next.)
    // (A maker after the noun first: "quattro GPU NVIDIA ciascuno".)
    if (i + 1 < clause_end && is(i, "makers") && is(i + 1, "every")) ++i;
    // (Not a time: "400 GPUs each year".)
    if (i + 1 < clause_end && is(i, "every") && (is(i + 1, "time_spans") || is(i + 1, "date_parts"))) return Unit::none;
    if (i < clause_end && is(i, "every")) return i > figure + 1 && is_holder(unit_at(i - 1)) ? Unit::none : holder_before(figure);
    bool comma = false;
    for (std::size_t back = 1; back <= 12 && back <= figure - floor; ++back) {
        const std::size_t k = figure - back;
        // "each with four GPUs, 1,044 in all": the "each" is the other figure's, spelled or not;
        // "each containing one CPU and one GPU" holds both.
        if (tokens_[k].text == ",") comma = true;
        // (A number in a name is none: "each with two Power9 CPUs and six GPUs".)
        const bool named = product_number(k) || (k > 0 && !tokens_[k].space_before && tokens_[k - 1].kind == Kind::word);
        if (tokens_[k].kind == Kind::number && !named && !comma && each_of(k) && k + 1 < figure) {
            // "Each of the 300 racks holds 72 GPUs": the other figure counts the holders.
            const Unit unit = unit_at(k + 1);
            if (is_holder(unit) || unit == Unit::superchip) return unit;
        }
        if ((tokens_[k].kind == Kind::number && !named) || (comma && impl_.number("spelled_numbers", tokens_[k].text))) break;
        // "four GPUs for each node, with a total of 2,240 GPUs": a total is no count per node.
        if (is(k, "totals")) break;
        if (!is(k, "every")) continue;
        // "4 GPUs je Knoten und 940 Knoten": a "je" after a noun is the earlier figure's "per".
        if (is(k, "per_words") && k > floor && unit_at(k - 1) != Unit::none) break;
        // "9,472 nodes with 4 MI250X each, 37,888 GPUs in total": an "each" that closes a phrase
        // before a comma is the figure's before it.
        if (k + 1 < figure && tokens_[k + 1].text == ",") break;
        if (k + 1 < figure) {
            const Unit unit = unit_at(k + 1);
            if (is_holder(unit) || unit == Unit::superchip) return unit;
        }
        return holder_before(k);
    }
    return Unit::none;
}

}  // namespace gpuclusters::rules::reading
