#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "ledger/read_ahead.hpp"

using gpuclusters::ledger::ReadAhead;

namespace {

using Reading = ReadAhead<int>;

// What the writer saw, one word per event.
std::vector<std::string> drained(Reading& reading) {
    std::vector<std::string> seen;
    reading.drain([&](Reading::Event& event) {
        if (const int* item = std::get_if<int>(&event)) {
            seen.push_back(std::to_string(*item));
        } else if (const auto* problem = std::get_if<Reading::Problem>(&event)) {
            seen.push_back("problem " + problem->text);
        } else {
            const auto& skipped = std::get<Reading::Skipped>(event);
            seen.push_back("skipped " + skipped.place + " " + skipped.reason);
        }
    });
    return seen;
}

}  // namespace

TEST_CASE("read ahead: the writer gets items, problems and skipped rows in the order they were read") {
    // A queue of 3 makes the reader wait for the writer many times over.
    Reading reading(
        [](Reading::Queue& queue) {
            for (int i = 0; i < 1000; ++i) {
                queue.item(i);
                if (i % 250 == 7) queue.problem("at " + std::to_string(i));
                if (i == 999) queue.skipped("f:1000", "empty");
            }
        },
        3);
    const auto seen = drained(reading);
    REQUIRE(seen.size() == 1000 + 4 + 1);
    CHECK(seen[0] == "0");
    CHECK(seen[7] == "7");
    CHECK(seen[8] == "problem at 7");
    CHECK(seen[9] == "8");
    CHECK(seen[259] == "problem at 257");
    CHECK(seen.back() == "skipped f:1000 empty");
    CHECK(seen[seen.size() - 2] == "999");
}

TEST_CASE("read ahead: what the reader throws reaches the writer after the events before it") {
    Reading reading([](Reading::Queue& queue) {
        queue.item(1);
        queue.item(2);
        throw std::runtime_error("broken document");
    });
    std::vector<int> items;
    CHECK_THROWS_WITH(reading.drain([&](Reading::Event& event) { items.push_back(std::get<int>(event)); }), "broken document");
    CHECK(items == std::vector<int>{1, 2});
}

TEST_CASE("read ahead: when the writer stops, the reader is stopped too and its thread ends") {
    std::atomic<int> produced = 0;
    {
        Reading reading(
            [&](Reading::Queue& queue) {
                for (int i = 0; i < 1'000'000; ++i) {
                    queue.item(i);
                    ++produced;
                }
            },
            4);
        CHECK_THROWS_AS(reading.drain([](Reading::Event& event) {
            if (std::get<int>(event) == 10) throw std::logic_error("disk full");
        }),
                        std::logic_error);
    }  // joins the reader, which must notice that nobody reads any more
    CHECK(produced < 1000);
}

namespace {

// Notes the thread that destroys it.
struct Probe {
    Probe(std::mutex& mutex, std::vector<std::thread::id>& freed_on) : mutex(mutex), freed_on(freed_on) {}
    Probe(const Probe&) = delete;
    Probe& operator=(const Probe&) = delete;
    std::mutex& mutex;
    std::vector<std::thread::id>& freed_on;
    ~Probe() {
        std::lock_guard lock(mutex);
        freed_on.push_back(std::this_thread::get_id());
    }
};

}  // namespace

TEST_CASE("read ahead: items given back are freed by the reading thread") {
    std::mutex mutex;
    std::vector<std::thread::id> freed_on;
    std::thread::id reader;
    {
        ReadAhead<std::unique_ptr<Probe>> reading(
            [&](ReadAhead<std::unique_ptr<Probe>>::Queue& queue) {
                reader = std::this_thread::get_id();
                for (int i = 0; i < 100; ++i) queue.item(std::make_unique<Probe>(mutex, freed_on));
            },
            2);
        reading.drain([&](ReadAhead<std::unique_ptr<Probe>>::Event& event) {
            std::vector<std::unique_ptr<Probe>> done;
            done.push_back(std::move(std::get<0>(event)));
            reading.give_back(std::move(done));
        });
    }  // what the reader had no push left to free goes with the queue
    REQUIRE(freed_on.size() == 100);
    const auto by_reader = std::count(freed_on.begin(), freed_on.end(), reader);
    CHECK(by_reader >= 90);
    CHECK(std::count(freed_on.begin(), freed_on.end(), std::this_thread::get_id()) == 100 - by_reader);
}
