#pragma once
// What a write did (or, on a dry run, would do), field by field: the result that add, import and
// edit hand to the renderer.
#include <cstddef>
#include <string>
#include <vector>

namespace gpuclusters::model {

struct SourceTag {
    long long id = 0;
    std::string domain;
};

struct FieldReport {
    enum class Kind { changed, cited, unchanged };
    std::string cluster_id;
    std::string field;
    Kind kind = Kind::changed;
    std::string old_display;  ///< "—" when unknown, "Not published"
    std::string new_display;
    bool kept_previous = false;  ///< the old value stays as a competing figure
    std::vector<SourceTag> sources;
    std::string note;        ///< e.g. "14,000: normal -> deprecated (reason)"
    long long claim_id = 0;  ///< the claim written to (cite prints it afterwards)
    std::vector<long long> new_citations;
    /// The input's value came from an older edition of a list than the current value: kept
    /// beside it as a competing figure, the value unchanged.
    bool kept_as_older = false;
};

/// A key that names a record: met for the first time (added), or the one that told which
/// record an input's row is.
struct KeyReport {
    std::string cluster_id;
    std::string key;
    SourceTag source;
    bool added = false;
};

/// One cluster's part of a changeset: whether it created or removed the cluster, and what it
/// did to its fields.
struct ClusterChange {
    enum class Presence { kept, created, removed };
    std::string cluster_id;
    Presence presence = Presence::kept;
    std::vector<FieldReport> fields;
};

struct SourceReport {
    long long id = 0;
    std::string url;
    bool is_new = false;
    std::vector<std::string> changes;  ///< "accessed: 2026-11-11 -> 2026-11-30"
};

struct ChangeReport {
    long long changeset_id = 0;  ///< 0 when nothing changed or on a dry run
    bool changed = false;
    bool dry_run = false;
    std::vector<std::string> new_clusters;
    std::vector<std::string> removed_clusters;  ///< a revert of their creation
    std::vector<FieldReport> fields;
    std::vector<SourceReport> sources;  ///< not listed when the write reports for an import
    std::size_t sources_changed = 0;    ///< sources added or revised, listed or not
    std::vector<KeyReport> keys;
    std::vector<std::string> events;  ///< "acme-one: verified", "acme-one: stale-sources accepted (reason)"
    std::vector<std::string> warnings;
};

}  // namespace gpuclusters::model
