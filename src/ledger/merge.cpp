// Three versions of a record merged (merge.hpp): each version seen by source URL and claim key,
// then every part merged by one rule, a part being present (with its rank or metadata) or not.
#include "gpuclusters/ledger/merge.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "formats/atomic_file.hpp"
#include "formats/input_file.hpp"
#include "formats/interchange.hpp"
#include "formats/record_toml.hpp"
#include "formats/text_merge.hpp"
#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/fields.hpp"

namespace gpuclusters::ledger {
namespace {

// A citation as three versions can agree on it: its source's URL, locator and quote.
using CitationKey = std::tuple<std::string, std::string, std::string>;
// A claim as three versions can agree on it: its field, state, value and qualifiers.
using ClaimKey = std::tuple<std::string, model::ClaimState, std::string, std::string, std::string, std::string, std::string>;

ClaimKey key_of(const model::Claim& claim) {
    const auto& qualifiers = claim.value.qualifiers;
    return {claim.field,      claim.state,          claim.value.value, qualifiers.derivation,
            qualifiers.basis, qualifiers.estimator, qualifiers.bound};
}

// Where a field stands in the catalogue: the order of a record's fields.
std::size_t field_position(std::string_view field) {
    const auto catalogue = model::field_catalogue();
    const auto found = std::find_if(catalogue.begin(), catalogue.end(), [&](const auto& spec) { return spec.name == field; });
    return static_cast<std::size_t>(found - catalogue.begin());
}

struct ClaimSeen {
    model::Rank rank = model::Rank::normal;
    std::string rank_reason;
    std::vector<CitationKey> citations;  // in the version's order
    std::set<CitationKey> cited;         // the same, to look up: a claim may have thousands
};

// One version of the record, by URL and claim key.
struct Version {
    explicit Version(const model::Record& record) {
        const auto url_of = [&](long long source_id) {
            const auto found = record.sources.find(source_id);
            return found == record.sources.end() ? std::string() : found->second.url;
        };
        for (const auto& [id, source] : record.sources) sources.emplace(source.url, source.meta);
        for (const auto& claim : record.claims) {
            const ClaimKey key = key_of(claim);
            ClaimSeen seen{claim.rank, claim.rank_reason, {}, {}};
            for (const auto& citation : claim.citations) {
                seen.citations.emplace_back(url_of(citation.source_id), citation.locator, citation.quote);
                seen.cited.insert(seen.citations.back());
            }
            if (!claims.emplace(key, std::move(seen)).second) continue;
            order.push_back(key);
            if (claim.rank == model::Rank::preferred) preferred.emplace(claim.field, key);
        }
        for (const auto& key : record.keys) keys.emplace(url_of(key.source_id), key.key);
        cleared.insert(record.cleared.begin(), record.cleared.end());
        for (const auto& finding : record.accepted) accepted.emplace(finding.rule, finding.reason);
    }

    std::optional<model::Rank> rank(const ClaimKey& key) const {
        const auto found = claims.find(key);
        return found == claims.end() ? std::nullopt : std::optional(found->second.rank);
    }
    std::optional<std::string> rank_reason(const ClaimKey& key) const {
        const auto found = claims.find(key);
        return found == claims.end() ? std::nullopt : std::optional(found->second.rank_reason);
    }
    std::optional<ClaimKey> preferred_of(const std::string& field) const {
        const auto found = preferred.find(field);
        return found == preferred.end() ? std::nullopt : std::optional(found->second);
    }
    bool cites(const ClaimKey& key, const CitationKey& citation) const {
        const auto found = claims.find(key);
        if (found == claims.end()) return false;
        return found->second.cited.contains(citation);
    }

    std::map<std::string, model::SourceMeta> sources;  // by URL
    std::map<ClaimKey, ClaimSeen> claims;
    std::vector<ClaimKey> order;                         // the version's own order of its claims
    std::map<std::string, ClaimKey> preferred;           // by field
    std::set<std::pair<std::string, std::string>> keys;  // source URL, key
    std::set<std::string> cleared;                       // fields made unknown
    std::map<std::string, std::string> accepted;         // rule -> reason

    std::optional<std::string> accepted_reason(const std::string& rule) const {
        const auto found = accepted.find(rule);
        return found == accepted.end() ? std::nullopt : std::optional(found->second);
    }
};

// What a part becomes: what one side changed from the base, or what both changed alike; when both
// changed it differently, `conflict` is set and ours is returned.
template <typename Part>
std::optional<Part> three_way(const std::optional<Part>& base, const std::optional<Part>& ours, const std::optional<Part>& theirs,
                              bool& conflict) {
    if (ours == base) return theirs;
    if (theirs == base || theirs == ours) return ours;
    conflict = true;
    return ours;
}

// Whether a member of a set stays: one the base had stays unless a side removed it; a new one
// stays if a side added it.
bool kept(bool in_base, bool in_ours, bool in_theirs) { return in_base ? in_ours && in_theirs : in_ours || in_theirs; }

class Merger {
public:
    Merger(const model::Record& base, const model::Record& ours, const model::Record& theirs)
        : base_(base), ours_(ours), theirs_(theirs) {}

