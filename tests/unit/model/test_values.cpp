#include <doctest/doctest.h>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/model/values.hpp"

using namespace gpuclusters;
using namespace gpuclusters::model;

TEST_CASE("whole numbers accept the usual thousands separators") {
    CHECK(parse_whole_number("12288") == 12288);
    CHECK(parse_whole_number("12,288") == 12288);
    CHECK(parse_whole_number("12 288") == 12288);
    CHECK(parse_whole_number("12\xC2\xA0"
                             "288") == 12288);  // no-break space
    CHECK(parse_whole_number("12\xE2\x80\x89"
                             "288") == 12288);  // thin space
    CHECK(parse_whole_number("12\xE2\x80\xAF"
                             "288") == 12288);  // narrow no-break space
    CHECK(parse_whole_number("1,000,000") == 1000000);
    CHECK(parse_whole_number("  7 ") == 7);
}

TEST_CASE("whole numbers refuse anything that is not an exact positive count") {
    for (const char* bad : {"12.3k", "~100,000", "-5", "0", "1e4", "", "12,28", "1,2345", "12,,288", "abc", "12.0", "about 100",
                            "1,000,00", ",123", "100,000+"}) {
        CAPTURE(std::string(bad));
        CHECK_THROWS_AS(parse_whole_number(bad), InputError);
    }
    CHECK_THROWS_WITH(parse_whole_number("~100,000"), doctest::Contains("approximate"));
    CHECK_THROWS_WITH(parse_whole_number("-5"), doctest::Contains("negative"));
    CHECK_THROWS_WITH(parse_whole_number("0"), doctest::Contains("zero"));
    CHECK_THROWS_WITH(parse_whole_number("1e4"), doctest::Contains("scientific"));
    CHECK_THROWS_WITH(parse_whole_number("12.3k"), doctest::Contains("not a whole number"));
    CHECK_THROWS_WITH(parse_whole_number("99999999999999999999"), doctest::Contains("larger than"));
}

TEST_CASE("derivations evaluate and keep a canonical expression") {
    auto count = parse_count("1536 x 8");
    CHECK(count.value == 12288);
    CHECK(count.derivation == "1536 x 8");
    CHECK(parse_count("1536*8").value == 12288);
    CHECK(parse_count("1536 X 8").derivation == "1536 x 8");
    count = parse_count("1,536 \xC3\x97 8 + 256 \xC3\x97 4");
    CHECK(count.value == 13312);
    CHECK(count.derivation == "1536 x 8 + 256 x 4");
    count = parse_count("12,288");
    CHECK(count.value == 12288);
    CHECK(count.derivation.empty());
    CHECK(parse_count("2 x 3 x 4").value == 24);
}

TEST_CASE("a count carries the bound its source gives") {
    CHECK(parse_count("~10,000").bound == bound_approximate);
    CHECK(parse_count("about 10,000").bound == bound_approximate);
    CHECK(parse_count("10,000+").bound == bound_at_least);
    CHECK(parse_count("at least 10,000").bound == bound_at_least);
    CHECK(parse_count("10,000").bound.empty());
    const auto derived = parse_count("1536 x 8+");
    CHECK(derived.value == 12288);
    CHECK(derived.derivation == "1536 x 8");
    CHECK(derived.bound == bound_at_least);
    const auto& spec = require_field("gpus_installed");
    for (const char* raw : {"~10,000", "10,000+", "~1536 x 8", "1536 x 8+", "12,288"}) {
        CAPTURE(std::string(raw));
        const auto value = parse_field_value(spec, raw);
        CHECK(parse_field_value(spec, input_text(spec, value)) == value);
    }
    CHECK(display_value(spec, parse_field_value(spec, "~10,000")) == "~10,000");
    CHECK(display_value(spec, parse_field_value(spec, "10000+")) == "10,000+");
    CHECK(display_value(spec, parse_field_value(spec, "~1536 x 8")) == "~12,288 (= 1536 x 8)");
    // "1536 +" is a sum left unfinished, not a lower bound; a bound inside an operand is refused.
    CHECK_THROWS_AS(parse_count("1536 + "), InputError);
    CHECK_THROWS_WITH(parse_count("1536 x ~8"), doctest::Contains("approximate"));
}

