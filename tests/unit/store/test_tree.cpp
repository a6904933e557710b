#include <doctest/doctest.h>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/revert.hpp"
#include "gpuclusters/store/store.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

model::ChangeRequest tree_request(const std::string& id, std::vector<model::FieldInput> fields) {
    model::ChangeRequest request;
    request.sources.push_back({"https://example.org/report", std::string("operator"), std::nullopt, std::nullopt, std::nullopt,
                               std::string("2026-11-01"), std::nullopt, "--source"});
    for (auto& field : fields) {
        if (field.action != model::FieldAction::rank && field.action != model::FieldAction::clear)
            field.citations.push_back({0, "", "the quote", "--quote"});
    }
    request.records.push_back({id, "ID", std::move(fields), false});
    request.changeset = {0, "2026-11-30T12:00:00Z", "tester", "test", "gpuclusters add"};
    request.today = "2026-11-30";
    return request;
}

}  // namespace

TEST_CASE("the tree's extras: the reasons of ranks in force, the fields made unknown, the clusters removed") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("tree.db"), created);
    ledger::apply_changes(store, tree_request("c1", {{.field = "owner", .raw_value = "Acme", .origin = "o"},
                                                     {.field = "city", .raw_value = "Paris", .origin = "c"}}));
    ledger::apply_changes(store, tree_request("c2", {{.field = "owner", .raw_value = "Beta", .origin = "o"}}));
    auto extras = store.tree_extras("c1");
    CHECK(extras.rank_reasons.empty());
    CHECK(extras.cleared_fields.empty());

    ledger::apply_changes(store, tree_request("c1", {{.field = "owner",
                                                      .origin = "r",
                                                      .action = model::FieldAction::rank,
                                                      .rank = model::Rank::deprecated,
                                                      .reason = "the operator names another owner"},
                                                     {.field = "city", .origin = "x", .action = model::FieldAction::clear}}));
    extras = store.tree_extras("c1");
    const auto record = store.load_record("c1", std::nullopt);
    REQUIRE(record);
    REQUIRE(record->claims.size() == 1);
    CHECK(extras.rank_reasons == std::map<long long, std::string>{{record->claims[0].id, "the operator names another owner"}});
    CHECK(extras.cleared_fields == std::vector<std::string>{"city"});
    CHECK(store.tree_extras("c2").cleared_fields.empty());

    CHECK(store.removed_clusters().empty());
    // Reverting the changeset that made c2 removes it.
    ledger::revert(store, {"2", false, false}, {0, "2026-11-30T13:00:00Z", "tester", "", "gpuclusters revert"}, "2026-11-30",
                   [](const ledger::RevertResult&, const ledger::ChangesetView&) {});
    CHECK(store.removed_clusters() == std::vector<std::string>{"c2"});
}
