// The change session: one changeset and one transaction around the change engine
// (ledger/change_engine.hpp), and the writes of revert, verify and check that go in the same
// changeset.
#include "gpuclusters/ledger/change.hpp"

#include <fmt/format.h>

#include "ledger/change_engine.hpp"

namespace gpuclusters::ledger {

void merge(model::ChangeReport& into, model::ChangeReport part) {
    into.changed = into.changed || part.changed;
    if (part.changeset_id != 0) into.changeset_id = part.changeset_id;
    auto append = [](auto& target, auto& source) {
        target.insert(target.end(), std::make_move_iterator(source.begin()), std::make_move_iterator(source.end()));
    };
    append(into.new_clusters, part.new_clusters);
    append(into.removed_clusters, part.removed_clusters);
    append(into.fields, part.fields);
    append(into.sources, part.sources);
    into.sources_changed += part.sources_changed;
    append(into.events, part.events);
    append(into.warnings, part.warnings);
}

std::vector<std::string> describe_source_changes(const model::SourceMeta& before, const model::SourceMeta& after) {
    std::vector<std::string> changes;
    for (const auto& key : model::source_metadata_keys) {
        const std::string& old_value = before.*key.stored;
        const std::string& new_value = after.*key.stored;
        if (old_value != new_value) {
            changes.push_back(
                fmt::format("{}: {} -> {}", key.label, old_value.empty() ? "—" : old_value, new_value.empty() ? "—" : new_value));
        }
    }
    return changes;
}

ChangeSession::ChangeSession(store::Store& store, model::Changeset changeset, std::string today, Reporting reporting)
    : store_(store) {
    check_changeset_text(changeset);
    engine_ = std::make_unique<Engine>(store, std::move(changeset), std::move(today), reporting);
}

ChangeSession::~ChangeSession() = default;

long long ChangeSession::changeset_id() const { return engine_->changeset_id(); }

void ChangeSession::begin() { engine_->begin(); }

model::ChangeReport ChangeSession::apply(const PreparedChange& change, Savepoint savepoint) {
    model::ChangeReport report;
    engine_->begin();
    if (savepoint == Savepoint::own) {
        // A change that fails while being written leaves nothing of itself behind.
        within_savepoint([&] { engine_->run(change, report); });
    } else {
        engine_->run(change, report);
    }
    return report;
}

void ChangeSession::transact(const std::function<bool()>& body, store::Store::WriteMode mode) {
    store_.with_write_transaction(body, mode);
}

void ChangeSession::within_savepoint(const std::function<void()>& body) { store_.with_savepoint(body); }

void ChangeSession::set_rank(const std::string& cluster_id, long long claim_id, model::Rank rank, const std::string& reason) {
    engine_->begin();
    store_.insert_rank(cluster_id, claim_id, changeset_id(), rank, reason);
}

void ChangeSession::repair_derived_tables() { store_.rebuild_derived_tables(); }

void ChangeSession::restore_application_id() { store_.take_back_restored(); }

void ChangeSession::set_citation_withdrawn(long long citation_id, bool withdrawn) {
    engine_->begin();
    store_.insert_citation_withdrawal(citation_id, changeset_id(), withdrawn);
}

void ChangeSession::set_key_withdrawn(long long source_id, const std::string& key, bool withdrawn) {
    engine_->begin();
    store_.set_key_withdrawn(source_id, key, changeset_id(), withdrawn);
}

void ChangeSession::set_presence(const std::string& cluster_id, bool present) {
    engine_->begin();
    store_.insert_presence(cluster_id, changeset_id(), present);
}

void ChangeSession::create_cluster(const std::string& cluster_id) {
    engine_->begin();
    store_.insert_cluster(cluster_id, changeset_id());
}

long long ChangeSession::copy_claim(const std::string& cluster_id, const model::Claim& claim, model::Rank rank,
                                    const std::string& reason) {
    engine_->begin();
    const long long id = store_.insert_claim(cluster_id, claim.field, claim.state, claim.value, changeset_id());
    store_.insert_rank(cluster_id, id, changeset_id(), rank, reason);
    return id;
}

long long ChangeSession::copy_citation(long long claim_id, const model::Citation& citation) {
    engine_->begin();
    return store_.insert_citation(claim_id, citation.source_id, citation.locator, citation.quote, changeset_id());
}

void ChangeSession::set_alias(const std::string& alias, const std::string& cluster_id, bool withdrawn) {
    engine_->begin();
    store_.insert_alias(alias, cluster_id, changeset_id(), withdrawn);
}

void ChangeSession::agree_with_tree(const store::TreeSync& sync) { store_.insert_tree_sync(sync); }

void ChangeSession::revise_source(long long source_id, const model::SourceMeta& meta) {
    engine_->begin();
    store_.insert_source_revision(source_id, changeset_id(), meta);
}

void ChangeSession::set_verified(const std::string& cluster_id, bool verified) {
    engine_->begin();
    store_.insert_verification(cluster_id, changeset_id(), verified);
}

void ChangeSession::set_accepted(const store::Acceptance& acceptance, bool accepted) {
    engine_->begin();
    store::Acceptance row = acceptance;
    row.changeset_id = changeset_id();
    store_.insert_acceptance(row, accepted);
}

model::ChangeReport apply_changes(store::Store& store, const ChangeRequest& request) {
    ChangeSession session(store, request.changeset, request.today);
    // Everything is checked before anything of it is written.
    const PreparedChange change = ChangeSession::prepare(request.sources, request.records, request.today);
    model::ChangeReport report;
    session.transact([&] {
        report = session.apply(change);
        return report.changed && !request.dry_run;
    });
    report.dry_run = request.dry_run;
    // The id is reported only when the changeset was written.
    if (!report.changed || request.dry_run) report.changeset_id = 0;
    return report;
}

CitedChange cite(store::Store& store, const ChangeRequest& request) {
    CitedChange result{apply_changes(store, request), std::nullopt};
    if (result.report.changed && !request.dry_run && !result.report.fields.empty()) {
        result.record = store.load_record(result.report.fields.front().cluster_id);
    }
    return result;
}

}  // namespace gpuclusters::ledger
