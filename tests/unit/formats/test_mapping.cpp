#include <doctest/doctest.h>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <vector>

#include "../scratch.hpp"
#include "formats/mapping.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/values.hpp"

using namespace gpuclusters;

namespace {

struct MappingRead {
    std::vector<formats::RecordDocument> records;
    std::vector<std::string> problems;
};

void write(const std::string& path, const std::string& content) { std::ofstream(path, std::ios::binary) << content; }

// The mapping's header (an id from Name, the table as a cited dataset) and `fields`, over `csv`.
MappingRead read_with(const ScratchDir& dir, const std::string& fields, const std::string& csv) {
    write(dir.file("m.toml"),
          "format = 1\n[id]\ncolumn = \"Name\"\n[dataset]\nurl = \"https://example.org/list\"\n"
          "published = \"2025-06-01\"\n" +
              fields);
    write(dir.file("t.csv"), csv);
    MappingRead result;
    formats::Mapping::load(dir.file("m.toml"))
        .read(dir.file("t.csv"), {.record = [&](formats::RecordDocument& document) { result.records.push_back(document); },
                                  .problem = [&](const std::string& problem) { result.problems.push_back(problem); }});
    return result;
}

const model::FieldInput& field_of(const formats::RecordDocument& document, const std::string& name) {
    const auto& fields = document.record.fields;
    const auto found =
        std::find_if(fields.begin(), fields.end(), [&](const model::FieldInput& field) { return field.field == name; });
    REQUIRE_MESSAGE(found != fields.end(), "no field " << name);
    return *found;
}

}  // namespace

TEST_CASE("mapping: a figure a field reads as it is names its cell, where the field's parser refuses 16 digits") {
    ScratchDir dir;
    const auto result =
        read_with(dir, "[fields.power_mw]\ncolumn = \"Power (MW)\"\n", "Name,Power (MW)\nAlpha,0.9834400000000001\nBeta,21.1\n");
    CHECK(result.problems.empty());
    REQUIRE(result.records.size() == 2);
    const auto& alpha = field_of(result.records[0], "power_mw");
    CHECK(alpha.origin.ends_with("t.csv:2:2: power_mw (column 2 'Power (MW)')"));
    CHECK_THROWS_WITH_AS(model::parse_field_value(*model::find_field("power_mw"), alpha.raw_value),
                         doctest::Contains("'0.9834400000000001' has 16 significant digits"), InputError);
    CHECK(field_of(result.records[1], "power_mw").raw_value == "21.1");
}

TEST_CASE("mapping: round and significant round the cell exactly, before the scale, and the citation says so") {
    ScratchDir dir;
    const auto result = read_with(dir, "[fields.power_mw]\ncolumn = \"Power (kW)\"\nscale = 0.001\nround = 3\n",
                                  "Name,Power (kW)\nAlpha,983.4400000000001\nBeta,7124\n");
    REQUIRE(result.problems.empty());
    REQUIRE(result.records.size() == 2);
    const auto& alpha = field_of(result.records[0], "power_mw");
    CHECK(alpha.raw_value == "0.98344");
    REQUIRE(alpha.citations.size() == 1);
    CHECK(alpha.citations[0].locator == "Name Alpha; rounded from 983.4400000000001");
    // A figure the rounding does not change says nothing of it.
    const auto& beta = field_of(result.records[1], "power_mw");
    CHECK(beta.raw_value == "7.124");
    CHECK(beta.citations[0].locator == "Name Beta");

    const auto significant =
        read_with(dir, "[fields.power_mw]\ncolumn = \"P\"\nsignificant = 15\n", "Name,P\nA,0.3270758399999999\n");
    REQUIRE(significant.records.size() == 1);
    CHECK(field_of(significant.records[0], "power_mw").raw_value == "0.32707584");
}

TEST_CASE("mapping: integer checks the cell before the scale, and names the cell") {
    ScratchDir dir;
    const auto result = read_with(dir, "[fields.gpus_installed]\ncolumn = \"Nodes\"\ninteger = true\nscale = 4\n",
                                  "Name,Nodes\nAlpha,24607\nBeta,2.5\n");
    REQUIRE(result.records.size() == 1);
    CHECK(field_of(result.records[0], "gpus_installed").raw_value == "98428");
    REQUIRE(result.problems.size() == 1);
    CHECK(result.problems[0].find("t.csv:3:2: gpus_installed (column 2 'Nodes'): '2.5' is not a whole number") !=
          std::string::npos);
}

