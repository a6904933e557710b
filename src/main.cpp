#include <iostream>
#include <string>
#include <vector>

#include "commands/command.hpp"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    const std::vector<std::string> args(argv + 1, argv + argc);
    const int status = gpuclusters::commands::run_cli(args, std::cout, std::cerr);
    std::cout.flush();
    return status;
}
