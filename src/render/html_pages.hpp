#pragma once
// What the files of render's site share: the Mustache data of a page.
#include <kainjow/mustache.hpp>
#include <map>
#include <memory>
#include <string>

#include "render/html_site.hpp"

namespace gpuclusters::render {

struct HtmlSite::Templates {
    std::map<std::string, std::unique_ptr<kainjow::mustache::mustache>> pages;
    std::map<std::string, std::string> partials;
    std::map<std::string, std::string> assets;
};

struct HtmlSite::Row {
    std::string id;
    std::string name;
    std::string owner;
    std::string operator_path;
    std::string segment;
    std::string gpu_model;
    std::string gpu_maker;
    std::string gpus_installed;
    long long gpus = -1;  ///< for the order of the largest clusters; -1 when not a known count
    std::string status;
    std::string country;
    std::string power_mw;
    bool verified = false;
    /// The row as the text the ledger keeps (SiteKept), and back.
    std::string pack() const;
    static Row unpack(std::string_view text);
};

// The pages that list every cluster by a field's value (lists/NAME.html).
struct ListSpec {
    std::string_view name;
    std::string_view title;
    std::string_view intro;
    std::string HtmlSite::Row::*group;  ///< the row's value it groups by
};
inline constexpr ListSpec grouped_lists[] = {
    {"segment", "Clusters by segment", "Each cluster under the segment of its operator.", &HtmlSite::Row::segment},
    {"status", "Clusters by status", "Each cluster under its status as its sources give it.", &HtmlSite::Row::status},
    {"maker", "Clusters by GPU maker", "Each cluster under the maker of its GPU model.", &HtmlSite::Row::gpu_maker},
    {"country", "Clusters by country", "Each cluster under the country it stands in.", &HtmlSite::Row::country},
};

}  // namespace gpuclusters::render

namespace gpuclusters::render::html {

using Data = kainjow::mustache::data;

/// The data of a record page (clusters/ID.html): facts with definitions and source numbers,
/// competing figures, quotes, sources, related clusters, the badge and the history.
Data record_page(const ledger::SiteRecord& page, const ledger::SiteSettings& settings);

/// The data of a compare page: the clusters side by side, field by field, with the sources'
/// domains of each value and whether the field differs.
Data compare_page(const ledger::SideBySide& comparison);
/// Where the compare page of the clusters a configuration names goes: "compare/a--b.html".
std::string compare_path(const std::vector<std::string>& cluster_ids);
std::string compare_path(const ledger::SideBySide& comparison);
/// Where a record's page beside its related clusters goes: "compare/a.html" (a cluster id has no
/// "--", so it never meets a configured page, and its length stays that of one id).
std::string related_compare_path(const std::string& cluster_id);

/// The sentence a record page opens with, honest about bounds and about what is not published:
/// "Acme One is an operational GPU cluster run by Acme. It has about 10,000 NVIDIA H100 GPUs
/// installed."
std::string record_sentence(const model::Record& record);

/// A changeset as the record pages' histories and the changes page show it.
Data changeset_data(const model::Changeset& changeset);

/// The display of a field's value (model::Record::value_of), or else `fallback`.
std::string shown_or(const model::Record& record, std::string_view field, std::string fallback);

/// Strings as one text and back, each with its length before it, so that any bytes survive.
std::string pack(const std::vector<std::string_view>& parts);
std::vector<std::string> unpack(std::string_view text);

/// What a link to `capacity` or `contact` is: a URL as given, an email address as mailto:.
std::string link_target(const std::string& url_or_email);

/// JSON for a <script> element: no "<", ">" or "&" left that could end the element.
std::string script_json(const nlohmann::ordered_json& json);

}  // namespace gpuclusters::render::html
