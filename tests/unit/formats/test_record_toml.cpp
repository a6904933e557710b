#include <doctest/doctest.h>

#include <algorithm>
#include <fmt/format.h>

#include "formats/interchange.hpp"
#include "formats/record_edit.hpp"
#include "formats/record_toml.hpp"
#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/error.hpp"

using namespace gpuclusters;

namespace {

// A derived count, an estimated power of more digits than a float prints by default, a field not
// published, a text value, and a competing figure with a bound.
model::Record typed_toml_record() {
    model::Record record;
    record.id = "acme-one";
    record.sources.emplace(1, model::Source{1, "https://example.org/a", {.kind = "operator"}});
    record.claims.push_back({.id = 1, .field = "name", .value = {"Acme One", {}}, .citations = {{1, 1, "", "Acme One", 1}}});
    record.claims.push_back({.id = 2, .field = "gpus_installed", .value = {"63744", {"10624 x 6", "", "", ""}}});
    record.claims.push_back({.id = 3,
                             .field = "gpus_installed",
                             .value = {"60000", {"", "", "", "approximate"}},
                             .rank = model::Rank::normal,
                             .citations = {{2, 1, "p. 2", "about 60,000", 1}}});
    record.claims.push_back({.id = 4, .field = "city", .state = model::ClaimState::not_published});
    record.claims.push_back({.id = 5, .field = "power_mw", .value = {"1234567.12345678", {"", "estimate", "Epoch AI", ""}}});
    return record;
}

model::RecordDocument read(const std::string& text) { return formats::read_toml_record(text, "r.toml"); }

// The input of a field's claim at a rank (toml++ hands a table's keys over in name order, not the file's).
const model::FieldInput& input(const model::RecordDocument& document, std::string_view field,
                               model::Rank rank = model::Rank::preferred) {
    const auto found = std::find_if(document.record.fields.begin(), document.record.fields.end(),
                                    [&](const model::FieldInput& given) { return given.field == field && given.rank == rank; });
    REQUIRE_MESSAGE(found != document.record.fields.end(), "no input for " << field);
    return *found;
}

// A format 2 record of one field table.
std::string field(const std::string& name, const std::string& body) {
    return fmt::format("format = 2\nid = \"a\"\n[field.{}]\n{}", name, body);
}

}  // namespace

TEST_CASE("TOML format 2: numbers are TOML numbers written from the decimal, qualifiers and state keys of the claim") {
    const std::string written = formats::record_to_toml(typed_toml_record(), true);
    CHECK(written.starts_with("# gpuclusters record, format 3 (gpuclusters(5))\nformat = 3\nid = \"acme-one\"\n"));
    CHECK(written.find("[field.name]\nvalue = \"Acme One\"\n") != std::string::npos);
    CHECK(written.find("[field.gpus_installed]\nvalue = 63744\nderivation = \"10624 x 6\"\n") != std::string::npos);
    CHECK(written.find("[[field.gpus_installed.competing]]\nvalue = 60000\nbound = \"approximate\"\nrank = \"normal\"\n") !=
          std::string::npos);
    CHECK(written.find("[field.city]\nstate = \"not_published\"\n\n") != std::string::npos);
    CHECK(written.find("[field.power_mw]\nvalue = 1234567.12345678\nbasis = \"estimate\"\nestimator = \"Epoch AI\"\n") !=
          std::string::npos);
    CHECK(written.find("not_published = true") == std::string::npos);

    const auto document = read(written);
    REQUIRE(document.record.fields.size() == 5);
    CHECK(input(document, "name").raw_value == "Acme One");
    CHECK(input(document, "gpus_installed").raw_value == "10624 x 6");
    CHECK(input(document, "gpus_installed", model::Rank::normal).raw_value == "~60000");
    CHECK(input(document, "gpus_installed", model::Rank::normal).citations.size() == 1);
    CHECK(input(document, "city").not_published);
    CHECK(input(document, "city").raw_value.empty());
    CHECK(input(document, "power_mw").raw_value == "1234567.12345678 (estimate: Epoch AI)");
    CHECK(!document.values_only);
    // Values only: the same tables, without sources, citations or competing claims.
    const std::string values = formats::record_to_toml(typed_toml_record(), false);
    CHECK(values.find("[[source]]") == std::string::npos);
    CHECK(values.find("competing") == std::string::npos);
    CHECK(read(values).values_only);
}

