// Each rule with a record that breaks it and one that does not.
#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <set>
#include <toml++/toml.h>

#include "embedded_data.hpp"
#include "formats/rules_config.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/values.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "rules/reading_support.hpp"
#include "rules/record_builder.hpp"

using namespace gpuclusters;
using rules::Severity;
using test_support::RecordBuilder;

namespace {

std::vector<rules::Finding> findings_of(const model::Record& record, std::string_view rule,
                                        const rules::Config& config = formats::default_rules_config()) {
    const rules::Context context{config, "2026-11-30"};
    auto found = rules::check_record(record, context);
    std::erase_if(found, [&](const rules::Finding& finding) { return finding.rule != rule; });
    return found;
}

bool fires(const model::Record& record, std::string_view rule) { return !findings_of(record, rule).empty(); }

}  // namespace

TEST_CASE("uncited-value") {
    CHECK(fires(RecordBuilder().set("owner", "Acme").record(), "uncited-value"));
    CHECK_FALSE(fires(RecordBuilder().source(1, "operator").set("owner", "Acme", {{1, "Acme"}}).record(), "uncited-value"));
    // A researched blank needs no value's citation; a derived maker rests on the model's.
    CHECK_FALSE(fires(RecordBuilder().not_published("city").record(), "uncited-value"));
    CHECK_FALSE(fires(RecordBuilder().raw("gpu_maker", {"NVIDIA", {"gpu_model H100", "", ""}}).record(), "uncited-value"));
}

TEST_CASE("quote-missing-value") {
    auto base = [] { return RecordBuilder().source(1, "operator").source(2, "operator"); };
    CHECK(fires(base().set("gpus_installed", "12,288", {{1, "more than ten thousand GPUs"}}).record(), "quote-missing-value"));
    CHECK_FALSE(fires(base().set("gpus_installed", "12288", {{1, "training on 12,288 GPUs"}}).record(), "quote-missing-value"));
    CHECK_FALSE(fires(base().set("gpus_installed", "12288", {{1, "training on 12 288 GPUs"}}).record(), "quote-missing-value"));
    // Each operand of a derivation, across the quotes of the claim; small numbers may be words.
    CHECK_FALSE(fires(base().set("gpus_installed", "1536 x 8", {{1, "1,536 nodes"}, {2, "eight GPUs per node"}}).record(),
                      "quote-missing-value"));
    CHECK(fires(base().set("gpus_installed", "1536 x 8", {{1, "1,536 nodes"}}).record(), "quote-missing-value"));
    // Text without case after Unicode folding; a parenthesised gloss is the editor's.
    CHECK_FALSE(fires(base().set("owner", "ByteDance", {{1, "the BYTEDANCE team"}}).record(), "quote-missing-value"));
    CHECK_FALSE(fires(base().set("owner", "NERSC (Berkeley Lab)", {{1, "NERSC signed"}}).record(), "quote-missing-value"));
    CHECK(fires(base().set("owner", "ByteDance", {{1, "our team"}}).record(), "quote-missing-value"));
    // A GPU model by any catalogue name.
    CHECK_FALSE(fires(base().set("gpu_model", "AMD Instinct MI250X", {{1, "4x AMD MI250X"}}).record(), "quote-missing-value"));
    CHECK_FALSE(fires(base().set("power_mw", "21.1", {{1, "drawing 21.10 MW"}}).record(), "quote-missing-value"));
    CHECK_FALSE(fires(base().set("country", "US", {{1, "Illinois, USA"}}).record(), "quote-missing-value"));
    CHECK(fires(base().set("country", "US", {{1, "a focus on users"}}).record(), "quote-missing-value"));
}

TEST_CASE("unquoted-value: a cited value with no quote in any of its citations") {
    auto base = [] { return RecordBuilder().source(1, "operator").source(2, "press"); };
    const auto found = findings_of(base().set("gpus_installed", "12288", {{1, ""}, {2, ""}}).record(), "unquoted-value");
    REQUIRE(found.size() == 1);
    CHECK(found[0].field == "gpus_installed");
    CHECK(found[0].message ==
          "gpus_installed = 12,288 is cited to 2 sources but no quote: the quote is what makes a value checkable");
    CHECK(found[0].severity == Severity::warning);
    CHECK(found[0].evidence.source_id == 1);
    CHECK(findings_of(base().set("owner", "Acme", {{1, ""}}).record(), "unquoted-value")[0].message.find("to 1 source but") !=
          std::string::npos);
    // A competing figure stands too.
    CHECK(fires(
        base().set("gpus_installed", "8", {{1, "8 GPUs"}}).set("gpus_installed", "16", {{2, ""}}, model::Rank::normal).record(),
        "unquoted-value"));
    // One quote among the citations is enough: quote-missing-value reads it.
    CHECK_FALSE(fires(base().set("gpus_installed", "12288", {{1, ""}, {2, "12,288 GPUs"}}).record(), "unquoted-value"));
    // A cleared (retired) value, a researched blank and a deprecated figure are no values in force.
    CHECK_FALSE(fires(base().set("owner", "Acme", {{1, ""}}, model::Rank::retired).record(), "unquoted-value"));
    CHECK_FALSE(fires(base().set("owner", "Acme", {{1, ""}}, model::Rank::deprecated).record(), "unquoted-value"));
    CHECK_FALSE(fires(base().not_published("city").record(), "unquoted-value"));
    // A list's row named by its locator is checkable as it stands; without a locator it is not.
    auto listed = base().source(3, "list").set("owner", "Acme", {{3, ""}}).record();
    CHECK(fires(listed, "unquoted-value"));
    for (auto& claim : listed.claims) {
        for (auto& citation : claim.citations) citation.locator = "row 12";
    }
    CHECK_FALSE(fires(listed, "unquoted-value"));
    // No citation at all is uncited-value's finding, not this one's too.
    const auto uncited = RecordBuilder().set("owner", "Acme").record();
    CHECK(fires(uncited, "uncited-value"));
    CHECK_FALSE(fires(uncited, "unquoted-value"));
    // The editor's own words need no quote; the fields are [unquoted-value] fields.
    CHECK_FALSE(fires(base().set("summary", "A test cluster", {{1, ""}}).record(), "unquoted-value"));
    auto config = formats::default_rules_config();
    formats::apply_rules_config(config, "[unquoted-value]\nfields = ['summary']\n", "c.toml");
    CHECK(findings_of(base().set("summary", "A test cluster", {{1, ""}}).record(), "unquoted-value", config).size() == 1);
    CHECK(findings_of(base().set("owner", "Acme", {{1, ""}}).record(), "unquoted-value", config).empty());
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(config, "[unquoted-value]\nfields = ['nope']\n", "c.toml"),
                         doctest::Contains("c.toml:2:10: unknown field 'nope'"), InputError);
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(config, "[unquoted-value]\nfeilds = []\n", "c.toml"),
                         doctest::Contains("[unquoted-value] takes one key, fields"), InputError);
}

