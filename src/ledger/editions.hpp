#pragma once
// Editions of a list (gpuclusters(5), "Editions of a list"): sources that name the same list in
// edition_of are its editions, ordered by their published dates. A value from an older edition
// never replaces one from a newer edition; a key of one edition names the record in all of them.
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

class Editions {
public:
    explicit Editions(const store::Store& store) : store_(store) {}

    enum class Order {
        unrelated,  ///< the value does not come from an edition of a list behind the current one
        same,       ///< from the edition (or editions) behind the current value
        newer,      ///< from a newer edition than every one behind the current value
        older,      ///< from an older edition than one behind the current value
    };
    struct Standing {
        Order order = Order::unrelated;
        std::string list;         ///< the list both editions are of
        std::string incoming;     ///< the incoming edition's published date
        std::string newest_held;  ///< the newest edition's behind the current value
    };

    /// How a value cited from `incoming_sources` stands against the current value, whose
    /// citations are `held` (each edition as it stood when cited). Throws InputError, naming
    /// `where`, when the editions cannot be ordered: a date missing, or one only narrowing the
    /// other ("2025" and "2025-06").
    Standing standing(std::span<const long long> incoming_sources, const std::vector<model::Citation>& held,
                      const std::string& where);

    /// The sources that are editions of `list`, for keys: a key of one edition names the record
    /// in every edition.
    const std::vector<long long>& sources_of(const std::string& list);

    /// A source was written (made or revised) in this change: what was read of it is stale.
    void forget(long long source_id, const std::string& list);

private:
    const model::SourceMeta& meta_now(long long source_id);
    const model::SourceMeta& meta_as_cited(const model::Citation& citation);

    const store::Store& store_;
    std::map<long long, model::SourceMeta> now_;
    std::map<std::pair<long long, long long>, model::SourceMeta> as_cited_;  ///< (source, changeset)
    std::map<std::string, std::vector<long long>> lists_;
};

}  // namespace gpuclusters::ledger
