// import: a line per record as it is written, the first warnings, progress, problems, summary.
#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "gpuclusters/model/text.hpp"

#include "render/escaping_buffer.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {
namespace {

// One warning per record would drown the report: the first few are shown, the rest counted.
constexpr std::size_t warnings_shown = 5;

// Bytes as people read them, in powers of 1000 like ls -h --si and df -H.
std::string byte_size(std::uint64_t bytes) {
    if (bytes < 1000) return fmt::format("{} B", bytes);
    static constexpr const char* units[] = {"kB", "MB", "GB", "TB", "PB"};
    double value = static_cast<double>(bytes) / 1000;
    std::size_t unit = 0;
    while (value >= 999.95 && unit + 1 < std::size(units)) {
        value /= 1000;
        ++unit;
    }
    return fmt::format("{:.1f} {}", value, units[unit]);
}

std::string time_left(double seconds) {
    const long long whole = std::llround(seconds);
    if (whole == 0) return "under a second";
    if (whole < 60) return fmt::format("about {} s", whole);
    if (whole < 3600) return fmt::format("about {} min {} s", whole / 60, whole % 60);
    return fmt::format("about {} h {} min", whole / 3600, whole % 3600 / 60);
}

}  // namespace

std::string shared_quote_text(const ledger::SharedQuote& shared) {
    return fmt::format(
        "mapping cites {} fields of each row with the one quote column '{}': verify's quote checks compare every value "
        "with the same words; name a quote column per field with [fields.NAME] quote_column",
        shared.fields, shared.column);
}

std::string import_progress_text(const ledger::ImportProgress& progress, double elapsed_seconds) {
    std::string text = fmt::format("import: {} records, ", text::group_thousands(static_cast<long long>(progress.records)));
    if (!progress.bytes_total || *progress.bytes_total == 0) return text + byte_size(progress.bytes_read) + " read";
    const std::uint64_t total = *progress.bytes_total;
    const std::uint64_t read = std::min(progress.bytes_read, total);
    // Whole percent, rounded down: 100% only when everything is read.
    text += fmt::format("{} of {} ({}%)", byte_size(read), byte_size(total), read * 100 / total);
    if (elapsed_seconds >= 1 && read > 0 && read < total) {
        text +=
            fmt::format(", {} left", time_left(elapsed_seconds * static_cast<double>(total - read) / static_cast<double>(read)));
    }
    return text;
}

void ImportPrinter::clear_progress() {
    if (progress_drawn_ == 0) return;
    // Marked: the EscapingBuffer writes any other carriage return as an escape.
    output_.err << output_mark() << "\r" << std::string(progress_drawn_, ' ') << output_mark() << "\r" << std::flush;
    progress_drawn_ = 0;
}

ledger::ImportEvents ImportPrinter::events() {
    ledger::ImportEvents events;
    events.record = [this](const ledger::ImportedRecord& record) {
        static constexpr const char* actions[] = {"add", "mod", "older", "cite", "unchanged"};
        const char* action = actions[static_cast<int>(record.kind)];
        if (output_.json) {
            Json entry{
                {"action", action}, {"cluster", record.cluster_id}, {"fields", json_array(record.fields, field_report_json)}};
            entry["new_keys"] = json_array(record.new_keys, [](const auto& key) {
                return Json{{"key", key.key}, {"source", key.source.id}};
            });
            if (!record.named_by_key.empty()) entry["named_by_key"] = record.named_by_key;
            if (!record.events.empty()) entry["events"] = record.events;
            records_.push_back(std::move(entry));
            return;
        }
        if (output_.quiet) return;
        if (records_on_terminal_) clear_progress();
        const std::string by_key = record.named_by_key.empty() ? "" : fmt::format(" (by key {})", record.named_by_key);
        // A modified record reports each field as every write does: `mod ID field: old -> new  [source N, domain]`.
        const bool touched = record.kind == ledger::ImportedRecord::Kind::changed ||
                             record.kind == ledger::ImportedRecord::Kind::cited_again ||
                             record.kind == ledger::ImportedRecord::Kind::kept_as_older;
        const std::string prefix = fmt::format("{} {}{} ", action, record.cluster_id, by_key);
        for (const auto& event : record.events) output_.out << action << " " << text::one_line(event) << "\n";
        if (!touched || (record.fields.empty() && record.new_keys.empty())) {
            if (record.events.empty() || !touched) {
                output_.out << action << " " << record.cluster_id << by_key << (touched ? " (sources)" : "") << "\n";
            }
            return;
        }
        for (const auto& field : record.fields) print_field_line(output_.out, output_.style, field, prefix);
        for (const auto& key : record.new_keys) print_key_line(output_.out, output_.style, key, prefix);
    };
    events.warning = [this](const std::string& warning) {
        if (++warnings_ <= warnings_shown) print_warning(output_, warning);
    };
    events.progress = [this](const ledger::ImportProgress& progress) {
        if (progress_columns_ == 0) return;
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started_;
        // Narrower than the terminal: a line that wrapped could not be drawn over.
        const std::string line = text::truncate_to_width(import_progress_text(progress, elapsed.count()), progress_columns_ - 1);
        output_.out.flush();  // the record lines before it are on the terminal first
        const std::size_t width = text::display_width(line);
        output_.err << output_mark() << "\r" << line << std::string(progress_drawn_ > width ? progress_drawn_ - width : 0, ' ')
                    << std::flush;
        progress_drawn_ = std::max(width, progress_drawn_);
    };
    return events;
}

