#pragma once
// An accelerator's name as lists write it ("NVIDIA Tesla V100 SXM2 32 GB", "AMD Radeon Instinct
// MI250X", "A100 80G", "A100/H100") read as the words around a model (vendor, brand, system, form
// factor, memory) and the model itself, matched against the GPU catalogue's models. The words
// around a model are data, db/gpu_name_words.tsv; the models are db/gpu_models.tsv.
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace gpuclusters::model {

struct GpuModel;

/// What a name says of the catalogue.
enum class NameReading {
    none,        ///< no catalogued model or family: an unknown model, vendor words only, empty
    model,       ///< one catalogued model
    family,      ///< a generation only ("NVIDIA Hopper"): the catalogue's family entry
    two_models,  ///< two accelerators or more ("A100/H100", "K40/Intel Xeon Phi 7120P")
};

struct AcceleratorName {
    NameReading reading = NameReading::none;
    /// The model, or the family entry, for reading model or family; null otherwise.
    const GpuModel* model = nullptr;
    /// For two_models: the catalogued models and families it names, in order (fewer than two
    /// when one of them is not catalogued).
    std::vector<const GpuModel*> named;
    std::vector<std::string> vendors;  ///< vendor words as written: "NVIDIA", "Habana"
    std::string form_factor;           ///< "SXM5", "PCIe", "OAM", "NVL", as written
    std::string system;                ///< "DGX", "HGX", as written
    std::string memory;                ///< "80 GB", "16 GB HBM2": the size and type it gives
};

/// The words that surround a model in a name, by role (db/gpu_name_words.tsv).
enum class NameWordRole { vendor, brand, system, form, filler, memory_unit, memory_type, power_unit, throughput_unit, separator };

/// A name cut into words: a word's key is its ASCII lower case; "/", "&", "+", "," and ";" are
/// words of their own; spaces, hyphens, underscores and brackets only separate.
struct NameToken {
    std::string text;
    std::string key;
};
std::vector<NameToken> name_tokens(std::string_view name);

/// The longest name read: a longer one is no accelerator's (a sentence, a pasted page).
inline constexpr std::size_t max_accelerator_name_bytes = 200;
/// Whether a name is read at all: not longer than that, and no control character in it (no list
/// writes one in a name; reading past it would only guess).
bool readable_accelerator_name(std::string_view name);

class NameWords {
public:
    /// Parses the TSV of db/gpu_name_words.tsv; throws InputError naming the line on a bad row.
    explicit NameWords(std::string_view tsv);
    static const NameWords& builtin();

    struct Match {
        NameWordRole role;
        std::size_t length = 0;  ///< tokens the word takes ("Data Center" two); 0 when none
    };
    /// The longest word of the vocabulary at `position`.
    Match at(const std::vector<NameToken>& tokens, std::size_t position) const;

private:
    std::map<std::vector<std::string>, NameWordRole> words_;
    std::size_t longest_ = 1;
};

/// Reads names against one catalogue's models: each model's name and aliases, less the words
/// around a model, is the model's core ("NVIDIA Tesla V100 SXM2" -> "v100"), and a name's core
/// words are matched against them, the longest first.
class AcceleratorNameParser {
public:
    AcceleratorNameParser(const std::vector<GpuModel>& models, const std::vector<std::vector<std::string>>& spellings,
                          const NameWords& words);
    AcceleratorName parse(std::string_view name) const;
    /// A word of a name's core (a separator kept as a word of its own).
    struct CoreWord {
        std::string key;
        bool separator = false;
    };
    /// Core keys that two catalogue entries share: a catalogue fault, for a unit test to name.
    std::vector<std::string> shared_cores() const;

private:
    struct Reading;
    Reading read(std::string_view name) const;
    const std::vector<GpuModel>& models_;
    const NameWords& words_;
    std::map<std::string, std::vector<std::size_t>, std::less<>> cores_;
    std::size_t longest_core_ = 1;
};

}  // namespace gpuclusters::model
