#include "render/json_writer.hpp"

#include <string>

#include "render/render.hpp"

namespace gpuclusters::render {

void JsonWriter::place_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (levels_.empty()) return;
    out_ << (levels_.back() ? ",\n" : "\n") << std::string(levels_.size() * 2, ' ');
    levels_.back() = true;
}

void JsonWriter::begin(char bracket) {
    place_value();
    out_ << bracket;
    levels_.push_back(false);
}

void JsonWriter::end(char bracket) {
    const bool any = levels_.back();
    levels_.pop_back();
    if (any) out_ << "\n" << std::string(levels_.size() * 2, ' ');
    out_ << bracket;
}

void JsonWriter::key(std::string_view name) {
    place_value();
    out_ << json_text(Json(name)) << ": ";
    after_key_ = true;
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
