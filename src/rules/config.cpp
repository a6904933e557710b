#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <algorithm>
#include <fmt/format.h>
#include <iterator>
#include <memory>
#include <new>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/rules/rules.hpp"

namespace gpuclusters::rules {

namespace {
constexpr std::string_view severity_names[]{"off", "info", "warning", "error"};
static_assert(std::size(severity_names) == static_cast<std::size_t>(Severity::error) + 1);
}  // namespace

std::string_view to_string(Severity severity) { return severity_names[static_cast<std::size_t>(severity)]; }

Severity severity_from(std::string_view text) {
    const auto* found = std::find(std::begin(severity_names), std::end(severity_names), text);
    if (found == std::end(severity_names)) {
        throw InputError(fmt::format("severity '{}' is not one of off, info, warning, error", text));
    }
    return static_cast<Severity>(found - std::begin(severity_names));
}

// One compiled pattern, JIT-compiled when the platform allows. (Its match data is made at each
// match: records are checked on two threads at once.)
struct Patterns::Compiled {
    pcre2_code* code = nullptr;
    ~Compiled() { pcre2_code_free(code); }
};

void Patterns::add(const std::string& pattern) {
    int error = 0;
    PCRE2_SIZE offset = 0;
    pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                     PCRE2_CASELESS | PCRE2_UTF | PCRE2_UCP, &error, &offset, nullptr);
    if (!code) {
        PCRE2_UCHAR message[256];
        pcre2_get_error_message(error, message, sizeof message);
        throw InputError(fmt::format("pattern '{}' is not a regular expression: {} at offset {}", pattern,
                                     reinterpret_cast<const char*>(message), offset));
    }
    pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);  // falls back to the interpreter where JIT is unavailable
    auto compiled = std::make_shared<Compiled>();
    compiled->code = code;
    compiled_.push_back(std::move(compiled));
    sources_.push_back(pattern);
}

void Patterns::clear() {
    sources_.clear();
    compiled_.clear();
}

std::string Patterns::first_match(std::string_view text) const {
    if (compiled_.empty() || text.empty()) return {};
    const std::string folded = text::fold(text);
    for (const auto& compiled : compiled_) {
        const std::unique_ptr<pcre2_match_data, decltype(&pcre2_match_data_free)> match(
            pcre2_match_data_create_from_pattern(compiled->code, nullptr), &pcre2_match_data_free);
        if (!match) throw std::bad_alloc();
        const int found =
            pcre2_match(compiled->code, reinterpret_cast<PCRE2_SPTR>(folded.data()), folded.size(), 0, 0, match.get(), nullptr);
        if (found > 0) {
            const PCRE2_SIZE* range = pcre2_get_ovector_pointer(match.get());
            return folded.substr(range[0], range[1] - range[0]);
        }
    }
    return {};
}

void Config::set_severity(std::string rule, Severity severity) { severities_[std::move(rule)] = severity; }

void Config::build_quote_reader() { reader_ = std::make_shared<const QuoteReader>(lexicon); }

const QuoteReader& Config::quote_reader() const {
    if (!reader_) reader_ = std::make_shared<const QuoteReader>(lexicon);
    return *reader_;
}

Severity Config::severity(std::string_view rule, Severity default_severity) const {
    const auto found = severities_.find(rule);
    return found == severities_.end() ? default_severity : found->second;
}

}  // namespace gpuclusters::rules
