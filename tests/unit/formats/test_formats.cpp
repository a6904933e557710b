#include <doctest/doctest.h>

#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "formats/csv.hpp"
#include "formats/interchange.hpp"
#include "formats/json_text.hpp"
#include "formats/limits.hpp"
#include "formats/stream.hpp"
#include "formats/toml_support.hpp"
#include "formats/typed.hpp"
#include "gpuclusters/model/error.hpp"
#include "scratch.hpp"

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

TEST_CASE("the CSV reader takes a UTF-8 byte-order mark for what it is, not part of the first cell") {
    std::istringstream input("\xEF\xBB\xBFid,owner\nacme,Acme\n");
    std::vector<std::vector<std::string>> rows;
    formats::read_csv(input, "t.csv", [&](std::vector<std::string>& cells, std::size_t) { rows.push_back(cells); });
    REQUIRE(rows.size() == 2);
    CHECK(rows[0][0] == "id");
    // Only at the start: the same bytes inside a cell are the cell's.
    std::istringstream inside(
        "id,owner\nacme,\xEF\xBB\xBF"
        "Acme\n");
    rows.clear();
    formats::read_csv(inside, "t.csv", [&](std::vector<std::string>& cells, std::size_t) { rows.push_back(cells); });
    CHECK(rows[1][1] ==
          "\xEF\xBB\xBF"
          "Acme");
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
    CHECK_THROWS_WITH_AS(formats::read_csv(bad_utf8, "t.csv", [](auto&, auto) {}), doctest::Contains("invalid UTF-8"),
                         InputError);
}

TEST_CASE("interchange JSON records: both shapes read back, errors name the key") {
    auto document = formats::record_from_json(
        formats::Json::parse(R"({"id":"a","fields":{"gpus_installed":12288,"city":null,"gpu_maker":"AMD"}})"), "f:1", 1);
    CHECK(document.record.cluster_id == "a");
    REQUIRE(document.record.fields.size() == 2);  // gpu_maker follows gpu_model and is not read
    CHECK(document.record.fields[0].raw_value == "12288");
    CHECK(document.record.fields[1].not_published);
    document = formats::record_from_json(formats::Json::parse(R"({"id":"a","sources":[{"url":"https://e.org/","kind":"paper"}],
        "claims":[{"field":"gpus_installed","state":"set","value":"1536 x 8","rank":"preferred",
                   "citations":[{"source":"https://e.org/","locator":"p1","quote":"1,536 x 8"}]},
                  {"field":"gpus_installed","state":"set","value":"9000","rank":"deprecated","citations":[]}]})"),
                                         "f:2", 1);
    REQUIRE(document.record.fields.size() == 2);
    CHECK(document.record.fields[0].citations.size() == 1);
    CHECK(document.record.fields[1].action == model::FieldAction::cite);
    CHECK(document.record.fields[1].rank == model::Rank::deprecated);
    CHECK_THROWS_WITH(formats::record_from_json(formats::Json::parse(R"({"id":"a","colour":1})"), "f:3"),
                      doctest::Contains("f:3: unknown key \"colour\""));
    CHECK_THROWS_WITH(
        formats::record_from_json(formats::Json::parse(R"({"id":"a","claims":[{"field":"x","rank":"top","value":"1"}]})"), "f:4"),
        doctest::Contains("claims[0]: rank"));
    CHECK_THROWS_AS(formats::record_from_json(formats::Json::parse(R"([1])"), "f:5"), InputError);
}

namespace {

// A record's inputs as text, to compare two readings of one record.
std::string describe(const model::RecordDocument& document) {
    std::string out = fmt::format("{} values_only={}\n", document.record.cluster_id, document.values_only);
    for (const auto& source : document.sources) {
        out += fmt::format("source {} {} at {}\n", source.reference, source.kind.value_or("-"), source.origin);
    }
    for (const auto& key : document.record.keys) out += fmt::format("key {} {} at {}\n", key.source, key.key, key.origin);
    for (const auto& field : document.record.fields) {
        out += fmt::format("{} {} {} action {} rank {} at {}\n", field.field, field.raw_value, field.not_published,
                           static_cast<int>(field.action), static_cast<int>(field.rank), field.origin);
        for (const auto& citation : field.citations) {
            out +=
                fmt::format("  source {} '{}' '{}' at {}\n", citation.source, citation.locator, citation.quote, citation.origin);
        }
    }
    return out;
}

// The record read from its whole JSON; or its error.
std::string read_whole(const std::string& text) {
    try {
        return describe(formats::record_from_json(formats::parse_json_exact(text, "f:1"), "f:1", 2));
    } catch (const InputError& error) {
        return error.what();
    }
}

}  // namespace

