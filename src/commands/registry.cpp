#include <array>

#include "commands/command.hpp"

namespace gpuclusters::commands {

std::span<const CommandInfo> command_registry() {
    static constexpr std::array commands{
        CommandInfo{"init", "create a database (and load the bundled sample)", make_init},
        CommandInfo{"add", "create a cluster or set its fields, with the source behind them", make_add},
        CommandInfo{"cite", "add a source and quote to a value after the fact", make_cite},
        CommandInfo{"rank", "make a claim preferred, a competing figure (normal) or deprecated", make_rank},
        CommandInfo{"edit", "the record as TOML in $VISUAL or $EDITOR; the changes become one changeset", make_edit},
        CommandInfo{"show", "print a cluster's record page: values, source numbers, sources", make_show},
        CommandInfo{"list", "a table of clusters, filtered, searched and sorted", make_list},
        CommandInfo{"stats", "the dataset in figures: clusters and GPUs by maker, country, segment, status", make_stats},
        CommandInfo{"sources", "every source with what it backs; show one; record a re-check", make_sources},
        CommandInfo{"log", "changesets newest first, with their field diffs", make_log},
        CommandInfo{"blame", "per field: the value, the changeset that set it and its sources", make_blame},
        CommandInfo{"revert", "undo a changeset with a new one", make_revert},
        CommandInfo{"merge", "two records of one cluster made one; the second id leads to the first", make_merge},
        CommandInfo{"rename", "a record's id changed; the old id leads to the new one", make_rename},
        CommandInfo{"verify", "check records against the editorial policy; sign the Verified badge", make_verify},
        CommandInfo{"accept", "accept every finding of a rule in the clusters chosen, with one reason, in one changeset",
                    make_accept},
        CommandInfo{"backup", "a copy of the database, whole at any moment, written atomically", make_backup},
        CommandInfo{"check", "the file against itself: derived tables against the history, SQLite's checks; --repair",
                    make_check},
        CommandInfo{"quote", "how verify reads a quote: each figure, what it counts, its bound and modality", make_quote},
        CommandInfo{"compare", "field by field: clusters side by side, a record over time, or against a snapshot", make_compare},
        CommandInfo{"export", "a deterministic snapshot in json, jsonl, toml, csv or csv-long", make_export},
        CommandInfo{"site", "the dataset as a static website: a page per cluster with its sources and quotes", make_site},
        CommandInfo{"import", "records in bulk from any export format, all or nothing, in one changeset", make_import},
        CommandInfo{"tree", "a git work tree of record files shared by several editors: setup", make_tree},
        CommandInfo{"sync", "the database and a tree's git history brought together: commits in, changesets out", make_sync},
        CommandInfo{"merge-driver", "git's merge driver for record files: three versions merged claim by claim",
                    make_merge_driver},
        CommandInfo{"completion", "a bash, zsh or fish completion script, from these very definitions", make_completion},
        CommandInfo{"help", "the commands, or one command's options and arguments", make_help},
        CommandInfo{"fields", "the field catalogue with each field's type and definition", make_fields},
        CommandInfo{"__complete", "the words a completion script offers from the data", make_complete, true},
    };
    return commands;
}

}  // namespace gpuclusters::commands
