#include "formats/csv_tables.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <optional>

#include "formats/csv.hpp"
#include "formats/interchange.hpp"
#include "formats/limits.hpp"
#include "formats/typed.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::formats {

const std::vector<std::string>& long_columns() {
    // The source's metadata as the long table's reader finds it: "source_" and each key's name.
    static const std::vector<std::string> columns = [] {
        std::vector<std::string> names{"cluster", "field", "state", "value", "rank", "source_url"};
        for (const auto& key : model::source_metadata_keys) names.push_back(std::string("source_") + key.name);
        names.insert(names.end(), {"locator", "quote"});
        return names;
    }();
    return columns;
}

namespace {

// Columns a file written before they existed lacks: read as empty.
bool long_column_optional(const std::string& name) { return name == "source_edition_of"; }

// Gives a source of a document one of its metadata, as a row states it: a value other than one
// stated before for that source is an error naming both places.
void state_source_metadata(model::SourceInput& source, const model::SourceMetadataKey& key, const std::string& value,
                           const std::string& place) {
    auto& held = source.*key.member;
    if (held && *held != value) {
        throw InputError(fmt::format("{}: source {}: {} '{}', but '{}' at {}", place, source.reference, key.name,
                                     text::excerpt(value), text::excerpt(*held), source.origin));
    }
    held = value;
}

// One field of a row of a format 2 wide table: the number alone in its column, its qualifiers
// and its state in theirs. Errors name file:line, the column and its name.
void read_typed_cells(RecordDocument& document, const model::FieldSpec* spec, const std::vector<std::string>& cells,
                      std::optional<std::size_t> value_column, std::optional<std::size_t> state_column,
                      const std::vector<std::pair<const model::QualifierKey*, std::size_t>>& qualifier_columns,
                      const std::string& place, const std::vector<std::string>& header) {
    auto at = [&](std::size_t i) { return fmt::format("{}: column {} ({})", place, i + 1, header[i]); };
    const std::string empty;
    const std::string& value = value_column ? cells[*value_column] : empty;
    const std::string& state = state_column ? cells[*state_column] : empty;
    if (!state.empty() && state != not_published_state && state != "set") {
        throw InputError(
            fmt::format("{}: '{}' is not a state (not_published, set or empty)", at(*state_column), text::excerpt(state)));
    }
    model::Qualifiers qualifiers;
    std::optional<std::size_t> first_qualifier;
    for (const auto& [key, i] : qualifier_columns) {
        if (cells[i].empty()) continue;
        qualifiers.*key->member = cells[i];
        if (!first_qualifier) first_qualifier = i;
    }
    const std::string origin = fmt::format("{}: {}", place, spec->name);
    if (state == not_published_state) {
        if (!value.empty())
            throw InputError(fmt::format("{}: the field is not_published ({}), but its cell holds '{}'", at(*value_column),
                                         header[*state_column], text::excerpt(value)));
        if (first_qualifier)
            throw InputError(fmt::format("{}: the field is not_published ({}), but this cell is not empty", at(*first_qualifier),
                                         header[*state_column]));
        add_claim_inputs(document.record, std::string(spec->name), true, "", model::Rank::preferred, {}, origin);
        return;
    }
    if (value.empty()) {
        if (first_qualifier)
            throw InputError(fmt::format("{}: a qualifier without the value it qualifies", at(*first_qualifier)));
        if (state == "set") throw InputError(fmt::format("{}: the state is set, but there is no value", at(*state_column)));
        return;  // an empty cell leaves the field as it is
    }
    std::string raw = value;
    if (model::is_numeric(spec->type)) {
        try {
            raw = typed_input(*spec, value, qualifiers);
        } catch (const InputError& error) {
            throw InputError(fmt::format("{}: {}", at(*value_column), error.what()));
        }
    }
    add_claim_inputs(document.record, std::string(spec->name), false, raw, model::Rank::preferred, {}, origin);
}

// The wide table's header: the fields of its columns, and for format 2 (a header with qualifier
// or state columns) each field's columns.
class WideHeader {
public:
    struct FieldColumns {
        const model::FieldSpec* spec;
        std::optional<std::size_t> value, state;
        std::vector<std::pair<const model::QualifierKey*, std::size_t>> qualifiers;
    };

