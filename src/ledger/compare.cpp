#include "gpuclusters/ledger/compare.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <iterator>
#include <map>
#include <set>

#include "formats/input_file.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::ledger {
namespace {

bool wanted(const std::vector<std::string>& fields, std::string_view field) {
    return fields.empty() || std::find(fields.begin(), fields.end(), field) != fields.end();
}

// A snapshot's cell, with the value it reads as: a values-only export carries no sources, so its
// cells are compared by value (model::same_value), not by what it cannot say.
struct TheirCell {
    Cell cell;
    bool values_only = false;
    std::optional<model::ClaimState> state;  ///< when the value was read
    model::FieldValue value;
};

bool same_cell(const model::Record& record, std::string_view field, const Cell& mine, const TheirCell* their) {
    if (!their) return mine == Cell{};
    if (!their->values_only) return mine == their->cell;
    const model::Claim* claim = record.preferred(field);
    if (!claim || !their->state || claim->state != *their->state) return false;
    return claim->state == model::ClaimState::not_published || model::same_value(claim->value, their->value);
}

// `source URL: kind list, title ..., published ...`: the metadata that is given, in a fixed order.
std::string source_line(const std::string& url, const model::SourceMeta& meta) {
    std::string line = "source " + url + ":";
    bool first = true;
    for (const auto& key : model::source_metadata_keys) {
        if ((meta.*key.stored).empty()) continue;
        line += fmt::format("{} {} {}", first ? "" : ",", key.label, meta.*key.stored);
        first = false;
    }
    return line;
}

// Sorted, each once.
void sort_once(std::vector<std::string>& lines) {
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
}

// A regular file that starts as SQLite's do; anything else that is not a regular file (a FIFO, a
// device) is refused here, before a reader waits on it.
bool is_sqlite_file(const std::string& path) {
    formats::InputFile probe(path);
    char header[16] = {};
    const auto got = probe.buffer().sgetn(header, sizeof header);
    return got == 16 && std::string_view(header, 16) == std::string_view("SQLite format 3\0", 16);
}

// One record of the snapshot side: its cells and, when asked, its provenance lines.
struct TheirRecord {
    std::string id;
    std::map<std::string, TheirCell> cells;
    std::vector<std::string> provenance;
};

// A record of the snapshot side: its preferred claims as cells (and, of a values-only snapshot,
// the values alone), and its provenance when asked.
TheirRecord their_record(const model::Record& record, bool values_only, const std::vector<std::string>& fields, bool provenance) {
    TheirRecord theirs{record.id, {}, {}};
    for (const auto& spec : model::field_catalogue()) {
        const model::Claim* claim = record.preferred(spec.name);
        if (!claim) continue;
        theirs.cells[std::string(spec.name)] = {cell_of(record, spec.name), values_only, claim->state, claim->value};
    }
    if (provenance) theirs.provenance = provenance_lines(record, fields);
    return theirs;
}

// Whether the snapshot is a database (else a file of records); InputError when nothing is there.
bool names_a_database(const std::string& snapshot) {
    std::error_code missing;
    if (snapshot != "-" && !std::filesystem::exists(snapshot, missing)) {
        throw InputError(fmt::format("--against {}: no such file", snapshot));
    }
    return snapshot != "-" && !std::filesystem::is_directory(snapshot, missing) && is_sqlite_file(snapshot);
}

// The snapshot's records one at a time, in its order, to `visit`: a database record by record,
// a file through its reader (which streams). Returns the database opened, for the ids it holds;
// nullopt for a file.
std::optional<store::Store> read_snapshot(const std::string& snapshot, bool database, const std::string& format_name,
                                          const std::vector<std::string>& fields, bool provenance,
                                          const std::function<void(TheirRecord&)>& visit) {
    if (database) {
        auto other = store::Store::open(snapshot, store::Access::read_only);
        other.for_each_record(std::nullopt, [&](model::Record& record) {
            TheirRecord theirs = their_record(record, false, fields, provenance);
            visit(theirs);
        });
        return other;
    }
    std::optional<formats::Format> format;
    if (!format_name.empty()) format = formats::format_from(format_name);
    if (!format) format = formats::format_of_path(snapshot);
    if (!format) throw UsageError(fmt::format("--against {}: say which format it is with --format", snapshot));
    std::optional<std::string> problem;
    formats::read_records(
        snapshot, *format,
        {[&](model::RecordDocument& document) {
             if (provenance && document.values_only) {
                 throw InputError(fmt::format(
                     "{} is an export of values alone: --provenance needs one made with `export --provenance`", snapshot));
             }
             // A value that does not read is compared as written: it differs, and says so.
             TheirRecord theirs = their_record(model::record_of(document).record, document.values_only, fields, provenance);
             visit(theirs);
         },
         [&](const std::string& found) {
             if (!problem) problem = found;
         }});
    if (problem) throw InputError(fmt::format("--against: {}", *problem));
    return std::nullopt;
}

}  // namespace

