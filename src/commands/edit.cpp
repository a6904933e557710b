// gpuclusters edit ID: the record as TOML in $VISUAL or $EDITOR (else vi); on save the field diff
// is applied as one changeset. Nothing is overwritten if the record changed meanwhile.
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "gpuclusters/ledger/change.hpp"
#include "commands/command.hpp"
#include "formats/interchange.hpp"
#include "formats/record_toml.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

constexpr std::string_view help_header = R"(# Edit the record, save and quit: the differences become one changeset.
# - [field.NAME] value = "..." (the syntax of `gpuclusters add --set`), or not_published = true.
# - [[field.NAME.citation]] source = URL (one of the [[source]] urls), locator, quote: add evidence.
# - [[field.NAME.competing]] value, rank = "normal" | "deprecated": competing figures.
# - Delete a [field.NAME] table to make the field unknown. Citations and competing figures are not
#   removed by deleting them here: use `gpuclusters rank ... deprecated` or `gpuclusters revert`.
# - Lines starting with # are ignored; format, id and gpu_maker are read-only.
# - An empty file, or one left unchanged, aborts the edit.
)";

std::string read_file(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::stringstream content;
    content << file.rdbuf();
    return content.str();
}

void write_file(const std::string& path, const std::string& content) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << content;
    if (!file) throw InputError(fmt::format("{}: cannot write the file", path));
}

// The editor command is split on spaces and run directly (no shell): $VISUAL, $EDITOR, else vi.
int run_editor(const std::string& path) {
    std::string command;
    for (const char* name : {"VISUAL", "EDITOR"}) {
        if (const char* value = std::getenv(name); value && *value) {
            command = value;
            break;
        }
    }
    if (command.empty()) command = "vi";
    std::vector<std::string> words;
    std::istringstream split(command);
    for (std::string word; split >> word;) words.push_back(word);
    words.push_back(path);
    std::vector<char*> argv;
    argv.reserve(words.size() + 1);
    for (auto& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    const pid_t child = fork();
    if (child < 0) throw Error(ExitCode::internal, "cannot start the editor");
    if (child == 0) {
        execvp(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (!WIFEXITED(status)) return 1;
    if (WEXITSTATUS(status) == 127) throw UsageError(fmt::format("cannot run the editor '{}'", words.front()));
    return WEXITSTATUS(status);
}

// The record's TOML with the read-only lines commented out.
std::string editable_text(const model::Record& record) {
    std::string body = formats::record_to_toml(record, true);
    std::string out(help_header);
    std::istringstream lines(body);
    bool in_maker = false;
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("[")) in_maker = line.starts_with("[field.gpu_maker]") || line.starts_with("[[field.gpu_maker.");
        const bool read_only = in_maker || line.starts_with("format =") || line.starts_with("id =") ||
                               line.starts_with("# gpuclusters record");
        out += (read_only && !line.starts_with("#") ? "# " : "") + line + "\n";
    }
    return out;
}

bool only_comments(const std::string& text) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        const auto trimmed = text::trim(line);
        if (!trimmed.empty() && !trimmed.starts_with("#")) return false;
    }
    return true;
}

// The text as a record: the read-only format and id lines put back where they stand (commented),
// so that errors name the lines of the file the editor shows.
std::string as_record(const std::string& text, const std::string& id) {
    const std::string format_line = fmt::format("format = {}", formats::format_version);
    const std::string id_line = fmt::format("id = \"{}\"", id);
    std::string out;
    bool format_seen = false, id_seen = false;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line == "# " + format_line) {
            line = format_line;
            format_seen = true;
        } else if (line.starts_with("# id = ")) {
            line = id_line;
            id_seen = true;
        }
        out += line + "\n";
    }
    if (!format_seen || !id_seen) out = format_line + "\n" + id_line + "\n" + out;
    return out;
}

class EditCommand : public Command {
public:
    explicit EditCommand(CLI::App& app) {
        app.add_option("id", id_, "cluster id")->required();
        app.add_option("-m,--message", message_, "changeset message");
    }
    DbAccess access() const override { return DbAccess::open; }