    RecordMerge merge(const std::string& id) {
        result_.record.id = id;
        find_preferred_conflicts();
        for (const auto& key : claim_keys()) merge_claim(key);
        demote_conflicts();
        keep_clearings();
        merge_acceptances();
        for (const auto& key : ours_.keys) take_key(key);
        for (const auto& key : theirs_.keys) take_key(key);
        number_sources();
        return std::move(result_);
    }

private:
    // Ours in its order, then what theirs adds in its order: a claim the base alone has was
    // removed by both sides.
    std::vector<ClaimKey> claim_keys() const {
        std::vector<ClaimKey> keys = ours_.order;
        for (const auto& key : theirs_.order) {
            if (!ours_.claims.contains(key)) keys.push_back(key);
        }
        return keys;
    }

    // A field whose preferred value both sides changed, to different values (or one cleared it).
    void find_preferred_conflicts() {
        std::set<std::string> fields;
        for (const auto* version : {&base_, &ours_, &theirs_}) {
            for (const auto& [field, key] : version->preferred) fields.insert(field);
        }
        for (const auto& field : fields) {
            bool conflict = false;
            three_way(base_.preferred_of(field), ours_.preferred_of(field), theirs_.preferred_of(field), conflict);
            if (conflict) conflicted_.insert(field);
        }
    }

    void merge_claim(const ClaimKey& key) {
        const std::string& field = std::get<0>(key);
        bool conflict = false;
        auto rank = three_way(base_.rank(key), ours_.rank(key), theirs_.rank(key), conflict);
        // Two new ranks of a figure beside the value (deprecated on one side, withdrawn on the
        // other) leave the field's value alone: ours is kept, with its citations, and said.
        const bool about_the_value = ours_.rank(key) == model::Rank::preferred || theirs_.rank(key) == model::Rank::preferred;
        if (conflict && about_the_value) conflicted_.insert(field);
        const Version* kept_by = nullptr;
        if (conflict && !about_the_value) {
            kept_by = &ours_;
            result_.notes.push_back(fmt::format("{}: {}: both sides changed its rank differently; ours ({}) is kept", field,
                                                std::get<2>(key), rank ? model::to_string(*rank) : "withdrawn"));
        }
        // A value one side replaced while the other gave it new evidence keeps that evidence, as
        // a competing figure, rather than losing it with the value.
        if (!rank && base_.rank(key) && (new_citations(ours_, key) || new_citations(theirs_, key))) {
            kept_by = new_citations(ours_, key) ? &ours_ : &theirs_;
            rank = model::Rank::normal;
            result_.notes.push_back(
                fmt::format("{}: {} was replaced on one side and newly cited on the other; it is kept as "
                            "a competing figure",
                            field, std::get<2>(key)));
        }
        if (!rank) return;
        model::Claim claim;
        claim.id = static_cast<long long>(result_.record.claims.size()) + 1;
        claim.field = field;
        claim.state = std::get<1>(key);
        claim.value = {std::get<2>(key), {std::get<3>(key), std::get<4>(key), std::get<5>(key), std::get<6>(key)}};
        claim.rank = *rank;
        // The reason follows the side that changed it; two new reasons are not a conflict of values.
        bool reasons_differ = false;
        claim.rank_reason =
            three_way(base_.rank_reason(key), ours_.rank_reason(key), theirs_.rank_reason(key), reasons_differ).value_or("");
        std::vector<CitationKey> citations;
        std::set<CitationKey> listed;
        for (const auto* side : {&ours_, &theirs_}) {
            const auto found = side->claims.find(key);
            if (found == side->claims.end()) continue;
            for (const auto& citation : found->second.citations) {
                // A value kept by one side alone has that side's citations.
                const bool stays =
                    kept_by ? kept_by->cites(key, citation)
                            : kept(base_.cites(key, citation), ours_.cites(key, citation), theirs_.cites(key, citation));
                if (stays && listed.insert(citation).second) citations.push_back(citation);
            }
        }
        for (const auto& [url, locator, quote] : citations) {
            claim.citations.push_back({static_cast<long long>(claim.citations.size()) + 1, source_id(url), locator, quote, 0});
        }
        result_.record.claims.push_back(std::move(claim));
    }

    // A field a side made unknown stays so unless the merge left it a claim (the other side set
    // it again); the record file then says so, and the clearing travels on.
    void keep_clearings() {
        for (const auto& spec : model::field_catalogue()) {
            const std::string field(spec.name);
            if (!ours_.cleared.contains(field) && !theirs_.cleared.contains(field)) continue;
            const bool held = std::ranges::any_of(result_.record.claims, [&](const auto& claim) { return claim.field == field; });
            if (!held) result_.record.cleared.push_back(field);
        }
    }

