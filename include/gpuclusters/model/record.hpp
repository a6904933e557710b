#pragma once
// The provenance model: sources, citations, claims and changesets, and a record as read back.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuclusters/model/values.hpp"

namespace gpuclusters::model {

inline constexpr std::string_view source_kinds[] = {"operator", "paper", "filing", "list", "press", "estimate", "other"};

/// What a source is and when it was read; a change of any of these is a new revision.
struct SourceMeta {
    std::string kind;
    std::string title;
    std::string publisher;
    std::string published;  ///< partial date or empty
    std::string accessed;   ///< YYYY-MM-DD or empty
    std::string archive_url;
    std::string archived;  ///< capture date of the archive URL, when known
    /// The normalised URL of the list this source is an edition of (empty: none); with
    /// `published` it orders the list's editions.
    std::string edition_of;
    bool operator==(const SourceMeta&) const = default;
};

/// Why a source's metadata read from a database is not what gpuclusters writes (a kind it does
/// not know, a date that is not one), or nullopt: as stored_value_problem for values.
std::optional<std::string> stored_source_problem(const SourceMeta& meta);
/// Why a source's URL read from a database is not one gpuclusters writes (not http or https, or
/// not in its normalised form), or nullopt; its archive capture and edition_of URLs are checked by
/// stored_source_problem.
std::optional<std::string> stored_url_problem(std::string_view url);
/// Why a cluster id read from a database is not one gpuclusters writes, or nullopt.
std::optional<std::string> stored_cluster_id_problem(std::string_view id);

struct Source {
    long long id = 0;
    std::string url;
    SourceMeta meta;
    long long revised_in = 0;  ///< the changeset of its current metadata (0 when not read)
};

struct Citation {
    long long id = 0;
    long long source_id = 0;
    std::string locator;
    std::string quote;
    long long changeset_id = 0;
};

enum class ClaimState { set, not_published };
enum class Rank { preferred, normal, deprecated, retired };

std::string_view to_string(ClaimState state);
std::string_view to_string(Rank rank);
ClaimState claim_state_from(std::string_view text);
Rank rank_from(std::string_view text);

struct Claim {
    long long id = 0;
    std::string field;
    ClaimState state = ClaimState::set;
    FieldValue value;  ///< empty when not published
    Rank rank = Rank::preferred;
    long long changeset_id = 0;  ///< the changeset that made the claim
    long long ranked_in = 0;     ///< the changeset that gave it its current rank
    std::vector<Citation> citations;
    std::string rank_reason;  ///< why it holds its rank ("cited", an editor's reason, merge_conflict_reason)
};

/// The rank reason of the competing claims a merge of two editors' versions left in a field both
/// set differently: the field is in conflict until an editor gives one of them preferred rank.
inline constexpr std::string_view merge_conflict_reason = "merge conflict";

struct Changeset {
    long long id = 0;
    std::string created_at;
    std::string author;
    std::string message;
    std::string command;
};

/// A key that names the record in a source, as the source's row gives it: the columns and cells
/// that make it ("System ID 180307"). One key of one source names one record for good.
struct RecordKey {
    long long source_id = 0;
    std::string key;
    long long changeset_id = 0;  ///< the changeset that first met it
};

/// The Verified badge: the record passed verify at a changeset; stale when changed since.
struct Verification {
    long long changeset_id = 0;
    std::string date;  ///< YYYY-MM-DD of the signing changeset
    std::string author;
    bool stale = false;
};

/// A finding of one rule an editor accepted for a record, and why (verify --accept).
struct AcceptedFinding {
    std::string rule;
    std::string reason;
    bool operator==(const AcceptedFinding&) const = default;
};

/// A cluster as of some moment: its claims that are not retired, and the sources they cite.
struct Record {
    std::string id;
    long long created_in = 0;
    std::vector<Claim> claims;
    std::map<long long, Source> sources;  ///< those its claims cite and its keys name
    std::vector<RecordKey> keys;          ///< by source id, then key
    /// Fields made unknown: with claims in the history and none in force. Filled for the tree of
    /// record files (export --provenance to TOML), which writes them so that a clearing travels.
    std::vector<std::string> cleared;
    /// The findings accepted for it, by rule; filled for the tree too.
    std::vector<AcceptedFinding> accepted;
    /// A cluster removed (its creation reverted): the tree keeps its file, saying only that, so
    /// that the removal travels.
    bool removed = false;
    std::optional<Verification> verification;  ///< filled by commands that show it
    /// Filled by show when the id asked for was merged into this record or renamed to it:
    /// "'b' was merged into 'a'", "'old' was renamed 'new'".
    std::string reached_by;

    const Claim* preferred(std::string_view field) const;
    /// The preferred claim of a field when it holds a value (its state is set); null otherwise.
    const Claim* value_of(std::string_view field) const;
    /// Competing (normal) and, when asked, deprecated claims of a field.
    std::vector<const Claim*> others(std::string_view field, bool with_deprecated) const;
    /// "2 competing figures" for a field with no preferred claim and several of rank normal,
    /// which are then its value (as Wikidata's best rank works); "merge conflict: 2 competing
    /// figures" for a field in a merge conflict; empty otherwise.
    std::string competing_figures(std::string_view field) const;
    /// Whether the field holds a merge's competing claims (merge_conflict_reason) and no preferred one.
    bool in_merge_conflict(std::string_view field) const;
    /// What the field shows: its preferred value, its competing figures, or "—".
    std::string shown(std::string_view field) const;
    /// Sources in order of first citation, field by field in catalogue order: the page's numbering.
    std::vector<long long> source_order(bool with_deprecated) const;
};

/// A URL a source may have: http or https with a host. Returns it normalised (scheme and host
/// lower-cased, default port, fragment and tracking parameters such as utm_* dropped); throws
/// InputError otherwise.
std::string normalise_source_url(std::string_view url);

/// A source URL as given, understood: an archive capture (web.archive.org/web/TIMESTAMP/URL,
/// archive.ph/TIMESTAMP/URL and its mirrors) stands for the original page, with the capture.
struct SourceUrl {
    std::string url;          ///< the normalised original URL (or the capture, when it hides the original)
    std::string archive_url;  ///< the capture URL, when the URL given was one
    std::string archived;     ///< the capture date YYYY-MM-DD, when the capture URL says it
};
SourceUrl understand_source_url(std::string_view url);

/// The host of a normalised URL, without "www.", for display ("arxiv.org").
std::string url_domain(std::string_view url);

/// How a field's state reads in a diff: "—" (unknown), "Not published" or the display value.
std::string display_claim(const Claim* claim);

/// The preferred value of one field of one cluster, as `list` needs it.
struct FieldRow {
    std::string cluster_id;
    std::string field;
    ClaimState state = ClaimState::set;
    FieldValue value;
};

/// A source and how many current values it backs.
struct SourceUse {
    Source source;
    long long values = 0;
};

/// A current value that a source backs, with the citation.
struct BackedValue {
    std::string cluster_id;
    Claim claim;  ///< its citations hold only those of the source asked about
};

}  // namespace gpuclusters::model
