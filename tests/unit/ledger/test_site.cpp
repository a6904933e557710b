#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/site.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/store/store.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

model::ChangeRequest clusters_request(int count) {
    model::ChangeRequest request;
    request.sources.push_back({.reference = "https://example.org/list", .kind = std::string("list"), .origin = "--source"});
    for (int n = 0; n < count; ++n) {
        const std::string id = "c" + std::to_string(1000 + n);
        request.records.push_back(
            {.cluster_id = id,
             .origin = id,
             .fields = {
                 {.field = "owner", .raw_value = "Acme", .citations = {{0, "", "Acme", "--quote"}}, .origin = "--set owner"}}});
    }
    request.changeset = {0, "2026-11-01T09:00:00Z", "tester", "test", "gpuclusters add"};
    request.today = "2026-11-01";
    return request;
}

// Pages of a record's id alone, failing at the record named, and keeping each id in a list.
class Pages : public ledger::SitePages {
public:
    explicit Pages(std::string failing = "") : failing_(std::move(failing)) {}
    std::vector<ledger::SiteFile> record(const ledger::SiteRecord& page, std::vector<ledger::SiteKept>& kept) override {
        if (page.record.id == failing_) throw OutputError("a page that cannot be written");
        kept.push_back({page.record.id, {{"ids", "", 0}}});
        return {{"clusters/" + page.record.id + ".html", page.record.id}};
    }
    void finish(const ledger::SiteDataset& dataset, const ledger::SiteLists& lists, ledger::SiteOutput& output) override {
        std::string ids;
        lists.each("ids", false, std::nullopt, [&](const std::string&, long long, const std::string& id) { ids += id + "\n"; });
        output.write({"ids.txt", ids});
        output.write({"count.txt", std::to_string(dataset.clusters)});
    }

private:
    std::string failing_;
};

// A store of `count` clusters, c1000 onwards, in `dir`.
store::Store store_of_clusters(const ScratchDir& dir, int count) {
    bool created = false;
    auto store = store::Store::create(dir.file("a.db"), created);
    ledger::apply_changes(store, clusters_request(count));
    return store;
}

std::string read(const std::filesystem::path& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("a site's pages get every record in id order, and what they keep comes back in that order") {
    ScratchDir dir;
    auto store = store_of_clusters(dir, 300);
    Pages pages;
    const auto summary = ledger::publish_site(store, {dir.file("site"), std::nullopt, {}}, pages);
    CHECK(summary.records == 300);
    std::string expected;
    for (int n = 0; n < 300; ++n) expected += "c" + std::to_string(1000 + n) + "\n";
    CHECK(read(dir.path / "site" / "ids.txt") == expected);
    CHECK(read(dir.path / "site" / "count.txt") == "300");
    CHECK(read(dir.path / "site" / "clusters" / "c1299.html") == "c1299");
    CHECK(std::filesystem::exists(dir.path / "site" / "clusters" / "c1299.json"));
}

TEST_CASE("a page that fails mid-build stops the reading thread and leaves the old site whole") {
    ScratchDir dir;
    auto store = store_of_clusters(dir, 300);
    Pages good;
    ledger::publish_site(store, {dir.file("site"), std::nullopt, {}}, good);
    const std::string before = read(dir.path / "site" / "ids.txt");
    Pages failing("c1150");
    CHECK_THROWS_WITH_AS(ledger::publish_site(store, {dir.file("site"), std::nullopt, {}}, failing),
                         "a page that cannot be written", OutputError);
    CHECK(read(dir.path / "site" / "ids.txt") == before);
    std::size_t left = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path)) left += entry.path().extension() == ".partial";
    CHECK(left == 0);
    // The store is whole too: the next build goes through.
    CHECK(ledger::publish_site(store, {dir.file("site"), std::nullopt, {}}, good).records == 300);
}
