#include "formats/typed.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fmt/format.h>
#include <functional>
#include <unordered_set>

#include "gpuclusters/model/decimal.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::formats {
namespace {

// A JSON number's text as digits and a power of ten: "0.3270" and "327e-3" are {"327", -3}.
struct Scientific {
    bool negative = false;
    std::string digits;  ///< without leading or trailing zeros; empty for zero
    long long exponent = 0;
    bool operator==(const Scientific&) const = default;
};

Scientific scientific(std::string_view text) {
    Scientific number;
    std::size_t i = 0;
    if (i < text.size() && text[i] == '-') {
        number.negative = true;
        ++i;
    }
    long long point_shift = 0;
    bool after_point = false;
    for (; i < text.size() && text[i] != 'e' && text[i] != 'E'; ++i) {
        if (text[i] == '.') {
            after_point = true;
            continue;
        }
        number.digits += text[i];
        if (after_point) --point_shift;
    }
    long long exponent = 0;
    if (i < text.size()) {
        ++i;
        bool negative = false;
        if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
        for (; i < text.size() && exponent < 1'000'000; ++i) exponent = exponent * 10 + (text[i] - '0');
        if (negative) exponent = -exponent;
    }
    const std::size_t first = number.digits.find_first_not_of('0');
    if (first == std::string::npos) return {false, "", 0};
    number.digits.erase(0, first);
    const std::size_t last = number.digits.find_last_not_of('0');
    const long long trailing = static_cast<long long>(number.digits.size() - 1 - last);
    number.digits.erase(last + 1);
    number.exponent = exponent + point_shift + trailing;
    return number;
}

// The plain decimal text of a non-negative number ("0.327", "12000"); an exponent beyond what any
// field holds is left in, so that the value is refused as not a plain number.
std::string plain(const Scientific& number) {
    if (number.digits.empty()) return "0";
    if (number.exponent > 40 || number.exponent < -40) return fmt::format("{}e{}", number.digits, number.exponent);
    std::string sign = number.negative ? "-" : "";
    if (number.exponent >= 0) return sign + number.digits + std::string(static_cast<std::size_t>(number.exponent), '0');
    const auto decimals = static_cast<std::size_t>(-number.exponent);
    if (decimals >= number.digits.size()) return sign + "0." + std::string(decimals - number.digits.size(), '0') + number.digits;
    return sign + number.digits.substr(0, number.digits.size() - decimals) + "." +
           number.digits.substr(number.digits.size() - decimals);
}

template <class Base>
class ExactNumbers : public Base {
public:
    /// `text`, when the parse reads one, places errors at its line and column.
    template <class... Args>
    explicit ExactNumbers(const std::string& where, const JsonText* text, Args&&... args)
        : Base(std::forward<Args>(args)...), where_(where), text_(text) {}
    // Hides Base::number_float: sax_parse calls it through this type.
    bool number_float(double value, const std::string& token) {
        if (!exact_float(token, value)) throw InputError(fmt::format("{}: {}", place(), inexact_float_message(token)));
        return Base::number_float(value, token);
    }
    // A key given twice in one object: the parser would keep the last and silently drop the
    // first, so it is refused.
    bool start_object(std::size_t size) {
        if (depth_ == keys_.size()) keys_.emplace_back();
        keys_[depth_].clear();
        ++depth_;
        return Base::start_object(size);
    }
    bool end_object() {
        --depth_;
        return Base::end_object();
    }
    bool key(std::string& key) {
        if (!keys_[depth_ - 1].insert(key)) {
            throw InputError(fmt::format("{}: key \"{}\" is given twice in one object", place(), text::excerpt(key)));
        }
        return Base::key(key);
    }

private:
    std::string place() const { return text_ != nullptr ? text_->position() : where_; }
    // The keys of an object met so far: most objects have a few, looked through; a large one
    // is looked up.
    class Keys {
    public:
        void clear() {
            few_.clear();
            many_.clear();
        }
        bool insert(const std::string& key) {
            if (!many_.empty()) return many_.insert(key).second;
            if (std::find(few_.begin(), few_.end(), key) != few_.end()) return false;
            few_.push_back(key);
            if (few_.size() > 16) {
                many_.insert(few_.begin(), few_.end());
                few_.clear();
            }
            return true;
        }

