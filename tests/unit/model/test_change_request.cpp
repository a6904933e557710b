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