TEST_CASE("source-accessed-date") {
    CHECK(fires(RecordBuilder().source(1, "operator", "").set("owner", "Acme", {{1, "Acme"}}).record(), "source-accessed-date"));
    CHECK(fires(RecordBuilder().source(1, "operator", "2027-01-01").set("owner", "Acme", {{1, "Acme"}}).record(),
                "source-accessed-date"));
    CHECK_FALSE(fires(RecordBuilder().source(1, "operator", "2026-11-30").set("owner", "Acme", {{1, "Acme"}}).record(),
                      "source-accessed-date"));
}

TEST_CASE("stale-sources") {
    auto record = [](const std::string& published) {
        return RecordBuilder()
            .source(1, "paper", "2026-11-01", published)
            .set("status", "operational", {{1, "in production"}})
            .record();
    };
    CHECK(fires(record("2024-02-23"), "stale-sources"));
    CHECK_FALSE(fires(record("2026-06"), "stale-sources"));
    CHECK_FALSE(fires(RecordBuilder().source(1, "paper", "2026-11-01", "2020").set("status", "announced", {{1, "x"}}).record(),
                      "stale-sources"));
    auto config = formats::default_rules_config();
    formats::apply_rules_config(config, "[thresholds]\nstale_source_days = 2000\n", "test.toml");
    CHECK(findings_of(record("2024-02-23"), "stale-sources", config).empty());
}

TEST_CASE("press-only-count") {
    CHECK(fires(RecordBuilder().source(1, "press").set("gpus_installed", "2304", {{1, "2,304 GPUs"}}).record(),
                "press-only-count"));
    CHECK_FALSE(fires(RecordBuilder()
                          .source(1, "press")
                          .source(2, "operator")
                          .set("gpus_installed", "2304", {{1, "2,304 GPUs"}, {2, "2,304 GPUs"}})
                          .record(),
                      "press-only-count"));
}

TEST_CASE("h100-equivalents: the figure behind the count is a performance unit") {
    // Each quote gives the stored figure as an equivalence, in one phrasing or another.
    const std::pair<const char*, const char*> cases[] = {{"100000", "100,000 H100e of compute"},
                                                         {"50000000", "50 million H100-equivalents"},
                                                         {"20000", "about 20,000 H100 equivalents"},
                                                         {"3500", "equivalent to 3,500 H100s"},
                                                         {"3500", "can perform equivalent work to roughly 3,500 H100s"},
                                                         {"200000", "compute equal to 200,000 H100s"},
                                                         {"10000",
                                                          "10k \xEF\xBC\xA8"
                                                          "100e"},
                                                         {"600000", "almost 600,000 H100 compute equivalent GPUs"},
                                                         {"80000", "16K GB200s ~= 80K H100s"}};
    for (const auto& entry : cases) {
        const auto& [value, quote] = entry;
        const std::string quoted(entry.second);  // clang cannot capture a structured binding
        CAPTURE(quoted);
        CHECK(
            fires(RecordBuilder().source(1, "operator").set("gpus_installed", value, {{1, quote}}).record(), "h100-equivalents"));
    }
    CHECK_FALSE(
        fires(RecordBuilder().source(1, "operator").set("gpus_installed", "3500", {{1, "3,500 H100 GPUs installed"}}).record(),
              "h100-equivalents"));
    // The equivalence qualifies another figure than the one behind the value.
    CHECK_FALSE(fires(RecordBuilder()
                          .source(1, "operator")
                          .set("gpus_installed", "2304", {{1, "2,304 B200s can perform equivalent work to roughly 3,500 H100s"}})
                          .record(),
                      "h100-equivalents"));
    // In the notes it is a warning: a note may rightly explain a figure that is left out.
    const auto notes = findings_of(RecordBuilder().set("gpu_count_notes", "Press: 3,500 H100-equivalents, not counted.").record(),
                                   "h100-equivalents");
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].severity == Severity::warning);
}

