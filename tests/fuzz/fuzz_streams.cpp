// libFuzzer: the streaming readers (JSON document, JSON Lines, CSV wide and long) and the
// mapping reader, on one input each through a file, as import reads them. The first byte picks
// the reader; for a mapping, the input is the mapping, a NUL byte, then the table. Every citation
// and key of a record read must name a source of the record.
#include <cstdint>
#include <fstream>
#include <string>
#include <unistd.h>

#include "formats/mapping.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/model/error.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::streams {

namespace {

std::string write_file(const std::string& name, std::string_view content) {
    const std::string path = "/tmp/gpuclusters-fuzz-" + std::to_string(getpid()) + "-" + name;
    std::ofstream(path, std::ios::binary | std::ios::trunc) << content;
    return path;
}

}  // namespace

int test_one_input(const std::uint8_t* data, std::size_t size) {
    using namespace gpuclusters;
    if (size == 0) return 0;
    const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
    std::size_t records = 0;
    auto check = [&](const model::RecordDocument& document) {
        const std::size_t sources = document.sources.size();
        for (const auto& field : document.record.fields) {
            for (const auto& citation : field.citations) {
                if (citation.source >= sources) __builtin_trap();
            }
        }
        for (const auto& key : document.record.keys) {
            if (key.source >= sources) __builtin_trap();
        }
    };
    formats::ReadSink sink{[&](model::RecordDocument& document) {
                               check(document);
                               ++records;
                           },
                           [](const std::string&) {}, [](const std::string&, const std::string&) {}};
    static constexpr formats::Format formats[] = {formats::Format::json, formats::Format::jsonl, formats::Format::csv,
                                                  formats::Format::csv_long};
    try {
        const unsigned choice = data[0] % 5;
        if (choice < 4) {
            const std::string path = write_file("input", input);
            formats::read_records(path, formats[choice], sink);
        } else {
            const std::size_t split = input.find('\0');
            const std::string mapping_path = write_file("mapping.toml", input.substr(0, split));
            const std::string table_path =
                write_file("table.csv", split == std::string_view::npos ? "" : input.substr(split + 1));
            formats::Mapping::load(mapping_path).read(table_path, sink);
        }
    } catch (const InputError&) {
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("streams", nullptr, test_one_input);

}  // namespace gpuclusters::fuzz::streams
