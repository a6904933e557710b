// The parser of accelerator names measured on every distinct name of the Epoch AI and TOP500
// tables in tests/data, each labelled by hand in tests/data/models/accelerator_names.tsv.
#include <algorithm>
#include <doctest/doctest.h>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/text.hpp"

using namespace gpuclusters;

namespace {

struct LabelledName {
    std::string name;
    std::string sources;
    std::string expected;  // a catalogue model or family, "none" or "ambiguous"
};

std::vector<LabelledName> labelled_names() {
    std::ifstream file(GPUCLUSTERS_SOURCE_DIR "/tests/data/models/accelerator_names.tsv");
    REQUIRE(file);
    std::vector<LabelledName> names;
    std::string line;
    bool header_seen = false;
    while (std::getline(file, line)) {
        if (line.empty() || line.starts_with('#')) continue;
        if (!header_seen) {
            header_seen = true;  // name, sources, expected, why
            continue;
        }
        const auto cells = text::split(line, '\t');
        REQUIRE(cells.size() == 4);
        names.push_back({std::string(cells[0]), std::string(cells[1]), std::string(cells[2])});
    }
    return names;
}

// How the parser's reading of a name compares with its label.
std::string outcome(const model::AcceleratorName& read, const std::string& expected) {
    using model::NameReading;
    if (read.reading == NameReading::two_models) return "ambiguous";
    if (expected == "ambiguous") return read.model ? "two models mapped to one" : "none";
    if (expected == "none") return read.model ? "wrong" : "right";
    if (!read.model) return "none";
    if (read.model->model == expected) return "right";
    return read.reading == NameReading::family ? "family only" : "wrong";
}

// Floors from the measurement of the commit that brought the parser (before it, main's alias
// lookup: 182 right, 3 none, 2 family only, 0 wrong): a change that reads fewer names right, or
// any name wrong, fails here and shows which.
constexpr int least_right = 186;
constexpr int most_wrong = 0;

}  // namespace

TEST_CASE("every labelled accelerator name of the Epoch AI and TOP500 tables, measured") {
    const auto& catalogue = model::GpuCatalogue::builtin();
    const auto names = labelled_names();
    REQUIRE(names.size() > 150);
    std::map<std::string, int> counts;
    int labelled_ambiguous_read_ambiguous = 0;
    for (const auto& labelled : names) {
        CAPTURE(labelled.name);
        CAPTURE(labelled.expected);
        // A label is a catalogue name, or one of the two words: a typo in a label is no measurement.
        const bool word_label = labelled.expected == "none" || labelled.expected == "ambiguous";
        if (!word_label) {
            const auto& models = catalogue.models();
            CHECK(std::any_of(models.begin(), models.end(), [&](const auto& entry) { return entry.model == labelled.expected; }));
        }
        const auto read = catalogue.recognise(labelled.name);
        const std::string result = outcome(read, labelled.expected);
        ++counts[result];
        if (result == "ambiguous" && labelled.expected == "ambiguous") ++labelled_ambiguous_read_ambiguous;
        if (result != "right" && !(result == "ambiguous" && labelled.expected == "ambiguous")) {
            std::cout << "accelerator names: " << result << ": '" << labelled.name << "' read as "
                      << (read.model ? read.model->model : std::string("nothing")) << ", labelled " << labelled.expected << "\n";
        }
        // A name of two models never gets one of them.
        if (labelled.expected == "ambiguous") CHECK(read.model == nullptr);
        CHECK(result != "two models mapped to one");
        // A name read as two models is labelled so: none of the one-model names is split.
        if (result == "ambiguous") CHECK(labelled.expected == "ambiguous");
    }
    std::cout << "accelerator names: " << names.size() << " distinct names: right " << counts["right"] << ", none "
              << counts["none"] << ", family only " << counts["family only"] << ", ambiguous " << counts["ambiguous"]
              << " (labelled so " << labelled_ambiguous_read_ambiguous << "), wrong " << counts["wrong"] << "\n";
    CHECK(counts["right"] >= least_right);
    CHECK(counts["wrong"] <= most_wrong);
}

