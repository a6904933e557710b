// sync (sync.hpp): git's new commits replayed onto the database, then the database's new
// changesets committed onto git's HEAD, each as three-way merges of record versions; then any
// record whose two merges came out differently made as the tree has it, so both sides end equal.
#include "gpuclusters/ledger/sync.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <set>

#include "formats/git_tree.hpp"
#include "formats/interchange.hpp"
#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/ledger/import.hpp"
#include "gpuclusters/ledger/listing.hpp"
#include "gpuclusters/ledger/merge.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::ledger {
namespace {

constexpr std::string_view settled_message = "sync: records made as the tree merged them";

long long seconds_of(const std::string& timestamp) {
    std::tm time{};
    if (std::sscanf(timestamp.c_str(), "%d-%d-%dT%d:%d:%d", &time.tm_year, &time.tm_mon, &time.tm_mday, &time.tm_hour,
                    &time.tm_min, &time.tm_sec) != 6) {
        throw InputError(fmt::format("changeset time {}: not YYYY-MM-DDTHH:MM:SSZ", text::one_line(timestamp)));
    }
    time.tm_year -= 1900;
    time.tm_mon -= 1;
    return timegm(&time);
}

std::string timestamp_of(long long seconds) {
    return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", std::chrono::sys_seconds{std::chrono::seconds{seconds}});
}

std::string subject_of(const std::string& message) { return message.substr(0, message.find('\n')); }

// A record as the tree's file of it says it, as of a changeset (or now): a removed cluster a
// record that says so, one not made yet an empty record.
model::Record tree_record(const store::Store& store, const std::string& id, std::optional<long long> as_of) {
    if (auto record = store.load_record(id, as_of)) {
        add_tree_parts(store, *record, as_of);
        return std::move(*record);
    }
    model::Record absent;
    const auto created = store.cluster_created_in(id);
    if (created && *created <= as_of.value_or(*created)) {
        absent.id = id;
        absent.removed = true;
    }
    return absent;
}

std::string file_text(const model::Record& record) { return formats::record_to_toml(record, true); }

// The record files of `files` written into a folder of their own under the scratch folder and
// imported as one changeset; its id, or 0 when the import changed nothing.
long long import_files(store::Store& store, const SyncRequest& request, const std::string& name,
                       const std::map<std::string, std::string>& files, model::Changeset changeset) {
    const auto folder = std::filesystem::path(request.scratch_folder) / name;
    std::filesystem::create_directories(folder);
    // The scratch folder is the caller's private one, read once and removed: its files need no
    // rename or sync to be whole (an atomic write of each cost the Epoch tree a second).
    for (const auto& [path, content] : files) {
        const auto name = folder / std::filesystem::path(path).filename();
        std::ofstream file(name, std::ios::binary);
        file << content;
        file.close();
        if (!file) throw OutputError(fmt::format("{}: cannot be written", name.string()));
    }
    ImportRequest import;
    import.inputs.emplace_back(folder.string(), formats::Format::toml);
    import.unsourced = true;
    import.whole_records = true;
    const auto imported = import_records(store, import, std::move(changeset), request.today, {});
    if (imported.refused()) throw InputError(fmt::format("{}: {}", name, imported.problems.front()));
    return imported.written ? imported.changeset_id : 0;
}

class Sync {
public:
    Sync(store::Store& store, const SyncRequest& request)
        : store_(store), request_(request), repository_(formats::GitRepository::open_records_folder(request.folder)) {
        result_.folder = request.folder;
    }