TEST_CASE("a JSON record: a key given twice in one object is refused, never the last one kept") {
    const std::vector<std::pair<std::string, std::string>> twice = {
        {R"({"id":"x","claims":[{"field":"owner","value":"A"}],"claims":[]})", "claims"},
        {R"({"id":"x","sources":[{"url":"https://a.org/","kind":"paper"}],"claims":[{"field":"owner","value":"A",
            "citations":[{"source":"https://a.org/"}],"citations":[]}]})",
         "citations"},
        {R"({"id":"x","id":"y"})", "id"},
    };
    for (const auto& given : twice) {
        const std::string& record = given.first;
        CAPTURE(record);
        const std::string refused = fmt::format("f:1: key \"{}\" is given twice in one object", given.second);
        CHECK(read_whole(record) == refused);
    }
    // An object of many keys is looked up, not looked through: the twentieth key given again is found.
    std::string many = R"({"id":"x")";
    for (int i = 0; i < 20; ++i) many += fmt::format(R"(,"k{}":1)", i);
    CHECK(read_whole(many + R"(,"k19":2})") == "f:1: key \"k19\" is given twice in one object");
}

namespace {

// A record of the three kinds of typed value: a derived count, an estimated power, a field not published.
model::Record typed_record() {
    model::Record record;
    record.id = "acme-one";
    record.claims.push_back({.field = "gpus_installed", .value = {"63744", {"10624 x 6", "", "", ""}}});
    record.claims.push_back({.field = "city", .state = model::ClaimState::not_published});
    record.claims.push_back({.field = "power_mw", .value = {"0.327", {"", "estimate", "Epoch AI", ""}}});
    return record;
}

std::vector<model::RecordDocument> read_back(const std::string& path, formats::Format format,
                                             std::vector<std::string>& problems) {
    std::vector<model::RecordDocument> documents;
    formats::read_records(path, format,
                          {[&](model::RecordDocument& document) { documents.push_back(document); },
                           [&](const std::string& problem) { problems.push_back(problem); }});
    return documents;
}

}  // namespace

TEST_CASE("format 2 JSON: numbers are numbers, written from the decimal and read back exactly") {
    std::string written;
    formats::append_record_json(written, typed_record(), false);
    CHECK(
        written ==
        R"({"id":"acme-one","fields":{"gpus_installed":63744,"gpus_installed_derivation":"10624 x 6",)"
        R"("city":null,"city_state":"not_published","power_mw":0.327,"power_mw_basis":"estimate","power_mw_estimator":"Epoch AI"}})");
    const auto document = formats::record_from_json(formats::parse_json_exact(written, "f:1"), "f:1");
    CHECK(document.values_only);
    REQUIRE(document.record.fields.size() == 3);
    CHECK(document.record.fields[0].raw_value == "10624 x 6");
    CHECK(document.record.fields[1].not_published);
    CHECK(document.record.fields[2].raw_value == "0.327 (estimate: Epoch AI)");
    // With provenance the claim carries its qualifiers as keys of its own.
    std::string claims;
    formats::append_record_json(claims, typed_record(), true);
    CHECK(claims.find(R"("value":63744,"derivation":"10624 x 6","rank")") != std::string::npos);
    CHECK(claims.find(R"("value":0.327,"basis":"estimate","estimator":"Epoch AI")") != std::string::npos);
    CHECK(formats::record_from_json(formats::parse_json_exact(claims, "f:2"), "f:2").record.fields[2].raw_value ==
          "0.327 (estimate: Epoch AI)");
    // Figures of at most 15 significant digits that a double gives back digit for digit, and only
    // those, are read: a 16th or 17th digit is a double's noise (Epoch's 49.94080000000001).
    CHECK(formats::json_number_text(formats::parse_json_exact("49.9408000000001", "x")) == "49.9408000000001");
    CHECK_THROWS_WITH_AS(formats::parse_json_exact("[49.94080000000001]", "f:3"),
                         doctest::Contains("f:3: '49.94080000000001' has 16 significant digits, more than the 15"), InputError);
    CHECK_THROWS_WITH_AS(formats::parse_json_exact("[1e-400]", "f:4"),
                         doctest::Contains("f:4: the number 1e-400 is not the number a double holds"), InputError);
    CHECK(formats::json_number_text(formats::parse_json_exact("1e-05", "x")) == "0.00001");
    CHECK(formats::json_number_text(formats::parse_json_exact("12000.0", "x")) == "12000");
    CHECK_THROWS_WITH_AS(formats::parse_json_exact("[0.1000000000000000055511]", "f:9"),
                         doctest::Contains("f:9: '0.1000000000000000055511' has 22 significant digits"), InputError);
    CHECK_THROWS_AS(formats::parse_json_exact("1e400", "x"), formats::Json::exception);
}