    WideHeader(std::vector<std::string> names, const std::string& place) : names_(std::move(names)) {
        if (names_.empty() || names_[0] != "id") throw InputError(fmt::format("{}: the first column must be 'id'", place));
        const bool is_typed = std::any_of(names_.begin() + 1, names_.end(), [](const std::string& name) {
            const TypedColumn* found = find_typed_column(name);
            return found && found->role != TypedColumn::Role::value;
        });
        // A name given twice is named at its first column.
        std::map<std::string, std::size_t> last;
        for (std::size_t i = 0; i < names_.size(); ++i) last[names_[i]] = i;
        for (std::size_t i = 1; i < names_.size(); ++i) {
            const TypedColumn* found = find_typed_column(names_[i]);
            if (!found || (!is_typed && found->role != TypedColumn::Role::value)) {
                throw InputError(
                    fmt::format("{}: column {} '{}' is not a field (`gpuclusters fields`)", place, i + 1, names_[i]));
            }
            if (!is_typed) continue;
            if (last.at(names_[i]) != i)
                throw InputError(fmt::format("{}: column {} '{}' is there twice", place, i + 1, names_[i]));
            add_typed(*found, i);
        }
    }

    // One row: a record of values alone.
    RecordDocument record(const std::vector<std::string>& cells, const std::string& place) const {
        RecordDocument document;
        document.place = place;
        document.record.cluster_id = cells[0];
        document.record.origin = place + ": id";
        document.values_only = true;
        if (typed_.empty()) {
            for (std::size_t i = 1; i < cells.size(); ++i) {
                if (cells[i].empty()) continue;
                const bool not_published = cells[i] == not_published_cell;
                add_claim_inputs(document.record, names_[i], not_published, not_published ? "" : cells[i], model::Rank::preferred,
                                 {}, fmt::format("{}: {}", place, names_[i]));
            }
        }
        for (const auto& field : typed_)
            read_typed_cells(document, field.spec, cells, field.value, field.state, field.qualifiers, place, names_);
        return document;
    }

    std::size_t size() const { return names_.size(); }

private:
    void add_typed(const TypedColumn& found, std::size_t i) {
        auto group = std::ranges::find(typed_, found.spec, &FieldColumns::spec);
        if (group == typed_.end()) group = typed_.insert(typed_.end(), FieldColumns{found.spec, {}, {}, {}});
        switch (found.role) {
            case TypedColumn::Role::value:
                group->value = i;
                break;
            case TypedColumn::Role::state:
                group->state = i;
                break;
            case TypedColumn::Role::qualifier:
                group->qualifiers.emplace_back(found.qualifier, i);
                break;
        }
    }

    std::vector<std::string> names_;
    std::vector<FieldColumns> typed_;
};

// The long table, row by row: the record of the cluster being read, handed over when a row of
// another cluster (or the end) comes. A bad row rejects its whole record: what the other rows
// say of the cluster is not the record.
class LongReader {
public:
    explicit LongReader(const ReadSink& sink) : sink_(sink) {}

    void header(const std::vector<std::string>& cells, const std::string& place) {
        header_ = cells;
        for (std::size_t i = 0; i < header_.size(); ++i) column_[header_[i]] = i;
        for (const auto& name : long_columns()) {
            if (!column_.contains(name) && !long_column_optional(name))
                throw InputError(fmt::format("{}: the header has no column '{}'", place, name));
        }
        // A column the table does not know would be dropped unread: refused, as the wide table refuses one.
        for (std::size_t i = 0; i < header_.size(); ++i) {
            if (std::find(long_columns().begin(), long_columns().end(), header_[i]) == long_columns().end()) {
                throw InputError(fmt::format("{}: column {} '{}' is not a column of the long table (gpuclusters(5))", place,
                                             i + 1, text::excerpt(header_[i])));
            }
            if (column_.at(header_[i]) != i)
                throw InputError(fmt::format("{}: column {} '{}' is there twice", place, i + 1, header_[i]));
        }
    }