TEST_CASE("planned-wording: a planned or procured figure behind the count") {
    for (const char* quote :
         {"secured access to 2,304 NVIDIA B200 GPUs", "plans to deploy 2,304 GPUs", "will have 2,304 GPUs",
          "expected to reach 2,304 GPUs", "2,304 GPUs by the end of 2027", "a target of 2,304 GPUs",
          "has ordered 2,304 NVIDIA H100 GPUs", "purchased 2,304 GPUs", "is building a cluster of 2,304 GPUs",
          "is on track to install 2,304 GPUs", "2,304 GPUs will be installed next year", "a 2,304-GPU cluster is in the works",
          "2,304 GPUs are planned for the second hall",
          "will include 288 servers – each of which includes eight GPUs (for a total of 2,304)",
          "la empresa va a instalar 2304 GPU", "компания собирается закупить 2304 GPU",
          "Die Firma beabsichtigt, 2304 GPUs anzuschaffen", "eine Bestellung über 2304 GPUs ging ein", "2,304 GPUs are on order",
          "is slated to get 2,304 GPUs", "will come online with 2,304 GPUs",
          // The verb after an aside between commas is the figure's.
          "2,304 GPUs, which come from Nvidia, will be installed", "2 304 GPU, fournis par Nvidia, seront installés",
          "La empresa compró 2.304 GPU de Nvidia", "A empresa encomendou 2.304 GPUs",
          "Datasenteret tar sikte på å kunne tilby kapasitet fra 2.304 GPU-er",
          "România propune instalarea a 2.304 de acceleratoare AI",
          // A progressive of building, and a participle that hangs on it.
          "La compañía está construyendo un superordenador equipado con 2.304 GPUs",
          "L'azienda sta costruendo un supercomputer con 2.304 GPU", "Tesla 2.304 adet H100 çipi satın alıyor",
          // Korean news tells an announced build in the plain present.
          "회사는 엔비디아 칩 2304개를 활용해 데이터센터를 짓는다",
          // A verb that ends the clause: Turkish and Arabic futures.
          "Süper bilgisayar 2.304 GPU'ya sahip olacak", "سيضم الحاسوب الفائق 2304 وحدة معالجة رسومات",
          // Futures and plans of Czech, Polish, Bulgarian, Croatian, Greek and Norwegian.
          "Superpočítač má mít 2 304 GPU", "Klaster będzie miał 2304 procesory graficzne", "Центърът ще разполага с 2304 GPU",
          "Centar će imati 2304 GPU", "Το κέντρο θα διαθέτει 2.304 GPU", "Anlegget skal ha 2304 GPU-er"}) {
        CAPTURE(std::string(quote));
        CHECK(
            fires(RecordBuilder().source(1, "operator").set("gpus_installed", "2304", {{1, quote}}).record(), "planned-wording"));
    }
    for (const char* quote :
         {"2,304 GPUs are installed", "a willing team runs 2,304 GPUs",
          "The system, with 2,304 GPUs, will be used for climate research", "2,304 GPUs ... will remain open to users",
          "performed better than expected on 2,304 GPUs", "2,304 GPUs by the end of 2023",
          "has 2,304 GPUs and will add 1,000 more next year", "2,304 GPUs are expected to deliver 90 petaflops",
          "has 288 servers – each of which includes eight GPUs (for a total of 2,304)",
          "The 2,304 GPUs, which will be used for training, are installed in Lyon",
          "The system has 2,304 GPUs, which will be used for training",
          "will expand by another 1,000, besides the 2,304 already there",
          // A plan of another subject: after a relative clause, after what the machine has, of its users.
          "The cluster, which went live in March with 2,304 GPUs, is expected to double in size next year",
          "Mit seinen 2.304 GPUs wird das System Modelle für Forschende trainieren",
          "Researchers will be able to use the 2,304 GPUs until 2030",
          "このスパコンは2304基のGPUを備え、今後は研究者に開放される予定だ",
          "이 시스템은 GPU 2304개를 갖추고 있으며, 내년에 확장될 예정이다",
          "The 2,304 GPUs that were ordered in 2023 are now installed"}) {
        CAPTURE(std::string(quote));
        CHECK_FALSE(
            fires(RecordBuilder().source(1, "operator").set("gpus_installed", "2304", {{1, quote}}).record(), "planned-wording"));
    }
    // The finding quotes the words that decided it.
    const auto found = findings_of(RecordBuilder()
                                       .source(1, "operator")
                                       .set("gpus_installed", "20000", {{1, "Acme has ordered 20,000 NVIDIA H100 GPUs."}})
                                       .record(),
                                   "planned-wording");
    REQUIRE(found.size() == 1);
    CHECK(found[0].message.find("'has ordered 20,000 NVIDIA H100 GPUs'") != std::string::npos);
    // A count clean in its own words, beside a retirement the quote reports as done: GPUs that may
    // be out of service, a warning (the retirement may be another machine's).
    const auto count = [](const char* quote) {
        return RecordBuilder().source(1, "operator").set("gpus_installed", "27648", {{1, quote}}).record();
    };
    const auto retired =
        findings_of(count("Summit had 27,648 NVIDIA V100 GPUs. Summit was decommissioned in November 2024."), "planned-wording");
    REQUIRE(retired.size() == 1);
    CHECK(retired[0].kind == "retired");
    CHECK(retired[0].severity == Severity::warning);
    CHECK(retired[0].message.find("its quote says 'decommissioned'") != std::string::npos);
    CHECK_FALSE(fires(count("Summit has 27,648 NVIDIA V100 GPUs. It is to be decommissioned in 2031."), "planned-wording"));
    CHECK_FALSE(fires(count("Summit has 27,648 NVIDIA V100 GPUs."), "planned-wording"));
}

TEST_CASE("a record's quotes are read once each; past 64 KiB of them, a reading is not kept but made again") {
    // Five quotes come first that fill the limit to a byte short; the count's own quote, after
    // them, is asked its figures and then its retirement, and both answers hold without a kept
    // reading.
    const std::size_t size = rules::ReadingCache::keep_bytes / 5;
    std::vector<std::pair<long long, std::string>> cites;
    for (int hall = 1; hall <= 5; ++hall) {
        std::string filler = "Hall " + std::to_string(hall) + ":";
        while (filler.size() < size) filler += " The machine room is cooled by water.";
        filler.resize(size);
        cites.emplace_back(1, filler);
    }
    const std::string summit = "Summit had 27,648 NVIDIA V100 GPUs. Summit was decommissioned in November 2024.";
    cites.emplace_back(1, summit);
    RecordBuilder builder;
    const model::Record& record = builder.source(1, "operator").set("gpus_installed", "27648", cites).record();
    const rules::Context context{formats::default_rules_config(), "2026-11-30"};
    const auto found = rules::check_record(record, context);
    CHECK(std::ranges::count_if(found, [](const rules::Finding& finding) {
              return finding.rule == "planned-wording" && finding.kind == "retired";
          }) == 1);
    REQUIRE(context.readings);
    const auto& cache = *context.readings;
    CHECK(cache.kept_bytes == 5 * size);
    const auto& quote = record.claims.front().citations.back().quote;
    const auto text = cache.texts.find(rules::ReadingCache::Text{quote, 2026});
    REQUIRE(text != cache.texts.end());
    CHECK(text->second.reading == nullptr);
    CHECK(text->second.quantities.has_value());
    CHECK(text->second.status_events.has_value());
    // The same findings as the count's quote alone gives.
    const auto alone = rules::check_record(
        RecordBuilder().source(1, "operator").set("gpus_installed", "27648", {{1, summit}}).record(), context);
    const auto planned = [](const std::vector<rules::Finding>& all) {
        return std::ranges::count_if(all, [](const rules::Finding& finding) { return finding.rule == "planned-wording"; });
    };
    CHECK(planned(found) == planned(alone));
}

