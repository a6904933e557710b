#pragma once
// A JSON document written piece by piece, for output too large to build whole (log of a large
// changeset): laid out exactly as Json::dump(2) lays it out, so that it reads like the rest.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string_view>
#include <vector>

namespace gpuclusters::render {

class JsonWriter {
public:
    explicit JsonWriter(std::ostream& out) : out_(out) {}
    void begin_object() { begin('{'); }
    void end_object() { end('}'); }
    void begin_array() { begin('['); }
    void end_array() { end(']'); }
    /// The name of the next member of the open object.
    void key(std::string_view name);
    /// A whole value: an element of the open array, the value of the key just written, or the
    /// document.
    void value(const nlohmann::ordered_json& value);
    /// key(), then value().
    void member(std::string_view name, const nlohmann::ordered_json& json) {
        key(name);
        value(json);
    }

private:
    // Where the next value goes: after a comma and a new line, unless a key just put it in place.
    void place_value();
    void begin(char bracket);
    void end(char bracket);
    std::ostream& out_;
    std::vector<bool> levels_;  ///< whether each open object or array holds anything yet
    bool after_key_ = false;
};

}  // namespace gpuclusters::render
