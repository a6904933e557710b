#pragma once
// The editorial policy applied to the database: checking records with the rules (their own, their
// look-alikes, acceptances gone stale), accepting a finding, and signing the Verified badge.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gpuclusters/model/record.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

struct CheckRequest {
    std::vector<std::string> cluster_ids;  ///< checked ids; empty: every cluster
    std::vector<std::string> only_rules;   ///< empty: every rule
    rules::Severity minimum = rules::Severity::info;
    std::optional<long long> as_of;
};

/// What the findings add up to; the findings themselves go to a sink cluster by cluster, so
/// memory holds one record's worth whatever the size of the database.
struct CheckSummary {
    std::size_t clusters = 0;
    std::size_t errors = 0, warnings = 0, infos = 0, accepted = 0;
    std::size_t clusters_with_findings = 0;
};
using FindingSink = std::function<void(const std::vector<rules::Finding>&)>;

/// Hands each cluster's findings to `sink` in cluster id order. InputError when a requested
/// cluster is not there.
CheckSummary check(store::Store& store, const rules::Config& config, const std::string& today, const CheckRequest& request,
                   const FindingSink& sink);

/// verify --accept / --unaccept.
struct AcceptRequest {
    std::string cluster_id;
    std::string rule;
    std::string reason;  ///< checked text
    bool accept = true;
};
struct AcceptResult {
    AcceptRequest request;
    long long changeset_id = 0;  ///< 0: it already stood that way, nothing written
};
AcceptResult accept(store::Store& store, const AcceptRequest& request, model::Changeset changeset, const std::string& today);

/// verify --sign: every rule run under the write lock, and the badge written only when no
/// error-level finding stands.
struct SignResult {
    std::vector<std::string> cluster_ids;
    CheckSummary summary;
    std::vector<std::vector<rules::Finding>> findings;  ///< of the few clusters named
    long long changeset_id = 0;                         ///< 0 when refused
};
SignResult sign(store::Store& store, const rules::Config& config, const std::vector<std::string>& cluster_ids,
                model::Changeset changeset, const std::string& today);

}  // namespace gpuclusters::ledger
