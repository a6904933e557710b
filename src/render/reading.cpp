// The quote reader's reading, as text and JSON (gpuclusters quote).
#include <fmt/format.h>

#include "render/render.hpp"

namespace gpuclusters::render {
namespace {

Json reading_json(std::string_view quote, const std::vector<rules::Quantity>& quantities) {
    return json_array(quantities, [&](const auto& q) {
        return Json{{"figure", std::string(quote.substr(q.begin, q.end - q.begin))},
                    {"value", q.value.to_string()},
                    {"alternative", q.alternative ? Json(q.alternative->to_string()) : Json(nullptr)},
                    {"upper", q.upper ? Json(q.upper->to_string()) : Json(nullptr)},
                    {"unit", rules::to_string(q.unit)},
                    {"noun", q.unit_words},
                    {"model", q.model ? Json(q.model->model) : Json(nullptr)},
                    {"per", q.per == rules::Unit::none ? Json(nullptr) : Json(rules::to_string(q.per))},
                    {"bound", rules::to_string(q.bound)},
                    {"bound_words", q.bound_words},
                    {"modality", rules::to_string(q.modality)},
                    {"modality_words", q.modality_words},
                    {"capacity", q.capacity},
                    {"capacity_words", q.capacity_words},
                    {"peak", q.peak},
                    {"difference", q.difference},
                    {"difference_words", q.difference_words},
                    {"excerpt", rules::excerpt(quote, q)}};
    });
}

Json status_json(const std::vector<rules::StatusEvent>& events) {
    return json_array(events, [](const auto& event) {
        const char* kind = event.kind == rules::StatusEvent::Kind::live           ? "live"
                           : event.kind == rules::StatusEvent::Kind::construction ? "construction"
                                                                                  : "retired";
        return Json{{"event", kind},
                    {"happened", event.happened},
                    {"partial", event.partial},
                    {"still", event.still},
                    {"words", event.words}};
    });
}

}  // namespace

void print_reading(const Output& output, std::string_view quote, const std::vector<rules::Quantity>& quantities) {
    if (output.json) {
        print_json(output.out, reading_json(quote, quantities));
        return;
    }
    if (quantities.empty()) {
        output.out << "no figures\n";
        return;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& q : quantities) {
        std::string value = q.value.to_string() + (q.alternative ? " or " + q.alternative->to_string() : "") +
                            (q.upper ? " to " + q.upper->to_string() : "");
        std::string unit(rules::to_string(q.unit));
        if (q.model) unit += " (" + q.model->model + ")";
        if (q.per != rules::Unit::none) unit += fmt::format(" per {}", rules::to_string(q.per));
        std::string bound(rules::to_string(q.bound));
        if (!q.bound_words.empty()) bound += ": " + q.bound_words;
        std::string modality(rules::to_string(q.modality));
        if (!q.modality_words.empty()) modality += ": " + q.modality_words;
        if (q.capacity) modality += (q.peak ? "; peak: " : "; capacity: ") + q.capacity_words;
        if (q.difference) modality += "; difference: " + q.difference_words;
        rows.push_back({std::string(quote.substr(q.begin, q.end - q.begin)), value, unit, bound, modality});
    }
    print_table(output, {"FIGURE", "VALUE", "COUNTS", "BOUND", "MODALITY"}, rows);
}

void print_status_events(const Output& output, const std::vector<rules::StatusEvent>& events) {
    if (output.json) {
        print_json(output.out, status_json(events));
        return;
    }
    if (events.empty()) {
        output.out << "no status events\n";
        return;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& event : events) {
        const char* kind = event.kind == rules::StatusEvent::Kind::live ? (event.partial ? "live in part" : "live")
                           : event.kind == rules::StatusEvent::Kind::construction
                               ? (event.still ? "still under construction" : "under construction")
                               : "retired";
        rows.push_back({kind, event.happened ? "reported" : "not yet / denied", event.words});
    }
    print_table(output, {"EVENT", "STATE", "WORDS"}, rows);
}

}  // namespace gpuclusters::render
