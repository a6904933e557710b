// render/ turns result values into text and JSON; these tests render into string streams, with
// the values built by hand, and check the text a reader (or a script) gets.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/store/store.hpp"
#include "render/escaping_buffer.hpp"
#include "render/render.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

struct Streams {
    std::ostringstream out, err;
    render::Output output(bool json = false, bool quiet = false, bool colour = false) {
        return render::Output{out, err, render::Style(colour), json, quiet};
    }
};

model::ChangeReport new_cluster_report() {
    model::ChangeReport report;
    report.changeset_id = 2;
    report.changed = true;
    report.new_clusters = {"acme-one"};
    model::FieldReport name;
    name.cluster_id = "acme-one";
    name.field = "name";
    name.old_display = "—";
    name.new_display = "Acme One";
    report.fields.push_back(name);
    model::FieldReport count = name;
    count.field = "gpus_installed";
    count.new_display = "1,024";
    count.sources = {{3, "example.org"}};
    report.fields.push_back(count);
    return report;
}

}  // namespace

TEST_CASE("a change prints each field's diff with its source, then the changeset") {
    Streams streams;
    render::print_change(streams.output(), new_cluster_report());
    CHECK(streams.out.str() ==
          "acme-one (new cluster)\n"
          "  name: — -> Acme One\n"
          "  gpus_installed: — -> 1,024  [source 3, example.org]\n"
          "changeset 2\n");
    CHECK(streams.err.str().empty());
}

TEST_CASE("a dry run and a change that changes nothing say so") {
    Streams streams;
    auto report = new_cluster_report();
    report.changeset_id = 0;
    report.dry_run = true;
    render::print_change(streams.output(), report);
    CHECK(streams.out.str().ends_with("dry run: nothing written\n"));

    Streams unchanged;
    render::print_change(unchanged.output(), model::ChangeReport{});
    CHECK(unchanged.out.str() == "nothing to change\n");
}

TEST_CASE("--json: the same change as one JSON document, warnings on stderr") {
    Streams streams;
    auto report = new_cluster_report();
    report.warnings = {"acme-one: gpus_installed has no quote"};
    render::print_change(streams.output(true), report);
    const auto json = nlohmann::json::parse(streams.out.str());
    CHECK(json["changeset"] == 2);
    CHECK(json["fields"].size() == 2);
    CHECK(streams.err.str() == "gpuclusters: warning: acme-one: gpus_installed has no quote\n");
}

TEST_CASE("warnings are dropped by --quiet, errors never are") {
    Streams streams;
    render::print_warning(streams.output(false, true), "not shown");
    CHECK(streams.err.str().empty());
    render::print_error(streams.err, "shown");
    CHECK(streams.err.str() == "gpuclusters: error: shown\n");
}

TEST_CASE("colour only when the style says so") {
    Streams plain, coloured;
    render::print_change(plain.output(), new_cluster_report());
    render::print_change(coloured.output(false, false, true), new_cluster_report());
    CHECK(plain.out.str().find(render::output_mark()) == std::string::npos);
    // Style marks its codes; the EscapingBuffer every output goes through makes them ESC.
    CHECK(coloured.out.str().find(render::output_mark() + "[") != std::string::npos);
    std::ostringstream terminal;
    {
        render::EscapingBuffer buffer(terminal.rdbuf());
        std::ostream escaped(&buffer);
        escaped << coloured.out.str();
    }
    CHECK(terminal.str().find("\x1b[32m") != std::string::npos);
    CHECK(terminal.str().find('\xff') == std::string::npos);
}

