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
/// both sides). The ids of the records' claims, citations and sources are their own; the result's
/// are numbered afresh.
RecordMerge merge_records(const model::Record& base, const model::Record& ours, const model::Record& theirs);

}  // namespace gpuclusters::ledger
