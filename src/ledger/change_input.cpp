// The change engine's input checks: sources, citations and records checked and parsed before
// anything is written (ChangeSession::prepare), and a changeset's message and author.
#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <set>
#include <unordered_map>

#include "gpuclusters/ledger/change.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "ledger/change_engine.hpp"

namespace gpuclusters::ledger {

namespace detail {

std::string two_ranks(const model::FieldSpec& field, const std::string& value, model::Rank first, model::Rank second) {
    return fmt::format("{} of {} is given two ranks, {} and {}: one claim has one rank", value, field.name,
                       model::to_string(first), model::to_string(second));
}

}  // namespace detail

namespace {

using detail::two_ranks;
using model::ClaimState;
using model::Rank;

// A citation's own error, already placed: not to be prefixed again with its field.
struct CitationError : InputError {
    using InputError::InputError;
};

InputError at(const std::string& origin, const std::exception& error) {
    return InputError(origin.empty() ? error.what() : fmt::format("{}: {}", origin, error.what()));
}

std::string parse_kind(const std::string& raw) {
    std::string kind = text::lower_ascii(text::trim(raw));
    if (std::find(std::begin(model::source_kinds), std::end(model::source_kinds), kind) != std::end(model::source_kinds))
        return kind;
    throw InputError(fmt::format("kind '{}' is not one of {}", raw, fmt::join(model::source_kinds, ", ")));
}

std::string parse_accessed(const std::string& raw, const std::string& today) {
    std::string date = model::parse_partial_date(raw);
    if (date.size() != 10) throw InputError(fmt::format("accessed date '{}' needs a day: YYYY-MM-DD", raw));
    if (date > today) throw InputError(fmt::format("accessed date {} is in the future (today is {})", date, today));
    return date;
}

// Where one part of an input was given: its own option on the command line (a bad title given
// with --source is --title's), its key after the place in a file.
std::string part_origin(const std::string& origin, std::string_view part) {
    // An option, or a positional argument named in capitals as in a usage line (SOURCE).
    const bool command_line =
        origin.starts_with("--") ||
        (!origin.empty() && std::all_of(origin.begin(), origin.end(), [](char c) { return c >= 'A' && c <= 'Z'; }));
    if (command_line) {
        std::string option = "--" + std::string(part);
        std::replace(option.begin(), option.end(), '_', '-');
        return option;
    }
    return origin.empty() ? std::string(part) : fmt::format("{}: {}", origin, part);
}

// Validates the metadata the user gave, field by field, in place; absent fields stay absent.
void check_source(SourceInput& source, const std::string& today) {
    std::string_view part;  // the metadata being checked, for the error's place
    try {
        const bool archive_given = source.archive_url.has_value();
        const std::string reference(text::trim(source.reference));
        const bool is_id =
            !reference.empty() && std::all_of(reference.begin(), reference.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (is_id) {
            source.reference = reference;
        } else {
            const auto understood = model::understand_source_url(reference);
            source.reference = understood.url;
            if (!understood.archive_url.empty() && !archive_given) {
                source.archive_url = understood.archive_url;
                if (!understood.archived.empty()) source.archived = understood.archived;
                source.archive_from_url = true;
            }
        }
        part = "kind";
        if (source.kind) source.kind = parse_kind(*source.kind);
        part = "title";
        if (source.title) source.title = model::clean_text(*source.title);
        part = "publisher";
        if (source.publisher) source.publisher = model::clean_text(*source.publisher);
        part = "published";
        if (source.published) {
            source.published = model::parse_partial_date(*source.published);
            if (source.published->substr(0, std::min<std::size_t>(10, source.published->size())) > today) {
                throw InputError(fmt::format("published date {} is in the future", *source.published));
            }
        }
        part = "accessed";
        if (source.accessed) source.accessed = parse_accessed(*source.accessed, today);
        part = "archive_url";
        if (archive_given) {
            const auto capture = model::understand_source_url(*source.archive_url);
            source.archive_url = capture.archive_url.empty() ? capture.url : capture.archive_url;
            if (!capture.archived.empty()) source.archived = capture.archived;
        }
        // The list is named as a source is, so that two spellings of its address are one list.
        part = "edition_of";
        if (source.edition_of && !source.edition_of->empty()) {
            source.edition_of = model::understand_source_url(std::string(text::trim(*source.edition_of))).url;
        }
    } catch (const InputError& error) {
        throw at(part.empty() ? source.origin : part_origin(source.origin, part), error);
    }
}

// Checks a citation's source and cleans its texts in place.
void check_citation(CitationInput& citation, std::size_t source_count) {
    if (citation.source >= source_count) throw InputError("citation names no source");
    std::string_view part = "locator";
    try {
        if (!citation.locator.empty()) citation.locator = model::clean_text(citation.locator);
        part = "quote";
        if (!citation.quote.empty()) citation.quote = model::clean_quote(citation.quote);
    } catch (const InputError& error) {
        // The command line gives the citation as --quote and --locator; a file, as a table whose
        // keys name its parts.
        throw CitationError(fmt::format("{}: {}", part_origin(citation.origin, part), error.what()));
    }
}

// One claim holds one rank: a value given as the field's value and again as a competing or
// deprecated figure (or as both of those) is a contradiction, which written in order would demote
// the value it also sets.
void contradicting_ranks(const ParsedRecord& record, std::vector<std::string>& problems) {
    std::unordered_map<std::string, const ParsedField*> ranked;
    for (const auto& field : record.fields) {
        if (field.any_value || (field.action != FieldAction::set && field.action != FieldAction::cite)) continue;
        const Rank rank = field.action == FieldAction::set ? Rank::preferred : field.rank;
        const std::string key = fmt::format("{}\x1f{}\x1f{}", field.spec->name, static_cast<int>(field.state), field.value.value);
        const auto [found, first] = ranked.emplace(key, &field);
        if (first) continue;
        const Rank other = found->second->action == FieldAction::set ? Rank::preferred : found->second->rank;
        if (other == rank) continue;  // the same claim cited twice
        const std::string value =
            field.state == ClaimState::not_published ? "Not published" : model::display_value(*field.spec, field.value);
        problems.push_back(two_ranks(*field.spec, value, other, rank));
    }
}

// Parses the record's fields and keys, moving from `input` what they keep (its citations, keys,
// origins): what is left of it is for the caller to drop.
ParsedRecord parse_record(RecordInput& input, std::size_t source_count) {
    ParsedRecord record{.id_from_key = input.id_from_key,
                        .keep_previous = input.keep_previous,
                        .unsourced = input.unsourced,
                        .citations_as_they_stood = input.citations_as_they_stood,
                        .new_record = input.new_record,
                        .accepted = std::move(input.accepted),
                        .badge_given = input.badge_given,
                        .badge = std::move(input.badge),
                        .whole_record = input.whole_record,
                        .removed = input.removed};
    if (model::record_parts(input) + source_count > model::max_record_parts) {
        throw at(input.origin, InputError(model::too_many_parts(input.cluster_id)));
    }
    std::set<std::string> seen;
    std::vector<std::string> problems;
    record.fields.reserve(input.fields.size());
    try {
        record.cluster_id = model::parse_cluster_id(input.cluster_id);
    } catch (const InputError& error) {
        throw at(input.origin, error);
    }
    for (auto& field : input.fields) {
        try {
            const auto& spec = model::require_field(field.field);
            if (spec.derived && field.action != FieldAction::cite) {
                throw InputError(
                    fmt::format("{} is derived from gpu_model (db/gpu_models.tsv); set gpu_model instead", spec.name));
            }
            // A field is set once; competing claims of it may follow as citations and ranks.
            if (field.action == FieldAction::set && !seen.insert(field.field).second) {
                throw InputError(fmt::format("field {} is given twice", field.field));
            }
            ParsedField parsed{.spec = &spec, .action = field.action, .rank = field.rank};
            if (field.not_published) {
                parsed.state = ClaimState::not_published;
            } else if (field.action != FieldAction::set && field.raw_value.empty()) {
                parsed.any_value = true;  // cite, rank: the preferred claim; clear: the whole field
            } else {
                parsed.value = model::parse_field_value(spec, field.raw_value);
            }
            if (!field.reason.empty()) parsed.reason = model::clean_text(field.reason);
            for (auto& citation : field.citations) check_citation(citation, source_count);
            // Taken once the field is known good: an error above names its origin.
            parsed.citations = std::move(field.citations);
            parsed.origin = std::move(field.origin);
            record.fields.push_back(std::move(parsed));
        } catch (const CitationError& error) {
            problems.emplace_back(error.what());
        } catch (const InputError& error) {
            problems.emplace_back(at(field.origin, error).what());
        }
    }
    for (auto& key : input.keys) {
        try {
            if (key.source >= source_count) throw InputError("the key names no source");
            if (text::trim(key.key).empty()) throw InputError("the key is empty");
            const std::string text = model::clean_text(key.key);
            // One key per source: a source that named one record two ways would let two of its
            // rows write into it.
            if (std::ranges::find(record.keys, key.source, &model::KeyInput::source) != record.keys.end())
                throw InputError("a record has one key per source, and this source is given a second");
            record.keys.push_back({key.source, text, std::move(key.origin)});
        } catch (const InputError& error) {
            problems.emplace_back(at(key.origin, error).what());
        }
    }
    contradicting_ranks(record, problems);
    // Every bad field of the record is reported, not only the first.
    if (!problems.empty()) throw_problems(std::move(problems));
    // Fields are applied and reported in catalogue order, whatever order they were given in.
    std::ranges::stable_sort(record.fields, {}, &ParsedField::spec);
    return record;
}

}  // namespace

void check_changeset_text(const model::Changeset& changeset) {
    for (const auto* text : {&changeset.message, &changeset.author}) {
        const bool message = text == &changeset.message;
        if (const auto bad = text::find_invalid_utf8(*text)) {
            throw InputError(fmt::format("{}: invalid UTF-8 at byte {}", message ? "message" : "author", *bad));
        }
        // A message may have lines; an author is one name.
        if (const auto control = text::find_terminal_control(*text, message)) {
            throw InputError(fmt::format("{}: {}", message ? "message" : "author", *control));
        }
    }
}

namespace {

// Two listings of one source under two spellings of its URL (a tracking parameter, :443, an
// archive capture beside the original) are one source: the metadata of both is kept, and where
// they say different things the input is refused rather than one of them dropped.
void merge_spellings(std::vector<SourceInput>& sources) {
    std::unordered_map<std::string, std::size_t> first_of;
    for (std::size_t i = 0; i < sources.size(); ++i) {
        auto& later = sources[i];
        const auto [found, first] = first_of.emplace(later.reference, i);
        if (first) continue;
        auto& earlier = sources[found->second];
        for (const auto& key : model::source_metadata_keys) {
            const auto& given = later.*key.member;
            auto& kept = earlier.*key.member;
            if (!given) continue;
            if (kept && *kept != *given) {
                throw InputError(
                    fmt::format("{}: the same source as {} ({}), with another {}: '{}' there, '{}' here; list it once",
                                later.origin, earlier.origin, later.reference, key.name, *kept, *given));
            }
            kept = given;
        }
    }
}

}  // namespace

PreparedChange ChangeSession::prepare(std::vector<SourceInput> sources, std::vector<RecordInput> records,
                                      const std::string& today) {
    PreparedChange change;
    for (auto& source : sources) check_source(source, today);
    merge_spellings(sources);
    change.sources = std::move(sources);
    std::set<std::string> ids;
    for (auto& input : records) {
        change.records.push_back(parse_record(input, change.sources.size()));
        if (!ids.insert(change.records.back().cluster_id).second) {
            throw InputError(fmt::format("cluster {} appears twice in one change", change.records.back().cluster_id));
        }
    }
    return change;
}

}  // namespace gpuclusters::ledger
