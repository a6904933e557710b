// gpuclusters edit ID: the record as TOML in $VISUAL or $EDITOR (else vi); on save the field diff
// is applied as one changeset. Nothing is overwritten if the record changed meanwhile.
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fmt/format.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "commands/command.hpp"
#include "commands/options.hpp"
#include "commands/temporary_folder.hpp"
#include "formats/atomic_file.hpp"
#include "formats/input_file.hpp"
#include "formats/record_edit.hpp"
#include "gpuclusters/ledger/records.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::commands {
namespace {

// The file as the editor left it: a regular file, not a link, a FIFO or a folder it put there.
std::string read_file(const std::string& path) { return formats::read_whole_file(path, "the edited file", false); }

// Written beside and renamed over it: never through a link that the editor, or anyone, put in
// its place.
void write_file(const std::string& path, const std::string& content) {
    formats::AtomicFile file(path);
    file.stream() << content;
    file.commit();
}

// $VISUAL, $EDITOR, else vi, run as git runs it (text::user_command: "code --wait" directly,
// "sed -i -e 's/a/b/'" through the shell) with the file as its last argument. A variable that
// holds only blanks is unset: run, it would leave the file name to be run.
int run_editor(const std::string& path, TemporaryFolder& folder) {
    std::string command;
    for (const char* name : {"VISUAL", "EDITOR"}) {
        if (const char* value = std::getenv(name);
            value && std::string_view(value).find_first_not_of(" \t\n\v\f\r") != std::string_view::npos) {
            command = value;
            break;
        }
    }
    if (command.empty()) command = "vi";
    auto words = text::user_command(command, {path}).argv;
    std::vector<char*> argv;
    argv.reserve(words.size() + 1);
    for (auto& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    const pid_t child = folder.fork_child();
    if (child < 0) throw Error(ExitCode::internal, "cannot start the editor");
    if (child == 0) {
        std::signal(SIGPIPE, SIG_DFL);  // ignored by gpuclusters, not by the editor
        execvp(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    folder.child_finished();
    // Ctrl-C that stopped the editor stops the edit, as it would have without one.
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) folder.end_by(SIGINT);
    if (!WIFEXITED(status)) return 1;
    if (WEXITSTATUS(status) == 127) throw UsageError(fmt::format("cannot run the editor '{}'", text::one_line(command)));
    return WEXITSTATUS(status);
}

class EditCommand : public Command {
public:
    explicit EditCommand(CLI::App& app) {
        app.add_option("id", id_, "cluster id")->required()->type_name(value_type::cluster);
        app.add_option("-m,--message", message_, "changeset message");
        app.add_flag("--unsourced", unsourced_, "write changed values that cite no new source (verify reports each)");
    }
    DbAccess access() const override { return DbAccess::read_write; }
    store::Journal journal() const override { return store::Journal::rollback; }
    void validate(const Context&) override { id_ = model::parse_cluster_id(id_); }

    ExitCode run(Context& context) override {
        const auto start = ledger::start_edit(context.store(), id_);
        // The file the editor opens, in a folder of its own that no way out leaves behind (a kill
        // included) but a failed edit, kept for its author.
        TemporaryFolder folder("gpuclusters-edit");
        const std::string path = (std::filesystem::path(folder.path()) / (id_ + ".toml")).string();
        const std::string original = formats::editable_text(start.record);
        write_file(path, original);
        std::optional<model::RecordDocument> document = edited(path, original, folder);
        if (!document) {
            if (only_comments_) {
                render::print_edit_aborted(context.output);
                return ExitCode::differences;
            }
            render::print_edit_unchanged(context.output);
            return ExitCode::ok;
        }
        document->place = path;
        ledger::EditOutcome outcome;
        try {
            outcome = ledger::finish_edit(context.store(), start, std::move(*document),
                                          context.changeset(message_, "edit " + id_), context.today, unsourced_);
        } catch (const Error& error) {
            // Kept beside the database's user, where the concurrent-change case keeps it too; the
            // message names that copy, line and column as they are in it.
            const std::string kept = keep_beside(path);
            std::string message = error.what();
            for (auto at = message.find(path); at != std::string::npos; at = message.find(path, at + kept.size())) {
                message.replace(at, path.size(), kept);
            }
            throw Error(error.code(), fmt::format("{}; nothing written; your edit is kept in {}", message, kept));
        }
        if (outcome.conflict) {
            throw Error(ExitCode::differences, fmt::format("{} changed in the database while you edited it; nothing written. "
                                                           "Your edit is kept in {}",
                                                           id_, keep_beside(path)));
        }
        render::print_edit_change(context.output, std::move(outcome.report));
        return ExitCode::ok;
    }

private:
    // The edited record, or nothing when the file was left as it was or emptied. A file that does
    // not parse goes back to the editor with the error on top, a few times.
    std::optional<model::RecordDocument> edited(const std::string& path, const std::string& original, TemporaryFolder& folder) {
        // The edit cannot go on: the folder is kept, and the error says where the edit is.
        auto kept = [&](const std::string& why) {
            folder.keep();
            return InputError(fmt::format("{}; your edit is kept in {}", why, path));
        };
        std::string shown = original;
        for (int attempt = 0;; ++attempt) {
            if (run_editor(path, folder) != 0) throw kept("the editor failed");
            const std::string text = read_file(path);
            only_comments_ = formats::only_comments(text);
            if (only_comments_) return std::nullopt;
            if (text == shown) {
                if (attempt == 0) return std::nullopt;
                throw kept("the file still does not parse; nothing written");
            }
            try {
                return formats::read_edited_record(text, id_, path);
            } catch (const InputError& error) {
                if (attempt >= 9) throw kept(fmt::format("{}; nothing written", error.what()));
                const std::string body = text.starts_with("# ERROR: ") ? text.substr(text.find('\n') + 1) : text;
                // The error line shifts the file by one: say so, rather than renumber toml++'s message.
                shown = fmt::format("# ERROR: {} (line numbers count this line too)\n{}", error.what(), body);
                write_file(path, shown);
            }
        }
    }

    // Never over an earlier kept edit, nor over or through anything else that stands there (a
    // link, even one that leads nowhere): gpuclusters-edit-ID.toml, then -2, -3, ...
    std::string keep_beside(const std::string& path) const {
        const std::string text = read_file(path);
        for (int n = 1;; ++n) {
            std::string kept_at =
                n == 1 ? fmt::format("gpuclusters-edit-{}.toml", id_) : fmt::format("gpuclusters-edit-{}-{}.toml", id_, n);
            std::error_code ignored;
            if (std::filesystem::exists(std::filesystem::symlink_status(kept_at, ignored))) continue;
            formats::AtomicFile file(kept_at);
            file.stream() << text;
            if (file.commit_as_new()) return kept_at;
        }
    }

    std::string id_;
    std::string message_;
    bool unsourced_ = false;
    bool only_comments_ = false;
};

}  // namespace

std::unique_ptr<Command> make_edit(CLI::App& app) { return std::make_unique<EditCommand>(app); }

}  // namespace gpuclusters::commands
