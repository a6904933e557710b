// import: a line per record as it is written, the first warnings, progress, problems, summary.
#include <fmt/format.h>

#include "render/escaping_buffer.hpp"
#include "render/render.hpp"

namespace gpuclusters::render {
namespace {

// One warning per record would drown the report: the first few are shown, the rest counted.
constexpr std::size_t warnings_shown = 5;

}  // namespace

ledger::ImportEvents ImportPrinter::events() {
    ledger::ImportEvents events;
    events.record = [this](const ledger::ImportedRecord& record) {
        static constexpr const char* actions[] = {"add", "mod", "unchanged"};
        const char* action = actions[static_cast<int>(record.kind)];
        if (output_.json) {
            Json fields = Json::array();
            for (const auto& field : record.fields) fields.push_back(field_report_json(field));
            Json entry{{"action", action}, {"cluster", record.cluster_id}, {"fields", std::move(fields)}};
            Json keys = Json::array();
            for (const auto& key : record.new_keys) keys.push_back({{"key", key.key}, {"source", key.source.id}});
            entry["new_keys"] = std::move(keys);
            if (!record.named_by_key.empty()) entry["named_by_key"] = record.named_by_key;
            records_.push_back(std::move(entry));
            return;
        }
        const std::string by_key = record.named_by_key.empty() ? "" : fmt::format(" (by key {})", record.named_by_key);
        // A modified record reports each field as every write does: `mod ID field: old -> new  [source N, domain]`.
        if (record.kind != ledger::ImportedRecord::Kind::modified || (record.fields.empty() && record.new_keys.empty())) {
            output_.out << action << " " << record.cluster_id << by_key
                        << (record.kind == ledger::ImportedRecord::Kind::modified ? " (sources)" : "") << "\n";
            return;
        }
        const std::string prefix = fmt::format("mod {}{} ", record.cluster_id, by_key);
        for (const auto& field : record.fields) print_field_line(output_.out, output_.style, field, prefix);
        for (const auto& key : record.new_keys) print_key_line(output_.out, output_.style, key, prefix);
    };
    events.warning = [this](const std::string& warning) {
        if (++warnings_ <= warnings_shown) print_warning(output_, warning);
    };
    events.progress = [this](std::size_t records) {
        if (!progress_) return;
        progress_shown_ = true;
        // Marked: the EscapingBuffer writes any other carriage return as an escape.
        output_.err << output_mark() << fmt::format("\rimport: {} records", records) << std::flush;
    };
    return events;
}

void ImportPrinter::finish(const ledger::ImportResult& result) {
    if (progress_shown_) output_.err << output_mark() << "\r" << std::string(40, ' ') << output_mark() << "\r" << std::flush;
    for (const auto& text : result.problems) {
        output_.err << (result.keep_going ? "gpuclusters: rejected: " : "gpuclusters: error: ") << text << "\n";
    }
    if (warnings_ > warnings_shown) print_warning(output_, fmt::format("{} more warnings like these", warnings_ - warnings_shown));
    std::string reasons;
    for (const auto& [reason, count] : result.skipped) reasons += fmt::format("\n  skipped {}: {}", count, reason);
    auto& out = output_.out;
    if (output_.json) {
        print_json(out, {{"records", records_},
                         {"read", result.read()},
                         {"added", result.added},
                         {"modified", result.modified},
                         {"unchanged", result.unchanged},
                         {"skipped", result.skipped},
                         {"rejected", result.rejected},
                         {"problems", result.problems},
                         {"changeset", result.written ? Json(result.changeset_id) : Json(nullptr)},
                         {"dry_run", result.dry_run}});
        return;
    }
    out << fmt::format("read {}: added {}, modified {}, unchanged {}, skipped {}, rejected {}{}\n", result.read(), result.added,
                       result.modified, result.unchanged, result.skipped_total(), result.rejected, reasons);
    if (result.written) {
        out << fmt::format("changeset {}\n", result.changeset_id);
    } else if (!result.problems.empty() && !result.keep_going) {
        out << "nothing written\n";
    } else if (result.dry_run && result.changed) {
        out << "dry run: nothing written\n";
    } else if (!result.changed) {
        out << "nothing to change\n";
    }
}

}  // namespace gpuclusters::render
