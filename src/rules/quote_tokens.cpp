#include "rules/quote_tokens.hpp"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>

#include "gpuclusters/model/text.hpp"

namespace gpuclusters::rules::quote_tokens {

namespace {

// What separates a raw token from the one before it.
enum class Gap : std::uint8_t { none, space, narrow };  // narrow: U+00A0, U+2009, U+202F

struct Raw {
    bool alnum = false;
    std::uint32_t begin = 0, end = 0;
    Gap gap = Gap::none;
    bool newline_before = false;
    std::string folded;
    bool cjk = false;      ///< a run of Chinese, Japanese or Korean letters, to be cut into words
    bool counted = false;  ///< a counter glued after it was dropped ("512基")
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool all_digits(std::string_view text) { return !text.empty() && std::all_of(text.begin(), text.end(), is_digit); }

// How many digits the text starts with.
std::size_t leading_digits(std::string_view text) {
    return static_cast<std::size_t>(std::find_if_not(text.begin(), text.end(), is_digit) - text.begin());
}

// Cuts each run of CJK letters into its words.
void cut_cjk_runs(std::string_view quote, std::vector<Raw>& raws, const TokenWords& words) {
    std::vector<Raw> cut;
    cut.reserve(raws.size());
    for (auto& raw : raws) {
        if (!raw.cjk) {
            cut.push_back(std::move(raw));
            continue;
        }
        std::uint32_t begin = raw.begin;
        bool first = true;
        for (const std::uint32_t end : cjk_word_ends(quote.substr(raw.begin, raw.end - raw.begin), words)) {
            Raw word = raw;
            word.begin = begin;
            word.end = raw.begin + end;
            word.folded = folded_cjk_word(quote.substr(word.begin, word.end - word.begin));
            if (!first) word.gap = Gap::none, word.newline_before = false;
            if (word.end > word.begin) cut.push_back(std::move(word));
            begin = raw.begin + end;
            first = false;
        }
        if (begin < raw.end) {
            Raw rest = raw;
            rest.begin = begin;
            rest.folded = folded_cjk_word(quote.substr(rest.begin, rest.end - rest.begin));
            if (!first) rest.gap = Gap::none, rest.newline_before = false;
            cut.push_back(std::move(rest));
        }
    }
    raws = std::move(cut);
}

// Splits the quote into runs of letters and digits and single other characters, noting the space
// before each; invalid UTF-8 bytes are single characters of their own.
std::vector<Raw> scan(std::string_view quote) {
    std::vector<Raw> raws;
    raws.reserve(quote.size() / 4 + 4);
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(quote.data());
    const auto size = static_cast<std::int32_t>(quote.size());
    std::int32_t at = 0;
    Gap gap = Gap::none;
    bool newline = false;
    bool in_word = false;
    bool cjk_word = false;
    while (at < size) {
        const std::int32_t start = at;
        UChar32 c = 0;
        U8_NEXT(bytes, at, size, c);
        if (c < 0) {
            raws.push_back({false, static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(at), gap, newline, ""});
            gap = Gap::none, newline = false, in_word = false;
            continue;
        }
        const bool ascii = c < 0x80;
        const bool space = ascii ? (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
                                 : u_isUWhiteSpace(c) || c == 0xA0 || c == 0x202F;
        if (space) {
            if (c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029) newline = true;
            const bool narrow = c == 0xA0 || c == 0x2009 || c == 0x202F;
            gap = gap == Gap::none && narrow ? Gap::narrow : Gap::space;
            in_word = false;
            continue;
        }
        const bool word_char = ascii ? ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
                                     : (u_isalnum(c) || (U_GET_GC_MASK(c) & U_GC_M_MASK) != 0);
        const bool cjk = word_char && !ascii && is_cjk(c);
        // A run of CJK letters is a word of its own beside the figures and Latin words it touches.
        if (word_char && in_word && cjk == cjk_word) {
            raws.back().end = static_cast<std::uint32_t>(at);
            continue;
        }
        raws.push_back({word_char, static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(at), gap, newline, "", cjk});
        gap = Gap::none, newline = false, in_word = word_char, cjk_word = cjk;
    }
    // "Power55 MW": a word run into a figure is split; a model number ("H100", "MI250X") is not.
    // Text in CJK letters runs the noun into its figure too: "GPU10万基", "CPU9936개".
    for (std::size_t i = 0; i < raws.size(); ++i) {
        Raw& raw = raws[i];
        if (!raw.alnum) continue;
        const std::string_view text = quote.substr(raw.begin, raw.end - raw.begin);
        const auto is_letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
        const auto letters = static_cast<std::size_t>(std::find_if_not(text.begin(), text.end(), is_letter) - text.begin());
        const bool before_cjk = i + 1 < raws.size() && raws[i + 1].cjk && raws[i + 1].gap == Gap::none;
        const auto processor = [&] {
            const std::string noun = text::lower_ascii(text.substr(0, 3));
            return noun == "gpu" || noun == "cpu";
        };
        if ((letters < 4 && !(letters == 3 && before_cjk && processor())) || letters == text.size() ||
            !all_digits(text.substr(letters))) {
            continue;
        }
        Raw figure{true, raw.begin + static_cast<std::uint32_t>(letters), raw.end, Gap::none, false, ""};
        raw.end = figure.begin;
        raws.insert(raws.begin() + static_cast<std::ptrdiff_t>(i) + 1, figure);
        ++i;
    }
    for (auto& raw : raws) {
        const std::string_view text = quote.substr(raw.begin, raw.end - raw.begin);
        if (!raw.alnum) {
            raw.folded = std::string(text);
            continue;
        }
        const bool plain = std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
        raw.folded = plain ? text::lower_ascii(text) : ascii_digits(text::fold(text));
    }
    return raws;
}

bool is_hyphen(std::string_view text) { return text == "-" || text == "\u2010" || text == "\u2011"; }

class Assembler {
public:
    Assembler(std::string_view quote, std::vector<Raw> raws, const TokenWords& words)
        : quote_(quote), raws_(std::move(raws)), words_(words) {}

    std::vector<Token> run() {
        drop_counters();
        tokens_.reserve(raws_.size());
        for (std::size_t i = 0; i < raws_.size();) {
            const Raw& raw = raws_[i];
            if (raw.alnum && is_digit(raw.folded[0])) {
                i = figure(i);
            } else {
                push(raw, raw.alnum ? Token::Kind::word : Token::Kind::punct, raw.folded);
                ++i;
            }
        }
        join_hyphens();
        mark_clauses();
        return std::move(tokens_);
    }

private:
    // "2000个计算节点", "800基": the counter after a figure says nothing of what it counts; the noun after
    // it does. Text that sets Latin figures apart with spaces ("部署了 2000 块 GPU") keeps it as a word.
    void drop_counters() {
        for (std::size_t i = 1; i < raws_.size(); ++i) {
            Raw& raw = raws_[i];
            const Raw& before = raws_[i - 1];
            const bool after_figure = raw.gap == Gap::none || (raw.gap == Gap::space && raw.cjk);
            if (!raw.alnum || !after_figure || !before.alnum || before.folded.empty() || !is_digit(before.folded.back())) {
                continue;
            }
            for (const auto& counter : words_.counters) {
                if (counter.empty() || !raw.folded.starts_with(counter)) continue;
                raws_[i - 1].counted = true;
                raw.folded.erase(0, counter.size());
                raw.begin += static_cast<std::uint32_t>(counter.size());
                raw.gap = Gap::space;
                if (raw.folded.empty()) raws_.erase(raws_.begin() + static_cast<std::ptrdiff_t>(i));
                break;
            }
        }
    }

    // A suffix's power of ten, -1 for none.
    int suffix_scale(std::string_view suffix) const {
        int scale = -1;
        for (const auto& [word, power] : words_.suffixes) {
            if (word == suffix) scale = power;
        }
        return scale;
    }
    bool is_ordinal_suffix(std::string_view suffix) const {
        return std::find(words_.ordinals.begin(), words_.ordinals.end(), suffix) != words_.ordinals.end();
    }
    // A single letter is an initial.
    bool is_abbreviation(std::string_view word) const {
        return word.size() == 1 ||
               std::find(words_.abbreviations.begin(), words_.abbreviations.end(), word) != words_.abbreviations.end();
    }

    bool raw_is(std::size_t i, std::string_view text, Gap gap = Gap::none) const {
        return i < raws_.size() && !raws_[i].alnum && raws_[i].folded == text && raws_[i].gap == gap;
    }
    bool raw_digits(std::size_t i, std::size_t length, Gap gap) const {
        return i < raws_.size() && raws_[i].alnum && raws_[i].gap == gap && raws_[i].folded.size() == length &&
               all_digits(raws_[i].folded);
    }

    // A token over the raw tokens `first` to `last`, and what stands before it.
    static Token spanning(const Raw& first, const Raw& last, Token::Kind kind) {
        Token token;
        token.kind = kind;
        token.begin = first.begin;
        token.end = last.end;
        token.space_before = first.gap != Gap::none || first.newline_before;
        token.clause_start = first.newline_before;
        return token;
    }

    void push(const Raw& raw, Token::Kind kind, std::string text) {
        Token token = spanning(raw, raw, kind);
        token.text = std::move(text);
        const unsigned char first = static_cast<unsigned char>(quote_[raw.begin]);
        const bool upper = first >= 0x80 && u_isupper(first_code_point(quote_.substr(raw.begin)));  // none in Devanagari, Han
        token.capitalised = (first >= 'A' && first <= 'Z') || upper;
        tokens_.push_back(std::move(token));
    }

    // A figure's characters as read so far: figure()'s steps each read a part of it before it makes a token.
    struct Written {
        std::string digits;    // the whole part, without its separators
        std::string fraction;  // the digits after a point
        std::string suffix;    // the letters glued to the last digits
        std::size_t next = 0;  // the raw token after what is read
        bool grouped = false;
    };

    // A figure starting at raws_[i]; returns the index after it.
    std::size_t figure(std::size_t i) {
        const Raw& first = raws_[i];
        Written written;
        written.next = i + 1;
        const std::string& text = first.folded;
        const std::size_t lead = leading_digits(text);
        written.digits = text.substr(0, lead);
        written.suffix = text.substr(lead);
        if (const std::size_t end = date_end(written); end != 0) return date(i, end);
        if (written.suffix.empty() && lead <= 3) read_groups(written);
        read_fraction(written);
        Token token = spanning(first, raws_[written.next - 1], Token::Kind::number);
        token.grouped = written.grouped;
        token.fraction = !written.fraction.empty();
        token.counted = raws_[written.next - 1].counted;
        const auto [scale, glued] = read_suffix(token, written);
        const std::string& fraction = written.fraction;
        const auto value = model::Decimal::parse(fraction.empty() ? written.digits : written.digits + "." + fraction);
        if (!value) {
            // More digits than a figure has: a serial number or an identifier, read as a word.
            push(first, Token::Kind::word, first.folded);
            return i + 1;
        }
        token.value = value->scaled(scale);
        token.scale = scale;
        token.dot_thousands =
            !written.grouped && fraction.size() == 3 && written.digits.size() <= 3 && scale == 0 && written.digits != "0";
        token.text = std::string(quote_.substr(token.begin, token.end - token.begin));
        const std::size_t next = read_mark(token, written.next);
        tokens_.push_back(std::move(token));
        if (!glued.empty()) {
            Token word;
            word.kind = Token::Kind::word;
            word.begin = tokens_.back().end - static_cast<std::uint32_t>(glued.size());
            word.end = tokens_.back().end;
            word.text = glued;
            word.joined = true;
            tokens_.push_back(std::move(word));
        }
        return next;
    }

    // Dates: 2024-02-23 and 02/27/2024 are not figures. The raw token after a date, or 0.
    std::size_t date_end(const Written& written) const {
        const std::size_t next = written.next;
        const std::size_t lead = written.digits.size();
        if (!written.suffix.empty()) return 0;
        if (lead == 4 && raw_is(next, "-") && raw_digits(next + 1, 2, Gap::none) && raw_is(next + 2, "-") &&
            raw_digits(next + 3, 2, Gap::none)) {
            return next + 4;
        }
        if (lead <= 2 && raw_is(next, "/") && next + 1 < raws_.size() && raws_[next + 1].alnum &&
            all_digits(raws_[next + 1].folded) && raw_is(next + 2, "/") && raw_digits(next + 3, 4, Gap::none)) {
            return next + 4;
        }
        return 0;
    }

    // Thousands separators, in groups of three: "12,345", "１，０２４", "12 288", "12\u202F288", the Swiss "11'039'616", and
    // points where two groups or more leave no decimal: "2.073.600" ("10.000" is read both ways elsewhere); one kind a figure.
    void read_groups(Written& written) const {
        std::size_t& next = written.next;
        enum class Grouping { none, comma, space, apostrophe, point } grouping = Grouping::none;
        Gap space_kind = Gap::none;
        const auto point_group = [&](std::size_t at) {
            return at < raws_.size() && raw_is(at, ".") && raws_[at].gap == Gap::none && raw_digits(at + 1, 3, Gap::none);
        };
        while (true) {
            if ((grouping == Grouping::point || (grouping == Grouping::none && point_group(next + 2))) && point_group(next)) {
                grouping = Grouping::point;
                written.digits += raws_[next + 1].folded;
                next += 2;
                continue;
            }
            if ((grouping == Grouping::none || grouping == Grouping::apostrophe) && next < raws_.size() &&
                raws_[next].gap == Gap::none && (raw_is(next, "'") || raw_is(next, "\u2019")) &&
                raw_digits(next + 1, 3, Gap::none)) {
                grouping = Grouping::apostrophe;
                written.digits += raws_[next + 1].folded;
                next += 2;
                continue;
            }
            const bool wide_comma = raw_is(next, "\uFF0C") && raw_digits(next + 1, 3, Gap::none) &&
                                    quote_.substr(raws_[next + 1].begin).starts_with("\xEF\xBC");
            if ((grouping == Grouping::none || grouping == Grouping::comma) && (raw_is(next, ",") || wide_comma) &&
                raw_digits(next + 1, 3, Gap::none)) {
                grouping = Grouping::comma;
                written.digits += raws_[next + 1].folded;
                next += 2;
                continue;
            }
            // The last group may carry a suffix: "12,801st", "550,000+".
            if ((grouping == Grouping::none || grouping == Grouping::comma) && raw_is(next, ",") && next + 1 < raws_.size() &&
                raws_[next + 1].alnum && raws_[next + 1].gap == Gap::none && raws_[next + 1].folded.size() > 3 &&
                all_digits(std::string_view(raws_[next + 1].folded).substr(0, 3)) && !is_digit(raws_[next + 1].folded[3])) {
                grouping = Grouping::comma;
                written.digits += raws_[next + 1].folded.substr(0, 3);
                written.suffix = raws_[next + 1].folded.substr(3);
                next += 2;
                break;
            }
            const bool spaced = (grouping == Grouping::none || grouping == Grouping::space) && next < raws_.size() &&
                                raws_[next].gap != Gap::none && !raws_[next].newline_before &&
                                (grouping == Grouping::none || raws_[next].gap == space_kind) &&
                                raw_digits(next, 3, raws_[next].gap);
            if (!spaced) break;
            grouping = Grouping::space;
            space_kind = raws_[next].gap;
            written.digits += raws_[next].folded;
            ++next;
        }
        written.grouped = grouping != Grouping::none;
    }

    bool is_decimal_unit(std::string_view word) const {
        return std::find(words_.decimal_units.begin(), words_.decimal_units.end(), word) != words_.decimal_units.end();
    }

    // "21,1 MW", "3,5MW": a comma before one or two digits and a unit; "4,8 GPUs" stays a list.
    bool decimal_comma(std::size_t next) const {
        if (!raw_is(next, ",") || next + 1 >= raws_.size() || !raws_[next + 1].alnum || raws_[next + 1].gap != Gap::none) {
            return false;
        }
        const std::string& part = raws_[next + 1].folded;
        const std::size_t lead = leading_digits(part);
        if (lead == 0 || lead > 2) return false;
        if (lead < part.size()) return is_decimal_unit(std::string_view(part).substr(lead));
        return next + 2 < raws_.size() && raws_[next + 2].alnum && raws_[next + 2].gap != Gap::none &&
               !raws_[next + 2].newline_before && is_decimal_unit(raws_[next + 2].folded);
    }

    void read_fraction(Written& written) const {
        const std::size_t next = written.next;
        if (!written.suffix.empty() || !(raw_is(next, ".") || (!written.grouped && decimal_comma(next))) ||
            next + 1 >= raws_.size() || !raws_[next + 1].alnum || raws_[next + 1].gap != Gap::none ||
            !is_digit(raws_[next + 1].folded[0])) {
            return;
        }
        const std::string& part = raws_[next + 1].folded;
        const std::size_t part_lead = leading_digits(part);
        written.fraction = part.substr(0, part_lead);
        written.suffix = part.substr(part_lead);
        written.next += 2;
    }

    // What the suffix makes of the figure: the power of ten it scales it by, and a unit written
    // against the figure ("400MW", "192GB", "4xA100"), which becomes a word of its own.
    std::pair<int, std::string> read_suffix(Token& token, const Written& written) const {
        const std::string& suffix = written.suffix;
        if (suffix.empty()) return {0, ""};
        // "1М GPU" is a million; "2м" in lower case, metres.
        const bool metres = suffix == "\u043C" && !quote_.substr(0, token.end).ends_with("\u041C");
        if (const int s = metres ? -1 : suffix_scale(suffix); s >= 0) return {s, ""};
        if (is_ordinal_suffix(suffix)) {
            token.ordinal = true;
            return {0, ""};
        }
        if (suffix[0] == 'x' && written.fraction.empty()) {
            token.times = true;
            return {0, suffix.substr(1)};
        }
        return {0, suffix};
    }

    // A mark right after the figure that belongs to it; returns the raw token after the figure.
    std::size_t read_mark(Token& token, std::size_t next) const {
        // "100,000+" -- not "261*4+31", a sum.
        if (raw_is(next, "+") && !(next + 1 < raws_.size() && raws_[next + 1].alnum && raws_[next + 1].gap == Gap::none &&
                                   is_digit(raws_[next + 1].folded[0]))) {
            token.plus = true;
            token.end = raws_[next].end;
            return next + 1;
        }
        if (next < raws_.size() && !raws_[next].alnum && raws_[next].folded == "%" && raws_[next].gap != Gap::space) {
            token.percent = true;
            return next + 1;
        }
        if (next < raws_.size() && !raws_[next].alnum && raws_[next].folded == "\u00D7" && raws_[next].gap == Gap::none) {
            token.times = true;  // "8×"
            return next + 1;
        }
        return next;
    }

    std::size_t date(std::size_t from, std::size_t to) {
        Token token = spanning(raws_[from], raws_[to - 1], Token::Kind::number);
        token.text = std::string(quote_.substr(token.begin, token.end - token.begin));
        token.date = true;
        tokens_.push_back(std::move(token));
        return to;
    }

    // "12,288-GPU", "H100-equivalents", "go-live": the hyphen goes, the word after is joined; not "10,000-12,000", a range.
    void join_hyphens() {
        std::vector<Token> joined;
        joined.reserve(tokens_.size());
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            auto& token = tokens_[i];
            const bool between = i > 0 && i + 1 < tokens_.size() && token.kind == Token::Kind::punct && is_hyphen(token.text) &&
                                 !token.space_before && !tokens_[i + 1].space_before &&
                                 tokens_[i - 1].kind != Token::Kind::punct && tokens_[i + 1].kind != Token::Kind::punct &&
                                 !(tokens_[i - 1].kind == Token::Kind::number && tokens_[i + 1].kind == Token::Kind::number);
            if (between) {
                tokens_[i + 1].joined = true;
                continue;
            }
            joined.push_back(std::move(token));
        }
        tokens_ = std::move(joined);
    }

    void mark_clauses() {
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            auto& token = tokens_[i];
            if (i == 0) {
                token.clause_start = true;
                continue;
            }
            const Token& before = tokens_[i - 1];
            if (before.kind != Token::Kind::punct) continue;
            const std::string& mark = before.text;
            // Parentheses and brackets are no clause of their own: "(for a total of 768)" hangs on the sentence around it.
            // (A CJK full stop, "。", needs no space after it, nor the Devanagari danda, "।", nor the Arabic marks.)
            static constexpr std::string_view stops[] = {";",      "\u2022", "\u2014", "\u2026", "!",
                                                         "?",      "\u3002", "\uFF01", "\uFF1F", "\uFF1B",
                                                         "\u0964", "\u0965", "\u061F", "\u061B", "\u06D4"};
            if (std::ranges::find(stops, mark) != std::end(stops)) {
                token.clause_start = true;
            } else if ((mark == "\u2013" || is_hyphen(mark)) && before.space_before && token.space_before) {
                token.clause_start = true;  // a spaced dash
            } else if (mark == "." && token.space_before) {
                // "approx. 10,000" and "Nov. 2024" go on; "U.S. Department" starts anew, as any
                // capitalised word after an abbreviation might.
                const bool abbreviation =
                    i >= 2 && tokens_[i - 2].kind == Token::Kind::word && is_abbreviation(tokens_[i - 2].text);
                token.clause_start = !abbreviation || token.capitalised;
            }
        }
    }

    std::string_view quote_;
    std::vector<Raw> raws_;
    std::vector<Token> tokens_;
    const TokenWords& words_;
};

}  // namespace

std::vector<Token> tokenize(std::string_view quote, const TokenWords& words) {
    auto raws = scan(quote);
    if (std::any_of(raws.begin(), raws.end(), [](const Raw& raw) { return raw.cjk; })) cut_cjk_runs(quote, raws, words);
    return Assembler(quote, std::move(raws), words).run();
}

}  // namespace gpuclusters::rules::quote_tokens
