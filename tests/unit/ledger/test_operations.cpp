// The ledger's operations on a real database, without the command line: revert, accept and sign,
// check, compare and import, each judged by its result value and by what the store holds after.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "formats/rules_config.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/compare.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/ledger/import.hpp"
#include "gpuclusters/ledger/listing.hpp"
#include "gpuclusters/ledger/revert.hpp"
#include "gpuclusters/ledger/verification.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/store/store.hpp"
#include "scratch_database.hpp"

using namespace gpuclusters;

namespace {

const std::string today = "2026-11-30";

model::Changeset changeset(const std::string& message) { return {0, today + "T12:00:00Z", "tester", message, "test"}; }

/// One field of one record, backed by an operator page that quotes `quote`.
model::ChangeRequest set(const std::string& id, const std::string& field, const std::string& value, const std::string& quote,
                         const std::string& kind = "operator") {
    model::ChangeRequest request;
    request.sources.push_back({.reference = "https://example.org/" + id, .kind = kind, .origin = "--source"});
    request.records.push_back(
        {.cluster_id = id,
         .origin = "ID",
         .fields = {{.field = field, .raw_value = value, .citations = {{0, "", quote, "--quote"}}, .origin = "--set " + field}}});
    request.changeset = changeset("set " + field);
    request.today = today;
    return request;
}

std::string shown(const store::Store& store, const std::string& id, const std::string& field) {
    return ledger::cell_of(ledger::require_record(store, id, std::nullopt), field).display;
}

using Database = ScratchDatabase;

// A revert, with what its changeset does read whole from the view it hands over.
struct Reverted : ledger::RevertResult {
    model::ChangeReport report;
};

Reverted revert(store::Store& store, const ledger::RevertRequest& request) {
    Reverted reverted;
    ledger::revert(store, request, changeset(""), today,
                   [&](const ledger::RevertResult& result, const ledger::ChangesetView& changes) {
                       static_cast<ledger::RevertResult&>(reverted) = result;
                       reverted.report = changes.report();
                   });
    return reverted;
}

}  // namespace

TEST_CASE("revert puts a field back in a new changeset, and refuses over a later change unless forced") {
    Database db;
    ledger::apply_changes(db.store, set("acme-one", "gpus_installed", "1,000", "1,000 GPUs"));
    const auto second = ledger::apply_changes(db.store, set("acme-one", "gpus_installed", "2,000", "2,000 GPUs"));
    REQUIRE(second.changeset_id == 2);
    CHECK(shown(db.store, "acme-one", "gpus_installed") == "2,000");

    SUBCASE("a dry run says what it would do and writes nothing") {
        const auto result = revert(db.store, {.changeset = "2", .dry_run = true});
        CHECK(result.reverted == 2);
        CHECK(result.changeset_id == 0);
        CHECK(result.dry_run);
        REQUIRE(result.report.fields.size() == 1);
        CHECK(result.report.fields[0].old_display == "2,000");
        CHECK(result.report.fields[0].new_display == "1,000");
        CHECK(shown(db.store, "acme-one", "gpus_installed") == "2,000");
    }
    SUBCASE("the revert is a changeset of its own, described once it is committed") {
        const auto result = revert(db.store, {.changeset = "2"});
        CHECK(result.changeset_id == 3);
        CHECK(result.report.changeset_id == 3);
        REQUIRE(result.report.fields.size() == 1);
        CHECK(shown(db.store, "acme-one", "gpus_installed") == "1,000");
        SUBCASE("reverting it again changes nothing more than the first revert undid") {
            const auto again = revert(db.store, {.changeset = "2", .force = true});
            CHECK_FALSE(again.changed);
            CHECK(again.changeset_id == 0);
            CHECK(again.report.fields.empty());
        }
    }
    SUBCASE("a later change to the same field stops it; --force goes through") {
        ledger::apply_changes(db.store, set("acme-one", "gpus_installed", "3,000", "3,000 GPUs"));
        CHECK_THROWS_AS(revert(db.store, {.changeset = "2"}), ledger::RevertConflict);
        CHECK(shown(db.store, "acme-one", "gpus_installed") == "3,000");
        revert(db.store, {.changeset = "2", .force = true});
        CHECK(shown(db.store, "acme-one", "gpus_installed") == "1,000");
    }
    SUBCASE("an unknown changeset is an input error") { CHECK_THROWS_AS(revert(db.store, {.changeset = "9"}), InputError); }
}

