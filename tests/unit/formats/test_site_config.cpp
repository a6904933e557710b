#include <doctest/doctest.h>
#include <fstream>

#include "formats/site_config.hpp"
#include "gpuclusters/model/error.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

std::string config_file(const ScratchDir& dir, const std::string& text) {
    const std::string path = dir.file("site.toml");
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST_CASE("a site's configuration reads every key it documents") {
    ScratchDir dir;
    const auto config = formats::read_site_config(config_file(dir, R"(title = "Clusters"
base_url = "https://example.org/"
licence = "CC-BY-4.0"
contact = "hello@example.org"
capacity_link = "https://example.org/capacity"
compare = [["a-one", "b-two"], ["c", "d", "e"]]
)"));
    CHECK(config.title == "Clusters");
    CHECK(config.base_url == "https://example.org/");
    CHECK(config.contact == "hello@example.org");
    CHECK_FALSE(config.description.has_value());
    REQUIRE(config.comparisons.size() == 2);
    CHECK(config.comparisons[1] == std::vector<std::string>{"c", "d", "e"});
}

TEST_CASE("a key it does not know, a wrong type or a comparison of one cluster is refused with its place") {
    ScratchDir dir;
    CHECK_THROWS_WITH_AS(formats::read_site_config(config_file(dir, "title = \"x\"\ncolor = \"red\"\n")),
                         doctest::Contains("site.toml:2:9: unknown key 'color'"), InputError);
    CHECK_THROWS_WITH_AS(formats::read_site_config(config_file(dir, "title = 3\n")),
                         doctest::Contains("site.toml:1:9: title is a string"), InputError);
    CHECK_THROWS_WITH_AS(formats::read_site_config(config_file(dir, "compare = [[\"a\"]]\n")),
                         doctest::Contains("two or more cluster ids"), InputError);
    CHECK_THROWS_WITH_AS(formats::read_site_config(config_file(dir, "compare = [[\"a\", 2]]\n")),
                         doctest::Contains("a cluster id is a string"), InputError);
    CHECK_THROWS_AS(formats::read_site_config(config_file(dir, "title = \"unclosed\n")), InputError);
    const std::string long_id(100, 'a');
    CHECK_THROWS_WITH_AS(formats::read_site_config(
                             config_file(dir, "compare = [[\"" + long_id + "\", \"" + long_id + "b\", \"" + long_id + "c\"]]\n")),
                         doctest::Contains("too long a page name"), InputError);
    CHECK_THROWS_AS(formats::read_site_config(dir.file("absent.toml")), InputError);
}
