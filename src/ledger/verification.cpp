#include "gpuclusters/ledger/verification.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <set>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/error.hpp"
#include "ledger/read_ahead.hpp"

namespace gpuclusters::ledger {

using rules::Finding;
using rules::Severity;

namespace {

using Accepted = std::map<std::string, std::map<std::string, std::string>>;  // cluster -> rule -> reason

// Look-alikes are compared across every record, wanted or not: first each record's profile and
// keys, in temporary tables; then the candidate pairs that share a key, each scored; then one
// lookup per record.
void find_look_alikes(store::Store& store, const std::optional<long long>& as_of, const rules::Context& rule_context) {
    store.clear_duplicate_keys();
    auto add_keys = [&](model::Record& record) {
        const auto profile = rules::duplicate_profile(record, rule_context);
        if (!profile) return;
        store.add_duplicate_key(record.id, "", profile->encode());
        for (const auto& key : rules::duplicate_keys(*profile, rule_context))
            store.add_duplicate_key(record.id, key.kind, key.key);
    };
    if (as_of) {
        store.for_each_record(as_of, add_keys, store::Store::RecordParts::values);
    } else {
        store.for_each_current_record(add_keys, rules::duplicate_key_fields());
    }
    store.pair_duplicate_keys(rule_context.config.duplicates.largest_block, rule_context.config.duplicates.placeholder_records);
    std::vector<rules::DuplicateMatch> matches;
    store.each_duplicate_pair([&](const store::Store::DuplicatePair& pair) {
        const rules::DuplicateCandidate candidate{pair.left_id,
                                                  pair.right_id,
                                                  rules::DuplicateProfile::decode(pair.left_profile),
                                                  rules::DuplicateProfile::decode(pair.right_profile),
                                                  pair.key_records,
                                                  pair.records};
        if (const auto score = rules::score_duplicate(candidate, rule_context)) {
            matches.push_back({pair.left_id, pair.right_id, score->score, score->evidence});
        }
    });
    for (const auto& match : matches) store.add_duplicate_match(match.cluster_id, match.other_id, match.score, match.evidence);
}

// A cluster's findings as check hands them on: the accepted ones marked (they do not count), an
// acceptance with nothing left to accept reported, those not asked for left out, the rest counted.
class ClusterFindings {
public:
    ClusterFindings(Accepted accepted, Severity stale, const CheckRequest& request, CheckSummary& summary,
                    const FindingSink& sink)
        : accepted_(std::move(accepted)), stale_(stale), request_(request), summary_(summary), sink_(sink) {}

    void finish(const std::string& id, std::vector<Finding> findings) {
        mark_accepted(id, findings);
        const auto& only = request_.only_rules;
        std::erase_if(findings, [&](const Finding& finding) {
            const bool ruled_out = !only.empty() && std::find(only.begin(), only.end(), finding.rule) == only.end();
            return ruled_out || finding.severity < request_.minimum;
        });
        for (const auto& finding : findings) {
            ++(finding.accepted                        ? summary_.accepted
               : finding.severity == Severity::error   ? summary_.errors
               : finding.severity == Severity::warning ? summary_.warnings
                                                       : summary_.infos);
        }
        if (findings.empty()) return;
        ++summary_.clusters_with_findings;
        sink_(findings);
    }

    // Acceptances of clusters no record stands for (removed since) come in their id order too:
    // those before `id`, or all that are left.
    void acceptances_before(const std::string* id) {
        while (!accepted_.empty() && (!id || accepted_.begin()->first < *id)) {
            finish(accepted_.begin()->first, {});
            accepted_.erase(accepted_.begin());
        }
    }

    void forget_acceptances(const std::string& id) { accepted_.erase(id); }

private:
    void mark_accepted(const std::string& id, std::vector<Finding>& findings) const {
        const auto acceptances = accepted_.find(id);
        if (acceptances == accepted_.end()) return;
        std::set<std::string> fired;
        for (auto& finding : findings) {
            fired.insert(finding.rule);
            if (const auto found = acceptances->second.find(finding.rule); found != acceptances->second.end()) {
                finding.accepted = true;
                finding.accepted_reason = found->second;
            }
        }
        if (stale_ == Severity::off) return;
        for (const auto& [rule, reason] : acceptances->second) {
            if (fired.contains(rule)) continue;
            findings.push_back(
                {.cluster_id = id,
                 .rule = "accepted-finding-stale",
                 .severity = stale_,
                 .message = fmt::format("the accepted finding of {} no longer fires (accepted because: {})", rule, reason)});
        }
    }

