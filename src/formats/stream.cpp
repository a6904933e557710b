#include "formats/stream.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <iostream>
#include <optional>
#include <sstream>

#include "formats/atomic_file.hpp"
#include "formats/counted_input.hpp"
#include "formats/csv.hpp"
#include "formats/csv_tables.hpp"
#include "formats/input_file.hpp"
#include "formats/record_toml.hpp"
#include "formats/typed.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::formats {
namespace {

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
            if (options_.header) out_ << header_json(options_.provenance).dump() << "\n";
        } else {
            const std::string opening = header_json(options_.provenance).dump();
            out_ << opening.substr(0, opening.size() - 1) << ",\"clusters\":[";
        }
    }
    void write(const model::Record& record) override {
        line_.clear();
        append_record_json(line_, record, options_.provenance);
        write_text(line_);
    }
    std::optional<std::string> text_of(const model::Record& record) const override {
        std::string text;
        append_record_json(text, record, options_.provenance);
        return text;
    }
    void write_text(const std::string& line) override {
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
    std::string line_;  // one record's text, its buffer kept from record to record
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
        out_ << fmt::format("{}\n", fmt::join(long_columns(), ","));
    }
    void write(const model::Record& record) override { rows(record, out_); }
    std::optional<std::string> text_of(const model::Record& record) const override {
        std::ostringstream text;
        rows(record, text);
        return std::move(text).str();
    }
    void write_text(const std::string& text) override { out_ << text; }

private:
    void rows(const model::Record& record, std::ostream& out) const {
        for (const auto* claim : export_claims(record, true)) {
            const auto& spec = *model::find_field(claim->field);
            const std::vector<std::string> claim_cells{
                record.id, claim->field, std::string(model::to_string(claim->state)),
                claim->state == model::ClaimState::set ? model::input_text(spec, claim->value) : "",
                std::string(model::to_string(claim->rank))};
            if (claim->citations.empty()) row(out, claim_cells, nullptr, nullptr);
            for (const auto& citation : claim->citations)
                row(out, claim_cells, &record.sources.at(citation.source_id), &citation);
        }
        // A key is a row of its own: field "key", the key as its value, the source it names the record in.
        for (const auto& key : record.keys) {
            const model::Citation none;
            row(out, {record.id, std::string(key_row_field), "", key.key, ""}, &record.sources.at(key.source_id), &none);
        }
    }

    // No changeset column: it is history, not state, and an import records its own, so it would
    // break the byte-for-byte round trip (log and blame --json give it).
    void row(std::ostream& out, const std::vector<std::string>& claim_cells, const model::Source* source,
             const model::Citation* citation) const {
        std::vector<std::string> cells = claim_cells;
        if (source) {
            // In long_columns' order: the URL, the metadata by source_metadata_keys, the citation.
            cells.push_back(source->url);
            for (const auto& key : model::source_metadata_keys) cells.push_back(source->meta.*key.stored);
            cells.insert(cells.end(), {citation->locator, citation->quote});
        } else {
            cells.resize(cells.size() + 11);
        }
        for (std::size_t i = 0; i < cells.size(); ++i) out << (i ? "," : "") << csv_cell(cells[i], options_.neutralise);
        out << "\n";
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
        sink.take_read([&] {
            auto document = record_from_json(json, place, version);
            json = Json();  // the record is held once, as inputs, while it is checked and written
            return document;
        });
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
        // Formatted when needed, not at every event of the element.
        const auto place = [&] { return fmt::format("{}: clusters[{}]", file, index); };
        if (depth == 2 && event == Json::parse_event_t::object_start) {
            text.start_record();
            too_long = false;
            return true;
        }
        if (!too_long && text.record_bytes() > max_record_bytes) {
            too_long = true;
            sink.problem(record_too_long(place()));
        }
        if (depth != 2 || event != Json::parse_event_t::object_end) return !too_long;
        const std::string at = place();
        ++index;
        if (too_long) return false;
        sink.take_read([&] {
            auto document = record_from_json(parsed, at, version);
            parsed = Json();  // as for JSON Lines: the element goes before the record is written
            return document;
        });
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
    sink.take_read([&] { return read_toml_record(content, name); });
}

// A file of a TOML record: a regular file no larger than max_whole_file_bytes (a folder, a FIFO
// or a device that a folder's *.toml names is refused before it is read).
void read_toml_file(const std::string& path, const ReadSink& sink) {
    InputFile file(path);
    const std::string content = file.read_all();
    if (sink.bytes_read != nullptr) sink.bytes_read->fetch_add(content.size(), std::memory_order_relaxed);
    read_toml_text(content, path, sink);
}

}  // namespace

void ReadSink::take(RecordDocument& document) const {
    try {
        record(document);
    } catch (const InputError& error) {
        problem(error.what());
    }
}

Format format_from(const std::string& name) {
    const auto found = std::find(std::begin(format_names), std::end(format_names), name);
    if (found != std::end(format_names)) return static_cast<Format>(found - std::begin(format_names));
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
    if (format == Format::toml && path != "-") {
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
            read_csv_wide(input, path, sink);
            break;
        case Format::csv_long:
            read_csv_long(input, path, sink);
            break;
        case Format::toml:  // standard input, read whole too, refused as soon as it passes the limit
            read_toml_text(read_whole_stream(counted, "-"), "-", sink);
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