TEST_CASE("count-capacity, count-bound and count-unit read what qualifies the figure") {
    auto count = [](const char* value, const char* quote, const char* model = nullptr) {
        RecordBuilder builder;
        builder.source(1, "operator");
        if (model) builder.set("gpu_model", model, {{1, model}});
        return builder.set("gpus_installed", value, {{1, quote}}).record();
    };
    CHECK(fires(count("100000", "room for up to 100,000 GPUs"), "count-capacity"));
    CHECK(fires(count("100000", "quattro gigafactory, ognuna in grado di ospitare 100.000 GPU"), "count-capacity"));
    CHECK(fires(count("100000", "un centro con capacidad para 100.000 GPU"), "count-capacity"));
    CHECK(fires(count("5000", "can scale to 5,000 GPUs"), "count-capacity"));
    CHECK_FALSE(fires(count("37888", "deliver up to 1.1 exaflops with 37,888 GPUs"), "count-capacity"));
    // A capacity named after the figure's noun, in words of more than one.
    CHECK(fires(count("50000", "a 50,000 GPU capacity data center"), "count-capacity"));
    CHECK_FALSE(fires(count("50000", "The site runs 50,000 GPUs, capacity is 180 MW."), "count-capacity"));
    const auto bound = findings_of(count("100000", "operates more than 100,000 H100 GPUs"), "count-bound");
    REQUIRE(bound.size() == 1);
    CHECK(bound[0].message.find("lower bound: 'more than 100,000 H100 GPUs'") != std::string::npos);
    CHECK(bound[0].message.find("100,000+") != std::string::npos);
    for (const char* quote : {"around 100,000 GPUs", "~100,000 GPUs", "100,000+ GPUs", "at least 100,000 GPUs",
                              "in excess of 100,000 GPUs", "north of 100,000 GPUs", "between 90,000 and 110,000 GPUs"}) {
        CAPTURE(std::string(quote));
        CHECK(fires(count("100000", quote), "count-bound"));
    }
    // Bounds in Vietnamese, Dutch, Korean, Indonesian, Italian, Russian and Turkish.
    for (const char* quote : {"trang bị khoảng 100.000 chip Nvidia", "đang sở hữu hơn 100.000 GPU H100",
                              "zou xAI zo’n 100.000 Nvidia H100-GPU’s gebruiken", "고성능 GPU 100000여대",
                              "ada sekitar 100.000 GPU NVIDIA", "ci sono quasi 100.000 GPU", "почти 100 000 GPU",
                              "GPU 100,000개 이상을 운영한다", "100.000'den fazla GPU", "国产首个超 100000 卡算力集群"}) {
        CAPTURE(std::string(quote));
        CHECK(fires(count("100000", quote), "count-bound"));
    }
    // Nodes times the GPUs of each are the GPUs, with the nodes' bound.
    CHECK(fires(count("27600", "It has more than 4,600 nodes, each with six GPUs."), "count-bound"));
    for (const char* rule : {"count-bound", "quote-missing-value", "count-unit"}) {
        CHECK_FALSE(fires(count("27600", "It has 4,600 nodes, each with two Power9 CPUs and six GPUs."), rule));
    }
    // A count stored with its bound is what the source says.
    CHECK_FALSE(fires(count("100,000+", "more than 100,000 GPUs"), "count-bound"));
    CHECK_FALSE(fires(count("~100,000", "around 100,000 GPUs"), "count-bound"));
    // "verfügt über" is a verb of having, not "over" a figure.
    CHECK_FALSE(fires(count("100000", "Der Supercomputer verfügt über 100.000 GPUs"), "count-bound"));
    CHECK(fires(count("36", "a rack of 36 GB200 superchips", "NVIDIA GB200"), "count-unit"));
    CHECK_FALSE(fires(count("72", "a rack of 36 GB200 superchips", "NVIDIA GB200"), "count-unit"));
    CHECK_FALSE(fires(count("72", "a rack of 36 GB200 superchips", "NVIDIA GB200"), "quote-missing-value"));
    CHECK(fires(count("75264", "75,264 GCDs in all", "AMD Instinct MI250X"), "count-unit"));
    CHECK_FALSE(fires(count("37632", "75,264 GCDs in all", "AMD Instinct MI250X"), "count-unit"));
    CHECK(fires(count("9408", "a total of 9,408 nodes"), "count-unit"));
    CHECK(fires(count("8699904", "Cores: 8,699,904"), "count-unit"));
    CHECK_FALSE(fires(count("9408 x 4", "9,408 nodes, each with four AMD MI250X", "AMD Instinct MI250X"), "count-unit"));
    CHECK(fires(count("9408 x 8", "9,408 nodes, each with 8 GCDs", "AMD Instinct MI250X"), "count-unit"));
    // An operand counted in CPUs is an error, unless another operand counts GPUs: a table's row of
    // nodes may give each node's CPUs where its count stands, and then the reader cannot tell.
    const auto cpus = findings_of(count("21 x 4", "21 Dual Intel Xeon Platinum 8468 CPUs + Four NVIDIA H100 GPUs"), "count-unit");
    REQUIRE(cpus.size() == 1);
    CHECK(cpus[0].severity == Severity::warning);
    CHECK(cpus[0].message.find("may be each node's CPUs") != std::string::npos);
    const auto cpus_alone = findings_of(count("21 x 4", "21 Intel Xeon CPUs, four in each rack"), "count-unit");
    REQUIRE(cpus_alone.size() == 1);
    CHECK(cpus_alone[0].severity == Severity::error);
    // Nodes of one GPU each: a node's make-up given apart, CPUs and one GPU, makes the count of
    // nodes the count of GPUs; not so when the quote gives more GPUs per node.
    CHECK_FALSE(fires(count("600", "600 compute nodes. A node pairs one Grace CPU with one Hopper GPU."), "count-unit"));
    CHECK_FALSE(fires(count("4096", "Each compute node holds 2 CPUs and 1 GPU. The system has 4,096 nodes."), "count-unit"));
    CHECK(fires(count("600", "600 nodes, 4 GPUs per node; the login node has one CPU and one GPU."), "count-unit"));
    CHECK(fires(count("600", "600 nodes with one CPU each."), "count-unit"));
    // A total after a phrase of "each" is a sum, not a count per node.
    CHECK_FALSE(fires(count("1200", "four GPUs for each node, with a total of 1,200 GPUs on 300 nodes"), "count-unit"));
    CHECK(fires(count("4", "four GPUs per node, with a total of 1,200 GPUs on 300 nodes"), "count-unit"));
    CHECK_FALSE(fires(count("10752", "10,752 GH200 superchips", "NVIDIA GH200"), "count-unit"));
    // Figures in other notations: Swiss thousands, a CJK myriad with its remainder, a product's
    // trademark signs inside its noun.
    // (Not a structured binding: clang cannot capture one in CAPTURE's lambda.)
    for (const auto& row : std::vector<std::pair<const char*, const char*>>{
             {"1039616", "Das System verfügt über 1'039'616 Kerne."},
             {"4801344", "480万1344コアで構成される"},
             {"4500", "four and a half thousand processor cores"},
             {"21248", "boasting 63,744 GPUs and 21,248 Intel® Xeon® CPU Max Series processors"}}) {
        const auto [value, quote] = row;
        CAPTURE(std::string(row.second));
        CHECK(fires(count(value, quote), "count-unit"));
        CHECK_FALSE(fires(count(value, quote), "quote-missing-value"));
    }
    // The model after a figure joined to its noun is the GPUs' model.
    CHECK(fires(count("64000", "a colossal 64,000-GPU Nvidia GB200 cluster", "AMD Instinct MI355X"), "count-other-model"));
    CHECK_FALSE(fires(count("64000", "a colossal 64,000-GPU Nvidia GB200 cluster", "NVIDIA GB200"), "count-other-model"));
    // A family is another model when the record's model is of another architecture or maker, and
    // none when it holds the record's model or the catalogue cannot tell.
    CHECK(fires(count("1900", "including 1,900 Hopper GPUs already in operation", "NVIDIA B200"), "count-other-model"));
    CHECK(fires(count("1900", "including 1,900 Hopper GPUs already in operation", "AMD Instinct MI355X"), "count-other-model"));
    CHECK_FALSE(fires(count("1900", "including 1,900 Hopper GPUs already in operation", "NVIDIA H100"), "count-other-model"));
    CHECK_FALSE(fires(count("1900", "including 1,900 Hopper GPUs already in operation", "NVIDIA L40S"), "count-other-model"));
    CHECK(fires(count("144", "dilengkapi dengan 144 chip H200", "NVIDIA Blackwell"), "count-other-model"));
    CHECK_FALSE(fires(count("144", "dilengkapi dengan 144 chip H200", "NVIDIA Hopper"), "count-other-model"));
    CHECK_FALSE(fires(count("63744", "boasting 63,744 Intel® Data Center GPU Max Series"), "count-unit"));
    CHECK_FALSE(fires(count("63744", "boasting 63,744 Intel® Data Center GPU Max Series"), "quote-missing-value"));
}

