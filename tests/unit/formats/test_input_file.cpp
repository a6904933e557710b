#include <doctest/doctest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/atomic_file.hpp"
#include "formats/input_file.hpp"
#include "gpuclusters/model/error.hpp"
#include "scratch.hpp"

using namespace gpuclusters;

namespace {

// What read_whole_file says of `path`: its text, or the one-line refusal.
std::string whole_file_outcome(const std::string& path, bool follow_links = true,
                               std::size_t limit = formats::max_whole_file_bytes) {
    try {
        return "read: " + formats::read_whole_file(path, "the file", follow_links, limit);
    } catch (const InputError& error) {
        return error.what();
    }
}

}  // namespace

TEST_CASE("only a regular file is read: a folder, a FIFO, a device are refused before a byte is read") {
    ScratchDir scratch;
    const std::string regular = scratch.file("a.toml");
    std::ofstream(regular) << "a = 1\n";
    CHECK(whole_file_outcome(regular) == "read: a = 1\n");

    const std::string folder = scratch.file("x.toml");
    std::filesystem::create_directory(folder);
    CHECK(whole_file_outcome(folder) == folder + ": is a folder; only a regular file is read");
    // A FIFO with no writer: refused at once, never waited on.
    const std::string fifo = scratch.file("f.toml");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(whole_file_outcome(fifo) == fifo + ": is a FIFO; only a regular file is read");
    CHECK(whole_file_outcome("/dev/zero") == "/dev/zero: is a device; only a regular file is read");
    // A link is followed to a regular file only; edit's own file is not read through one at all.
    const std::string to_device = scratch.file("z.toml");
    std::filesystem::create_symlink("/dev/zero", to_device);
    CHECK(whole_file_outcome(to_device) == to_device + ": is a device; only a regular file is read");
    const std::string to_regular = scratch.file("link.toml");
    std::filesystem::create_symlink(regular, to_regular);
    CHECK(whole_file_outcome(to_regular) == "read: a = 1\n");
    CHECK(whole_file_outcome(to_regular, false) == to_regular + ": is a symbolic link; only a regular file is read");
    CHECK(whole_file_outcome(scratch.file("missing.toml")) ==
          scratch.file("missing.toml") + ": cannot read the file (No such file or directory)");
    // The streamed readers open the same way.
    CHECK_THROWS_AS(formats::InputFile{fifo}, InputError);
    formats::InputFile file(regular);
    CHECK(file.size() == 6);
    std::istream stream(&file.buffer());
    std::string line;
    CHECK(std::getline(stream, line));
    CHECK(line == "a = 1");
}

TEST_CASE("a file read whole is refused past its limit, before it is held") {
    ScratchDir scratch;
    const std::string path = scratch.file("big.toml");
    std::ofstream(path) << std::string(2048, 'x');
    CHECK(whole_file_outcome(path, true, 2048) == "read: " + std::string(2048, 'x'));
    CHECK(whole_file_outcome(path, true, 2047) == path + ": larger than 2047 bytes, the most a file read whole may hold");
    CHECK(whole_file_outcome(path, true, 1024) == path + ": larger than 1 KiB, the most a file read whole may hold");
    CHECK(formats::limit_text(formats::max_whole_file_bytes) == "16 MiB");
    // Standard input has no size to look at first: it is refused as it passes the limit.
    std::istringstream input(std::string(5000, 'y'));
    CHECK_THROWS_WITH_AS(formats::read_whole_stream(*input.rdbuf(), "-", 4096),
                         "-: larger than 4 KiB, the most a file read whole may hold", InputError);
    std::istringstream small("z = 1\n");
    CHECK(formats::read_whole_stream(*small.rdbuf(), "-", 4096) == "z = 1\n");
}

TEST_CASE("a file written as new never replaces, nor writes through, what stands at its name") {
    ScratchDir scratch;
    auto write_new = [](const std::string& path, const std::string& text) {
        formats::AtomicFile file(path);
        file.stream() << text;
        return file.commit_as_new();
    };
    auto read = [](const std::string& path) {
        std::ifstream file(path);
        std::stringstream text;
        text << file.rdbuf();
        return text.str();
    };
    const std::string kept = scratch.file("kept.toml");
    CHECK(write_new(kept, "first\n"));
    CHECK(read(kept) == "first\n");
    CHECK_FALSE(write_new(kept, "second\n"));
    CHECK(read(kept) == "first\n");
    // A link that leads nowhere, put there while the file was written: left as it is, and nothing
    // made where it leads.
    const std::string dangling = scratch.file("dangling.toml");
    {
        formats::AtomicFile file(dangling);
        file.stream() << "third\n";
        std::filesystem::create_symlink(scratch.file("nowhere.txt"), dangling);
        CHECK_FALSE(file.commit_as_new());
    }
    CHECK(std::filesystem::is_symlink(dangling));
    CHECK_FALSE(std::filesystem::exists(scratch.file("nowhere.txt")));
    // No temporary file is left behind either way.
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(scratch.path)) files += entry.path().extension() == ".partial";
    CHECK(files == 0);
    // The file replaced whole (commit) is never a link either: the link is refused, its target kept.
    const std::string victim = scratch.file("victim.txt");
    std::ofstream(victim) << "precious\n";
    const std::string link = scratch.file("link.toml");
    std::filesystem::create_symlink(victim, link);
    CHECK_THROWS_WITH_AS(formats::AtomicFile{link}, (link + ": is a symbolic link; only a regular file is replaced").c_str(),
                         InputError);
    CHECK(read(victim) == "precious\n");
}

TEST_CASE("a file that cannot be written whole is an output error (exit 74), the old file kept") {
    ScratchDir scratch;
    const std::string path = scratch.file("out.json");
    std::ofstream(path) << "old\n";
    // A file size limit of 4 KiB makes the write fail as a full disk would (EFBIG for ENOSPC);
    // both are put back however the test ends.
    struct Limit {
        rlimit before{};
        void (*handler)(int) = nullptr;
        Limit() {
            ::getrlimit(RLIMIT_FSIZE, &before);
            handler = std::signal(SIGXFSZ, SIG_IGN);
            rlimit small = before;
            small.rlim_cur = 4096;
            ::setrlimit(RLIMIT_FSIZE, &small);
        }
        ~Limit() {
            ::setrlimit(RLIMIT_FSIZE, &before);
            std::signal(SIGXFSZ, handler);
        }
    };
    try {
        Limit limit;
        formats::AtomicFile file(path);
        file.stream() << std::string(std::size_t{1} << 20, 'x');
        file.commit();
        FAIL("written");
    } catch (const OutputError& error) {
        CHECK(error.code() == ExitCode::output);
        CHECK(std::string(error.what()) == path + ": writing failed (File too large); nothing written to it");
    }
    std::ifstream old(path);
    std::string line;
    CHECK(std::getline(old, line));
    CHECK(line == "old");
}
