// status-contradiction: a record's status notes, read for the events they report, against its
// status.
#include <fmt/format.h>

#include "rules/reading_rules.hpp"
#include "rules/reading_support.hpp"

namespace gpuclusters::rules::reading {

void status_contradiction(const Record& record, const Context& context, std::vector<Finding>& out) {
    const Claim* status = record.value_of("status");
    const Claim* notes = record.value_of("status_notes");
    if (!status || !notes) return;
    const int year = std::stoi(context.today.substr(0, 4));
    const auto events = context.config.quote_reader().status_events(notes->value.value, year);
    const StatusEvent* live_now = nullptr;
    const StatusEvent* live_later = nullptr;
    const StatusEvent* live_denied = nullptr;
    const StatusEvent* building = nullptr;
    const StatusEvent* began = nullptr;
    const StatusEvent* retired = nullptr;
    const StatusEvent* retiring = nullptr;
    for (const auto& event : events) {
        switch (event.kind) {
            case StatusEvent::Kind::live:
                if (event.happened && !live_now) live_now = &event;
                if (!event.happened && !live_later) live_later = &event;
                if (event.denied && !live_denied) live_denied = &event;
                break;
            case StatusEvent::Kind::construction:
                if (event.happened && event.began && !began) began = &event;
                if (event.happened && !event.began && !building) building = &event;
                break;
            case StatusEvent::Kind::retired:
                if (event.happened && !retired) retired = &event;
                if (!event.happened && !event.denied && !retiring) retiring = &event;
                break;
        }
    }
    // Construction that began is building still, unless the notes say it went live since.
    if (!building && !live_now) building = began;
    const std::string& value = status->value.value;
    std::string problem;
    bool soft = false;
    if (retired) {
        problem = fmt::format("retired: '{}'", retired->words);
    } else if (retiring && retiring->year != 0 && retiring->year < year) {
        // "Planned to be decommissioned in 2025", read in 2026: its date has passed.
        problem = fmt::format("retired by now: '{}'", retiring->words);
    } else if (retiring && (retiring->year == 0 || retiring->year <= year + 1)) {
        // A retirement soon, or at a date the notes do not give: the status is right today and
        // may not be for long. One years away says nothing against it.
        problem = fmt::format("to be retired: '{}'", retiring->words);
        soft = true;
    } else if (value == "operational" && !live_now && live_later) {
        problem = fmt::format("not live yet: '{}'", live_later->words);
    } else if (value == "operational" && !live_now && building) {
        problem = fmt::format("under construction: '{}'", building->words);
    } else if (value == "partly operational" && !live_now && live_denied) {
        // Building goes on in a partly operational cluster and more goes live later; only notes
        // that deny it is live say that no part of it is.
        problem = fmt::format("not live in any part yet: '{}'", live_denied->words);
    } else if ((value == "announced" || value == "under construction") && live_now &&
               !(value == "announced" && live_later && !building)) {
        problem = fmt::format("live{}: '{}'", building ? " in part" : "", live_now->words);
        soft = true;
    } else if (value == "announced" && building) {
        problem = fmt::format("under construction: '{}'", building->words);
        soft = true;
    }
    if (problem.empty()) return;
    auto result = finding(record, status, "status", fmt::format("status is {}, but status_notes say it is {}", value, problem));
    // A record behind the news (announced, and the notes say it is built or live) is a warning.
    if (soft) result.severity = Severity::warning;
    out.push_back(std::move(result));
}

}  // namespace gpuclusters::rules::reading