TEST_CASE("power-unit and power-capacity convert and read power figures") {
    auto power = [](const char* value, const char* quote) {
        return RecordBuilder().source(1, "operator").set("power_mw", value, {{1, quote}}).record();
    };
    CHECK(fires(power("29580.98", "Power (kW) 29,580.98"), "power-unit"));
    CHECK_FALSE(fires(power("29.58", "Power (kW) 29,580.98"), "power-unit"));
    CHECK_FALSE(fires(power("29.58", "Power (kW) 29,580.98"), "quote-missing-value"));
    CHECK_FALSE(fires(power("1000", "a 1 GW site running today"), "power-unit"));
    CHECK(fires(power("400", "a data center with 400 MW of capacity"), "power-capacity"));
    CHECK(fires(power("300", "Phase 2 will draw 300 MW"), "power-capacity"));
    CHECK_FALSE(fires(power("21.1", "the system draws 21.1 MW"), "power-capacity"));
    CHECK(fires(power("17", "a machine which uses 17MW running full tilt"), "power-capacity"));
    // Limits, plans and supplies in Norwegian, Portuguese, Spanish and Indonesian.
    for (const auto& row : std::vector<std::pair<const char*, const char*>>{
             {"230", "Datasenteret er planlagt å ha en kapasitet på opptil 230 megawatt."},
             {"4750", "com capacidade inicial de TI de 54 MW e potencial para chegar a 4.750 MW."},
             {"500", "comenzar en unos 100 MW de potencia operativa, con miras a escalar a 500 MW en 2 o 3 años."},
             {"130", "Perusahaan memiliki dua gardu induk 130 megawatt yang siap siaga."}}) {
        CAPTURE(std::string(row.second));
        CHECK(fires(power(row.first, row.second), "power-capacity"));
    }
    // A capacity's noun some words before, a verb of amounting between.
    CHECK(fires(power("10", "Aktuell beläuft die Kapazität sich auf zehn Megawatt."), "power-capacity"));
    // A peak that opens the sentence governs its power; a bare number that happens to match
    // the value gives way to the figure with its unit.
    for (const char* quote : {"A pleno funcionamiento, Titan consume la misma electricidad que 9.000 hogares (9 megavatios).",
                              "At full load, the system draws 9 MW."}) {
        CAPTURE(std::string(quote));
        CHECK(fires(power("9", quote), "power-capacity"));
    }
    CHECK_FALSE(fires(power("9", "Titan consume la misma electricidad que 9.000 hogares (9 megavatios)."), "power-capacity"));
    CHECK(fires(power("5.9", "TACC a ajouté une infrastructure pour 5,9 mégawatts."), "power-capacity"));
    // A comparative with its own figure after it is that figure's, not a difference of the first.
    CHECK_FALSE(
        fires(power("29.581", "Dabei verbraucht er mit 29.581 kW mehr als 9.000 kW weniger als Aurora."), "power-capacity"));
    CHECK(fires(power("9", "Dabei verbraucht er mit 29.581 kW mehr als 9 MW weniger als Aurora."), "power-capacity"));
    CHECK(fires(power("9", "bei einem um 9 MW geringeren Energieverbrauch"), "power-capacity"));
    CHECK(fires(power("25", "Die installierte Leistung beträgt 25 MW."), "power-capacity"));
    CHECK(fires(power("25", "une puissance installée de 25 MW"), "power-capacity"));
    // A change bounded above is a change, not a capacity.
    const auto change =
        findings_of(power("200", "a data center could reduce its draw by up to 200 megawatts in a second"), "power-capacity");
    REQUIRE(change.size() == 1);
    CHECK(change[0].kind == "difference");
    // Energy is never power, whatever the prefix of its watts.
    CHECK(fires(power("2.4", "the site will consume 2.4 terawatt-hours a year"), "power-unit"));
}

