#pragma once
// Reading the history: which changeset an --as-of names, a record at any moment (show, blame),
// what changed in it between two moments field by field, and the log of changesets. revert and
// compare are built on these.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gpuclusters/model/change_report.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

/// The changeset named by DATE (YYYY-MM or YYYY-MM-DD: the end of that period, UTC), TIMESTAMP
/// (YYYY-MM-DDTHH:MM:SSZ) or CHANGESET (its number; a plain number is never read as a year): the newest changeset at that
/// moment, 0 when it is before the first. nullopt for empty text. Errors name `option`.
std::optional<long long> resolve_as_of(const store::Store& store, const std::string& text, const std::string& option = "--as-of");

/// What differs between two states of one record (nullptr: absent), for `fields` (all when
/// empty), in catalogue order. Citations made in `changeset` count as added.
std::vector<model::FieldReport> diff_record(const std::string& cluster_id, const model::Record* before,
                                            const model::Record* after, const std::vector<std::string>& fields,
                                            long long changeset);

/// What one changeset did, read as it is printed: its clusters in the order it wrote them, each
/// with its field diffs, then its badge events and its source revisions. Nothing is held between
/// two pieces, so a changeset of any size is described in flat memory. Only one cluster, and one
/// field, when given. The store must outlive the view.
class ChangesetView {
public:
    ChangesetView(const store::Store& store, long long changeset_id, std::string cluster_filter = "",
                  std::string field_filter = "");
    long long changeset_id() const { return changeset_id_; }
    /// `several` is true when more than one cluster is described (a printer then heads each
    /// cluster's lines with its id). Clusters whose fields show no difference are left out.
    void each_cluster(const std::function<void(const model::ClusterChange&, bool several)>& visit) const;
    /// "acme-one: verified", "acme-one: stale-sources accepted".
    void each_event(const std::function<void(const std::string&)>& visit) const;
    void each_source(const std::function<void(const model::SourceReport&)>& visit) const;
    /// The whole description in one report (changed, with the changeset's id): for a changeset
    /// known to be small, and for tests.
    model::ChangeReport report() const;

private:
    const store::Store* store_;
    long long changeset_id_;
    std::string cluster_filter_;
    std::string field_filter_;
};

/// The Verified badge of a record as of a changeset (or now): stale when a changeset after the
/// signing one changed the record.
std::optional<model::Verification> verification_of(const store::Store& store, const std::string& cluster_id,
                                                   std::optional<long long> as_of);

/// The record as of a changeset (or now); InputError "no cluster 'ID' (as of changeset N)" when
/// it is not there then.
model::Record require_record(const store::Store& store, const std::string& cluster_id,
                             std::optional<long long> as_of = std::nullopt);

/// show: the record as of a changeset (or now), with its Verified badge.
model::Record record_page(const store::Store& store, const std::string& cluster_id, std::optional<long long> as_of);

/// blame: the record, and the changeset that set each of its values.
struct Blame {
    model::Record record;
    std::optional<long long> as_of;
    std::map<long long, model::Changeset> changesets;
};
Blame blame(const store::Store& store, const std::string& cluster_id, std::optional<long long> as_of);

/// log: changesets newest first (those that touched a cluster, and a field of it, when given).
struct LogQuery {
    std::string cluster_id;
    std::string field;
    std::optional<long long> limit;
};
struct LogEntry {
    model::Changeset changeset;
    ChangesetView changes;  ///< what it did, only to the cluster and field asked about
};
/// Hands the entries to `visit` one at a time; InputError when the cluster was never known.
void log(const store::Store& store, const LogQuery& query, const std::function<void(const LogEntry&)>& visit);

}  // namespace gpuclusters::ledger
