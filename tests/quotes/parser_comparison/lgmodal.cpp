// lgmodal: link-grammar's reading of quotes of the gpuclusters quote corpus.
// For each row (field gpus_installed or power_mw) it splits the quote into sentences, keeps the
// sentences holding the stored figure, parses them with link-grammar and decides whether a
// modal/future verb governs the figure (through S, O or MV+J links, and the auxiliary chain
// above the verb). One TSV line per kept sentence on stdout; a timing summary on stderr.
//
//   lgmodal [--lang en] [--max-time 2] [--limit 100] [--loose] [--can] [--diagram] CORPUS.tsv > out.tsv
#include <link-grammar/link-includes.h>

#include <algorithm>
#include <chrono>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c == sep) {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// "10,000+" -> 10000; "9,856 x 4" -> 9856; "~21.1" -> 21.1
double first_number(const std::string& v) {
    size_t i = 0;
    while (i < v.size() && !std::isdigit(static_cast<unsigned char>(v[i]))) ++i;
    std::string digits;
    for (; i < v.size(); ++i) {
        char c = v[i];
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.')
            digits += c;
        else if (c == ',')
            continue;
        else
            break;
    }
    return digits.empty() ? -1 : std::stod(digits);
}

bool same(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b)); }

struct Span {
    size_t begin, end;
};

// Byte spans of the figure in text: digits with , . or (nb)space thousands separators, read the
// English and the European way, with a k / thousand / million / тыс / млн / 万 suffix.
std::vector<Span> find_figure(const std::string& t, double value) {
    std::vector<Span> out;
    size_t i = 0;
    auto isd = [&](size_t k) { return k < t.size() && std::isdigit(static_cast<unsigned char>(t[k])); };
    while (i < t.size()) {
        if (!isd(i) || (i > 0 && (isd(i - 1) || std::isalpha(static_cast<unsigned char>(t[i - 1]))))) {
            ++i;
            continue;
        }
        size_t b = i, e = i;
        std::string raw;
        while (e < t.size()) {
            if (isd(e)) {
                raw += t[e++];
            } else if ((t[e] == ',' || t[e] == '.') && isd(e + 1)) {
                raw += t[e++];
            } else if (t[e] == ' ' && isd(e + 1) && isd(e + 2) && isd(e + 3) && !isd(e + 4)) {
                raw += ' ';
                ++e;
            } else if (t.compare(e, 2, "\xC2\xA0") == 0 && isd(e + 2) && isd(e + 3) && isd(e + 4) && !isd(e + 5)) {
                raw += ' ';
                e += 2;
            } else if (t.compare(e, 3, "\xE2\x80\xAF") == 0 && isd(e + 3)) {
                raw += ' ';
                e += 3;
            } else {
                break;
            }
        }
        // interpretations
        std::vector<double> vals;
        auto num = [](const std::string& s) { return s.empty() ? -1.0 : std::stod(s); };
        {  // English: , and space thousands, . decimal
            std::string s;
            for (char c : raw)
                if (c != ',' && c != ' ') s += c;
            if (std::count(s.begin(), s.end(), '.') <= 1) vals.push_back(num(s));
        }
        {  // European: . and space thousands, , decimal
            std::string s;
            for (char c : raw) {
                if (c == '.' || c == ' ') continue;
                s += (c == ',') ? '.' : c;
            }
            if (std::count(s.begin(), s.end(), '.') <= 1) vals.push_back(num(s));
        }
        // suffix
        size_t k = e;
        while (k < t.size() && t[k] == ' ') ++k;
        std::string rest = lower(t.substr(k, 12));
        double mult = 1;
        size_t suf_end = e;
        struct S {
            const char* w;
            double m;
            bool attached_ok;
        };
        for (S s : {S{"k", 1e3, true}, S{"thousand", 1e3, true}, S{"million", 1e6, true}, S{"m ", 1e6, true}, S{"тыс", 1e3, true},
                    S{"млн", 1e6, true}, S{"\xE4\xB8\x87", 1e4, true}, S{"mil ", 1e3, true}, S{"gw", 1e3, true},
                    S{"gigawatt", 1e3, true}}) {
            if (rest.rfind(s.w, 0) == 0) {
                size_t after = k + std::strlen(s.w);
                bool word_end = std::strlen(s.w) >= 3 || after >= t.size() || !std::isalpha(static_cast<unsigned char>(t[after]));
                if (word_end) {
                    mult = s.m;
                    suf_end = k + std::strlen(s.w);
                }
                break;
            }
        }
        bool hit = false;
        for (double v : vals)
            if (same(v, value)) hit = true;
        if (!hit && mult != 1)
            for (double v : vals)
                if (same(v * mult, value)) hit = true, e = suf_end;
        if (hit) out.push_back({b, e});
        i = std::max(e, i + 1);
    }
    return out;
}

