// possible-duplicate: profiles, keys and the score of a pair.
#include <doctest/doctest.h>

#include <algorithm>

#include "formats/rules_config.hpp"
#include "gpuclusters/model/values.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "rules/record_builder.hpp"

using namespace gpuclusters;
using test_support::RecordBuilder;

namespace {

rules::DuplicateProfile profile_of(const model::Record& record, const rules::Context& context) {
    const auto profile = rules::duplicate_profile(record, context);
    REQUIRE(profile);
    return *profile;
}

// A pair scored as if among `records` records, each key held by the two alone.
std::optional<rules::DuplicateScore> scored(const model::Record& left, const model::Record& right, const rules::Context& context,
                                            long long records = 1000) {
    rules::KeyRecords keys;
    for (const auto* record : {&left, &right}) {
        for (const auto& key : rules::duplicate_keys(profile_of(*record, context), context))
            keys[key.kind + "\x1f" + key.key] = 2;
    }
    const rules::DuplicateCandidate candidate{left.id, right.id, profile_of(left, context), profile_of(right, context), &keys,
                                              nullptr, records};
    return rules::score_duplicate(candidate, context);
}

}  // namespace

TEST_CASE("possible-duplicate: a profile's words") {
    const auto config = formats::default_rules_config();
    const rules::Context context{config, "2026-11-30"};
    const auto juwels = profile_of(RecordBuilder("j").set("name", "JUWELS Booster Module").record(), context);
    CHECK(juwels.name == std::vector<std::string>{"juwels"});
    CHECK(juwels.marks == std::vector<std::string>{"part=booster"});
    const auto phase = profile_of(RecordBuilder("e").set("name", "Eni HPC4 Phase II").record(), context);
    CHECK(phase.marks == std::vector<std::string>{"phase=2"});
    CHECK(rules::phase_of_name("Eni HPC4 Phase II", config.duplicates) == "2");
    CHECK(rules::phase_of_name("RSC-1 Phase 1", config.duplicates) == "1");
    CHECK(rules::phase_of_name("Phase Change Lab", config.duplicates).empty());
    // A path of agencies: each segment's words, abbreviations spelt out, acronyms added.
    const auto site = profile_of(RecordBuilder("s").set("owner", "DOE/SC/Oak Ridge National Laboratory").record(), context);
    CHECK(std::ranges::find(site.owner, "ornl") != site.owner.end());
    const auto lab = profile_of(RecordBuilder("l").set("owner", "ORNL").record(), context);
    CHECK(std::ranges::find(lab.owner, "ridge") != lab.owner.end());
    // Transliterated, and a profile survives its encoding.
    const auto fenix = profile_of(RecordBuilder("f")
                                      .set("name", "Fênix")
                                      .set("gpu_model", "V100")
                                      .set("gpus_installed", "720")
                                      .set("first_operational", "2019-12")
                                      .record(),
                                  context);
    CHECK(fenix.name == std::vector<std::string>{"fenix"});
    const auto decoded = rules::DuplicateProfile::decode(fenix.encode());
    CHECK(decoded.name == fenix.name);
    CHECK(decoded.model == "NVIDIA V100");
    CHECK(decoded.gpus == 720);
    CHECK(decoded.year == 2019);
    // A count in the notes only as a list writes chips, "N x model"; other numbers are no count.
    const auto chips = [&](const std::string& notes) {
        return profile_of(RecordBuilder("n").set("gpu_count_notes", notes).record(), context).gpus;
    };
    CHECK(chips("Epoch AI: 1,000 x NVIDIA A100 (primary chips)") == 1000);
    CHECK(chips("12288 \u00d7 AMD MI250X") == 12288);
    CHECK(chips("All 3132 nodes of the main partition; 4 GPUs per node.") == 0);
    CHECK(chips("3132 x 4 MI250X") == 0);
    CHECK(chips("MI250X nodes, 1,000") == 0);
    CHECK(chips("Epoch AI: 1,000,") == 0);
    // Off: no profile.
    auto off = formats::default_rules_config();
    formats::apply_rules_config(off, "[severity]\npossible-duplicate = \"off\"\n", "c.toml");
    CHECK_FALSE(rules::duplicate_profile(RecordBuilder("c").set("name", "Colossus").record(), {off, "2026-11-30"}));
}

