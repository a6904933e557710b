#pragma once
// The rows of the derived tables (cluster_values, the full-text index), shared by their writer
// (current.cpp) and the check of them against the history (derived_check.cpp).
#include <SQLiteCpp/SQLiteCpp.h>

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/record.hpp"

namespace gpuclusters::store::detail {

// One row of cluster_values: the preferred claim of each field, in catalogue order.
struct ValuesRow {
    std::string cluster_id;
    std::vector<std::optional<model::Claim>> fields = std::vector<std::optional<model::Claim>>(model::field_catalogue().size());
};

// Every column of cluster_values, in the order read_values_row reads them.
std::string value_columns();

// A row of cluster_values selected with value_columns(), from RawColumns or CachedColumns.
template <typename Columns>
ValuesRow read_values_row(const Columns& columns);

inline constexpr std::array<std::string_view, 4> search_columns{"name", "owner", "summary", "notes"};

// A cluster's full-text row from its values: each field the catalogue marks searchable, in the
// index's column of its name (name, owner, summary) or else in notes, joined in catalogue order
// (the count notes, then the status notes); nullopt for an empty column.
using SearchTexts = std::array<std::optional<std::string>, 4>;
SearchTexts search_texts(const ValuesRow& row);

// Each claim with its newest rank (the history's word on it), as the columns of claim_columns, the
// cluster first and the rank and its changeset last.
const std::string& ranked_claims_sql();

// What the history gives cluster_values, a present cluster at a time in id order: its preferred
// claim of each catalogue field. Should a field have several (a write behind the tool's back),
// the one ranked last, as the change engine takes a changeset's ranks in order.
void each_expected_values_row(SQLite::Database& db, const std::string& path,
                              const std::function<void(const ValuesRow&, long long)>& visit);

}  // namespace gpuclusters::store::detail
