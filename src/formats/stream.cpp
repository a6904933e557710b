#include "formats/stream.hpp"

#include "formats/counted_input.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fmt/format.h>
#include <iostream>
#include <map>
#include <optional>

#include "formats/atomic_file.hpp"
#include "formats/counted_input.hpp"
#include "formats/csv.hpp"
#include "formats/input_file.hpp"
#include "formats/record_toml.hpp"
#include "formats/typed.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::formats {
namespace {

constexpr std::string_view not_published_cell = "(not published)";

// The `field` of a CSV long row that holds a record's key rather than a claim.
constexpr std::string_view key_row_field = "key";

const std::vector<std::string>& long_columns() {
    static const std::vector<std::string> columns{"cluster",
                                                  "field",
                                                  "state",
                                                  "value",
                                                  "rank",
                                                  "source_url",
                                                  "source_kind",
                                                  "source_title",
                                                  "source_publisher",
                                                  "source_published",
                                                  "source_accessed",
                                                  "source_archive_url",
                                                  "source_archived",
                                                  "source_edition_of",
                                                  "locator",
                                                  "quote"};
    return columns;
}

// Columns a file written before they existed lacks: read as empty.
bool long_column_optional(const std::string& name) { return name == "source_edition_of"; }

Json header_json(bool provenance) {
    return Json{{"format", "gpuclusters"}, {"version", format_version}, {"provenance", provenance}};
}

// The version of a checked header.
long long check_header(const Json& header, const std::string& place) {
    // Any JSON may stand where the header's members should (found by fuzz_streams: an array as
    // "format" threw a type error past every handler): each is checked for its type first.
    const auto format = header.find("format");
    const auto version = header.find("version");
    if (format == header.end() || !format->is_string() || format->get_ref<const std::string&>() != "gpuclusters" ||
        version == header.end() || !version->is_number_integer()) {
        throw InputError(
            fmt::format("{}: not a gpuclusters export (expected \"format\": \"gpuclusters\" and a \"version\")", place));
    }
    const bool newer = version->is_number_unsigned() ? version->get<unsigned long long>() > format_version
                                                     : version->get<long long>() > format_version;
    if (newer) {
        throw InputError(fmt::format("{}: format version {} is newer than this gpuclusters reads ({}); upgrade gpuclusters",
                                     place, text::excerpt(version->dump()), format_version));
    }
    // (JSON's 0 and positive numbers read as unsigned, negative ones as signed.)
    if (version->is_number_unsigned() ? version->get<unsigned long long>() < 1 : version->get<long long>() < 1) {
        throw InputError(fmt::format("{}: format version {} is not a version (they start at 1)", place, version->dump()));
    }
    return version->get<long long>();
}

class JsonWriter : public RecordWriter {
public:
    JsonWriter(std::ostream& out, bool lines, WriterOptions options) : out_(out), lines_(lines), options_(options) {
        if (lines_) {
            out_ << header_json(options_.provenance).dump() << "\n";
        } else {
            Json header = header_json(options_.provenance);
            const std::string opening = header.dump();
            out_ << opening.substr(0, opening.size() - 1) << ",\"clusters\":[";
        }
    }
    void write(const model::Record& record) override {
        const std::string line = dump_exact(record_to_json(record, options_.provenance));
        if (lines_) {
            out_ << line << "\n";
        } else {
            out_ << (first_ ? "\n" : ",\n") << line;
        }
        first_ = false;
    }
    void finish() override {
        if (!lines_) out_ << "\n]}\n";
    }

private:
    std::ostream& out_;
    bool lines_;
    WriterOptions options_;
    bool first_ = true;
};

class TomlWriter : public RecordWriter {
public:
    TomlWriter(std::ostream& out, std::string folder, WriterOptions options)
        : out_(out), folder_(std::move(folder)), options_(options) {
        // What an export killed before its renames left behind goes before this one writes.
        if (!folder_.empty()) AtomicFile::remove_left_behind(folder_);
    }
    void write(const model::Record& record) override {
        const std::string text = record_to_toml(record, options_.provenance);
        if (folder_.empty()) {
            out_ << (first_ ? "" : "\n") << text;
        } else {
            // A slug (letters, digits, hyphens) never leaves the folder: checked again here, since
            // the id may come from a database written by other means.
            try {
                (void)model::parse_cluster_id(record.id);
            } catch (const InputError&) {
                throw InputError(
                    fmt::format("{}: the database holds a record id that is not a slug ('{}'): "
                                "no file is named after it",
                                folder_, text::excerpt(record.id)));
            }
            AtomicFile file((std::filesystem::path(folder_) / (record.id + ".toml")).string());
            file.stream() << text;
            file.commit();
        }
        first_ = false;
    }

private:
    std::ostream& out_;
    std::string folder_;
    WriterOptions options_;
    bool first_ = true;
};

class CsvWideWriter : public RecordWriter {
public:
    CsvWideWriter(std::ostream& out, WriterOptions options) : out_(out), options_(options) {
        out_ << "id";
        for (const auto& column : typed_columns()) out_ << "," << column.name;
        out_ << "\n";
    }
    void write(const model::Record& record) override {
        line_.clear();
        append_csv_cell(line_, record.id, options_.neutralise);
        const model::FieldSpec* spec = nullptr;
        const model::Claim* claim = nullptr;
        for (const auto& column : typed_columns()) {
            line_ += ',';
            if (column.spec != spec) {
                spec = column.spec;
                claim = record.preferred(spec->name);
            }
            if (!claim) continue;
            const bool set = claim->state == model::ClaimState::set;
            switch (column.role) {
                case TypedColumn::Role::value:
                    // A number field's cell is the number alone; its qualifiers have their columns.
                    if (set)
                        append_csv_cell(
                            line_, model::is_numeric(spec->type) ? claim->value.value : model::input_text(*spec, claim->value),
                            options_.neutralise);
                    break;
                case TypedColumn::Role::qualifier:
                    if (set) append_csv_cell(line_, claim->value.qualifiers.*column.qualifier->member, options_.neutralise);
                    break;
                case TypedColumn::Role::state:
                    if (!set) line_ += not_published_state;
                    break;
            }
        }
        line_ += '\n';
        out_ << line_;
    }

private:
    std::ostream& out_;
    WriterOptions options_;
    std::string line_;  ///< reused: one write per record
};

class CsvLongWriter : public RecordWriter {
public:
    CsvLongWriter(std::ostream& out, WriterOptions options) : out_(out), options_(options) {
        bool first = true;
        for (const auto& column : long_columns()) {
            out_ << (first ? "" : ",") << column;
            first = false;
        }
        out_ << "\n";
    }
    void write(const model::Record& record) override {
        for (const auto* claim : export_claims(record, true)) {
            const auto& spec = *model::find_field(claim->field);
            const std::vector<std::string> claim_cells{
                record.id, claim->field, std::string(model::to_string(claim->state)),
                claim->state == model::ClaimState::set ? model::input_text(spec, claim->value) : "",
                std::string(model::to_string(claim->rank))};
            if (claim->citations.empty()) row(claim_cells, nullptr, nullptr);
            for (const auto& citation : claim->citations) row(claim_cells, &record.sources.at(citation.source_id), &citation);
        }
        // A key is a row of its own: field "key", the key as its value, the source it names the record in.
        for (const auto& key : record.keys) {
            const model::Citation none;
            row({record.id, std::string(key_row_field), "", key.key, ""}, &record.sources.at(key.source_id), &none);
        }
    }

private:
    // No changeset column: it is history, not state, and an import records its own, so it would
    // break the byte-for-byte round trip (log and blame --json give it).
    void row(const std::vector<std::string>& claim_cells, const model::Source* source, const model::Citation* citation) {
        std::vector<std::string> cells = claim_cells;
        if (source) {
            for (const auto& value : {source->url, source->meta.kind, source->meta.title, source->meta.publisher,
                                      source->meta.published, source->meta.accessed, source->meta.archive_url,
                                      source->meta.archived, source->meta.edition_of, citation->locator, citation->quote}) {
                cells.push_back(value);
            }
        } else {
            cells.resize(cells.size() + 11);
        }
        for (std::size_t i = 0; i < cells.size(); ++i) out_ << (i ? "," : "") << csv_cell(cells[i], options_.neutralise);
        out_ << "\n";
    }