TEST_CASE("TOML format 3: a competing claim says why it holds its rank; format 2 has no such key") {
    auto record = typed_toml_record();
    record.claims[2].rank_reason = std::string(model::merge_conflict_reason);
    const std::string written = formats::record_to_toml(record, true);
    CHECK(written.find("rank = \"normal\"\nreason = \"merge conflict\"\n") != std::string::npos);
    CHECK(input(read(written), "gpus_installed", model::Rank::normal).reason == "merge conflict");
    // Without a reason, a competing claim has none: a format 3 file says all there is (sync
    // takes rank reasons exactly).
    record.claims[2].rank_reason.clear();
    CHECK(input(read(formats::record_to_toml(record, true)), "gpus_installed", model::Rank::normal).reason == "");
    std::string older = written;
    older.replace(older.find("format = 3"), 10, "format = 2");
    CHECK_THROWS_WITH(read(older), doctest::Contains("unknown key 'reason'"));
    std::string not_text = written;
    not_text.replace(not_text.find("reason = \"merge conflict\""), 25, "reason = 7");
    CHECK_THROWS_WITH(read(not_text), doctest::Contains("reason must be a string"));
}

TEST_CASE("TOML format 3: a field made unknown is written cleared and read as a clearing; nothing else may go with it") {
    auto record = typed_toml_record();
    record.cleared = {"region"};
    const std::string written = formats::record_to_toml(record, true);
    CHECK(written.find("\n[field.region]\ncleared = true\n") != std::string::npos);
    CHECK(formats::record_to_toml(record, false).find("cleared") == std::string::npos);  // values only: no history
    const auto document = read(written);
    const auto clearing = std::ranges::find(document.record.fields, model::FieldAction::clear, &model::FieldInput::action);
    REQUIRE(clearing != document.record.fields.end());
    CHECK(clearing->field == "region");
    CHECK(model::record_of(document).record.cleared == std::vector<std::string>{"region"});
    CHECK_THROWS_WITH(read("format = 3\nid = \"a\"\n[field.city]\ncleared = true\nvalue = \"Lyon\"\n"),
                      "r.toml:5:9: field.city: a cleared field has nothing else: 'value' is given");
    CHECK_THROWS_WITH(read("format = 3\nid = \"a\"\n[field.city]\ncleared = false\n"),
                      "r.toml:4:11: field.city: cleared must be true when present");
    CHECK_THROWS_WITH(read("format = 2\nid = \"a\"\n[field.city]\ncleared = true\n"), doctest::Contains("unknown key 'cleared'"));
}