    private:
        std::vector<std::string> few_;
        std::unordered_set<std::string> many_;
    };
    const std::string& where_;
    const JsonText* text_;
    std::vector<Keys> keys_;
    std::size_t depth_ = 0;
};

// A string as Json::dump writes it. Most are printable ASCII with nothing to escape: those are
// quoted here (a serializer made for each was half of an export's time); the rest go through
// dump, which alone decides escapes and invalid UTF-8.
void dump_string_into(std::string& out, std::string_view text) {
    static constexpr auto plain_byte = [] {
        std::array<bool, 256> plain{};
        for (int c = 0x20; c < 0x7f; ++c) plain[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
        return plain;
    }();
    // Eight bytes at a time: whether any is below 0x20, above 0x7e, '"' or '\\' (the byte tests
    // of Hacker's Delight, each exact for these bounds); the rest one by one.
    constexpr std::uint64_t ones = 0x0101010101010101ULL;
    constexpr std::uint64_t highs = 0x8080808080808080ULL;
    const auto any_zero = [](std::uint64_t bytes) { return ((bytes - ones) & ~bytes & highs) != 0; };
    bool plain = true;
    std::size_t at = 0;
    for (; plain && at + 8 <= text.size(); at += 8) {
        std::uint64_t bytes = 0;
        std::memcpy(&bytes, text.data() + at, 8);
        const bool control = ((bytes - ones * 0x20) & ~bytes & highs) != 0;
        const bool beyond_ascii = (((bytes + ones) | bytes) & highs) != 0;
        plain = !control && !beyond_ascii && !any_zero(bytes ^ (ones * '"')) && !any_zero(bytes ^ (ones * '\\'));
    }
    for (; plain && at < text.size(); ++at) plain = plain_byte[static_cast<unsigned char>(text[at])];
    if (!plain) {
        out += Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
        return;
    }
    const std::size_t end = out.size();
    out.resize(end + text.size() + 2);
    char* quoted = out.data() + end;
    quoted[0] = '"';
    std::memcpy(quoted + 1, text.data(), text.size());
    quoted[text.size() + 1] = '"';
}

}  // namespace

const std::vector<TypedColumn>& typed_columns() {
    static const std::vector<TypedColumn> columns = [] {
        std::vector<TypedColumn> all;
        for (const auto& spec : model::field_catalogue()) {
            all.push_back({std::string(spec.name), &spec, TypedColumn::Role::value});
            for (const auto& key : model::qualifier_keys(spec.type)) {
                all.push_back({fmt::format("{}_{}", spec.name, key.name), &spec, TypedColumn::Role::qualifier, &key});
            }
            all.push_back({fmt::format("{}{}", spec.name, state_suffix), &spec, TypedColumn::Role::state});
        }
        return all;
    }();
    return columns;
}

const TypedColumn* find_typed_column(std::string_view name) {
    const auto found = std::ranges::find(typed_columns(), name, &TypedColumn::name);
    return found == typed_columns().end() ? nullptr : &*found;
}

std::string typed_input(const model::FieldSpec& spec, std::string_view number, const model::Qualifiers& qualifiers) {
    const model::FieldValue value = model::typed_field_value(spec, number, qualifiers);
    std::string input = model::input_text(spec, value);
    // What the input syntax cannot carry (an estimator ending in parentheses) is refused, not changed.
    if (model::parse_field_value(spec, input) != value) {
        throw InputError(fmt::format("'{}' does not read back as the value it stands for", text::excerpt(input)));
    }
    return input;
}

void each_typed_member(std::string_view value_key, std::string_view prefix, const model::FieldSpec& spec,
                       const model::FieldValue& value,
                       const std::function<void(std::string_view key, TypedMember kind, const std::string& text)>& put) {
    if (spec.type == model::FieldType::count) {
        put(value_key, TypedMember::integer, value.value);
    } else if (spec.type == model::FieldType::decimal) {
        put(value_key, TypedMember::decimal, value.value);
    } else {
        // input_text of a field that is not a number is its value: put as it is, not copied.
        put(value_key, TypedMember::text, value.value);
        return;
    }
    // An export puts a qualifier's key for most records: joined in a buffer that keeps its room.
    thread_local std::string joined_key;
    for (const auto& key : model::qualifier_keys(spec.type)) {
        const std::string& held = value.qualifiers.*key.member;
        if (held.empty()) continue;
        joined_key.assign(prefix).append(key.name);
        put(joined_key, TypedMember::text, held);
    }
}

void write_typed_value(JsonOut& out, std::string_view value_key, std::string_view prefix, const model::FieldSpec& spec,
                       const model::FieldValue& value) {
    each_typed_member(value_key, prefix, spec, value, [&](std::string_view key, TypedMember kind, const std::string& text) {
        out.key(key);
        if (kind == TypedMember::integer) {
            out.integer(std::stoll(text));
        } else if (kind == TypedMember::decimal) {
            out.number_text(text);
        } else {
            out.string(text);
        }
    });
}

void write_typed_fields(JsonOut& out, const model::Record& record) {
    // Per field, the prefix of its qualifiers' keys and its state key: made once.
    static const auto keys = [] {
        std::vector<std::pair<std::string, std::string>> made;
        for (const auto& spec : model::field_catalogue())
            made.emplace_back(fmt::format("{}_", spec.name), fmt::format("{}{}", spec.name, state_suffix));
        return made;
    }();
    const auto catalogue = model::field_catalogue();
    // A current record's claims are preferred ones in catalogue order: one walk along both finds
    // each field's (every claim is then the only one of its field). A record made otherwise is
    // searched field by field.
    thread_local std::vector<const model::Claim*> in_order;
    in_order.assign(catalogue.size(), nullptr);
    bool walked = true;
    std::size_t at = 0;
    for (const auto& claim : record.claims) {
        while (at < catalogue.size() && catalogue[at].name != claim.field) ++at;
        if (at == catalogue.size() || claim.rank != model::Rank::preferred) {
            walked = false;
            break;
        }
        in_order[at++] = &claim;
    }
    for (std::size_t i = 0; i < catalogue.size(); ++i) {
        const auto& spec = catalogue[i];
        const model::Claim* claim = walked ? in_order[i] : record.preferred(spec.name);
        if (!claim) continue;
        if (claim->state == model::ClaimState::not_published) {
            out.key(spec.name).null();
            out.key(keys[i].second).string(not_published_state);
        } else {
            write_typed_value(out, spec.name, keys[i].first, spec, claim->value);
        }
    }
}

void JsonOut::separate() {
    if (first_in_.empty()) return;
    if (!first_in_.back()) out_ += ',';
    first_in_.back() = 0;
}

void JsonOut::before_value() {
    if (after_key_) {
        after_key_ = false;
    } else {
        separate();
    }
}

JsonOut& JsonOut::begin_object() {
    before_value();
    out_ += '{';
    first_in_.push_back(1);
    return *this;
}

JsonOut& JsonOut::end_object() {
    out_ += '}';
    first_in_.pop_back();
    return *this;
}

JsonOut& JsonOut::begin_array() {
    before_value();
    out_ += '[';
    first_in_.push_back(1);
    return *this;
}

JsonOut& JsonOut::end_array() {
    out_ += ']';
    first_in_.pop_back();
    return *this;
}

JsonOut& JsonOut::key(std::string_view name) {
    separate();
    dump_string_into(out_, name);
    out_ += ':';
    after_key_ = true;
    return *this;
}

JsonOut& JsonOut::string(std::string_view text) {
    before_value();
    dump_string_into(out_, text);
    return *this;
}

JsonOut& JsonOut::integer(long long number) {
    before_value();
    const fmt::format_int digits(number);
    out_.append(digits.data(), digits.size());
    return *this;
}

JsonOut& JsonOut::number_text(std::string_view text) {
    before_value();
    out_ += text;
    return *this;
}

JsonOut& JsonOut::boolean(bool value) {
    before_value();
    out_ += value ? "true" : "false";
    return *this;
}

JsonOut& JsonOut::null() {
    before_value();
    out_ += "null";
    return *this;
}

// A float token must be what its double gives back as its shortest form: then float_text
// recovers the token's value exactly from the double a parser keeps.
bool exact_float(std::string_view token, double value) {
    const Scientific written = scientific(token);
    return std::isfinite(value) && written.digits.size() <= static_cast<std::size_t>(model::max_significant_digits) &&
           written == scientific(fmt::format("{}", value));
}

std::string inexact_float_message(std::string_view token) {
    if (scientific(token).digits.size() > static_cast<std::size_t>(model::max_significant_digits)) {
        return model::significant_digits_message(token);
    }
    return fmt::format("the number {} is not the number a double holds (an underflow, or beyond a double's range)",
                       text::excerpt(token));
}

std::string float_text(double value) { return plain(scientific(fmt::format("{}", value))); }

std::string json_number_text(const Json& value) {
    if (value.is_number_unsigned()) return std::to_string(value.get<unsigned long long>());
    if (value.is_number_integer()) return std::to_string(value.get<long long>());
    if (value.is_number_float()) return float_text(value.get<double>());
    return {};
}

Json parse_json_exact(std::string_view text, const std::string& where) {
    Json result;
    ExactNumbers<nlohmann::detail::json_sax_dom_parser<Json>> sax(where, nullptr, result, true);
    Json::sax_parse(text, &sax);
    return result;
}

Json parse_json_exact(JsonText& text, const Json::parser_callback_t& callback, const std::string& where) {
    Json result;
    ExactNumbers<nlohmann::detail::json_sax_dom_callback_parser<Json>> sax(where, &text, result, callback, true);
    Json::sax_parse(text.begin(), JsonText::end(), &sax);
    if (result.is_discarded()) result = nullptr;
    return result;
}

}  // namespace gpuclusters::formats
