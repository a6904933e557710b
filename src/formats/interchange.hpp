#pragma once
// The record interchange model (gpuclusters(5), format 2), shared by every format: a record is its
// id, its own sources (by URL) and its claims, each claim citing those sources. Numbers are
// numbers, with their qualifiers beside them (formats/typed.hpp); other values are written in the
// input syntax of `add --set`, so reading them back gives the same values and qualifiers.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "formats/limits.hpp"
#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::formats {

/// The interchange format version this build writes; it reads this one and every older one
/// (version 1: every value in the input syntax of `add --set`; version 2: no rank reasons), and
/// refuses a newer one.
inline constexpr long long format_version = 3;
/// The first version whose competing claims say why they hold their rank (`reason`), and whose
/// TOML records say which fields were made unknown (`cleared = true`).
inline constexpr long long rank_reason_version = 3;
inline constexpr long long cleared_field_version = 3;
/// The first version whose TOML records list their accepted findings ([[accepted]]).
inline constexpr long long accepted_findings_version = 3;
inline constexpr long long oldest_format_version = 1;

using Json = nlohmann::ordered_json;

using model::RecordDocument;

/// The claims of a record in export order: per field in catalogue order, the preferred claim,
/// then the competing ones, then (with provenance) the deprecated ones.
std::vector<const model::Claim*> export_claims(const model::Record& record, bool provenance);

/// Appends {"id", "fields": {FIELD: value}} or, with provenance, {"id", "sources": [...],
/// "claims": [...], "keys": [...]}, on one line.
void append_record_json(std::string& text, const model::Record& record, bool provenance);
/// Either shape back, as a file of `version` writes it; errors name `place` and the key at fault.
RecordDocument record_from_json(const Json& json, const std::string& place, long long version = format_version);

/// One TOML file per record (the shape of db/sample/*.toml), keys in a fixed order; each claim's
/// table has the keys of a JSON claim (each_typed_member), or state = "not_published".
std::string record_to_toml(const model::Record& record, bool provenance);

/// Adds the FieldInputs of one claim (set, or cite and rank for competing and deprecated ones,
/// held for `reason`, as given (empty too) by a format that carries it, else "imported"); false
/// for gpu_maker, which follows gpu_model and is not read.
bool add_claim_inputs(model::RecordInput& record, const std::string& field, bool not_published, const std::string& value,
                      model::Rank rank, std::vector<model::CitationInput> citations, const std::string& origin,
                      std::optional<std::string> reason = std::nullopt);

/// The sources of one document by URL, as a reader lists them and then cites them: each look-up
/// takes constant time, so a record of N sources and N citations reads in linear time. Every
/// source of the document is listed through it.
class SourceIndex {
public:
    explicit SourceIndex(RecordDocument& document) : document_(document) {}
    SourceIndex(const SourceIndex&) = delete;  // it refers to its document
    SourceIndex& operator=(const SourceIndex&) = delete;
    /// The source listed for a URL, if any.
    const model::SourceInput* find(std::string_view url) const;
    /// Lists a source not listed yet.
    void list(model::SourceInput source);
    /// The index of a URL among the document's sources, listing it (without metadata) when new.
    std::size_t operator()(const std::string& url, const std::string& origin);
    /// For a document whose sources were emptied to be read again.
    void clear() { index_.clear(); }

private:
    RecordDocument& document_;
    std::unordered_map<std::string, std::size_t, text::ViewHash, std::equal_to<>> index_;
};

}  // namespace gpuclusters::formats