// Spelled-out figures: "twenty thousand", "a million", "five megawatts", "one-gigawatt".
void find_spelled(const std::string& t, double value, std::vector<Span>& out) {
    static const std::vector<std::pair<std::string, double>> small = {
        {"one", 1},      {"two", 2},     {"three", 3},   {"four", 4},   {"five", 5},    {"six", 6},
        {"seven", 7},    {"eight", 8},   {"nine", 9},    {"ten", 10},   {"eleven", 11}, {"twelve", 12},
        {"fifteen", 15}, {"twenty", 20}, {"thirty", 30}, {"forty", 40}, {"fifty", 50},  {"sixty", 60},
        {"seventy", 70}, {"eighty", 80}, {"ninety", 90}, {"a", 1}};
    static const std::vector<std::pair<std::string, double>> big = {
        {"hundred", 100}, {"thousand", 1e3}, {"million", 1e6}, {"billion", 1e9}};
    struct W {
        std::string w;
        size_t b, e;
    };
    std::vector<W> words;
    for (size_t i = 0; i < t.size();) {
        if (std::isalpha(static_cast<unsigned char>(t[i]))) {
            size_t b = i;
            while (i < t.size() && std::isalpha(static_cast<unsigned char>(t[i]))) ++i;
            words.push_back({lower(t.substr(b, i - b)), b, i});
        } else {
            ++i;
        }
    }
    auto lookup = [](const auto& table, const std::string& w) -> double {
        for (auto& [k, v] : table)
            if (k == w) return v;
        return -1;
    };
    for (size_t i = 0; i < words.size(); ++i) {
        double cur = lookup(small, words[i].w);
        if (cur < 0) continue;
        if (words[i].w == "a" && (i + 1 >= words.size() || lookup(big, words[i + 1].w) < 0)) continue;
        double total = 0;
        size_t j = i + 1;
        for (; j < words.size(); ++j) {
            double s = lookup(small, words[j].w), g = lookup(big, words[j].w);
            if (g > 0) {
                cur *= g;
                if (g >= 1e3) total += cur, cur = 0;
            } else if (s > 0 && words[j].w != "a") {
                cur += s;
            } else {
                break;
            }
        }
        total += cur;
        size_t e = words[j - 1].e;
        bool hit = same(total, value);
        if (!hit && j < words.size() && (words[j].w == "gigawatt" || words[j].w == "gigawatts" || words[j].w == "gw") &&
            same(total * 1e3, value))
            hit = true, e = words[j].e;
        if (hit) out.push_back({words[i].b, e});
        i = j - 1;
    }
}

// Sentences: split after . ! ? followed by a space and an upper-case letter / digit / quote, at
// " ... " (the corpus's cut marker), at ; and at newlines. Spans into the quote.
std::vector<Span> sentences(const std::string& q) {
    std::vector<Span> out;
    size_t start = 0;
    auto push = [&](size_t b, size_t e) {
        while (b < e && (q[b] == ' ' || q[b] == '.')) ++b;
        while (e > b && q[e - 1] == ' ') --e;
        if (e > b) out.push_back({b, e});
    };
    for (size_t i = 0; i < q.size(); ++i) {
        if (q.compare(i, 5, " ... ") == 0) {
            push(start, i);
            start = i + 5;
            i += 4;
            continue;
        }
        if (q.compare(i, 3, "\xE2\x80\xA6") == 0) {  // …
            push(start, i);
            start = i + 3;
            i += 2;
            continue;
        }
        char c = q[i];
        if (c == '\n' || c == ';') {
            push(start, i);
            start = i + 1;
            continue;
        }
        if ((c == '.' || c == '!' || c == '?') && i + 2 < q.size() && q[i + 1] == ' ') {
            unsigned char n = static_cast<unsigned char>(q[i + 2]);
            bool abbrev = i >= 1 && std::isupper(static_cast<unsigned char>(q[i - 1])) &&
                          (i < 2 || !std::isalpha(static_cast<unsigned char>(q[i - 2])) || q[i - 2] == '.');
            bool lower_cyr = (n == 0xD0 && i + 3 < q.size() && static_cast<unsigned char>(q[i + 3]) >= 0xB0) || n == 0xD1;
            if (!abbrev && (std::isupper(n) || n == '"' || (n >= 0x80 && !lower_cyr))) {
                push(start, i + 1);
                start = i + 2;
            }
        }
        // CJK full stop
        if (q.compare(i, 3, "\xE3\x80\x82") == 0) {
            push(start, i + 3);
            start = i + 3;
        }
    }
    push(start, q.size());
    return out;
}