TEST_CASE("bad derivations are errors") {
    for (const char* bad : {"1536 x", "x 8", "1536 x 0", "1536 + ", "1536 x -8", "100000 x 100000", "1536 / 8"}) {
        CAPTURE(std::string(bad));
        CHECK_THROWS_AS(parse_count(bad), InputError);
    }
}

TEST_CASE("power has a basis: reported by default, estimate with its estimator") {
    auto power = parse_power("21.1");
    CHECK(power.megawatts == "21.1");
    CHECK(power.basis == "reported");
    CHECK(parse_power("21.10 MW").megawatts == "21.1");
    CHECK(parse_power("021.0").megawatts == "21");
    CHECK(parse_power("1,200.5").megawatts == "1200.5");
    power = parse_power("40 (estimate: Epoch AI)");
    CHECK(power.megawatts == "40");
    CHECK(power.basis == "estimate");
    CHECK(power.estimator == "Epoch AI");
    CHECK(parse_power("40 (estimate by SemiAnalysis)").estimator == "SemiAnalysis");
    CHECK(parse_power("0.5 (reported)").basis == "reported");
    power = parse_power("22.7 (measured: average over the HPL run)");
    CHECK(power.basis == "measured");
    CHECK(power.estimator == "average over the HPL run");
    const auto& field = require_field("power_mw");
    const FieldValue measured{"22.7", {"", "measured", "average over the HPL run", ""}};
    CHECK(display_value(field, measured) == "22.7 (measured: average over the HPL run)");
    CHECK(input_text(field, measured) == "22.7 (measured: average over the HPL run)");
    for (const char* bad :
         {"", "-3", "0", "0.0", "abc", "40 (estimate)", "40 (guess)", "40 (measured)", "40 (measured: )", "1e3", "12.", ".5x"}) {
        CAPTURE(std::string(bad));
        CHECK_THROWS_AS(parse_power(bad), InputError);
    }
}

TEST_CASE("partial dates are real calendar dates") {
    CHECK(parse_partial_date("2024") == "2024");
    CHECK(parse_partial_date("2024-02") == "2024-02");
    CHECK(parse_partial_date("2024-02-29") == "2024-02-29");
    for (const char* bad :
         {"2023-02-29", "2024-13", "2024-00", "2024-04-31", "24", "2024/02", "2024-2-1", "Sept 2023", "2024-02-29T00:00"}) {
        CAPTURE(std::string(bad));
        CHECK_THROWS_AS(parse_partial_date(bad), InputError);
    }
    CHECK(is_calendar_date(2000, 2, 29));
    CHECK_FALSE(is_calendar_date(1900, 2, 29));
}

TEST_CASE("status takes one canonical form whatever the case and separators") {
    const auto& status = require_field("status");
    CHECK(parse_field_value(status, "Operational").value == "operational");
    CHECK(parse_field_value(status, "partly-operational").value == "partly operational");
    CHECK(parse_field_value(status, "UNDER_CONSTRUCTION").value == "under construction");
    CHECK(parse_field_value(status, " announced ").value == "announced");
    CHECK_THROWS_WITH(parse_field_value(status, "live"),
                      doctest::Contains("operational, partly operational, under construction, announced"));
}

TEST_CASE("segment accepts the labels of the record page") {
    const auto& segment = require_field("segment");
    CHECK(parse_field_value(segment, "Big tech").value == "big-tech");
    CHECK(parse_field_value(segment, "government/lab").value == "government-lab");
    CHECK(parse_field_value(segment, "AI lab").value == "ai-lab");
    CHECK(display_value(segment, {"big-tech", {}}) == "Big tech");
    CHECK_THROWS_AS(parse_field_value(segment, "startup"), InputError);
}