TEST_CASE("TOML format 3: a record with its provenance lists its accepted findings, none included") {
    auto record = typed_toml_record();
    record.accepted = {{"stale-sources", "the operator publishes rarely"}};
    const std::string written = formats::record_to_toml(record, true);
    CHECK(written.find("\n[[accepted]]\nrule = \"stale-sources\"\nreason = \"the operator publishes rarely\"\n") !=
          std::string::npos);
    CHECK(read(written).record.accepted ==
          std::vector<model::AcceptedFinding>{{"stale-sources", "the operator publishes rarely"}});
    // No [[accepted]] in a record with provenance: none accepted (an import withdraws those in force);
    // a values-only record says nothing of them.
    record.accepted.clear();
    CHECK(read(formats::record_to_toml(record, true)).record.accepted == std::vector<model::AcceptedFinding>{});
    CHECK_FALSE(read(formats::record_to_toml(record, false)).record.accepted.has_value());
    // A record with no source at all still says what is accepted for it.
    CHECK(read("format = 3\nid = \"a\"\n[[accepted]]\nrule = \"uncited-value\"\nreason = \"told by the operator\"\n")
              .record.accepted == std::vector<model::AcceptedFinding>{{"uncited-value", "told by the operator"}});
    const std::string head = "format = 3\nid = \"a\"\n[[source]]\nurl = \"https://example.org/a\"\nkind = \"operator\"\n";
    auto refused = [&](const std::string& accepted) {
        try {
            (void)read(head + accepted);
        } catch (const InputError& error) {
            return std::string(error.what());
        }
        return std::string("(read)");
    };
    CHECK(refused("[[accepted]]\nrule = \"no-such-rule\"\nreason = \"x\"\n") ==
          "r.toml:6:1: accepted: no such rule 'no-such-rule' (`gpuclusters verify --list-rules`)");
    CHECK(refused("[[accepted]]\nrule = \"merge-conflict\"\nreason = \"x\"\n") ==
          "r.toml:6:1: accepted: a merge conflict is not accepted but resolved");
    CHECK(refused("[[accepted]]\nrule = \"stale-sources\"\nreason = \" \"\n") == "r.toml:6:1: accepted: the reason is empty");
    CHECK(refused("[[accepted]]\nrule = \"stale-sources\"\nreason = \"a\"\n[[accepted]]\nrule = \"stale-sources\"\nreason = "
                  "\"b\"\n") == "r.toml:9:1: accepted: stale-sources is accepted twice");
    CHECK(refused("[[accepted]]\nrule = \"stale-sources\"\n").find("missing key 'reason'") != std::string::npos);
    CHECK_THROWS_WITH(read("format = 2\nid = \"a\"\n[[accepted]]\nrule = \"stale-sources\"\nreason = \"x\"\n"),
                      doctest::Contains("unknown key 'accepted'"));
}

TEST_CASE("TOML format 3: competing claims, citations and keys in an order of their content, not of row ids") {
    auto record = typed_toml_record();
    record.sources.emplace(2, model::Source{2, "https://a.example.org/b", {.kind = "press"}});
    record.claims.push_back({.id = 6,
                             .field = "gpus_installed",
                             .value = {"50000", {}},
                             .rank = model::Rank::normal,
                             .citations = {{3, 1, "", "z quote", 1}, {4, 2, "", "a quote", 1}}});
    record.keys = {{1, "k1", 0}, {2, "k2", 0}};
    const std::string written = formats::record_to_toml(record, true);
    auto reversed = record;
    std::ranges::reverse(reversed.claims);
    std::ranges::reverse(reversed.claims.front().citations);
    std::ranges::reverse(reversed.keys);
    CHECK(formats::record_to_toml(reversed, true) == written);
    CHECK(written.find("value = 50000") < written.find("value = 60000"));
    CHECK(written.find("source = \"https://a.example.org/b\"\nquote = \"a quote\"") <
          written.find("source = \"https://example.org/a\"\nquote = \"z quote\""));
    CHECK(written.find("key = \"k2\"") < written.find("key = \"k1\""));  // by the URL of the key's source
}

TEST_CASE("TOML format 3: a removed cluster's file says so and nothing else") {
    model::Record gone;
    gone.id = "acme-gone";
    gone.removed = true;
    const std::string written = formats::record_to_toml(gone, true);
    CHECK(written == "# gpuclusters record, format 3 (gpuclusters(5))\nformat = 3\nid = \"acme-gone\"\nremoved = true\n");
    const auto document = read(written);
    CHECK(document.record.removed);
    CHECK(document.record.fields.empty());
    CHECK(model::record_of(document).record.removed);
    CHECK_THROWS_WITH(read("format = 3\nid = \"a\"\nremoved = true\n[field.city]\nvalue = \"Lyon\"\n"),
                      doctest::Contains("a removed record has nothing else: 'field' is given"));
    CHECK_THROWS_WITH(read("format = 3\nid = \"a\"\nremoved = 1\n"), "r.toml:3:11: removed must be true when present");
    CHECK_THROWS_WITH(read("format = 2\nid = \"a\"\nremoved = true\n"), doctest::Contains("unknown key 'removed'"));
}

