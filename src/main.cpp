#include <iostream>
#include <string>
#include <vector>

#include "commands/command.hpp"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
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