namespace {

std::string model_of(std::string_view name) {
    const auto read = model::GpuCatalogue::builtin().recognise(name);
    return read.model ? read.model->model : std::string();
}

model::NameReading reading_of(std::string_view name) { return model::GpuCatalogue::builtin().recognise(name).reading; }

}  // namespace

TEST_CASE("spellings no alias lists: vendor, brand, board, form factor and memory around a known model") {
    const std::pair<const char*, const char*> expected[] = {
        {"NVIDIA A100 80G", "NVIDIA A100"},
        {"A100-80G", "NVIDIA A100"},
        {"NVIDIA A100-SXM4-40GB", "NVIDIA A100"},
        {"NVIDIA DGX A100 40 GB", "NVIDIA A100"},
        {"Tesla V100-SXM2-16GB", "NVIDIA V100"},
        {"NVIDIA Tesla V100 16GB HBM2", "NVIDIA V100"},
        {"NVIDIA HGX H100 SXM5 80GB HBM3", "NVIDIA H100"},
        {"NVIDIA H100 Tensor Core GPU", "NVIDIA H100"},
        {"NVIDIA H200 NVL 141GB", "NVIDIA H200"},
        {"AMD Instinct MI250X OAM 128GB HBM2e", "AMD Instinct MI250X"},
        {"AMD Radeon Instinct MI-250X", "AMD Instinct MI250X"},
        {"Instinct MI300X accelerator", "AMD Instinct MI300X"},
        {"Intel Habana Gaudi 2", "Intel Gaudi 2"},
        {"Intel GPU Max 1550", "Intel Data Center GPU Max 1550"},
        {"NVIDIA GeForce RTX 4090 24 GB GDDR6X", "NVIDIA GeForce RTX 4090"},
        {"nvidia tesla k20x", "NVIDIA K20X"},
        {"NVIDIA Grace Hopper GH200", "NVIDIA GH200"},
        // The longest model wins over one its name starts with.
        {"NVIDIA RTX 6000 Ada Generation 48GB", "NVIDIA RTX 6000 Ada Generation"},
        {"NVIDIA A10G 24GB", "NVIDIA A10G"},
        {"NVIDIA A10 G", "NVIDIA A10G"},
    };
    for (const auto& [name, model] : expected) {
        const std::string written = name;
        CAPTURE(written);
        CHECK(reading_of(written) == model::NameReading::model);
        CHECK(model_of(written) == model);
    }
}

TEST_CASE("what the words around the model say is kept") {
    const auto read = model::GpuCatalogue::builtin().recognise("NVIDIA HGX H100 SXM5 80 GB HBM3");
    CHECK(read.vendors == std::vector<std::string>{"NVIDIA"});
    CHECK(read.system == "HGX");
    CHECK(read.form_factor == "SXM5");
    CHECK(read.memory == "80 GB HBM3");
    CHECK(model::GpuCatalogue::builtin().recognise("A100 80G").memory == "80G");
}

TEST_CASE("a name of two models gets none of them") {
    for (const char* name : {"NVIDIA A100 / V100", "A100/H100", "H100 & H200", "NVIDIA A100 V100", "MI250X or MI300X",
                             "NVIDIA Tesla K40/Intel Xeon Phi 7120P", "NVIDIA Volta / NVIDIA Ampere", "B200, GB200"}) {
        const std::string written = name;
        CAPTURE(written);
        const auto read = model::GpuCatalogue::builtin().recognise(written);
        CHECK(read.reading == model::NameReading::two_models);
        CHECK(read.model == nullptr);
        CHECK(model::GpuCatalogue::builtin().find(written) == nullptr);
        CHECK_FALSE(read.named.empty());
    }
    const auto read = model::GpuCatalogue::builtin().recognise("NVIDIA A100 / V100");
    REQUIRE(read.named.size() == 2);
    CHECK(read.named[0]->model == "NVIDIA A100");
    CHECK(read.named[1]->model == "NVIDIA V100");
    // Only one model, however it is split: a second form factor or memory size is no second model.
    CHECK(model_of("NVIDIA A100 40GB/80GB") == "NVIDIA A100");
    CHECK(model_of("V100 SXM2 / PCIe") == "NVIDIA V100");
    CHECK(model_of("H100 SXM / H100 PCIe") == "NVIDIA H100");
    // A catalogue model whose name has a slash is that model.
    CHECK(model_of("Cambricon MLU370-S4/S8") == "Cambricon MLU370-S4/S8");
}