TEST_CASE("a citation that a revert withdrew is shown again when it is given again") {
    Database db;
    ledger::apply_changes(db.store, set("acme-one", "owner", "Acme", "Acme runs it"));
    const auto cited = ledger::apply_changes(db.store, set("acme-one", "owner", "Acme", "run by Acme"));
    auto quotes = [&] {
        std::vector<std::string> found;
        for (const auto& claim : ledger::require_record(db.store, "acme-one", std::nullopt).claims) {
            for (const auto& citation : claim.citations) found.push_back(citation.quote);
        }
        return found;
    };
    CHECK(quotes() == std::vector<std::string>{"Acme runs it", "run by Acme"});
    revert(db.store, {.changeset = std::to_string(cited.changeset_id)});
    CHECK(quotes() == std::vector<std::string>{"Acme runs it"});
    const auto again = ledger::apply_changes(db.store, set("acme-one", "owner", "Acme", "run by Acme"));
    CHECK(again.changed);
    CHECK(quotes() == std::vector<std::string>{"Acme runs it", "run by Acme"});
    // Given a third time, it is there: nothing to change.
    CHECK_FALSE(ledger::apply_changes(db.store, set("acme-one", "owner", "Acme", "run by Acme")).changed);
}

TEST_CASE("a revert blocked by many later changes names ten of them and counts the rest") {
    Database db;
    auto many = [](const std::string& owner) {
        auto request = set("c00", "owner", owner, owner);
        for (int i = 1; i < 12; ++i) {
            auto record = request.records.front();
            record.cluster_id = fmt::format("c{:02}", i);
            request.records.push_back(record);
        }
        return request;
    };
    ledger::apply_changes(db.store, many("Acme"));
    ledger::apply_changes(db.store, many("Beta"));
    try {
        revert(db.store, {.changeset = "1"});
        FAIL("the revert went through");
    } catch (const ledger::RevertConflict& conflict) {
        const std::string message = conflict.what();
        CHECK(message.find("c00.owner (changeset 2)") != std::string::npos);
        // 12 fields and the 12 clusters the changeset created: 10 named, 14 counted.
        CHECK(message.find(" and 14 more; nothing written") != std::string::npos);
        CHECK(message.find("c11") == std::string::npos);
    }
    CHECK(shown(db.store, "c11", "owner") == "Beta");
}

TEST_CASE("check hands findings to the sink cluster by cluster, accept and sign write only through the engine") {
    Database db;
    const auto config = formats::default_rules_config();
    // A press total behind the count: an error-level finding, so signing is refused.
    ledger::apply_changes(db.store, set("press-one", "gpus_installed", "100,000", "100,000 GPUs", "press"));
    ledger::apply_changes(db.store, set("clean-one", "owner", "Acme", "Acme"));

    std::vector<std::string> seen;
    const auto summary = ledger::check(db.store, config, today, {}, [&](const std::vector<rules::Finding>& findings) {
        REQUIRE_FALSE(findings.empty());
        seen.push_back(findings.front().cluster_id);
    });
    CHECK(summary.clusters == 2);
    CHECK(summary.errors >= 1);
    CHECK(std::find(seen.begin(), seen.end(), "press-one") != seen.end());

    const auto refused = ledger::sign(db.store, config, {"press-one"}, changeset("sign"), today);
    CHECK(refused.changeset_id == 0);
    CHECK(refused.summary.errors >= 1);
    CHECK_FALSE(db.store.verification_of("press-one", std::nullopt).has_value());

    const auto accepted =
        ledger::accept(db.store, {.cluster_id = "press-one", .rule = "press-only-count", .reason = "checked with the operator"},
                       changeset("accept"), today);
    CHECK(accepted.changeset_id == 3);  // the refused signing wrote no changeset
    const auto acceptances = db.store.acceptances(std::nullopt);
    REQUIRE(acceptances.size() == 1);
    CHECK(acceptances[0].reason == "checked with the operator");
    // The same store checks again: the accepted finding counts as accepted, not as an error.
    const auto after = ledger::check(db.store, config, today, {.cluster_ids = {"press-one"}}, [](const auto&) {});
    CHECK(after.accepted == 1);
    // Accepting what already stands writes nothing.
    const auto again =
        ledger::accept(db.store, {.cluster_id = "press-one", .rule = "press-only-count", .reason = "checked with the operator"},
                       changeset("accept"), today);
    CHECK(again.changeset_id == 0);
    CHECK_THROWS_AS(
        ledger::accept(db.store, {.cluster_id = "nobody", .rule = "press-only-count", .reason = "x"}, changeset("accept"), today),
        InputError);
}

