// Editions of a list through the engine, as an editor writes them (add), not only through a
// mapping: an older edition's figure never replaces a newer one's, in either order.
#include <doctest/doctest.h>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/ledger/records.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/store/store.hpp"
#include "scratch_database.hpp"

using namespace gpuclusters;

namespace {

const std::string edition_day = "2026-11-30";

// power_mw of `id` as an edition of the list published on `published` (at its own url) gives it.
model::ChangeRequest edition(const std::string& id, const std::string& power, const std::string& published,
                             const std::string& list = "https://lists.example.org/top/") {
    model::ChangeRequest request;
    model::SourceInput source{.reference = list + published, .kind = "list", .origin = "--source"};
    if (!published.empty()) source.published = published;
    source.edition_of = list;
    request.sources.push_back(std::move(source));
    request.records.push_back({.cluster_id = id,
                               .origin = "ID",
                               .fields = {{.field = "power_mw",
                                           .raw_value = power,
                                           .citations = {{0, "System 1", "", "--locator"}},
                                           .origin = "--set power_mw"}}});
    request.changeset = {0, edition_day + "T12:00:00Z", "tester", "edition " + published, "test"};
    request.today = edition_day;
    return request;
}

struct EditionsDatabase : ScratchDatabase {
    // The field's claims that are not retired, "value rank", preferred first.
    std::vector<std::string> claims(const std::string& id) {
        const auto record = ledger::require_record(store, id, std::nullopt);
        std::vector<std::string> found;
        for (const auto& claim : record.claims) {
            if (claim.field != "power_mw" || claim.rank == model::Rank::retired) continue;
            const std::string line = claim.value.value + " " + std::string(model::to_string(claim.rank));
            if (claim.rank == model::Rank::preferred) {
                found.insert(found.begin(), line);
            } else {
                found.push_back(line);
            }
        }
        return found;
    }
};

}  // namespace

TEST_CASE("a newer edition's figure becomes the value and keeps the older one as a competing figure") {
    EditionsDatabase db;
    ledger::apply_changes(db.store, edition("alpha", "10", "2020-06-22"));
    const auto report = ledger::apply_changes(db.store, edition("alpha", "12", "2020-11-16"));
    CHECK(db.claims("alpha") == std::vector<std::string>{"12 preferred", "10 normal"});
    REQUIRE(report.fields.size() == 1);
    CHECK(report.fields.front().kept_previous);
    CHECK_FALSE(report.fields.front().kept_as_older);
}

TEST_CASE("an older edition's figure is kept beside the newer one's, which stays the value") {
    EditionsDatabase db;
    ledger::apply_changes(db.store, edition("alpha", "12", "2020-11-16"));
    const auto report = ledger::apply_changes(db.store, edition("alpha", "10", "2020-06-22"));
    CHECK(db.claims("alpha") == std::vector<std::string>{"12 preferred", "10 normal"});
    REQUIRE(report.fields.size() == 1);
    CHECK(report.fields.front().kept_as_older);
    CHECK(report.fields.front().new_display == report.fields.front().old_display);
    // The same older figure again: nothing new.
    CHECK_FALSE(ledger::apply_changes(db.store, edition("alpha", "10", "2020-06-22")).changed);
    CHECK(db.claims("alpha") == std::vector<std::string>{"12 preferred", "10 normal"});
}

TEST_CASE("editions of another list, or a value from no list, are not compared") {
    EditionsDatabase db;
    ledger::apply_changes(db.store, edition("alpha", "12", "2020-11-16"));
    ledger::apply_changes(db.store, edition("alpha", "10", "2020-06-22", "https://other.example.org/green/"));
    CHECK(db.claims("alpha") == std::vector<std::string>{"10 preferred"});
}

TEST_CASE("editions that their dates cannot order are refused, naming both sources") {
    EditionsDatabase db;
    ledger::apply_changes(db.store, edition("alpha", "12", "2020-11"));
    CHECK_THROWS_WITH_AS(ledger::apply_changes(db.store, edition("alpha", "10", "2020")),
                         doctest::Contains("cannot be ordered: this one (source 2) is of 2020, the one behind the current value "
                                           "(source 1) is of 2020-11"),
                         InputError);
    CHECK_THROWS_WITH_AS(ledger::apply_changes(db.store, edition("alpha", "10", "")), doctest::Contains("has no published date"),
                         InputError);
    CHECK(db.claims("alpha") == std::vector<std::string>{"12 preferred"});
}