    Accepted accepted_;
    const Severity stale_;
    const CheckRequest& request_;
    CheckSummary& summary_;
    const FindingSink& sink_;
};

}  // namespace

CheckSummary check(store::Store& store, const rules::Config& config, const std::string& today, const CheckRequest& request,
                   const FindingSink& sink) {
    const auto& as_of = request.as_of;
    const rules::Context rule_context{config, today};
    std::set<std::string> wanted;
    for (const auto& id : request.cluster_ids) {
        require_record(store, id, as_of);
        wanted.insert(id);
    }
    const auto is_wanted = [&](const std::string& id) { return wanted.empty() || wanted.contains(id); };
    find_look_alikes(store, as_of, rule_context);
    // Accepted findings do not count; an acceptance with nothing left to accept is reported.
    Accepted accepted;
    for (const auto& acceptance : store.acceptances(as_of)) {
        if (is_wanted(acceptance.cluster_id)) accepted[acceptance.cluster_id][acceptance.rule] = acceptance.reason;
    }
    CheckSummary summary;
    ClusterFindings findings_of(std::move(accepted), config.severity("accepted-finding-stale", Severity::info), request, summary,
                                sink);
    // Two threads: one reads the records and their look-alike groups from SQLite (it alone uses
    // the connection until it is done), the other checks them -- on the benchmark each is about
    // half the work.
    struct Read {
        model::Record record;
        std::vector<store::Store::DuplicateGroup> groups;
    };
    ReadAhead<Read> reading(
        [&](ReadAhead<Read>::Queue& queue) {
            store.for_each_record(as_of, [&](model::Record& record) {
                if (!is_wanted(record.id)) return;
                // The record goes to the checking thread; the store fills a recycled one next.
                Read read;
                queue.reuse(read);
                std::swap(read.record, record);
                read.groups = store.duplicate_groups_of(read.record.id, config.duplicates.most_matches);
                queue.item(std::move(read));
            });
        },
        256);
    std::vector<Read> done;
    reading.drain([&](ReadAhead<Read>::Event& event) {
        auto& read = std::get<0>(event);
        const auto& record = read.record;
        findings_of.acceptances_before(&record.id);
        ++summary.clusters;
        auto findings = rules::check_record(record, rule_context);
        for (const auto& group : read.groups) {
            findings.push_back(rules::duplicate_finding({record.id, group.other_id, group.score, group.evidence}, rule_context));
        }
        findings_of.finish(record.id, std::move(findings));
        findings_of.forget_acceptances(record.id);
        done.push_back(std::move(read));
        if (done.size() == 64) {
            reading.recycle(std::move(done));
            done.clear();
        }
    });
    findings_of.acceptances_before(nullptr);
    return summary;
}

AcceptResult accept(store::Store& store, const AcceptRequest& request, model::Changeset changeset, const std::string& today) {
    require_record(store, request.cluster_id);
    // A merge conflict is two editors' undecided values, not a finding to live with.
    if (request.accept && request.rule == "merge-conflict") {
        throw InputError(
            fmt::format("a merge conflict is not accepted but resolved: prefer one of the values with "
                        "`gpuclusters rank {} FIELD preferred --value VALUE --reason TEXT`",
                        request.cluster_id));
    }
    AcceptResult result{request, 0};
    const auto current = store.acceptances(std::nullopt);
    const bool in_force = std::any_of(current.begin(), current.end(), [&](const store::Acceptance& acceptance) {
        return acceptance.cluster_id == request.cluster_id && acceptance.rule == request.rule;
    });
    if (in_force == request.accept) return result;
    if (changeset.message.empty()) changeset.message = request.reason;
    ChangeSession session(store, std::move(changeset), today);
    session.transact([&] {
        session.set_accepted({request.cluster_id, request.rule, request.reason, 0}, request.accept);
        return true;
    });
    result.changeset_id = session.changeset_id();
    return result;
}

SignResult sign(store::Store& store, const rules::Config& config, const std::vector<std::string>& cluster_ids,
                model::Changeset changeset, const std::string& today) {
    SignResult result{cluster_ids, {}, {}, 0};
    ChangeSession session(store, std::move(changeset), today);
    // Checked under the write lock: what is signed is what was checked.
    session.transact([&] {
        CheckRequest request;
        request.cluster_ids = cluster_ids;
        result.summary =
            check(store, config, today, request, [&](const std::vector<Finding>& found) { result.findings.push_back(found); });
        if (result.summary.errors > 0) return false;
        for (const auto& id : cluster_ids) session.set_verified(id, true);
        return true;
    });
    if (result.summary.errors == 0) result.changeset_id = session.changeset_id();
    return result;
}

}  // namespace gpuclusters::ledger
