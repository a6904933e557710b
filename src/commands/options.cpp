#include "commands/options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace gpuclusters::commands {
namespace {

CLI::Option* add_optional(CLI::App& app, const std::string& name, model::OptionalText& target, const std::string& help) {
    return app.add_option_function<std::string>(
        name, [&target](const std::string& value) { target = value; }, help);
}

}  // namespace

std::string one_of(std::span<const std::string_view> choices) { return fmt::format("TEXT:{{{}}}", fmt::join(choices, ",")); }

void add_source_metadata_options(CLI::App& app, model::SourceInput& source) {
    add_optional(app, "--kind", source.kind, fmt::format("source kind: {}", fmt::join(model::source_kinds, ", ")))
        ->type_name(one_of(model::source_kinds));
    add_optional(app, "--title", source.title, "source title");
    add_optional(app, "--publisher", source.publisher, "source publisher");
    add_optional(app, "--published", source.published, "source publication date: YYYY, YYYY-MM or YYYY-MM-DD");
    add_optional(app, "--accessed", source.accessed, "when the source was read, YYYY-MM-DD (default: today for a new source)");
    add_optional(app, "--archive-url", source.archive_url, "an archived copy of the source (web.archive.org, archive.ph)");
    add_optional(app, "--edition-of", source.edition_of,
                 "the URL of the list the source is an edition of (its editions are ordered by --published)");
}

bool has_source_metadata(const model::SourceInput& source) {
    return source.kind || source.title || source.publisher || source.published || source.accessed || source.archive_url ||
           source.edition_of;
}

}  // namespace gpuclusters::commands
