#pragma once
// Three versions of one record merged as records, as git's merge driver asks of a record file:
// the version both sides started from (base), ours and theirs. Sources are the same source when
// their URLs are; claims are the same claim when their field, state and value (with qualifiers)
// are. What one side changed and the other did not is taken; what both changed alike is taken
// once; a field whose value both sides set to different values keeps both as competing claims,
// with their citations, and is named a conflict, never settled by a guess.
#include <string>
#include <vector>

#include "gpuclusters/model/record.hpp"

namespace gpuclusters::ledger {

struct RecordMerge {
    /// Sources numbered from 1 in URL order; claims field by field in the catalogue's order.
    model::Record record;
    /// The fields both sides set to different values (or one cleared and the other changed):
    /// their values compete in `record`, none preferred, until an editor ranks one.
    std::vector<std::string> conflicts;
    /// What the merge decided beyond the claims, a sentence each: a source's metadata that both
    /// sides changed differently (ours kept, but the later accessed date).
    std::vector<std::string> notes;
};

/// `ours` and `theirs` merged against `base` (a record with no claims when the file is new on
/// both sides). A removed record stays removed unless the other side changed it, which keeps it
/// (with a note). The ids of the records' claims, citations and sources are their own; the result's
/// are numbered afresh.
RecordMerge merge_records(const model::Record& base, const model::Record& ours, const model::Record& theirs);

/// A version of a record file (its text) as a record; none for an empty text. InputError names
/// what does not read as one, at `name`:line:column.
model::Record record_of_file(const std::string& content, const std::string& name);

/// The three files git hands its merge driver (%O %A %B), the record file's path in the tree
/// (%P, for messages) and the conflict marker size (%L).
struct MergeFiles {
    std::string base, ours, theirs, path;
    unsigned short marker_size = 7;
};

/// What the driver did with the file, whose result is written over `ours`.
struct FileMerge {
    /// Merged as records; when false the files were merged as text, `why` saying what did not
    /// read as a record.
    bool as_records = true;
    std::string why;
    /// As text: whether the merge needed no conflict markers. As records it is always clean: a
    /// conflict is data (`conflicts`), not markers.
    bool clean = true;
    std::vector<std::string> conflicts;
    std::vector<std::string> notes;
};

/// Reads the three record files (an empty base: the file is new on both sides), merges them with
/// merge_records and writes the result over `ours`, atomically, in the tree format export writes.
/// A file that does not read as a record (a TOML error, a value or URL that is not one, two
/// different ids) is merged as text instead, as git would, with the reason in `why`.
FileMerge merge_record_files(const MergeFiles& files);

}  // namespace gpuclusters::ledger
