#include "gpuclusters/ledger/listing.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <set>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/ledger/verification.hpp"
#include "gpuclusters/model/decimal.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::ledger {
namespace {

// Words of the search, each quoted, so FTS5 syntax in the user's text is matched literally.
std::string fts_query(const std::string& search) {
    std::string query;
    for (auto start = search.find_first_not_of(" \t"); start != std::string::npos;
         start = search.find_first_not_of(" \t", start)) {
        query += query.empty() ? "\"" : " \"";
        for (; start < search.size() && search[start] != ' ' && search[start] != '\t'; ++start) {
            query += search[start] == '"' ? "\"\"" : std::string(1, search[start]);
        }
        query += "\"";
    }
    return query;
}

bool ordered(model::FieldType type) {
    return type == model::FieldType::count || type == model::FieldType::decimal || type == model::FieldType::partial_date;
}

// A partial date is the span of days it names: 2024 runs from 2024-01-01 to 2024-12-31.
std::pair<std::string, std::string> date_span(const std::string& date) {
    static const std::string earliest = "0000-01-01", latest = "9999-12-31";
    return {date + earliest.substr(date.size()), date + latest.substr(date.size())};
}

// -1, 0 or 1, or nullopt when a partial date overlaps the other.
std::optional<int> order(const model::FieldSpec& field, const std::string& held, const std::string& wanted) {
    if (field.type == model::FieldType::partial_date) {
        const auto [held_from, held_to] = date_span(held);
        const auto [wanted_from, wanted_to] = date_span(wanted);
        if (held_to < wanted_from) return -1;
        if (held_from > wanted_to) return 1;
        if (held == wanted) return 0;
        return std::nullopt;
    }
    const auto left = model::Decimal::parse(held);
    const auto right = model::Decimal::parse(wanted);
    if (!left || !right) return std::nullopt;
    if (*left < *right) return -1;
    return *right < *left ? 1 : 0;
}

// The value a condition compares with, in the stored form. A bound of an order need not be a
// value the field could hold: "gpus_installed>0" asks for every published count, though no
// count is 0.
std::string filter_value(const model::FieldSpec& field, const std::string& value, bool order_wanted) {
    if (order_wanted && field.type == model::FieldType::count) {
        const std::string_view number = text::trim(value);
        if (!number.empty() && number.find_first_not_of('0') == std::string_view::npos) return "0";
        return std::to_string(model::parse_whole_number(number));
    }
    if (order_wanted && field.type == model::FieldType::decimal) {
        if (const auto number = model::Decimal::parse(text::trim(value))) return number->to_string();
    }
    return model::parse_field_value(field, value).value;
}

}  // namespace

Filter parse_filter(const std::string& condition) {
    using Comparison = Filter::Comparison;
    // A field name is letters and underscores, so the operator starts at the first other byte.
    const auto at = condition.find_first_of("=!<>");
    static constexpr std::pair<std::string_view, Comparison> operators[] = {
        {"!=", Comparison::not_equal}, {"<=", Comparison::less_or_equal}, {">=", Comparison::greater_or_equal},
        {"=", Comparison::equal},      {"<", Comparison::less},           {">", Comparison::greater}};
    const std::string_view rest = at == std::string::npos ? std::string_view() : std::string_view(condition).substr(at);
    const auto found =
        std::find_if(std::begin(operators), std::end(operators), [&](const auto& each) { return rest.starts_with(each.first); });
    if (at == 0 || found == std::end(operators)) {
        throw UsageError(fmt::format("--where '{}': expected FIELD=VALUE (or !=, <, <=, >, >=)", condition));
    }
    const std::string name = condition.substr(0, at);
    try {
        const auto& field = model::require_field(name);
        const bool order_wanted = found->second != Comparison::equal && found->second != Comparison::not_equal;
        if (order_wanted && !ordered(field.type)) {
            throw UsageError(fmt::format("--where '{}': {} is {}, and only counts, decimals and dates have an order", condition,
                                         name, model::type_name(field.type)));
        }
        const std::string value = condition.substr(at + found->first.size());
        return {&field, found->second, filter_value(field, value, order_wanted), condition};
    } catch (const UsageError&) {
        throw;
    } catch (const InputError& error) {
        throw InputError(fmt::format("--where {}: {}", name, error.what()));
    }
}

