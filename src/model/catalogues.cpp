#include "gpuclusters/model/catalogues.hpp"

#include <charconv>
#include <fmt/format.h>
#include <mutex>
#include <unordered_map>

#include "embedded_data.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::model {
namespace {

// Rows of a TSV with a header line, each split into `columns` cells; a row of another width is a
// broken catalogue, reported with its line.
std::vector<std::vector<std::string_view>> read_tsv(std::string_view tsv, std::size_t columns, std::string_view file) {
    std::vector<std::vector<std::string_view>> rows;
    std::size_t line_number = 0;
    for (std::string_view line : text::split(tsv, '\n')) {
        ++line_number;
        if (line_number == 1 || line.empty()) continue;
        auto cells = text::split(line, '\t');
        if (cells.size() != columns) {
            throw InputError(
                fmt::format("{}:{}: expected {} tab-separated columns, found {}", file, line_number, columns, cells.size()));
        }
        rows.push_back(std::move(cells));
    }
    return rows;
}

// GPU names are matched without case, spaces or hyphens: "MI-250X", "mi250x" and "MI250X" agree.
std::string model_key(std::string_view name) {
    std::string key = text::lower_ascii(name);
    std::erase_if(key, [](char c) { return c == ' ' || c == '-' || c == '_'; });
    return key;
}

// A model that names its family, at its line and place.
struct FamilyNamed {
    std::size_t line, position;
    std::string name;
};

// Each family named is a row of kind family, and of its models' kind of chip.
void check_families(const std::vector<GpuModel>& models, const std::vector<FamilyNamed>& named_by) {
    for (const auto& [family_line, position, name] : named_by) {
        const auto named = std::ranges::find(models, name, &GpuModel::model);
        if (named == models.end() || named->kind != "family") {
            throw InputError(fmt::format("db/gpu_models.tsv:{}: family '{}' is no row of kind family", family_line, name));
        }
        if (models[position].chip != named->chip) {
            throw InputError(fmt::format("db/gpu_models.tsv:{}: chip '{}' is not that of its family '{}' ({})", family_line,
                                         models[position].chip, name, named->chip));
        }
    }
}

}  // namespace

// Shared by verify's threads, hence the lock; cleared when full, so memory stays flat whatever the
// number of spellings.
struct GpuCatalogue::Readings {
    static constexpr std::size_t most = 4096;
    std::mutex mutex;
    std::unordered_map<std::string, AcceleratorName, text::ViewHash, std::equal_to<>> names;
};

GpuCatalogue::GpuCatalogue(std::string_view tsv) : readings_(std::make_unique<Readings>()) {
    std::size_t line = 1;
    std::vector<FamilyNamed> family_lines;
    for (const auto& row : read_tsv(tsv, 10, "db/gpu_models.tsv")) {
        ++line;
        const std::size_t position = models_.size();
        GpuModel model{std::string(row[0]), std::string(row[1]), std::string(row[2]), std::string(row[3])};
        model.note = std::string(row[7]);
        model.chip = std::string(row[8]);
        model.family = std::string(row[9]);
        const bool family = model.kind == "family";
        if (!model.family.empty()) {
            if (family) throw InputError(fmt::format("db/gpu_models.tsv:{}: a family belongs to no family", line));
            family_lines.push_back({line, position, model.family});
        }
        // A GPU is chip GPU; an accelerator is some other kind of chip; a family is the chip of its
        // models (checked below), GPUs or TPUs.
        if (model.kind != "gpu" && !family && model.kind != "accelerator") {
            throw InputError(fmt::format("db/gpu_models.tsv:{}: kind '{}' is not gpu, family or accelerator", line, model.kind));
        }
        if (model.chip.empty() || (!family && (model.kind == "accelerator") == model.is_gpu())) {
            throw InputError(
                fmt::format("db/gpu_models.tsv:{}: chip '{}': a GPU is chip {}, an accelerator names its kind of chip "
                            "(TPU, NPU, ...), a family that of its models",
                            line, model.chip, GpuModel::gpu_chip));
        }
        const auto number = [&](std::string_view cell, std::string_view column) {
            int value = 0;
            const auto [end, error] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
            if (error != std::errc() || end != cell.data() + cell.size() || value < 1 || value > 64) {
                throw InputError(
                    fmt::format("db/gpu_models.tsv:{}: {} '{}' is not a number from 1 to 64", line, column, std::string(cell)));
            }
            return value;
        };
        if (family != model.package.empty()) {
            throw InputError(fmt::format("db/gpu_models.tsv:{}: a family has no package; every other model has one", line));
        }
        if (!family) model.gpus_per_package = number(row[4], "gpus_per_package");
        // parts: "gcd 2" -- the vendor's name for a part of one GPU, and how many it has.
        if (!row[5].empty()) {
            const auto space = row[5].find(' ');
            if (space == std::string_view::npos) {
                throw InputError(
                    fmt::format("db/gpu_models.tsv:{}: parts '{}' is NAME COUNT, e.g. 'gcd 2'", line, std::string(row[5])));
            }
            model.part = std::string(row[5].substr(0, space));
            model.parts_per_gpu = number(row[5].substr(space + 1), "parts");
        }
        models_.push_back(std::move(model));
        const std::string maker_prefix = model_key(row[1]);
        std::vector<std::string_view> names{row[0]};
        if (!row[6].empty()) {
            for (auto alias : text::split(row[6], ';')) names.push_back(alias);
        }
        spellings_.emplace_back();
        for (auto name : names) {
            spellings_.back().emplace_back(name);
            if (name.starts_with(row[1]) && name.size() > row[1].size() + 1) {
                spellings_.back().emplace_back(name.substr(row[1].size() + 1));
            }
            std::string key = model_key(name);
            index_.emplace(key, position);
            // Known with its maker and without: "NVIDIA H100" and "H100" are one model.
            index_.emplace(key.starts_with(maker_prefix) ? key.substr(maker_prefix.size()) : maker_prefix + key, position);
        }
    }
    check_families(models_, family_lines);
    parser_ = std::make_unique<AcceleratorNameParser>(models_, spellings_, NameWords::builtin());
}

