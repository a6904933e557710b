#include "formats/baseline.hpp"

#include <algorithm>
#include <charconv>
#include <fmt/format.h>
#include <istream>

#include "formats/input_file.hpp"
#include "formats/limits.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::formats {
namespace {

constexpr std::string_view header =
    "# gpuclusters verify baseline: fingerprint, rule, cluster, field, message (tab-separated; the fingerprint "
    "decides, the rest is for people)\n";

std::uint64_t fingerprint_number(std::string_view hex) {
    std::uint64_t number = 0;
    const auto [end, error] = std::from_chars(hex.data(), hex.data() + hex.size(), number, 16);
    if (hex.size() != 16 || error != std::errc() || end != hex.data() + hex.size()) return 0;
    return number;
}

}  // namespace

Baseline Baseline::read(const std::string& path) {
    InputFile file(path, "the baseline");
    std::istream in(&file.buffer());
    Baseline baseline;
    std::string line;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
        if (line.size() > max_input_string_bytes) {
            throw InputError(
                fmt::format("{}:{}: a line longer than {}: not a baseline", path, number, limit_text(max_input_string_bytes)));
        }
        if (line.empty() || line.front() == '#') continue;
        const std::size_t tab = line.find('\t');
        const std::uint64_t fingerprint = fingerprint_number(std::string_view(line).substr(0, tab));
        if (tab == std::string::npos || fingerprint == 0 || std::count(line.begin(), line.end(), '\t') != 4) {
            throw InputError(
                fmt::format("{}:{}: expected a fingerprint of 16 hex digits, then rule, cluster, field and "
                            "message, tab-separated (`gpuclusters verify --write-baseline` writes one)",
                            path, number));
        }
        ++baseline.remaining_[fingerprint];
        ++baseline.size_;
    }
    return baseline;
}

bool Baseline::take(const rules::Finding& finding) {
    const auto found = remaining_.find(fingerprint_number(rules::fingerprint(finding)));
    if (found == remaining_.end() || found->second == 0) return false;
    --found->second;
    return true;
}

BaselineWriter::BaselineWriter(const std::string& path) : file_(path) { file_.stream() << header; }

void BaselineWriter::add(const std::vector<rules::Finding>& findings) {
    // Within a cluster in a fixed order, so that the same findings give the same file.
    std::vector<std::string> lines;
    for (const auto& finding : findings) {
        // The message escaped to one line: a tab or line break in a quote it names stays in its column.
        lines.push_back(fmt::format("{}\t{}\t{}\t{}\t{}\n", rules::fingerprint(finding), finding.rule, finding.cluster_id,
                                    finding.field.empty() ? "-" : finding.field, text::one_line(finding.message)));
    }
    std::sort(lines.begin(), lines.end(), [](const std::string& a, const std::string& b) {
        return std::string_view(a).substr(17) < std::string_view(b).substr(17) ||
               (std::string_view(a).substr(17) == std::string_view(b).substr(17) && a < b);
    });
    for (const auto& line : lines) file_.stream() << line;
    findings_ += findings.size();
}

void BaselineWriter::commit() { file_.commit(); }

}  // namespace gpuclusters::formats
