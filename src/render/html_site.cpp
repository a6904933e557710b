#include "render/html_site.hpp"

#include <algorithm>
#include <charconv>
#include <fmt/format.h>
#include <regex>
#include <stdexcept>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/html_pages.hpp"

namespace gpuclusters::render {

using html::Data;
using html::shown_or;
using kainjow::mustache::list;
using kainjow::mustache::mustache;
using kainjow::mustache::object;
using kainjow::mustache::partial;

namespace {

// The templates every site has, and the partials they share.
constexpr std::string_view page_templates[] = {
    "record.html",  "index.html", "operator.html", "list.html",         "lists.html",      "compare.html",     "sources.html",
    "changes.html", "feed.xml",   "sitemap.xml",   "sitemap_index.xml", "sitemap_url.xml", "cluster_row.html", "source_row.html"};
constexpr std::string_view partial_templates[] = {"head.html", "foot.html", "cluster_table.html", "quote_details.html"};
constexpr std::string_view asset_files[] = {"style.css", "sort.js"};

std::string state_of(const model::Record& record, std::string_view field) {
    if (record.value_of(field)) return "set";
    if (record.preferred(field)) return "not published";
    return record.competing_figures(field).empty() ? "unknown" : "competing";
}

std::string count_phrase(const model::FieldValue& value) {
    long long number = 0;
    const char* end = value.value.data() + value.value.size();
    const auto read = std::from_chars(value.value.data(), end, number);
    std::string figure = read.ec == std::errc() && read.ptr == end ? text::group_thousands(number) : value.value;
    if (value.qualifiers.bound == model::bound_approximate) return "about " + figure;
    if (value.qualifiers.bound == model::bound_at_least) return "at least " + figure;
    return figure;
}

std::string cluster_phrase(const model::Record& record) {
    const model::Claim* status = record.value_of("status");
    if (!status) return "a GPU cluster";
    const std::string label = model::display_value(model::require_field("status"), status->value);
    if (label.starts_with("under ")) return "a GPU cluster " + label;
    const bool vowel = !label.empty() && std::string_view("aeiou").find(label.front()) != std::string_view::npos;
    return fmt::format("{} {} GPU cluster", vowel ? "an" : "a", label);
}

std::string gpus_sentence(const model::Record& record) {
    const std::string state = state_of(record, "gpus_installed");
    if (state == "not published") return "Its number of GPUs installed is not published.";
    if (state == "unknown") return "Its number of GPUs installed is not recorded.";
    if (state == "competing") {
        return fmt::format("Its sources give {} for the GPUs installed.", record.competing_figures("gpus_installed"));
    }
    const model::Claim* model_claim = record.value_of("gpu_model");
    return fmt::format("It has {} {}GPUs installed.", count_phrase(record.value_of("gpus_installed")->value),
                       model_claim ? model_claim->value.value + " " : "");
}

}  // namespace

namespace html {

std::string shown_or(const model::Record& record, std::string_view field, std::string fallback) {
    const model::Claim* claim = record.value_of(field);
    return claim ? model::display_claim(claim) : std::move(fallback);
}

std::string record_sentence(const model::Record& record) {
    const std::string name = shown_or(record, "name", record.id);
    std::string run_by;
    if (const model::Claim* owner = record.value_of("owner")) {
        run_by = " run by " + owner->value.value;
    } else if (record.preferred("owner")) {
        run_by = " whose operator is not published";
    }
    return fmt::format("{} is {}{}. {}", name, cluster_phrase(record), run_by, gpus_sentence(record));
}

std::string script_json(const nlohmann::ordered_json& json) {
    std::string text;
    for (char c : json.dump()) {
        if (c == '<') {
            text += "\\u003c";
        } else if (c == '>') {
            text += "\\u003e";
        } else if (c == '&') {
            text += "\\u0026";
        } else {
            text += c;
        }
    }
    return text;
}

std::string pack(const std::vector<std::string_view>& parts) {
    std::string text;
    for (std::string_view part : parts) {
        text += std::to_string(part.size());
        text += ':';
        text += part;
    }
    return text;
}

std::vector<std::string> unpack(std::string_view text) {
    std::vector<std::string> parts;
    while (!text.empty()) {
        std::size_t length = 0;
        const auto read = std::from_chars(text.data(), text.data() + text.size(), length);
        const auto digits = static_cast<std::size_t>(read.ptr - text.data());
        if (read.ec != std::errc() || digits >= text.size() || text[digits] != ':' || text.size() - digits - 1 < length) {
            throw std::logic_error("a kept text of the site that pack() did not make");
        }
        parts.emplace_back(text.substr(digits + 1, length));
        text.remove_prefix(digits + 1 + length);
    }
    return parts;
}

std::string link_target(const std::string& url_or_email) {
    const bool email = url_or_email.find('@') != std::string::npos && url_or_email.find("://") == std::string::npos;
    return email ? "mailto:" + url_or_email : url_or_email;
}

}  // namespace html

std::string page_text(std::string_view text) {
    const std::string line = text::one_line(text);
    std::string shown;
    shown.reserve(line.size());
    for (std::size_t at = 0; at < line.size();) {
        char32_t code_point = 0;
        const std::size_t length = text::utf8_sequence(std::string_view(line).substr(at), code_point);
        if (length == 0) {
            shown += "\uFFFD";
            ++at;
            continue;
        }
        if (text::terminal_control_kind(code_point)) {
            shown += fmt::format("\\u{:04x}", static_cast<unsigned>(code_point));
        } else {
            shown.append(line, at, length);
        }
        at += length;
    }
    return shown;
}

std::string HtmlSite::operator_path(std::string_view owner) {
    std::string slug;
    for (const char c : text::lower_ascii(owner)) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            slug += c;
        } else if (!slug.empty() && slug.back() != '-') {
            slug += '-';
        }
    }
    while (!slug.empty() && slug.back() == '-') slug.pop_back();
    // A name of no ASCII letter or digit keeps its identity in its bytes.
    if (slug.empty()) {
        for (unsigned char c : owner) slug += fmt::format("{:02x}", c);
    }
    return "operators/" + slug + ".html";
}