TEST_CASE("nothing that drives a terminal passes: controls, C1, bidirectional overrides, bytes that are not UTF-8") {
    CHECK(render::escaped_for_terminal("a\x1b]0;title\x07"
                                       "b") == "a\\u001b]0;title\\u0007b");
    CHECK(render::escaped_for_terminal("tab\tand\nnewline stay") == "tab\tand\nnewline stay");
    CHECK(render::escaped_for_terminal("\r\x7f") == "\\u000d\\u007f");
    CHECK(render::escaped_for_terminal("a\xe2\x80\x8f"
                                       "b\xd8\x9c\xe2\x80\xa8") == "a\\u200fb\\u061c\\u2028");  // marks, separators
    CHECK(render::escaped_for_terminal("A\xc2\x9b"
                                       "2J") == "A\\u009b2J");                                          // C1 CSI
    CHECK(render::escaped_for_terminal("x\xe2\x80\xaey") == "x\\u202ey");                               // right-to-left override
    CHECK(render::escaped_for_terminal("\xe2\x81\xa6z") == "\\u2066z");                                 // isolate
    CHECK(render::escaped_for_terminal("P\xc3\xa9gaso \xe5\xa4\xa9") == "P\xc3\xa9gaso \xe5\xa4\xa9");  // text stays
    CHECK(render::escaped_for_terminal("\xff[31mred") == "\\xff[31mred");                               // a forged mark
    CHECK(render::escaped_for_terminal("\xc0\xaf \xed\xa0\x80 \xe2\x80") == "\\xc0\\xaf \\xed\\xa0\\x80 \\xe2\\x80");
}

TEST_CASE("the escaping buffer keeps a sequence split between writes whole") {
    std::ostringstream target;
    {
        render::EscapingBuffer buffer(target.rdbuf());
        std::ostream out(&buffer);
        out << "P\xc3" << std::flush << "\xa9gaso "
            << "\xe2\x80" << std::flush << "\xae!";
        const std::string& mark = render::output_mark();
        out << mark.substr(0, 3) << std::flush << mark.substr(3) << "[1;" << std::flush << "36mhead" << mark << "[0m";
        out << "\xff[31m" << mark << "\rline";  // a mark without the token is escaped
        out << "\xe2";                          // cut short at the end: escaped when the buffer goes
    }
    CHECK(target.str() == "P\xc3\xa9gaso \\u202e!\x1b[1;36mhead\x1b[0m\\xff[31m\rline\\xe2");
}

TEST_CASE("tables pad every column to its widest cell") {
    Streams streams;
    render::print_table(streams.output(), {"id", "owner"}, {{"a", "Acme"}, {"longer-id", "B"}});
    CHECK(streams.out.str() ==
          "id         owner\n"
          "a          Acme\n"
          "longer-id  B\n");
}

TEST_CASE("a table wider than the terminal: the widest columns give way, the key columns stay whole") {
    Streams streams;
    auto output = streams.output();
    output.width = 42;
    const std::vector<std::vector<std::string>> rows{{"frontier", "Oak Ridge Leadership Computing Facility", "37,888"},
                                                     {"jupiter", "Forschungszentrum Jülich", "24,000"}};
    render::print_table(output, {"ID", "OWNER", "GPUS"}, rows, 1);
    CHECK(streams.out.str() ==
          "ID        OWNER                     GPUS\n"
          "frontier  Oak Ridge Leadership Co…  37,888\n"
          "jupiter   Forschungszentrum Jülich  24,000\n");
    for (const auto& line : {"ID        OWNER                     GPUS", "frontier  Oak Ridge Leadership Co…  37,888"}) {
        CHECK(text::display_width(line) <= 42);
    }

    Streams whole;
    auto unlimited = whole.output();
    unlimited.width = 0;  // a pipe, or --wide
    render::print_table(unlimited, {"ID", "OWNER", "GPUS"}, rows, 1);
    CHECK(whole.out.str().find("Oak Ridge Leadership Computing Facility  37,888") != std::string::npos);

    Streams wide_characters;
    auto narrow = wide_characters.output();
    narrow.width = 20;
    render::print_table(narrow, {"ID", "NAME"}, {{"tokyo", "東京大学計算機クラスタ"}, {"a", "Alps"}}, 1);
    CHECK(wide_characters.out.str() ==
          "ID     NAME\n"
          "tokyo  東京大学計算…\n"
          "a      Alps\n");
}

TEST_CASE("key columns give way only when the others cannot make room; figures never") {
    Streams streams;
    auto output = streams.output();
    output.width = 30;
    render::print_table(output, {"ID", "OWNER", "GPUS"}, {{"abu-dhabi-uae-usa-5gw-campus-phase-2", "Some Owner", "1,234,567"}},
                        1);
    CHECK(streams.out.str() ==
          "ID         OWNER     GPUS\n"
          "abu-dhab…  Some Ow…  1,234,567\n");  // 9 + 2 + 8 + 2 + 9 = 30
}

