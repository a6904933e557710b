#pragma once
// check: the file against itself. SQLite's own checks, and the derived tables (cluster_values,
// live_claim, cluster_search) recomputed from the history they are derived from, every row that
// differs reported; --repair writes them again in one transaction.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

/// What check found (and, with --repair, did) besides the derived rows handed to the sink.
struct IntegritySummary {
    std::string path;
    /// The schema version of a gpuclusters database restored without its application_id
    /// (`sqlite3 .dump` read into a new file); --repair gives it back.
    std::optional<int> restored_schema;
    /// The derived tables were not compared: the file is damaged, or restored from an older schema
    /// (which --repair migrates first).
    bool derived_skipped = false;
    std::vector<store::SqliteProblem> sqlite_problems;
    /// What SQLite's checks still find after --repair (a derived row naming a cluster that is not
    /// there goes with the rebuild; a history row that does stays); check: sqlite_problems.
    std::vector<store::SqliteProblem> sqlite_left;
    /// Fields with more than one preferred claim: --repair ranks all but the first normal.
    std::vector<store::ExtraPreferred> extra_preferred;
    std::size_t differences = 0;  ///< derived rows that differ from the history
    bool repair = false;          ///< --repair was asked
    bool repaired = false;        ///< --repair wrote (one transaction)
    long long changeset_id = 0;   ///< the changeset of the ranks --repair wrote; 0: none
    /// What check would report now (after a repair: only what a repair cannot mend).
    bool problems_left() const;
};

using DifferenceSink = std::function<void(const store::DerivedDifference&)>;

/// The reason --repair gives the ranks it writes.
inline constexpr std::string_view extra_preferred_reason = "check --repair: one preferred claim per field";

/// check: SQLite's checks, the derived rows that differ from the history (each handed to `sink`
/// as it is found, in cluster id order per table), and the fields with several preferred claims.
/// Reads only.
IntegritySummary check_integrity(const store::Store& store, const DifferenceSink& sink);

/// check --repair, in one write transaction: takes back a restored database (its application_id
/// and schema version, migrated when older), reports the derived rows that differ as check does,
/// ranks normal every preferred claim of a field but the one ranked last (in `changeset`, the
/// only history it writes), and writes the derived tables again from the history. Writes nothing
/// when there is nothing to repair. A damaged file (PRAGMA integrity_check) is refused
/// (DatabaseError) before anything is read or written.
IntegritySummary repair_integrity(store::Store& store, model::Changeset changeset, const std::string& today,
                                  const DifferenceSink& sink);

}  // namespace gpuclusters::ledger