TEST_CASE("country codes and names give the alpha-2 code, with a suggestion on a near miss") {
    const auto& country = require_field("country");
    CHECK(parse_field_value(country, "CH").value == "CH");
    CHECK(parse_field_value(country, "che").value == "CH");
    CHECK(parse_field_value(country, "Switzerland").value == "CH");
    CHECK(parse_field_value(country, "united states").value == "US");
    CHECK(parse_field_value(country, "South Korea").value == "KR");
    CHECK_THROWS_WITH(parse_field_value(country, "Swizerland"), doctest::Contains("did you mean Switzerland (CH)"));
    CHECK_THROWS_AS(parse_field_value(country, "Atlantis"), InputError);
    CHECK(display_value(country, {"CH", {}}) == "Switzerland (CH)");
}

TEST_CASE("partners are a list of organisation and role") {
    auto partners = parse_partners("HPE (system integrator); Oak Ridge National Laboratory (host)");
    REQUIRE(partners.size() == 2);
    CHECK(partners[0].organisation == "HPE");
    CHECK(partners[0].role == "system integrator");
    CHECK(partners[1].organisation == "Oak Ridge National Laboratory");
    CHECK(format_partners(partners) == "HPE (system integrator); Oak Ridge National Laboratory (host)");
    CHECK(parse_field_value(require_field("partners"), " HPE ( integrator ) ;").value == "HPE (integrator)");
    CHECK_THROWS_WITH(parse_partners("HPE"), doctest::Contains("needs a role"));
    CHECK_THROWS_AS(parse_partners(";"), InputError);
}

TEST_CASE("related clusters name an id and a relation") {
    auto related = parse_related("olcf-frontier (superseded-by); cscs-alps (Same Site)");
    REQUIRE(related.size() == 2);
    CHECK(related[1].relation == "same-site");
    CHECK(format_related(related) == "olcf-frontier (superseded-by); cscs-alps (same-site)");
    CHECK_THROWS_AS(parse_related("olcf-frontier (cousin)"), InputError);
    CHECK_THROWS_AS(parse_related("Not An Id (same-site)"), InputError);
}

TEST_CASE("cluster ids are slugs, with a suggestion") {
    CHECK(parse_cluster_id("bytedance-megascale-ampere") == "bytedance-megascale-ampere");
    CHECK_THROWS_WITH(parse_cluster_id("ByteDance MegaScale"), doctest::Contains("try 'bytedance-megascale'"));
    for (const char* bad : {"", "-a", "a-", "a--b", "a/b", "../x", "a_b"}) {
        CAPTURE(std::string(bad));
        CHECK_THROWS_AS(parse_cluster_id(bad), InputError);
    }
    CHECK_THROWS_AS(parse_cluster_id(std::string(101, 'a')), InputError);
}

TEST_CASE("text values are one valid line") {
    const auto& owner = require_field("owner");
    CHECK(parse_field_value(owner, "  ByteDance ").value == "ByteDance");
    CHECK_THROWS_WITH(parse_field_value(owner, "\xff"), doctest::Contains("invalid UTF-8 at byte 0"));
    CHECK_THROWS_AS(parse_field_value(owner, "a\nb"), InputError);
    CHECK_THROWS_AS(parse_field_value(owner, "   "), InputError);
    CHECK_THROWS_AS(parse_field_value(owner, std::string(5000, 'x')), InputError);
    CHECK(clean_quote("line one\nline two") == "line one\nline two");
    CHECK_THROWS_AS(clean_quote(std::string("a\0b", 3)), InputError);
}

TEST_CASE("counts display with separators and their derivation") {
    const auto& count = require_field("gpus_installed");
    const auto value = parse_field_value(count, "1536 x 8");
    CHECK(value.value == "12288");
    CHECK(value.qualifiers.derivation == "1536 x 8");
    CHECK(display_value(count, value) == "12,288 (= 1536 x 8)");
    const auto power = parse_field_value(require_field("power_mw"), "40 (estimate: Epoch AI)");
    CHECK(display_value(require_field("power_mw"), power) == "40 (estimate by Epoch AI)");
}