TEST_CASE("the import progress line: records, bytes, percent of the input, time left") {
    ledger::ImportProgress progress;
    progress.records = 12000;
    progress.bytes_read = 3'100'000;
    progress.bytes_total = 12'400'000;
    CHECK(render::import_progress_text(progress, 4) == "import: 12,000 records, 3.1 MB of 12.4 MB (25%), about 12 s left");
    CHECK(render::import_progress_text(progress, 0.5) == "import: 12,000 records, 3.1 MB of 12.4 MB (25%)");
    CHECK(render::import_progress_text(progress, 400) ==
          "import: 12,000 records, 3.1 MB of 12.4 MB (25%), about 20 min 0 s left");
    CHECK(render::import_progress_text(progress, 0.1 * 4) == "import: 12,000 records, 3.1 MB of 12.4 MB (25%)");
    CHECK(render::import_progress_text(progress, 7200) ==
          "import: 12,000 records, 3.1 MB of 12.4 MB (25%), about 6 h 0 min left");
    progress.bytes_read = 12'399'999;
    CHECK(render::import_progress_text(progress, 10) == "import: 12,000 records, 12.4 MB of 12.4 MB (99%), under a second left");
    progress.bytes_read = 12'400'000;
    CHECK(render::import_progress_text(progress, 10) == "import: 12,000 records, 12.4 MB of 12.4 MB (100%)");
    progress.bytes_total = std::nullopt;  // standard input
    progress.bytes_read = 999;
    CHECK(render::import_progress_text(progress, 10) == "import: 12,000 records, 999 B read");
    progress.bytes_read = 5'000'000'000;
    CHECK(render::import_progress_text(progress, 10) == "import: 12,000 records, 5.0 GB read");
}

TEST_CASE("import tells of a mapping's shared quote column once: a line on stderr, or a notice in --json") {
    ledger::ImportResult result;
    result.added = 3;
    result.shared_quote = ledger::SharedQuote{"Quote", 9};
    const std::string notice =
        "mapping cites 9 fields of each row with the one quote column 'Quote': verify's quote checks compare every value "
        "with the same words; name a quote column per field with [fields.NAME] quote_column";
    Streams text;
    render::ImportPrinter(text.output(), 0, false).finish(result);
    CHECK(text.err.str() == "gpuclusters: warning: " + notice + "\n");
    CHECK(text.out.str().find("read 3: added 3") == 0);

    Streams json;
    render::ImportPrinter(json.output(true), 0, false).finish(result);
    CHECK(json.err.str().empty());
    CHECK(nlohmann::json::parse(json.out.str())["notices"] == nlohmann::json::array({notice}));

    Streams quiet;
    render::ImportPrinter(quiet.output(false, true), 0, false).finish(result);
    CHECK(quiet.err.str().empty());

    Streams none;
    render::ImportPrinter(none.output(true), 0, false).finish(ledger::ImportResult{});
    CHECK(nlohmann::json::parse(none.out.str())["notices"] == nlohmann::json::array());
}

TEST_CASE("verify's findings: nothing before the first finding, one JSON document at the end") {
    Streams streams;
    {
        render::FindingsPrinter printer(streams.output(true));
        CHECK(streams.out.str().empty());
        rules::Finding finding;
        finding.cluster_id = "acme-one";
        finding.field = "gpus_installed";
        finding.rule = "press-only-count";
        finding.severity = rules::Severity::error;
        finding.message = "only press sources back the count";
        printer.cluster({finding});
        ledger::CheckSummary summary;
        summary.clusters = 1;
        summary.errors = 1;
        summary.clusters_with_findings = 1;
        printer.finish(summary);
    }
    const auto json = nlohmann::json::parse(streams.out.str());
    REQUIRE(json["findings"].size() == 1);
    CHECK(json["findings"][0]["rule"] == "press-only-count");
    CHECK(json["findings"][0]["severity"] == "error");
    CHECK(json["summary"]["errors"] == 1);
}

