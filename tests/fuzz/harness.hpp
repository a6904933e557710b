// The harnesses of the one libFuzzer binary: each registers its name and its two functions, and
// fuzz_main.cpp runs the one GPUCLUSTERS_FUZZ_HARNESS names.
#pragma once
#include <cstddef>
#include <cstdint>

namespace gpuclusters::fuzz {

/// Called once before the first input (libFuzzer's LLVMFuzzerInitialize); 0 on success.
using Initialize = int (*)();
/// Called on each input (libFuzzer's LLVMFuzzerTestOneInput); returns 0.
using TestOneInput = int (*)(const std::uint8_t* data, std::size_t size);

/// Adds a harness under NAME (initialize may be null); returns true, for a namespace-scope constant.
bool register_harness(const char* name, Initialize initialize, TestOneInput test_one_input);

}  // namespace gpuclusters::fuzz