    // An acceptance is a rule's reason: added, withdrawn or given a new reason on one side is
    // taken; a new reason on both sides keeps ours, and says so.
    void merge_acceptances() {
        std::set<std::string> rules;
        for (const auto* version : {&base_, &ours_, &theirs_}) {
            for (const auto& [rule, reason] : version->accepted) rules.insert(rule);
        }
        for (const auto& rule : rules) {
            bool differ = false;
            const auto reason =
                three_way(base_.accepted_reason(rule), ours_.accepted_reason(rule), theirs_.accepted_reason(rule), differ);
            if (differ) {
                result_.notes.push_back(
                    fmt::format("the acceptance of {}: both sides changed it differently; ours is kept", rule));
            }
            if (reason) result_.record.accepted.push_back({rule, *reason});
        }
    }

    bool preferred_on_a_side(const ClaimKey& key) const {
        return std::ranges::any_of(std::array{&base_, &ours_, &theirs_},
                                   [&](const Version* side) { return side->rank(key) == model::Rank::preferred; });
    }

    bool new_citations(const Version& side, const ClaimKey& key) const {
        const auto found = side.claims.find(key);
        if (found == side.claims.end()) return false;
        return std::any_of(found->second.citations.begin(), found->second.citations.end(),
                           [&](const CitationKey& citation) { return !base_.cites(key, citation); });
    }

    // A conflicted field has no preferred value: the values a side preferred compete, marked as a
    // merge conflict, until an editor ranks one. So has a field left with two preferred values,
    // which only a conflict can make.
    void demote_conflicts() {
        std::map<std::string, int> preferred;
        for (const auto& claim : result_.record.claims) {
            if (claim.rank == model::Rank::preferred) ++preferred[claim.field];
        }
        for (const auto& [field, count] : preferred) {
            if (count > 1) conflicted_.insert(field);
        }
        for (auto& claim : result_.record.claims) {
            if (!conflicted_.contains(claim.field) || claim.rank == model::Rank::deprecated) continue;
            if (!preferred_on_a_side(key_of(claim))) continue;
            claim.rank = model::Rank::normal;
            claim.rank_reason = model::merge_conflict_reason;
        }
        for (const auto& spec : model::field_catalogue()) {
            if (conflicted_.contains(std::string(spec.name)) && !spec.derived) result_.conflicts.emplace_back(spec.name);
        }
        // The catalogue's order, whatever order the sides gave their claims in.
        std::stable_sort(result_.record.claims.begin(), result_.record.claims.end(),
                         [](const auto& a, const auto& b) { return field_position(a.field) < field_position(b.field); });
    }

    void take_key(const std::pair<std::string, std::string>& key) {
        if (!kept(base_.keys.contains(key), ours_.keys.contains(key), theirs_.keys.contains(key))) return;
        const long long id = source_id(key.first);
        const bool listed =
            std::any_of(result_.record.keys.begin(), result_.record.keys.end(),
                        [&](const model::RecordKey& known) { return known.source_id == id && known.key == key.second; });
        if (!listed) result_.record.keys.push_back({id, key.second, 0});
    }

    // A provisional id per URL, numbered again in URL order once every source is known.
    long long source_id(const std::string& url) {
        return urls_.emplace(url, static_cast<long long>(urls_.size()) + 1).first->second;
    }

    void number_sources() {
        std::map<long long, long long> renumbered;
        long long next = 1;
        for (const auto& [url, provisional] : urls_) {
            renumbered[provisional] = next;
            result_.record.sources.emplace(next, model::Source{next, url, merged_meta(url), 0});
            ++next;
        }
        for (auto& claim : result_.record.claims) {
            for (auto& citation : claim.citations) citation.source_id = renumbered.at(citation.source_id);
        }
        for (auto& key : result_.record.keys) key.source_id = renumbered.at(key.source_id);
        std::sort(result_.record.keys.begin(), result_.record.keys.end(),
                  [](const auto& a, const auto& b) { return std::tie(a.source_id, a.key) < std::tie(b.source_id, b.key); });
    }

