// The open-addressed table a huge record is indexed by: every entry inserted under a hash is
// found again under it, among others that share its probe run, however many there are.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "gpuclusters/model/flat_table.hpp"

namespace {

struct Pair {
    std::uint64_t hash = 0;
    long long id = 0;
    bool operator==(const Pair&) const = default;
};
struct PairHash {
    std::uint64_t operator()(const Pair& pair) const { return pair.hash; }
};

std::vector<long long> ids_at(const gpuclusters::model::FlatTable<Pair, PairHash>& table, std::uint64_t hash) {
    std::vector<long long> ids;
    table.each_at(hash, [&](const Pair& pair) {
        if (pair.hash == hash) ids.push_back(pair.id);
    });
    std::sort(ids.begin(), ids.end());
    return ids;
}

}  // namespace

TEST_CASE("a flat table finds every entry of a hash, through its growth and with hashes shared") {
    gpuclusters::model::FlatTable<Pair, PairHash> table;
    CHECK(ids_at(table, 7).empty());
    // 100,000 entries: hashes 0..49,999 twice each (ids i and i + 100,000), and hash 42 a third time.
    for (long long i = 1; i <= 100000; ++i) table.insert({static_cast<std::uint64_t>(i % 50000), i});
    table.insert({42, 300000});
    CHECK(table.size() == 100001);
    CHECK(ids_at(table, 42) == std::vector<long long>{42, 50042, 300000});
    CHECK(ids_at(table, 0) == std::vector<long long>{50000, 100000});
    for (std::uint64_t hash = 1; hash < 50000; hash += 997) {
        const auto ids = ids_at(table, hash);
        REQUIRE(ids.size() == (hash == 42 ? 3u : 2u));
        CHECK(ids[0] == static_cast<long long>(hash));
    }
    CHECK(ids_at(table, 50000).empty());  // never inserted
    table.clear();
    CHECK(table.size() == 0);
    CHECK(ids_at(table, 42).empty());
}