Cell cell_of(const model::Record& record, std::string_view field) {
    Cell cell;
    const model::Claim* claim = record.preferred(field);
    if (!claim) return cell;
    cell.display = model::display_claim(claim);
    cell.changeset = claim->ranked_in;
    for (const auto& citation : claim->citations) cell.sources.push_back(record.sources.at(citation.source_id).url);
    sort_once(cell.sources);
    return cell;
}

std::optional<DerivedFigure> h100_equivalent(const model::Record& record) {
    const model::Claim* count = record.value_of("gpus_installed");
    const model::Claim* gpu = record.value_of("gpu_model");
    if (!count || !gpu) return std::nullopt;
    const auto performance = model::gpu_performance(gpu->value.value);
    const auto h100 = model::gpu_performance("NVIDIA H100");
    if (!performance || !h100) return std::nullopt;
    const double equivalents = std::stod(count->value.value) * performance->bf16_dense_tflops / h100->bf16_dense_tflops;
    return DerivedFigure{fmt::format("{} H100e", text::group_thousands(std::llround(equivalents))),
                         fmt::format("{} x {} / {} TFLOP/s (Epoch AI: {})", text::group_thousands(std::stoll(count->value.value)),
                                     performance->bf16_dense_tflops, h100->bf16_dense_tflops, performance->source_row)};
}

SideBySide side_by_side(const store::Store& store, const std::vector<std::string>& cluster_ids,
                        const std::vector<std::string>& fields, bool with_derived, std::optional<long long> as_of) {
    SideBySide result;
    std::set<std::string> seen;
    for (const auto& id : cluster_ids) {
        result.records.push_back(require_record(store, id, as_of));
        if (!seen.insert(id).second) throw UsageError(fmt::format("{} is named twice", id));
    }
    for (const auto& spec : model::field_catalogue()) {
        if (!wanted(fields, spec.name)) continue;
        std::set<std::string> displays;
        for (const auto& record : result.records) displays.insert(model::display_claim(record.preferred(spec.name)));
        result.fields.emplace_back(spec.name);
        result.differs.push_back(displays.size() > 1);
        result.any_difference = result.any_difference || displays.size() > 1;
    }
    if (with_derived) {
        for (const auto& record : result.records) result.derived.push_back(h100_equivalent(record));
        if (std::none_of(result.derived.begin(), result.derived.end(), [](const auto& figure) { return figure.has_value(); })) {
            result.derived.clear();
        }
    }
    return result;
}

OverTime over_time(const store::Store& store, const std::string& cluster_id, std::optional<long long> from,
                   std::optional<long long> to, const std::vector<std::string>& fields) {
    const auto before = store.load_record(cluster_id, from);
    const auto after = store.load_record(cluster_id, to);
    if (!before && !after) throw InputError(fmt::format("no cluster '{}' at either moment", cluster_id));
    OverTime result{cluster_id, from, to, {}};
    for (const auto& spec : model::field_catalogue()) {
        if (!wanted(fields, spec.name)) continue;
        Cell left = before ? cell_of(*before, spec.name) : Cell{};
        Cell right = after ? cell_of(*after, spec.name) : Cell{};
        if (left == right) continue;
        result.changes.push_back({cluster_id, std::string(spec.name), std::move(left), std::move(right)});
    }
    return result;
}

