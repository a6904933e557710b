#include <doctest/doctest.h>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>

#include "formats/site_folder.hpp"
#include "gpuclusters/model/error.hpp"
#include "scratch.hpp"

using namespace gpuclusters;
namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

ino_t inode_of(const fs::path& path) {
    struct stat info {};
    REQUIRE(::stat(path.c_str(), &info) == 0);
    return info.st_ino;
}

std::size_t partial_folders(const fs::path& folder) {
    std::size_t count = 0;
    for (const auto& entry : fs::directory_iterator(folder)) count += entry.path().string().ends_with(".partial");
    return count;
}

}  // namespace

TEST_CASE("a site is built beside its folder and moved into place whole") {
    ScratchDir dir;
    const std::string site = dir.file("site");
    formats::SiteFolder folder(site);
    folder.write("index.html", "<p>index</p>");
    folder.write("clusters/a.html", "<p>a</p>");
    CHECK_FALSE(fs::exists(site));  // nothing shows before the commit
    const auto changes = folder.commit();
    CHECK(changes.files == 2);
    CHECK(changes.written == 2);
    CHECK(read_text(fs::path(site) / "clusters/a.html") == "<p>a</p>");
    CHECK(fs::is_regular_file(fs::path(site) / formats::site_marker));
    CHECK(partial_folders(dir.path) == 0);
}

TEST_CASE("a rebuild keeps the files whose bytes are the same, and counts what changed and what went") {
    ScratchDir dir;
    const std::string site = dir.file("site");
    {
        formats::SiteFolder folder(site);
        folder.write("same.html", "same");
        folder.write("changed.html", "old");
        folder.write("gone.html", "gone");
        folder.commit();
    }
    const ino_t same_inode = inode_of(fs::path(site) / "same.html");
    formats::SiteFolder folder(site);
    folder.write("same.html", "same");
    folder.write("changed.html", "new");
    folder.write("added.html", "added");
    const auto changes = folder.commit();
    CHECK(changes.files == 3);
    CHECK(changes.written == 2);
    CHECK(changes.unchanged == 1);
    CHECK(changes.removed == 1);
    CHECK(inode_of(fs::path(site) / "same.html") == same_inode);
    CHECK(read_text(fs::path(site) / "changed.html") == "new");
    CHECK_FALSE(fs::exists(fs::path(site) / "gone.html"));
    CHECK(partial_folders(dir.path) == 0);
}

TEST_CASE("a file written as a stream is kept like any other when its bytes are the old site's") {
    ScratchDir dir;
    const std::string site = dir.file("site");
    // Larger than one block of the comparison, so the blocks after the first are compared too.
    const std::string big(200000, 'x');
    {
        formats::SiteFolder folder(site);
        folder.open("data/big.csv") << big;
        folder.close("data/big.csv");
        folder.open("data/other.csv") << big;
        folder.close("data/other.csv");
        folder.commit();
    }
    const ino_t big_inode = inode_of(fs::path(site) / "data/big.csv");
    formats::SiteFolder folder(site);
    folder.open("data/big.csv") << big;
    folder.close("data/big.csv");
    folder.open("data/other.csv") << big.substr(1) << 'y';
    folder.close("data/other.csv");
    CHECK_THROWS_AS(folder.open("data/big.csv"), std::logic_error);
    CHECK_THROWS_AS(folder.close("data/never.csv"), std::logic_error);
    const auto changes = folder.commit();
    CHECK(changes.files == 2);
    CHECK(changes.unchanged == 1);
    CHECK(changes.written == 1);
    CHECK(inode_of(fs::path(site) / "data/big.csv") == big_inode);
    CHECK(read_text(fs::path(site) / "data/other.csv") == big.substr(1) + "y");
}

TEST_CASE("a stream left open is a mistake commit refuses") {
    ScratchDir dir;
    formats::SiteFolder folder(dir.file("site"));
    folder.open("data/open.csv") << "x";
    CHECK_THROWS_AS(folder.commit(), std::logic_error);
    CHECK_FALSE(fs::exists(dir.file("site")));
}

TEST_CASE("a build that never commits leaves the old site as it was, and no new folder") {
    ScratchDir dir;
    const std::string site = dir.file("site");
    {
        formats::SiteFolder folder(site);
        folder.write("index.html", "old");
        folder.commit();
    }
    {
        formats::SiteFolder folder(site);
        folder.write("index.html", "new");
    }  // a failure between write and commit: the folder goes out of scope
    CHECK(read_text(fs::path(site) / "index.html") == "old");
    CHECK(partial_folders(dir.path) == 0);
}

TEST_CASE("only a site gpuclusters built, or an empty folder, is replaced") {
    ScratchDir dir;
    fs::create_directory(dir.file("mine"));
    std::ofstream(dir.file("mine/notes.txt")) << "keep";
    CHECK_THROWS_WITH_AS(formats::SiteFolder(dir.file("mine")),
                         doctest::Contains("holds no site gpuclusters built (no .gpuclusters-site in it)"), InputError);
    std::ofstream(dir.file("file.txt")) << "text";
    CHECK_THROWS_WITH_AS(formats::SiteFolder(dir.file("file.txt")), doctest::Contains("is a file"), InputError);
    fs::create_directory_symlink(dir.file("mine"), dir.file("link"));
    CHECK_THROWS_WITH_AS(formats::SiteFolder(dir.file("link")), doctest::Contains("is a symbolic link"), InputError);
    CHECK(read_text(dir.file("mine/notes.txt")) == "keep");
    fs::create_directory(dir.file("empty"));
    formats::SiteFolder folder(dir.file("empty"));
    folder.write("index.html", "x");
    CHECK(folder.commit().written == 1);
    CHECK(partial_folders(dir.path) == 0);
}

TEST_CASE("a site file's path stays in its folder") {
    ScratchDir dir;
    formats::SiteFolder folder(dir.file("site"));
    CHECK_THROWS_AS(folder.write("../escape.html", "x"), std::logic_error);
    CHECK_THROWS_AS(folder.write("/etc/escape.html", "x"), std::logic_error);
    CHECK_THROWS_AS(folder.write("a/./b.html", "x"), std::logic_error);
    folder.write("a.html", "x");
    CHECK_THROWS_AS(folder.write("a.html", "y"), std::logic_error);
}

TEST_CASE("the templates are the defaults, each replaced by a file of its name; other names are refused") {
    ScratchDir dir;
    const auto defaults = formats::site_templates(std::nullopt);
    CHECK(defaults.contains("record.html"));
    CHECK(defaults.contains("style.css"));
    fs::create_directory(dir.file("t"));
    std::ofstream(dir.file("t/index.html")) << "mine";
    const auto mine = formats::site_templates(dir.file("t"));
    CHECK(mine.at("index.html") == "mine");
    CHECK(mine.at("record.html") == defaults.at("record.html"));
    std::ofstream(dir.file("t/logo.svg")) << "x";
    CHECK_THROWS_WITH_AS(formats::site_templates(dir.file("t")), doctest::Contains("logo.svg: not a template of the site"),
                         InputError);
}
