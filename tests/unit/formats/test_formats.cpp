#include <doctest/doctest.h>

#include <sstream>

#include "formats/csv.hpp"
#include "formats/interchange.hpp"
#include "gpuclusters/model/error.hpp"

using namespace gpuclusters;

TEST_CASE("CSV cells never hand a spreadsheet a formula, and read back as they were") {
    for (const char* dangerous : {"=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\rx"}) {
        const std::string written = formats::csv_cell(dangerous, true);
        CAPTURE(std::string(dangerous));
        CHECK(written.find('\'') != std::string::npos);
        std::string cell = written;
        if (cell.front() == '"') cell = cell.substr(1, cell.size() - 2);
        CHECK(formats::read_cell(cell) == dangerous);
    }
    CHECK(formats::csv_cell("=1+1", false) == "=1+1");
    CHECK(formats::csv_cell("plain", true) == "plain");
    CHECK(formats::csv_cell("a,b", true) == "\"a,b\"");
    CHECK(formats::csv_cell("say \"hi\"", true) == "\"say \"\"hi\"\"\"");
    CHECK(formats::read_cell("'plain") == "'plain");  // only before a formula character
    // Data that itself starts with an apostrophe before a formula character keeps it.
    for (const char* cell : {"'-' marks a gap", "''=x", "'plain"}) {
        CAPTURE(std::string(cell));
        CHECK(formats::read_cell(formats::csv_cell(cell, true)) == cell);
    }
}

TEST_CASE("the CSV reader streams rows with the line each starts on") {
    std::istringstream input("a,b\n\"multi\nline\",x\nlast,\"q\"\"uote\"\n");
    std::vector<std::pair<std::size_t, std::vector<std::string>>> rows;
    formats::read_csv(input, "t.csv", [&](std::vector<std::string>& cells, std::size_t line) { rows.emplace_back(line, cells); });
    REQUIRE(rows.size() == 3);
    CHECK(rows[1].first == 2);
    CHECK(rows[1].second[0] == "multi\nline");
    CHECK(rows[2].first == 4);
    CHECK(rows[2].second[1] == "q\"uote");
    std::istringstream broken("a,b\n\"open,x\n");
    CHECK_THROWS_WITH_AS(formats::read_csv(broken, "t.csv", [](auto&, auto) {}), doctest::Contains("t.csv:2"), InputError);
    std::istringstream bad_utf8("a\n\xff\n");
    CHECK_THROWS_WITH_AS(formats::read_csv(bad_utf8, "t.csv", [](auto&, auto) {}), doctest::Contains("invalid UTF-8"), InputError);
}

TEST_CASE("interchange JSON records: both shapes read back, errors name the key") {
    auto document = formats::record_from_json(
        formats::Json::parse(R"({"id":"a","fields":{"gpus_installed":12288,"city":null,"gpu_maker":"AMD"}})"), "f:1");
    CHECK(document.record.cluster_id == "a");
    REQUIRE(document.record.fields.size() == 2);  // gpu_maker follows gpu_model and is not read
    CHECK(document.record.fields[0].raw_value == "12288");
    CHECK(document.record.fields[1].not_published);
    document = formats::record_from_json(formats::Json::parse(R"({"id":"a","sources":[{"url":"https://e.org/","kind":"paper"}],
        "claims":[{"field":"gpus_installed","state":"set","value":"1536 x 8","rank":"preferred",
                   "citations":[{"source":"https://e.org/","locator":"p1","quote":"1,536 x 8"}]},
                  {"field":"gpus_installed","state":"set","value":"9000","rank":"deprecated","citations":[]}]})"),
                                         "f:2");
    REQUIRE(document.record.fields.size() == 2);
    CHECK(document.record.fields[0].citations.size() == 1);
    CHECK(document.record.fields[1].action == model::FieldAction::cite);
    CHECK(document.record.fields[1].rank == model::Rank::deprecated);
    CHECK_THROWS_WITH(formats::record_from_json(formats::Json::parse(R"({"id":"a","colour":1})"), "f:3"),
                      doctest::Contains("f:3: unknown key \"colour\""));
    CHECK_THROWS_WITH(formats::record_from_json(formats::Json::parse(R"({"id":"a","claims":[{"field":"x","rank":"top","value":"1"}]})"), "f:4"),
                      doctest::Contains("claims[0]: rank"));
    CHECK_THROWS_AS(formats::record_from_json(formats::Json::parse(R"([1])"), "f:5"), InputError);
}