    SyncResult run() {
        refuse_uncommitted_files();
        const auto last = store_.last_tree_sync();
        std::optional<std::string> seen;
        if (last && !last->commit_id.empty()) seen = last->commit_id;
        if (seen && !repository_.reaches(*seen)) {
            throw InputError(
                fmt::format("{}: HEAD's history no longer holds commit {}, which this database synced with last "
                            "(a reset or a rebase?); check out a branch that holds it",
                            text::one_line(request_.folder), *seen));
        }
        const long long local_after = last ? last->changeset_id : 0;
        const long long local_until = store_.latest_changeset_id();
        for (const auto& commit : repository_.commits_since(seen)) replay_commit(commit);
        for (const long long changeset_id : changesets_between(local_after, local_until)) commit_changeset(changeset_id);
        settle();
        // A conflict a later commit resolved is history: only those still standing are reported.
        std::erase_if(result_.conflicts, [&](const std::pair<std::string, std::string>& conflict) {
            return !tree_record(store_, conflict.first, std::nullopt).in_merge_conflict(conflict.second);
        });
        result_.head = repository_.head().value_or("");
        if (!last || last->commit_id != result_.head || last->changeset_id != store_.latest_changeset_id()) {
            ChangeSession session(store_, request_.changeset, request_.today);
            session.transact([&] {
                session.agree_with_tree({store_.latest_changeset_id(), result_.head});
                return true;
            });
        }
        return std::move(result_);
    }

private:
    void refuse_uncommitted_files() const {
        const auto paths = repository_.uncommitted_record_files();
        if (paths.empty()) return;
        throw InputError(fmt::format("{}: record files not committed: {}{}; commit them with git (or check them out) first",
                                     text::one_line(request_.folder), text::one_line(paths.front()),
                                     paths.size() > 1 ? fmt::format(" and {} more", paths.size() - 1) : ""));
    }

    std::vector<long long> changesets_between(long long after, long long until) const {
        std::vector<long long> ids;
        store_.each_changeset("", "", std::nullopt, until, [&](const model::Changeset& changeset) {
            if (changeset.id > after) ids.push_back(changeset.id);
        });
        return {ids.rbegin(), ids.rend()};
    }

    model::Record read(const std::optional<std::string>& content, const std::string& name) const {
        return content ? record_of_file(*content, name) : model::Record{};
    }

    void keep_findings(const std::string& id, RecordMerge& merge) {
        for (auto& field : merge.conflicts) {
            if (std::find(result_.conflicts.begin(), result_.conflicts.end(), std::pair(id, field)) == result_.conflicts.end())
                result_.conflicts.emplace_back(id, field);
        }
        for (auto& note : merge.notes) result_.notes.push_back(fmt::format("{}: {}", id, note));
    }

    // The commit's change of each record file (from its first parent), merged onto the record the
    // database has now.
    void replay_commit(const formats::GitCommit& commit) {
        std::map<std::string, std::string> files;
        SyncedChange change{commit.id, 0, commit.author, subject_of(commit.message), {}};
        const auto paths = repository_.changed_files(commit);
        for (const auto& path : paths) {
            if (!repository_.is_record_file(path)) continue;
            touched_.insert(path);
            const auto theirs_text = repository_.file_at(commit.id, path);
            if (!theirs_text) {
                result_.notes.push_back(
                    fmt::format("{}: deleted by commit {}; a record leaves the tree as a file that says "
                                "`removed = true`, so the database keeps it",
                                path, commit.id.substr(0, 12)));
                continue;
            }
            const auto theirs = record_of_file(*theirs_text, fmt::format("{} (commit {})", path, commit.id.substr(0, 12)));
            const auto base = read(commit.first_parent ? repository_.file_at(*commit.first_parent, path) : std::nullopt,
                                   fmt::format("{} (commit {})", path, commit.first_parent.value_or("").substr(0, 12)));
            const std::string id = theirs.id.empty() ? base.id : theirs.id;
            const auto ours = tree_record(store_, id, std::nullopt);
            auto merge = merge_records(base, ours, theirs);
            keep_findings(id, merge);
            const std::string merged = file_text(merge.record);
            if (merged == file_text(ours)) continue;
            files.emplace(repository_.record_path(id), merged);
            change.records.push_back(id);
        }
        // A commit of other files (.gitattributes) is none of the dataset's, and a merge commit
        // whose result the database holds adds nothing; any other commit is a changeset, one
        // that changes nothing included (a change merged away, or an empty commit for one): its
        // author and message are history every clone keeps.
        if (files.empty() && (commit.merge || (!paths.empty() && !touches_records(paths)))) return;
        const model::Changeset changeset{0, timestamp_of(commit.time), commit.author, commit.message,
                                         fmt::format("gpuclusters sync (commit {})", commit.id)};
        change.changeset_id =
            files.empty() ? changeset_of_nothing(changeset) : import_files(store_, request_, commit.id, files, changeset);
        if (change.changeset_id == 0) change.changeset_id = changeset_of_nothing(changeset);
        result_.from_git.push_back(std::move(change));
    }

