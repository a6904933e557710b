#include "gpuclusters/ledger/tree.hpp"

#include <filesystem>
#include <fmt/format.h>

#include "formats/atomic_file.hpp"
#include "formats/git_tree.hpp"
#include "formats/input_file.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/ledger/records.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/store/store.hpp"

namespace gpuclusters::ledger {
namespace {

// A .gitattributes line's words: a pattern, then its attributes.
std::vector<std::string_view> words_of(std::string_view line) {
    std::vector<std::string_view> words;
    for (const auto word : text::split(line, ' ')) {
        if (!text::trim(word).empty()) words.push_back(text::trim(word));
    }
    return words;
}

// Whether a .gitattributes text routes the record files already: the line, or the same pattern
// and attribute spaced otherwise.
bool routes_records(std::string_view attributes) {
    const auto wanted = words_of(record_attributes_line);
    for (const auto line : text::split(attributes, '\n')) {
        if (words_of(line) == wanted) return true;
    }
    return false;
}

}  // namespace

TreeSetup set_up_tree(const std::string& folder, const std::string& driver_command) {
    auto repository = formats::GitRepository::open_or_init(folder);
    TreeSetup result{repository.root(), repository.created(), {}};

    const std::string attributes_path = repository.root() + ".gitattributes";
    std::string attributes;
    if (std::filesystem::symlink_status(attributes_path).type() != std::filesystem::file_type::not_found) {
        attributes = formats::read_whole_file(attributes_path, ".gitattributes", false);
    }
    if (!routes_records(attributes)) {
        if (!attributes.empty() && attributes.back() != '\n') attributes += '\n';
        attributes += fmt::format("{}\n", record_attributes_line);
        formats::AtomicFile file(attributes_path);
        file.stream() << attributes;
        file.commit();
        result.changed.push_back(fmt::format(".gitattributes: {}", record_attributes_line));
    }

    const std::pair<std::string, std::string> settings[] = {
        {"merge.gpuclusters.name", "gpuclusters: record files merged claim by claim"},
        {"merge.gpuclusters.driver", driver_command},
    };
    for (const auto& [key, value] : settings) {
        if (repository.local_config(key) == value) continue;
        repository.set_local_config(key, value);
        result.changed.push_back(fmt::format("{} = {}", key, value));
    }
    return result;
}

TreeCheck check_tree(const std::string& folder, const std::string& scratch_database, model::Changeset changeset,
                     const rules::Config& config, const std::string& today, const CheckRequest& request,
                     const FindingSink& sink) {
    TreeCheck result;
    initialise(scratch_database, std::nullopt, today);
    auto store = store::Store::open(scratch_database);
    ImportRequest import;
    import.inputs.emplace_back(folder, formats::Format::toml);
    import.unsourced = true;
    result.read = import_records(store, import, std::move(changeset), today, {});
    if (result.read.refused()) return result;
    result.summary = check(store, config, today, request, sink);
    return result;
}

}  // namespace gpuclusters::ledger
