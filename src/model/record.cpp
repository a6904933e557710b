#include "gpuclusters/model/record.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::model {

std::string_view to_string(ClaimState state) {
    return state == ClaimState::set ? "set" : "not_published";
}

std::string_view to_string(Rank rank) {
    switch (rank) {
        case Rank::preferred: return "preferred";
        case Rank::normal: return "normal";
        case Rank::deprecated: return "deprecated";
        case Rank::retired: return "retired";
    }
    return "retired";
}

ClaimState claim_state_from(std::string_view text) {
    return text == "set" ? ClaimState::set : ClaimState::not_published;
}

Rank rank_from(std::string_view text) {
    if (text == "preferred") return Rank::preferred;
    if (text == "normal") return Rank::normal;
    if (text == "deprecated") return Rank::deprecated;
    return Rank::retired;
}

const Claim* Record::preferred(std::string_view field) const {
    for (const auto& claim : claims) {
        if (claim.field == field && claim.rank == Rank::preferred) return &claim;
    }
    return nullptr;
}

std::vector<const Claim*> Record::others(std::string_view field, bool with_deprecated) const {
    std::vector<const Claim*> found;
    for (const auto& claim : claims) {
        if (claim.field == field && claim.rank == Rank::normal) found.push_back(&claim);
    }
    if (!with_deprecated) return found;
    for (const auto& claim : claims) {
        if (claim.field == field && claim.rank == Rank::deprecated) found.push_back(&claim);
    }
    return found;
}

std::vector<long long> Record::source_order(bool with_deprecated) const {
    std::vector<long long> order;
    auto note = [&](const Claim* claim) {
        for (const auto& citation : claim->citations) {
            if (std::find(order.begin(), order.end(), citation.source_id) == order.end()) {
                order.push_back(citation.source_id);
            }
        }
    };
    for (const auto& field : field_catalogue()) {
        if (const Claim* claim = preferred(field.name)) note(claim);
        for (const Claim* claim : others(field.name, with_deprecated)) note(claim);
    }
    return order;
}

namespace {
// Parameters that identify a campaign or a click, not a page: the same page is the same source.
bool is_tracking_parameter(std::string_view name) {
    static constexpr std::string_view exact[] = {"fbclid", "gclid",  "dclid", "gbraid", "wbraid", "msclkid", "mc_cid",
                                                 "mc_eid", "igshid", "yclid", "_ga",    "_gl",    "_hsenc",  "_hsmi",
                                                 "mkt_tok", "ref_src", "spm",  "si"};
    const std::string lowered = text::lower_ascii(name);
    if (lowered.starts_with("utm_")) return true;
    return std::find(std::begin(exact), std::end(exact), lowered) != std::end(exact);
}
}  // namespace

std::string normalise_source_url(std::string_view raw) {
    const std::string_view url = text::trim(raw);
    const std::string shown(url);
    if (text::find_invalid_utf8(url)) throw InputError("URL is not valid UTF-8");
    const std::size_t colon = url.find(':');
    const std::string scheme = colon == std::string_view::npos ? "" : text::lower_ascii(url.substr(0, colon));
    if (scheme != "http" && scheme != "https") {
        throw InputError(fmt::format("'{}' is not an http(s) URL", shown));
    }
    if (url.substr(colon + 1, 2) != "//") throw InputError(fmt::format("'{}' is not an http(s) URL", shown));
    for (char c : url) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte <= 0x20 || byte == 0x7F) throw InputError(fmt::format("'{}': a URL has no spaces or control characters", shown));
    }
    std::string_view rest = url.substr(colon + 3);
    const std::size_t authority_end = rest.find_first_of("/?#");
    std::string_view authority = rest.substr(0, authority_end);
    std::string_view tail = authority_end == std::string_view::npos ? "" : rest.substr(authority_end);
    if (authority.find('@') != std::string_view::npos) {
        throw InputError(fmt::format("'{}': a source URL carries no user name or password", shown));
    }
    std::string host = text::lower_ascii(authority);
    std::string port;
    if (const std::size_t port_colon = host.rfind(':'); port_colon != std::string::npos && host.find(']') == std::string::npos) {
        port = host.substr(port_colon + 1);
        host.resize(port_colon);
        if (port.empty() || port.size() > 5 || !std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
            std::stoi(port) > 65535) {
            throw InputError(fmt::format("'{}': bad port", shown));
        }
    }
    if (host.empty() || host.front() == '.' || host.back() == '.' || host.find("..") != std::string::npos) {
        throw InputError(fmt::format("'{}' has no valid host", shown));
    }
    if ((scheme == "http" && port == "80") || (scheme == "https" && port == "443")) port.clear();
    // The fragment points inside a page: the same page is the same source.
    if (const std::size_t hash = tail.find('#'); hash != std::string_view::npos) tail = tail.substr(0, hash);
    std::string path(tail.substr(0, tail.find('?')));
    if (path.empty()) path = "/";
    std::string query;
    if (const std::size_t question = tail.find('?'); question != std::string_view::npos) {
        for (auto parameter : text::split(tail.substr(question + 1), '&')) {
            if (parameter.empty() || is_tracking_parameter(parameter.substr(0, parameter.find('=')))) continue;
            query += (query.empty() ? "?" : "&") + std::string(parameter);
        }
    }
    return scheme + "://" + host + (port.empty() ? "" : ":" + port) + path + query;
}

