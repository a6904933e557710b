#pragma once
// A fresh temporary directory per test: removed afterwards, but kept (and named on stderr) when
// the test has failed, so that its database can be opened by hand.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>

/// Set by the listener in main.cpp when an assertion of the running test case fails.
bool current_test_failed();

struct ScratchDir {
    std::filesystem::path path;
    ScratchDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "gpuclusters-unit-XXXXXX").string();
        path = mkdtemp(pattern.data());
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    ~ScratchDir() {
        // A REQUIRE that fails throws through here: its failure is logged before the throw.
        if (current_test_failed() || std::uncaught_exceptions() > 0) {
            std::fprintf(stderr, "kept %s\n", path.c_str());
            return;
        }
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
    std::string file(const std::string& name) const { return (path / name).string(); }
};