void ImportPrinter::finish(const ledger::ImportResult& result) {
    clear_progress();
    const char* lead = result.refused() ? "gpuclusters: error: " : "gpuclusters: rejected: ";
    for (const auto& text : result.problems) output_.err << lead << text::one_line(text) << "\n";
    if (result.problem_count > result.problems.size()) {
        output_.err << lead
                    << fmt::format("{} more problems like these (the first {} are listed)\n",
                                   result.problem_count - result.problems.size(), result.problems.size());
    }
    if (warnings_ > warnings_shown)
        print_warning(output_, fmt::format("{} more warnings like these", warnings_ - warnings_shown));
    // Of the mapping, not of a row: once, whatever the rows.
    Json notices = Json::array();
    if (result.shared_quote) notices.push_back(shared_quote_text(*result.shared_quote));
    if (!output_.json) {
        for (const auto& notice : notices) print_warning(output_, notice.get<std::string>());
    }
    std::string reasons;
    for (const auto& [reason, count] : result.skipped) reasons += fmt::format("\n  skipped {}: {}", count, reason);
    auto& out = output_.out;
    if (output_.json) {
        print_json(out, {{"records", records_},
                         {"read", result.read()},
                         {"added", result.added},
                         {"changed", result.values_changed},
                         {"kept_as_older", result.kept_as_older},
                         {"cited_again", result.cited_again},
                         {"modified", result.values_changed + result.kept_as_older + result.cited_again},
                         {"unchanged", result.unchanged},
                         {"not_in_edition", result.not_in_edition},
                         {"skipped", result.skipped},
                         {"rejected", result.rejected},
                         {"problems", result.problems},
                         {"problems_total", result.problem_count},
                         {"notices", notices},
                         {"changeset", result.written ? Json(result.changeset_id) : Json(nullptr)},
                         {"dry_run", result.dry_run}});
        return;
    }
    out << fmt::format(
        "read {}: added {}, changed {}, kept as older {}, cited again {}, unchanged {}, skipped {}, rejected {}{}\n",
        result.read(), result.added, result.values_changed, result.kept_as_older, result.cited_again, result.unchanged,
        result.skipped_total(), result.rejected, reasons);
    // Records an earlier edition of the list had and this one has not: listed, never deleted.
    if (!result.not_in_edition.empty()) {
        out << fmt::format("not in this edition of {}: {} record{}\n", result.edition_of, result.not_in_edition.size(),
                           result.not_in_edition.size() == 1 ? "" : "s");
        for (const auto& id : result.not_in_edition) out << "  " << id << "\n";
    }
    // Written when it changed something, was no dry run and was not refused (ledger/import.cpp).
    if (result.refused()) {
        out << "nothing written\n";
    } else {
        print_report_outcome(out, result.changed, result.dry_run, result.changeset_id);
    }
}

}  // namespace gpuclusters::render