TEST_CASE("the field catalogue defines every field of the design once") {
    const char* expected[] = {"name",
                              "summary",
                              "owner",
                              "segment",
                              "gpu_maker",
                              "gpu_model",
                              "gpu_model_canonical",
                              "gpus_installed",
                              "gpu_count_notes",
                              "total_cores",
                              "city",
                              "region",
                              "country",
                              "power_mw",
                              "status",
                              "status_notes",
                              "interconnect",
                              "partners",
                              "first_operational",
                              "related"};
    REQUIRE(field_catalogue().size() == std::size(expected));
    for (std::size_t i = 0; i < std::size(expected); ++i) {
        CHECK(field_catalogue()[i].name == expected[i]);
        CHECK_FALSE(field_catalogue()[i].definition.empty());
    }
    CHECK(require_field("gpus_installed").required);
    CHECK_FALSE(require_field("city").required);
    CHECK_THROWS_WITH(require_field("gpu_modle"), doctest::Contains("did you mean 'gpu_model'"));
}

TEST_CASE("typed values: a number and its qualifiers, checked as add checks them") {
    const auto& count = model::require_field("gpus_installed");
    const auto& power = model::require_field("power_mw");
    CHECK(model::typed_field_value(count, "63744", {"10624 x 6", "", "", ""}) ==
          model::FieldValue{"63744", {"10624 x 6", "", "", ""}});
    CHECK(model::typed_field_value(count, "10000", {"", "", "", "at least"}).qualifiers.bound == "at least");
    CHECK_THROWS_WITH(model::typed_field_value(count, "63745", {"10624 x 6", "", "", ""}),
                      doctest::Contains("makes 63,744, not 63,745"));
    CHECK_THROWS_WITH(model::typed_field_value(count, "12,288", {}), doctest::Contains("is not a number"));
    CHECK_THROWS_WITH(model::typed_field_value(count, "10000", {"", "", "", "at most"}), doctest::Contains("bound 'at most'"));
    CHECK(model::typed_field_value(power, "0.3270", {"", "estimate", "Epoch AI", ""}) ==
          model::FieldValue{"0.327", {"", "estimate", "Epoch AI", ""}});
    CHECK(model::typed_field_value(power, "21.1", {}).qualifiers.basis == "reported");
    CHECK_THROWS_WITH(model::typed_field_value(power, "21.1", {"", "reported", "me", ""}),
                      doctest::Contains("needs basis estimate"));
    CHECK_THROWS_WITH(model::typed_field_value(power, "-1", {}), doctest::Contains("is not a number"));
    CHECK(model::qualifier_keys(model::FieldType::count).size() == 2);
    CHECK(model::qualifier_keys(model::FieldType::text).empty());
    // The same count without its derivation is the same value; another bound or basis is not.
    CHECK(model::same_value({"63744", {"10624 x 6", "", "", ""}}, {"63744", {}}));
    CHECK_FALSE(model::same_value({"63744", {"", "", "", "at least"}}, {"63744", {}}));
    CHECK_FALSE(model::same_value({"20", {"", "estimate", "Epoch AI", ""}}, {"20", {"", "reported", "", ""}}));
    // A power of more significant digits than a double means is refused at input, whichever digits
    // they are: a 16th digit is noise whether or not a double gives it back.
    CHECK(model::parse_power("49.9408000000001").megawatts == "49.9408000000001");
    CHECK(model::parse_power("1000000.00000001").megawatts == "1000000.00000001");
    CHECK_THROWS_WITH(model::parse_power("49.94080000000001"),
                      "'49.94080000000001' has 16 significant digits, more than the 15 a double "
                      "means: the rest is the noise of a binary fraction written out (round it; "
                      "a mapping column can say round = N or significant = N)");
    CHECK_THROWS_WITH(model::parse_power("0.9834400000000001 (reported)"),
                      doctest::Contains("'0.9834400000000001' has 16 significant"));
    CHECK_THROWS_WITH(model::parse_power("983.4400000000001"), doctest::Contains("has 16 significant digits"));
    CHECK_THROWS_WITH(model::parse_power("1.00000000000000001"), doctest::Contains("has 18 significant digits"));
}

