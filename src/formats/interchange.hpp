#pragma once
// The record interchange model (gpuclusters(5), format 2), shared by every format: a record is its
// id, its own sources (by URL) and its claims, each claim citing those sources. Numbers are
// numbers, with their qualifiers beside them (formats/typed.hpp); other values are written in the
// input syntax of `add --set`, so reading them back gives the same values and qualifiers.
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "formats/limits.hpp"
#include "gpuclusters/model/change_request.hpp"
#include "gpuclusters/model/flat_table.hpp"
#include "gpuclusters/model/record.hpp"

namespace gpuclusters::formats {

/// The interchange format version this build writes; it reads this one and every older one
/// (version 1: every value in the input syntax of `add --set`), and refuses a newer one.
inline constexpr long long format_version = 2;
inline constexpr long long oldest_format_version = 1;

using Json = nlohmann::ordered_json;

using model::RecordDocument;

/// The claims of a record in export order: per field in catalogue order, the preferred claim,
/// then the competing ones, then (with provenance) the deprecated ones.
std::vector<const model::Claim*> export_claims(const model::Record& record, bool provenance);

/// Sources of a record in order of first citation by export_claims.
std::vector<const model::Source*> export_sources(const model::Record& record);

/// {"id", "fields": {FIELD: value}} or, with provenance, {"id", "sources": [...], "claims": [...]}.
Json record_to_json(const model::Record& record, bool provenance);
/// Either shape back, as a file of `version` writes it; errors name `place` and the key at fault.
RecordDocument record_from_json(const Json& json, const std::string& place, long long version = format_version);

/// One TOML file per record (the shape of db/sample/*.toml), keys in a fixed order; each claim's
/// table has the keys of a JSON claim (put_typed_value), or state = "not_published".
std::string record_to_toml(const model::Record& record, bool provenance);

/// Adds the FieldInputs of one claim (set, or cite and rank for competing and deprecated ones);
/// false for gpu_maker, which follows gpu_model and is not read.
bool add_claim_inputs(model::RecordInput& record, const std::string& field, bool not_published, const std::string& value,
                      model::Rank rank, std::vector<model::CitationInput> citations, const std::string& origin);

/// The sources of one document by URL, as a reader lists them and then cites them: each look-up
/// takes constant time, so a record of N sources and N citations reads in linear time. Every
/// source of the document is listed through it. It holds each URL once, back to back in one
/// text, with an open-addressed table of indexes (some 70 bytes a source): a record too large to
/// hold hands its sources over, and the index of them stays.
class SourceIndex {
public:
    explicit SourceIndex(RecordDocument& document) : document_(document) {}
    SourceIndex(const SourceIndex&) = delete;  // its table's hash points at it
    SourceIndex& operator=(const SourceIndex&) = delete;
    /// The source listed for a URL, if any and if the document still holds it (see hand_over).
    const model::SourceInput* find(std::string_view url) const;
    /// Whether a URL is listed, held or handed over.
    bool listed(std::string_view url) const { return index_of(url).has_value(); }
    /// Where a listed URL was listed first.
    std::string origin(std::string_view url) const;
    /// Lists a source not listed yet.
    void list(model::SourceInput source);
    /// The index of a URL among the sources of the whole record (those handed over first),
    /// listing it (without metadata) when new.
    std::size_t operator()(const std::string& url, const std::string& origin);
    /// The document's sources, moved out to be handed over ahead of the rest of the record: the
    /// sources listed later continue their numbering. Their origins stay, without the text
    /// `common_origin` they begin with, when they do.
    std::vector<model::SourceInput> hand_over(std::string_view common_origin);
    /// For a document whose sources were emptied to be read again.
    void clear();

private:
    std::string_view url(std::size_t index) const;
    std::size_t count() const { return url_starts_.size(); }
    /// The index of a URL listed.
    std::optional<std::size_t> index_of(std::string_view url) const;
    // A slot of the table holds a URL's index plus one; its hash is the URL's.
    struct UrlHash {
        const SourceIndex* index;
        std::uint64_t operator()(std::uint32_t slot) const { return std::hash<std::string_view>{}(index->url(slot - 1)); }
    };

    RecordDocument& document_;
    std::string urls_;                       ///< every URL listed, back to back
    std::vector<std::uint64_t> url_starts_;  ///< where each begins in urls_, by index
    model::FlatTable<std::uint32_t, UrlHash> table_{UrlHash{this}};
    /// Of the sources handed over: their origins back to back, each without the common origin
    /// it began with (`origin_common_`).
    std::string origins_;
    std::vector<std::uint64_t> origin_starts_;
    std::vector<bool> origin_common_;
    std::string common_origin_;
};

/// A record read while its JSON is parsed, for a parser callback (JSON Lines): each entry of
/// "sources" and "claims", and each citation of a claim, is read as the parser completes it, then
/// dropped, so that a huge record is never held whole as parsed JSON (several times the size of
/// its text). What cannot be read yet -- an entry in error, a claim citing a source not listed
/// before it -- stays in the JSON, with the rest of its list, for finish() to read in
/// record_from_json's order: the record and its errors are the same.
/// What a record too large to hold is handed over in (see ReadSink::piece), and from how many
/// parts (sources, claims and citations read) on.
struct RecordPieces {
    std::function<void(RecordDocument&)> take;
    std::size_t parts = formats::piece_parts;
};

class StreamedRecord {
public:
    using Pieces = RecordPieces;
    StreamedRecord(std::string place, long long version, Pieces pieces = {});
    StreamedRecord(const StreamedRecord&) = delete;
    StreamedRecord& operator=(const StreamedRecord&) = delete;
    /// The parser callback, for a record at the root of the text.
    bool on_event(int depth, Json::parse_event_t event, Json& parsed);
    /// The record, from what the parser kept of it; throws as record_from_json does. After
    /// pieces were handed over, what is left of it (RecordDocument::continued).
    RecordDocument finish(const Json& json);

private:
    enum class List { none, sources, claims };
    // Hands the sources and claims read so far over as a piece, once they are many and the
    // record's id is known.
    void hand_over_when_many();
    std::string place_;
    long long version_;
    Pieces pieces_;
    std::string id_;              ///< the record's "id", once read (a string)
    bool id_key_ = false;         ///< the member being parsed is "id"
    std::size_t held_parts_ = 0;  ///< sources, claims and citations read and not handed over
    std::size_t ahead_ = 0;       ///< citations of the claim being read handed over ahead of it
    bool field_key_ = false;      ///< the member of the claim being parsed is "field"
    bool claim_derived_ = false;  ///< the claim being read is of a field derived from gpu_model
    bool handed_ = false;         ///< a piece was handed over
    RecordDocument document_;
    SourceIndex index_{document_};
    model::RecordInput claims_;  ///< the inputs of the claims read so far
    /// Those of the citations of the claim being parsed read so far; of the first claim left to
    /// finish(), when it stopped the reading.
    std::vector<model::CitationInput> citations_;
    std::size_t sources_read_ = 0, claims_read_ = 0;
    List list_ = List::none;  ///< of the record's member being parsed
    bool in_list_ = false;    ///< inside that member's array
    bool sources_stopped_ = false, claims_stopped_ = false;
    bool in_claim_ = false, in_citations_ = false;  ///< parsing a claim to be read, and its citations
    bool citations_key_ = false, citations_stopped_ = false;
};

/// Gives a source of a document one of its metadata, as a row or an entry states it: a value
/// other than one stated before for that source is an error naming both places.
void state_source_metadata(model::SourceInput& source, const model::SourceMetadataKey& key, const std::string& value,
                           const std::string& place);

}  // namespace gpuclusters::formats