std::string bare(const char* w) {  // "will.v" -> "will", "10,000[!]" -> "10,000"
    std::string s(w ? w : "");
    size_t p = s.find('[');
    if (p != std::string::npos && p > 0) s = s.substr(0, p);
    p = s.rfind('.');
    if (p != std::string::npos && p > 0 && p + 1 < s.size() && std::isalpha(static_cast<unsigned char>(s[p + 1])) &&
        s.size() - p <= 8)
        s = s.substr(0, p);
    return lower(s);
}

bool starts(const char* label, const char* prefix) { return std::strncmp(label, prefix, std::strlen(prefix)) == 0; }

struct Options {
    bool loose = false;  // "with"/"including"/"featuring" attach a figure to the noun before it
    bool can = false;    // "can" counts as modal
};

const std::set<std::string> kModal = {
    "will",      "would",  "shall", "could",   "may",      "might",  "should",   "'ll",      "expected",  "expect",     "expects",
    "expecting", "plan",   "plans", "planned", "planning", "intend", "intends",  "intended", "aim",       "aims",       "aiming",
    "scheduled", "slated", "set",   "going",   "due",      "poised", "upcoming", "future",   "projected", "anticipated"};

struct Reading {
    bool modal = false;
    bool linked = false;  // the figure is a linked word of the linkage
    std::string why;      // the chain of words that decided
};

