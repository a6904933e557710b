// A baseline of verify's findings: written whole, read back, each line answering for one finding;
// a file that is not a baseline refused with its line.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "formats/baseline.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

rules::Finding finding(std::string cluster, std::string rule, std::string field, std::string quote) {
    rules::Finding found;
    found.cluster_id = std::move(cluster);
    found.rule = std::move(rule);
    found.field = std::move(field);
    found.message = "a message\twith a tab";
    found.evidence.value = "12,288";
    found.evidence.url = "https://example.org/a";
    found.evidence.quote = std::move(quote);
    return found;
}

std::string file_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("a baseline holds each finding once; a finding alike in every way beyond it is new") {
    ScratchDir dir;
    const auto a = finding("acme-one", "count-bound", "gpus_installed", "about 12,288 GPUs");
    const auto b = finding("acme-one", "uncited-value", "city", "");
    formats::BaselineWriter writer(dir.file("seen.tsv"));
    writer.add({b, a});
    writer.commit();
    CHECK(writer.findings() == 2);
    const std::string text = file_text(dir.file("seen.tsv"));
    // A header, then a line a finding in rule order, the message's tab escaped to keep its column.
    CHECK(text.starts_with("# gpuclusters verify baseline"));
    CHECK(text.find("\tcount-bound\tacme-one\tgpus_installed\ta message\\u0009with a tab\n") != std::string::npos);
    CHECK(text.find("count-bound") < text.find("uncited-value"));

    auto baseline = formats::Baseline::read(dir.file("seen.tsv"));
    CHECK(baseline.size() == 2);
    CHECK(baseline.take(a));
    CHECK_FALSE(baseline.take(a));  // the one line answered already
    CHECK(baseline.take(b));
    // Another quote, another cluster or another rule is another finding.
    auto other = formats::Baseline::read(dir.file("seen.tsv"));
    CHECK_FALSE(other.take(finding("acme-one", "count-bound", "gpus_installed", "about 13,000 GPUs")));
    CHECK_FALSE(other.take(finding("acme-two", "count-bound", "gpus_installed", "about 12,288 GPUs")));
    // The claim and the severity are not what decided it.
    auto moved = a;
    moved.claim_id = 99;
    moved.severity = rules::Severity::error;
    CHECK(other.take(moved));
}

TEST_CASE("the fingerprint is the same on every machine and in every release") {
    // A baseline in a repository outlives the binary that wrote it: this number must not change.
    CHECK(rules::fingerprint(finding("acme-one", "count-bound", "gpus_installed", "about 12,288 GPUs")) ==
          rules::fingerprint(finding("acme-one", "count-bound", "gpus_installed", "about 12,288 GPUs")));
    CHECK(text::fingerprint({"ab", "c"}) != text::fingerprint({"a", "bc"}));
    CHECK(text::fingerprint({}) == 14695981039346656037ULL);
    CHECK(text::fingerprint({"a"}) == 0x089be907b544fdc9ULL);
}

TEST_CASE("a file that is not a baseline is refused with its line; nothing else is read") {
    ScratchDir dir;
    const auto refused = [&](const std::string& content) {
        std::ofstream(dir.file("bad.tsv")) << content;
        try {
            (void)formats::Baseline::read(dir.file("bad.tsv"));
        } catch (const InputError& error) {
            return std::string(error.what());
        }
        return std::string("read");
    };
    CHECK(refused("# comment\n\nnot-hex\tr\tc\tf\tm\n") == dir.file("bad.tsv") +
                                                               ":3: expected a fingerprint of 16 hex digits, then rule, "
                                                               "cluster, field and message, tab-separated "
                                                               "(`gpuclusters verify --write-baseline` writes one)");
    CHECK(refused("0123456789abcdef\tonly three\tcolumns\n").find(":1: expected") != std::string::npos);
    CHECK(refused("0123456789abcdeg\tr\tc\tf\tm\n").find(":1: expected") != std::string::npos);
    CHECK(refused("0123456789abcdef\tr\tc\tf\tm\n") == "read");
    CHECK_THROWS_AS((void)formats::Baseline::read(dir.file("missing.tsv")), InputError);
    std::filesystem::create_directory(dir.file("folder"));
    CHECK_THROWS_WITH_AS((void)formats::Baseline::read(dir.file("folder")), doctest::Contains("is a folder"), InputError);
}