TEST_CASE("mapping: a template writes the figures it inserts exactly, rounded as the field says") {
    ScratchDir dir;
    const std::string csv = "Name,Nodes,Rmax\nAlpha,37632.0,9264.309999999999\n";
    const auto refused = read_with(dir, "[fields.gpu_count_notes]\ntemplate = \"{Nodes} x 4, Rmax {Rmax}\"\n", csv);
    REQUIRE(refused.problems.size() == 1);
    CHECK(refused.problems[0].find(
              "t.csv:2:3: gpu_count_notes: column 3 'Rmax': '9264.309999999999' has 16 significant digits") != std::string::npos);
    const auto rounded =
        read_with(dir, "[fields.gpu_count_notes]\ntemplate = \"{Nodes} x 4, Rmax {Rmax}\"\nsignificant = 15\n", csv);
    REQUIRE(rounded.records.size() == 1);
    const auto& notes = field_of(rounded.records[0], "gpu_count_notes");
    CHECK(notes.raw_value == "37632 x 4, Rmax 9264.31");
    CHECK(notes.citations[0].locator == "Name Alpha; rounded from 9264.309999999999");
}

TEST_CASE("mapping: round and significant are checked when the mapping loads") {
    ScratchDir dir;
    auto load_error = [&](const std::string& fields) {
        write(dir.file("bad.toml"), "format = 1\n[id]\ncolumn = \"Name\"\n" + fields);
        try {
            formats::Mapping::load(dir.file("bad.toml"));
        } catch (const InputError& error) {
            return std::string(error.what());
        }
        return std::string("loaded");
    };
    CHECK(load_error("[fields.power_mw]\ncolumn = \"P\"\nround = 16\n").find("round is a whole number from 0 to 15") !=
          std::string::npos);
    CHECK(load_error("[fields.power_mw]\ncolumn = \"P\"\nsignificant = 0\n").find("significant is a whole number from 1 to 15") !=
          std::string::npos);
    CHECK(load_error("[fields.power_mw]\ncolumn = \"P\"\nround = 2\nsignificant = 3\n").find("round and significant go alone") !=
          std::string::npos);
    CHECK(load_error("[fields.power_mw]\ncolumn = \"P\"\nround = \"2\"\n").find("bad.toml:6:9:") != std::string::npos);
}

TEST_CASE("mapping: a field's quote_column quotes its own column in the citation of the row's first source") {
    ScratchDir dir;
    const std::string sources =
        "[sources]\ncolumns = [\"Source\", \"Other\"]\nquote_column = \"Quote\"\nkind = \"operator\"\n"
        "[fields.owner]\ncolumn = \"Owner\"\n";
    const std::string table =
        "Name,Owner,GPUs,Source,Other,Quote,GPU quote\n"
        "Alpha,Acme,512,https://example.org/a,https://example.org/b,Acme runs Alpha,Alpha has 512 GPUs\n"
        "Beta,Acme,64,,https://example.org/c,Acme runs Beta,Beta has 64 GPUs\n";
    const auto result =
        read_with(dir, sources + "[fields.gpus_installed]\ncolumn = \"GPUs\"\nquote_column = \"GPU quote\"\n", table);
    REQUIRE(result.problems.empty());
    REQUIRE(result.records.size() == 2);
    // The table itself, then the row's sources: only the first source's citation has a quote.
    const auto& owner = field_of(result.records[0], "owner");
    REQUIRE(owner.citations.size() == 3);
    CHECK(owner.citations[1].quote == "Acme runs Alpha");
    const auto& gpus = field_of(result.records[0], "gpus_installed");
    REQUIRE(gpus.citations.size() == 3);
    CHECK(gpus.citations[0].quote.empty());
    CHECK(gpus.citations[1].quote == "Alpha has 512 GPUs");
    CHECK(gpus.citations[1].origin.ends_with("t.csv:2: GPU quote"));
    CHECK(gpus.citations[2].quote.empty());
    // A row whose first source column is empty: its first source is the next.
    const auto& beta = field_of(result.records[1], "gpus_installed");
    REQUIRE(beta.citations.size() == 2);
    CHECK(beta.citations[1].quote == "Beta has 64 GPUs");
    CHECK(field_of(result.records[1], "owner").citations[1].quote == "Acme runs Beta");

    // The fields that share [sources] quote_column: owner only, gpus_installed has its own.
    CHECK(formats::Mapping::load(dir.file("m.toml")).fields_sharing_quote() == std::vector<std::string>{"owner"});

    // A column the table has not is refused at its header, naming the key that names it.
    const std::string expected = "t.csv:1: the table has no column 'GPU quotes' (named in " + dir.file("m.toml") +
                                 ":15:16: [fields.gpus_installed] quote_column)";
    CHECK_THROWS_WITH_AS(
        read_with(dir, sources + "[fields.gpus_installed]\ncolumn = \"GPUs\"\nquote_column = \"GPU quotes\"\n", table),
        doctest::Contains(expected.c_str()), InputError);
}

