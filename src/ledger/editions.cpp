#include "ledger/editions.hpp"

#include <fmt/format.h>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::ledger {

const model::SourceMeta& Editions::meta_now(long long source_id) {
    auto found = now_.find(source_id);
    if (found == now_.end()) {
        const auto source = store_.source_by_id(source_id);
        found = now_.emplace(source_id, source ? source->meta : model::SourceMeta{}).first;
    }
    return found->second;
}

// A list file replaced in place (one url, its published date revised by each edition) is told
// apart by the source's metadata as of the citation's changeset.
const model::SourceMeta& Editions::meta_as_cited(const model::Citation& citation) {
    const std::pair key{citation.source_id, citation.changeset_id};
    auto found = as_cited_.find(key);
    if (found == as_cited_.end()) {
        found =
            as_cited_
                .emplace(key, store_.source_meta_as_of(citation.source_id, citation.changeset_id).value_or(model::SourceMeta{}))
                .first;
    }
    return found->second;
}

namespace {

std::string dated(const std::string& published) { return published.empty() ? "has no published date" : "is of " + published; }

}  // namespace

Editions::Standing Editions::standing(std::span<const long long> incoming_sources, const std::vector<model::Citation>& held,
                                      const std::string& where) {
    for (const long long source_id : incoming_sources) {
        const model::SourceMeta incoming = meta_now(source_id);
        if (incoming.edition_of.empty()) continue;
        Standing standing{Order::same, incoming.edition_of, incoming.published, ""};
        bool newer_than_all = true;
        bool behind = false;
        for (const auto& citation : held) {
            const model::SourceMeta& then = meta_as_cited(citation);
            if (then.edition_of != incoming.edition_of) continue;
            behind = true;
            const auto order = model::order_partial_dates(incoming.published, then.published);
            if (!order) {
                throw InputError(fmt::format(
                    "{}: the editions of {} cannot be ordered: this one (source {}) {}, the one behind the current value "
                    "(source {}) {}; give each edition its published date, to the day where two fall in one month or year",
                    where, incoming.edition_of, source_id, dated(incoming.published), citation.source_id, dated(then.published)));
            }
            if (standing.newest_held.empty() ||
                model::order_partial_dates(then.published, standing.newest_held).value_or(0) > 0) {
                standing.newest_held = then.published;
            }
            if (*order < 0) standing.order = Order::older;
            if (*order <= 0) newer_than_all = false;
        }
        if (!behind) continue;
        if (standing.order != Order::older && newer_than_all) standing.order = Order::newer;
        return standing;
    }
    return {};
}

const std::vector<long long>& Editions::sources_of(const std::string& list) {
    auto found = lists_.find(list);
    if (found == lists_.end()) found = lists_.emplace(list, store_.sources_of_list(list)).first;
    return found->second;
}

void Editions::forget(long long source_id, const std::string& list) {
    now_.erase(source_id);
    as_cited_.erase(as_cited_.lower_bound({source_id, 0}), as_cited_.lower_bound({source_id + 1, 0}));
    if (!list.empty()) lists_.erase(list);
}

}  // namespace gpuclusters::ledger
