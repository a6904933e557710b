// verify's ledger side for an editor's day: findings left out as seen (a baseline), only the
// records changed since their signing, a class of findings accepted at once and undone by revert.
#include <doctest/doctest.h>

#include <algorithm>

#include "formats/rules_config.hpp"
#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/listing.hpp"
#include "gpuclusters/ledger/revert.hpp"
#include "gpuclusters/ledger/verification.hpp"
#include "gpuclusters/model/error.hpp"
#include "scratch_database.hpp"

using namespace gpuclusters;

// Named, not anonymous: the unity build puts this file in one unit with test_operations.cpp.
namespace verification_tests {

const std::string day = "2026-11-30";

model::Changeset written(const std::string& message) { return {0, day + "T12:00:00Z", "tester", message, "test"}; }

// A press total behind a count: press-only-count fires on it.
model::ChangeRequest press_count(const std::string& id, const std::string& country) {
    model::ChangeRequest request;
    request.sources.push_back({.reference = "https://press.example.com/" + id, .kind = "press", .origin = "--source"});
    request.records.push_back({.cluster_id = id,
                               .origin = "ID",
                               .fields = {{.field = "gpus_installed",
                                           .raw_value = "100,000",
                                           .citations = {{0, "", "100,000 GPUs", "--quote"}},
                                           .origin = "--set gpus_installed"},
                                          {.field = "country",
                                           .raw_value = country,
                                           .citations = {{0, "", "in " + country, "--quote"}},
                                           .origin = "--set country"}}});
    request.changeset = written("add " + id);
    request.today = day;
    return request;
}

std::vector<std::string> clusters_with(store::Store& store, const ledger::CheckRequest& request, const std::string& rule) {
    std::vector<std::string> ids;
    ledger::check(store, formats::default_rules_config(), day, request, [&](const std::vector<rules::Finding>& findings) {
        if (std::any_of(findings.begin(), findings.end(), [&](const auto& f) { return f.rule == rule && !f.accepted; }))
            ids.push_back(findings.front().cluster_id);
    });
    return ids;
}

}  // namespace verification_tests

using namespace verification_tests;

TEST_CASE("a finding the caller has seen is left out and counted as known; the rest count as ever") {
    ScratchDatabase db;
    ledger::apply_changes(db.store, press_count("press-one", "US"));
    ledger::apply_changes(db.store, press_count("press-two", "FI"));
    ledger::CheckRequest request;
    request.known = [](const rules::Finding& finding) { return finding.cluster_id == "press-one"; };
    std::vector<std::string> seen;
    const auto summary = ledger::check(db.store, formats::default_rules_config(), day, request,
                                       [&](const auto& findings) { seen.push_back(findings.front().cluster_id); });
    CHECK(seen == std::vector<std::string>{"press-two"});
    CHECK(summary.known >= 1);
    CHECK(summary.errors >= 1);  // press-two's
    CHECK(summary.clusters_with_findings == 1);
}

TEST_CASE("--new checks only the records whose badge is not current") {
    ScratchDatabase db;
    ledger::apply_changes(db.store, press_count("press-one", "US"));
    ledger::apply_changes(db.store, press_count("press-two", "FI"));
    const auto config = formats::default_rules_config();
    // Signed with its warnings: what its signer saw.
    for (const auto& rule : {"press-only-count", "required-field"}) {
        REQUIRE(ledger::accept(db.store, {.cluster_id = "press-one", .rule = rule, .reason = "asked the operator"},
                               written("accept"), day)
                    .changeset_id > 0);
    }
    const auto signing = ledger::sign(db.store, config, {"press-one"}, written("sign"), day);
    CAPTURE(signing.summary.errors);
    REQUIRE(signing.changeset_id > 0);
    ledger::CheckRequest request;
    request.unsigned_changes_only = true;
    std::vector<std::string> checked;
    const auto note = [&](const auto& findings) { checked.push_back(findings.front().cluster_id); };
    (void)ledger::check(db.store, config, day, request, note);
    CHECK(checked == std::vector<std::string>{"press-two"});
    // A change after the signing makes the badge stale: the record is checked again.
    ledger::apply_changes(db.store, press_count("press-one", "CA"));
    CHECK(ledger::badge_states(db.store, std::nullopt).at("press-one") == "stale");
    checked.clear();
    (void)ledger::check(db.store, config, day, request, note);
    CHECK(checked == std::vector<std::string>{"press-one", "press-two"});
}

