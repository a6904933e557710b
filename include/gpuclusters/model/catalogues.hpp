#pragma once
// Reference catalogues compiled in from db/: GPU models (for gpu_maker) and ISO 3166-1 countries.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuclusters/model/accelerator_names.hpp"

namespace gpuclusters::model {

struct GpuModel {
    std::string model;  ///< catalogue name, e.g. "NVIDIA H100"
    std::string maker;  ///< NVIDIA, AMD, Intel, Google, Huawei, ...
    std::string kind;   ///< gpu, family or accelerator
    /// What one counted item of this model is, as its vendor sells it: gpu, superchip, apu,
    /// module or accelerator; empty for a family. "36 GB200" counts superchips.
    std::string package;
    /// Physical GPUs in one package: 2 for a GB200 superchip, 1 for a GH200 or an MI300A.
    int gpus_per_package = 1;
    /// What the vendor calls the parts of one GPU and how many it has: an MI250X has 2 GCDs, a
    /// B200 2 dies, a Max 1550 2 tiles; empty and 0 when it has none worth naming.
    std::string part;
    int parts_per_gpu = 0;
    std::string note;
    /// What kind of chip it is: GPU for a GPU or a family of GPUs; for an accelerator the kind
    /// its maker names (TPU, NPU, LPU, XPU, MLU) or, where the maker names none, the product
    /// line (Trainium, Inferentia, Gaudi, MTIA, Maia, Dojo); CPU, hybrid CPU, GPDSP, many-core or
    /// WSE (a wafer-scale engine) for the rest. `stats` counts GPUs apart from each other kind.
    std::string chip;
    /// The catalogue's family row of a model's architecture ("NVIDIA Hopper" for an H100), or
    /// empty: for a family itself, or a model of an architecture the catalogue has no row for.
    std::string family;
    bool is_gpu() const { return chip == gpu_chip; }
    static constexpr std::string_view gpu_chip = "GPU";
};

class GpuCatalogue {
public:
    /// Parses the TSV of db/gpu_models.tsv; throws InputError naming the line on a bad row.
    explicit GpuCatalogue(std::string_view tsv);
    // The parser holds the catalogue's models by reference: a catalogue stays where it was made.
    GpuCatalogue(const GpuCatalogue&) = delete;
    GpuCatalogue& operator=(const GpuCatalogue&) = delete;
    ~GpuCatalogue();
    static const GpuCatalogue& builtin();

    /// What a disclosed name names: the catalogue name or an alias (ignoring case, spaces and
    /// hyphens, with or without the maker's name in front), else the name read by the parser of
    /// accelerator names ("NVIDIA Tesla V100 SXM2 32 GB", "A100 80G", "A100/H100": two models).
    AcceleratorName recognise(std::string_view disclosed) const;
    /// The entry for a model or a family as disclosed (recognise's), or null: none, or two.
    const GpuModel* find(std::string_view disclosed) const;
    /// Catalogue entries whose names, read less the words around a model, are one: a fault.
    std::vector<std::string> shared_cores() const { return parser_->shared_cores(); }
    const std::vector<GpuModel>& models() const { return models_; }
    /// Every name of a catalogued model: its catalogue name, without the maker, and its aliases.
    std::vector<std::string> spellings(const GpuModel& model) const;

private:
    const GpuModel* find_spelling(std::string_view disclosed) const;
    AcceleratorName read(std::string_view disclosed) const;
    std::vector<GpuModel> models_;
    std::map<std::string, std::size_t> index_;
    std::vector<std::vector<std::string>> spellings_;
    std::unique_ptr<AcceleratorNameParser> parser_;
    // Names read before, by their spelling: a dataset spells its models a few dozen ways, and
    // verify and import ask for each record's several times (most of verify's time was the parser).
    struct Readings;
    std::unique_ptr<Readings> readings_;
};

/// Dense BF16 tensor throughput of a catalogued model, from Epoch AI's "Data on Machine Learning
/// Hardware" (db/gpu_performance.tsv names the row); for the derived H100-equivalent row of compare.
struct GpuPerformance {
    double bf16_dense_tflops = 0;
    std::string source_row;
};
inline constexpr std::string_view performance_source_url = "https://epoch.ai/data/machine-learning-hardware";
/// The figure for a disclosed model, or nullopt (families, unknown models).
std::optional<GpuPerformance> gpu_performance(std::string_view disclosed);

struct Country {
    std::string alpha2;
    std::string name;
};

class CountryTable {
public:
    explicit CountryTable(std::string_view tsv);
    static const CountryTable& builtin();

    /// The country for an alpha-2 or alpha-3 code, ISO name or common alias, ignoring case.
    const Country* find(std::string_view text) const;
    const Country* by_code(std::string_view alpha2) const;
    /// Every way of writing a country: codes, name and aliases.
    std::vector<std::string> spellings(std::string_view alpha2) const;
    /// The closest name or alias, for a "did you mean" on a near miss.
    std::string suggest(std::string_view text) const;

private:
    std::vector<Country> countries_;
    std::map<std::string, std::size_t> index_;
    // by_code is asked of every stored country a reader checks: exact, without lowering a copy.
    std::map<std::string, std::size_t, std::less<>> alpha2_index_;
    std::vector<std::string> spellings_;
    std::vector<std::vector<std::string>> country_spellings_;  // by position in countries_
};

}  // namespace gpuclusters::model