    // A source's metadata, member by member; where both sides changed one differently, ours is
    // kept (but the later accessed date, which both read truly), and a note says so.
    model::SourceMeta merged_meta(const std::string& url) {
        const auto meta_of = [&](const Version& version) {
            const auto found = version.sources.find(url);
            return found == version.sources.end() ? std::nullopt : std::optional(found->second);
        };
        const auto base = meta_of(base_), ours = meta_of(ours_), theirs = meta_of(theirs_);
        if (!ours || !theirs) return ours ? *ours : theirs.value_or(model::SourceMeta{});
        model::SourceMeta meta = *ours;
        for (const auto& key : model::source_metadata_keys) {
            const auto member = [&](const std::optional<model::SourceMeta>& side) {
                return side ? std::optional(*side.*key.stored) : std::nullopt;
            };
            bool conflict = false;
            meta.*key.stored = three_way(member(base), member(ours), member(theirs), conflict).value_or("");
            if (!conflict) continue;
            if (std::string_view(key.name) == "accessed") {
                meta.accessed = std::max(ours->accessed, theirs->accessed);
                continue;
            }
            result_.notes.push_back(fmt::format("source {}: {} is '{}' in ours and '{}' in theirs; ours is kept", url, key.name,
                                                *ours.*key.stored, *theirs.*key.stored));
        }
        return meta;
    }

    const Version base_, ours_, theirs_;
    std::set<std::string> conflicted_;
    std::map<std::string, long long> urls_;
    RecordMerge result_;
};

// The record file's text without its badge: what a badge vouches for.
std::string vouched_for(model::Record record) {
    record.verification.reset();
    return formats::record_to_toml(record, true);
}

// A Verified badge vouches for the record its signer saw: it stays only when the merge is that
// very record (a change from the other side makes it stale, so it is dropped).
void merge_badge(const model::Record& base, const model::Record& ours, const model::Record& theirs, model::Record& merged) {
    const auto badge_of = [](const model::Record& record) -> std::optional<std::pair<std::string, std::string>> {
        if (!record.verification || record.verification->stale) return std::nullopt;
        return std::pair(record.verification->author, record.verification->date);
    };
    bool conflict = false;
    const auto badge = three_way(badge_of(base), badge_of(ours), badge_of(theirs), conflict);
    if (!badge || conflict) return;
    const model::Record& signed_side = badge_of(ours) == badge ? ours : theirs;
    if (vouched_for(merged) == vouched_for(signed_side)) merged.verification = signed_side.verification;
}

}  // namespace

RecordMerge merge_records(const model::Record& base, const model::Record& ours, const model::Record& theirs) {
    const std::string id = ours.id.empty() ? theirs.id : ours.id;
    if (ours.removed || theirs.removed) {
        const model::Record& other = ours.removed ? theirs : ours;
        // A removal stands against a side that left the record as it was (or removed it too); a
        // side that changed it keeps it, changes and all: nothing an editor wrote is dropped.
        const bool other_changed = !other.removed && formats::record_to_toml(other, true) != formats::record_to_toml(base, true);
        if (!other_changed) {
            RecordMerge removed;
            removed.record.id = id;
            removed.record.removed = true;
            return removed;
        }
        RecordMerge kept = Merger(base.removed ? model::Record{} : base, other, other).merge(id);
        kept.notes.push_back(
            "removed on one side and changed on the other: kept with the changes; remove it again if "
            "that was meant");
        return kept;
    }
    // A record brought back after its removal merges as a new one.
    auto merged = Merger(base.removed ? model::Record{} : base, ours, theirs).merge(id);
    merge_badge(base, ours, theirs, merged.record);
    return merged;
}

model::Record record_of_file(const std::string& content, const std::string& name) {
    if (content.empty()) return {};
    const auto read = model::record_of(formats::read_toml_record(content, name));
    if (!read.problems.empty()) throw InputError(read.problems.front());
    return read.record;
}

namespace {

void write_over(const std::string& path, const std::string& content) {
    formats::AtomicFile file(path);
    file.stream() << content;
    file.commit();
}

}  // namespace

FileMerge merge_record_files(const MergeFiles& files) {
    const std::string base = formats::read_whole_file(files.base, "the base version");
    const std::string ours = formats::read_whole_file(files.ours, "our version");
    const std::string theirs = formats::read_whole_file(files.theirs, "their version");
    FileMerge result;
    try {
        const auto base_record = record_of_file(base, files.path + " (base)");
        const auto ours_record = record_of_file(ours, files.path + " (ours)");
        const auto theirs_record = record_of_file(theirs, files.path + " (theirs)");
        if (!ours_record.id.empty() && !theirs_record.id.empty() && ours_record.id != theirs_record.id)
            throw InputError(fmt::format("ours is record {} and theirs is record {}", ours_record.id, theirs_record.id));
        auto merged = merge_records(base_record, ours_record, theirs_record);
        write_over(files.ours, formats::record_to_toml(merged.record, true));
        result.conflicts = std::move(merged.conflicts);
        result.notes = std::move(merged.notes);
        return result;
    } catch (const InputError& error) {
        result.as_records = false;
        result.why = error.what();
    }
    const auto text = formats::merge_text(base, ours, theirs, files.marker_size);
    write_over(files.ours, text.text);
    result.clean = text.clean;
    return result;
}

}  // namespace gpuclusters::ledger