Reading classify(Linkage lk, const std::vector<size_t>& fig_words, const Options& opt) {
    const size_t nl = linkage_get_num_links(lk);
    Reading r;
    std::set<size_t> np(fig_words.begin(), fig_words.end());
    for (size_t w : fig_words)
        for (size_t l = 0; l < nl; ++l)
            if (linkage_get_link_lword(lk, l) == w || linkage_get_link_rword(lk, l) == w) r.linked = true;
    if (!r.linked) return r;
    auto word = [&](size_t w) { return bare(linkage_get_word(lk, w)); };
    // 1. the noun phrase of the figure
    bool grew = true;
    while (grew) {
        grew = false;
        for (size_t l = 0; l < nl; ++l) {
            const char* lab = linkage_get_link_label(lk, l);
            size_t a = linkage_get_link_lword(lk, l), b = linkage_get_link_rword(lk, l);
            bool in_a = np.count(a), in_b = np.count(b);
            if (in_a == in_b) continue;
            size_t other = in_a ? b : a;
            bool np_link = starts(lab, "D") || starts(lab, "AN") || starts(lab, "A") || starts(lab, "G") || starts(lab, "NM") ||
                           starts(lab, "NN") || starts(lab, "ND") || starts(lab, "NI") || starts(lab, "EN") ||
                           starts(lab, "EC") || starts(lab, "EZ") || starts(lab, "YS") || starts(lab, "YP") ||
                           starts(lab, "NW") || starts(lab, "NS") || starts(lab, "SJ") || starts(lab, "MJ");
            // "a cluster of 10,000 GPUs", "a total of 512": noun -M- of -J- figure
            if (!np_link && starts(lab, "J") && in_b) {
                std::string p = word(a);
                if (p == "of" || (opt.loose && (p == "with" || p == "including" || p == "featuring"))) {
                    for (size_t m = 0; m < nl; ++m) {
                        const char* ml = linkage_get_link_label(lk, m);
                        if (linkage_get_link_rword(lk, m) == a && (starts(ml, "M") && !starts(ml, "MX"))) {
                            size_t noun = linkage_get_link_lword(lk, m);
                            if (!np.count(noun)) {
                                np.insert(noun);
                                grew = true;
                            }
                        }
                    }
                }
                continue;
            }
            if (np_link) {
                np.insert(other);
                grew = true;
            }
        }
    }
    // 2. the verbs the phrase is the subject or object of, or that an MV preposition ties it to
    std::vector<size_t> verbs;
    std::set<size_t> preps;
    for (size_t l = 0; l < nl; ++l) {
        const char* lab = linkage_get_link_label(lk, l);
        size_t a = linkage_get_link_lword(lk, l), b = linkage_get_link_rword(lk, l);
        if (starts(lab, "S") && !starts(lab, "SI") && !starts(lab, "SF") && !starts(lab, "SJ") && np.count(a)) verbs.push_back(b);
        if (starts(lab, "SI") && np.count(b)) verbs.push_back(a);
        if (starts(lab, "O") && !starts(lab, "ON") && np.count(b)) verbs.push_back(a);
        if (starts(lab, "J") && np.count(b)) preps.insert(a);
        if (starts(lab, "B") && np.count(a)) verbs.push_back(b);
        // "there will be 10,000 GPUs" -> O from be, handled above; "N GPUs to be installed" (TOn/Mg)
        if ((starts(lab, "TO") || starts(lab, "Mv") || starts(lab, "Mg")) && np.count(a)) verbs.push_back(b);
    }
    for (size_t l = 0; l < nl; ++l) {
        const char* lab = linkage_get_link_label(lk, l);
        if ((starts(lab, "MV") || starts(lab, "OF")) && preps.count(linkage_get_link_rword(lk, l)))
            verbs.push_back(linkage_get_link_lword(lk, l));
    }
    // a participle modifying a noun ("a supercomputer powered by 25,000 GPUs"): that noun's verbs;
    // a gerund modifying a verb ("will be built using 10,000 GPUs"): that verb
    for (size_t round = 0; round < 2; ++round) {
        std::set<size_t> nouns;
        for (size_t v : std::vector<size_t>(verbs))
            for (size_t l = 0; l < nl; ++l) {
                const char* lab = linkage_get_link_label(lk, l);
                if (linkage_get_link_rword(lk, l) == v && (starts(lab, "MVg") || starts(lab, "MVi")))
                    verbs.push_back(linkage_get_link_lword(lk, l));
            }
        for (size_t v : verbs)
            for (size_t l = 0; l < nl; ++l) {
                const char* lab = linkage_get_link_label(lk, l);
                if (linkage_get_link_rword(lk, l) == v && (starts(lab, "Mv") || starts(lab, "Mg") || starts(lab, "Ma")))
                    nouns.insert(linkage_get_link_lword(lk, l));
            }
        for (size_t l = 0; l < nl; ++l) {
            const char* lab = linkage_get_link_label(lk, l);
            size_t a = linkage_get_link_lword(lk, l), b = linkage_get_link_rword(lk, l);
            if (starts(lab, "S") && !starts(lab, "SI") && !starts(lab, "SF") && !starts(lab, "SJ") && nouns.count(a))
                verbs.push_back(b);
            if (starts(lab, "O") && !starts(lab, "ON") && nouns.count(b)) verbs.push_back(a);
        }
    }
    // 3. the auxiliary chain above each verb (and across verb coordination: "will build and run")
    for (size_t v : verbs) {
        std::set<size_t> chain{v};
        std::vector<size_t> todo{v};
        while (!todo.empty()) {
            size_t c = todo.back();
            todo.pop_back();
            for (size_t l = 0; l < nl; ++l) {
                const char* lab = linkage_get_link_label(lk, l);
                if (starts(lab, "VJ") && (linkage_get_link_rword(lk, l) == c || linkage_get_link_lword(lk, l) == c)) {
                    size_t other =
                        linkage_get_link_rword(lk, l) == c ? linkage_get_link_lword(lk, l) : linkage_get_link_rword(lk, l);
                    if (chain.insert(other).second) todo.push_back(other);
                    continue;
                }
                if (linkage_get_link_rword(lk, l) != c) continue;
                if ((starts(lab, "I") && !starts(lab, "IN") && !starts(lab, "ID")) || starts(lab, "TO") || starts(lab, "Pv") ||
                    starts(lab, "PP") || starts(lab, "Pg") || starts(lab, "Pa") || starts(lab, "IV") || starts(lab, "Ix")) {
                    size_t up = linkage_get_link_lword(lk, l);
                    if (chain.insert(up).second) todo.push_back(up);
                }
            }
        }
        std::string why;
        bool modal = false, has_to = false, to_top = false;
        for (size_t c : chain) {
            std::string w = word(c);
            why += (why.empty() ? "" : " ") + w;
            if (kModal.count(w) || (opt.can && w == "can")) modal = true;
            if (w == "to") {
                has_to = true;
                // an infinitive governed by no verb, or by a noun: "GPUs to be installed"
                bool governed_by_verb = false;
                for (size_t l = 0; l < nl; ++l)
                    if (linkage_get_link_rword(lk, l) == c && starts(linkage_get_link_label(lk, l), "TO") &&
                        !starts(linkage_get_link_label(lk, l), "TOn"))
                        governed_by_verb = true;
                if (!governed_by_verb) to_top = true;
            }
        }
        (void)has_to;
        if (to_top) {
            // "to be <participle>" / an infinitive of purpose hanging off the phrase
            modal = true;
        }
        if (!r.why.empty()) r.why += " | ";
        r.why += why;
        if (modal) r.modal = true;
    }
    if (r.why.empty()) r.why = "(no verb)";
    return r;
}