namespace {

// A page's template with the text of each partial it names in place of its tag, as the library
// would put it at each render: parsed once, not once a page.
std::string with_partials(const std::string& text, const std::map<std::string, std::string>& partials, int depth = 0) {
    static const std::regex tag(R"(\{\{>\s*([A-Za-z0-9_]+)\s*\}\})");
    std::string expanded;
    auto at = text.cbegin();
    for (std::sregex_iterator it(text.begin(), text.end(), tag), end; it != end; ++it) {
        const auto found = partials.find((*it)[1].str() + ".html");
        if (found == partials.end()) continue;
        expanded.append(at, (*it)[0].first);
        // A partial naming itself, or a circle of them, stays a tag for the library past a depth.
        expanded += depth < 8 ? with_partials(found->second, partials, depth + 1) : (*it)[0].str();
        at = (*it)[0].second;
    }
    expanded.append(at, text.cend());
    return expanded;
}

}  // namespace

HtmlSite::HtmlSite(const SiteTemplates& templates, ledger::SiteSettings settings)
    : templates_(std::make_unique<Templates>()), settings_(std::move(settings)) {
    auto text_of = [&](std::string_view name) -> const std::string& {
        const auto found = templates.find(std::string(name));
        if (found == templates.end()) throw InputError(fmt::format("site templates: no template '{}'", name));
        return found->second;
    };
    for (const auto& [name, text] : templates) {
        // The bytes that mark where a page's rows go (html_lists.cpp) are no template's.
        if (text.find_first_of("\x01\x02") != std::string::npos) {
            throw InputError(fmt::format("site template '{}': holds a control character (U+0001 or U+0002)", name));
        }
    }
    auto parse = [](std::string_view name, const std::string& text) {
        auto parsed = std::make_unique<mustache>(text);
        if (!parsed->is_valid()) {
            throw InputError(fmt::format("site template '{}': {}", name, text::excerpt(parsed->error_message(), 200)));
        }
        return parsed;
    };
    for (std::string_view name : asset_files) templates_->assets.emplace(name, text_of(name));
    for (std::string_view name : partial_templates) templates_->partials.emplace(name, text_of(name));
    for (std::string_view name : partial_templates) parse(name, text_of(name));
    for (std::string_view name : page_templates) {
        templates_->pages.emplace(name, parse(name, with_partials(text_of(name), templates_->partials)));
    }
}

HtmlSite::~HtmlSite() = default;

namespace {

// A row's texts, in the order pack() writes them, before its count and its badge.
constexpr std::string HtmlSite::Row::*row_texts[] = {
    &HtmlSite::Row::id,      &HtmlSite::Row::name,      &HtmlSite::Row::owner,     &HtmlSite::Row::operator_path,
    &HtmlSite::Row::segment, &HtmlSite::Row::gpu_model, &HtmlSite::Row::gpu_maker, &HtmlSite::Row::gpus_installed,
    &HtmlSite::Row::status,  &HtmlSite::Row::country,   &HtmlSite::Row::power_mw};

}  // namespace

std::string HtmlSite::Row::pack() const {
    const std::string number = std::to_string(gpus);
    std::vector<std::string_view> parts;
    for (const auto text : row_texts) parts.emplace_back(this->*text);
    parts.insert(parts.end(), {number, verified ? "1" : "0"});
    return html::pack(parts);
}

HtmlSite::Row HtmlSite::Row::unpack(std::string_view text) {
    std::vector<std::string> parts = html::unpack(text);
    constexpr std::size_t count = std::size(row_texts);
    if (parts.size() != count + 2)
        throw std::logic_error("a kept row of the site has " + std::to_string(parts.size()) + " parts");
    Row row;
    for (std::size_t i = 0; i < count; ++i) row.*row_texts[i] = std::move(parts[i]);
    std::from_chars(parts[count].data(), parts[count].data() + parts[count].size(), row.gpus);
    row.verified = parts[count + 1] == "1";
    return row;
}

