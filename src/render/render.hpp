#pragma once
// Turning result values into output: human text (with colour when the Style says so) and stable
// JSON. Nothing outside render/ (and main's one line on output it could not write) writes to
// standard output or standard error; commands hand their results here with the streams.
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/compare.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/ledger/import.hpp"
#include "gpuclusters/ledger/integrity.hpp"
#include "gpuclusters/ledger/listing.hpp"
#include "gpuclusters/ledger/merge.hpp"
#include "gpuclusters/ledger/record_merge.hpp"
#include "gpuclusters/ledger/records.hpp"
#include "gpuclusters/ledger/revert.hpp"
#include "gpuclusters/ledger/sync.hpp"
#include "gpuclusters/ledger/tree.hpp"
#include "gpuclusters/ledger/verification.hpp"
#include "gpuclusters/model/change_report.hpp"
#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/rules/quote_reader.hpp"
#include "gpuclusters/rules/rules.hpp"
#include "render/json_writer.hpp"
#include "render/style.hpp"

namespace gpuclusters::render {

using Json = nlohmann::ordered_json;

/// A JSON array of `make(element)` for each element of `range`, in order.
template <class Range, class Make>
Json json_array(const Range& range, Make make) {
    Json list = Json::array();
    for (const auto& element : range) list.push_back(make(element));
    return list;
}

/// Where a command's output goes and how it looks.
struct Output {
    std::ostream& out;
    std::ostream& err;
    Style style;
    bool json = false;   ///< --json: one JSON document on out
    bool quiet = false;  ///< --quiet: no warnings
    /// Columns a table may take: the terminal's width on a terminal, 0 (no limit) on a pipe or
    /// with --wide.
    std::size_t width = 0;
    /// Standard output is a terminal: figures are grouped for the eye ("12,288") and "—" marks a
    /// value there is none of. A pipe gets plain figures ("12288", "-"), which awk sums right.
    bool terminal = false;
};

// --- messages on standard error ---------------------------------------------------------------

/// "gpuclusters: warning: ...", unless --quiet.
void print_warning(const Output& output, const std::string& message);
/// "gpuclusters: error: ..."
void print_error(std::ostream& err, const std::string& message);
/// A command line that does not parse, with where to look.
void print_usage_error(std::ostream& err, const std::string& message);
/// A failure the program did not expect (exit 70).
void print_internal_error(std::ostream& err, const std::string& message);

// --- building blocks --------------------------------------------------------------------------

/// A source as JSON: id, url, domain, kind, title, publisher, published, accessed, archive_url,
/// archived (show --json, sources --json).
Json source_json(const model::Source& source);
/// A value as JSON: counts as integers, power as a number, lists as arrays, the rest as strings.
Json typed_value(const model::FieldSpec& field, const model::FieldValue& value);
/// A figure in a table cell: grouped for the eye on a terminal ("12,288"), plain digits on a pipe
/// ("12288"), which awk and sort -n read right.
std::string figure_cell(const Output& output, long long figure);
/// A table cell with no value: "—" on a terminal, "-" on a pipe.
std::string none_cell(const Output& output);
/// A table with a header row on output.out; columns padded to their widest cell (in display
/// columns). When the rows are wider than output.width, the widest columns give way first and
/// their long cells end in "…"; the first `key_columns` columns (what names a row) give way only
/// when the others cannot make room, and the columns of figures never.
void print_table(const Output& output, const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                 std::size_t key_columns = 0);
/// print_table row by row, in flat memory: the widths are measured on the first
/// `measured_rows` rows (all of them, in a shorter table), which wait until then; a later cell
/// wider than its column is cut with "…" on a terminal, and kept whole elsewhere.
class TablePrinter {
public:
    static constexpr std::size_t measured_rows = 1000;
    TablePrinter(const Output& output, std::vector<std::string> header, std::size_t key_columns = 0);
    TablePrinter(const TablePrinter&) = delete;
    TablePrinter& operator=(const TablePrinter&) = delete;
    /// Rather than cut a cell below `readable_width`, leave whole columns out, the rightmost
    /// that may give way first, and say which under the table. For a table whose columns are
    /// fields of one row (list), not one whose columns are the things compared (compare).
    void leave_out_columns_to_fit() { may_leave_out_ = true; }
    static constexpr std::size_t readable_width = 12;
    void row(std::vector<std::string> cells);
    /// Prints what waits (the header, at least).
    void finish();

private:
    void measure();
    void fit(const std::vector<std::size_t>& natural);
    bool cuts_unreadably(const std::vector<std::size_t>& natural) const;
    void line(const std::vector<std::string>& cells, bool is_header);
    Output output_;  // a copy: it holds the streams by reference
    std::vector<std::string> header_;
    std::size_t key_columns_;
    std::vector<std::vector<std::string>> waiting_;
    std::vector<std::size_t> widths_;
    std::vector<bool> left_out_;
    bool may_leave_out_ = false;
    bool measured_ = false;
};
/// JSON with two-space indentation, as print_json writes it (without the final newline).
std::string json_text(const Json& json);
/// Writes JSON with two-space indentation and a final newline.
void print_json(std::ostream& out, const Json& json);

/// A printer of one JSON document {"<list>": [...], ...} written piece by piece, or of the list
/// [...] alone when `list` is empty; begin() opens it (with --json) at the first piece or the end,
/// whichever comes first. As text, the pieces are lines, or the rows of table_ when it has one.
class DocumentPrinter {
protected:
    DocumentPrinter(const Output& output, std::string_view list) : output_(output), writer_(output_.out), list_(list) {}
    /// Whether this is the first piece.
    bool begin();
    /// The document closed, after the members the caller wrote behind the list; or the table.
    void end();
    Output output_;  // a copy: it holds the streams by reference
    JsonWriter writer_;
    std::optional<TablePrinter> table_;

private:
    std::string_view list_;
    bool begun_ = false;
};

// --- writes -----------------------------------------------------------------------------------

/// One line of a diff: `field: old -> new  [source N, domain]`.
void print_field_line(std::ostream& out, const Style& style, const model::FieldReport& field, std::string_view indent);
/// `key: System ID 180307 (new)  [source 1, example.org]`
void print_key_line(std::ostream& out, const Style& style, const model::KeyReport& key, std::string_view indent);
/// The fields, clusters and sources of a changeset, read as it is printed, each line after `margin`.
void print_changeset_body(std::ostream& out, const Style& style, const ledger::ChangesetView& changes, std::string_view margin);
Json change_report_json(const model::ChangeReport& report);
/// What change_report_json holds besides the changes themselves.
struct ReportHead {
    long long changeset_id = 0;  ///< written as null when 0
    bool changed = false;
    bool dry_run = false;
    std::optional<long long> reverted;
    /// merge and rename: what became of the two ids ("merged", "into"; "renamed", "to").
    std::vector<std::pair<std::string, std::string>> names;
};
/// change_report_json of a changeset read as it is written.
void write_changeset_json(JsonWriter& writer, const ledger::ChangesetView& changes, const ReportHead& head);
/// One field of a change as JSON: cluster, field, change, old, new, kept_previous, note, sources.
Json field_report_json(const model::FieldReport& field);
/// A write's last line: "nothing to change", "dry run: nothing written" or "changeset N".
void print_report_outcome(std::ostream& out, bool changed, bool dry_run, long long changeset_id);
/// What a write did: its warnings on stderr, then the report as text or JSON.
void print_change(const Output& output, const model::ChangeReport& report);
/// edit: print_change with only the fields that changed, the unchanged ones counted ("15 fields
/// unchanged"); --json gives every field, as print_change does.
void print_edit_change(const Output& output, model::ChangeReport report);
/// cite: the claim with every citation, the new ones marked, then the sources and the changeset.
void print_cite(const Output& output, const ledger::CitedChange& cited);
void print_revert(const Output& output, const ledger::RevertResult& result, const ledger::ChangesetView& changes);
/// merge and rename: what became of the two ids, then the changeset's fields, keys and sources.
void print_merge(const Output& output, const ledger::MergeResult& result, const ledger::ChangesetView& changes);
void print_init(const Output& output, const ledger::InitResult& result);
void print_backup(const Output& output, const ledger::BackupResult& result);
/// edit: the editor left the file as it was.
void print_edit_unchanged(const Output& output);
/// edit: the editor emptied the file.
void print_edit_aborted(const Output& output);

// --- records and history ----------------------------------------------------------------------

/// The numbers of a record's sources, by id: by first citation, field by field (deprecated
/// claims' too, `with_deprecated`), then those cited by nothing shown.
using SourceNumbers = std::map<long long, std::size_t>;
SourceNumbers source_numbers(const model::Record& record, bool with_deprecated);
/// The numbered sources in the order of their numbers: (number, id) pairs.
std::vector<std::pair<std::size_t, long long>> in_number_order(const SourceNumbers& number_of);
/// The numbers of the sources a claim's citations cite, each once, in order.
std::set<std::size_t> cited_numbers(const model::Claim& claim, const SourceNumbers& number_of);
/// A citation as show --json gives it: source (its number), source_id, url, kind, accessed, locator, quote.
Json citation_json(const model::Citation& citation, const model::Record& record, const SourceNumbers& number_of);

struct PageOptions {
    bool with_deprecated = false;  ///< show --all
    bool with_quotes = false;      ///< show --quotes
};
/// show: the record page (title, summary, every field with its source numbers, the sources), or
/// its JSON (see gpuclusters-show(1)).
void print_record(const Output& output, const model::Record& record, PageOptions options);
void print_record_page(std::ostream& out, const Style& style, const model::Record& record, PageOptions options);
Json record_json(const model::Record& record, bool with_deprecated);
/// One claim with all its citations, numbered as on the record page, the new ones marked with +.
void print_claim_evidence(std::ostream& out, const Style& style, const model::Record& record, long long claim_id,
                          const std::vector<long long>& new_citations);
void print_blame(const Output& output, const ledger::Blame& blame);

/// log: entries as they come, each written as it is read; JSON is one array.
class LogPrinter : DocumentPrinter {
public:
    explicit LogPrinter(const Output& output) : DocumentPrinter(output, "") {}
    void entry(const ledger::LogEntry& entry);
    void finish() { end(); }
};

// --- the dataset ------------------------------------------------------------------------------

/// A warning for each condition a partial date could not decide (list, export).
void print_undecided(const Output& output, const ledger::Undecided& undecided);

/// list: the clusters as they come, as a table (TablePrinter) or a JSON array written element by
/// element; finish() ends it and warns of the clusters a filter could not decide.
class ListPrinter : DocumentPrinter {
public:
    ListPrinter(const Output& output, const std::vector<std::string>& columns);
    void cluster(const ledger::ListedCluster& cluster);
    void finish(const ledger::ListSummary& summary);

private:
    std::vector<const model::FieldSpec*> fields_;
};
void print_stats(const Output& output, const ledger::DatasetStats& stats);
/// sources: each source as it comes, a table row or a JSON array element.
class SourcesPrinter : DocumentPrinter {
public:
    explicit SourcesPrinter(const Output& output);
    void source(const model::SourceUse& use);
    void finish() { end(); }
};
void print_source(const Output& output, const ledger::SourceBacking& backing);
/// fields: the field catalogue with types and definitions.
void print_fields(const Output& output);
/// A command's help text, as CLI11 lays it out.
void print_help(const Output& output, const std::string& text);

// --- verify -----------------------------------------------------------------------------------

/// Findings as they come: text grouped by cluster, or one JSON document {"findings": [...],
/// "summary": {...}} written piece by piece in print_json's layout. Nothing is printed before
/// the first findings (or the end): a check that fails on its arguments leaves stdout empty.
class FindingsPrinter : DocumentPrinter {
public:
    explicit FindingsPrinter(const Output& output) : DocumentPrinter(output, "findings") {}
    void cluster(const std::vector<rules::Finding>& findings);
    void finish(const ledger::CheckSummary& summary);
};
/// "3 errors, 12 warnings, 0 info, 1 accepted; 5 of 9 clusters with findings": the last line of
/// verify's text.
std::string summary_line(const ledger::CheckSummary& summary);
/// verify --summary: the findings counted by rule and severity, and the clusters with the most,
/// printed at the end; nothing of a finding kept but its counts.
class FindingsSummaryPrinter {
public:
    static constexpr std::size_t top_clusters = 10;
    explicit FindingsSummaryPrinter(const Output& output) : output_(output) {}
    void cluster(const std::vector<rules::Finding>& findings);
    void finish(const ledger::CheckSummary& summary);

private:
    struct Counts {
        std::size_t errors = 0, warnings = 0, infos = 0, accepted = 0;
    };
    Output output_;  // a copy: it holds the streams by reference
    std::map<std::string, Counts> by_rule_;
    std::vector<std::pair<std::size_t, std::string>> top_;
};
/// verify --write-baseline: what the file holds.
void print_baseline_written(const Output& output, const std::string& path, const ledger::CheckSummary& summary,
                            std::size_t findings);
/// accept: the clusters whose finding was accepted, and the changeset.
void print_bulk_acceptance(const Output& output, const ledger::BulkAcceptResult& result);
/// verify --list-rules: each rule's family, its severity under `config`, what it checks.
void print_rules(const Output& output, const rules::Config& config);
/// verify --explain RULE.
void print_rule(const Output& output, const rules::Rule& rule);
void print_acceptance(const Output& output, const ledger::AcceptResult& result);
/// verify --sign: the badges written, or (refused) the findings that stopped it, as text.
void print_signing(const Output& output, const ledger::SignResult& result);

// --- check ------------------------------------------------------------------------------------

/// check: each derived row that differs from the history, a line as it comes, then a restored
/// file, SQLite's findings, the fields with several preferred claims and the summary; or one JSON
/// document {"differences": [...], "database", "restored_without_application_id",
/// "derived_tables_compared", "sqlite", "extra_preferred", "summary"} written piece by piece.
class IntegrityPrinter : DocumentPrinter {
public:
    explicit IntegrityPrinter(const Output& output) : DocumentPrinter(output, "differences") {}
    void difference(const store::DerivedDifference& difference);
    void finish(const ledger::IntegritySummary& summary);
};

// --- compare ----------------------------------------------------------------------------------

void print_side_by_side(const Output& output, const ledger::SideBySide& comparison);
void print_over_time(const Output& output, const ledger::OverTime& comparison);
void print_against(const Output& output, const ledger::Against& comparison);

// --- import -----------------------------------------------------------------------------------

/// An import's progress line: "import: 12,000 records, 3.1 MB of 12.5 MB (25%), about 12 s left";
/// without a total, the records and the bytes read; the time left once a second has passed.
std::string import_progress_text(const ledger::ImportProgress& progress, double elapsed_seconds);
/// An import's notice of a mapping that quotes one column for several fields of each row.
std::string shared_quote_text(const ledger::SharedQuote& shared);

/// An import's report as it runs: a line per record (or, with --json, a list; with --quiet,
/// none), the first few warnings, a progress line on a terminal, then the problems and the summary.
class ImportPrinter {
public:
    /// `progress_columns`: the width of the terminal to draw a progress line on, 0 for none;
    /// `records_on_terminal`: the record lines go to a terminal too, so the line is cleared
    /// before each.
    ImportPrinter(const Output& output, std::size_t progress_columns, bool records_on_terminal)
        : output_(output),
          progress_columns_(progress_columns),
          records_on_terminal_(records_on_terminal),
          started_(std::chrono::steady_clock::now()) {}
    ledger::ImportEvents events();
    void finish(const ledger::ImportResult& result);

private:
    void clear_progress();

