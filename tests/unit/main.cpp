#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "scratch.hpp"

namespace {

bool failed = false;

// Watches the assertions so that a failing test keeps its scratch folder (scratch.hpp).
struct FailureListener : doctest::IReporter {
    explicit FailureListener(const doctest::ContextOptions&) {}
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats&) override {}
    void test_case_start(const doctest::TestCaseData&) override { failed = false; }
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats&) override {}
    void test_case_exception(const doctest::TestCaseException&) override { failed = true; }
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData& data) override {
        if (data.m_failed) failed = true;
    }
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};

}  // namespace

REGISTER_LISTENER("scratch-keeper", 1, FailureListener);

namespace {

// The record of databases checked (store/trust.cpp) goes to a folder of the run's own, not to the
// user's ~/.cache.
struct CacheFolder {
    std::string path;
    CacheFolder() {
        std::string pattern = (std::filesystem::temp_directory_path() / "gpuclusters-unit-cache-XXXXXX").string();
        path = mkdtemp(pattern.data());
        setenv("XDG_CACHE_HOME", path.c_str(), 1);
    }
    ~CacheFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
} const cache_folder;

}  // namespace

bool current_test_failed() { return failed; }
