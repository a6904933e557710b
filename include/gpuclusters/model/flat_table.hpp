#pragma once
// An open-addressed hash table of small entries, with no allocation per entry and at most half
// full: what a record of a million parts is indexed by in a few bytes a part (a std::unordered_
// container takes some fifty). Entries are values of a trivially copyable type whose
// value-initialised state (Entry{}) marks an empty slot and is never inserted.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace gpuclusters::model {

/// `EntryHash` gives an entry's 64-bit hash, as given to each_at() to find it again.
template <typename Entry, typename EntryHash>
class FlatTable {
public:
    explicit FlatTable(EntryHash hash = {}) : hash_(hash) {}

    void insert(const Entry& entry) {
        if ((size_ + 1) * 2 > slots_.size()) grow();
        place(slots_, entry);
        ++size_;
    }
    /// Visits the entries that share a probe run with `hash`: every entry inserted with that hash,
    /// and maybe others, which the caller tells apart by their key.
    template <typename Visit>
    void each_at(std::uint64_t hash, Visit visit) const {
        if (slots_.empty()) return;
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t slot = mix(hash) & mask; !(slots_[slot] == Entry{}); slot = (slot + 1) & mask) visit(slots_[slot]);
    }
    std::size_t size() const { return size_; }
    void clear() {
        slots_.clear();
        size_ = 0;
    }

private:
    // Hashes of ids and std::hash of integers are the integers: mixed, nearby ids spread out.
    static std::size_t mix(std::uint64_t hash) {
        hash ^= hash >> 33;
        hash *= 0xff51afd7ed558ccdULL;
        hash ^= hash >> 33;
        return static_cast<std::size_t>(hash);
    }
    void place(std::vector<Entry>& slots, const Entry& entry) const {
        const std::size_t mask = slots.size() - 1;
        std::size_t slot = mix(hash_(entry)) & mask;
        while (!(slots[slot] == Entry{})) slot = (slot + 1) & mask;
        slots[slot] = entry;
    }
    void grow() {
        std::vector<Entry> slots(slots_.empty() ? 64 : slots_.size() * 2, Entry{});
        for (const Entry& entry : slots_) {
            if (!(entry == Entry{})) place(slots, entry);
        }
        slots_ = std::move(slots);
    }

    std::vector<Entry> slots_;
    std::size_t size_ = 0;
    EntryHash hash_;
};

}  // namespace gpuclusters::model