TEST_CASE("status-contradiction reads status notes against the status") {
    auto record = [](const char* status, const char* notes) {
        return RecordBuilder()
            .source(1, "operator")
            .set("status", status, {{1, notes}})
            .set("status_notes", notes, {{1, notes}})
            .record();
    };
    CHECK(fires(record("operational", "Expected to go live in 2026."), "status-contradiction"));
    CHECK(fires(record("operational", "Decommissioned in November 2024."), "status-contradiction"));
    CHECK(fires(record("operational", "The system is not yet operational."), "status-contradiction"));
    CHECK(fires(record("operational", "Under construction since March 2025."), "status-contradiction"));
    CHECK_FALSE(fires(record("operational", "In production since September 2023."), "status-contradiction"));
    // A negated future some words before the event, and an event in a clause of "before".
    CHECK(fires(record("operational", "The machine won't be fully available to researchers until spring."),
                "status-contradiction"));
    CHECK(fires(record("operational", "Final checks remain to be run before the system can enter production."),
                "status-contradiction"));
    CHECK_FALSE(
        fires(record("operational", "The system went into production in May, before the upgrade."), "status-contradiction"));
    // Building dated to a year before the text's is done; building since then goes on.
    CHECK_FALSE(fires(record("operational", "It was the fastest machine at the time of its installation in 2016."),
                      "status-contradiction"));
    CHECK(fires(record("operational", "The hall has been under construction since 2024."), "status-contradiction"));
    // The plan of a second verb joined by "and" is not the first's.
    CHECK_FALSE(
        fires(record("operational", "The cluster is in production and will be expanded in 2027."), "status-contradiction"));
    CHECK_FALSE(fires(record("operational", "Superkomputer działa w centrum i będzie służył do badań."), "status-contradiction"));
    // Words of languages beyond Europe's main ones: Vietnamese, Czech, Arabic.
    CHECK(fires(record("under construction", "Viettel chính thức đưa vào vận hành hệ thống siêu máy tính."),
                "status-contradiction"));
    CHECK(fires(record("operational", "Datové centrum je ve výstavbě."), "status-contradiction"));
    // An opening ceremony, a completion of building: live; the same as a goal or a plan: not yet.
    // One finding of `kind` for each of the notes beside `status`.
    const auto each_says = [&](const char* status, std::initializer_list<const char*> notes_list, const char* kind) {
        for (const char* notes : notes_list) {
            CAPTURE(std::string(notes));
            const auto found = findings_of(record(status, notes), "status-contradiction");
            REQUIRE(found.size() == 1);
            CHECK(found[0].kind == kind);
        }
    };
    each_says("under construction",
              {"AI向けデータセンターの開所式で力を込めた。", "AI 데이터센터 개소식을 열었다.",
               "2022년 6월 착공해 2025년 5월 준공했으며"},
              "live");
    CHECK_FALSE(fires(record("under construction", "데이터센터는 2027년 준공이 목표다."), "status-contradiction"));
    // Beginning to run, in Spanish and Portuguese; a trial period is not full service.
    each_says("announced", {"El supercomputador comenzó a funcionar este miércoles.", "O supercomputador começou a funcionar."},
              "live");
    each_says("operational", {"The new partition has issues and bugs during the trial period."}, "under-construction");
    // Operation and building begun, in Polish, Czech, Bulgarian and Slovenian.
    each_says("announced", {"Superkomputer pracuje od marca.", "Systém byl spuštěn v lednu."}, "live");
    each_says("operational", {"Миналата година започна строителството на сградата.", "Lani so položili temeljni kamen."},
              "under-construction");
    const auto later = findings_of(
        record("operational", "Anläggningen, som planeras stå klar 2027, kommer att möjliggöra drift."), "status-contradiction");
    REQUIRE(later.size() == 1);
    CHECK(later[0].kind == "not-live");
    // Switched off, taken out of production: retired.
    each_says("operational",
              {"Tras siete años de servicio, Sierra se apagó en octubre de 2025.", "Vilje ble tatt ut av produksjon i fjor.",
               "スーパーコンピューター「京」の電源を停止してシャットダウンした。"},
              "retired");
    // A place's name inside a sentence is no verb's future ("Ceará" ends as "será" does).
    each_says("operational", {"As obras do data center no Ceará foram iniciadas com a terraplanagem."}, "under-construction");
    // A groundbreaking ceremony, construction works, structural work under way: being built.
    each_says("operational",
              {"데이터센터 기공식을 29일 열었다.", "تمضي أعمال بناء المشروع بخطى متسارعة", "A2數據中心正在進行結構施工。",
               "两栋大楼正在进行内部装修和设备安装施工。", "Mehr als 1.000 DGX-B200-Systeme werden derzeit verbaut.",
               "Las obras avanzan: el inicio de las obras fue en mayo."},
              "under-construction");
    CHECK(fires(record("operational", "المركز قيد الإنشاء"), "status-contradiction"));
    CHECK_FALSE(
        fires(record("operational", "In service since 2023; it will be decommissioned in 2029."), "status-contradiction"));
    // A part named as the subject of a live event: live in part, unless the record is that part.
    // So is a counted part of a whole.
    each_says("operational",
              {"With the first phase of delivery now operational, the campus grows.",
               "The university received two racks, of which one is operational.", "Two of the four halls are now operational.",
               "Today 50 MW of the 100 MW are operational.", "Zwei von vier Hallen sind in Betrieb."},
              "partly");
    // Live, then still being built: live in part. Built, tested, then launched is a history; and
    // building dated to a year gone by is done.
    each_says("operational",
              {"The system went into service in October, but the installation is still under construction.",
               "La messa in funzione è avvenuta a ottobre ma l'installazione deve essere ancora completata."},
              "partly");
    CHECK_FALSE(fires(record("operational", "The hall was under construction for two years; the system went live in May."),
                      "status-contradiction"));
    CHECK_FALSE(
        fires(record("operational",
                     "Das Cluster ist in Betrieb. Mit der Inbetriebnahme des GPU-Clusters im Juni 2021 wächst der Standort."),
              "status-contradiction"));
    // Building dated to a year gone by, before its words too, is done; building since then, or
    // dated as the text's own day, goes on.
    CHECK_FALSE(fires(record("operational", "In service. At its June 2022 debut the system was still being integrated."),
                      "status-contradiction"));
    each_says("operational",
              {"Der Rechner befindet sich seit Juli 2023 im Aufbau.", "The machine is now (July 2021) being installed."},
              "under-construction");
    // What each of several holds is no part of them; nor is a whole whose size is given.
    CHECK_FALSE(fires(record("operational", "Four racks of 72 GPUs each are now operational."), "status-contradiction"));
    CHECK_FALSE(fires(record("operational", "The system of 4 halls is now operational."), "status-contradiction"));
    // The part is the subject of its own clause only.
    CHECK_FALSE(fires(record("operational", "Work on the first phase ended, and the system is now operational."),
                      "status-contradiction"));
    CHECK_FALSE(fires(RecordBuilder()
                          .source(1, "operator")
                          .set("name", "RSC-1 Phase 1", {{1, "RSC-1 Phase 1"}})
                          .set("status", "operational", {{1, "The first phase is now operational."}})
                          .record(),
                      "status-contradiction"));
    // A retirement soon is a warning; one whose date has passed, an error.
    const auto soon =
        findings_of(record("operational", "In service since 2023; it will be shut down in June."), "status-contradiction");
    REQUIRE(soon.size() == 1);
    CHECK(soon[0].severity == Severity::warning);
    const auto passed = findings_of(record("operational", "Planned to be decommissioned in 2025."), "status-contradiction");
    REQUIRE(passed.size() == 1);
    CHECK(passed[0].severity == Severity::error);
    CHECK_FALSE(fires(record("announced", "Expected to go live in 2027."), "status-contradiction"));
    const auto live = findings_of(record("announced", "The cluster went live in June 2025."), "status-contradiction");
    REQUIRE(live.size() == 1);
    CHECK(live[0].severity == Severity::warning);
}

