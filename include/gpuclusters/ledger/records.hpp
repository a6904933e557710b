#pragma once
// Whole-record operations: creating a database (with the bundled sample), copying it whole (a
// backup), and an edit of one record as a document, written only if nobody changed the record
// meanwhile.
#include <optional>
#include <string>

#include "gpuclusters/model/change_report.hpp"
#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {

struct InitResult {
    std::string path;
    bool created = false;  ///< false: the file was a gpuclusters database already (now migrated)
    int schema_version = 0;
    std::optional<model::ChangeReport> sample;  ///< when the sample was asked for
};
/// Creates the database at `path` (or opens and migrates it), then loads db/sample/ in one
/// changeset when `sample` is given.
InitResult initialise(const std::string& path, const std::optional<model::Changeset>& sample, const std::string& today);

struct BackupResult {
    std::string destination;
    store::CopyFacts copy;
};
/// Copies the database to `destination` as it stands at one moment, whole or not at all: into a
/// temporary file beside it, checked, then renamed over it. The destination must be absent or a
/// gpuclusters database (an earlier backup), and not the database itself; InputError otherwise.
BackupResult backup(const store::Store& store, const std::string& destination);

/// The record an edit starts from, and the newest changeset that touched it then.
struct EditStart {
    model::Record record;
    long long seen = 0;
};
EditStart start_edit(const store::Store& store, const std::string& cluster_id);

struct EditOutcome {
    bool conflict = false;  ///< the record changed since `seen`: nothing written
    model::ChangeReport report;
};
/// The edited document as one changeset: its fields set, the fields it no longer has cleared.
EditOutcome finish_edit(store::Store& store, const EditStart& start, model::RecordDocument document, model::Changeset changeset,
                        const std::string& today, bool unsourced = false);

}  // namespace gpuclusters::ledger
