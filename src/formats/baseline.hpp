#pragma once
// A baseline of verify's findings (verify --write-baseline FILE, --baseline FILE): the findings an
// editor has seen, a line each, so that later runs report only new ones. A line is
//   FINGERPRINT <tab> RULE <tab> CLUSTER <tab> FIELD <tab> MESSAGE
// in cluster order; the fingerprint (rules::fingerprint) alone decides, the rest is for people
// reading the file or its diff. Lines starting with # are comments.
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "formats/atomic_file.hpp"
#include "gpuclusters/rules/rules.hpp"

namespace gpuclusters::formats {

class Baseline {
public:
    /// Reads the file; InputError naming FILE:LINE for a line that is not a baseline's, or a
    /// file that is not a regular file. The fingerprints are held, 12 bytes or so a finding.
    static Baseline read(const std::string& path);
    /// Whether the finding is one of the baseline's; each line answers for one finding, so that
    /// a second finding alike in every way is new.
    bool take(const rules::Finding& finding);
    std::size_t size() const { return size_; }

private:
    std::unordered_map<std::uint64_t, std::uint32_t> remaining_;
    std::size_t size_ = 0;
};

/// Writes a baseline beside its target and renames it over it on commit(): whole or not at all.
class BaselineWriter {
public:
    explicit BaselineWriter(const std::string& path);
    /// One cluster's findings, as verify hands them on.
    void add(const std::vector<rules::Finding>& findings);
    void commit();
    std::size_t findings() const { return findings_; }

private:
    AtomicFile file_;
    std::size_t findings_ = 0;
};

}  // namespace gpuclusters::formats