TEST_CASE("derivation-mismatch") {
    CHECK(fires(RecordBuilder().raw("gpus_installed", {"12000", {"1536 x 8", "", ""}}).record(), "derivation-mismatch"));
    CHECK(fires(RecordBuilder().raw("gpus_installed", {"12000", {"1536 x banana", "", ""}}).record(), "derivation-mismatch"));
    CHECK_FALSE(fires(RecordBuilder().set("gpus_installed", "1536 x 8").record(), "derivation-mismatch"));
}

TEST_CASE("competing-count-unmentioned") {
    auto base = [] {
        return RecordBuilder().set("gpus_installed", "12288").set("gpus_installed", "14000", {}, model::Rank::normal);
    };
    CHECK(fires(base().record(), "competing-count-unmentioned"));
    CHECK(fires(base().set("gpu_count_notes", "Only the operator figure.").record(), "competing-count-unmentioned"));
    CHECK_FALSE(fires(base().set("gpu_count_notes", "Press reports 14,000; the operator's 12,288 is used.").record(),
                      "competing-count-unmentioned"));
}

TEST_CASE("maker-mismatch: gpu_maker and gpu_model_canonical follow the catalogue") {
    auto mi300x = [] { return RecordBuilder().set("gpu_model", "MI300X"); };
    CHECK(fires(mi300x().raw("gpu_maker", {"NVIDIA", {}}).raw("gpu_model_canonical", {"AMD Instinct MI300X", {}}).record(),
                "maker-mismatch"));
    CHECK_FALSE(fires(mi300x().raw("gpu_maker", {"AMD", {}}).raw("gpu_model_canonical", {"AMD Instinct MI300X", {}}).record(),
                      "maker-mismatch"));
    // Written before schema 9: no catalogue name, or an older one.
    CHECK(fires(mi300x().raw("gpu_maker", {"AMD", {}}).record(), "maker-mismatch"));
    CHECK(fires(mi300x().raw("gpu_maker", {"AMD", {}}).raw("gpu_model_canonical", {"MI300X", {}}).record(), "maker-mismatch"));
    // A model the catalogue does not know asks for neither.
    CHECK_FALSE(fires(RecordBuilder().set("gpu_model", "H1OO").record(), "maker-mismatch"));
}

TEST_CASE("unknown-model") {
    CHECK(fires(RecordBuilder().set("gpu_model", "H1OO").record(), "unknown-model"));
    CHECK_FALSE(fires(RecordBuilder().set("gpu_model", "H100").record(), "unknown-model"));
}

TEST_CASE("ambiguous-model: a name of two models, and only that") {
    for (const char* name : {"NVIDIA A100 / V100", "A100/H100", "NVIDIA Tesla K40/Intel Xeon Phi 7120P"}) {
        CAPTURE(std::string(name));
        const auto record = RecordBuilder().set("gpu_model", name).record();
        CHECK(fires(record, "ambiguous-model"));
        CHECK_FALSE(fires(record, "unknown-model"));  // one finding for one problem
        CHECK_FALSE(fires(record, "maker-mismatch"));
    }
    for (const char* name : {"H100", "NVIDIA A100 40GB/80GB", "Hopper", "H1OO", "Cambricon MLU370-S4/S8"}) {
        CAPTURE(std::string(name));
        CHECK_FALSE(fires(RecordBuilder().set("gpu_model", name).record(), "ambiguous-model"));
    }
}

TEST_CASE("status-notes-undated") {
    CHECK(fires(RecordBuilder().set("status_notes", "In production.").record(), "status-notes-undated"));
    CHECK_FALSE(
        fires(RecordBuilder().set("status_notes", "Production cluster as of September 2023.").record(), "status-notes-undated"));
    CHECK_FALSE(fires(RecordBuilder().set("status_notes", "Phase 2 live in Q3 2025.").record(), "status-notes-undated"));
}

TEST_CASE("power-on-announced") {
    CHECK(fires(RecordBuilder().set("status", "announced").set("power_mw", "300").record(), "power-on-announced"));
    CHECK_FALSE(fires(RecordBuilder().set("status", "operational").set("power_mw", "300").record(), "power-on-announced"));
}

TEST_CASE("estimate-unlabelled") {
    CHECK(fires(RecordBuilder().source(1, "estimate").set("power_mw", "40", {{1, "40 MW"}}).record(), "estimate-unlabelled"));
    CHECK_FALSE(fires(RecordBuilder().source(1, "estimate").set("power_mw", "40 (estimate: Epoch AI)", {{1, "40 MW"}}).record(),
                      "estimate-unlabelled"));
    CHECK_FALSE(
        fires(RecordBuilder().source(1, "operator").set("power_mw", "40", {{1, "40 MW"}}).record(), "estimate-unlabelled"));
}

TEST_CASE("invalid-country") {
    CHECK(fires(RecordBuilder().raw("country", {"UK", {}}).record(), "invalid-country"));
    CHECK_FALSE(fires(RecordBuilder().set("country", "United Kingdom").record(), "invalid-country"));
}

TEST_CASE("required-field") {
    const auto missing = findings_of(RecordBuilder().set("owner", "Acme").record(), "required-field");
    CHECK(missing.size() == 3);  // gpu_model, gpus_installed, status
    CHECK_FALSE(fires(RecordBuilder()
                          .set("owner", "Acme")
                          .not_published("gpu_model")
                          .set("gpus_installed", "8")
                          .set("status", "announced")
                          .record(),
                      "required-field"));
}

TEST_CASE("merge-conflict") {
    auto conflicted = RecordBuilder()
                          .set("city", "Lyon", {}, model::Rank::normal)
                          .set("city", "Nice", {}, model::Rank::normal)
                          .set("region", "Rhone", {}, model::Rank::normal)
                          .set("region", "Rhône", {}, model::Rank::normal)
                          .record();
    for (auto& claim : conflicted.claims) {
        if (claim.field == "city") claim.rank_reason = model::merge_conflict_reason;
    }
    const auto found = findings_of(conflicted, "merge-conflict");
    REQUIRE(found.size() == 1);  // region's values compete, but no merge left them so
    CHECK(found[0].field == "city");
    CHECK(found[0].message.find("undecided between Lyon and Nice") != std::string::npos);
    CHECK(found[0].severity == rules::Severity::error);
    // An editor's rank settles it: a preferred value, the other still competing.
    conflicted.claims[0].rank = model::Rank::preferred;
    CHECK_FALSE(fires(conflicted, "merge-conflict"));
}

