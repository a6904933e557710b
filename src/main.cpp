#include <iostream>
#include <string>
#include <vector>

#include "commands/command.hpp"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    // Reading standard input must not flush standard output: import reads it on a second thread
    // while the first one prints the report (a tied cin flushes cout at every read).
    std::cin.tie(nullptr);
    const std::vector<std::string> args(argv + 1, argv + argc);
    const int status = gpuclusters::commands::run_cli(args, std::cout, std::cerr);
    std::cout.flush();
    // A full disk or a closed pipe must not pass for a complete export.
    if (!std::cout) {
        std::cerr << "gpuclusters: error: cannot write the output (disk full, or the reader went away)\n";
        return 74;
    }
    return status;
}