TEST_CASE("partial dates order editions, and say when they cannot") {
    CHECK(order_partial_dates("2020-06-22", "2020-11-16") == -1);
    CHECK(order_partial_dates("2020-11", "2020-06-22") == 1);
    CHECK(order_partial_dates("2021", "2020-11-16") == 1);
    CHECK(order_partial_dates("2020-11-16", "2020-11-16") == 0);
    // One only narrows the other: which came first cannot be told.
    CHECK_FALSE(order_partial_dates("2020", "2020-06").has_value());
    CHECK_FALSE(order_partial_dates("2020-06-22", "2020-06").has_value());
    CHECK_FALSE(order_partial_dates("", "2020-06").has_value());
    CHECK_FALSE(order_partial_dates("2020-06", "").has_value());
}

TEST_CASE("a hexadecimal count is refused as such, not read as the derivation 0 x 10") {
    CHECK_THROWS_WITH_AS(parse_count("0x10"), "'0x10' is hexadecimal: write a count in decimal digits", InputError);
    CHECK_THROWS_WITH_AS(parse_count("0X1F"), doctest::Contains("hexadecimal"), InputError);
    // A derivation written tight is still one.
    CHECK(parse_count("4x8").value == 32);
}

TEST_CASE("a stored value is judged by the form gpuclusters writes: what every reader of a database asks") {
    // Found by the hostile corpus: a count of "12k" in cluster_values was exported as 12 (show
    // printed the history's 10,752), and one of 23 digits or of text threw std::stoll's error.
    const FieldSpec& count = *find_field("gpus_installed");
    const FieldSpec& power = *find_field("power_mw");
    auto problem = [](const FieldSpec& field, std::string value, Qualifiers qualifiers = {}) {
        return stored_value_problem(field, {std::move(value), std::move(qualifiers)}).value_or("");
    };
    // What the writers store passes, whatever the type.
    for (const auto& field : field_catalogue()) {
        for (const char* input : {"12288", "1536 x 8", "~10,000", "21.1", "40 (estimate: Epoch AI)", "2024-02", "CH", "Academic",
                                  "operational", "HPE (integrator); CSCS (host)", "cscs-alps (builds-upon)", "Alps"}) {
            try {
                const FieldValue stored = parse_field_value(field, input);
                CAPTURE(std::string(field.name));
                CAPTURE(stored.value);
                CHECK(problem(field, stored.value, stored.qualifiers) == "");
            } catch (const InputError&) {
                // Not a value of this field.
            }
        }
    }
    CHECK(problem(count, "12k") == "'12k' is not a count (digits alone, 1 to 1,000,000,000)");
    CHECK(problem(count, "12345678901234567890123").starts_with("'12345678901234567890123' is not a count"));
    CHECK(problem(count, "many").starts_with("'many' is not a count"));
    CHECK(problem(count, "012").starts_with("'012' is not a count"));
    CHECK(problem(count, "0").starts_with("'0' is not a count"));
    CHECK(problem(count, "1000000001").starts_with("'1000000001' is not a count"));
    CHECK(problem(count, "12\nforged").starts_with("'12\\u000aforged' is not a count"));
    CHECK(problem(count, "12288", {"1536 x 4", "", "", ""}) == "derivation '1536 x 4' does not make 12288");
    CHECK(problem(count, "12288", {"", "", "", "roughly"}) == "bound 'roughly' is not approximate or at least");
    // A derivation not in the written form is refused, whatever it adds up to.
    CHECK(problem(count, "12288", {"1536 * 8", "", "", ""}) == "derivation '1536 * 8' does not make 12288");
    CHECK(problem(count, "12288", {"1,536 x 8", "", "", ""}) == "derivation '1,536 x 8' does not make 12288");
    CHECK(problem(count, "12288", {"12288", "", "", ""}) == "derivation '12288' does not make 12288");
    CHECK(problem(count, "12288", {"1536 x 8 ", "", "", ""}) == "derivation '1536 x 8 ' does not make 12288");
    CHECK(problem(count, "12288", {"1536 x 0008", "", "", ""}) == "derivation '1536 x 0008' does not make 12288");
    CHECK(problem(count, "12288", {"1536 x 0 + 12288", "", "", ""}).starts_with("derivation '1536 x 0 + 12288': "));
    CHECK(problem(count, "12288", {"1536 x 4 + 1536 x 4", "", "", ""}) == "");
    CHECK(problem(power, "1e3") == "'1e3' is not a positive decimal as gpuclusters writes one");
    CHECK(problem(power, "21.10") == "'21.10' is not a positive decimal as gpuclusters writes one");
    CHECK(problem(power, "0") == "'0' is not a positive decimal as gpuclusters writes one");
    CHECK(problem(power, "21.1", {"", "guess", "", ""}) == "basis 'guess' is not reported, estimate or measured");
    CHECK(problem(*find_field("first_operational"), "2024-13") ==
          "'2024-13' is not a date (YYYY, YYYY-MM or YYYY-MM-DD) as gpuclusters writes one");
    CHECK(problem(*find_field("country"), "Switzerland") ==
          "'Switzerland' is not an ISO 3166-1 country code as gpuclusters writes one");
    CHECK(problem(*find_field("segment"), "secret") == "'secret' is not one of the field's choices as gpuclusters writes one");
    CHECK(problem(*find_field("related"), "Not An Id (x)") ==
          "'Not An Id (x)' is not a list of related clusters as gpuclusters writes one");
    // Free text is shown escaped, not judged.
    CHECK(problem(*find_field("name"), "Alps\nforged row") == "");
    // What check shows of such a value: as stored, never the number it begins with.
    CHECK(display_value(count, {"12k", {}}) == "12k");
    CHECK(display_value(count, {"10752", {"2688 x 4", "", "", ""}}) == "10,752 (= 2688 x 4)");
}