TEST_CASE("compare: side by side marks the fields that differ, over time lists what changed") {
    Database db;
    ledger::apply_changes(db.store, set("a-one", "owner", "Acme", "Acme"));
    ledger::apply_changes(db.store, set("b-one", "owner", "Beta", "Beta"));
    ledger::apply_changes(db.store, set("a-one", "country", "DE", "Germany"));
    ledger::apply_changes(db.store, set("b-one", "country", "DE", "Germany"));

    const auto both = ledger::side_by_side(db.store, {"a-one", "b-one"}, {"owner", "country"}, false);
    REQUIRE(both.fields.size() == 2);
    CHECK(both.differs[0]);  // owner
    CHECK(both.any_difference);
    CHECK_THROWS_AS(ledger::side_by_side(db.store, {"a-one", "a-one"}, {}, false), UsageError);
    CHECK_THROWS_AS(ledger::side_by_side(db.store, {"a-one", "nobody"}, {}, false), InputError);

    const auto history = ledger::over_time(db.store, "a-one", 1, std::nullopt, {});
    REQUIRE(history.changes.size() == 1);
    CHECK(history.changes[0].field == "country");
    CHECK(history.changes[0].left.display == "—");
    CHECK(history.changes[0].right.display == "Germany (DE)");
}

TEST_CASE("compare against another database: values alone, or with --provenance the quotes and ranks too") {
    Database here;
    Database there;
    for (auto* db : {&here, &there}) ledger::apply_changes(db->store, set("a-one", "owner", "Acme", "Acme"));
    // The same source and value, another quote: no difference in values, one in provenance.
    ledger::apply_changes(there.store, set("a-one", "owner", "Acme", "run by Acme"));
    const std::string other = there.path();
    const auto values = ledger::against(here.store, other, "", {});
    CHECK_FALSE(values.differs());
    CHECK_FALSE(values.provenance_compared);
    const auto provenance = ledger::against(here.store, other, "", {}, true);
    CHECK(provenance.provenance_compared);
    REQUIRE(provenance.provenance.size() == 1);
    CHECK(provenance.provenance[0].cluster_id == "a-one");
    CHECK(provenance.provenance[0].only_here.empty());
    CHECK(provenance.provenance[0].only_there ==
          std::vector<std::string>{"citation owner Acme: https://example.org/a-one |  | run by Acme"});
    // --fields limits the claims compared.
    CHECK_FALSE(ledger::against(here.store, other, "", {"country"}, true).differs());
}

