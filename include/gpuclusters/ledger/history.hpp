#pragma once
// Reading the history: which changeset an --as-of names, and what changed in a record between two
// moments, field by field. log, revert (and compare) are built on these.
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
std::optional<long long> resolve_as_of(const store::Store& store, const std::string& text,
                                       const std::string& option = "--as-of");

/// What differs between two states of one record (nullptr: absent), for `fields` (all when
/// empty), in catalogue order. Citations made in `changeset` count as added.
std::vector<model::FieldReport> diff_record(const std::string& cluster_id, const model::Record* before,
                                            const model::Record* after, const std::vector<std::string>& fields,
                                            long long changeset);

/// What one changeset did, field by field (only to one cluster, and one field, when given): the
/// report log prints for each changeset and revert prints for the one it makes.
model::ChangeReport describe_changeset(const store::Store& store, long long changeset_id,
                                       const std::string& cluster_filter = "", const std::string& field_filter = "");

/// The Verified badge of a record as of a changeset (or now): stale when a changeset after the
/// signing one changed the record.
std::optional<model::Verification> verification_of(const store::Store& store, const std::string& cluster_id,
                                                   std::optional<long long> as_of);

}  // namespace gpuclusters::ledger
