// merge-driver's report: how git's three versions of a record file were merged, and each field
// whose values now compete; tree setup's, of the work tree made ready for the driver; sync's, of
// the commits and changesets that crossed.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gpuclusters/ledger/merge.hpp"
#include "gpuclusters/ledger/sync.hpp"
#include "gpuclusters/model/text.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {

void print_file_merge(const Output& output, const ledger::FileMerge& merge, const std::string& path) {
    if (output.json) {
        print_json(output.out, Json{{"file", path},
                                    {"merged_as", merge.as_records ? "records" : "text"},
                                    {"why", merge.why},
                                    {"clean", merge.clean},
                                    {"conflicts", merge.conflicts},
                                    {"notes", merge.notes}});
        return;
    }
    if (!merge.as_records) {
        print_warning(output, fmt::format("{}: merged as text, as git would: {}{}", path, merge.why,
                                          merge.clean ? "" : "; the lines both sides changed hold conflict markers"));
        return;
    }
    for (const auto& field : merge.conflicts) {
        output.out << fmt::format(
            "{}: {}: both sides set it to different values; both are kept as competing figures until `gpuclusters "
            "rank` makes one preferred\n",
            path, field);
    }
    for (const auto& note : merge.notes) output.out << fmt::format("{}: {}\n", path, note);
}

void print_tree_setup(const Output& output, const ledger::TreeSetup& setup) {
    if (output.json) {
        print_json(output.out,
                   Json{{"root", setup.root}, {"created_repository", setup.created_repository}, {"changed", setup.changed}});
        return;
    }
    if (setup.created_repository) output.out << fmt::format("initialised a git repository in {}\n", text::one_line(setup.root));
    for (const auto& change : setup.changed) output.out << fmt::format("set {}\n", text::one_line(change));
    if (!setup.created_repository && setup.changed.empty()) {
        output.out << fmt::format("{}: ready for record files, nothing to change\n", text::one_line(setup.root));
    }
}

namespace {

Json synced_json(const ledger::SyncedChange& change) {
    return Json{{"commit", change.commit},
                {"changeset", change.changeset_id},
                {"author", change.author},
                {"subject", change.subject},
                {"records", change.records}};
}

std::string records_counted(const ledger::SyncedChange& change) {
    return fmt::format("{} record{}", change.records.size(), change.records.size() == 1 ? "" : "s");
}

}  // namespace

void print_sync(const Output& output, const ledger::SyncResult& sync) {
    if (output.json) {
        Json from_git = Json::array(), to_git = Json::array();
        for (const auto& change : sync.from_git) from_git.push_back(synced_json(change));
        for (const auto& change : sync.to_git) to_git.push_back(synced_json(change));
        Json conflicts = Json::array();
        for (const auto& [id, field] : sync.conflicts) conflicts.push_back(Json{{"cluster", id}, {"field", field}});
        print_json(output.out, Json{{"folder", sync.folder},
                                    {"head", sync.head},
                                    {"from_git", from_git},
                                    {"to_git", to_git},
                                    {"settled", sync.settled ? synced_json(*sync.settled) : Json()},
                                    {"conflicts", conflicts},
                                    {"notes", sync.notes}});
        return;
    }
    for (const auto& change : sync.from_git) {
        output.out << fmt::format("commit {} -> changeset {}: {}: {} ({})\n", change.commit.substr(0, 12), change.changeset_id,
                                  text::one_line(change.author), text::one_line(change.subject), records_counted(change));
    }
    for (const auto& change : sync.to_git) {
        output.out << fmt::format("changeset {} -> commit {}: {}: {} ({})\n", change.changeset_id, change.commit.substr(0, 12),
                                  text::one_line(change.author), text::one_line(change.subject), records_counted(change));
    }
    if (sync.settled) {
        output.out << fmt::format("changeset {}: {} as the tree merged them: {}\n", sync.settled->changeset_id,
                                  records_counted(*sync.settled),
                                  text::one_line(fmt::format("{}", fmt::join(sync.settled->records, ", "))));
    }
    for (const auto& [id, field] : sync.conflicts) {
        output.out << fmt::format(
            "{}: {}: both sides set it to different values; both are kept as competing figures until "
            "`gpuclusters rank` makes one preferred\n",
            text::one_line(id), field);
    }
    for (const auto& note : sync.notes) output.out << fmt::format("{}\n", text::one_line(note));
    const std::string at = sync.head.empty() ? "no commit yet" : "commit " + sync.head.substr(0, 12);
    output.out << fmt::format("{}: {}, the database and the tree agree at {}\n", text::one_line(sync.folder),
                              sync.changed() ? "synced" : "nothing to sync", at);
}

void print_tree_problems(const Output& output, const ledger::ImportResult& read) {
    for (const auto& problem : read.problems) print_error(output.err, problem);
    if (read.problem_count > read.problems.size()) {
        print_error(output.err, fmt::format("{} more problems like these (the first {} are listed)",
                                            read.problem_count - read.problems.size(), read.problems.size()));
    }
}

}  // namespace gpuclusters::render