TEST_CASE("a generation name stays a family; with a model, the model") {
    const std::pair<const char*, const char*> families[] = {
        {"NVIDIA Volta", "NVIDIA Volta"},       {"Hopper", "NVIDIA Hopper"},  {"NVIDIA Ampere", "NVIDIA Ampere"},
        {"Nvidia Hopper GPU", "NVIDIA Hopper"}, {"AMD CDNA 3", "AMD CDNA 3"}, {"NVIDIA Blackwell GPUs", "NVIDIA Blackwell"},
    };
    for (const auto& [name, family] : families) {
        const std::string written = name;
        CAPTURE(written);
        CHECK(reading_of(written) == model::NameReading::family);
        CHECK(model_of(written) == family);
    }
    CHECK(model_of("Nvidia Volta V100") == "NVIDIA V100");
    CHECK(model_of("NVIDIA Hopper H100 SXM5") == "NVIDIA H100");
}

TEST_CASE("bad and edge input reads as no model, never throws") {
    const std::string long_name = "NVIDIA H100 " + std::string(model::max_accelerator_name_bytes, 'x');
    for (const std::string& name :
         {std::string(), std::string(" \t "), std::string("NVIDIA"), std::string("NVIDIA AMD Intel"), std::string("Tesla"),
          std::string("SXM5 80GB"), std::string("/"), std::string("///&&,"), std::string("H100\n"), std::string("H100\x1b[31m"),
          std::string("A100\0H100", 9), std::string("\x7f"), long_name, std::string("80GB HBM3"), std::string("Frobnicator 9000"),
          std::string("\xff\xfe")}) {
        CAPTURE(name);
        model::AcceleratorName read;
        CHECK_NOTHROW(read = model::GpuCatalogue::builtin().recognise(name));
        CHECK(read.reading == model::NameReading::none);
        CHECK(read.model == nullptr);
    }
    // Up to the length read, a name is read: the limit cuts no real name.
    CHECK(model_of(std::string(model::max_accelerator_name_bytes - 5, ' ') + "H100") == "NVIDIA H100");
}

TEST_CASE("every catalogue name and alias reads as its own entry, and no two entries share a core") {
    const auto& catalogue = model::GpuCatalogue::builtin();
    CHECK(catalogue.shared_cores().empty());
    for (const auto& entry : catalogue.models()) {
        for (const auto& spelling : catalogue.spellings(entry)) {
            CAPTURE(spelling);
            CHECK(model_of(spelling) == entry.model);
        }
    }
}

TEST_CASE("the words' file: a bad row names its line") {
    const std::string header = "word\trole\tnote\n";
    CHECK_NOTHROW(model::NameWords(header + "NVIDIA\tvendor\t\n"));
    CHECK_THROWS_WITH(model::NameWords(header + "NVIDIA\tvendor\t\nAMD\tmaker\t\n"),
                      doctest::Contains("db/gpu_name_words.tsv:3"));
    CHECK_THROWS_WITH(model::NameWords(header + "NVIDIA\tvendor\n"), doctest::Contains("db/gpu_name_words.tsv:2"));
    CHECK_THROWS_WITH(model::NameWords(header + " \tvendor\t\n"), doctest::Contains("db/gpu_name_words.tsv:2"));
}

TEST_CASE("a name read again reads the same, however many names came between") {
    const auto& catalogue = model::GpuCatalogue::builtin();
    const auto first = catalogue.recognise("NVIDIA A100 / V100");
    CHECK(catalogue.find("NVIDIA H100 SXM5 80GB")->model == "NVIDIA H100");
    // More names than the catalogue keeps readings of: the readings are cleared, not grown.
    for (int i = 0; i < 5000; ++i) CHECK_FALSE(catalogue.find("unheard-of accelerator " + std::to_string(i)));
    const auto again = catalogue.recognise("NVIDIA A100 / V100");
    CHECK(again.reading == first.reading);
    CHECK(again.named == first.named);
    CHECK(catalogue.find("NVIDIA H100 SXM5 80GB")->model == "NVIDIA H100");
    CHECK(catalogue.find("A100/H100") == nullptr);
}
