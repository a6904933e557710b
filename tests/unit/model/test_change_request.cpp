#include <doctest/doctest.h>

#include <string>

#include "gpuclusters/model/change_request.hpp"

using gpuclusters::model::SourceInput;

TEST_CASE("a source's metadata reads and writes through the member each key names") {
    SourceInput source;
    for (const auto& key : gpuclusters::model::source_metadata_keys) CHECK_FALSE(source.*key.member);
    source.*gpuclusters::model::source_metadata_keys[0].member = std::string("operator");
    CHECK(source.kind.value_or("") == "operator");
}

TEST_CASE("record: with no preferred claim, several of rank normal are the value, shown with their count") {
    using gpuclusters::model::Claim;
    using gpuclusters::model::Rank;
    gpuclusters::model::Record record;
    record.id = "acme-one";
    auto claim = [](long long id, const char* value, Rank rank) {
        Claim made;
        made.id = id;
        made.field = "gpus_installed";
        made.value.value = value;
        made.rank = rank;
        return made;
    };
    record.claims = {claim(1, "12288", Rank::normal), claim(2, "14000", Rank::normal), claim(3, "13000", Rank::deprecated)};
    CHECK(record.competing_figures("gpus_installed") == "2 competing figures");
    CHECK(record.shown("gpus_installed") == "2 competing figures");
    CHECK(record.shown("owner") == "—");
    record.claims[0].rank = Rank::preferred;
    CHECK(record.competing_figures("gpus_installed").empty());
    CHECK(record.shown("gpus_installed") == "12,288");
}

TEST_CASE("record_of: a document's record as the store would hold it, and what in it does not read") {
    using namespace gpuclusters::model;
    RecordDocument document;
    document.record.cluster_id = "acme-one";
    document.sources = {{.reference = "https://Example.org/page?utm_source=x", .kind = std::string("press"), .origin = "s1"},
                        {.reference = "ftp://example.org/", .origin = "s2"}};
    document.record.fields = {
        {.field = "gpus_installed", .raw_value = "12,288", .citations = {{0, "p. 2", "12,288 GPUs", "c1"}}, .origin = "f1"},
        {.field = "gpus_installed", .raw_value = "14000", .origin = "f2", .action = FieldAction::cite, .rank = Rank::normal},
        {.field = "gpu_model", .raw_value = "H100 SXM5", .citations = {{1, "", "", "c2"}}, .origin = "f3"},
        {.field = "power_mw", .raw_value = "lots", .origin = "f4"},
        {.field = "owner", .not_published = true, .origin = "f5"},
    };
    document.record.keys = {{0, "System 1", "k1"}};
    const auto [record, problems] = record_of(document);
    CHECK(record.id == "acme-one");
    REQUIRE(record.sources.size() == 2);
    CHECK(record.sources.at(1).url == "https://example.org/page");
    CHECK(record.sources.at(1).meta.kind == "press");
    CHECK(display_claim(record.preferred("gpus_installed")) == "12,288");
    CHECK(record.preferred("gpus_installed")->citations.at(0).source_id == 1);
    REQUIRE(record.others("gpus_installed", false).size() == 1);
    CHECK(record.others("gpus_installed", false)[0]->value.value == "14000");
    // The fields that follow gpu_model, with its evidence.
    REQUIRE(record.preferred("gpu_maker") != nullptr);
    CHECK(record.preferred("gpu_maker")->citations.at(0).source_id == 2);
    CHECK(record.preferred("owner")->state == ClaimState::not_published);
    CHECK(record.keys.at(0).key == "System 1");
    // A value that does not read is kept as written, and said; so is a URL that is not one.
    CHECK(display_claim(record.preferred("power_mw")) == "lots");
    REQUIRE(problems.size() == 2);
    CHECK(problems[0].starts_with("s2: "));
    CHECK(problems[1].starts_with("f4: "));
}