TEST_CASE("accept: every standing finding of a rule in the clusters chosen, one changeset, undone by revert") {
    ScratchDatabase db;
    ledger::apply_changes(db.store, press_count("press-one", "US"));
    ledger::apply_changes(db.store, press_count("press-two", "FI"));
    ledger::apply_changes(db.store, press_count("press-three", "FI"));
    const auto config = formats::default_rules_config();

    ledger::BulkAcceptRequest dry{.rule = "press-only-count", .reason = "asked the operators", .dry_run = true};
    const auto previewed = ledger::accept_findings(db.store, config, dry, written(""), day);
    CHECK(previewed.cluster_ids == std::vector<std::string>{"press-one", "press-three", "press-two"});
    CHECK(previewed.changeset_id == 0);
    CHECK(db.store.acceptances(std::nullopt).empty());

    ledger::BulkAcceptRequest finnish{.rule = "press-only-count", .reason = "asked the operators"};
    finnish.filters.push_back(ledger::parse_filter("country=FI"));
    const auto accepted = ledger::accept_findings(db.store, config, finnish, written(""), day);
    CHECK(accepted.cluster_ids == std::vector<std::string>{"press-three", "press-two"});
    CHECK(accepted.findings == 2);
    REQUIRE(accepted.changeset_id > 0);
    const auto acceptances = db.store.acceptances(std::nullopt);
    CHECK(acceptances.size() == 2);
    CHECK(clusters_with(db.store, {}, "press-only-count") == std::vector<std::string>{"press-one"});

    // Again: nothing left to accept in those; the one named by --cluster only.
    ledger::BulkAcceptRequest again{.rule = "press-only-count", .reason = "x", .cluster_ids = {"press-two"}};
    const auto repeated = ledger::accept_findings(db.store, config, again, written(""), day);
    CHECK(repeated.cluster_ids.empty());
    CHECK(repeated.already_accepted == 1);
    CHECK(repeated.changeset_id == 0);

    ledger::RevertRequest undo;
    undo.changeset = std::to_string(accepted.changeset_id);
    ledger::revert(db.store, undo, written(""), day, [](const auto&, const auto&) {});
    CHECK(db.store.acceptances(std::nullopt).empty());
    CHECK(clusters_with(db.store, {}, "press-only-count").size() == 3);

    CHECK_THROWS_AS(ledger::accept_findings(db.store, config, {.rule = "merge-conflict", .reason = "x"}, written(""), day),
                    InputError);
    CHECK_THROWS_AS(
        ledger::accept_findings(db.store, config, {.rule = "press-only-count", .reason = "x", .cluster_ids = {"nobody"}},
                                written(""), day),
        InputError);
}

TEST_CASE("--where: > and < take any number, a count's 0 among them; unknown values sort last either way") {
    CHECK(ledger::parse_filter("gpus_installed>0").value == "0");
    CHECK(ledger::parse_filter("gpus_installed<1,000").value == "1000");
    CHECK(ledger::parse_filter("power_mw>0").value == "0");
    CHECK(ledger::parse_filter("power_mw>=0.50").value == "0.5");
    CHECK_THROWS_AS((void)ledger::parse_filter("gpus_installed>-1"), InputError);
    CHECK_THROWS_AS((void)ledger::parse_filter("gpus_installed=0"), InputError);  // no count equals 0

    ScratchDatabase db;
    ledger::apply_changes(db.store, press_count("big", "US"));
    ledger::apply_changes(db.store, press_count("small", "US"));
    model::ChangeRequest smaller = press_count("small", "US");
    smaller.records[0].fields[0].raw_value = "10";
    smaller.records[0].fields[0].citations[0].quote = "10 GPUs";
    ledger::apply_changes(db.store, smaller);
    model::ChangeRequest unknown = press_count("unknown", "US");
    unknown.records[0].fields.erase(unknown.records[0].fields.begin());
    ledger::apply_changes(db.store, unknown);
    for (const bool reverse : {false, true}) {
        ledger::ListQuery query;
        query.sort = &model::require_field("gpus_installed");
        query.reverse = reverse;
        std::vector<std::string> order;
        ledger::list_clusters(db.store, query, [&](const ledger::ListedCluster& cluster) { order.push_back(cluster.id); });
        CAPTURE(reverse);
        CHECK(order == (reverse ? std::vector<std::string>{"big", "small", "unknown"}
                                : std::vector<std::string>{"small", "big", "unknown"}));
    }
}
