// status-contradiction: what a record's status notes and the quotes cited for its status report,
// read for the events they give, against its status.
#include <fmt/format.h>

#include "gpuclusters/rules/duplicates.hpp"
#include "rules/reading_rules.hpp"
#include "rules/reading_support.hpp"

namespace gpuclusters::rules::reading {
namespace {

// An event and the text that reports it: the notes (no citation) or a quote cited for the status.
struct Reported {
    StatusEvent event;
    const model::Citation* citation = nullptr;
};

// The first event of each kind the rule weighs, over every text read.
struct Events {
    const Reported* live_now = nullptr;   // live in full
    const Reported* live_part = nullptr;  // live in part only
    const Reported* live_later = nullptr;
    const Reported* live_denied = nullptr;
    const Reported* building = nullptr;
    const Reported* still_building = nullptr;  // live, then building still
    const Reported* began = nullptr;
    const Reported* to_build = nullptr;  // construction planned: "der Aufbau soll 2024 beginnen"
    const Reported* retired = nullptr;
    const Reported* retiring = nullptr;

    // `whole_is_part`: the record is itself a phase, and a phase live is the record live.
    Events(const std::vector<Reported>& reported, bool whole_is_part) {
        const auto first = [](const Reported*& slot, const Reported& it) {
            if (!slot) slot = &it;
        };
        for (const auto& it : reported) {
            const StatusEvent& event = it.event;
            switch (event.kind) {
                case StatusEvent::Kind::live:
                    if (event.happened) first(event.partial && !whole_is_part ? live_part : live_now, it);
                    if (!event.happened) first(live_later, it);
                    if (event.denied) first(live_denied, it);
                    break;
                case StatusEvent::Kind::construction:
                    if (event.happened && event.began) first(began, it);
                    if (event.happened && !event.began) first(building, it);
                    if (event.still) first(still_building, it);
                    if (!event.happened && !event.denied) first(to_build, it);
                    break;
                case StatusEvent::Kind::retired:
                    if (event.happened) first(retired, it);
                    if (!event.happened && !event.denied) first(retiring, it);
                    break;
            }
        }
        // Construction that began is building still, unless a text says it went live since.
        if (!building && !live_now && !live_part) building = began;
    }
};

// A record named for a phase ("RSC-1 Phase 1"): what the texts say of a phase is said of it.
bool named_for_phase(const Record& record, const Context& context) {
    const Claim* name = record.value_of("name");
    return name && !phase_of_name(name->value.value, context.config.duplicates).empty();
}

// The events of the notes, then those of every quote cited for the status or the notes: an
// editor's neutral note does not hide a quote that says the machine is still being deployed.
std::vector<Reported> reported_events(const Claim& status, const Claim* notes, const Context& context, int year) {
    std::vector<Reported> reported;
    if (notes) {
        for (const auto& event : reading::status_events_of(context, notes->value.value, year))
            reported.push_back({event, nullptr});
    }
    for (const Claim* claim : {&status, notes}) {
        if (!claim) continue;
        for (const auto& citation : claim->citations) {
            if (citation.quote.empty() || (notes && citation.quote == notes->value.value)) continue;
            for (const auto& event : reading::status_events_of(context, citation.quote, year)) {
                reported.push_back({event, &citation});
            }
        }
    }
    return reported;
}

struct Contradiction {
    std::string said;  // what the text says the cluster is: "not live yet: 'expected in 2027'"
    std::string kind;
    const Reported* by = nullptr;
    bool soft = false;  // a warning: the status may stand today
};

Contradiction contradiction(const std::string& value, const Events& e, int year) {
    const auto words = [](const Reported* it) { return "'" + it->event.words + "'"; };
    if (e.retired) return {"retired: " + words(e.retired), "retired", e.retired};
    if (e.retiring && e.retiring->event.year != 0 && e.retiring->event.year < year) {
        // "Planned to be decommissioned in 2025", read in 2026: its date has passed.
        return {"retired by now: " + words(e.retiring), "retired", e.retiring};
    }
    if (e.retiring && (e.retiring->event.year == 0 || e.retiring->event.year <= year + 1)) {
        // A retirement soon, or at a date not given: the status is right today and may not be
        // for long. One years away says nothing against it.
        return {"to be retired: " + words(e.retiring), "retiring", e.retiring, true};
    }
    const bool live = e.live_now || e.live_part;
    if (value == "operational" && !live && e.live_later)
        return {"not live yet: " + words(e.live_later), "not-live", e.live_later};
    if (value == "operational" && !live && !e.building && e.to_build) {
        return {"not live yet: " + words(e.to_build), "not-live", e.to_build};
    }
    if (value == "operational" && !live && e.building) {
        return {"under construction: " + words(e.building), "under-construction", e.building};
    }
    // "partially operational" says more than "running" does.
    if (value == "operational" && e.live_part) {
        return {"live in part only: " + words(e.live_part), "partly", e.live_part, true};
    }
    if (value == "operational" && e.still_building) {
        return {"live in part only, still being built: " + words(e.still_building), "partly", e.still_building, true};
    }
    if (value == "partly operational" && !live && e.live_denied) {
        // Building goes on in a partly operational cluster and more goes live later; only words
        // that deny it is live say that no part of it is.
        return {"not live in any part yet: " + words(e.live_denied), "not-live", e.live_denied};
    }
    const Reported* now = e.live_now ? e.live_now : e.live_part;
    if ((value == "announced" || value == "under construction") && now &&
        !(value == "announced" && e.live_later && !e.building)) {
        return {fmt::format("live{}: {}", e.building || !e.live_now ? " in part" : "", words(now)), "live", now, true};
    }
    if (value == "announced" && e.building) {
        return {"under construction: " + words(e.building), "under-construction", e.building, true};
    }
    return {};
}

}  // namespace

void status_contradiction(const Record& record, const Context& context, std::vector<Finding>& out) {
    const Claim* status = record.value_of("status");
    if (!status) return;
    const Claim* notes = record.value_of("status_notes");
    const int year = std::stoi(context.today.substr(0, 4));
    const auto reported = reported_events(*status, notes, context, year);
    const Events events(reported, named_for_phase(record, context));
    const auto found = contradiction(status->value.value, events, year);
    if (!found.by) return;
    const bool quoted = found.by->citation != nullptr;
    auto result = finding(record, status, "status",
                          fmt::format("status is {}, but {} say it is {}", status->value.value,
                                      quoted ? "the quotes cited for it" : "status_notes", found.said));
    result.kind = found.kind;
    if (quoted) cite_evidence(result, record, *found.by->citation);
    // A record behind the news (announced, and a text says it is built or live) is a warning.
    if (found.soft) result.severity = Severity::warning;
    out.push_back(std::move(result));
}

}  // namespace gpuclusters::rules::reading
