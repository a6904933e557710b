#pragma once
// Streaming readers and writers of every format, one record at a time: JSON (one document), JSON
// Lines, TOML (a file per record, or a folder of them), CSV wide (a row per cluster) and CSV long
// (a row per claim and citation). See gpuclusters(5).
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>

#include "formats/interchange.hpp"
#include "formats/limits.hpp"
#include "gpuclusters/model/error.hpp"

namespace gpuclusters::formats {

enum class Format { json, jsonl, toml, csv, csv_long };
/// The names --format takes, in the enum's order.
inline constexpr std::string_view format_names[] = {"json", "jsonl", "toml", "csv", "csv-long"};

/// "json", "jsonl", "toml", "csv", "csv-long"; throws UsageError otherwise.
Format format_from(const std::string& name);
/// The format a path's extension (or a folder: TOML) suggests; nullopt when it says nothing.
std::optional<Format> format_of_path(const std::string& path);

/// Writes records in id order as they come.
class RecordWriter {
public:
    virtual ~RecordWriter() = default;
    virtual void write(const model::Record& record) = 0;
    /// Closes the document (the JSON array) once the last record is written.
    virtual void finish() {}
    /// The text write() puts in the document for a record, and write() of such a text made by a
    /// writer of the same format and options: a record written to several documents (a site's
    /// record file and its snapshot) is serialised once. Nullopt from a format that has no
    /// record's text apart from its document (TOML, CSV); write_text() is then a logic error.
    virtual std::optional<std::string> text_of(const model::Record&) const { return std::nullopt; }
    virtual void write_text(const std::string&) { throw std::logic_error("write_text() of a format without a record's text"); }
};

struct WriterOptions {
    bool provenance = false;
    bool neutralise = true;  ///< CSV: no cell starts a formula (--raw turns it off)
    bool header = true;      ///< JSON Lines: the first line names the format (--no-header leaves it out)
};

/// A writer to a stream; for TOML, `folder` receives one ID.toml per record instead.
std::unique_ptr<RecordWriter> make_writer(Format format, std::ostream& out, const std::string& folder, WriterOptions options);

/// Bytes the readers have taken from their inputs so far; the import's progress line reads it
/// from another thread.
using BytesRead = std::atomic<std::uint64_t>;

/// What a reader hands over: a record, or a problem with one (file:line and message) after which
/// reading goes on where the format allows.
struct ReadSink {
    /// Each record read; the reader is done with it, so the sink may take its parts.
    std::function<void(RecordDocument&)> record;
    std::function<void(const std::string& problem)> problem;
    /// A row a mapping's condition left out, with the mapping's reason.
    std::function<void(const std::string& place, const std::string& reason)> skipped = {};
    /// Counts the bytes read, when given.
    BytesRead* bytes_read = nullptr;
    /// Hands over one record: what `record` refuses of it (an InputError) is a problem of that record alone.
    void take(RecordDocument& document) const;
    /// Hands over the record `read` returns, as take() does: what `read` refuses of it too.
    template <typename Read>
    void take_read(Read&& read) const {
        RecordDocument document;
        try {
            document = read();
        } catch (const InputError& error) {
            problem(error.what());
            return;
        }
        take(document);
    }
};

/// Reads every record of `path` ("-" is standard input; a folder is read as TOML files in name
/// order). A problem that stops the file (a broken JSON document) is thrown as InputError.
void read_records(const std::string& path, Format format, const ReadSink& sink);

/// The bytes read_records will read from `path` (a folder: its .toml files), or nullopt when that
/// cannot be known before reading (standard input, a pipe, a device).
std::optional<std::uint64_t> input_size(const std::string& path);

}  // namespace gpuclusters::formats
