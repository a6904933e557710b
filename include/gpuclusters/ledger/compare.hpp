#pragma once
// Field by field: clusters side by side, one record between two moments, or the whole database
// against a snapshot (any export format) or another database. Cells compare what a reader sees:
// the value's display and the URLs behind it; against a values-only export, which carries no
// sources, the values alone, as model::same_value compares them.
#include <optional>
#include <string>
#include <vector>

#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

/// One side of one field: what it reads, and the URLs that back it.
struct Cell {
    std::string display = "—";
    std::vector<std::string> sources;  ///< sorted, each once
    long long changeset = 0;           ///< that ranked the claim (0 for a snapshot's cell)
    bool operator==(const Cell& other) const { return display == other.display && sources == other.sources; }
};

/// The preferred claim of `field` as a cell; the default cell when the field is unknown.
Cell cell_of(const model::Record& record, std::string_view field);

/// H100-equivalent compute: GPUs x dense BF16 per GPU / an H100's (db/gpu_performance.tsv). A
/// derived figure, never a count.
struct DerivedFigure {
    std::string display;     ///< "12,345 H100e"
    std::string derivation;  ///< "12,288 x 312 / 989 TFLOP/s (Epoch AI: ...)"
};
std::optional<DerivedFigure> h100_equivalent(const model::Record& record);

struct SideBySide {
    std::vector<model::Record> records;  ///< in the order named
    std::vector<std::string> fields;     ///< compared, in catalogue order
    std::vector<bool> differs;           ///< per field
    /// Per record, when asked for and at least one record has the figure.
    std::vector<std::optional<DerivedFigure>> derived;
    bool any_difference = false;
};
/// The records as of `as_of` (now when not given); UsageError when an id is named twice,
/// InputError when one is not there.
SideBySide side_by_side(const store::Store& store, const std::vector<std::string>& cluster_ids,
                        const std::vector<std::string>& fields, bool with_derived, std::optional<long long> as_of = std::nullopt);

struct FieldChange {
    std::string cluster_id;
    std::string field;
    Cell left, right;
};

struct OverTime {
    std::string cluster_id;
    std::optional<long long> from, to;
    std::vector<FieldChange> changes;
};
OverTime over_time(const store::Store& store, const std::string& cluster_id, std::optional<long long> from,
                   std::optional<long long> to, const std::vector<std::string>& fields);

/// A record's provenance as lines, one fact each, sorted: each claim that is not retired with
/// its rank (`claim power_mw 2.646 (normal)`), each of its citations (`citation power_mw 2.646:
/// URL | locator | quote`), each key (`key URL: System ID 1`) and the metadata of each source they
/// name (`source URL: kind list, published 2020-11-16, ...`). Derived fields follow their model
/// and are left out; `fields`, when given, limits the claims and citations.
std::vector<std::string> provenance_lines(const model::Record& record, const std::vector<std::string>& fields);

/// The provenance lines of a record present on both sides that differ.
struct ProvenanceDifference {
    std::string cluster_id;
    std::vector<std::string> only_here, only_there;
};

struct Against {
    std::string snapshot;  ///< the file or database as named
    std::vector<std::string> only_here, only_there;
    std::vector<FieldChange> differences;  ///< left: the database, right: the snapshot
    bool provenance_compared = false;
    std::vector<ProvenanceDifference> provenance;  ///< with provenance_compared
    bool differs() const { return !only_here.empty() || !only_there.empty() || !differences.empty() || !provenance.empty(); }
};
/// `snapshot` is a gpuclusters database (opened read-only) or an export read with `format` (the
/// name's when empty). With `provenance`, the claims of every rank, citations, keys and source
/// metadata are compared too (InputError for a values-only export, which carries none).
Against against(const store::Store& store, const std::string& snapshot, const std::string& format,
                const std::vector<std::string>& fields, bool provenance = false);

}  // namespace gpuclusters::ledger