std::string clean(std::string s) {
    for (auto& c : s)
        if (c == '\t' || c == '\n') c = ' ';
    return s;
}

double pct(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    size_t k = static_cast<size_t>(std::ceil(p * static_cast<double>(v.size()))) - 1;
    return v[std::min(k, v.size() - 1)];
}

}  // namespace

int main(int argc, char** argv) {
    std::string lang = "en", path;
    int max_time = 2, limit = 100;
    bool diagram = false, all_fields = false, all_sentences = false;
    Options opt;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--lang")
            lang = argv[++i];
        else if (a == "--max-time")
            max_time = std::stoi(argv[++i]);
        else if (a == "--limit")
            limit = std::stoi(argv[++i]);
        else if (a == "--loose")
            opt.loose = true;
        else if (a == "--can")
            opt.can = true;
        else if (a == "--diagram")
            diagram = true;
        else if (a == "--all-fields")
            all_fields = true;
        else if (a == "--all-sentences")
            all_sentences = true, all_fields = true;
        else
            path = a;
    }
    std::setlocale(LC_ALL, "C.UTF-8");
    auto t0 = std::chrono::steady_clock::now();
    Dictionary dict = dictionary_create_lang(lang.c_str());
    auto t1 = std::chrono::steady_clock::now();
    if (!dict) {
        std::cerr << "no dictionary for " << lang << "\n";
        return 1;
    }
    Parse_Options po = parse_options_create();
    parse_options_set_verbosity(po, 0);
    parse_options_set_linkage_limit(po, limit);
    parse_options_set_max_parse_time(po, max_time);
    parse_options_set_spell_guess(po, 0);
    parse_options_set_islands_ok(po, false);
    parse_options_set_display_morphology(po, 0);

    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    std::vector<double> times, cpu_times;
    double total = 0;
    size_t n_sent = 0, n_complete = 0, n_null = 0, n_timeout = 0, n_none = 0;
    std::cout << "id\tfield\tvalue\tclass\tsent\twords\tus\tnulls\tlinkages\ttimeout\tfig_linked\tmodal\twhy\tsentence\tcpu_"
                 "us\tunknown\n";
    while (std::getline(in, line)) {
        auto c = split(line, '\t');
        if (c.size() < 8) continue;
        const std::string &id = c[0], &field = c[1], &value = c[2], &cls = c[5], &quote = c[6];
        if (!all_fields && field != "gpus_installed" && field != "power_mw") continue;
        double fig = first_number(value);
        int sidx = 0, kept = 0;
        for (Span s : sentences(quote)) {
            ++sidx;
            std::string text = quote.substr(s.begin, s.end - s.begin);
            auto figs = find_figure(text, fig);
            find_spelled(text, fig, figs);
            if (figs.empty() && !all_sentences) continue;
            ++kept;
            auto ps = std::chrono::steady_clock::now();
            timespec cs{};
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cs);
            Sentence sent = sentence_create(text.c_str(), dict);
            parse_options_set_min_null_count(po, 0);
            parse_options_set_max_null_count(po, 0);
            parse_options_reset_resources(po);
            int nlk = sentence_parse(sent, po);
            bool timeout = parse_options_timer_expired(po);
            if (nlk == 0 && !timeout) {
                parse_options_set_min_null_count(po, 1);
                parse_options_set_max_null_count(po, sentence_length(sent));
                nlk = sentence_parse(sent, po);
                timeout = timeout || parse_options_timer_expired(po);
            }
            Reading rd;
            int nulls = -1;
            size_t nwords = static_cast<size_t>(std::max(0, sentence_length(sent)));
            Linkage lk = nullptr;
            if (nlk > 0) {
                lk = linkage_create(0, sent, po);
                nulls = sentence_null_count(sent);
            }
            int unknown = 0;
            if (lk)
                for (size_t w = 0; w < linkage_get_num_words(lk); ++w)
                    if (std::strstr(linkage_get_word(lk, w), "[?]") || std::strstr(linkage_get_word(lk, w), "[~]")) ++unknown;
            if (lk) {
                std::vector<size_t> fw;
                for (size_t w = 0; w < linkage_get_num_words(lk); ++w) {
                    size_t wb = linkage_get_word_byte_start(lk, w), we = linkage_get_word_byte_end(lk, w);
                    if (we <= wb) continue;
                    for (Span f : figs)
                        if (wb < f.end && we > f.begin) fw.push_back(w);
                }
                rd = classify(lk, fw, opt);
            }
            auto pe = std::chrono::steady_clock::now();
            double us = std::chrono::duration<double, std::micro>(pe - ps).count();
            timespec ce{};
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ce);
            double cpu_us = (ce.tv_sec - cs.tv_sec) * 1e6 + (ce.tv_nsec - cs.tv_nsec) / 1e3;
            cpu_times.push_back(cpu_us);
            if (parse_options_resources_exhausted(po)) timeout = true;
            if (diagram && lk) {
                char* d = linkage_print_diagram(lk, false, 200);
                std::cerr << id << " " << cls << "\n" << d << "\n";
                linkage_free_diagram(d);
            }
            if (lk) linkage_delete(lk);
            sentence_delete(sent);
            times.push_back(us);
            total += us;
            ++n_sent;
            if (timeout) ++n_timeout;
            if (nlk == 0)
                ++n_none;
            else if (nulls == 0)
                ++n_complete;
            else
                ++n_null;
            std::cout << id << '\t' << field << '\t' << value << '\t' << cls << '\t' << sidx << '\t' << nwords << '\t'
                      << static_cast<long>(us) << '\t' << nulls << '\t' << nlk << '\t' << timeout << '\t' << rd.linked << '\t'
                      << rd.modal << '\t' << clean(rd.why) << '\t' << clean(text) << '\t' << static_cast<long>(cpu_us) << '\t'
                      << unknown << '\n';
        }
        if (kept == 0)
            std::cout << id << '\t' << field << '\t' << value << '\t' << cls << "\t0\t0\t0\t-1\t0\t0\t0\t0\t(figure not found)\t"
                      << clean(quote.substr(0, 200)) << '\n';
    }
    std::fprintf(
        stderr,
        "dictionary %s load %.1f ms; sentences %zu; parse us: median %.0f p95 %.0f max %.0f total %.3f s; "
        "complete %zu, null-links %zu, no-linkage %zu, timed-out %zu; cpu us: median %.0f p95 %.0f max %.0f total %.3f s\n",
        lang.c_str(), std::chrono::duration<double, std::milli>(t1 - t0).count(), n_sent, pct(times, 0.5), pct(times, 0.95),
        times.empty() ? 0 : *std::max_element(times.begin(), times.end()), total / 1e6, n_complete, n_null, n_none, n_timeout,
        pct(cpu_times, 0.5), pct(cpu_times, 0.95), cpu_times.empty() ? 0 : *std::max_element(cpu_times.begin(), cpu_times.end()),
        [&] {
            double t = 0;
            for (double x : cpu_times) t += x;
            return t / 1e6;
        }());
    parse_options_delete(po);
    dictionary_delete(dict);
}