    Output output_;  // a copy: it holds the streams by reference
    std::size_t progress_columns_;
    bool records_on_terminal_;
    std::chrono::steady_clock::time_point started_;
    std::size_t progress_drawn_ = 0;  // the width of the progress line on the terminal, 0: none
    std::size_t warnings_ = 0;
    Json records_ = Json::array();
};

// --- quote ------------------------------------------------------------------------------------

/// gpuclusters quote: each figure of a quote with its noun, bound and modality.
void print_reading(const Output& output, std::string_view quote, const std::vector<rules::Quantity>& quantities);
/// gpuclusters quote --status: the status events of a note.
void print_status_events(const Output& output, const std::vector<rules::StatusEvent>& events);

// --- merge-driver -----------------------------------------------------------------------------

/// What merge-driver did with the record file at `path`: each field both sides set differently
/// (now competing figures), the notes, or the reason it fell back to a text merge (a warning).
void print_file_merge(const Output& output, const ledger::FileMerge& merge, const std::string& path);

// --- tree -------------------------------------------------------------------------------------

/// What tree setup did: the repository made, each setting written, or that all was in place.
void print_tree_setup(const Output& output, const ledger::TreeSetup& setup);
/// What sync did: each commit that became a changeset and each changeset that became a commit,
/// the records settled as the tree merged them, the merge conflicts and notes, the commit agreed on.
void print_sync(const Output& output, const ledger::SyncResult& sync);
/// verify --tree: the problems of record files that could not be read, an error line each.
void print_tree_problems(const Output& output, const ledger::ImportResult& read);

// --- completion -------------------------------------------------------------------------------

/// What a shell completes, read off the command definitions. A value is a token the scripts act
/// on: "" (a flag), "text" (nothing to offer), "file", "path" (a file or a folder), "ids",
/// "fields", "fields=" (FIELD=VALUE), "fields," (a comma-separated list), "rules", "sources" (asked
/// of `gpuclusters __complete`), or "{a,b,c}" (one of these).
struct CompletionWords {
    struct Option {
        std::vector<std::string> names;  ///< "--db", "-q"
        std::string description;
        std::string value;
    };
    struct Command {
        std::string path;  ///< "" for gpuclusters itself (whose options are global), "sources show"
        std::string description;
        std::vector<Option> options;
        std::vector<std::string> positionals;                          ///< their values, in order
        bool last_repeats = false;                                     ///< the last positional takes any number of words
        std::vector<std::pair<std::string, std::string>> subcommands;  ///< (name, description)
    };
    std::vector<Command> commands;  ///< the root first
};
/// The completion script for bash, zsh or fish.
void print_completion(const Output& output, const std::string& shell, const CompletionWords& words);
/// What `__complete` finds, one word a line, for a completion script to read.
void print_candidates(const Output& output, const std::vector<std::string>& words);

}  // namespace gpuclusters::render
