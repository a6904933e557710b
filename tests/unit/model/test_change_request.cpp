#include <doctest/doctest.h>

#include <string>

#include "gpuclusters/model/change_request.hpp"

using gpuclusters::model::OptionalText;
using gpuclusters::model::SourceInput;

TEST_CASE("an optional text is absent, or holds its own copy of a text") {
    OptionalText absent;
    CHECK_FALSE(absent.has_value());
    CHECK_FALSE(static_cast<bool>(absent));
    CHECK(absent.value_or("none") == "none");
    CHECK(absent == OptionalText(std::nullopt));

    OptionalText kind = std::string("press");
    REQUIRE(kind);
    CHECK(*kind == "press");
    CHECK(kind->size() == 5);
    CHECK(kind.value_or("none") == "press");
    CHECK_FALSE(kind == absent);
    // An empty text is a text, not an absence.
    CHECK(OptionalText(std::string()).has_value());
    CHECK_FALSE(OptionalText(std::string()) == absent);

    // A copy is its own: changing it leaves the original as it was.
    OptionalText copy = kind;
    *copy = "paper";
    CHECK(*kind == "press");
    CHECK(*copy == "paper");
    copy = kind;
    CHECK(copy == kind);
    OptionalText moved = std::move(copy);
    CHECK(*moved == "press");

    kind.reset();
    CHECK_FALSE(kind);
    CHECK(OptionalText(std::optional<std::string>("x")) == OptionalText("x"));
    CHECK_FALSE(OptionalText(std::optional<std::string>()).has_value());
}

TEST_CASE("a source's metadata reads and writes through the member each key names") {
    SourceInput source;
    for (const auto& key : gpuclusters::model::source_metadata_keys) CHECK_FALSE(source.*key.member);
    source.*gpuclusters::model::source_metadata_keys[0].member = std::string("operator");
    CHECK(source.kind.value_or("") == "operator");
    // Seven metadata in the room of seven pointers: what lets 50,000 sources of one record be held.
    CHECK(sizeof(OptionalText) == sizeof(void*));
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