TEST_CASE("log --json is one array, also when empty") {
    Streams streams;
    render::LogPrinter printer(streams.output(true));
    printer.finish();
    CHECK(nlohmann::json::parse(streams.out.str()) == nlohmann::json::array());
}

TEST_CASE("log streams each changeset as it reads it, as text and as JSON laid out like the rest") {
    ScratchDir dir;
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    model::ChangeRequest request;
    request.sources.push_back({.reference = "https://example.org/list", .kind = std::string("operator"), .origin = "--source"});
    for (const char* id : {"acme-one", "acme-two"}) {
        request.records.push_back({.cluster_id = id,
                                   .origin = id,
                                   .fields = {{.field = "gpus_installed",
                                               .raw_value = "1024",
                                               .citations = {{0, "", "", "--source"}},
                                               .origin = "--set gpus_installed"}}});
    }
    request.changeset = {0, "2026-11-30T12:00:00Z", "editor", "from the operator's page", "gpuclusters add"};
    request.today = "2026-11-30";
    ledger::apply_changes(store, request);

    Streams text;
    render::LogPrinter entries(text.output());
    ledger::log(store, {}, [&](const ledger::LogEntry& entry) { entries.entry(entry); });
    entries.finish();
    CHECK(text.out.str() ==
          "changeset 1  2026-11-30T12:00:00Z  editor\n"
          "    from the operator's page\n"
          "    acme-one (new cluster)\n"
          "      gpus_installed: — -> 1,024  [source 1, example.org]\n"
          "    acme-two (new cluster)\n"
          "      gpus_installed: — -> 1,024  [source 1, example.org]\n"
          "    source 1: new, https://example.org/list\n");

    Streams json;
    render::LogPrinter printer(json.output(true));
    ledger::log(store, {}, [&](const ledger::LogEntry& entry) { printer.entry(entry); });
    printer.finish();
    // The streamed document is byte for byte what building it whole would print.
    render::Json whole = render::Json::array();
    whole.push_back({{"id", 1},
                     {"created_at", "2026-11-30T12:00:00Z"},
                     {"author", "editor"},
                     {"message", "from the operator's page"},
                     {"command", "gpuclusters add"},
                     {"changes", render::change_report_json(ledger::ChangesetView(store, 1).report())}});
    CHECK(json.out.str() == render::json_text(whole) + "\n");
    CHECK(whole[0]["changes"]["new_clusters"] == render::Json{"acme-one", "acme-two"});
}

TEST_CASE("a JSON document written piece by piece is laid out as dump(2) lays it out") {
    std::ostringstream out;
    render::JsonWriter writer(out);
    writer.begin_object();
    writer.member("a", 1);
    writer.key("empty");
    writer.begin_array();
    writer.end_array();
    writer.key("list");
    writer.begin_array();
    writer.value(render::Json{{"x", {1, 2}}, {"y", render::Json::object()}});
    writer.value("s\"q");
    writer.value("tab\tquote\"back\\slash é \x7f");
    writer.value("plain");
    writer.value(-12);
    writer.value(false);
    writer.end_array();
    writer.key("nested");
    writer.begin_object();
    writer.end_object();
    writer.end_object();
    const render::Json whole = {{"a", 1},
                                {"empty", render::Json::array()},
                                {"list",
                                 {render::Json{{"x", {1, 2}}, {"y", render::Json::object()}}, "s\"q",
                                  "tab\tquote\"back\\slash é \x7f", "plain", -12, false}},
                                {"nested", render::Json::object()}};
    CHECK(out.str() == render::json_text(whole));
}

TEST_CASE("a line feed or a tab in a stored value is shown escaped: it cannot forge a row of a table or a line of a page") {
    // Found by the hostile corpus: a name holding a line feed printed a row of its own in list.
    Streams streams;
    render::print_table(streams.output(), {"ID", "NAME"}, {{"a", "Alps\nforged  Row"}, {"b", "tab\there"}});
    CHECK(streams.out.str() ==
          "ID  NAME\n"
          "a   Alps\\u000aforged  Row\n"
          "b   tab\\u0009here\n");

    model::Record record;
    record.id = "cscs-alps";
    model::Claim name;
    name.id = 1;
    name.field = "name";
    name.value.value = "Alps\n  GPUs installed         99,999";
    name.rank = model::Rank::preferred;
    model::Claim summary = name;
    summary.id = 2;
    summary.field = "summary";
    summary.value.value = "line one\r\nline two";
    record.claims = {name, summary};
    Streams page;
    render::print_record_page(page.out, render::Style(false), record, {});
    const std::string text = page.out.str();
    CHECK(text.starts_with("Alps\\u000a  GPUs installed         99,999\ncscs-alps\nline one\\u000d\\u000aline two\n"));
    CHECK(text.find("\n  GPUs installed         99,999") == std::string::npos);
}