TEST_CASE("TOML format 3: a Verified badge travels with its signer and date, a stale one does not") {
    auto record = typed_toml_record();
    record.verification = model::Verification{7, "2026-11-02", "Ada <ada@example.org>", false};
    const std::string written = formats::record_to_toml(record, true);
    CHECK(written.find("\n[verified]\nby = \"Ada <ada@example.org>\"\non = \"2026-11-02\"\n") != std::string::npos);
    const auto document = read(written);
    CHECK(document.record.badge_given);
    REQUIRE(document.record.badge);
    CHECK(document.record.badge->author == "Ada <ada@example.org>");
    CHECK(document.record.badge->date == "2026-11-02");
    CHECK(model::record_of(document).record.verification->author == "Ada <ada@example.org>");

    record.verification->stale = true;
    const auto unsigned_document = read(formats::record_to_toml(record, true));
    CHECK(unsigned_document.record.badge_given);  // with its provenance, no badge says "none"
    CHECK_FALSE(unsigned_document.record.badge);

    CHECK_THROWS_WITH(read("format = 3\nid = \"a\"\n[verified]\nby = \"Ada\"\non = \"2026-13-01\"\n"),
                      doctest::Contains("r.toml:3:1: verified: "));
    CHECK_THROWS_WITH(read("format = 3\nid = \"a\"\n[verified]\nby = \"Ada\"\n"), doctest::Contains("missing key 'on'"));
    CHECK_THROWS_WITH(read("format = 3\nid = \"a\"\n[verified]\nby = \"Ada\"\non = \"2026-11-02\"\nwhen = 1\n"),
                      doctest::Contains("unknown key 'when'"));
}

TEST_CASE("TOML format 2: a float is read as its digits, never through a rounded double") {
    CHECK(read(field("power_mw", "value = 0.327\n")).record.fields[0].raw_value == "0.327");
    CHECK(read(field("power_mw", "value = 0.3270\n")).record.fields[0].raw_value == "0.327");
    CHECK(read(field("power_mw", "value = 2.11e1\n")).record.fields[0].raw_value == "21.1");
    CHECK(read(field("power_mw", "value = 1_000.5\n")).record.fields[0].raw_value == "1000.5");
    CHECK(read(field("power_mw", "value = 49.9408000000001\n")).record.fields[0].raw_value == "49.9408000000001");
    CHECK_THROWS_WITH_AS(read(field("power_mw", "value = 49.94080000000001\n")),
                         doctest::Contains("r.toml:4:9: field.power_mw: '49.94080000000001' has 16 significant digits"),
                         InputError);
    CHECK(read(field("power_mw", "value = 12000\n")).record.fields[0].raw_value == "12000");
    CHECK(read(field("gpus_installed", "value = 999_999_999\n")).record.fields[0].raw_value == "999999999");
    // toml++ counts columns in code points: the digits are found after non-ASCII text on their line.
    const auto inline_table =
        read("format = 2\nid = \"a\"\nfield.power_mw = { estimator = \"Épöch ÄI\", basis = \"estimate\", value = 0.3270 }\n");
    CHECK(inline_table.record.fields[0].raw_value == "0.327 (estimate: Épöch ÄI)");
    // Digits a double does not give back are refused with the place of the number.
    CHECK_THROWS_WITH_AS(read(field("power_mw", "value = 0.1000000000000000055511\n")),
                         doctest::Contains("r.toml:4:9: field.power_mw: '0.1000000000000000055511' has 22 significant digits"),
                         InputError);
    CHECK_THROWS_WITH_AS(read("format = 2\nid = \"a\"\nfield.power_mw = { basis = \"Ü\", value = 1.00000000000000001 }\n"),
                         doctest::Contains("r.toml:3:41: field.power_mw: '1.00000000000000001' has 18 significant digits"),
                         InputError);
    CHECK_THROWS_WITH_AS(read(field("power_mw", "value = 1e-400\n")), doctest::Contains("r.toml:4:"), InputError);
    CHECK_THROWS_WITH_AS(read(field("power_mw", "value = inf\n")), doctest::Contains("'inf' is not a number"), InputError);
    CHECK_THROWS_WITH_AS(read(field("power_mw", "value = -3.5\n")), doctest::Contains("'-3.5' is not a number"), InputError);
    // Format 1 takes a number for any field, exactly too.
    CHECK(read("format = 1\nid = \"a\"\n[field.power_mw]\nvalue = 1e-05\n").record.fields[0].raw_value == "0.00001");
    CHECK_THROWS_WITH_AS(read("format = 1\nid = \"a\"\n[field.power_mw]\nvalue = 0.1000000000000000055511\n"),
                         doctest::Contains("r.toml:4:9: field.power_mw: '0.1000000000000000055511' has 22"), InputError);
}

