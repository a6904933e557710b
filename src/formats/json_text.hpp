#pragma once
// JSON text read from a stream buffer as the parser asks for it, for the readers that must not
// hold their input whole: a JSON Lines record too long to be read as a line first, and a JSON
// document. It refuses a string longer than max_input_string_bytes as soon as it passes that, and
// counts the bytes of a record for its reader to refuse one longer than max_record_bytes.
#include <cstddef>
#include <iterator>
#include <streambuf>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "formats/limits.hpp"
#include "gpuclusters/model/error.hpp"

namespace gpuclusters::formats {

class JsonText {
public:
    /// The text `prefix` (already taken from `buffer`), then what `buffer` holds: up to the end of
    /// the line when `one_line` (the newline is left in the buffer), or to its end. `place` is
    /// the file and the line the text starts on, for errors ("records.jsonl:2").
    JsonText(std::streambuf& buffer, std::string_view prefix, bool one_line, std::string file, std::size_t line)
        : buffer_(buffer), prefix_(prefix), one_line_(one_line), file_(std::move(file)), line_(line) {}
    JsonText(const JsonText&) = delete;
    JsonText& operator=(const JsonText&) = delete;

    /// An input iterator over the text, for Json::sax_parse(begin(), end(), ...).
    class Iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = char;
        using difference_type = std::ptrdiff_t;
        using pointer = const char*;
        using reference = char;

        Iterator() = default;
        explicit Iterator(JsonText* text) : text_(text) {}
        char operator*() const { return text_->peek(); }
        Iterator& operator++() {
            text_->advance();
            return *this;
        }
        void operator++(int) { text_->advance(); }
        bool operator==(const Iterator& other) const { return at_end() == other.at_end(); }

    private:
        bool at_end() const { return text_ == nullptr || text_->at_end(); }
        JsonText* text_ = nullptr;
    };
    Iterator begin() { return Iterator(this); }
    static Iterator end() { return {}; }

    /// Where the parser is: "file:line:column" of the last byte it took.
    std::string position() const { return fmt::format("{}:{}:{}", file_, line_, column_); }

    /// Takes the blanks the text starts with; true, with its newline taken too, when the line
    /// holds nothing else.
    bool skip_blanks() {
        while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\r')) advance();
        if (!at_end()) return false;
        skip_line();
        return true;
    }

    /// The bytes taken since start_record(): a reader holds a record's JSON whole, and checks
    /// it against max_record_bytes as the parser goes.
    void start_record() { record_start_ = taken_total_; }
    std::size_t record_bytes() const { return taken_total_ - record_start_; }

    /// Skips what is left of the line (after an error), the newline included.
    void skip_line() {
        for (int c = buffer_.sbumpc(); c != std::char_traits<char>::eof() && c != '\n'; c = buffer_.sbumpc()) {
        }
    }

private:
    using traits = std::char_traits<char>;
    bool at_end() const {
        if (taken_ < prefix_.size()) return false;
        const int c = buffer_.sgetc();
        return c == traits::eof() || (one_line_ && c == '\n');
    }
    char peek() const { return taken_ < prefix_.size() ? prefix_[taken_] : traits::to_char_type(buffer_.sgetc()); }
    void advance() {
        const char c = peek();
        if (taken_ < prefix_.size()) {
            ++taken_;
        } else {
            buffer_.sbumpc();
        }
        ++column_;
        ++taken_total_;
        if (c == '\n') {
            ++line_;
            column_ = 0;
        }
        if (!in_string_) {
            if (c == '"') {
                in_string_ = true;
                string_bytes_ = 0;
            }
            return;
        }
        if (escaped_) {
            escaped_ = false;
        } else if (c == '\\') {
            escaped_ = true;
        } else if (c == '"') {
            in_string_ = false;
            return;
        }
        if (++string_bytes_ > max_input_string_bytes) {
            throw InputError(
                fmt::format("{}: a string longer than {} bytes; {}", position(), max_input_string_bytes, longest_field_text));
        }
    }

    std::streambuf& buffer_;
    std::string_view prefix_;
    bool one_line_;
    std::string file_;
    std::size_t line_;
    std::size_t taken_ = 0, column_ = 0, string_bytes_ = 0;
    bool in_string_ = false, escaped_ = false;
    std::size_t taken_total_ = 0, record_start_ = 0;
};

}  // namespace gpuclusters::formats
