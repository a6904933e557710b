#include "gpuclusters/ledger/verification.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <optional>
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
    std::vector<std::pair<std::string, std::string>> keys;
    auto add_keys = [&](model::Record& record) {
        const auto profile = rules::duplicate_profile(record, rule_context);
        if (!profile) return;
        keys.clear();
        for (auto& key : rules::duplicate_keys(*profile, rule_context))
            keys.emplace_back(std::move(key.kind), std::move(key.key));
        // Named records meet by name; one without a name the score compares (none, or only words
        // such as "Supercomputer") meets others by country, model and count.
        const bool named = rule_context.config.duplicates.compare_names && !profile->name.empty();
        store.add_duplicate_record(record.id, profile->encode(), named, keys);
    };
    if (as_of) {
        store.for_each_record(as_of, add_keys, store::Store::RecordParts::values);
    } else {
        store.for_each_current_record(add_keys, rules::duplicate_key_fields());
    }
    store.pair_duplicate_keys(rule_context.config.duplicates.largest_block, rule_context.config.duplicates.placeholder_records);
    // One candidate for all the pairs: the left record's profile is read once for all its pairs.
    rules::DuplicateCandidate candidate;
    store.judge_duplicate_pairs([&](const store::Store::DuplicatePair& pair) -> std::optional<store::Store::DuplicateVerdict> {
        if (candidate.left_id != pair.left_id) {
            candidate.left_id = pair.left_id;
            candidate.left = rules::DuplicateProfile::decode(pair.left_profile);
        }
        candidate.right_id = pair.right_id;
        candidate.right = rules::DuplicateProfile::decode(pair.right_profile);
        candidate.left_keys = &pair.left_keys;
        candidate.right_keys = &pair.right_keys;
        candidate.records = pair.records;
        const auto score = rules::score_duplicate(candidate, rule_context);
        if (!score) return std::nullopt;
        return store::Store::DuplicateVerdict{score->score, score->evidence};
    });
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
        if (request_.known) {
            summary_.known += std::erase_if(findings, [&](const Finding& finding) { return request_.known(finding); });
        }
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

std::map<std::string, std::string> badge_states(const store::Store& store, std::optional<long long> as_of) {
    const auto signed_in = store.verifications(as_of);
    const auto changed_in = store.last_changes(as_of);
    std::map<std::string, std::string> states;
    for (const auto& [id, changeset] : signed_in) {
        const auto change = changed_in.find(id);
        states[id] = change != changed_in.end() && change->second > changeset ? "stale" : "yes";
    }
    return states;
}