    bool has_header() const { return !header_.empty(); }
    std::size_t width() const { return header_.size(); }

    // A row of the wrong width: it rejects the record being read when its cluster cell names it.
    void misshapen(const std::vector<std::string>& cells, const std::string& problem) {
        const std::size_t cluster = column_.at("cluster");
        if (cluster < cells.size() && read_cell(cells[cluster]) == current_id_) {
            reject(problem);
        } else {
            sink_.problem(problem);
        }
    }

    void row(const std::vector<std::string>& cells, const std::string& place) {
        cells_ = &cells;
        // A spreadsheet leaves a repeated cell blank; taken for the record above or below, the
        // row's values would land in a record it does not name.
        if (text::trim(cell("cluster")).empty()) {
            sink_.problem(
                fmt::format("{}: column {} 'cluster' is empty: every row names its cluster (a long table is not filled down)",
                            place, column_.at("cluster") + 1));
            return;
        }
        if (cell("cluster") != current_id_) start(place);
        if (too_large_ || past_limit(place)) return;
        const bool key_row = cell("field") == key_row_field;
        if (const auto problem = row_problem(key_row, place)) {
            reject(*problem);
            return;
        }
        std::optional<std::size_t> source;  // the row's source, looked up once
        try {
            if (key_row) {
                current_.record.keys.push_back({take_source(place), cell("value"), place + ": key"});
                return;
            }
            if (!cell("source_url").empty()) source = take_source(place);
        } catch (const InputError& error) {
            reject(error.what());
            return;
        }
        const std::string& rank = cell("rank");
        if (!rank.empty() && rank != "preferred" && rank != "normal" && rank != "deprecated") {
            reject(fmt::format("{}: rank '{}' is not preferred, normal or deprecated", place, rank));
            return;
        }
        add_claim_row(source, place);
    }

    void flush() {
        if (current_id_.empty()) return;
        if (!rejected_) sink_.take(current_);
        current_ = {};
        sources_.clear();
        current_id_.clear();
        claim_key_.clear();
        rejected_ = false;
        too_large_ = false;
        bytes_ = 0;
    }

private:
    const std::string& cell(const char* name) const { return (*cells_)[column_.at(name)]; }

    void reject(const std::string& problem) {
        rejected_ = true;
        sink_.problem(problem);
    }

    void start(const std::string& place) {
        flush();
        current_id_ = cell("cluster");
        current_.place = place;
        current_.record.cluster_id = current_id_;
        current_.record.origin = place + ": cluster";
    }

    // A record beyond model::max_record_parts or max_record_bytes is refused as its rows come,
    // not held to the end. Past the limit already (a row adds its parts after this): the engine
    // refuses a record that ends at the limit plus a row's few parts, this reader one that goes on.
    bool past_limit(const std::string& place) {
        for (const auto& text : *cells_) bytes_ += text.size();
        const bool too_many = current_.sources.size() + model::record_parts(current_.record) > model::max_record_parts;
        if (!too_many && bytes_ <= max_record_bytes) return false;
        reject(too_many ? fmt::format("{}: {}", place, model::too_many_parts(current_id_)) : record_too_long(place));
        too_large_ = true;
        const std::string id = current_.record.cluster_id;
        current_ = {};
        sources_.clear();
        current_.record.cluster_id = id;
        return true;
    }

