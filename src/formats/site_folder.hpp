#pragma once
// A website's folder written whole: its files go into a new folder beside the target, which then
// takes the target's place in one rename, so a reader (a web server) sees the old site or the
// new one and a failed or killed build leaves the old site as it was. A file whose bytes are
// those of the old site's is linked, not written again: its time stamp, and whatever caches it,
// stay as they were.
#include <cstddef>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace gpuclusters::formats {

/// The name of the file that marks a folder as a site gpuclusters built: only such a folder (or an
/// empty one) is replaced.
inline constexpr std::string_view site_marker = ".gpuclusters-site";

/// What a build did to the files of the site it replaced.
struct SiteChanges {
    std::size_t files = 0;      ///< files in the new site
    std::size_t written = 0;    ///< new or changed since the old site
    std::size_t unchanged = 0;  ///< the same bytes as the old site's
    std::size_t removed = 0;    ///< in the old site only
};

class SiteFolder {
public:
    /// Checks the target (absent, an empty folder, or a folder holding `site_marker`: anything
    /// else is refused with InputError) and makes the new folder beside it.
    explicit SiteFolder(std::string target);
    SiteFolder(const SiteFolder&) = delete;
    SiteFolder& operator=(const SiteFolder&) = delete;
    /// Removes the new folder unless commit() succeeded.
    ~SiteFolder();

    /// Writes one file at `path`, relative and '/'-separated, making its folders. A path written
    /// twice, or one that leaves the folder, is a logic error (std::logic_error).
    void write(const std::string& path, std::string_view bytes);
    /// A file too large to hold whole (a snapshot of the dataset), written as it is made: open()
    /// gives its stream, close() ends it and, when its bytes are the old site's, links the old
    /// file in its place. The same rules as write() for its path.
    std::ostream& open(const std::string& path);
    void close(const std::string& path);
    /// Syncs the new folder and puts it in the target's place (exchanging the two folders when a
    /// site stands there), then removes the old one; OutputError when it cannot.
    SiteChanges commit();

private:
    /// The new file's path for a relative `path`, its folders made, counted as a file.
    std::string prepare(const std::string& path);
    /// Replaces the written file by a link to the old one when their bytes are the same.
    void keep_if_unchanged(const std::string& path, const std::string& file);
    std::string target_;
    std::string building_;
    bool replacing_ = false;
    bool committed_ = false;
    SiteChanges changes_;
    std::map<std::string, std::unique_ptr<std::ofstream>> streams_;
    std::set<std::string> folders_;  ///< made already
};

/// The default templates of a site (db/site/), each replaced by the file of that name in
/// `folder` when one is given; InputError for a file there that is no template's name.
std::map<std::string, std::string> site_templates(const std::optional<std::string>& folder);

}  // namespace gpuclusters::formats