CheckSummary check(store::Store& store, const rules::Config& config, const std::string& today, const CheckRequest& request,
                   const FindingSink& sink) {
    const auto& as_of = request.as_of;
    const rules::Context rule_context{config, today};
    std::set<std::string> wanted;
    // An id merged into another record, or renamed, stands for the record it leads to.
    for (const auto& id : request.cluster_ids) wanted.insert(require_record(store, id, as_of).id);
    std::set<std::string> signed_as_they_stand;
    if (request.unsigned_changes_only) {
        for (auto& [id, badge] : badge_states(store, as_of)) {
            if (badge == "yes") signed_as_they_stand.insert(id);
        }
    }
    const auto is_wanted = [&](const std::string& id) {
        return (wanted.empty() || wanted.contains(id)) && !signed_as_they_stand.contains(id);
    };
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
    // the connection until it is done), the other checks them. Checking is the larger share (on
    // the benchmark, 30 us a record against 24 us of reading), so when the checking thread falls
    // behind, the reading one checks the record it has read too, with a context of its own (a
    // context's reading cache is one thread's).
    struct Read {
        model::Record record;
        std::vector<store::Store::DuplicateGroup> groups;
        std::optional<std::vector<Finding>> findings;  ///< checked on the reading thread
    };
    config.quote_reader();  // built here, before two threads ask for it
    const rules::Context reading_context{config, today};
    ReadAhead<Read> reading(
        [&](ReadAhead<Read>::Queue& queue) {
            store.for_each_record(as_of, [&](model::Record& record) {
                if (!is_wanted(record.id)) return;
                // The record goes to the checking thread; the store fills a recycled one next.
                Read read;
                queue.reuse(read);
                std::swap(read.record, record);
                read.groups = store.duplicate_groups_of(read.record.id, config.duplicates.most_matches);
                read.findings.reset();
                if (queue.writer_behind()) read.findings = rules::check_record(read.record, reading_context);
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
        auto findings = read.findings ? std::move(*read.findings) : rules::check_record(record, rule_context);
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

AcceptResult accept(store::Store& store, const AcceptRequest& given, model::Changeset changeset, const std::string& today) {
    AcceptRequest request = given;
    request.cluster_id = require_record(store, given.cluster_id).id;  // an alias: the record it leads to
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

BulkAcceptResult accept_findings(store::Store& store, const rules::Config& config, const BulkAcceptRequest& request,
                                 model::Changeset changeset, const std::string& today) {
    // A merge conflict is two editors' undecided values, not a finding to live with.
    if (request.rule == "merge-conflict") {
        throw InputError("merge conflicts are not accepted but resolved, one at a time, with `gpuclusters rank`");
    }
    BulkAcceptResult result{request.rule, request.reason, {}, 0, 0, 0, request.dry_run, {}};
    if (changeset.message.empty()) changeset.message = fmt::format("accept {}: {}", request.rule, request.reason);
    ChangeSession session(store, std::move(changeset), today);
    // Checked under the write lock: what is accepted is the finding that stands.
    session.transact([&] {
        CheckRequest check_request;
        check_request.only_rules = {request.rule};
        check_request.cluster_ids = request.cluster_ids;
        if (!request.filters.empty()) {
            std::set<std::string> named;
            for (const auto& id : request.cluster_ids) named.insert(require_record(store, id).id);
            check_request.cluster_ids.clear();
            store.for_each_current_record([&](model::Record& record) {
                if ((named.empty() || named.contains(record.id)) && passes_all(record, request.filters, result.undecided))
                    check_request.cluster_ids.push_back(record.id);
            });
            if (check_request.cluster_ids.empty()) return false;
        }
        check(store, config, today, check_request, [&](const std::vector<Finding>& findings) {
            const bool accepted = std::any_of(findings.begin(), findings.end(), [](const Finding& f) { return f.accepted; });
            const auto fired = std::count_if(findings.begin(), findings.end(),
                                             [&](const Finding& f) { return f.rule == request.rule && !f.accepted; });
            if (accepted) ++result.already_accepted;
            if (fired == 0 || accepted) return;
            result.findings += static_cast<std::size_t>(fired);
            result.cluster_ids.push_back(findings.front().cluster_id);
        });
        if (result.cluster_ids.empty() || request.dry_run) return false;
        for (const auto& id : result.cluster_ids) session.set_accepted({id, request.rule, request.reason, 0}, true);
        return true;
    });
    if (!result.cluster_ids.empty() && !request.dry_run) result.changeset_id = session.changeset_id();
    return result;
}

SignResult sign(store::Store& store, const rules::Config& config, const std::vector<std::string>& cluster_ids,
                model::Changeset changeset, const std::string& today) {
    // An alias signs the record it leads to (a merged record is signed nowhere).
    std::vector<std::string> records;
    for (const auto& id : cluster_ids) records.push_back(require_record(store, id).id);
    SignResult result{records, {}, {}, 0};
    ChangeSession session(store, std::move(changeset), today);
    // Checked under the write lock: what is signed is what was checked.
    session.transact([&] {
        CheckRequest request;
        request.cluster_ids = records;
        result.summary =
            check(store, config, today, request, [&](const std::vector<Finding>& found) { result.findings.push_back(found); });
        if (result.summary.errors > 0) return false;
        for (const auto& id : records) session.set_verified(id, true);
        return true;
    });
    if (result.summary.errors == 0) result.changeset_id = session.changeset_id();
    return result;
}

}  // namespace gpuclusters::ledger
