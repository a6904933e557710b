#pragma once
// Importing records in bulk from any export format (or a CSV table through a mapping), in one
// transaction and one changeset: records read and checked on a second thread, written in chunks,
// and every problem reported with its place -- then nothing written, or (keep going) the rest.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "formats/mapping.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/model/change_report.hpp"
#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

struct ImportRequest {
    std::vector<std::pair<std::string, formats::Format>> inputs;  ///< path ("-": standard input), format
    std::optional<formats::Mapping> mapping;                      ///< CSV tables read through it
    /// A source behind every imported value that has none.
    std::optional<model::SourceInput> default_source;
    bool dry_run = false;
    /// Import the valid records and list the rejected ones.
    bool keep_going = false;
    /// Write values that cite no source (otherwise each is a rejected record).
    bool unsourced = false;
    /// Each record read is the whole record (sync's merged files): a claim the database holds
    /// and the record does not is retired.
    bool whole_records = false;
};

/// One record of an import as written (or as it would be): new, changed (a value changed; with
/// the fields it touched, as every write reports them), kept as older (no value changed, and a
/// value of an older edition of a list kept beside a newer one's), cited again (no value changed,
/// but a new citation, key, source revision or accepted finding) or as it was.
struct ImportedRecord {
    enum class Kind { added, changed, kept_as_older, cited_again, unchanged } kind = Kind::added;
    std::string cluster_id;
    std::vector<model::FieldReport> fields;  ///< modified: the fields changed or cited
    std::vector<model::KeyReport> new_keys;  ///< modified: keys met for the first time
    /// The key that named the record when the input's id named another (a changed id template).
    std::string named_by_key;
    /// What else changed: "ID: RULE accepted (reason)", "ID: RULE acceptance withdrawn", "ID:
    /// removed" (a record file of the tree that says so; counted as changed).
    std::vector<std::string> events;
};
/// How far an import has read.
struct ImportProgress {
    std::size_t records = 0;       ///< records and rows read (written or not)
    std::uint64_t bytes_read = 0;  ///< bytes the readers have taken from the inputs
    /// What the inputs hold; nullopt when one is a pipe or standard input.
    std::optional<std::uint64_t> bytes_total;
};

/// What the import reports while it runs, in input order.
struct ImportEvents {
    std::function<void(const ImportedRecord& record)> record = [](const ImportedRecord&) {};
    std::function<void(const std::string& warning)> warning = [](const std::string&) {};
    /// How far it has read, every thousand records.
    std::function<void(const ImportProgress& progress)> progress = [](const ImportProgress&) {};
};

/// A mapping that cites several fields of each row with its one [sources] quote_column: every
/// value of a row rests on the same words. Told once an import, not once a row.
struct SharedQuote {
    std::string column;      ///< [sources] quote_column
    std::size_t fields = 0;  ///< the fields that quote it, having no quote_column of their own
    /// From this many fields on, the mapping is told of it.
    static constexpr std::size_t fields_told = 2;
};

struct ImportResult {
    std::size_t added = 0, values_changed = 0, kept_as_older = 0, cited_again = 0, unchanged = 0;
    std::optional<SharedQuote> shared_quote;
    /// The records that an earlier edition of the dataset's list keyed and this one does not
    /// name (listed, never deleted), in id order; with their list.
    std::vector<std::string> not_in_edition;
    std::string edition_of;
    std::map<std::string, std::size_t> skipped;  ///< by the mapping, by reason
    /// Each with its place, in input order: the first `problems_listed`; problem_count counts all
    /// (two million malformed lines are not held, or printed, two million times).
    std::vector<std::string> problems;
    std::size_t problem_count = 0;
    static constexpr std::size_t problems_listed = 100;
    void add_problem(std::string text) {
        ++problem_count;
        if (problems.size() < problems_listed) problems.push_back(std::move(text));
    }
    std::size_t rejected = 0;  ///< rows or records refused (one may have several problems)
    /// An input was not read to its end (it cannot be read, its header is bad, it is malformed
    /// where reading cannot resume): its records after the problem are unknown, so nothing is
    /// written, with --keep-going too, which passes over rejected records only.
    bool input_unread = false;
    std::size_t warnings = 0;
    bool changed = false;  ///< anything would be written
    bool written = false;
    long long changeset_id = 0;  ///< when written
    bool dry_run = false;
    bool keep_going = false;
    std::size_t skipped_total() const {
        std::size_t total = 0;
        for (const auto& [reason, count] : skipped) total += count;
        return total;
    }
    /// Whether its problems refuse the whole import: any, without --keep-going; an input not
    /// read to its end, with it.
    bool refused() const { return !problems.empty() && (!keep_going || input_unread); }
    /// Rows and records read: written, unchanged, skipped or rejected.
    std::size_t read() const {
        return added + values_changed + kept_as_older + cited_again + unchanged + skipped_total() + rejected;
    }
};

ImportResult import_records(store::Store& store, const ImportRequest& request, model::Changeset changeset,
                            const std::string& today, const ImportEvents& events);

}  // namespace gpuclusters::ledger
