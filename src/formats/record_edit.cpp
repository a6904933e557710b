#include "formats/record_edit.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <sstream>

#include "formats/record_toml.hpp"
#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::formats {
namespace {

constexpr std::string_view help_header = R"(# Edit the record, save and quit: the differences become one changeset.
# - [field.NAME] value = a number for a count or a power (12288, 21.1), with derivation = "1536 x 8"
#   (it must make the number) and bound = "approximate" | "at least", or basis = "reported" |
#   "estimate" | "measured" and estimator = "..."; any other value a string in the syntax of
#   `gpuclusters add --set`. For a figure not published: state = "not_published" and no value.
# - [[field.NAME.citation]] source = URL (one of the [[source]] urls), locator, quote: add evidence.
# - [[field.NAME.competing]] value, rank = "normal" | "deprecated": competing figures.
# - Delete a [field.NAME] table to make the field unknown. Citations and competing figures are not
#   removed by deleting them here: use `gpuclusters rank ... deprecated` or `gpuclusters revert`.
# - Lines starting with # are ignored; format, id, gpu_maker and gpu_model_canonical are read-only.
# - An empty file, or one left unchanged, aborts the edit.
)";

}  // namespace

std::string editable_text(const model::Record& record) {
    std::string body = record_to_toml(record, true);
    std::string out(help_header);
    std::istringstream lines(body);
    bool in_derived = false;
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("[")) {
            in_derived = std::ranges::any_of(model::field_catalogue(), [&](const model::FieldSpec& spec) {
                return spec.derived && (line.starts_with(fmt::format("[field.{}]", spec.name)) ||
                                        line.starts_with(fmt::format("[[field.{}.", spec.name)));
            });
        }
        const bool read_only =
            in_derived || line.starts_with("format =") || line.starts_with("id =") || line.starts_with("# gpuclusters record");
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

RecordDocument read_edited_record(const std::string& text, const std::string& id, const std::string& file_name) {
    const std::string format_line = fmt::format("format = {}", format_version);
    const std::string id_line = fmt::format("id = \"{}\"", id);
    std::string out;
    bool format_seen = false, id_seen = false;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        // The format the text was written in, not this build's: an edit kept by an older
        // gpuclusters (format 1, values as strings) still reads as what it is.
        if (!format_seen && line.starts_with("# format = ")) {
            line.erase(0, 2);
            format_seen = true;
        } else if (line.starts_with("# id = ")) {
            line = id_line;
            id_seen = true;
        }
        out += line + "\n";
    }
    if (!format_seen || !id_seen) out = format_line + "\n" + id_line + "\n" + out;
    return read_toml_record(out, file_name);
}

}  // namespace gpuclusters::formats
