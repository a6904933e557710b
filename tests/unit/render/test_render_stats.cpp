#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "gpuclusters/ledger/stats.hpp"
#include "render/render.hpp"

using namespace gpuclusters;

namespace {

struct StatsStreams {
    std::ostringstream out, err;
    render::Output output(bool json) { return render::Output{out, err, render::Style(false), json, false}; }
};

ledger::StatsRow row_for_render(const std::string& id, std::optional<std::string> canonical, std::optional<long long> count,
                                std::optional<std::string> country) {
    ledger::StatsRow row;
    row.id = id;
    row.model_known = canonical.has_value();
    row.gpu_model_canonical = std::move(canonical);
    row.count = count;
    row.dimensions[1] = std::move(country);
    return row;
}

}  // namespace

TEST_CASE("print_stats says unknown where no record gives a figure, and what it left out") {
    const auto stats = ledger::tally_stats(
        {row_for_render("a", "NVIDIA H100", 1200, "US"), row_for_render("b", "NVIDIA H100", std::nullopt, "FR"),
         row_for_render("c", "Google TPU v5p", 8960, "FI"), row_for_render("d", "Amazon Trainium2", std::nullopt, "FI"),
         row_for_render("e", std::nullopt, std::nullopt, std::nullopt)});
    StatsStreams text;
    render::print_stats(text.output(false), stats);
    const std::string page = text.out.str();
    CAPTURE(page);
    CHECK(page.find("GPUs installed  1,200 in 1 cluster: physical GPUs, a site once\n") != std::string::npos);
    CHECK(page.find("not GPUs        TPU: 1 cluster, 8,960 accelerators\n"
                    "                Trainium: 1 cluster, accelerators unknown\n") != std::string::npos);
    CHECK(page.find("left out        unknown model: 1 cluster, chips unknown\n"
                    "                not a GPU: 2 clusters, 8,960 accelerators in the 1 that publishes a count\n"
                    "                unknown count: 1 cluster, GPUs unknown\n") != std::string::npos);
    CHECK(page.find("France (FR)") != std::string::npos);
    CHECK(page.find("COUNTED  GPUS INSTALLED") != std::string::npos);
    // France counts nothing and left a GPU count unknown; Finland holds accelerators only.
    const auto line_of = [&](const std::string& start) {
        return page.substr(page.find(start), page.find('\n', page.find(start)) - page.find(start));
    };
    CHECK(line_of("France (FR)").ends_with("unknown"));
    CHECK(line_of("Finland (FI)").ends_with(" 0"));
    CHECK(line_of("United States of America (US)").ends_with("1200"));  // a table's figures, plain off a terminal

    StatsStreams json;
    render::print_stats(json.output(true), stats);
    const auto document = nlohmann::json::parse(json.out.str());
    CHECK(document["gpus_installed"] == 1200);
    CHECK(document["clusters_counted"] == 1);
    CHECK(document["left_out"]["unknown_count"]["count"].is_null());
    CHECK(document["left_out"]["not_a_gpu"]["count"] == 8960);
    CHECK(document["left_out"]["superseded_phase"]["clusters"] == 0);
    CHECK(document["accelerators"][1]["chip"] == "Trainium");
    CHECK(document["accelerators"][1]["accelerators"].is_null());
    for (const auto& group : document["by"]["country"]) {
        if (group["value"] == "FR") CHECK(group["gpus_installed"].is_null());
        if (group["value"] == "FI") CHECK(group["gpus_installed"] == 0);
    }
}

TEST_CASE("print_stats of a total that is all unknown, and of one that leaves nothing out") {
    StatsStreams unknown;
    render::print_stats(unknown.output(false), ledger::tally_stats({row_for_render("a", "NVIDIA H100", std::nullopt, "US")}));
    CHECK(unknown.out.str().find("GPUs installed  unknown: no GPU cluster publishes a count\n") != std::string::npos);
    StatsStreams json;
    render::print_stats(json.output(true), ledger::tally_stats({row_for_render("a", "NVIDIA H100", std::nullopt, "US")}));
    CHECK(nlohmann::json::parse(json.out.str())["gpus_installed"].is_null());
    StatsStreams all;
    render::print_stats(all.output(false), ledger::tally_stats({row_for_render("a", "NVIDIA H100", 8, "US")}));
    CHECK(all.out.str().find("left out        nothing\n") != std::string::npos);
    CHECK(all.out.str().find("not GPUs") == std::string::npos);
}