std::vector<std::string> provenance_lines(const model::Record& record, const std::vector<std::string>& fields) {
    std::vector<std::string> lines;
    std::set<long long> named;
    for (const auto& claim : record.claims) {
        const auto* spec = model::find_field(claim.field);
        if (claim.rank == model::Rank::retired || !spec || spec->derived || !wanted(fields, claim.field)) continue;
        const std::string display = model::display_claim(&claim);
        lines.push_back(fmt::format("claim {} {} ({})", claim.field, display, model::to_string(claim.rank)));
        for (const auto& citation : claim.citations) {
            lines.push_back(fmt::format("citation {} {}: {} | {} | {}", claim.field, display,
                                        record.sources.at(citation.source_id).url, citation.locator, citation.quote));
            named.insert(citation.source_id);
        }
    }
    for (const auto& key : record.keys) {
        lines.push_back(fmt::format("key {}: {}", record.sources.at(key.source_id).url, key.key));
        named.insert(key.source_id);
    }
    for (const long long id : named) lines.push_back(source_line(record.sources.at(id).url, record.sources.at(id).meta));
    sort_once(lines);
    return lines;
}

Against against(const store::Store& store, const std::string& snapshot, const std::string& format,
                const std::vector<std::string>& fields, bool provenance) {
    Against result{snapshot, {}, {}, {}};
    result.provenance_compared = provenance;
    // Record by record, in flat memory: each of the snapshot's records beside this database's of
    // the same id; a file's ids are kept (a few bytes each) to find the records it lacks.
    std::set<std::string> ids_of_file;
    const bool database = names_a_database(snapshot);
    auto other = read_snapshot(snapshot, database, format, fields, provenance, [&](TheirRecord& theirs) {
        if (!database && !ids_of_file.insert(theirs.id).second) {
            throw InputError(fmt::format("{}: {} is given twice", snapshot, theirs.id));
        }
        const auto mine = store.cluster_present_as_of(theirs.id, std::nullopt) ? store.load_record(theirs.id) : std::nullopt;
        if (!mine) {
            result.only_there.push_back(theirs.id);
            return;
        }
        const model::Record& record = *mine;
        for (const auto& spec : model::field_catalogue()) {
            if (!wanted(fields, spec.name)) continue;
            Cell cell = record.preferred(spec.name) ? cell_of(record, spec.name) : Cell{};
            const auto other_cell = theirs.cells.find(std::string(spec.name));
            const TheirCell* their = other_cell == theirs.cells.end() ? nullptr : &other_cell->second;
            if (same_cell(record, spec.name, cell, their)) continue;
            result.differences.push_back({record.id, std::string(spec.name), std::move(cell), their ? their->cell : Cell{}});
        }
        if (provenance) {
            const auto here = provenance_lines(record, fields);
            const auto& there = theirs.provenance;
            ProvenanceDifference difference{record.id, {}, {}};
            std::set_difference(here.begin(), here.end(), there.begin(), there.end(), std::back_inserter(difference.only_here));
            std::set_difference(there.begin(), there.end(), here.begin(), here.end(), std::back_inserter(difference.only_there));
            if (!difference.only_here.empty() || !difference.only_there.empty())
                result.provenance.push_back(std::move(difference));
        }
    });
    store.each_cluster_id(std::nullopt, [&](const std::string& id) {
        const bool theirs = other ? other->cluster_present_as_of(id, std::nullopt) : ids_of_file.contains(id);
        if (!theirs) result.only_here.push_back(id);
    });
    // A file's records come in its own order; the differences are listed in id order.
    const auto by_cluster = [](const auto& a, const auto& b) { return a.cluster_id < b.cluster_id; };
    std::stable_sort(result.differences.begin(), result.differences.end(), by_cluster);
    std::stable_sort(result.provenance.begin(), result.provenance.end(), by_cluster);
    std::sort(result.only_there.begin(), result.only_there.end());
    return result;
}

}  // namespace gpuclusters::ledger