TEST_CASE("TOML format 2: bad typed values are refused with file:line:column and the key") {
    auto refused = [](const std::string& name, const std::string& body) {
        try {
            (void)read(field(name, body));
        } catch (const InputError& error) {
            return std::string(error.what());
        }
        return std::string("(read)");
    };
    CHECK(refused("gpus_installed", "value = \"10624 x 6\"\n") ==
          "r.toml:4:9: field.gpus_installed: value must be a TOML number (format 2), not the string \"10624 x 6\"");
    CHECK(refused("gpus_installed", "value = 63745\nderivation = \"10624 x 6\"\n") ==
          "r.toml:4:9: field.gpus_installed: derivation '10624 x 6' makes 63,744, not 63,745");
    CHECK(refused("gpus_installed", "value = 12.5\n") ==
          "r.toml:4:9: field.gpus_installed: '12.5' is not a whole number: a count is written as digits alone");
    CHECK(refused("power_mw", "state = \"not_published\"\nvalue = 0.3\n") ==
          "r.toml:5:9: field.power_mw: state is not_published, but value is given (a figure not published has none)");
    CHECK(refused("power_mw", "state = \"not_published\"\nbasis = \"reported\"\n") ==
          "r.toml:5:9: field.power_mw: state is not_published, but basis is given (a figure not published has none)");
    CHECK(refused("power_mw", "value = 40\nbasis = \"estimate\"\n") ==
          "r.toml:4:9: field.power_mw: basis estimate needs its estimator (who estimated)");
    CHECK(refused("gpus_installed", "value = 10\nbasis = \"reported\"\n") ==
          "r.toml:5:9: field.gpus_installed: unknown key 'basis' (gpus_installed is qualified by derivation, bound)");
    CHECK(refused("city", "value = \"Lugano\"\nderivation = \"1 x 2\"\n") ==
          "r.toml:5:14: field.city: unknown key 'derivation' (city has no qualifiers: only a count or a power has)");
    CHECK(refused("city", "value = \"Lugano\"\nprecision = \"high\"\n") == "r.toml:5:13: field.city: unknown key 'precision'");
    CHECK(refused("city", "not_published = true\n") ==
          "r.toml:4:17: field.city: unknown key 'not_published' (format 2 writes state = \"not_published\")");
    CHECK(refused("city", "state = \"secret\"\n") == "r.toml:4:9: field.city: state must be \"not_published\" or \"set\"");
    CHECK(refused("city", "value = 7\n") == "r.toml:4:9: field.city: value must be a string, not a number");
    CHECK(refused("gpus_installed", "bound = \"at least\"\n") ==
          "r.toml:4:9: field.gpus_installed: bound without the value it qualifies");
    CHECK(refused("gpus_installed", "value = 10\nbound = 1\n") ==
          "r.toml:5:9: field.gpus_installed: bound must be a string, not a number");
    CHECK(refused("gpus_installed", "value = 10\n[[field.gpus_installed.competing]]\nvalue = \"9\"\n") ==
          "r.toml:6:9: field.gpus_installed: competing: value must be a TOML number (format 2), not the string \"9\"");
    CHECK(refused("gpus_installed",
                  "state = \"not_published\"\n[[field.gpus_installed.competing]]\nstate = \"not_published\"\nderivation = \"1 x "
                  "2\"\n") ==
          "r.toml:7:14: field.gpus_installed: competing: state is not_published, but derivation is given (a figure not published "
          "has none)");
    CHECK_THROWS_WITH(read("format = 99\nid = \"a\"\n"),
                      "r.toml:1:10: record format 99 is not supported (this gpuclusters reads formats 1 to 3)");
}