TEST_CASE("mapping: a field's quote_column is checked when the mapping loads") {
    ScratchDir dir;
    auto load_error = [&](const std::string& rest) {
        write(dir.file("bad.toml"), "format = 1\n[id]\ncolumn = \"Name\"\n" + rest);
        try {
            formats::Mapping::load(dir.file("bad.toml"));
        } catch (const InputError& error) {
            return std::string(error.what());
        }
        return std::string("loaded");
    };
    const std::string sources = "[sources]\ncolumns = [\"Source\"]\n";
    CHECK(load_error(sources + "[fields.owner]\ncolumn = \"Owner\"\nquote_column = \"Q\"\n") == "loaded");
    CHECK(load_error(sources + "[fields.owner]\ncolumn = \"Owner\"\nquote_column = \"\"\n")
              .ends_with("bad.toml:8:16: [fields.owner]: quote_column names a column"));
    CHECK(load_error(sources + "[fields.owner]\ncolumn = \"Owner\"\nquote_column = 3\n")
              .ends_with("bad.toml:8:16: quote_column must be a string"));
    CHECK(load_error("[fields.owner]\ncolumn = \"Owner\"\nquote_column = \"Q\"\n")
              .ends_with("bad.toml:6:16: [fields.owner] quote_column quotes the row's first source, and [sources] names no "
                         "columns"));
    CHECK(load_error(sources + "[fields.owner]\ncolumn = \"Owner\"\nquote_colum = \"Q\"\n")
              .ends_with("bad.toml:8:15: [fields.owner] has no key 'quote_colum'"));
}

namespace {

void write_text(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// Each record's related value (empty when it has none), and the problems, of a table read through
// a mapping.
struct RelatedRead {
    std::map<std::string, std::string> related;
    std::vector<std::string> problems;
};

RelatedRead read_related(const ScratchDir& dir, const std::string& mapping_text, const std::string& table) {
    write_text(dir.file("m.toml"), mapping_text);
    write_text(dir.file("t.csv"), table);
    RelatedRead read;
    formats::ReadSink sink;
    sink.record = [&](model::RecordDocument& document) {
        std::string& value = read.related[document.record.cluster_id];
        for (const auto& field : document.record.fields) {
            if (field.field == "related") value = field.raw_value;
        }
    };
    sink.problem = [&](const std::string& problem) { read.problems.push_back(problem); };
    formats::Mapping::load(dir.file("m.toml")).read(dir.file("t.csv"), sink);
    return read;
}

const std::string phases_mapping = R"(format = 1
[id]
column = "Name"
repeated = "content"
[fields.name]
column = "Name"
[[related]]
column = "Builds Upon"
relation = "builds-upon"
[[related]]
column = "Superseded by"
relation = "superseded-by"
)";

}  // namespace

TEST_CASE("[[related]] makes each cell that names a row the id [id] makes of it, with its relation") {
    ScratchDir dir;
    const auto read = read_related(dir, phases_mapping,
                                   "Name,Builds Upon,Superseded by\n"
                                   "Site Phase 1,,Site Phase 2\n"
                                   "Site Phase 2,Site Phase 1,\"Site, Phase 3\"\n"
                                   "\"Site, Phase 3\",Site Phase 2,\n"
                                   "Alone,,\n"
                                   "Elsewhere,Not In The Table,\n");
    CHECK(read.problems.empty());
    CHECK(read.related.at("site-phase-1") == "site-phase-2 (superseded-by)");
    CHECK(read.related.at("site-phase-2") == "site-phase-1 (builds-upon); site-phase-3 (superseded-by)");
    CHECK(read.related.at("site-phase-3") == "site-phase-2 (builds-upon)");
    CHECK(read.related.at("alone").empty());                                  // no cell, no field
    CHECK(read.related.at("elsewhere") == "not-in-the-table (builds-upon)");  // kept: a link, not a check
}