    std::ostream& out_;
    WriterOptions options_;
};

// --- readers -----------------------------------------------------------------------------------

void read_json_lines(std::istream& input, const std::string& file, const ReadSink& sink) {
    // Bytes of a line read whole before it is parsed: some hundreds of claims. A longer line is
    // parsed as it is read, so that its text is not held beside its JSON, and refused past
    // max_record_bytes; a short one is parsed from its text, which costs no call a byte.
    constexpr std::size_t streamed_from = std::size_t{64} * 1024;
    std::string line(streamed_from + 1, '\0');
    std::size_t number = 0;
    long long version = 1;  // a file without a header line is read as version 1
    while (true) {
        input.getline(line.data(), static_cast<std::streamsize>(line.size()));
        const auto got = static_cast<std::size_t>(input.gcount());
        const bool whole = !input.fail();
        if (!whole && got == 0) break;  // the end of the input
        if (!whole) input.clear();      // a line longer than the buffer: the rest is still to read
        ++number;
        // gcount counts the newline the line ends with, which getline does not store.
        const std::string_view text(line.data(), got - (whole && !input.eof() ? 1 : 0));
        if (whole && text::trim(text).empty()) continue;
        const std::string place = fmt::format("{}:{}", file, number);
        std::optional<JsonText> rest;
        if (!whole) {
            rest.emplace(*input.rdbuf(), text, true, file, number);
            // A long line of blanks is a blank line too.
            if (rest->skip_blanks()) continue;
        }
        // A long line is refused once it passes the limit of one record, before it is held.
        const auto within_limit = [&](int, Json::parse_event_t, Json&) {
            if (rest->record_bytes() > max_record_bytes) throw InputError(record_too_long(place));
            return true;
        };
        Json json;
        try {
            json = rest ? parse_json_exact(*rest, within_limit, place) : parse_json_exact(text, place);
        } catch (const Json::exception& error) {  // a syntax error, or a number out of range ("1e400")
            if (rest) rest->skip_line();
            sink.problem(fmt::format("{}: malformed JSON ({})", place, text::excerpt(error.what(), 200)));
            continue;
        } catch (const InputError& error) {  // a number that a double does not keep, a key twice, a huge string or record
            if (rest) rest->skip_line();
            sink.problem(error.what());
            continue;
        }
        if (rest) rest->skip_line();  // the newline
        if (json.is_object() && json.contains("format")) {
            version = check_header(json, place);
            continue;
        }
        model::RecordDocument document;
        try {
            document = record_from_json(json, place, version);
        } catch (const InputError& error) {
            sink.problem(error.what());
            continue;
        }
        json = Json();  // the record is held once, as inputs, while it is checked and written
        try {
            sink.record(document);
        } catch (const InputError& error) {
            sink.problem(error.what());
        }
    }
}

void read_json_document(std::istream& input, const std::string& file, const ReadSink& sink) {
    // The callback reads each element of "clusters" once it is parsed and drops it: the document
    // is never held whole. An element past max_record_bytes of text is refused, the rest of it
    // parsed and dropped as it comes, and the next read on.
    bool in_clusters = false;
    bool header_checked = false;
    long long version = 1;
    Json header = Json::object();
    std::size_t index = 0;
    std::string key;
    bool too_long = false;  ///< the element being parsed passed the limit
    JsonText text(*input.rdbuf(), {}, false, file, 1);
    Json::parser_callback_t callback = [&](int depth, Json::parse_event_t event, Json& parsed) -> bool {
        if (depth == 1 && event == Json::parse_event_t::key) {
            key = parsed.get<std::string>();
            in_clusters = key == "clusters";
            if (in_clusters && !header_checked) {
                version = check_header(header, file);
                header_checked = true;
            }
            return true;
        }
        if (depth == 1 && event == Json::parse_event_t::value && !in_clusters) {
            header[key] = parsed;
            return true;
        }
        if (in_clusters && depth == 1 && (event == Json::parse_event_t::object_start || event == Json::parse_event_t::value)) {
            throw InputError(fmt::format("{}: \"clusters\" must be an array of records", file));
        }
        if (in_clusters && depth == 2 && (event == Json::parse_event_t::value || event == Json::parse_event_t::array_end)) {
            sink.problem(fmt::format("{}: clusters[{}]: a record must be a JSON object", file, index++));
            return false;
        }
        if (!in_clusters || depth < 2) return true;
        const std::string place = fmt::format("{}: clusters[{}]", file, index);
        if (depth == 2 && event == Json::parse_event_t::object_start) {
            text.start_record();
            too_long = false;
            return true;
        }
        if (!too_long && text.record_bytes() > max_record_bytes) {
            too_long = true;
            sink.problem(record_too_long(place));
        }
        if (depth != 2 || event != Json::parse_event_t::object_end) return !too_long;
        ++index;
        if (too_long) return false;
        model::RecordDocument document;
        try {
            document = record_from_json(parsed, place, version);
        } catch (const InputError& error) {
            sink.problem(error.what());
            return false;
        }
        parsed = Json();  // as for JSON Lines: the element goes before the record is written
        try {
            sink.record(document);
        } catch (const InputError& error) {
            sink.problem(error.what());
        }
        return false;
    };
    try {
        const Json rest = parse_json_exact(text, callback, file);  // what remains: the header and an emptied array
        (void)rest;
    } catch (const Json::exception& error) {  // a syntax error, or a number out of range ("1e400")
        throw InputError(fmt::format("{}: malformed JSON ({})", file, text::excerpt(error.what(), 200)));
    }
    if (!header_checked) check_header(header, file);
}

// One TOML record, its whole text: toml++ parses a whole text.
void read_toml_text(const std::string& content, const std::string& name, const ReadSink& sink) {
    try {
        auto document = read_toml_record(content, name);
        sink.record(document);
    } catch (const InputError& error) {
        sink.problem(error.what());
    }
}

// Standard input is read whole too, refused as soon as it passes the limit.
void read_toml_input(std::streambuf& source, const ReadSink& sink) {
    CountedInput counted(source, sink.bytes_read);
    read_toml_text(read_whole_stream(counted, "-"), "-", sink);
}

// A file of a TOML record: a regular file no larger than max_whole_file_bytes (a folder, a FIFO
// or a device that a folder's *.toml names is refused before it is read).
void read_toml_file(const std::string& path, const ReadSink& sink) {
    InputFile file(path);
    const std::string content = file.read_all();
    if (sink.bytes_read != nullptr) sink.bytes_read->fetch_add(content.size(), std::memory_order_relaxed);
    read_toml_text(content, path, sink);
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

void read_csv_records(std::istream& input, const std::string& file, const ReadSink& sink, bool long_form) {
    std::vector<std::string> header;
    std::map<std::string, std::size_t> column;
    // A wide table of format 2 (a header with qualifier or state columns): its columns by field.
    struct FieldColumns {
        const model::FieldSpec* spec;
        std::optional<std::size_t> value, state;
        std::vector<std::pair<const model::QualifierKey*, std::size_t>> qualifiers;
    };
    std::vector<FieldColumns> typed;
    RecordDocument current;
    SourceIndex current_sources(current);
    std::string current_id;
    // CSV long: consecutive rows of one cluster make one record; rows of one claim, its citations.
    std::string claim_key;
    bool claim_taken = false;
    // A bad row rejects its whole record: what the other rows say of the cluster is not the record.
    bool current_rejected = false;
    // A record beyond model::max_record_parts or max_record_bytes is refused as its rows come,
    // not held to the end.
    bool current_too_large = false;
    std::size_t current_bytes = 0;
    auto reject = [&](const std::string& problem) {
        current_rejected = true;
        sink.problem(problem);
    };
    auto flush = [&] {
        if (current_id.empty()) return;
        if (!current_rejected) {
            try {
                sink.record(current);
            } catch (const InputError& error) {
                sink.problem(error.what());
            }
        }
        current = {};
        current_sources.clear();
        current_id.clear();
        claim_key.clear();
        current_rejected = false;
        current_too_large = false;
        current_bytes = 0;
    };
    read_csv(input, file, [&](std::vector<std::string>& cells, std::size_t line) {
        const std::string place = fmt::format("{}:{}", file, line);
        if (header.empty()) {
            header = cells;
            for (std::size_t i = 0; i < header.size(); ++i) column[header[i]] = i;
            if (long_form) {
                for (const auto& name : long_columns()) {
                    if (!column.contains(name) && !long_column_optional(name))
                        throw InputError(fmt::format("{}: the header has no column '{}'", place, name));
                }
                // A column the table does not know would be dropped unread: refused, as the wide table refuses one.
                for (std::size_t i = 0; i < header.size(); ++i) {
                    if (std::find(long_columns().begin(), long_columns().end(), header[i]) == long_columns().end()) {
                        throw InputError(fmt::format("{}: column {} '{}' is not a column of the long table (gpuclusters(5))",
                                                     place, i + 1, text::excerpt(header[i])));
                    }
                    if (column.at(header[i]) != i)
                        throw InputError(fmt::format("{}: column {} '{}' is there twice", place, i + 1, header[i]));
                }
            } else {
                if (header.empty() || header[0] != "id")
                    throw InputError(fmt::format("{}: the first column must be 'id'", place));
                const bool is_typed = std::any_of(header.begin() + 1, header.end(), [](const std::string& name) {
                    const TypedColumn* found = find_typed_column(name);
                    return found && found->role != TypedColumn::Role::value;
                });
                for (std::size_t i = 1; i < header.size(); ++i) {
                    const TypedColumn* found = find_typed_column(header[i]);
                    if (!found || (!is_typed && found->role != TypedColumn::Role::value)) {
                        throw InputError(
                            fmt::format("{}: column {} '{}' is not a field (`gpuclusters fields`)", place, i + 1, header[i]));
                    }
                    if (!is_typed) continue;
                    if (column.at(header[i]) != i)
                        throw InputError(fmt::format("{}: column {} '{}' is there twice", place, i + 1, header[i]));
                    auto group = std::find_if(typed.begin(), typed.end(),
                                              [&](const FieldColumns& held) { return held.spec == found->spec; });
                    if (group == typed.end()) group = typed.insert(typed.end(), FieldColumns{found->spec, {}, {}, {}});
                    switch (found->role) {
                        case TypedColumn::Role::value:
                            group->value = i;
                            break;
                        case TypedColumn::Role::state:
                            group->state = i;
                            break;
                        case TypedColumn::Role::qualifier:
                            group->qualifiers.emplace_back(found->qualifier, i);
                            break;
                    }
                }
            }
            return;
        }
        if (cells.size() != header.size()) {
            const std::string problem = fmt::format("{}: {} cells where the header has {}", place, cells.size(), header.size());
            // A row of the record being read (its cluster cell names it) rejects the record.
            const std::size_t cluster = long_form ? column.at("cluster") : 0;
            if (long_form && cluster < cells.size() && read_cell(cells[cluster]) == current_id) {
                reject(problem);
            } else {
                sink.problem(problem);
            }
            return;
        }
        for (auto& cell : cells) cell = read_cell(cell);
        if (!long_form) {
            RecordDocument document;
            document.place = place;
            document.record.cluster_id = cells[0];
            document.record.origin = place + ": id";
            document.values_only = true;
            try {
                if (typed.empty()) {
                    for (std::size_t i = 1; i < cells.size(); ++i) {
                        if (cells[i].empty()) continue;
                        const bool not_published = cells[i] == not_published_cell;
                        add_claim_inputs(document.record, header[i], not_published, not_published ? "" : cells[i],
                                         model::Rank::preferred, {}, fmt::format("{}: {}", place, header[i]));
                    }
                }
                for (const auto& field : typed)
                    read_typed_cells(document, field.spec, cells, field.value, field.state, field.qualifiers, place, header);
            } catch (const InputError& error) {
                sink.problem(error.what());
                return;
            }
            try {
                sink.record(document);
            } catch (const InputError& error) {
                sink.problem(error.what());
            }
            return;
        }
        auto cell = [&](const char* name) -> const std::string& { return cells[column.at(name)]; };
        // A spreadsheet leaves a repeated cell blank; taken for the record above or below, the
        // row's values would land in a record it does not name.
        if (text::trim(cell("cluster")).empty()) {
            sink.problem(
                fmt::format("{}: column {} 'cluster' is empty: every row names its cluster (a long table is not filled down)",
                            place, column.at("cluster") + 1));
            return;
        }
        if (cell("cluster") != current_id) {
            flush();
            current_id = cell("cluster");
            current.place = place;
            current.record.cluster_id = current_id;
            current.record.origin = place + ": cluster";
        }
        if (current_too_large) return;
        for (const auto& text : cells) current_bytes += text.size();
        // Past the limit already (a row adds its parts after this): the engine refuses a record
        // that ends at the limit plus a row's few parts, this reader one that goes on.
        const bool too_many = current.sources.size() + model::record_parts(current.record) > model::max_record_parts;
        if (too_many || current_bytes > max_record_bytes) {
            reject(too_many ? fmt::format("{}: {}", place, model::too_many_parts(current_id)) : record_too_long(place));
            current_too_large = true;
            const std::string id = current.record.cluster_id;
            current = {};
            current_sources.clear();
            current.record.cluster_id = id;
            return;
        }
        // The row's source, with the metadata the row gives it (throws when it contradicts a row before).
        auto take_source = [&] {
            const std::size_t source = current_sources(cell("source_url"), place + ": source_url");
            auto& input = current.sources[source];
            for (const auto& key : model::source_metadata_keys) {
                const auto found = column.find(std::string("source_") + key.name);
                if (found == column.end()) continue;  // an optional column
                const std::string& value = cells[found->second];
                if (!value.empty()) state_source_metadata(input, key, value, place);
            }
            return source;
        };
        const std::string& state = cell("state");
        const bool key_row = cell("field") == key_row_field;
        if (!key_row && !state.empty() && state != "set" && state != "not_published") {
            reject(fmt::format("{}: state '{}' is not set or not_published", place, text::excerpt(state)));
            return;
        }
        if (state == "not_published" && !cell("value").empty()) {
            reject(fmt::format("{}: a claim not published has no value (the value cell must be empty)", place));
            return;
        }
        if (cell("source_url").empty() && (!cell("locator").empty() || !cell("quote").empty())) {
            reject(fmt::format("{}: a locator or quote without its source_url", place));
            return;
        }
        std::optional<std::size_t> row_source;  // the row's source, looked up once
        try {
            if (key_row) {
                if (cell("source_url").empty() || cell("value").empty()) {
                    reject(fmt::format("{}: a key row needs the key as its value and its source_url", place));
                    return;
                }
                current.record.keys.push_back({take_source(), cell("value"), place + ": key"});
                return;
            }
            if (!cell("source_url").empty()) row_source = take_source();
        } catch (const InputError& error) {
            reject(error.what());
            return;
        }
        const std::string rank = cell("rank").empty() ? "preferred" : cell("rank");
        if (rank != "preferred" && rank != "normal" && rank != "deprecated") {
            reject(fmt::format("{}: rank '{}' is not preferred, normal or deprecated", place, rank));
            return;
        }
        const std::string key = cell("field") + "\x1f" + cell("state") + "\x1f" + cell("value") + "\x1f" + rank;
        if (key != claim_key) {
            claim_key = key;
            claim_taken = add_claim_inputs(current.record, cell("field"), cell("state") == "not_published", cell("value"),
                                           model::rank_from(rank), {}, fmt::format("{}: {}", place, cell("field")));
        }
        if (cell("source_url").empty() || !claim_taken) return;
        const std::size_t source = *row_source;
        // The claim's inputs end with it: the set (or cite) entry takes the citation.
        for (auto it = current.record.fields.rbegin(); it != current.record.fields.rend(); ++it) {
            if (it->action != model::FieldAction::rank) {
                it->citations.push_back({source, cell("locator"), cell("quote"), place});
                break;
            }
        }
    });
    flush();
}

}  // namespace

Format format_from(const std::string& name) {
    if (name == "json") return Format::json;
    if (name == "jsonl") return Format::jsonl;
    if (name == "toml") return Format::toml;
    if (name == "csv") return Format::csv;
    if (name == "csv-long") return Format::csv_long;
    throw UsageError(fmt::format("--format {}: one of {}", name, fmt::join(format_names, ", ")));
}

std::optional<Format> format_of_path(const std::string& path) {
    std::error_code ignored;
    if (path != "-" && std::filesystem::is_directory(path, ignored)) return Format::toml;
    const std::string extension = std::filesystem::path(path).extension().string();
    if (extension == ".json") return Format::json;
    if (extension == ".jsonl" || extension == ".ndjson") return Format::jsonl;
    if (extension == ".toml") return Format::toml;
    if (extension == ".csv") return Format::csv;
    return std::nullopt;
}

std::unique_ptr<RecordWriter> make_writer(Format format, std::ostream& out, const std::string& folder, WriterOptions options) {
    switch (format) {
        case Format::json:
            return std::make_unique<JsonWriter>(out, false, options);
        case Format::jsonl:
            return std::make_unique<JsonWriter>(out, true, options);
        case Format::toml:
            return std::make_unique<TomlWriter>(out, folder, options);
        case Format::csv:
            return std::make_unique<CsvWideWriter>(out, options);
        case Format::csv_long:
            return std::make_unique<CsvLongWriter>(out, options);
    }
    return nullptr;
}

void read_records(const std::string& path, Format format, const ReadSink& sink) {
    std::error_code error;
    if (path != "-" && std::filesystem::is_directory(path, error)) {
        std::vector<std::string> files;
        for (std::filesystem::directory_iterator it(path, error), end; !error && it != end; it.increment(error)) {
            if (it->path().extension() == ".toml") files.push_back(it->path().string());
        }
        if (error) throw InputError(fmt::format("{}: cannot read the folder ({})", path, error.message()));
        std::sort(files.begin(), files.end());
        for (const auto& file : files) read_toml_file(file, sink);
        return;
    }
    if (format == Format::toml) {
        if (path == "-") {
            read_toml_input(*std::cin.rdbuf(), sink);
            return;
        }
        read_toml_file(path, sink);
        return;
    }
    std::optional<InputFile> file;
    if (path != "-") file.emplace(path);
    CountedInput counted(file ? file->buffer() : *std::cin.rdbuf(), sink.bytes_read);
    std::istream input(&counted);
    switch (format) {
        case Format::json:
            read_json_document(input, path, sink);
            break;
        case Format::jsonl:
            read_json_lines(input, path, sink);
            break;
        case Format::csv:
            read_csv_records(input, path, sink, false);
            break;
        case Format::csv_long:
            read_csv_records(input, path, sink, true);
            break;
        case Format::toml:
            break;
    }
}

std::optional<std::uint64_t> input_size(const std::string& path) {
    if (path == "-") return std::nullopt;
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (error) return std::nullopt;
    if (std::filesystem::is_directory(status)) {
        std::uint64_t total = 0;
        for (const auto& entry : std::filesystem::directory_iterator(path, error)) {
            if (entry.path().extension() == ".toml") total += entry.file_size(error);
            if (error) return std::nullopt;
        }
        return error ? std::nullopt : std::optional<std::uint64_t>(total);
    }
    if (!std::filesystem::is_regular_file(status)) return std::nullopt;
    const auto size = std::filesystem::file_size(path, error);
    return error ? std::nullopt : std::optional<std::uint64_t>(size);
}

}  // namespace gpuclusters::formats