std::optional<bool> passes(const model::FieldRow* row, const Filter& filter) {
    using Comparison = Filter::Comparison;
    if (!row || row->state != model::ClaimState::set) return false;
    const auto& field = *filter.field;
    if (filter.comparison == Comparison::equal || filter.comparison == Comparison::not_equal) {
        if (field.type == model::FieldType::count || field.type == model::FieldType::decimal) {
            // 7.10 is 7.1: numbers are equal by value, whatever their derivation.
            const auto sign = order(field, row->value.value, filter.value);
            if (sign) return (*sign == 0) == (filter.comparison == Comparison::equal);
        }
        return model::value_matches(field, row->value, filter.value) == (filter.comparison == Comparison::equal);
    }
    const auto sign = order(field, row->value.value, filter.value);
    if (!sign) return std::nullopt;
    switch (filter.comparison) {
        case Comparison::less:
            return *sign < 0;
        case Comparison::less_or_equal:
            return *sign <= 0;
        case Comparison::greater:
            return *sign > 0;
        default:
            return *sign >= 0;
    }
}

namespace {

// Whether a value passes; one that cannot tell does not, and counts in `undecided`.
bool passes_counted(const model::FieldRow* row, const Filter& filter, Undecided& undecided) {
    const auto passed = passes(row, filter);
    if (!passed) ++undecided[filter.text];
    return passed.value_or(false);
}

// Whether a record's preferred values pass every filter.
bool passes_record(const model::Record& record, const std::vector<Filter>& filters, Undecided& undecided) {
    return std::all_of(filters.begin(), filters.end(), [&](const Filter& filter) {
        const model::Claim* claim = record.preferred(filter.field->name);
        if (!claim) return false;
        const model::FieldRow row{record.id, claim->field, claim->state, claim->value};
        return passes_counted(&row, filter, undecided);
    });
}

}  // namespace

bool passes_all(const model::Record& record, const std::vector<Filter>& filters, Undecided& undecided) {
    return passes_record(record, filters, undecided);
}

const model::FieldRow* ListedCluster::value(std::string_view field) const {
    const auto found = values.find(field);
    return found == values.end() ? nullptr : &found->second;
}

namespace {

// What a cluster is sorted by, as text whose byte order is the field's order: a count or a
// decimal (digits, as they are stored) by value, anything else by its lower-case text; nullopt
// when the value is unknown or not published (those come last).
std::optional<std::string> sort_key(const ListedCluster& cluster, const model::FieldSpec& field) {
    const auto* row = cluster.value(field.name);
    if (!row || row->state != model::ClaimState::set) return std::nullopt;
    const std::string& value = row->value.value;
    const bool numeric = field.type == model::FieldType::count || field.type == model::FieldType::decimal;
    const auto point = value.find('.');
    const std::string whole = value.substr(0, point);
    const std::string fraction = point == std::string::npos ? "" : value.substr(point + 1);
    const auto digits = [](const std::string& part) { return part.find_first_not_of("0123456789") == std::string::npos; };
    if (numeric && !whole.empty() && whole.size() <= 40 && digits(whole) && digits(fraction)) {
        // Zero-padded whole part, then the fraction without its trailing zeros: 7.10 sorts as 7.1.
        const auto last = fraction.find_last_not_of('0');
        return std::string(40 - whole.size(), '0') + whole + "." +
               (last == std::string::npos ? "" : fraction.substr(0, last + 1));
    }
    return "~" + text::lower_ascii(value);  // after every figure, should a numeric field hold text
}

}  // namespace