TEST_CASE("import: one changeset for the whole stream, a bad record writes nothing, keep-going writes the rest") {
    Database db;
    const std::string path = db.dir.file("in.jsonl");
    {
        std::ofstream file(path);
        file << R"({"id":"x-one","fields":{"name":"X One","gpus_installed":"512"}})"
                "\n"
             << R"({"id":"y-one","fields":{"name":"Y One","gpus_installed":"-3"}})"
                "\n"
             << R"({"id":"z-one","fields":{"name":"Z One"}})"
                "\n";
    }
    ledger::ImportRequest request;
    request.inputs = {{path, formats::Format::jsonl}};
    request.default_source =
        model::SourceInput{.reference = "https://example.org/list", .kind = std::string("operator"), .origin = "--source"};
    std::vector<std::string> lines;
    ledger::ImportEvents events;
    events.record = [&](const ledger::ImportedRecord& record) {
        CHECK(record.kind == ledger::ImportedRecord::Kind::added);
        lines.push_back(record.cluster_id);
    };

    const auto refused = ledger::import_records(db.store, request, changeset("import"), today, events);
    CHECK_FALSE(refused.written);
    REQUIRE(refused.problems.size() == 1);
    CHECK(refused.problems[0].find("in.jsonl:2") != std::string::npos);
    CHECK(db.store.latest_changeset_id() == 0);

    request.keep_going = true;
    lines.clear();
    const auto kept = ledger::import_records(db.store, request, changeset("import"), today, events);
    CHECK(kept.written);
    CHECK(kept.added == 2);
    CHECK(kept.changeset_id == 1);
    CHECK(lines == std::vector<std::string>{"x-one", "z-one"});
    CHECK(kept.read() == 3);
    CHECK(kept.rejected == 1);
    CHECK(shown(db.store, "x-one", "gpus_installed") == "512");
}

TEST_CASE("import: a mapping that quotes one column for several fields of a row is told once, in the result") {
    Database db;
    std::ofstream(db.dir.file("t.csv")) << "Name,Owner,GPUs,Source,Quote,GPU quote\n"
                                           "Alpha,Acme,512,https://example.org/a,Acme runs Alpha,Alpha has 512 GPUs\n"
                                           "Beta,Acme,64,https://example.org/b,Acme runs Beta,Beta has 64 GPUs\n";
    auto import_with = [&](const std::string& gpus_quote) {
        std::ofstream(db.dir.file("m.toml"))
            << "format = 1\n[id]\ncolumn = \"Name\"\n[sources]\ncolumns = [\"Source\"]\nquote_column = \"Quote\"\n"
               "kind = \"operator\"\n[fields.owner]\ncolumn = \"Owner\"\n[fields.gpus_installed]\ncolumn = \"GPUs\"\n"
            << gpus_quote;
        ledger::ImportRequest request;
        request.inputs = {{db.dir.file("t.csv"), formats::Format::csv}};
        request.mapping = formats::Mapping::load(db.dir.file("m.toml"));
        request.dry_run = true;
        return ledger::import_records(db.store, request, changeset("import"), today, {});
    };
    const auto shared = import_with("");
    CHECK(shared.added == 2);
    REQUIRE(shared.shared_quote);
    CHECK(shared.shared_quote->column == "Quote");
    CHECK(shared.shared_quote->fields == 2);
    // gpus_installed quotes its own column: owner alone quotes the shared one.
    CHECK_FALSE(import_with("quote_column = \"GPU quote\"\n").shared_quote);
}

