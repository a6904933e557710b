#include <fmt/format.h>

#include "gpuclusters/model/text.hpp"
#include "gpuclusters/rules/rules.hpp"

namespace gpuclusters::rules {

std::string fingerprint(const Finding& finding) {
    const auto& evidence = finding.evidence;
    const bool read_nothing = evidence.value.empty() && evidence.url.empty() && evidence.quote.empty();
    // The source by its URL, not its number: a database rebuilt from a tree numbers sources anew.
    return fmt::format(
        "{:016x}", text::fingerprint({finding.rule, finding.cluster_id, finding.field, finding.kind, evidence.value, evidence.url,
                                      evidence.quote, read_nothing ? finding.message : std::string()}));
}

}  // namespace gpuclusters::rules