ListSummary list_clusters(const store::Store& store, const ListQuery& query,
                          const std::function<void(const ListedCluster&)>& visit) {
    if (query.as_of && !query.search.empty()) {
        throw UsageError("--search reads the current index and cannot be combined with --as-of");
    }
    if (const auto bad = text::find_invalid_utf8(query.search))
        throw InputError(fmt::format("--search: invalid UTF-8 at byte {}", *bad));
    std::set<std::string> wanted(query.columns.begin(), query.columns.end());
    for (const auto& filter : query.filters) wanted.insert(std::string(filter.field->name));
    if (query.sort) wanted.insert(std::string(query.sort->name));
    const std::vector<std::string> fields(wanted.begin(), wanted.end());
    ListSummary summary{query.columns, {}, 0};
    // The ids a search finds, as many as it finds: the one part of a listing held whole.
    std::set<std::string> found_by_search;
    if (!query.search.empty()) {
        const std::string words = fts_query(query.search);
        if (!words.empty()) {
            for (auto& id : store.search(words)) found_by_search.insert(std::move(id));
        }
    }
    const auto verified = query.verified.empty() ? std::map<std::string, std::string>{} : badge_states(store, query.as_of);
    const auto listed = [](const std::string& id, std::vector<model::FieldRow>& rows) {
        ListedCluster cluster{id, {}};
        for (auto& row : rows) cluster.values.emplace(row.field, std::move(row));
        return cluster;
    };
    // Whether the cluster is listed, counted in `summary.matched` when it is.
    const auto matched = [&](const ListedCluster& cluster) {
        if (!query.search.empty() && !found_by_search.contains(cluster.id)) return false;
        const bool filtered_out = std::any_of(query.filters.begin(), query.filters.end(), [&](const Filter& filter) {
            return !passes_counted(cluster.value(filter.field->name), filter, summary.undecided);
        });
        if (filtered_out) return false;
        if (!query.verified.empty()) {
            const auto badge = verified.find(cluster.id);
            if ((badge == verified.end() ? "no" : badge->second) != query.verified) return false;
        }
        ++summary.matched;
        return true;
    };
    const auto shown = [&] { return !query.limit || summary.matched <= *query.limit; };
    if (!query.sort) {
        // In id order (or its reverse) as the store reads them: one cluster at a time.
        store.each_cluster_fields(fields, query.as_of, query.reverse,
                                  [&](const std::string& id, std::vector<model::FieldRow>& rows) {
                                      const ListedCluster cluster = listed(id, rows);
                                      if (matched(cluster) && shown()) visit(cluster);
                                  });
        return summary;
    }
    // Sorted by a field: the ids and keys go to a temporary table of the store, which sorts them
    // on disk; then each cluster is read again in that order.
    store.start_sorted_ids();
    store.each_cluster_fields(fields, query.as_of, false, [&](const std::string& id, std::vector<model::FieldRow>& rows) {
        const ListedCluster cluster = listed(id, rows);
        if (matched(cluster)) store.add_sorted_id(cluster.id, sort_key(cluster, *query.sort));
    });
    store.each_sorted_cluster(fields, query.as_of, query.reverse, query.limit,
                              [&](const std::string& id, std::vector<model::FieldRow>& rows) { visit(listed(id, rows)); });
    return summary;
}

DatasetStats dataset_stats(const store::Store& store) {
    std::vector<StatsRow> rows;
    store.for_each_current_record([&](model::Record& record) { rows.push_back(stats_row(record)); }, stats_fields());
    DatasetStats stats = tally_stats(rows);
    stats.values = store.value_sources();
    const auto present = store.cluster_ids(std::nullopt);
    const std::set<std::string> present_ids(present.begin(), present.end());
    for (const auto& [id, badge] : badge_states(store, std::nullopt)) {
        if (!present_ids.contains(id)) continue;
        ++(badge == "yes" ? stats.verified : stats.stale);
    }
    return stats;
}

