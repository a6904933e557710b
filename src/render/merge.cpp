// merge-driver's report: how git's three versions of a record file were merged, and each field
// whose values now compete; tree setup's, of the work tree made ready for the driver.
#include <fmt/format.h>

#include "gpuclusters/ledger/merge.hpp"
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

void print_tree_problems(const Output& output, const ledger::ImportResult& read) {
    for (const auto& problem : read.problems) print_error(output.err, problem);
    if (read.problem_count > read.problems.size()) {
        print_error(output.err, fmt::format("{} more problems like these (the first {} are listed)",
                                            read.problem_count - read.problems.size(), read.problems.size()));
    }
}

}  // namespace gpuclusters::render