SourceUrl understand_source_url(std::string_view raw) {
    const std::string url = normalise_source_url(raw);
    const std::string domain = url_domain(url);
    const std::size_t path_start = url.find('/', url.find("://") + 3);
    std::string_view path = std::string_view(url).substr(path_start + 1);
    auto capture = [&](std::string_view stamp, std::string_view original) -> std::optional<SourceUrl> {
        // Wayback stamps are YYYYMMDDhhmmss with an optional modifier (id_, if_); archive.ph's
        // long form is YYYY.MM.DD-hhmmss.
        std::string digits;
        for (char c : stamp.substr(0, std::min<std::size_t>(stamp.size(), 10))) {
            if (c >= '0' && c <= '9') digits += c;
        }
        if (digits.size() < 8 || !original.starts_with("http")) return std::nullopt;
        const int year = std::stoi(digits.substr(0, 4));
        const int month = std::stoi(digits.substr(4, 2));
        const int day = std::stoi(digits.substr(6, 2));
        std::string date;
        if (is_calendar_date(year, month, day)) date = fmt::format("{:04}-{:02}-{:02}", year, month, day);
        // A capture path may have lost one slash of the scheme ("https:/example.com").
        std::string fixed(original);
        if (const std::size_t colon = fixed.find(":/"); colon != std::string::npos && fixed.compare(colon, 3, "://") != 0) {
            fixed.insert(colon + 1, "/");
        }
        return SourceUrl{normalise_source_url(fixed), url, date};
    };
    const bool wayback = domain == "web.archive.org" || domain == "wayback.archive.org";
    const bool archive_today = domain == "archive.ph" || domain == "archive.today" || domain == "archive.is" ||
                               domain == "archive.li" || domain == "archive.vn" || domain == "archive.md" ||
                               domain == "archive.fo";
    if (wayback && path.starts_with("web/")) path.remove_prefix(4);
    if (wayback || archive_today) {
        const std::size_t slash = path.find('/');
        if (slash != std::string_view::npos) {
            if (auto found = capture(path.substr(0, slash), path.substr(slash + 1))) return *found;
        }
        // A short archive.ph link hides the original: the capture is the source.
        return {url, url, ""};
    }
    return {url, "", ""};
}

std::string url_domain(std::string_view url) {
    const std::size_t start = url.find("://");
    std::string_view host = start == std::string_view::npos ? url : url.substr(start + 3);
    host = host.substr(0, host.find_first_of(":/?#"));
    if (host.starts_with("www.")) host.remove_prefix(4);
    return std::string(host);
}

std::string display_claim(const Claim* claim) {
    if (!claim) return "—";
    if (claim->state == ClaimState::not_published) return "Not published";
    const auto* spec = find_field(claim->field);
    return spec ? display_value(*spec, claim->value) : claim->value.value;
}

}  // namespace gpuclusters::model