    // The changeset's change of each record it touched (from just before it), merged onto the
    // tree's file as it now stands, committed with the changeset's author, time and message.
    void commit_changeset(long long changeset_id) {
        const auto changeset = store_.changeset(changeset_id);
        if (!changeset) return;
        std::set<std::string> ids;
        store_.each_touched_cluster(changeset_id, "", "", [&](const std::string& id) { ids.insert(id); });
        for (const auto& event : store_.verify_events_in(changeset_id)) ids.insert(event.cluster_id);
        // A source's new metadata (sources check) changes every record file that lists it.
        for (const long long source_id : store_.sources_revised_in(changeset_id)) {
            for (auto& id : store_.clusters_of_source(source_id)) ids.insert(std::move(id));
        }
        const auto head = repository_.head();
        std::map<std::string, std::string> files;
        SyncedChange change{"", changeset_id, changeset->author, subject_of(changeset->message), {}};
        for (const auto& id : ids) {
            const std::string path = repository_.record_path(id);
            const auto current = head ? repository_.file_at(*head, path) : std::nullopt;
            const auto after = tree_record(store_, id, changeset_id);
            auto merge = merge_records(tree_record(store_, id, changeset_id - 1), read(current, path), after);
            keep_findings(id, merge);
            if (merge.record.id.empty()) continue;
            const std::string merged = file_text(merge.record);
            if (current && merged == *current) continue;
            files.emplace(path, merged);
            change.records.push_back(id);
            touched_.insert(path);
        }
        // A changeset merged away (its change undone by the tree's) is still a commit, empty.
        change.commit = repository_.commit_files(files, changeset->author, seconds_of(changeset->created_at), changeset->message);
        result_.to_git.push_back(std::move(change));
    }

    bool touches_records(const std::vector<std::string>& paths) const {
        return std::ranges::any_of(paths, [&](const std::string& path) { return repository_.is_record_file(path); });
    }

    long long changeset_of_nothing(const model::Changeset& changeset) {
        ChangeSession session(store_, changeset, request_.today);
        session.transact([&] {
            session.begin();
            return true;
        });
        return session.changeset_id();
    }

    // A record merged both ways (its database changes onto the tree, the tree's onto the
    // database) can come out differently, a rank both sides changed for one: the tree's merge,
    // which every clone shares, is made the database's.
    void settle() {
        const auto head = repository_.head();
        if (!head) return;
        std::map<std::string, std::string> files;
        SyncedChange change{*head, 0, request_.changeset.author, std::string(settled_message), {}};
        for (const auto& path : touched_) {
            const auto content = repository_.file_at(*head, path);
            if (!content) continue;
            const auto tree = record_of_file(*content, path);
            const std::string wanted = file_text(tree);
            if (wanted == file_text(tree_record(store_, tree.id, std::nullopt))) continue;
            files.emplace(path, wanted);
            change.records.push_back(tree.id);
        }
        if (files.empty()) return;
        auto changeset = request_.changeset;
        changeset.message = settled_message;
        change.changeset_id = import_files(store_, request_, "settled", files, changeset);
        if (change.changeset_id != 0) result_.settled = std::move(change);
    }

    store::Store& store_;
    const SyncRequest& request_;
    formats::GitRepository repository_;
    std::set<std::string> touched_;  // the record files either way changed
    SyncResult result_;
};

}  // namespace

SyncResult sync_tree(store::Store& store, const SyncRequest& request) { return Sync(store, request).run(); }

}  // namespace gpuclusters::ledger