TEST_CASE("possible-duplicate: the score and its evidence") {
    const auto config = formats::default_rules_config();
    const rules::Context context{config, "2026-11-30"};
    const auto sierra = RecordBuilder("sierra")
                            .set("name", "Lawrence Livermore NL Sierra")
                            .set("owner", "Lawrence Livermore National Laboratory")
                            .set("country", "US")
                            .set("gpu_model", "NVIDIA V100")
                            .set("gpus_installed", "17280")
                            .record();
    // A list's total cores against a GPU count: 17,280 V100 of 80 cores and some CPU cores.
    const auto listed = RecordBuilder("top500-179398")
                            .set("name", "Sierra")
                            .set("owner", "DOE/NNSA/LLNL")
                            .set("country", "US")
                            .set("total_cores", "1572480")
                            .record();
    const auto same = scored(sierra, listed, context);
    REQUIRE(same);
    CHECK(same->evidence.find("GPU count agrees with total cores") != std::string::npos);
    CHECK(same->evidence.find("owner") != std::string::npos);
    // Two phases of one machine are two clusters by name.
    const auto phase = [](std::string id, const std::string& name, const std::string& model, const std::string& count) {
        return RecordBuilder(std::move(id))
            .set("name", name)
            .set("country", "IT")
            .set("gpu_model", model)
            .set("gpus_installed", count)
            .record();
    };
    const auto two_phases =
        scored(phase("p1", "Eni HPC4 Phase 1", "P100", "3170"), phase("p2", "Eni HPC4 Phase 2", "A100", "250"), context);
    CHECK_FALSE(two_phases);
    // Another country outweighs a name.
    CHECK_FALSE(scored(phase("a", "Leonardo", "A100", "13824"),
                       RecordBuilder("b").set("name", "Leonardo").set("country", "US").set("gpu_model", "A100").record(),
                       context));
    // A name whose words every record holds tells nothing: not compared, not "names differ".
    const auto two = RecordBuilder("t").set("name", "Colossus").set("country", "US").record();
    const auto common = scored(two, RecordBuilder("u").set("name", "Colossus").set("country", "US").record(), context, 2);
    CHECK_FALSE(common);
    rules::KeyRecords everyone{
        {"n\x1f"
         "colossus",
         2}};
    rules::DuplicateSettings lenient = config.duplicates;
    lenient.threshold = -10;
    rules::Config lenient_config = config;
    lenient_config.duplicates = lenient;
    const rules::Context lenient_context{lenient_config, "2026-11-30"};
    const rules::DuplicateCandidate pair{"t", "u", profile_of(two, context), profile_of(two, context), &everyone, nullptr, 2};
    const auto read = rules::score_duplicate(pair, lenient_context);
    REQUIRE(read);
    CHECK(read->evidence == "names not compared (words every record has), country agrees");
    const auto finding = rules::duplicate_finding({"c", "a", 5.25, "name 1.00, country agrees"}, context);
    CHECK(finding.rule == "possible-duplicate");
    CHECK(finding.severity == rules::Severity::warning);
    CHECK(finding.message == "looks like the same cluster as a (score 5.25 of 4.00 needed: name 1.00, country agrees)");
    // What it read is the other record, whatever its score: a baseline keeps it.
    CHECK(finding.evidence.value == "a");
    CHECK(rules::fingerprint(finding) == rules::fingerprint(rules::duplicate_finding({"c", "a", 6.5, "name 1.00"}, context)));
}

TEST_CASE("possible-duplicate: placeholder names are never compared") {
    const auto config = formats::default_rules_config();
    const rules::Context context{config, "2026-11-30"};
    const auto anonymous = [](std::string id, const std::string& count, const std::string& date) {
        return RecordBuilder(std::move(id))
            .set("name", "Anonymized System")
            .set("country", "CN")
            .set("gpu_model", "A100")
            .set("gpu_count_notes", "Epoch AI: " + count + " x NVIDIA A100")
            .set("first_operational", date)
            .record();
    };
    const auto left = anonymous("x", "1000", "2022-01"), right = anonymous("y", "400", "2024-01");
    // The keys counted on each side: a placeholder on either is found.
    const rules::KeyRecords left_keys{
        {"w\x1f"
         "anonymizedsystem",
         250}},
        right_keys{{"n\x1f"
                    "anonymized",
                    250}};
    rules::DuplicateCandidate candidate{"x",         "y", profile_of(left, context), profile_of(right, context), &left_keys,
                                        &right_keys, 1000};
    CHECK_FALSE(rules::score_duplicate(candidate, context));
    // The same placeholder, everything else alike: the evidence decides, the name is not counted.
    candidate.right = profile_of(anonymous("z", "1000", "2022-01"), context);
    const auto alike = rules::score_duplicate(candidate, context);
    REQUIRE(alike);
    CHECK(alike->evidence.find("name not compared (a placeholder of 250 records)") == 0);
}

TEST_CASE("possible-duplicate: settings and their errors") {
    auto config = formats::default_rules_config();
    formats::apply_rules_config(config,
                                "[possible-duplicate]\nthreshold = 6\nweights = { name = 2.5 }\naliases = { hlrs = \"High "
                                "Performance Computing Center Stuttgart\" }\n",
                                "c.toml");
    CHECK(config.duplicates.threshold == 6.0);
    CHECK(config.duplicates.weight("name") == 2.5);
    CHECK(config.duplicates.weight("owner") == 1.5);
    CHECK(config.duplicates.aliases.at("hlrs") == "high performance computing center stuttgart");
    CHECK_THROWS_WITH(formats::apply_rules_config(config, "[possible-duplicate]\nweights = { nam = 1 }\n", "c.toml"),
                      doctest::Contains("c.toml:2:19: [possible-duplicate] weights: unknown signal 'nam'"));
    CHECK_THROWS_WITH(formats::apply_rules_config(config, "[possible-duplicate]\nlargest_block = 0\n", "c.toml"),
                      doctest::Contains("largest_block must be a whole number, 2 or more"));
    // A name held by one record is its own, never a placeholder.
    CHECK_THROWS_WITH(formats::apply_rules_config(config, "[possible-duplicate]\nplaceholder_records = 1\n", "c.toml"),
                      doctest::Contains("placeholder_records must be a whole number, 2 or more"));
    CHECK_THROWS_WITH(formats::apply_rules_config(config, "[possible-duplicate]\ncompare = true\n", "c.toml"),
                      doctest::Contains("[possible-duplicate] has no setting 'compare'"));
}
