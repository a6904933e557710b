#pragma once
// Reading the dataset as a whole: the table of clusters (list), the records a snapshot writes
// (export), and the sources with what they back.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gpuclusters/model/change_report.hpp"
#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

/// --where FIELD=VALUE: the field, and the value in its canonical form.
struct Filter {
    const model::FieldSpec* field = nullptr;
    std::string value;
};
/// Parses FIELD=VALUE; UsageError without '=', InputError naming the field for a bad one.
Filter parse_filter(const std::string& condition);
/// Whether a record's preferred values pass every filter.
bool passes(const model::Record& record, const std::vector<Filter>& filters);

/// The columns `list` shows, after the id.
inline constexpr std::string_view list_columns[] = {"name", "owner", "gpu_model", "gpus_installed", "status"};

struct ListQuery {
    std::vector<Filter> filters;
    std::string search;                        ///< full-text words, matched literally
    const model::FieldSpec* sort = nullptr;    ///< null: by id
    bool reverse = false;
    std::optional<long long> as_of;
    std::string verified;                      ///< "", "yes", "stale" or "no"
};
struct ListedCluster {
    std::string id;
    std::map<std::string, model::FieldRow, std::less<>> values;  ///< of list_columns and the filtered fields
    const model::FieldRow* value(std::string_view field) const;
};
/// UsageError for --search with --as-of; InputError for invalid UTF-8 in the search.
std::vector<ListedCluster> list_clusters(const store::Store& store, const ListQuery& query);

struct ExportQuery {
    std::vector<Filter> filters;
    std::optional<long long> as_of;
    bool provenance = false;  ///< every claim with its evidence, not only the preferred values
};
/// The records an export writes, in id order, one at a time.
void export_records(const store::Store& store, const ExportQuery& query, const std::function<void(model::Record&)>& visit);

/// Every source (or those cited by one cluster's current values), by id, with its use count.
std::vector<model::SourceUse> list_sources(const store::Store& store, const std::string& cluster_id, bool unused_only);

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