TEST_CASE("TOML format 1 still reads: every value a string in the input syntax, not_published = true") {
    const auto document = read(
        "format = 1\nid = \"a\"\n[field.gpus_installed]\nvalue = \"10,624 x 6\"\n[field.city]\nnot_published = true\n"
        "[field.power_mw]\nvalue = \"0.327 (estimate: Epoch AI)\"\n");
    REQUIRE(document.record.fields.size() == 3);
    CHECK(input(document, "gpus_installed").raw_value == "10,624 x 6");
    CHECK(input(document, "city").not_published);
    CHECK(input(document, "power_mw").raw_value == "0.327 (estimate: Epoch AI)");
    // The keys of format 2 are not format 1's.
    CHECK_THROWS_WITH(read("format = 1\nid = \"a\"\n[field.city]\nstate = \"not_published\"\n"),
                      "r.toml:4:9: field.city: unknown key 'state'");
    CHECK_THROWS_WITH(read("format = 1\nid = \"a\"\n[field.gpus_installed]\nvalue = 12\nderivation = \"3 x 4\"\n"),
                      "r.toml:5:14: field.gpus_installed: unknown key 'derivation'");
}

TEST_CASE("edit's text is format 2: a number, a derivation and a field not published are edited as keys") {
    const std::string text = formats::editable_text(typed_toml_record());
    CHECK(text.find("# format = 3\n") != std::string::npos);
    CHECK(text.find("\nvalue = 63744\nderivation = \"10624 x 6\"\n") != std::string::npos);
    auto edited = [&](const std::string& from, const std::string& to) {
        std::string changed = text;
        const auto at = changed.find(from);
        REQUIRE(at != std::string::npos);
        changed.replace(at, from.size(), to);
        return formats::read_edited_record(changed, "acme-one", "edit.toml");
    };
    CHECK(input(edited("value = 63744\nderivation = \"10624 x 6\"\n", "value = 63750\n"), "gpus_installed").raw_value == "63750");
    CHECK(input(edited("value = 63744\nderivation = \"10624 x 6\"\n", "value = 64000\nderivation = \"8000 x 8\"\n"),
                "gpus_installed")
              .raw_value == "8000 x 8");
    const auto hidden = edited("[field.power_mw]\nvalue = 1234567.12345678\nbasis = \"estimate\"\nestimator = \"Epoch AI\"\n",
                               "[field.power_mw]\nstate = \"not_published\"\n");
    CHECK(input(hidden, "power_mw").not_published);
    CHECK(input(hidden, "power_mw").raw_value.empty());
    CHECK(input(edited("[field.city]\nstate = \"not_published\"\n", "[field.city]\nvalue = \"Lugano\"\n"), "city").raw_value ==
          "Lugano");
    // An edited number whose derivation no longer makes it names the line in the editor's file.
    CHECK_THROWS_WITH(edited("value = 63744\n", "value = 63750\n"), doctest::Contains("edit.toml:"));
    CHECK_THROWS_WITH(edited("value = 63744\n", "value = 63750\n"),
                      doctest::Contains("derivation '10624 x 6' makes 63,744, not 63,750"));
    // An edit kept by an older gpuclusters (format 1) reads as format 1.
    const auto kept = formats::read_edited_record(
        "# format = 1\n# id = \"acme-one\"\n[field.gpus_installed]\nvalue = \"10 x 8\"\n", "acme-one", "kept.toml");
    CHECK(kept.record.fields[0].raw_value == "10 x 8");
}
