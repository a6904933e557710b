#pragma once
// Reading the dataset as a whole: the table of clusters (list), the records a snapshot writes
// (export), and the sources with what they back.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gpuclusters/ledger/stats.hpp"
#include "gpuclusters/model/change_report.hpp"
#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

/// --where FIELD=VALUE, FIELD!=VALUE, and on counts, power and dates FIELD<VALUE, <=, >, >=.
struct Filter {
    enum class Comparison { equal, not_equal, less, less_or_equal, greater, greater_or_equal };
    const model::FieldSpec* field = nullptr;
    Comparison comparison = Comparison::equal;
    std::string value;  ///< in the field's canonical form
    std::string text;   ///< as given, for messages
};
/// Parses a condition; UsageError without an operator or for an order on a field that has
/// none, InputError naming the field for a bad value.
Filter parse_filter(const std::string& condition);
/// Whether a value passes: only a published value does, as in SQL, where NULL compares to nothing.
/// nullopt when a partial date is too coarse to tell (2024 against >=2024-06).
std::optional<bool> passes(const model::FieldRow* row, const Filter& filter);
/// Conditions a partial date was too coarse to decide, with the clusters each left out.
using Undecided = std::map<std::string, std::size_t>;
/// Whether a record's preferred values pass every filter; one a filter cannot decide (a date too
/// coarse) does not, and counts in `undecided`.
bool passes_all(const model::Record& record, const std::vector<Filter>& filters, Undecided& undecided);

/// The columns `list` shows, after the id.
inline constexpr std::string_view list_columns[] = {"name", "owner", "gpu_model", "gpus_installed", "status"};

struct ListQuery {
    std::vector<Filter> filters;
    std::vector<std::string> columns{std::begin(list_columns), std::end(list_columns)};  ///< after the id
    std::optional<std::size_t> limit;
    std::string search;                      ///< full-text words, matched literally
    const model::FieldSpec* sort = nullptr;  ///< null: by id
    bool reverse = false;
    std::optional<long long> as_of;
    std::string verified;  ///< "", "yes", "stale" or "no"
};
struct ListedCluster {
    std::string id;
    std::map<std::string, model::FieldRow, std::less<>> values;  ///< of list_columns and the filtered fields
    const model::FieldRow* value(std::string_view field) const;
};
struct ListSummary {
    std::vector<std::string> columns;  ///< as the query asked
    /// Clusters left out because a partial date could not be compared, by condition.
    Undecided undecided;
    std::size_t matched = 0;  ///< before --limit
};
/// Visits the clusters the query selects, in its order, up to its limit, one at a time (flat
/// memory: a sort goes through a temporary table of the store). UsageError for --search with
/// --as-of; InputError for invalid UTF-8 in the search.
ListSummary list_clusters(const store::Store& store, const ListQuery& query,
                          const std::function<void(const ListedCluster&)>& visit);

struct ExportQuery {
    std::vector<Filter> filters;
    std::optional<long long> as_of;
    bool provenance = false;  ///< every claim with its evidence, not only the preferred values
    /// The clusters removed too, each a record that says only so (Record::removed), for the tree
    /// of record files; the current state only, with no filters.
    bool with_removed = false;
};
/// What a record file of the tree says beyond the claims, as of a changeset (or now): the fields
/// made unknown, the findings accepted and the Verified badge. `record` holds every claim in force
/// as of then (read with its evidence), which the fields made unknown are told from.
void add_tree_parts(const store::Store& store, model::Record& record, std::optional<long long> as_of);

/// The records an export writes, in id order, one at a time; returns the clusters left out
/// because a filter could not tell (a date too coarse), as `list` counts them.
Undecided export_records(const store::Store& store, const ExportQuery& query, const std::function<void(model::Record&)>& visit);

/// Every source (or those cited by one cluster's current values), by id, with its use count,
/// one at a time.
void list_sources(const store::Store& store, const std::string& cluster_id, bool unused_only,
                  const std::function<void(const model::SourceUse&)>& visit);

struct SourceBacking {
    model::Source source;
    std::vector<model::BackedValue> values;
};
/// A source by id or URL, with the current values it backs; InputError when there is none.
SourceBacking show_source(const store::Store& store, const std::string& reference);

/// sources check: the source re-read (today unless `source.accessed` says), in a changeset.
model::ChangeReport check_source(store::Store& store, model::SourceInput source, model::Changeset changeset,
                                 const std::string& today, bool dry_run);

}  // namespace gpuclusters::ledger