TEST_CASE("format 2 JSON: bad typed values are refused, naming the key") {
    auto read = [](const char* fields) {
        return formats::record_from_json(formats::parse_json_exact(fmt::format(R"({{"id":"a","fields":{}}})", fields), "f:1"),
                                         "f:1");
    };
    CHECK_THROWS_WITH(read(R"({"gpus_installed":"10624 x 6"})"),
                      doctest::Contains("fields.gpus_installed: must be a JSON number"));
    CHECK_THROWS_WITH(read(R"({"gpus_installed":63745,"gpus_installed_derivation":"10624 x 6"})"),
                      doctest::Contains("derivation '10624 x 6' makes 63,744, not 63,745"));
    CHECK_THROWS_WITH(read(R"({"power_mw":0.3,"power_mw_state":"not_published"})"), doctest::Contains("is not_published, but"));
    CHECK_THROWS_WITH(read(R"({"city":null})"), doctest::Contains("null without city_state"));
    CHECK_THROWS_WITH(read(R"({"power_mw":0.3,"power_mw_basis":"estimate"})"), doctest::Contains("needs its estimator"));
    CHECK_THROWS_WITH(read(R"({"gpus_installed":12.5})"), doctest::Contains("not a whole number"));
    CHECK_THROWS_WITH(read(R"({"gpus_installed_bound":"at least"})"), doctest::Contains("without the value it qualifies"));
    // Version 1 keeps reading values in the input syntax.
    const auto v1 =
        formats::record_from_json(formats::Json::parse(R"({"id":"a","fields":{"gpus_installed":"10624 x 6"}})"), "f:1", 1);
    CHECK(v1.record.fields[0].raw_value == "10624 x 6");
}

TEST_CASE("format 2 CSV: a number column holds the number alone, qualifiers and state their own columns") {
    ScratchDir scratch;
    std::ostringstream out;
    auto writer = formats::make_writer(formats::Format::csv, out, "", {});
    writer->write(typed_record());
    const std::string table = out.str();
    CHECK(table.starts_with("id,name,name_state,"));
    CHECK(table.find(",gpus_installed,gpus_installed_derivation,gpus_installed_bound,gpus_installed_state,") !=
          std::string::npos);
    CHECK(table.find(",power_mw,power_mw_basis,power_mw_estimator,power_mw_state,") != std::string::npos);
    CHECK(table.find(",63744,10624 x 6,,,") != std::string::npos);
    CHECK(table.find(",0.327,estimate,Epoch AI,,") != std::string::npos);
    CHECK(table.find(",,not_published,") != std::string::npos);
    { std::ofstream(scratch.file("t.csv")) << table; }
    std::vector<std::string> problems;
    auto documents = read_back(scratch.file("t.csv"), formats::Format::csv, problems);
    REQUIRE(problems.empty());
    REQUIRE(documents.size() == 1);
    CHECK(documents[0].values_only);
    REQUIRE(documents[0].record.fields.size() == 3);
    CHECK(documents[0].record.fields[0].raw_value == "10624 x 6");
    CHECK(documents[0].record.fields[1].not_published);
    CHECK(documents[0].record.fields[2].raw_value == "0.327 (estimate: Epoch AI)");
    // Bad cells: each a one-line problem naming file:line, the column and its name.
    {
        std::ofstream(scratch.file("bad.csv")) << "id,gpus_installed,gpus_installed_derivation,power_mw,power_mw_state\n"
                                               << "a,12k,,,\n"
                                               << "b,63745,10624 x 6,,\n"
                                               << "c,,,0.3,not_published\n";
    }
    problems.clear();
    documents = read_back(scratch.file("bad.csv"), formats::Format::csv, problems);
    CHECK(documents.empty());
    REQUIRE(problems.size() == 3);
    CHECK(problems[0].find("bad.csv:2: column 2 (gpus_installed): '12k' is not a number") != std::string::npos);
    CHECK(problems[1].find("bad.csv:3: column 2 (gpus_installed): derivation '10624 x 6' makes 63,744, not 63,745") !=
          std::string::npos);
    CHECK(problems[2].find("bad.csv:4: column 4 (power_mw): the field is not_published (power_mw_state)") != std::string::npos);
    // A table of version 1 (field columns only) still reads in the input syntax.
    { std::ofstream(scratch.file("v1.csv")) << "id,gpus_installed,city\na,10624 x 6,(not published)\n"; }
    problems.clear();
    documents = read_back(scratch.file("v1.csv"), formats::Format::csv, problems);
    REQUIRE(documents.size() == 1);
    CHECK(documents[0].record.fields[0].raw_value == "10624 x 6");
    CHECK(documents[0].record.fields[1].not_published);
}

