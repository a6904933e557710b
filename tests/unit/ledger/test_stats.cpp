#include <doctest/doctest.h>

#include <numeric>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/stats.hpp"
#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/store/store.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

// A row as stats reads it: a catalogued model (its catalogue name), a count, links.
ledger::StatsRow stats_row_of(const std::string& id, const std::string& model, std::optional<long long> count,
                              std::vector<model::Relation> related = {}) {
    ledger::StatsRow row;
    row.id = id;
    row.model_known = !model.empty();
    if (const auto* entry = model.empty() ? nullptr : model::GpuCatalogue::builtin().find(model))
        row.gpu_model_canonical = entry->model;
    row.count = count;
    row.related = std::move(related);
    return row;
}

long long clusters_accounted(const ledger::DatasetStats& stats) {
    return std::accumulate(stats.left_out.begin(), stats.left_out.end(), stats.gpus.clusters,
                           [](long long sum, const ledger::Tally& tally) { return sum + tally.clusters; });
}

}  // namespace

TEST_CASE("a chain of phases counts its newest phase that gives a count, whichever way it is linked") {
    // a <- b <- c <- d: b says it supersedes nothing but a says b supersedes it; c builds upon b;
    // d builds upon c with no count.
    const std::vector<ledger::StatsRow> rows{
        stats_row_of("a", "H100", 100, {{"b", "superseded-by"}}),
        stats_row_of("b", "H100", 300),
        stats_row_of("c", "H100", 600, {{"b", "builds-upon"}}),
        stats_row_of("d", "H100", std::nullopt, {{"c", "builds-upon"}}),
    };
    CHECK(ledger::superseded_phases(rows) == std::vector<std::string>{"a", "b"});
    const auto stats = ledger::tally_stats(rows);
    CHECK(stats.gpus_installed() == 600);
    CHECK(stats.gpus.clusters == 1);
    CHECK(stats.left_out_for(ledger::LeftOut::superseded_phase).units == 400);
    CHECK(stats.left_out_for(ledger::LeftOut::unknown_count).clusters == 1);
    CHECK(clusters_accounted(stats) == 4);
}

TEST_CASE("links through a phase with no count still reach the newer one; no present phase, no link") {
    SUBCASE("transitively") {
        const std::vector<ledger::StatsRow> rows{stats_row_of("p1", "A100", 10, {{"p2", "superseded-by"}}),
                                                 stats_row_of("p2", "A100", std::nullopt, {{"p3", "superseded-by"}}),
                                                 stats_row_of("p3", "A100", 30)};
        CHECK(ledger::superseded_phases(rows) == std::vector<std::string>{"p1", "p2"});
    }
    SUBCASE("to an absent record, to itself, or same-site") {
        const std::vector<ledger::StatsRow> rows{
            stats_row_of("p1", "A100", 10, {{"gone", "superseded-by"}, {"p1", "superseded-by"}, {"p2", "same-site"}}),
            stats_row_of("p2", "A100", 30, {{"p1", "same-site"}})};
        CHECK(ledger::superseded_phases(rows).empty());
        CHECK(ledger::tally_stats(rows).gpus_installed() == 40);
    }
    SUBCASE("a cycle: neither is newer") {
        const std::vector<ledger::StatsRow> rows{stats_row_of("x", "A100", 1, {{"y", "superseded-by"}}),
                                                 stats_row_of("y", "A100", 2, {{"x", "superseded-by"}}),
                                                 stats_row_of("z", "A100", 4, {{"y", "builds-upon"}})};
        // z is newer than both (they reach it, it reaches neither).
        CHECK(ledger::superseded_phases(rows) == std::vector<std::string>{"x", "y"});
        const std::vector<ledger::StatsRow> two(rows.begin(), rows.begin() + 2);
        CHECK(ledger::superseded_phases(two).empty());
    }
}

TEST_CASE("each record is counted or left out for one reason, in order; accelerators by chip") {
    std::vector<ledger::StatsRow> rows{
        stats_row_of("gpu", "H100", 1000),
        stats_row_of("tpu", "Google TPU v5p", 8960),
        stats_row_of("tpu-nocount", "TPU v4", std::nullopt),
        stats_row_of("lpu", "GroqChip LPU v1", 19725),
        stats_row_of("old-tpu", "TPU v4", 4096, {{"tpu", "superseded-by"}}),  // superseded before not a GPU
        stats_row_of("nomodel", "", 64),
        stats_row_of("gpu-nocount", "H100", std::nullopt),
    };
    rows.push_back(stats_row_of("odd", "H100", 32));
    rows.back().gpu_model_canonical = "Frobnicator 9000";  // a name the catalogue does not hold
    rows.push_back(stats_row_of("stale-name", "H100", 8));
    rows.back().gpu_model_canonical = "H100";  // a spelling, not the catalogue's name: uncatalogued, as in SQL
    const auto stats = ledger::tally_stats(rows);
    CHECK(stats.gpus_installed() == 1000);
    CHECK(stats.left_out_for(ledger::LeftOut::superseded_phase).clusters == 1);
    CHECK(stats.left_out_for(ledger::LeftOut::not_a_gpu).clusters == 3);
    CHECK(stats.left_out_for(ledger::LeftOut::not_a_gpu).units == 8960 + 19725);
    CHECK(stats.left_out_for(ledger::LeftOut::unknown_model).units == 64);
    CHECK(stats.left_out_for(ledger::LeftOut::uncatalogued_model).clusters == 2);
    CHECK(stats.left_out_for(ledger::LeftOut::unknown_count).clusters == 1);
    CHECK(stats.left_out_for(ledger::LeftOut::unknown_count).sum() == std::nullopt);
    CHECK(clusters_accounted(stats) == static_cast<long long>(rows.size()));
    REQUIRE(stats.accelerators.size() == 2);
    CHECK(stats.accelerators[0].first == "LPU");
    CHECK(stats.accelerators[0].second.sum() == 19725);
    CHECK(stats.accelerators[1].first == "TPU");
    CHECK(stats.accelerators[1].second.clusters == 2);
    CHECK(stats.accelerators[1].second.with_count == 1);
    CHECK(stats.accelerators[1].second.sum() == 8960);
}

