#pragma once
// The editorial policy applied to the database: checking records with the rules (their own, their
// look-alikes, acceptances gone stale), accepting a finding, and signing the Verified badge.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gpuclusters/ledger/listing.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

struct CheckRequest {
    std::vector<std::string> cluster_ids;  ///< checked ids; empty: every cluster
    std::vector<std::string> only_rules;   ///< empty: every rule
    rules::Severity minimum = rules::Severity::info;
    std::optional<long long> as_of;
    /// Whether the caller has seen a finding (verify --baseline): those it has are left out and
    /// counted in CheckSummary::known. Empty: every finding is new.
    std::function<bool(const rules::Finding&)> known;
    /// Only the records whose Verified badge is not current (verify --new): changed since their
    /// last signing, or never signed. A record signed as it stands was checked by its signer.
    bool unsigned_changes_only = false;
};

/// What the findings add up to; the findings themselves go to a sink cluster by cluster, so
/// memory holds one record's worth whatever the size of the database.
struct CheckSummary {
    std::size_t clusters = 0;
    std::size_t errors = 0, warnings = 0, infos = 0, accepted = 0;
    std::size_t known = 0;  ///< left out as seen before (CheckRequest::known)
    std::size_t clusters_with_findings = 0;
};

/// The Verified badge of each signed cluster: "yes" (current) or "stale" (changed since); a
/// cluster never signed is not in the map.
std::map<std::string, std::string> badge_states(const store::Store& store, std::optional<long long> as_of);
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

/// accept --rule: every current finding of one rule accepted with one reason, in one changeset,
/// for the clusters named and whose values pass the filters (neither: every cluster).
struct BulkAcceptRequest {
    std::string rule;
    std::string reason;  ///< checked text
    std::vector<std::string> cluster_ids;
    std::vector<Filter> filters;  ///< only the clusters whose values pass every one (list --where)
    bool dry_run = false;
};
struct BulkAcceptResult {
    std::string rule;
    std::string reason;
    std::vector<std::string> cluster_ids;  ///< newly accepted, in id order
    std::size_t findings = 0;              ///< the findings of the rule they had
    std::size_t already_accepted = 0;      ///< clusters whose finding of the rule stood accepted
    long long changeset_id = 0;            ///< 0: nothing to accept, or a dry run
    bool dry_run = false;
    Undecided undecided;  ///< clusters left out: a date too coarse to tell whether a filter holds
};
BulkAcceptResult accept_findings(store::Store& store, const rules::Config& config, const BulkAcceptRequest& request,
                                 model::Changeset changeset, const std::string& today);

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
