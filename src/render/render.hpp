#pragma once
// Turning results into output: human text (with colour when the Style says so) and stable JSON.
// Nothing else in the program writes to stdout.
#include <nlohmann/json.hpp>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "gpuclusters/model/change_report.hpp"
#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/rules/quote_reader.hpp"
#include "gpuclusters/model/record.hpp"
#include "render/style.hpp"

namespace gpuclusters::render {

using Json = nlohmann::ordered_json;

/// A source as JSON: id, url, domain, kind, title, publisher, published, accessed, archive_url,
/// archived (show --json, sources --json).
Json source_json(const model::Source& source);

/// A value as JSON: counts as integers, power as a number, lists as arrays, the rest as strings.
Json typed_value(const model::FieldSpec& field, const model::FieldValue& value);

struct PageOptions {
    bool with_deprecated = false;  ///< show --all
    bool with_quotes = false;      ///< show --quotes
};

/// The record page: title, summary, every field with its source numbers, then the sources.
void print_record_page(std::ostream& out, const Style& style, const model::Record& record, PageOptions options);
/// One claim with all its citations, numbered as on the record page, the new ones marked with +.
void print_claim_evidence(std::ostream& out, const Style& style, const model::Record& record, long long claim_id,
                          const std::vector<long long>& new_citations);
/// show --json: see gpuclusters-show(1) for the layout.
Json record_json(const model::Record& record, bool with_deprecated);

/// One line of a diff: `field: old -> new  [source N, domain]`.
void print_field_line(std::ostream& out, const Style& style, const model::FieldReport& field, std::string_view indent);
/// The fields, clusters and sources of a change, each line after `margin`.
void print_change_body(std::ostream& out, const Style& style, const model::ChangeReport& report, std::string_view margin);
/// The body, then `changeset N`, `nothing to change` or `dry run: nothing written`.
void print_change_report(std::ostream& out, const Style& style, const model::ChangeReport& report);
Json change_report_json(const model::ChangeReport& report);

/// A table with a header row; columns padded to their widest cell (in code points).
void print_table(std::ostream& out, const Style& style, const std::vector<std::string>& header,
                 const std::vector<std::vector<std::string>>& rows);

/// gpuclusters quote: each figure of a quote with its noun, bound and modality.
void print_reading(std::ostream& out, const Style& style, std::string_view quote,
                   const std::vector<rules::Quantity>& quantities);
Json reading_json(std::string_view quote, const std::vector<rules::Quantity>& quantities);
/// gpuclusters quote --status: the status events of a note.
void print_status_events(std::ostream& out, const Style& style, const std::vector<rules::StatusEvent>& events);
Json status_json(const std::vector<rules::StatusEvent>& events);

/// JSON with two-space indentation, as print_json writes it (without the final newline).
std::string json_text(const Json& json);
/// Writes JSON with two-space indentation and a final newline.
void print_json(std::ostream& out, const Json& json);

}  // namespace gpuclusters::render