TEST_CASE("[[related]] rejects a row whose cell names no one row") {
    ScratchDir dir;
    const auto read = read_related(dir, phases_mapping,
                                   "Name,Builds Upon,Superseded by\n"
                                   "Twin,,\n"
                                   "Twin,,x\n"
                                   "Later,Twin,\n"
                                   "Odd,---,\n");
    REQUIRE(read.problems.size() == 2);
    CHECK(read.problems[0].find("t.csv:4: related: Builds Upon 'Twin' names several rows") != std::string::npos);
    CHECK(read.problems[1].find("t.csv:5: related: Builds Upon '---' makes no id") != std::string::npos);
    CHECK_FALSE(read.related.contains("later"));
}

TEST_CASE("a mapping's [[related]] is checked when it loads") {
    ScratchDir dir;
    const auto refused = [&](const std::string& text, const std::string& message) {
        write_text(dir.file("bad.toml"), text);
        CAPTURE(text);
        CHECK_THROWS_WITH_AS(formats::Mapping::load(dir.file("bad.toml")), doctest::Contains(message.c_str()), InputError);
    };
    const std::string head = "format = 1\n[id]\ncolumn = \"Name\"\n[fields.name]\ncolumn = \"Name\"\n";
    refused(head + "[[related]]\ncolumn = \"Next\"\nrelation = \"replaces\"\n", "relation 'replaces' is not builds-upon");
    refused(head + "[[related]]\nrelation = \"builds-upon\"\n", "[[related]] needs a column and a relation");
    refused(head + "[[related]]\ncolumn = \"Next\"\nrelation = \"builds-upon\"\nwhen = 1\n", "[[related]] has no key 'when'");
    refused("format = 1\nrelated = \"x\"\n[id]\ncolumn = \"Name\"\n[fields.name]\ncolumn = \"Name\"\n",
            "related must be [[related]] tables");
    refused(head + "[fields.related]\ncolumn = \"Next\"\n[[related]]\ncolumn = \"Next\"\nrelation = \"builds-upon\"\n",
            "not both");
    refused(
        "format = 1\n[id]\ntemplate = \"x-{Name}\"\n[fields.name]\ncolumn = \"Name\"\n"
        "[[related]]\ncolumn = \"Next\"\nrelation = \"builds-upon\"\n",
        "[id] has a template");
    // A column the table lacks is named when the table is read.
    write_text(dir.file("ok.toml"), head + "[[related]]\ncolumn = \"Next\"\nrelation = \"same-site\"\n");
    write_text(dir.file("t.csv"), "Name\nA\n");
    formats::ReadSink sink{[](model::RecordDocument&) {}, [](const std::string&) {}};
    CHECK_THROWS_WITH_AS(formats::Mapping::load(dir.file("ok.toml")).read(dir.file("t.csv"), sink),
                         doctest::Contains("the table has no column 'Next'"), InputError);
}

TEST_CASE("mapping: a condition holds one test, never two read as either or both") {
    ScratchDir dir;
    auto load_error = [&](const std::string& fields) {
        write(dir.file("cond.toml"), "format = 1\n[id]\ncolumn = \"Name\"\n" + fields);
        try {
            formats::Mapping::load(dir.file("cond.toml"));
        } catch (const InputError& error) {
            return std::string(error.what());
        }
        return std::string("loaded");
    };
    for (const char* condition :
         {"{ column = \"S\", equals = \"E\", empty = true }", "{ column = \"S\", equals = \"E\", one_of = [\"F\"] }",
          "{ column = \"S\", one_of = [\"F\"], empty = false }"}) {
        CAPTURE(std::string(condition));
        CHECK(load_error(fmt::format("[fields.name]\ncolumn = \"Name\"\nwhen = {}\n", condition)).find("one test a condition") !=
              std::string::npos);
    }
    // Several tests: an array of conditions, each of one test.
    CHECK(load_error("[fields.name]\ncolumn = \"Name\"\nwhen = [{ column = \"S\", equals = \"E\" }, { column = \"T\", empty = "
                     "false }]\n") == "loaded");
}
