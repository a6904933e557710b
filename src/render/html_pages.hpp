#pragma once
// What html_site.cpp and html_record.cpp share: the Mustache data of a page.
#include <kainjow/mustache.hpp>
#include <string>

#include "render/html_site.hpp"

namespace gpuclusters::render::html {

using Data = kainjow::mustache::data;

/// The data of a record page (clusters/ID.html): facts with definitions and source numbers,
/// competing figures, quotes, sources, related clusters, the badge and the history.
Data record_page(const ledger::SiteRecord& page, const SiteSettings& settings);

/// The sentence a record page opens with, honest about bounds and about what is not published:
/// "Acme One is an operational GPU cluster run by Acme. It has about 10,000 NVIDIA H100 GPUs
/// installed."
std::string record_sentence(const model::Record& record);

/// What a link to `capacity` or `contact` is: a URL as given, an email address as mailto:.
std::string link_target(const std::string& url_or_email);

}  // namespace gpuclusters::render::html