TEST_CASE("configuration: severities, patterns and errors that name the place") {
    auto config = formats::default_rules_config();
    formats::apply_rules_config(config, "[severity]\nuncited-value = \"off\"\n[quote-reader]\nextra_planned = ['lined up']\n",
                                "c.toml");
    CHECK(findings_of(RecordBuilder().set("owner", "Acme").record(), "uncited-value", config).empty());
    CHECK_FALSE(findings_of(RecordBuilder().source(1, "operator").set("gpus_installed", "8", {{1, "8 GPUs lined up"}}).record(),
                            "planned-wording", config)
                    .empty());
    CHECK(findings_of(RecordBuilder().source(1, "operator").set("gpus_installed", "8", {{1, "8 GPUs lined up"}}).record(),
                      "planned-wording")
              .empty());
    // The phrase lists of the old [planned-wording] section moved to [quote-reader]; a list the
    // reader has not is named.
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(config, "\n[planned-wording]\npatterns = []\n", "c.toml"),
                         doctest::Contains("c.toml:2:1"), InputError);
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(config, "[quote-reader]\nplaned = ['x']\n", "c.toml"),
                         doctest::Contains("has no list 'planed'"), InputError);
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(config, "[quote-reader]\nextra_planned = ['.']\n", "c.toml"),
                         doctest::Contains("no word"), InputError);
    CHECK_THROWS_WITH_AS(formats::apply_rules_config(config, "[severity]\nnope = \"error\"\n", "c.toml"),
                         doctest::Contains("c.toml:2:8"), InputError);
    // Upper-case escapes keep their meaning; extra_patterns add to patterns in either order.
    auto escapes = formats::default_rules_config();
    formats::apply_rules_config(escapes, "[status-notes-date]\nextra_patterns = ['^\\S+ since']\npatterns = ['\\bnever\\b']\n",
                                "e.toml");
    CHECK(escapes.status_dates.sources().size() == 2);
    CHECK(escapes.status_dates.first_match("Running since May") == "running since");
    CHECK(escapes.status_dates.first_match(" running since May").empty());
    CHECK_THROWS_AS(formats::apply_rules_config(config, "[severity]\nuncited-value = \"loud\"\n", "c.toml"), InputError);
    CHECK_THROWS_AS(formats::apply_rules_config(config, "[unknown]\n", "c.toml"), InputError);
    CHECK_THROWS_AS(formats::apply_rules_config(config, "[thresholds]\nstale_source_days = -1\n", "c.toml"), InputError);
    CHECK_THROWS_AS(formats::apply_rules_config(config, "[h100-equivalents]\npatterns = ['(']\n", "c.toml"), InputError);
    CHECK_THROWS_AS(formats::apply_rules_config(config, "[quote-missing-value]\nfields = ['nope']\n", "c.toml"), InputError);
}

TEST_CASE("every rule has its text in db/rule_catalogue.toml, and every text there its rule") {
    const toml::table text = toml::parse(embedded::rule_catalogue_toml);
    std::set<std::string> in_text;
    for (const auto& [id, entry] : text) {
        // A copy: CAPTURE's lambda cannot name a structured binding (clang 14).
        const std::string rule_id(id.str());
        CAPTURE(rule_id);
        in_text.insert(rule_id);
        REQUIRE(entry.is_table());
        CHECK(entry.as_table()->size() == 4);
        for (const char* key : {"family", "severity", "summary", "explanation"})
            CHECK(entry.as_table()->get_as<std::string>(key));
    }
    std::set<std::string> in_code;
    for (const auto& rule : rules::rule_catalogue()) in_code.insert(std::string(rule.id));
    CHECK(in_code == in_text);
}

TEST_CASE("every rule has an explanation with an example and a fix") {
    for (const auto& rule : rules::rule_catalogue()) {
        CAPTURE(std::string(rule.id));
        CHECK(rule.explanation.find("Violation") != std::string_view::npos);
        CHECK(rule.explanation.find("Fix") != std::string_view::npos);
        CHECK(rules::find_rule(rule.id) == &rule);
    }
}

TEST_CASE("numbers in quotes, with and without separators") {
    const auto numbers = rules::numbers_in("12,288 GPUs on 1 536 nodes, 64×400Gbps, four modules");
    for (long long expected : {12288LL, 12LL, 288LL, 1536LL, 64LL, 400LL, 4LL}) {
        CAPTURE(expected);
        CHECK(std::find(numbers.begin(), numbers.end(), expected) != numbers.end());
    }
}

TEST_CASE("plausibility: power per GPU, counts beyond any cluster or the cores of a list, dates before GPU computing") {
    auto with = [](const std::string& power, const std::string& gpus) {
        return RecordBuilder().set("power_mw", power).set("gpus_installed", gpus).record();
    };
    CHECK(fires(with("7124", "10000"), "power-per-gpu"));         // 7,124 kW stored as MW: 712 kW a GPU
    CHECK_FALSE(fires(with("7.124", "10000"), "power-per-gpu"));  // 712 W a GPU
    CHECK_FALSE(fires(with("150", "100000"), "power-per-gpu"));   // 1.5 kW a GPU
    CHECK(fires(with("0.01", "10000"), "power-per-gpu"));         // 1 W a GPU: MW stored as kW
    CHECK_FALSE(fires(RecordBuilder().set("power_mw", "7124").record(), "power-per-gpu"));
    CHECK(fires(RecordBuilder().set("gpus_installed", "9988224").record(), "count-implausible"));
    CHECK_FALSE(fires(RecordBuilder().set("gpus_installed", "200000").record(), "count-implausible"));
    auto counted = [](const std::string& gpus, const std::string& cores) {
        return RecordBuilder().set("gpus_installed", gpus).set("total_cores", cores).record();
    };
    CHECK(fires(counted("9988224", "11039616"), "count-exceeds-cores"));  // a list's accelerator cores as GPUs
    CHECK(fires(counted("40000", "36000"), "count-exceeds-cores"));       // more GPUs than cores
    CHECK_FALSE(fires(counted("43808", "11039616"), "count-exceeds-cores"));
    CHECK_FALSE(fires(counted("5000", "10000"), "count-exceeds-cores"));  // exactly half: two cores a GPU
    CHECK_FALSE(fires(RecordBuilder().set("gpus_installed", "40000").record(), "count-exceeds-cores"));
    CHECK(fires(RecordBuilder().set("first_operational", "1997").record(), "first-operational-early"));
    CHECK_FALSE(fires(RecordBuilder().set("first_operational", "2008-06").record(), "first-operational-early"));
}