    ExitCode run(Context& context) override {
        auto& store = *context.store;
        const std::string id = model::parse_cluster_id(id_);
        const auto record = store.load_record(id);
        if (!record) throw InputError(fmt::format("no cluster '{}' (`gpuclusters list` shows the ids)", id));
        const auto newest = store.changesets(id, "", 1);
        const long long seen = newest.empty() ? 0 : newest.front().id;

        // A private folder (mode 0700, a name nobody can guess) holds the file the editor opens.
        std::string folder_template = (std::filesystem::temp_directory_path() / "gpuclusters-edit-XXXXXX").string();
        if (!mkdtemp(folder_template.data())) throw Error(ExitCode::internal, "cannot create a temporary folder");
        const std::string path = (std::filesystem::path(folder_template) / (id + ".toml")).string();
        const std::string original = editable_text(*record);
        write_file(path, original);
        std::string shown = original;
        std::optional<formats::RecordDocument> document;
        // A file that does not parse goes back to the editor with the error on top, a few times.
        for (int attempt = 0;; ++attempt) {
            if (run_editor(path) != 0) {
                throw InputError(fmt::format("the editor failed; your edit is kept in {}", path));
            }
            const std::string edited = read_file(path);
            if (only_comments(edited)) {
                std::filesystem::remove_all(folder_template);
                context.err << "gpuclusters: edit aborted: the file is empty; nothing written\n";
                return ExitCode::differences;
            }
            if (edited == shown) {
                if (attempt > 0) {
                    throw InputError(fmt::format("the file still does not parse; nothing written; your edit is kept in {}", path));
                }
                std::filesystem::remove_all(folder_template);
                context.out << "no change; nothing written\n";
                return ExitCode::ok;
            }
            try {
                document = formats::read_toml_record(as_record(edited, id), path);
                break;
            } catch (const InputError& error) {
                if (attempt >= 9) throw InputError(fmt::format("{}; nothing written; your edit is kept in {}", error.what(), path));
                const std::string body = edited.starts_with("# ERROR: ") ? edited.substr(edited.find('\n') + 1) : edited;
                // The error line shifts the file by one: say so, rather than renumber toml++'s message.
                shown = fmt::format("# ERROR: {} (line numbers count this line too)\n{}", error.what(), body);
                write_file(path, shown);
            }
        }

        // Fields deleted from the text become unknown.
        std::set<std::string> kept;
        for (const auto& field : document->record.fields) kept.insert(field.field);
        for (const auto& spec : model::field_catalogue()) {
            if (spec.type == model::FieldType::gpu_maker || kept.contains(std::string(spec.name))) continue;
            if (record->preferred(spec.name) || !record->others(spec.name, true).empty()) {
                document->record.fields.push_back({.field = std::string(spec.name), .origin = path, .action = model::FieldAction::clear});
            }
        }

        ledger::ChangeSession session(store, context.changeset(message_, "edit " + id), context.today);
        model::ChangeReport report;
        bool conflict = false;
        store.with_write_transaction([&] {
            // The write lock is held from here: a change made while the editor was open is seen.
            const auto now = store.changesets(id, "", 1);
            if ((now.empty() ? 0 : now.front().id) != seen) {
                conflict = true;
                return false;
            }
            try {
                report = session.apply(document->sources, std::span(&document->record, 1));
            } catch (const Error& error) {
                throw Error(error.code(), fmt::format("{}; nothing written; your edit is kept in {}", error.what(), path));
            }
            return report.changed;
        });
        if (conflict) {
            // Never over an earlier kept edit: gpuclusters-edit-ID.toml, then -2, -3, ...
            std::string kept_at = fmt::format("gpuclusters-edit-{}.toml", id);
            for (int n = 2; std::filesystem::exists(kept_at); ++n) kept_at = fmt::format("gpuclusters-edit-{}-{}.toml", id, n);
            std::filesystem::copy_file(path, kept_at);
            std::filesystem::remove_all(folder_template);
            throw Error(ExitCode::differences,
                        fmt::format("{} changed in the database while you edited it; nothing written. Your edit is kept in {}",
                                    id, kept_at));
        }
        std::filesystem::remove_all(folder_template);
        if (!report.changed) report.changeset_id = 0;
        context.report_change(report);
        return ExitCode::ok;
    }

private:
    std::string id_;
    std::string message_;
};

}  // namespace

std::unique_ptr<Command> make_edit(CLI::App& app) { return std::make_unique<EditCommand>(app); }

}  // namespace gpuclusters::commands
