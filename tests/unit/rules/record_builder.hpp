#pragma once
// Records for the rules' tests, assembled in memory.
#include <string>
#include <utility>
#include <vector>

#include "gpuclusters/model/record.hpp"
#include "gpuclusters/model/values.hpp"

namespace test_support {

using namespace gpuclusters;

// A record assembled in memory: fields set from typed values, each cited to a source of a kind.
class RecordBuilder {
public:
    explicit RecordBuilder(std::string id = "c1") { record_.id = std::move(id); }

    RecordBuilder& source(long long id, std::string kind, std::string accessed = "2026-11-01", std::string published = "") {
        record_.sources[id] = {id, "https://example.org/" + std::to_string(id), {kind, "", "", published, accessed, "", ""}};
        return *this;
    }
    RecordBuilder& set(const std::string& field, const std::string& raw,
                       std::vector<std::pair<long long, std::string>> cites = {}, model::Rank rank = model::Rank::preferred) {
        model::Claim claim;
        claim.id = ++next_claim_;
        claim.field = field;
        claim.value = model::parse_field_value(model::require_field(field), raw);
        claim.rank = rank;
        for (auto& [source, quote] : cites) claim.citations.push_back({++next_citation_, source, "", quote, 1});
        record_.claims.push_back(std::move(claim));
        return *this;
    }
    RecordBuilder& raw(const std::string& field, model::FieldValue value,
                       std::vector<std::pair<long long, std::string>> cites = {}) {
        model::Claim claim;
        claim.id = ++next_claim_;
        claim.field = field;
        claim.value = std::move(value);
        for (auto& [source, quote] : cites) claim.citations.push_back({++next_citation_, source, "", quote, 1});
        record_.claims.push_back(std::move(claim));
        return *this;
    }
    RecordBuilder& not_published(const std::string& field) {
        model::Claim claim;
        claim.id = ++next_claim_;
        claim.field = field;
        claim.state = model::ClaimState::not_published;
        record_.claims.push_back(std::move(claim));
        return *this;
    }
    const model::Record& record() const { return record_; }

private:
    model::Record record_;
    long long next_claim_ = 0;
    long long next_citation_ = 0;
};

}  // namespace test_support
