// A record as a reader gives it, as the record the store would hold: one record value for the
// readers, compare, and whatever reads records from files (a merge of three of them, a page).
#include <fmt/format.h>

#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::model {
namespace {

Source source_of(const SourceInput& input, long long id, std::vector<std::string>& problems) {
    Source source{id, input.reference, {}, 0};
    try {
        source.url = understand_source_url(input.reference).url;
    } catch (const InputError& error) {
        problems.push_back(fmt::format("{}: {}", input.origin, error.what()));
    }
    for (const auto& key : source_metadata_keys) {
        if (input.*key.member) source.meta.*key.stored = *(input.*key.member);
    }
    return source;
}

// The value a field input gives; as written, with a problem, when it does not read as one.
FieldValue value_of(const FieldSpec& spec, const FieldInput& input, std::vector<std::string>& problems) {
    try {
        return parse_field_value(spec, input.raw_value);
    } catch (const InputError& error) {
        problems.push_back(fmt::format("{}: {}", input.origin, error.what()));
        return {input.raw_value, {}};
    }
}

}  // namespace

DocumentRecord record_of(const RecordDocument& document) {
    DocumentRecord result;
    Record& record = result.record;
    record.id = document.record.cluster_id;
    auto& problems = result.problems;
    // Ids are the places in the document: a source's its index plus one, a claim's its order.
    for (std::size_t i = 0; i < document.sources.size(); ++i) {
        const auto id = static_cast<long long>(i) + 1;
        record.sources.emplace(id, source_of(document.sources[i], id, problems));
    }
    if (document.record.accepted) record.accepted = *document.record.accepted;
    record.verification = document.record.badge;
    record.removed = document.record.removed;
    long long next_claim = 1, next_citation = 1;
    for (const auto& input : document.record.fields) {
        if (input.action == FieldAction::clear) record.cleared.push_back(input.field);
        if (input.action != FieldAction::set && input.action != FieldAction::cite) continue;
        const FieldSpec* spec = find_field(input.field);
        if (!spec) {
            problems.push_back(fmt::format("{}: {} is not a field", input.origin, input.field));
            continue;
        }
        Claim claim{next_claim++, input.field, ClaimState::set, {}, Rank::preferred, 0, 0, {}};
        if (input.action == FieldAction::cite) {
            claim.rank = input.rank;
            claim.rank_reason = input.reason;
        }
        if (input.not_published) {
            claim.state = ClaimState::not_published;
        } else {
            claim.value = value_of(*spec, input, problems);
        }
        for (const auto& citation : input.citations) {
            claim.citations.push_back(
                {next_citation++, static_cast<long long>(citation.source) + 1, citation.locator, citation.quote, 0});
        }
        // The fields that follow gpu_model follow the record's value, with its evidence, as the
        // change engine writes them.
        if (spec->type == FieldType::gpu_model && claim.rank == Rank::preferred && claim.state == ClaimState::set) {
            const Qualifiers from_model{fmt::format("gpu_model {}", claim.value.value), "", "", ""};
            for (const auto& derived : values_from_model(claim.value.value)) {
                if (derived.value.empty()) continue;
                record.claims.push_back({next_claim++, std::string(derived.spec->name), ClaimState::set,
                                         FieldValue{derived.value, from_model}, Rank::preferred, 0, 0, claim.citations});
            }
        }
        record.claims.push_back(std::move(claim));
    }
    for (const auto& key : document.record.keys) record.keys.push_back({static_cast<long long>(key.source) + 1, key.key, 0});
    return result;
}

}  // namespace gpuclusters::model
