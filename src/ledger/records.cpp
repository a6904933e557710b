#include "gpuclusters/ledger/records.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <set>
#include <stdexcept>

#include "embedded_data.hpp"
#include "formats/atomic_file.hpp"
#include "formats/record_toml.hpp"
#include "formats/rules_config.hpp"
#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/ledger/verification.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::ledger {
namespace {

// The ids of db/sample/verified.txt: a line each, '#' comments and blank lines aside.
std::vector<std::string> sample_verified_ids() {
    std::vector<std::string> ids;
    for (const auto line : text::split(embedded::sample_verified_txt, '\n')) {
        if (!line.empty() && line.front() != '#') ids.emplace_back(line);
    }
    return ids;
}

// Signs the sample's verified records in the sample's changeset, after checking them as
// `verify --sign` does: a sample record with an error is a fault of the build, never signed.
void sign_sample(store::Store& store, ChangeSession& session, const std::string& today, model::ChangeReport& report) {
    CheckRequest request;
    request.cluster_ids = sample_verified_ids();
    std::string errors;
    check(store, formats::default_rules_config(), today, request, [&](const std::vector<rules::Finding>& found) {
        for (const auto& finding : found) {
            if (finding.severity == rules::Severity::error) errors += fmt::format(" {}: {};", finding.cluster_id, finding.rule);
        }
    });
    if (!errors.empty()) throw std::logic_error("db/sample/verified.txt names a record that fails verify:" + errors);
    for (const auto& id : request.cluster_ids) {
        session.set_verified(id, true);
        report.events.push_back(id + ": verified");
    }
}

long long newest_change(const store::Store& store, const std::string& cluster_id) {
    const auto newest = store.changesets(cluster_id, "", 1);
    return newest.empty() ? 0 : newest.front().id;
}

}  // namespace

InitResult initialise(const std::string& path, const std::optional<model::Changeset>& sample, const std::string& today) {
    InitResult result{path, false, 0, std::nullopt};
    auto store = store::Store::create(path, result.created);
    result.schema_version = store.schema_version();
    if (!sample) return result;
    // One changeset for the whole sample, each record applied as it is read.
    ChangeSession session(store, *sample, today);
    model::ChangeReport report;
    session.transact([&] {
        for (const auto& file : embedded::samples) {
            const auto document = formats::read_toml_record(file.content, fmt::format("db/sample/{}", file.name));
            merge(report, session.apply(ChangeSession::prepare(document.sources, {document.record}, today)));
        }
        if (report.changed) sign_sample(store, session, today, report);
        return report.changed;
    });
    if (!report.changed) report.changeset_id = 0;
    result.sample = std::move(report);
    return result;
}

BackupResult backup(const store::Store& store, const std::string& destination) {
    std::error_code error;
    if (std::filesystem::exists(std::filesystem::symlink_status(destination, error))) {
        if (std::filesystem::equivalent(destination, store.path(), error)) {
            throw InputError(fmt::format("{}: is the database itself; give the backup another name", destination));
        }
        // Replaced only when it is a backup, not a file given by mistake.
        if (std::filesystem::is_regular_file(std::filesystem::symlink_status(destination, error)) &&
            !store::is_gpuclusters_file(destination)) {
            throw InputError(
                fmt::format("{}: exists and is not a gpuclusters database; a backup replaces only an "
                            "earlier backup; left untouched",
                            destination));
        }
    }
    formats::AtomicFile file(destination);  // refuses a link, a folder, a FIFO, a device
    BackupResult result{destination, store.copy_into(file.temporary_path(), destination)};
    file.commit();
    return result;
}

EditStart start_edit(const store::Store& store, const std::string& cluster_id) {
    EditStart start{require_record(store, cluster_id), newest_change(store, cluster_id)};
    // Others may write while the editor is open.
    store.finish_reading();
    return start;
}

EditOutcome finish_edit(store::Store& store, const EditStart& start, model::RecordDocument document, model::Changeset changeset,
                        const std::string& today, bool unsourced) {
    const auto& record = start.record;
    document.record.citations_as_they_stood = true;
    document.record.unsourced = unsourced;
    // Fields deleted from the document become unknown.
    std::set<std::string> kept;
    for (const auto& field : document.record.fields) kept.insert(field.field);
    for (const auto& spec : model::field_catalogue()) {
        if (spec.derived || kept.contains(std::string(spec.name))) continue;
        if (record.preferred(spec.name) || !record.others(spec.name, true).empty()) {
            document.record.fields.push_back(
                {.field = std::string(spec.name), .origin = document.place, .action = model::FieldAction::clear});
        }
    }
    EditOutcome outcome;
    // Opened in rollback-journal mode while the editor ran (commands::Command::journal): the
    // write to come is made in WAL mode, as every write is.
    store.use_write_ahead_log();
    ChangeSession session(store, std::move(changeset), today);
    session.transact([&] {
        // The write lock is held from here: a change made while the editor was open is seen.
        if (newest_change(store, record.id) != start.seen) {
            outcome.conflict = true;
            return false;
        }
        outcome.report = session.apply(ChangeSession::prepare(document.sources, {document.record}, today));
        return outcome.report.changed;
    });
    if (!outcome.report.changed) outcome.report.changeset_id = 0;
    return outcome;
}

}  // namespace gpuclusters::ledger