std::vector<ledger::SiteFile> HtmlSite::record(const ledger::SiteRecord& record_page, std::vector<ledger::SiteKept>& kept) {
    const model::Record& record = record_page.record;
    std::vector<ledger::SiteFile> files;
    files.push_back(page("clusters/" + record.id + ".html", "record.html", html::record_page(record_page, settings_)));
    if (record_page.comparison) {
        files.push_back(page(html::related_compare_path(record.id), "compare.html", html::compare_page(*record_page.comparison)));
    }
    Row row;
    row.id = record.id;
    row.name = shown_or(record, "name", record.id);
    row.owner = shown_or(record, "owner", "");
    if (!row.owner.empty()) row.operator_path = operator_path(row.owner);
    row.segment = record.shown("segment");
    row.gpu_model = record.shown("gpu_model");
    row.gpu_maker = record.shown("gpu_maker");
    row.gpus_installed = record.shown("gpus_installed");
    if (const model::Claim* gpus = record.value_of("gpus_installed")) {
        const auto& digits = gpus->value.value;
        std::from_chars(digits.data(), digits.data() + digits.size(), row.gpus);
    }
    row.status = record.shown("status");
    row.country = record.shown("country");
    row.power_mw = record.shown("power_mw");
    row.verified = record.verification && !record.verification->stale;
    // A row is kept once, under every list it is on: the index, each grouped list (a cluster
    // with no value last, under "Not recorded"), its operator's page, the largest.
    ledger::SiteKept& kept_row = kept.emplace_back();
    kept_row.places.push_back({"index", "", 0});
    for (const auto& list : grouped_lists) {
        const std::string& label = row.*list.group;
        const bool recorded = !label.empty() && label != "—";
        kept_row.places.push_back({std::string(list.name), recorded ? "1" + label : "2", 0});
    }
    if (!row.operator_path.empty()) kept_row.places.push_back({"operator", row.operator_path, 0});
    if (row.gpus > 0) kept_row.places.push_back({"largest", "", row.gpus});
    kept_row.text = row.pack();
    for (const auto& file : files) kept.push_back({file.path, {{"page", file.path, 0}}});
    for (const auto& [id, source] : record.sources) {
        const auto& meta = source.meta;
        kept.push_back(
            {html::pack({record.id, meta.kind, meta.title, meta.accessed, meta.archive_url}), {{"source", source.url, 0}}});
    }
    for (const auto& changeset : record_page.history) kept.push_back({record.id, {{"touched", "", changeset.id}}});
    return files;
}

std::string HtmlSite::row_html(const Row& row, const std::string& root) const {
    Data data = object{{"id", row.id}, {"name", page_text(row.name)}};
    if (!row.owner.empty()) {
        data.set("owner", page_text(row.owner));
        data.set("operator_path", row.operator_path);
    }
    data.set("gpu_model", page_text(row.gpu_model));
    data.set("gpu_maker", page_text(row.gpu_maker));
    data.set("gpus_installed", page_text(row.gpus_installed));
    data.set("gpus", std::to_string(row.gpus));
    data.set("status", page_text(row.status));
    data.set("country", page_text(row.country));
    data.set("power_mw", page_text(row.power_mw));
    data.set("verified", row.verified);
    data.set("root", root);
    return render_alone("cluster_row.html", data);
}

ledger::SiteFile HtmlSite::page(const std::string& path, std::string_view template_name, Data data) {
    const auto depth = static_cast<std::size_t>(std::count(path.begin(), path.end(), '/'));
    std::string root;
    for (std::size_t i = 0; i < depth; ++i) root += "../";
    data.set("site_title", page_text(settings_.title));
    data.set("site_description", page_text(settings_.description));
    data.set("root", root);
    if (!settings_.base_url.empty()) data.set("canonical", settings_.base_url + path);
    if (!settings_.licence.empty()) data.set("licence", page_text(settings_.licence));
    if (!settings_.contact.empty()) data.set("contact", html::link_target(settings_.contact));
    for (const auto& [partial_name, text] : templates_->partials) {
        const std::string key = partial_name.substr(0, partial_name.find('.'));
        data.set(key, partial([text = text] { return text; }));
    }
    mustache& compiled = *templates_->pages.at(std::string(template_name));
    std::string html = compiled.render(data);
    if (!compiled.is_valid()) throw InputError(fmt::format("site template '{}': {}", template_name, compiled.error_message()));
    return {path, std::move(html)};
}

std::string HtmlSite::render_alone(const std::string& template_name, const Data& data) const {
    return templates_->pages.at(template_name)->render(data);
}

void print_site(const Output& output, const ledger::SiteSummary& summary) {
    if (output.json) {
        print_json(output.out, Json{{"site", summary.folder},
                                    {"clusters", summary.records},
                                    {"files", summary.files},
                                    {"written", summary.written},
                                    {"unchanged", summary.unchanged},
                                    {"removed", summary.removed}});
        return;
    }
    output.out << fmt::format("{}: a site of {} clusters, {} files ({} written, {} unchanged, {} removed)\n", summary.folder,
                              summary.records, summary.files, summary.written, summary.unchanged, summary.removed);
}

}  // namespace gpuclusters::render