namespace {

// parse_toml's error for a text, or "read".
std::string toml_outcome(const std::string& text) {
    try {
        formats::parse_toml(text, "f.toml");
        return "read";
    } catch (const InputError& error) {
        return error.what();
    }
}

}  // namespace

TEST_CASE("a string longer than any field takes is refused before a parser holds it, at its place") {
    const std::size_t most = formats::max_input_string_bytes;
    const std::string longest(most, 'x');
    const std::string refusal = "a string longer than 1048576 bytes; no field takes more than 16384";
    // TOML: each kind of string, up to the limit and one byte over; quotes in comments and
    // escaped quotes do not open or close one.
    CHECK(toml_outcome("a = \"" + longest + "\"\n") == "read");
    CHECK(toml_outcome("a = \"" + longest + "x\"\n") == "f.toml:1:1048582: " + refusal);
    CHECK(toml_outcome("# it's \"quoted\"\na = 'x'\nb = \"\\\"" + longest + "\"\n") == "f.toml:3:1048582: " + refusal);
    CHECK(toml_outcome("a = '''" + longest + "'''\n") == "read");
    CHECK(toml_outcome("a = \"\"\"\n" + longest + "\"\"\"\n") == "f.toml:2:1048576: " + refusal);
    // A multi-line string may end in one or two quotes of its own before the closing three:
    // what follows is not taken for another string.
    const std::string padding(most, '#');
    CHECK(toml_outcome("a = \"\"\"A\"\"\"\" # \"\"\"\"\n#" + padding + "\n") == "read");
    CHECK(toml_outcome("a = '''A''''' # '''\n#" + padding + "\n") == "read");
    CHECK(toml_outcome("'" + longest + "x' = 1\n") == "f.toml:1:1048578: " + refusal);
    // JSON read from a stream: the column of the byte that passes the limit.
    std::istringstream line("{\"a\":\"\\\"" + longest + "\"}\n{}");
    formats::JsonText text(*line.rdbuf(), "", true, "f.jsonl", 4);
    try {
        formats::parse_json_exact(
            text, [](int, formats::Json::parse_event_t, formats::Json&) { return true; }, "f.jsonl:4");
        FAIL("read");
    } catch (const InputError& error) {
        CHECK(std::string(error.what()) == "f.jsonl:4:1048583: " + refusal);
    }
    // CSV: a cell, quoted or not.
    for (const std::string& cell : {longest + "x", "\"" + longest + "x\""}) {
        std::istringstream csv("id,name\na," + cell + "\n");
        try {
            formats::read_csv(csv, "f.csv", [](std::vector<std::string>&, std::size_t) {});
            FAIL("read");
        } catch (const InputError& error) {
            CHECK(std::string(error.what()) ==
                  "f.csv:2: column 2: a cell longer than 1048576 bytes; no field takes more than 16384");
        }
    }
}