void add_tree_parts(const store::Store& store, model::Record& record, std::optional<long long> as_of) {
    // Cleared: a field with claims in its history and none in force (cleared, or the changeset
    // that gave it a value reverted). The record holds every claim in force, retired ones aside.
    record.cleared = store.claimed_fields(record.id, as_of);
    std::erase_if(record.cleared, [&](const std::string& field) {
        return std::any_of(record.claims.begin(), record.claims.end(),
                           [&](const model::Claim& claim) { return claim.field == field; });
    });
    record.accepted.clear();
    for (auto& acceptance : store.acceptances_of(record.id, as_of))
        record.accepted.push_back({std::move(acceptance.rule), std::move(acceptance.reason)});
    record.verification = verification_of(store, record.id, as_of);
}

Undecided export_records(const store::Store& store, const ExportQuery& query, const std::function<void(model::Record&)>& visit) {
    Undecided undecided;
    auto write = [&](model::Record& record) {
        if (!passes_record(record, query.filters, undecided)) return;
        if (query.provenance) add_tree_parts(store, record, query.as_of);
        visit(record);
    };
    // The removed clusters come in their id order among the others.
    std::vector<std::string> removed = query.with_removed ? store.removed_clusters() : std::vector<std::string>{};
    auto next_removed = removed.begin();
    auto removed_before = [&](const std::string* id) {
        for (; next_removed != removed.end() && (!id || *next_removed < *id); ++next_removed) {
            model::Record gone;
            gone.id = *next_removed;
            gone.removed = true;
            visit(gone);
        }
    };
    auto write_in_order = [&](model::Record& record) {
        removed_before(&record.id);
        write(record);
    };
    if (!query.provenance && !query.as_of) {
        // The current values: a row per record in cluster_values.
        store.for_each_current_record(write_in_order);
    } else {
        // A values-only snapshot of the past needs neither competing claims nor evidence.
        store.for_each_record(query.as_of, write_in_order,
                              query.provenance ? store::Store::RecordParts::evidence : store::Store::RecordParts::values);
    }
    removed_before(nullptr);
    return undecided;
}

void list_sources(const store::Store& store, const std::string& cluster_id, bool unused_only,
                  const std::function<void(const model::SourceUse&)>& visit) {
    if (!cluster_id.empty()) require_record(store, cluster_id);
    store.each_source(cluster_id, [&](const model::SourceUse& use) {
        if (!unused_only || use.values == 0) visit(use);
    });
}

namespace {

model::Source find_source(const store::Store& store, const std::string& reference) {
    const bool is_id = !reference.empty() && reference.size() < 16 &&
                       std::all_of(reference.begin(), reference.end(), [](char c) { return c >= '0' && c <= '9'; });
    std::optional<model::Source> source =
        is_id ? store.source_by_id(std::stoll(reference)) : store.source_by_url(model::understand_source_url(reference).url);
    if (!source) throw InputError(fmt::format("no source '{}' (`gpuclusters sources` lists them)", reference));
    return *source;
}

}  // namespace

SourceBacking show_source(const store::Store& store, const std::string& reference) {
    SourceBacking backing{find_source(store, reference), {}};
    backing.values = store.values_backed_by(backing.source.id);
    return backing;
}

model::ChangeReport check_source(store::Store& store, model::SourceInput source, model::Changeset changeset,
                                 const std::string& today, bool dry_run) {
    const model::Source found = find_source(store, source.reference);
    source.reference = std::to_string(found.id);
    source.origin = "SOURCE";
    if (!source.accessed) source.accessed = today;
    if (changeset.message.empty()) changeset.message = fmt::format("check source {}", found.id);
    return apply_changes(store,
                         {.sources = {std::move(source)}, .changeset = std::move(changeset), .today = today, .dry_run = dry_run});
}

}  // namespace gpuclusters::ledger
