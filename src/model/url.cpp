// Source URLs: parsed and normalised (liburiparser for RFC 3986, libidn2 for international
// domain names), archive captures understood, and the domain a page shows.
#include "gpuclusters/model/record.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <idn2.h>
#include <uriparser/Uri.h>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"

namespace gpuclusters::model {

namespace {
// Parameters that identify a campaign or a click, not a page: the same page is the same source.
bool is_tracking_parameter(std::string_view name) {
    static constexpr std::string_view exact[] = {"fbclid", "gclid",  "dclid",   "gbraid",  "wbraid", "msclkid",
                                                 "mc_cid", "mc_eid", "igshid",  "yclid",   "_ga",    "_gl",
                                                 "_hsenc", "_hsmi",  "mkt_tok", "ref_src", "spm",    "si"};
    const std::string lowered = text::lower_ascii(name);
    if (lowered.starts_with("utm_")) return true;
    return std::find(std::begin(exact), std::end(exact), lowered) != std::end(exact);
}

// An IRI as people paste it ("https://bücher.de/straße") made the URI a parser reads: a host
// with letters beyond ASCII becomes its IDNA A-label (xn--bcher-kva.de) through libidn2, and
// every other byte beyond ASCII is percent-encoded.
std::string as_uri(std::string_view url, const std::string& shown) {
    const std::size_t host_start = url.find("//") + 2;
    const std::size_t host_end = std::min(url.find_first_of("/?#", host_start), url.size());
    std::string_view authority = url.substr(host_start, host_end - host_start);
    std::string_view port;
    if (const std::size_t colon = authority.rfind(':');
        colon != std::string_view::npos && authority.find(']') == std::string_view::npos) {
        port = authority.substr(colon);
        authority = authority.substr(0, colon);
    }
    std::string host(authority);
    const bool ascii = std::all_of(host.begin(), host.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    if (!ascii || text::lower_ascii(host).find("xn--") != std::string::npos) {
        char* label = nullptr;
        const int status = idn2_to_ascii_8z(host.c_str(), &label, IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL);
        if (status != IDN2_OK) {
            throw InputError(
                fmt::format("'{}': the host is not a valid international domain name ({})", shown, idn2_strerror(status)));
        }
        host = label;
        idn2_free(label);
    }
    std::string uri = std::string(url.substr(0, host_start)) + host + std::string(port);
    for (const char c : url.substr(host_end)) {
        const auto byte = static_cast<unsigned char>(c);
        uri += byte >= 0x80 ? fmt::format("%{:02X}", byte) : std::string(1, c);
    }
    return uri;
}

std::string range_text(const UriTextRangeA& range) {
    if (range.first == nullptr || range.afterLast == nullptr) return {};
    return {range.first, range.afterLast};
}

}  // namespace

std::string normalise_source_url(std::string_view raw) {
    const std::string_view url = text::trim(raw);
    const std::string shown = text::excerpt(url, 200);
    if (text::find_invalid_utf8(url)) throw InputError("URL is not valid UTF-8");
    const std::size_t colon = url.find(':');
    const std::string scheme = colon == std::string_view::npos ? "" : text::lower_ascii(url.substr(0, colon));
    if ((scheme != "http" && scheme != "https") || url.substr(colon + 1, 2) != "//") {
        throw InputError(fmt::format("'{}' is not an http(s) URL", shown));
    }
    for (char c : url) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte <= 0x20 || byte == 0x7F) throw InputError(fmt::format("'{}': a URL has no spaces or control characters", shown));
    }
    const std::string uri = as_uri(url, shown);

    // RFC 3986 syntax and its syntax-based normalisation (case, percent-encoding, dot segments)
    // by liburiparser; what makes two URLs one source beyond that (ports, fragments, tracking
    // parameters, archives) is ours.
    UriUriA parsed;
    const char* error_at = nullptr;
    if (uriParseSingleUriA(&parsed, uri.c_str(), &error_at) != URI_SUCCESS) {
        throw InputError(
            fmt::format("'{}' is not a valid URL (at character {})", shown, error_at ? error_at - uri.c_str() + 1 : 0));
    }
    struct Freed {
        UriUriA* uri;
        ~Freed() { uriFreeUriMembersA(uri); }
    } freed{&parsed};
    if (parsed.userInfo.first != nullptr)
        throw InputError(fmt::format("'{}': a source URL carries no user name or password", shown));
    std::string host = range_text(parsed.hostText);
    if (host.empty() || host.front() == '.' || host.back() == '.' || host.find("..") != std::string::npos) {
        throw InputError(fmt::format("'{}' has no valid host", shown));
    }
    const std::string port = range_text(parsed.portText);
    if (!port.empty() && (port.size() > 5 || std::stoi(port) < 1 || std::stoi(port) > 65535)) {
        throw InputError(fmt::format("'{}': bad port {} (1 to 65535)", shown, text::excerpt(port, 12)));
    }
    if (uriNormalizeSyntaxA(&parsed) != URI_SUCCESS) throw InputError(fmt::format("'{}' cannot be normalised", shown));
    int length = 0;
    if (uriToStringCharsRequiredA(&parsed, &length) != URI_SUCCESS)
        throw InputError(fmt::format("'{}' cannot be normalised", shown));
    std::string normal(static_cast<std::size_t>(length) + 1, '\0');
    if (uriToStringA(normal.data(), &parsed, length + 1, nullptr) != URI_SUCCESS) {
        throw InputError(fmt::format("'{}' cannot be normalised", shown));
    }
    normal.resize(static_cast<std::size_t>(length));

    // The normal form, read again: scheme://host[:port]path[?query][#fragment].
    std::string_view rest = std::string_view(normal).substr(scheme.size() + 3);
    const std::size_t authority_end = std::min(rest.find_first_of("/?#"), rest.size());
    host = std::string(rest.substr(0, authority_end));
    std::string_view tail = rest.substr(authority_end);
    // The port follows the host, and an IPv6 literal's closing bracket.
    const std::size_t host_end = host.starts_with('[') ? host.find(']') + 1 : 0;
    if (const std::size_t port_colon = host.find(':', host_end); port_colon != std::string::npos) {
        const std::string given = host.substr(port_colon + 1);
        host.resize(port_colon);
        const bool default_port =
            given.empty() || (scheme == "http" && std::stoi(given) == 80) || (scheme == "https" && std::stoi(given) == 443);
        if (!default_port) host += ":" + std::to_string(std::stoi(given));
    }
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
    return scheme + "://" + host + path + query;
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
    // An IPv6 literal keeps its brackets and colons: "[2001:0db8:...]".
    host = host.substr(0, host.starts_with('[') ? host.find(']') + 1 : host.find_first_of(":/?#"));
    if (host.starts_with("www.")) host.remove_prefix(4);
    return std::string(host);
}

}  // namespace gpuclusters::model