TEST_CASE("written_derivation_total reads what parse_exact_count writes, and nothing else") {
    for (const char* input :
         {"1536 x 8", "2 x 3 x 4", "1536 x 8 + 64 x 4", "3 + 4", "1 x 1", "1000000000 x 1", "31622 x 31622", "40000 x 25000"}) {
        CAPTURE(input);
        const Count count = parse_exact_count(input);
        REQUIRE(count.derivation == input);
        CHECK(written_derivation_total(input) == count.value);
    }
    for (const char* other : {"", "12288", "1536 X 8", "1536x8", "1536  x 8", "1536 x 8 +", "x 8", "1536 × 8", "0 x 8", "08 x 8",
                              "1,536 x 8", "1536 x 8\n", "50000 x 25000", "1000000000 + 1", "99999999999 x 1", "1536 x -8"}) {
        CAPTURE(other);
        CHECK_FALSE(written_derivation_total(other).has_value());
    }
}

TEST_CASE("a source URL or a cluster id read back is judged as gpuclusters would write it") {
    CHECK_FALSE(model::stored_url_problem("https://www.top500.org/lists/top500/2024/06/"));
    CHECK_FALSE(model::stored_url_problem("http://example.org"));
    for (const char* url : {"javascript:alert(1)", "file:///etc/passwd", "data:text/html,x", "https://", "https:///path",
                            "https://example.org/a b", "https://example.org/\"onmouseover", "https://example.org/\x1b[31m", ""}) {
        CAPTURE(url);
        CHECK(model::stored_url_problem(url));
    }
    model::SourceMeta meta{"press", "", "", "", "", "javascript:alert(1)", "", ""};
    CHECK(model::stored_source_problem(meta));
    CHECK_FALSE(model::stored_cluster_id_problem("cscs-alps"));
    CHECK(model::stored_cluster_id_problem("Bad Id!"));
    CHECK(model::stored_cluster_id_problem("../../pwn"));
}
