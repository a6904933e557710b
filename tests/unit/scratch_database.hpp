#pragma once
// A fresh gpuclusters database in its own ScratchDir, for tests of the ledger on a real store.
#include <string>

#include "gpuclusters/store/store.hpp"
#include "scratch.hpp"

struct ScratchDatabase {
    ScratchDir dir;
    gpuclusters::store::Store store;
    ScratchDatabase() : store(create(dir)) {}
    /// The database file, to open a second connection on it.
    std::string path() const { return dir.file("ledger.db"); }

private:
    static gpuclusters::store::Store create(const ScratchDir& dir) {
        bool created = false;
        return gpuclusters::store::Store::create(dir.file("ledger.db"), created);
    }
};