namespace {

std::string join(const std::vector<std::string>& parts) { return fmt::format("{}", fmt::join(parts, ",")); }

// An import of one JSON document into a new database, as the store then holds it: the outcome,
// the records reported, and the records exported with their evidence.
struct Imported {
    std::size_t added = 0, modified = 0, unchanged = 0, rejected = 0;
    bool written = false;
    std::vector<std::string> problems;
    std::vector<std::string> reported;  ///< "id: field field ..." per record reported
    std::string exported;
};

Imported import_document(const std::string& before, const std::string& clusters, bool keep_going = false,
                         bool default_source = false) {
    Database db;
    const auto write = [&](const std::string& name, const std::string& records) {
        const std::string path = db.dir.file(name);
        std::ofstream(path) << R"({"format":"gpuclusters","version":1,"provenance":true,"clusters":[)" << records << "]}";
        return path;
    };
    ledger::ImportEvents events;
    Imported imported;
    if (!before.empty()) {
        ledger::ImportRequest first;
        first.inputs = {{write("before.json", before), formats::Format::json}};
        REQUIRE(ledger::import_records(db.store, first, changeset("before"), today, events).written);
    }
    events.record = [&](const ledger::ImportedRecord& record) {
        std::string line = record.cluster_id + ":";
        for (const auto& field : record.fields) line += " " + field.field + "=" + field.new_display;
        imported.reported.push_back(line);
    };
    ledger::ImportRequest request;
    request.inputs = {{write("in.json", clusters), formats::Format::json}};
    request.keep_going = keep_going;
    if (default_source) {
        request.default_source =
            model::SourceInput{.reference = "https://example.org/list", .kind = std::string("list"), .origin = "--source"};
    }
    const auto result = ledger::import_records(db.store, request, changeset("import"), today, events);
    imported.added = result.added;
    imported.modified = result.values_changed + result.cited_again;
    imported.unchanged = result.unchanged;
    imported.rejected = result.rejected;
    imported.written = result.written;
    // Each database has its folder: the problems name the file without it.
    const std::string folder = db.dir.file("");
    for (auto problem : result.problems) {
        for (std::size_t at = problem.find(folder); at != std::string::npos; at = problem.find(folder))
            problem.erase(at, folder.size());
        imported.problems.push_back(problem);
    }
    std::ostringstream out;
    auto writer = formats::make_writer(formats::Format::jsonl, out, "", {.provenance = true});
    ledger::export_records(db.store, {.provenance = true}, [&](model::Record& record) { writer->write(record); });
    writer->finish();
    imported.exported = out.str();
    return imported;
}

std::string source_json(int i, const std::string& kind = "press") {
    return fmt::format(R"({{"url":"https://example-{}.org/page","kind":"{}","accessed":"2026-11-30"}})", i, kind);
}

}  // namespace

TEST_CASE("import: a figure that demotes the stored value, and a source said two ways, are refused ") {
    const std::string owner_source = R"({"url":"https://example.org/acme","kind":"operator"})";
    const std::string before =
        R"({"id":"acme-one","sources":[)" + owner_source +
        R"(],"claims":[{"field":"owner","value":"Acme","citations":[{"source":"https://example.org/acme"}]}]})";
    const auto owner_claim = [](const std::string& value, const std::string& rank) {
        return fmt::format(
            R"({{"field":"owner","value":"{}","rank":"{}","citations":[{{"source":"https://example.org/acme"}}]}})", value, rank);
    };
    {
        SUBCASE("the stored value as the record's only, competing, figure of the field") {
            const auto imported = import_document(before, R"({"id":"acme-one","sources":[)" + owner_source + R"(],"claims":[)" +
                                                              owner_claim("Acme", "normal") + "]}");
            CHECK_FALSE(imported.written);
            REQUIRE(imported.problems.size() == 1);
            CHECK(imported.problems[0].find("Acme is the value of owner of acme-one, not a competing figure beside it") !=
                  std::string::npos);
        }
        SUBCASE("the stored value deprecated before the record's new value: kept beside it") {
            const auto imported = import_document(before, R"({"id":"acme-one","sources":[)" + owner_source + R"(],"claims":[)" +
                                                              owner_claim("Acme", "deprecated") + "," +
                                                              owner_claim("Acme Corp", "preferred") + "]}");
            CHECK(join(imported.problems) == "");
            CHECK(imported.written);
            CHECK(imported.exported.find(R"("value":"Acme","rank":"deprecated")") != std::string::npos);
            CHECK(imported.exported.find(R"("value":"Acme Corp","rank":"preferred")") != std::string::npos);
        }
        SUBCASE("one source in two records, under two spellings, with two titles") {
            const auto imported = import_document(
                "",
                R"({"id":"one-a","sources":[{"url":"https://example.org/shared","kind":"press","title":"One"}],)"
                R"("claims":[{"field":"owner","value":"A","citations":[{"source":"https://example.org/shared"}]}]},)"
                R"({"id":"two-b","sources":[{"url":"https://example.org:443/shared?utm_source=x","title":"Two"}],)"
                R"("claims":[{"field":"owner","value":"B","citations":[{"source":"https://example.org:443/shared?utm_source=x"}]}]})");
            CHECK_FALSE(imported.written);
            REQUIRE(imported.problems.size() == 1);
            CHECK(imported.problems[0].find("clusters[1]") != std::string::npos);
            CHECK(imported.problems[0].find("the same source as in.json: clusters[0]") != std::string::npos);
            CHECK(imported.problems[0].find("title: One -> Two") != std::string::npos);
        }
        SUBCASE("... and the same source said the same way, or less, twice") {
            const auto imported = import_document(
                "",
                R"({"id":"one-a","sources":[{"url":"https://example.org/shared","kind":"press","title":"One"}],)"
                R"("claims":[{"field":"owner","value":"A","citations":[{"source":"https://example.org/shared"}]}]},)"
                R"({"id":"two-b","sources":[{"url":"https://example.org/shared?utm_source=x"}],)"
                R"("claims":[{"field":"owner","value":"B","citations":[{"source":"https://example.org/shared?utm_source=x"}]}]})");
            CHECK(join(imported.problems) == "");
            CHECK(imported.written);
        }
    }
}

TEST_CASE("import: a record beyond the limit of one record is refused whole") {
    // One source and 5,000 claims of one citation each: 10,001 parts, one past the limit.
    const auto record_of = [](int claims) {
        std::vector<std::string> listed;
        for (int i = 0; i < claims; ++i) {
            listed.push_back(fmt::format(
                R"({{"field":"gpus_installed","value":"{}","rank":"{}","citations":[{{"source":"https://example.org/one"}}]}})",
                1000 + i, i == 0 ? "preferred" : "normal"));
        }
        return R"({"id":"big-one","sources":[{"url":"https://example.org/one","kind":"press"}],"claims":[)" + join(listed) + "]}";
    };
    {
        const auto over = import_document("", record_of(5000));
        CHECK_FALSE(over.written);
        REQUIRE(over.problems.size() == 1);
        CHECK(over.problems[0].find("record 'big-one' has more than 10,000 parts") != std::string::npos);
        const auto at_limit = import_document("", record_of(4999));
        CHECK(join(at_limit.problems) == "");
        CHECK(at_limit.written);
        // Sources count as much as claims: 10,001 sources and one claim are one past it too.
        std::vector<std::string> sources;
        for (int i = 0; i < 10001; ++i)
            sources.push_back(fmt::format(R"({{"url":"https://example-{}.org/","kind":"press"}})", i));
        const auto many_sources = import_document(
            "", R"({"id":"many-sources","sources":[)" + join(sources) + R"(],"claims":[{"field":"owner","value":"Acme"}]})",
            false, true);
        CHECK_FALSE(many_sources.written);
        REQUIRE(many_sources.problems.size() == 1);
        CHECK(many_sources.problems[0].find("record 'many-sources' has more than 10,000 parts") != std::string::npos);
    }
}

TEST_CASE("a record of a chunk that another record of it failed is written again alone, as if there had been no chunk") {
    // The chunk is undone and each record written again in a savepoint of its own: what the
    // first writing ranked must not count against the second (it was undone with it).
    const std::string before =
        R"({"id":"re-ranked","sources":[)" + source_json(0) +
        R"(],"claims":[{"field":"owner","value":"Acme","citations":[{"source":"https://example-0.org/page"}]},)"
        R"({"field":"owner","value":"Beta","rank":"deprecated","citations":[{"source":"https://example-0.org/page"}]}]})";
    const std::string clusters =
        R"({"id":"re-ranked","sources":[)" + source_json(0) +
        R"(],"claims":[{"field":"owner","value":"Beta","rank":"normal","citations":[{"source":"https://example-0.org/page","quote":"Beta"}]}]},)"
        R"({"id":"two-ranks","sources":[)" +
        source_json(1) +
        R"(],"claims":[{"field":"owner","value":"X","citations":[{"source":"https://example-1.org/page"}]},)"
        R"({"field":"owner","value":"X","rank":"normal","citations":[{"source":"https://example-1.org/page"}]}]})";
    const Imported imported = import_document(before, clusters, true);
    CHECK(imported.modified == 1);
    CHECK(imported.rejected == 1);
    REQUIRE(imported.problems.size() == 1);
    CHECK(imported.problems[0].find("is given two ranks") != std::string::npos);
    CHECK(imported.written);
    CHECK(imported.exported.find(R"("value":"Beta","rank":"normal")") != std::string::npos);
}

TEST_CASE("change: a new id near an existing one is refused as a likely typo unless the write says it is new") {
    Database db;
    ledger::apply_changes(db.store, set("bytedance-megascale-ampere", "owner", "ByteDance", "ByteDance"));
    auto request = [](const std::string& id, model::NewRecord new_record) {
        auto change = set(id, "owner", "ByteDance", "ByteDance");
        change.records[0].new_record = new_record;
        return change;
    };
    // One letter short, and the same letters without a separator: "did you mean", nothing written.
    CHECK_THROWS_WITH_AS(ledger::apply_changes(db.store, request("bytedance-megascale-amper", model::NewRecord::unless_near)),
                         "no cluster 'bytedance-megascale-amper'; did you mean 'bytedance-megascale-ampere'? "
                         "(--new makes 'bytedance-megascale-amper' a new cluster)",
                         InputError);
    CHECK_THROWS_WITH_AS(ledger::apply_changes(db.store, request("bytedancemegascale-ampere", model::NewRecord::unless_near)),
                         doctest::Contains("did you mean 'bytedance-megascale-ampere'?"), InputError);
    CHECK(db.store.cluster_ids().size() == 1);
    // An id far from every other is made; one said to be new is made however near.
    CHECK(ledger::apply_changes(db.store, request("cineca-leonardo", model::NewRecord::unless_near)).new_clusters.size() == 1);
    CHECK(ledger::apply_changes(db.store, request("bytedance-megascale-amper", model::NewRecord::required)).new_clusters.size() ==
          1);
    // New means new: an existing id is refused, not changed.
    CHECK_THROWS_WITH_AS(ledger::apply_changes(db.store, request("cineca-leonardo", model::NewRecord::required)),
                         doctest::Contains("cluster 'cineca-leonardo' exists"), InputError);
    // An import makes what its input names.
    CHECK(ledger::apply_changes(db.store, request("cineca-leonard", model::NewRecord::allowed)).new_clusters.size() == 1);
}

TEST_CASE("change: ids of a numbered series and short ids are not typos of each other") {
    Database db;
    ledger::apply_changes(db.store, set("xai-colossus-phase-1", "owner", "xAI", "xAI"));
    ledger::apply_changes(db.store, set("k-one", "owner", "K", "K"));
    auto added = [&](const std::string& id) {
        auto change = set(id, "owner", "Someone", "Someone");
        change.records[0].new_record = model::NewRecord::unless_near;
        return ledger::apply_changes(db.store, change).new_clusters.size();
    };
    CHECK(added("xai-colossus-phase-2") == 1);
    CHECK(added("l-one") == 1);
    CHECK_THROWS_WITH_AS(added("xai-colosus-phase-2"), doctest::Contains("did you mean 'xai-colossus-phase-2'?"), InputError);
}

TEST_CASE("change: under a changed value a citation left as it stood is left out, one the command names is kept") {
    Database db;
    ledger::apply_changes(db.store, set("acme-one", "gpus_installed", "10752", "10,752 GPUs"));
    auto changed = [](bool cites_new_value) {
        auto change = set("acme-one", "gpus_installed", "11000", "10,752 GPUs");
        change.records[0].citations_as_they_stood = true;
        change.records[0].fields[0].citations[0].cites_new_value = cites_new_value;
        return change;
    };
    CHECK_THROWS_WITH_AS(ledger::apply_changes(db.store, changed(false)),
                         doctest::Contains("the value changed from 10,752 to 11,000, and its citations are those of 10,752"),
                         InputError);
    CHECK(shown(db.store, "acme-one", "gpus_installed") == "10,752");
    // The same citation with new words for the new figure is evidence of its own.
    auto requoted = changed(false);
    requoted.records[0].fields[0].citations.push_back({0, "", "11,000 GPUs", "--quote"});
    const auto report = ledger::apply_changes(db.store, requoted);
    REQUIRE(report.fields.size() == 1);
    CHECK(report.fields[0].note == "1 citation of the old value left out");
    CHECK(shown(db.store, "acme-one", "gpus_installed") == "11,000");
    auto again = set("acme-one", "gpus_installed", "12000", "11,000 GPUs");
    again.records[0].citations_as_they_stood = true;
    again.records[0].fields[0].citations[0] = {0, "", "11,000 GPUs", "--source", true};
    CHECK_NOTHROW(ledger::apply_changes(db.store, again));
    CHECK(shown(db.store, "acme-one", "gpus_installed") == "12,000");
}

TEST_CASE("change: a value given two ranks, and a source under two spellings, are caught before anything is written") {
    Database db;
    ledger::apply_changes(db.store, set("acme-one", "owner", "Acme", "Acme runs it"));
    SUBCASE("the value and a competing figure of that value") {
        auto request = set("acme-one", "owner", "Acme", "Acme runs it");
        request.records[0].fields.push_back({.field = "owner",
                                             .raw_value = "Acme",
                                             .citations = {{0, "", "run by Acme", "--quote"}},
                                             .origin = "competing",
                                             .action = model::FieldAction::cite,
                                             .rank = model::Rank::normal});
        CHECK_THROWS_WITH_AS(ledger::apply_changes(db.store, request),
                             doctest::Contains("Acme of owner is given two ranks, preferred and normal: one claim has one rank"),
                             InputError);
        CHECK(shown(db.store, "acme-one", "owner") == "Acme");
    }
    SUBCASE("one source, two spellings: the metadata of both, or a refusal where they differ") {
        auto request = set("beta-two", "owner", "Beta", "Beta runs it");
        request.sources[0].title = "Beta news";
        request.sources.push_back({.reference = "https://example.org:443/beta-two?utm_source=feed", .origin = "second"});
        request.sources[1].published = "2025-01-02";
        request.records[0].fields[0].citations.push_back({1, "", "run by Beta", "--quote"});
        ledger::apply_changes(db.store, request);
        const auto source = db.store.source_by_url("https://example.org/beta-two");
        REQUIRE(source);
        CHECK(source->meta.title == "Beta news");
        CHECK(source->meta.published == "2025-01-02");
        auto clash = set("gamma-three", "owner", "Gamma", "Gamma runs it");
        clash.sources[0].title = "One";
        clash.sources.push_back({.reference = "https://example.org/gamma-three?utm_source=x", .origin = "second"});
        clash.sources[1].title = "Two";
        CHECK_THROWS_WITH_AS(ledger::apply_changes(db.store, clash),
                             doctest::Contains("with another title: 'One' there, 'Two' here"), InputError);
    }
    SUBCASE("errors name the part of the input that is wrong") {
        auto request = set("acme-one", "city", "Paris", "in Paris");
        request.records[0].fields[0].citations[0].locator = "page\x01";
        CHECK_THROWS_WITH_AS(ledger::apply_changes(db.store, request), doctest::Contains("--locator: control character"),
                             InputError);
        auto titled = set("acme-one", "city", "Paris", "in Paris");
        titled.sources[0].title = "T\x01";
        CHECK_THROWS_WITH_AS(ledger::apply_changes(db.store, titled), doctest::Contains("--title: control character"),
                             InputError);
    }
}
