#include "formats/typed.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <unordered_set>

#include "gpuclusters/model/decimal.hpp"
#include "gpuclusters/model/error.hpp"
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

// A number held verbatim for dump_exact: its text, never a double.
Json verbatim_number(const std::string& text) { return Json::binary(Json::binary_t::container_type(text.begin(), text.end())); }

// A string as Json::dump writes it. Most are printable ASCII with nothing to escape: those are
// quoted here (a serializer made for each was half of an export's time); the rest go through
// dump, which alone decides escapes and invalid UTF-8.
void dump_string_into(std::string& out, const std::string& text) {
    const bool plain = std::ranges::all_of(text, [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; });
    if (!plain) {
        out += Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
        return;
    }
    out += '"';
    out += text;
    out += '"';
}

void dump_into(std::string& out, const Json& json) {
    if (json.is_binary()) {
        const auto& bytes = json.get_binary();
        out.append(bytes.begin(), bytes.end());
    } else if (json.is_structured()) {
        const bool object = json.is_object();
        out += object ? '{' : '[';
        for (auto it = json.begin(); it != json.end(); ++it) {
            if (it != json.begin()) out += ',';
            if (object) {
                dump_string_into(out, it.key());
                out += ':';
            }
            dump_into(out, *it);
        }
        out += object ? '}' : ']';
    } else if (json.is_string()) {
        dump_string_into(out, json.get_ref<const std::string&>());
    } else if (json.is_number_integer()) {
        // (Unsigned integers are integers too: both are their decimal digits.)
        out += json.is_number_unsigned() ? fmt::format_int(json.get<std::uint64_t>()).str()
                                         : fmt::format_int(json.get<std::int64_t>()).str();
    } else {
        out += json.dump(-1, ' ', false, Json::error_handler_t::replace);
    }
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

void put_typed_value(Json& object, const std::string& value_key, const std::string& prefix, const model::FieldSpec& spec,
                     const model::FieldValue& value) {
    if (spec.type == model::FieldType::count) {
        object[value_key] = std::stoll(value.value);
    } else if (spec.type == model::FieldType::decimal) {
        object[value_key] = verbatim_number(value.value);
    } else {
        object[value_key] = model::input_text(spec, value);
        return;
    }
    for (const auto& key : model::qualifier_keys(spec.type)) {
        const std::string& held = value.qualifiers.*key.member;
        if (!held.empty()) object[prefix + std::string(key.name)] = held;
    }
}

std::string dump_exact(const Json& json) {
    std::string out;
    dump_into(out, json);
    return out;
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