    std::optional<std::string> row_problem(bool key_row, const std::string& place) const {
        const std::string& state = cell("state");
        if (!key_row && !state.empty() && state != "set" && state != "not_published")
            return fmt::format("{}: state '{}' is not set or not_published", place, text::excerpt(state));
        if (state == "not_published" && !cell("value").empty())
            return fmt::format("{}: a claim not published has no value (the value cell must be empty)", place);
        if (cell("source_url").empty() && (!cell("locator").empty() || !cell("quote").empty()))
            return fmt::format("{}: a locator or quote without its source_url", place);
        if (key_row && (cell("source_url").empty() || cell("value").empty()))
            return fmt::format("{}: a key row needs the key as its value and its source_url", place);
        return std::nullopt;
    }

    // The row's source, with the metadata the row gives it (throws when it contradicts a row before).
    std::size_t take_source(const std::string& place) {
        const std::size_t source = sources_(cell("source_url"), place + ": source_url");
        auto& input = current_.sources[source];
        for (const auto& key : model::source_metadata_keys) {
            const auto found = column_.find(std::string("source_") + key.name);
            if (found == column_.end()) continue;  // an optional column
            const std::string& value = (*cells_)[found->second];
            if (!value.empty()) state_source_metadata(input, key, value, place);
        }
        return source;
    }

    void add_claim_row(std::optional<std::size_t> source, const std::string& place) {
        const std::string rank = cell("rank").empty() ? "preferred" : cell("rank");
        const std::string key = cell("field") + "\x1f" + cell("state") + "\x1f" + cell("value") + "\x1f" + rank;
        if (key != claim_key_) {
            claim_key_ = key;
            claim_taken_ = add_claim_inputs(current_.record, cell("field"), cell("state") == "not_published", cell("value"),
                                            model::rank_from(rank), {}, fmt::format("{}: {}", place, cell("field")));
        }
        if (!source || !claim_taken_) return;
        // The claim's inputs end with it: the set (or cite) entry takes the citation.
        auto& fields = current_.record.fields;
        const auto taker = std::find_if(fields.rbegin(), fields.rend(),
                                        [](const auto& input) { return input.action != model::FieldAction::rank; });
        if (taker != fields.rend()) taker->citations.push_back({*source, cell("locator"), cell("quote"), place});
    }

    const ReadSink& sink_;
    std::vector<std::string> header_;
    std::map<std::string, std::size_t> column_;
    const std::vector<std::string>* cells_ = nullptr;  ///< the row being read
    RecordDocument current_;
    SourceIndex sources_{current_};
    std::string current_id_;
    std::string claim_key_;  ///< of the claim the last row gave: rows of one claim are its citations
    bool claim_taken_ = false;
    bool rejected_ = false;
    bool too_large_ = false;
    std::size_t bytes_ = 0;
};

}  // namespace

void read_csv_wide(std::istream& input, const std::string& file, const ReadSink& sink) {
    std::optional<WideHeader> header;
    read_csv(input, file, [&](std::vector<std::string>& cells, std::size_t line) {
        const std::string place = fmt::format("{}:{}", file, line);
        if (!header) {
            header.emplace(cells, place);
            return;
        }
        if (cells.size() != header->size()) {
            sink.problem(fmt::format("{}: {} cells where the header has {}", place, cells.size(), header->size()));
            return;
        }
        for (auto& cell : cells) cell = read_cell(cell);
        sink.take_read([&] { return header->record(cells, place); });
    });
}

void read_csv_long(std::istream& input, const std::string& file, const ReadSink& sink) {
    LongReader reader(sink);
    read_csv(input, file, [&](std::vector<std::string>& cells, std::size_t line) {
        const std::string place = fmt::format("{}:{}", file, line);
        if (!reader.has_header()) {
            reader.header(cells, place);
            return;
        }
        if (cells.size() != reader.width()) {
            reader.misshapen(cells, fmt::format("{}: {} cells where the header has {}", place, cells.size(), reader.width()));
            return;
        }
        for (auto& cell : cells) cell = read_cell(cell);
        reader.row(cells, place);
    });
    reader.flush();
}

}  // namespace gpuclusters::formats
