#pragma once
// A fresh temporary directory per test, removed afterwards.
#include <cstdlib>
#include <filesystem>
#include <string>

struct ScratchDir {
    std::filesystem::path path;
    ScratchDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "gpuclusters-unit-XXXXXX").string();
        path = mkdtemp(pattern.data());
    }
    ~ScratchDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
    std::string file(const std::string& name) const { return (path / name).string(); }
};
