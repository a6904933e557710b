// libFuzzer: the CSV reader (libcsv underneath) and the formula-neutralising cell writer.
#include <cstdint>
#include <sstream>
#include <string>

#include "formats/csv.hpp"
#include "gpuclusters/model/error.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::csv {

int test_one_input(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::istringstream input(text);
    try {
        gpuclusters::formats::read_csv(input, "fuzz.csv", [](std::vector<std::string>& cells, std::size_t) {
            for (const auto& cell : cells) {
                // Written and read back, a cell is what it was.
                std::string written = gpuclusters::formats::csv_cell(cell, true);
                if (written.front() == '"') written = written.substr(1, written.size() - 2);
                std::string unquoted;
                for (std::size_t i = 0; i < written.size(); ++i) {
                    unquoted += written[i];
                    if (written[i] == '"') ++i;
                }
                if (gpuclusters::formats::read_cell(unquoted) != cell && !(cell.size() >= 2 && cell[0] == '\'')) __builtin_trap();
            }
        });
    } catch (const gpuclusters::InputError&) {
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("csv", nullptr, test_one_input);

}  // namespace gpuclusters::fuzz::csv
