#include "gpuclusters/model/record.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <iterator>

#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::model {

std::string too_many_parts(std::string_view cluster_id) {
    return fmt::format(
        "record '{}' has more than {} parts (sources, claims, keys and citations together), the limit of one "
        "record (gpuclusters(5)); nothing of it is written",
        text::excerpt(cluster_id), text::group_thousands(static_cast<long long>(max_record_parts)));
}

std::optional<std::string> stored_url_problem(std::string_view url) {
    // Only http and https reach a terminal or a page as a link (javascript:, file:, data: never),
    // with a host, and nothing a terminal or a page would read as more than the URL.
    const auto rest = url.starts_with("https://")  ? url.substr(8)
                      : url.starts_with("http://") ? url.substr(7)
                                                   : std::string_view();
    const bool plain = std::none_of(url.begin(), url.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte <= 0x20 || byte == 0x7F || c == '"' || c == '<' || c == '>' || c == '\\';
    });
    if (!rest.empty() && rest.front() != '/' && plain) return std::nullopt;
    return fmt::format("URL '{}' is not an http(s) URL as gpuclusters writes one", text::one_line(text::excerpt(url, 60)));
}

std::optional<std::string> stored_cluster_id_problem(std::string_view id) {
    try {
        if (parse_cluster_id(id) == id) return std::nullopt;
    } catch (const InputError&) {
        // Said below.
    }
    return fmt::format("cluster id '{}' is not one gpuclusters writes", text::one_line(text::excerpt(id, 60)));
}

std::optional<std::string> stored_source_problem(const SourceMeta& meta) {
    if (std::find(std::begin(source_kinds), std::end(source_kinds), meta.kind) == std::end(source_kinds)) {
        return fmt::format("kind '{}' is not one gpuclusters knows", text::one_line(text::excerpt(meta.kind, 40)));
    }
    // The dates that rules and editions read as dates (the capture date is only shown).
    for (const auto& [name, date] :
         {std::pair<std::string_view, const std::string&>{"published", meta.published}, {"accessed", meta.accessed}}) {
        if (date.empty()) continue;
        try {
            if (parse_partial_date(date) == date) continue;
        } catch (const InputError&) {
            // Said below.
        }
        return fmt::format("{} '{}' is not a date (YYYY, YYYY-MM or YYYY-MM-DD)", name, text::one_line(text::excerpt(date, 40)));
    }
    for (const auto* link : {&meta.archive_url, &meta.edition_of}) {
        if (link->empty()) continue;
        if (auto problem = stored_url_problem(*link)) return problem;
    }
    return std::nullopt;
}

std::string_view to_string(ClaimState state) { return state == ClaimState::set ? "set" : "not_published"; }

namespace {
constexpr std::string_view rank_names[]{"preferred", "normal", "deprecated", "retired"};
static_assert(std::size(rank_names) == static_cast<std::size_t>(Rank::retired) + 1);
}  // namespace

std::string_view to_string(Rank rank) { return rank_names[static_cast<std::size_t>(rank)]; }

ClaimState claim_state_from(std::string_view text) { return text == "set" ? ClaimState::set : ClaimState::not_published; }

Rank rank_from(std::string_view text) {
    const auto* found = std::find(std::begin(rank_names), std::end(rank_names), text);
    return found == std::end(rank_names) ? Rank::retired : static_cast<Rank>(found - std::begin(rank_names));
}

const Claim* Record::preferred(std::string_view field) const {
    const auto found =
        std::ranges::find_if(claims, [&](const Claim& claim) { return claim.field == field && claim.rank == Rank::preferred; });
    return found == claims.end() ? nullptr : &*found;
}

const Claim* Record::value_of(std::string_view field) const {
    const Claim* claim = preferred(field);
    return claim && claim->state == ClaimState::set ? claim : nullptr;
}

std::vector<const Claim*> Record::others(std::string_view field, bool with_deprecated) const {
    std::vector<const Claim*> found;
    for (const Rank rank : {Rank::normal, Rank::deprecated}) {
        for (const auto& claim : claims) {
            if (claim.field == field && claim.rank == rank) found.push_back(&claim);
        }
        if (!with_deprecated) break;
    }
    return found;
}

std::string Record::competing_figures(std::string_view field) const {
    if (preferred(field)) return {};
    const std::size_t count = others(field, false).size();
    if (in_merge_conflict(field)) return fmt::format("merge conflict: {} competing figure{}", count, count == 1 ? "" : "s");
    return count < 2 ? std::string() : std::to_string(count) + " competing figures";
}

bool Record::in_merge_conflict(std::string_view field) const {
    if (preferred(field)) return false;
    const auto competing = others(field, false);
    return std::any_of(competing.begin(), competing.end(),
                       [](const Claim* claim) { return claim->rank_reason == merge_conflict_reason; });
}

std::string Record::shown(std::string_view field) const {
    const Claim* value = preferred(field);
    if (value) return display_claim(value);
    const std::string competing = competing_figures(field);
    return competing.empty() ? display_claim(nullptr) : competing;
}

std::vector<long long> Record::source_order(bool with_deprecated) const {
    std::vector<long long> order;
    auto note = [&](const Claim* claim) {
        for (const auto& citation : claim->citations) {
            if (std::find(order.begin(), order.end(), citation.source_id) == order.end()) {
                order.push_back(citation.source_id);
            }
        }
    };
    for (const auto& field : field_catalogue()) {
        if (const Claim* claim = preferred(field.name)) note(claim);
        for (const Claim* claim : others(field.name, with_deprecated)) note(claim);
    }
    return order;
}

std::string display_claim(const Claim* claim) {
    if (!claim) return "—";
    if (claim->state == ClaimState::not_published) return "Not published";
    const auto* spec = find_field(claim->field);
    return spec ? display_value(*spec, claim->value) : claim->value.value;
}

}  // namespace gpuclusters::model