TEST_CASE("a JSON document's record past the limit of one record's text is refused, and the next read on") {
    // Strings of half a MiB: each under the limit of one string, 40 of them past that of a record.
    const std::string half(std::size_t{1} << 19, 'q');
    std::string record = R"({"id":"long-one","claims":[)";
    for (int i = 0; i < 40; ++i) record += fmt::format(R"({}{{"field":"summary","value":"{}"}})", i ? "," : "", half);
    record += "]}";
    ScratchDir dir;
    const std::string path = dir.file("long.json");
    std::ofstream(path) << R"({"format":"gpuclusters","version":1,"clusters":[)" << record
                        << R"(,{"id":"next-one","fields":{"name":"Next"}}]})";
    std::vector<std::string> ids, problems;
    formats::read_records(path, formats::Format::json,
                          {[&](model::RecordDocument& document) { ids.push_back(document.record.cluster_id); },
                           [&](const std::string& problem) { problems.push_back(problem); }});
    CHECK(ids == std::vector<std::string>{"next-one"});
    REQUIRE(problems.size() == 1);
    CHECK(problems[0] == path +
                             ": clusters[0]: a record of more than 16 MiB of text, the limit of one record (gpuclusters(5)); "
                             "nothing of it is written");
}

TEST_CASE("a long CSV names every row's cluster and has only its own columns") {
    ScratchDir dir;
    const std::string header =
        "cluster,field,state,value,rank,source_url,source_kind,source_title,source_publisher,source_published,source_accessed,"
        "source_archive_url,source_archived,locator,quote";
    auto problems_of = [&](const std::string& text) {
        std::ofstream(dir.file("long.csv")) << text;
        std::vector<std::string> problems;
        const auto documents = read_back(dir.file("long.csv"), formats::Format::csv_long, problems);
        return std::pair{documents.size(), problems};
    };
    const std::string row = ",owner,set,Acme,preferred,https://example.org/a,operator,,,,,,,,\n";
    const auto [blank_count, blank] = problems_of(header + "\nacme" + row + row + "beta" + row);
    REQUIRE(blank.size() == 1);
    CHECK(blank[0].ends_with(
        "long.csv:3: column 1 'cluster' is empty: every row names its cluster (a long table is not filled down)"));
    CHECK(blank_count == 2);  // acme and beta, each with its own row only
    // A bad header stops the whole input.
    CHECK_THROWS_WITH_AS(problems_of(header + ",note\nacme,owner,set,Acme,preferred,https://example.org/a,operator,,,,,,,,,x\n"),
                         doctest::Contains("long.csv:1: column 16 'note' is not a column of the long table"), InputError);
}

TEST_CASE("TOML nested deeper than 32 levels is refused before toml++ recurses into it, at its place") {
    const std::string refusal =
        "keys and values nested deeper than 32 levels (each part of a dotted key or a table header counts one, and so does each "
        "inline table and array)";
    auto dotted = [](std::size_t parts) {
        std::string key = "a";
        for (std::size_t i = 1; i < parts; ++i) key += ".a";
        return key;
    };
    // A dotted key: 32 parts are read, the 33rd is refused at its dot; 50,000 parts (100 KB) used to
    // overflow the stack.
    CHECK(toml_outcome(dotted(32) + " = 1\n") == "read");
    CHECK(toml_outcome(dotted(33) + " = 1\n") == "f.toml:1:64: " + refusal);
    CHECK(toml_outcome("x = 1\n" + dotted(50000) + " = 1\n") == "f.toml:2:64: " + refusal);
    CHECK(toml_outcome("a . b.\"c.d\" . 'e' = 1\n") == "read");  // spaces and quoted parts: four parts
    // A table header counts under the keys of its table.
    CHECK(toml_outcome("[" + dotted(32) + "]\nb = 1\n") == "f.toml:2:1: " + refusal);
    CHECK(toml_outcome("[" + dotted(31) + "]\nb = 1\n[c]\n" + dotted(31) + " = 2\n") == "read");
    CHECK(toml_outcome("[[" + dotted(33) + "]]\n") == "f.toml:1:66: " + refusal);
    // Arrays and inline tables count one each, inside one another and with dotted keys in them.
    CHECK(toml_outcome("a = " + std::string(31, '[') + std::string(31, ']') + "\n") == "read");
    CHECK(toml_outcome("a = " + std::string(32, '[') + std::string(32, ']') + "\n") == "f.toml:1:36: " + refusal);
    std::string inline_tables = "a = ";
    for (int i = 0; i < 10; ++i) inline_tables += "{ b.c.d = ";  // 1 + 10 x 3: the last value at depth 31
    CHECK(toml_outcome(inline_tables + "1" + std::string(10, '}') + "\n") == "read");
    CHECK(toml_outcome(inline_tables + "{ b.c.d = 1 }" + std::string(10, '}') + "\n") == "f.toml:1:108: " + refusal);
    CHECK(toml_outcome("a = [{ b = [{ c.d = [1, {}] }] }, {}]\n") == "read");
    // Dots, brackets and braces in strings, comments, numbers and dates count nothing.
    std::string flat = "# [a.b.c.d.e.f] {{{{ [[[[\nwhere = \"[[[[{{{{\"\n'k.l.m' = 'a.b.c'\n";
    flat += "floats = [" + std::string(100, '1') + ".5, 2.5, 1e3, 3.25]\nwhen = 1979-05-27T07:32:00.999Z\n";
    flat += "text = \"\"\"\n[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n\"\"\"\n";
    for (int i = 0; i < 100; ++i) flat += fmt::format("[t{}.u.v]\nw.x.y = {{ z = [[1.0, 2.0], [3.0]], s = {{}} }}\n", i);
    CHECK(toml_outcome(flat) == "read");
}