const GpuCatalogue& GpuCatalogue::builtin() {
    static const GpuCatalogue catalogue(embedded::gpu_models_tsv);
    return catalogue;
}

std::vector<std::string> GpuCatalogue::spellings(const GpuModel& model) const {
    return spellings_.at(static_cast<std::size_t>(&model - models_.data()));
}

GpuCatalogue::~GpuCatalogue() = default;

AcceleratorName GpuCatalogue::recognise(std::string_view disclosed) const {
    {
        const std::lock_guard lock(readings_->mutex);
        if (const auto found = readings_->names.find(disclosed); found != readings_->names.end()) return found->second;
    }
    AcceleratorName name = read(disclosed);
    // A name longer than any the parser reads reads as none: not kept, so each kept one is short.
    if (disclosed.size() > max_accelerator_name_bytes) return name;
    const std::lock_guard lock(readings_->mutex);
    if (readings_->names.size() >= Readings::most) readings_->names.clear();
    readings_->names.emplace(std::string(disclosed), name);
    return name;
}

AcceleratorName GpuCatalogue::read(std::string_view disclosed) const {
    if (!readable_accelerator_name(disclosed)) return {};
    AcceleratorName name = parser_->parse(disclosed);
    // A catalogue name or a true alias is that entry as written, whatever its words: the Epoch AI
    // row "Cambricon MLU370-S4/S8" is one model.
    if (const GpuModel* exact = find_spelling(disclosed)) {
        name.reading = exact->kind == "family" ? NameReading::family : NameReading::model;
        name.model = exact;
        name.named.clear();
    }
    return name;
}

const GpuModel* GpuCatalogue::find(std::string_view disclosed) const {
    const auto named = [](const AcceleratorName& name) {
        return name.reading == NameReading::model || name.reading == NameReading::family ? name.model : nullptr;
    };
    {
        const std::lock_guard lock(readings_->mutex);
        if (const auto found = readings_->names.find(disclosed); found != readings_->names.end()) return named(found->second);
    }
    return named(recognise(disclosed));
}

const GpuModel* GpuCatalogue::find_spelling(std::string_view disclosed) const {
    if (disclosed.size() > max_accelerator_name_bytes) return nullptr;
    const auto found = index_.find(model_key(text::trim(disclosed)));
    return found == index_.end() ? nullptr : &models_[found->second];
}

CountryTable::CountryTable(std::string_view tsv) {
    for (const auto& row : read_tsv(tsv, 4, "db/countries.tsv")) {
        const std::size_t position = countries_.size();
        countries_.push_back({std::string(row[0]), std::string(row[2])});
        alpha2_index_.emplace(row[0], position);
        country_spellings_.emplace_back();
        std::vector<std::string_view> spellings{row[0], row[1], row[2]};
        if (!row[3].empty()) {
            for (auto alias : text::split(row[3], ';')) spellings.push_back(alias);
        }
        for (auto spelling : spellings) {
            country_spellings_[position].emplace_back(spelling);
            index_.emplace(text::lower_ascii(spelling), position);
            if (spelling.size() > 3) spellings_.emplace_back(spelling);
        }
    }
}

std::optional<GpuPerformance> gpu_performance(std::string_view disclosed) {
    static const std::map<std::string, GpuPerformance> table = [] {
        std::map<std::string, GpuPerformance> rows;
        for (const auto& row : read_tsv(embedded::gpu_performance_tsv, 3, "db/gpu_performance.tsv")) {
            rows[std::string(row[0])] = {std::stod(std::string(row[1])), std::string(row[2])};
        }
        return rows;
    }();
    const GpuModel* model = GpuCatalogue::builtin().find(disclosed);
    if (!model) return std::nullopt;
    const auto found = table.find(model->model);
    return found == table.end() ? std::nullopt : std::optional(found->second);
}

const CountryTable& CountryTable::builtin() {
    static const CountryTable table(embedded::countries_tsv);
    return table;
}

const Country* CountryTable::find(std::string_view text) const {
    const auto found = index_.find(text::lower_ascii(text::trim(text)));
    return found == index_.end() ? nullptr : &countries_[found->second];
}

const Country* CountryTable::by_code(std::string_view alpha2) const {
    const auto found = alpha2_index_.find(alpha2);
    return found == alpha2_index_.end() ? nullptr : &countries_[found->second];
}

std::vector<std::string> CountryTable::spellings(std::string_view alpha2) const {
    const auto found = alpha2_index_.find(alpha2);
    return found == alpha2_index_.end() ? std::vector<std::string>{} : country_spellings_[found->second];
}

std::string CountryTable::suggest(std::string_view text) const {
    const auto near = text::closest(text::trim(text), spellings_, 3);
    if (!near) return {};
    const Country* country = find(*near);
    return fmt::format("{} ({})", *near, country->alpha2);
}

}  // namespace gpuclusters::model