TEST_CASE("a long table streams: widths from the first rows, a later wider cell whole on a pipe, cut on a terminal") {
    const std::size_t rows = render::TablePrinter::measured_rows + 2;
    const auto print = [&](std::size_t width) {
        Streams streams;
        auto output = streams.output();
        output.width = width;
        render::TablePrinter table(output, {"ID", "NAME"}, 1);
        for (std::size_t i = 0; i < rows; ++i)
            table.row({"c" + std::to_string(i % 10), i + 1 == rows ? "a much longer name" : "short"});
        table.finish();
        return streams.out.str();
    };
    const std::string piped = print(0);
    CHECK(piped.starts_with("ID  NAME\n"));
    CHECK(piped.find("c1  short\n") != std::string::npos);
    CHECK(piped.ends_with("c1  a much longer name\n"));  // whole: a script reads every byte
    const std::string terminal = print(40);
    CHECK(terminal.ends_with("c1  a mu…\n"));  // its column stays as wide as the rows measured
    CHECK(std::count(terminal.begin(), terminal.end(), '\n') == static_cast<long>(rows + 1));
}

TEST_CASE("a table shorter than the rows measured is laid out as a whole, as before") {
    Streams streams;
    auto output = streams.output();
    render::TablePrinter table(output, {"ID", "VALUE"}, 1);
    table.row({"a", "1"});
    table.row({"bbbb", "line\nbreak"});
    table.finish();
    CHECK(streams.out.str() == "ID    VALUE\na     1\nbbbb  line\\u000abreak\n");
}

TEST_CASE("a list on a narrow terminal leaves columns out, the rightmost first, rather than cut cells unreadably") {
    const std::vector<std::vector<std::string>> rows{
        {"abu-dhabi-uae-usa-5gw-campus-phase-2", "Abu Dhabi UAE-USA 5GW Campus Phase 2", "G42 and OpenAI", "NVIDIA GB300", "-",
         "announced"},
        {"agh-cyfronet-athena", "AGH Cyfronet Athena", "AGH University of Krakow", "NVIDIA A100 SXM4 40GB", "384",
         "operational"}};
    const std::vector<std::string> header{"ID", "NAME", "OWNER", "GPU MODEL", "GPUS INSTALLED", "STATUS"};
    const auto print = [&](std::size_t width, bool may_leave_out) {
        Streams streams;
        auto output = streams.output();
        output.width = width;
        render::TablePrinter table(output, header, 1);
        if (may_leave_out) table.leave_out_columns_to_fit();
        for (const auto& row : rows) table.row(row);
        table.finish();
        return streams.out.str();
    };
    const std::string fitted = print(80, true);
    // Status and model go (the figures stay) until name and owner are readable; the table says so.
    CHECK(fitted ==
          "ID                                    NAME          OWNER         GPUS INSTALLED\n"
          "abu-dhabi-uae-usa-5gw-campus-phase-2  Abu Dhabi U…  G42 and Ope…  -\n"
          "agh-cyfronet-athena                   AGH Cyfrone…  AGH Univers…  384\n"
          "(left out to fit 80 columns: GPU MODEL, STATUS; --wide shows all)\n");
    // A table of things compared side by side keeps every column, cut.
    const std::string cut = print(80, false);
    CHECK(cut.find("STAT") != std::string::npos);
    CHECK(cut.find("left out") == std::string::npos);
    // Wide enough, nothing is left out.
    CHECK(print(200, true).find("left out") == std::string::npos);
    // A pipe (no width) never leaves a column out.
    CHECK(print(0, true).find("STATUS") != std::string::npos);
}