TEST_CASE("a record's text, made once, is what write() puts in each document of its format") {
    const model::Record record = typed_record();
    for (const auto format : {formats::Format::json, formats::Format::jsonl, formats::Format::csv_long}) {
        CAPTURE(static_cast<int>(format));
        std::ostringstream written;
        auto writer = formats::make_writer(format, written, "", {true, true});
        writer->write(record);
        writer->write(record);
        writer->finish();
        std::ostringstream from_text;
        auto text_writer = formats::make_writer(format, from_text, "", {true, true});
        const std::string text = text_writer->text_of(record).value();
        CHECK_FALSE(text.empty());
        text_writer->write_text(text);
        text_writer->write_text(text);
        text_writer->finish();
        CHECK(from_text.str() == written.str());
    }
    std::ostringstream out;
    auto csv = formats::make_writer(formats::Format::csv, out, "", {});
    CHECK_FALSE(csv->text_of(record).has_value());
    CHECK_THROWS_AS(csv->write_text("x"), std::logic_error);
}

TEST_CASE("JsonOut writes every string, integer and structure as Json::dump does") {
    using formats::Json;
    const std::vector<std::string> texts{"",
                                         "Plain ASCII, with spaces: 1/2 & <b>",
                                         "a \"quoted\" word",
                                         "back\\slash",
                                         "tab\there, line\nbreak, bell\a, escape\x1b",
                                         std::string("a NUL \0 inside", 15),
                                         "delete \x7f",
                                         "Jülich, 北京, emoji \xf0\x9f\x9a\x80",
                                         "invalid \xff\xfe UTF-8 and a cut \xe2\x82"};
    for (const auto& text : texts) {
        CAPTURE(text);
        const Json json{{text, text},
                        {"list", Json::array({text, -42, 7, nullptr, true, false, Json::array(), Json::object()})},
                        {"nested", Json{{"a", Json::array({Json{{"b", 1}}, Json{{"c", text}}})}}}};
        std::string written;
        formats::JsonOut out(written);
        out.begin_object().key(text).string(text);
        out.key("list").begin_array().string(text).integer(-42).number_text("7").null().boolean(true).boolean(false);
        out.begin_array().end_array().begin_object().end_object().end_array();
        out.key("nested").begin_object().key("a").begin_array();
        out.begin_object().key("b").integer(1).end_object().begin_object().key("c").string(text).end_object();
        out.end_array().end_object().end_object();
        CHECK(written == json.dump(-1, ' ', false, Json::error_handler_t::replace));
    }
    // Each byte that needs more than quotes, at each place of a string read eight bytes at a
    // time, at every length around two words (the last bytes are read as the last eight again,
    // or padded when fewer than eight).
    for (const int special : {0x00, 0x01, 0x1f, 0x22, 0x5c, 0x7f, 0x80, 0xc3, 0xfe, 0xff}) {
        for (std::size_t length = 1; length <= 19; ++length) {
            for (std::size_t at = 0; at < length; ++at) {
                std::string text(length, '~');
                text[at] = static_cast<char>(special);
                CAPTURE(special);
                CAPTURE(length);
                CAPTURE(at);
                std::string written;
                formats::JsonOut(written).string(text);
                CHECK(written == Json(text).dump(-1, ' ', false, Json::error_handler_t::replace));
            }
        }
    }
    for (const int plain : {0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7e}) {
        for (std::size_t length = 0; length <= 17; ++length) {
            const std::string text(length, static_cast<char>(plain));
            std::string written;
            formats::JsonOut(written).string(text);
            CHECK(written == "\"" + text + "\"");
        }
    }
}
