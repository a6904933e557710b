#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "formats/csv_tables.hpp"
#include "formats/data_package.hpp"
#include "formats/typed.hpp"

using namespace gpuclusters;

namespace {

nlohmann::json package_of(const std::string& licence) {
    formats::PackageInfo info{"GPU clusters",
                              "Clusters.",
                              licence,
                              "https://example.org/",
                              "2026-11-30T12:00:00Z",
                              {{"clusters.csv", "csv", "values"}, {"clusters-provenance.csv", "csv-long", "claims"}}};
    return nlohmann::json::parse(formats::data_package(info));
}

const nlohmann::json& field_named(const nlohmann::json& fields, const std::string& name) {
    for (const auto& field : fields) {
        if (field["name"] == name) return field;
    }
    FAIL("no field " << name);
    return fields;
}

}  // namespace

TEST_CASE("the Data Package describes the wide CSV's columns, in the writer's order, with their types") {
    const auto package = package_of("CC-BY-4.0");
    CHECK(package["profile"] == "tabular-data-package");
    CHECK(package["created"] == "2026-11-30T12:00:00Z");
    const auto& wide = package["resources"][0];
    CHECK(wide["path"] == "clusters.csv");
    CHECK(wide["schema"]["primaryKey"] == "id");
    CHECK(wide["schema"]["missingValues"] == nlohmann::json::array({""}));
    const auto& fields = wide["schema"]["fields"];
    // id, then every typed column.
    REQUIRE(fields.size() == formats::typed_columns().size() + 1);
    CHECK(fields[0]["name"] == "id");
    for (std::size_t i = 0; i < formats::typed_columns().size(); ++i) {
        CHECK(fields[i + 1]["name"] == formats::typed_columns()[i].name);
    }
    CHECK(field_named(fields, "gpus_installed")["type"] == "integer");
    CHECK(field_named(fields, "power_mw")["type"] == "number");
    CHECK(field_named(fields, "country")["constraints"]["pattern"] == "[A-Z]{2}");
    CHECK(field_named(fields, "gpus_installed_state")["constraints"]["enum"] == nlohmann::json::array({"not_published"}));
    CHECK(field_named(fields, "status")["constraints"]["enum"].size() >= 4);
    CHECK(field_named(fields, "gpus_installed_derivation")["type"] == "string");
}

TEST_CASE("the long CSV's columns are named as the writer writes them") {
    const auto fields = package_of("")["resources"][1]["schema"]["fields"];
    REQUIRE(fields.size() == formats::long_columns().size());
    for (std::size_t i = 0; i < fields.size(); ++i) CHECK(fields[i]["name"] == formats::long_columns()[i]);
    CHECK(field_named(fields, "source_accessed")["type"] == "date");
    CHECK(field_named(fields, "rank")["constraints"]["enum"] ==
          nlohmann::json::array({"preferred", "normal", "deprecated", "retired"}));
}

TEST_CASE("a licence is a name, a path or a title as the profile allows") {
    CHECK(package_of("CC-BY-4.0")["licenses"] == nlohmann::json::parse(R"([{"name": "CC-BY-4.0"}])"));
    CHECK(package_of("https://creativecommons.org/licenses/by/4.0/")["licenses"][0].contains("path"));
    CHECK(package_of("CC BY 4.0, with thanks")["licenses"] == nlohmann::json::parse(R"([{"title": "CC BY 4.0, with thanks"}])"));
    CHECK_FALSE(package_of("").contains("licenses"));
}
