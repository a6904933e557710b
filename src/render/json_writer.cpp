#include "render/json_writer.hpp"

#include <algorithm>
#include <string>

#include "render/render.hpp"

namespace gpuclusters::render {

void JsonWriter::place_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (levels_.empty()) return;
    Level& level = levels_.back();
    out_ << (level.any ? ",\n" : "\n") << std::string(levels_.size() * 2, ' ');
    level.any = true;
}

void JsonWriter::begin_object() {
    place_value();
    out_ << "{";
    levels_.push_back({true, false});
}

void JsonWriter::begin_array() {
    place_value();
    out_ << "[";
    levels_.push_back({false, false});
}

void JsonWriter::end_object() {
    const bool any = levels_.back().any;
    levels_.pop_back();
    if (any) out_ << "\n" << std::string(levels_.size() * 2, ' ');
    out_ << "}";
}

void JsonWriter::end_array() {
    const bool any = levels_.back().any;
    levels_.pop_back();
    if (any) out_ << "\n" << std::string(levels_.size() * 2, ' ');
    out_ << "]";
}

namespace {

// A string as dump() writes it. Plain printable ASCII is written as it is; anything else (a
// control to escape, UTF-8 to check) goes through the library, so that both agree byte for byte.
void write_string(std::ostream& out, std::string_view text) {
    const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte >= 0x20 && byte < 0x7f && c != '"' && c != '\\';
    });
    if (!plain) {
        out << json_text(Json(text));
        return;
    }
    out << '"';
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out << '"';
}

}  // namespace

void JsonWriter::key(std::string_view name) {
    place_value();
    write_string(out_, name);
    out_ << ": ";
    after_key_ = true;
}

void JsonWriter::string(std::string_view text) {
    place_value();
    write_string(out_, text);
}

void JsonWriter::number(long long number) {
    place_value();
    out_ << number;
}

void JsonWriter::boolean(bool value) {
    place_value();
    out_ << (value ? "true" : "false");
}

void JsonWriter::value(const nlohmann::ordered_json& json) {
    place_value();
    // A nested value is laid out as dump(2) lays it out at the top, shifted to its depth.
    const std::string text = json_text(json);
    const std::string shift = "\n" + std::string(levels_.size() * 2, ' ');
    std::size_t from = 0;
    for (std::size_t newline = text.find('\n'); newline != std::string::npos; newline = text.find('\n', from)) {
        out_.write(text.data() + from, static_cast<std::streamsize>(newline - from));
        out_ << shift;
        from = newline + 1;
    }
    out_.write(text.data() + from, static_cast<std::streamsize>(text.size() - from));
}

}  // namespace gpuclusters::render