TEST_CASE("unknown is unknown: a total or group that counts none of its records and left one out as unknown") {
    auto unknown_count = stats_row_of("a", "H100", std::nullopt);
    unknown_count.dimensions[1] = "FR";
    auto accelerator = stats_row_of("b", "Google TPU v5p", 100);
    accelerator.dimensions[1] = "FI";
    auto counted = stats_row_of("c", "H100", 5);
    counted.dimensions[1] = "US";
    auto unknown_model = stats_row_of("d", "", 7);
    unknown_model.dimensions[1] = "US";
    CHECK(ledger::tally_stats({unknown_count}).gpus_installed() == std::nullopt);
    CHECK(ledger::tally_stats({accelerator}).gpus_installed() == 0);  // known to hold no GPU
    CHECK(ledger::tally_stats({}).gpus_installed() == 0);
    const auto stats = ledger::tally_stats({unknown_count, accelerator, counted, unknown_model});
    CHECK(stats.gpus_installed() == 5);
    const auto& countries = stats.by[1].second;
    REQUIRE(countries.size() == 3);
    CHECK(countries[0].value == "FI");
    CHECK(countries[0].gpus_installed() == 0);
    CHECK(countries[1].value == "FR");
    CHECK(countries[1].gpus_installed() == std::nullopt);
    CHECK(countries[2].value == "US");
    CHECK(countries[2].gpus_installed() == 5);
    CHECK(countries[2].with_gpu_count == 2);
    CHECK(countries[2].gpus.clusters == 1);
    // Every group lists the records once: unknown values last.
    CHECK(stats.by[0].second.size() == 1);
    CHECK_FALSE(stats.by[0].second[0].value.has_value());
}

TEST_CASE("bounds are counted at their number and tallied apart") {
    auto approximate = stats_row_of("a", "H100", 2000);
    approximate.bound = std::string(model::bound_approximate);
    auto at_least = stats_row_of("b", "H100", 1500);
    at_least.bound = std::string(model::bound_at_least);
    auto superseded = stats_row_of("c", "H100", 10, {{"a", "superseded-by"}});
    superseded.bound = std::string(model::bound_at_least);
    const auto stats = ledger::tally_stats({approximate, at_least, superseded, stats_row_of("d", "H100", 1)});
    CHECK(stats.gpus_installed() == 3501);
    CHECK(stats.approximate.clusters == 1);
    CHECK(stats.approximate.units == 2000);
    CHECK(stats.at_least.clusters == 1);  // the superseded one is not in the total
    CHECK(stats.at_least.units == 1500);
}

TEST_CASE("dataset_stats reads the present records' values from the store") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("s.db"), created);
    model::ChangeRequest request;
    request.changeset = {0, "2026-11-30T12:00:00Z", "tester", "test", "gpuclusters add"};
    request.today = "2026-11-30";
    const auto record = [&](const std::string& id, std::vector<std::pair<std::string, std::string>> values) {
        model::RecordInput input{id, "ID", {}, false};
        input.unsourced = true;
        for (auto& [field, value] : values)
            input.fields.push_back({.field = field, .raw_value = value, .origin = "--set " + field});
        request.records.push_back(std::move(input));
    };
    record("old",
           {{"gpu_model", "H100 SXM5"}, {"gpus_installed", "~1,000"}, {"related", "new (superseded-by)"}, {"country", "CH"}});
    record("new", {{"gpu_model", "H100"}, {"gpus_installed", "2,000+"}, {"country", "CH"}});
    record("tpu", {{"gpu_model", "TPU v4"}, {"gpus_installed", "4096"}});
    ledger::apply_changes(store, request);
    const auto stats = ledger::dataset_stats(store);
    CHECK(stats.clusters == 3);
    CHECK(stats.gpus_installed() == 2000);
    CHECK(stats.at_least.units == 2000);
    CHECK(stats.left_out_for(ledger::LeftOut::superseded_phase).units == 1000);
    REQUIRE(stats.accelerators.size() == 1);
    CHECK(stats.accelerators[0].first == "TPU");
    CHECK(stats.by[1].second.front().value == "CH");
    CHECK(stats.by[1].second.front().gpus_installed() == 2000);
}
