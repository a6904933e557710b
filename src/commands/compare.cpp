// gpuclusters compare ID ID...            side by side, a row per field, the differing ones marked
// gpuclusters compare ID --as-of W [--to W] one record between two moments
// gpuclusters compare --against FILE|DB    the database against a snapshot or another database
// Exit 0 when equal, 1 when different, like diff(1).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <set>

#include "gpuclusters/ledger/change.hpp"
#include "commands/command.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "formats/stream.hpp"
#include "gpuclusters/model/catalogues.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

// One side of one field: what it reads, and the URLs that back it.
struct Cell {
    std::string display = "—";
    std::vector<std::string> sources;
    long long changeset = 0;
    bool operator==(const Cell& other) const { return display == other.display && sources == other.sources; }
};

Cell cell_of(const model::Record& record, std::string_view field) {
    Cell cell;
    const model::Claim* claim = record.preferred(field);
    if (!claim) return cell;
    cell.display = display_claim(claim);
    cell.changeset = claim->ranked_in;
    for (const auto& citation : claim->citations) {
        const std::string& url = record.sources.at(citation.source_id).url;
        if (std::find(cell.sources.begin(), cell.sources.end(), url) == cell.sources.end()) cell.sources.push_back(url);
    }
    std::sort(cell.sources.begin(), cell.sources.end());
    return cell;
}

// A snapshot record read from a file, as cells: its preferred values parsed like an import would.
std::map<std::string, Cell> cells_of(const formats::RecordDocument& document) {
    std::map<std::string, Cell> cells;
    for (const auto& input : document.record.fields) {
        if (input.action != model::FieldAction::set) continue;
        const auto* spec = model::find_field(input.field);
        if (!spec) continue;
        Cell cell;
        std::string model_value;
        if (input.not_published) {
            cell.display = "Not published";
        } else {
            try {
                const auto value = model::parse_field_value(*spec, input.raw_value);
                cell.display = model::display_value(*spec, value);
                model_value = value.value;
            } catch (const InputError&) {
                cell.display = input.raw_value;
            }
        }
        for (const auto& citation : input.citations) {
            const std::string url = model::understand_source_url(document.sources[citation.source].reference).url;
            if (std::find(cell.sources.begin(), cell.sources.end(), url) == cell.sources.end()) cell.sources.push_back(url);
        }
        std::sort(cell.sources.begin(), cell.sources.end());
        if (spec->type == model::FieldType::gpu_model && !model_value.empty()) {
            const std::string maker = model::derived_maker(model_value);
            if (!maker.empty()) cells["gpu_maker"] = {maker, cell.sources, 0};
        }
        cells[input.field] = std::move(cell);
    }
    return cells;
}

std::string source_list(const std::vector<std::string>& urls) {
    std::string text;
    for (const auto& url : urls) text += (text.empty() ? "" : ", ") + model::url_domain(url);
    return text.empty() ? "no source" : text;
}

class CompareCommand : public Command {
public:
    explicit CompareCommand(CLI::App& app) {
        app.add_option("ids", ids_, "two or more clusters side by side, or one with --as-of");
        app.add_option("--fields", fields_, "only these fields (comma-separated)")->delimiter(',');
        app.add_option("--as-of", as_of_, "with one id: the record at this changeset, date or timestamp ...");
        app.add_option("--to", to_, "... compared with the record at this one (default: now)");
        app.add_option("--against", against_, "compare the database with a snapshot (any export format) or another database");
        app.add_option("--format", format_, "the snapshot's format when its name does not say");
        app.add_flag("--no-derived", no_derived_, "leave out the derived H100-equivalent row");
    }
    DbAccess access() const override { return DbAccess::open; }

    ExitCode run(Context& context) override {
        for (const auto& field : fields_) model::require_field(field);
        if (!against_.empty()) {
            if (!ids_.empty() || !as_of_.empty()) throw UsageError("--against compares whole databases: no ids, no --as-of");
            return against(context);
        }
        if (!as_of_.empty() || !to_.empty()) {
            if (ids_.size() != 1) throw UsageError("--as-of and --to compare one cluster with itself: give one id");
            if (as_of_.empty()) throw UsageError("--to needs --as-of");
            return over_time(context);
        }
        if (ids_.size() < 2) throw UsageError("compare needs two or more ids, one id with --as-of, or --against");
        return side_by_side(context);
    }

private:
    bool wanted(std::string_view field) const {
        return fields_.empty() || std::find(fields_.begin(), fields_.end(), field) != fields_.end();
    }

    model::Record load(Context& context, const std::string& raw, std::optional<long long> as_of = std::nullopt) const {
        const std::string id = model::parse_cluster_id(raw);
        auto record = context.store->load_record(id, as_of);
        if (!record) {
            throw InputError(fmt::format("no cluster '{}'{} (`gpuclusters list` shows the ids)", id,
                                         as_of ? fmt::format(" as of changeset {}", *as_of) : ""));
        }
        return *record;
    }

    // H100-equivalent compute: GPUs x dense BF16 per GPU / an H100's. A derived figure, never a count.
    std::optional<std::pair<std::string, std::string>> derived(const model::Record& record) const {
        const model::Claim* count = record.preferred("gpus_installed");
        const model::Claim* gpu = record.preferred("gpu_model");
        if (!count || !gpu || count->state != model::ClaimState::set || gpu->state != model::ClaimState::set) return std::nullopt;
        const auto performance = model::gpu_performance(gpu->value.value);
        const auto h100 = model::gpu_performance("NVIDIA H100");
        if (!performance || !h100) return std::nullopt;
        const double equivalents = std::stod(count->value.value) * performance->bf16_dense_tflops / h100->bf16_dense_tflops;
        return std::pair{fmt::format("{} H100e", text::group_thousands(std::llround(equivalents))),
                         fmt::format("{} x {} / {} TFLOP/s (Epoch AI: {})", text::group_thousands(std::stoll(count->value.value)),
                                     performance->bf16_dense_tflops, h100->bf16_dense_tflops, performance->source_row)};
    }

    ExitCode side_by_side(Context& context) {
        std::vector<model::Record> records;
        std::set<std::string> seen;
        for (const auto& id : ids_) {
            records.push_back(load(context, id));
            if (!seen.insert(records.back().id).second) throw UsageError(fmt::format("{} is named twice", records.back().id));
        }
        std::vector<std::map<long long, std::size_t>> numbers;
        for (const auto& record : records) {
            std::map<long long, std::size_t> number_of;
            for (long long id : record.source_order(false)) number_of.emplace(id, number_of.size() + 1);
            numbers.push_back(std::move(number_of));
        }
        auto shown = [&](std::size_t i, const model::Claim* claim) {
            if (!claim) return std::string("—");
            std::set<std::size_t> cited;
            for (const auto& citation : claim->citations) cited.insert(numbers[i].at(citation.source_id));
            std::string refs;
            for (std::size_t n : cited) refs += (refs.empty() ? "" : ",") + std::to_string(n);
            return display_claim(claim) + (refs.empty() ? "" : " [" + refs + "]");
        };
        bool differs_anywhere = false;
        std::vector<std::vector<std::string>> rows;
        render::Json fields = render::Json::array();
        for (const auto& spec : model::field_catalogue()) {
            if (!wanted(spec.name)) continue;
            std::vector<std::string> cells;
            std::set<std::string> displays;
            render::Json values = render::Json::object();
            for (std::size_t i = 0; i < records.size(); ++i) {
                const model::Claim* claim = records[i].preferred(spec.name);
                cells.push_back(shown(i, claim));
                displays.insert(display_claim(claim));
                render::Json sources = render::Json::array();
                if (claim) {
                    std::set<std::size_t> cited;
                    for (const auto& citation : claim->citations) cited.insert(numbers[i].at(citation.source_id));
                    for (std::size_t n : cited) sources.push_back(n);
                }
                values[records[i].id] = {{"display", display_claim(claim)}, {"sources", std::move(sources)}};
            }
            const bool differs = displays.size() > 1;
            differs_anywhere = differs_anywhere || differs;
            std::vector<std::string> row{differs ? "*" : "", std::string(spec.name)};
            for (auto& cell : cells) {
                if (cell.size() <= 60) {
                    row.push_back(cell);
                    continue;
                }
                std::size_t cut = cell.find_last_of(' ', 58);
                if (cut == std::string::npos || cut == 0) cut = 58;
                while (cut > 0 && (static_cast<unsigned char>(cell[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
                row.push_back(cell.substr(0, cut) + " …");
            }
            rows.push_back(std::move(row));
            fields.push_back({{"field", spec.name}, {"differs", differs}, {"values", std::move(values)}});
        }
        render::Json derived_json = nullptr;
        if (!no_derived_) {
            std::vector<std::string> row{"", "H100e (derived)"};
            render::Json values = render::Json::object();
            bool any = false;
            for (const auto& record : records) {
                const auto figure = derived(record);
                any = any || figure.has_value();
                row.push_back(figure ? figure->first : "—");
                values[record.id] = figure ? render::Json{{"display", figure->first}, {"derivation", figure->second}} : render::Json(nullptr);
            }
            if (any) {
                rows.push_back(std::move(row));
                derived_json = {{"label", "H100-equivalent compute: derived, not a count of GPUs"},
                                {"source", performance_source()}, {"values", std::move(values)}};
            }
        }
        if (context.options.json) {
            render::Json sources = render::Json::object();
            for (std::size_t i = 0; i < records.size(); ++i) {
                render::Json list = render::Json::array();
                for (long long id : records[i].source_order(false)) {
                    list.push_back({{"number", numbers[i].at(id)}, {"url", records[i].sources.at(id).url}});
                }
                sources[records[i].id] = std::move(list);
            }
            render::Json ids = render::Json::array();
            for (const auto& record : records) ids.push_back(record.id);
            render::print_json(context.out, {{"clusters", ids}, {"fields", fields}, {"derived", derived_json}, {"sources", sources}});
            return differs_anywhere ? ExitCode::differences : ExitCode::ok;
        }
        std::vector<std::string> header{"", "FIELD"};
        for (const auto& record : records) header.push_back(record.id);
        render::print_table(context.out, context.style, header, rows);
        if (derived_json != nullptr) {
            context.out << context.style.dim(fmt::format("H100e: derived, not a count of GPUs: GPUs x dense BF16 per GPU / an "
                                                         "H100's, figures from {}",
                                                         model::performance_source_url))
                        << "\n";
        }
        for (std::size_t i = 0; i < records.size(); ++i) {
            context.out << "\n" << context.style.heading(fmt::format("Sources of {}", records[i].id)) << "\n";
            for (long long id : records[i].source_order(false)) {
                const auto& source = records[i].sources.at(id);
                context.out << fmt::format("  {:>2}. {}  {}  accessed {}\n      {}\n", numbers[i].at(id), model::url_domain(source.url),
                                           source.meta.kind, source.meta.accessed.empty() ? "—" : source.meta.accessed, source.url);
            }
        }
        return differs_anywhere ? ExitCode::differences : ExitCode::ok;
    }

    static std::string performance_source() { return std::string(model::performance_source_url); }

    ExitCode over_time(Context& context) {
        auto& store = *context.store;
        const auto from = ledger::resolve_as_of(store, as_of_);
        const auto to = ledger::resolve_as_of(store, to_, "--to");
        const std::string id = model::parse_cluster_id(ids_.front());
        const auto before = store.load_record(id, from);
        const auto after = store.load_record(id, to);
        if (!before && !after) throw InputError(fmt::format("no cluster '{}' at either moment", id));
        render::Json changes = render::Json::array();
        bool differs = false;
        for (const auto& spec : model::field_catalogue()) {
            if (!wanted(spec.name)) continue;
            const Cell left = before ? cell_of(*before, spec.name) : Cell{};
            const Cell right = after ? cell_of(*after, spec.name) : Cell{};
            if (left == right) continue;
            differs = true;
            if (context.options.json) {
                changes.push_back({{"cluster", id}, {"field", spec.name}, {"left", left.display}, {"right", right.display},
                                   {"left_sources", left.sources}, {"right_sources", right.sources},
                                   {"left_changeset", left.changeset ? render::Json(left.changeset) : render::Json(nullptr)},
                                   {"right_changeset", right.changeset ? render::Json(right.changeset) : render::Json(nullptr)}});
                continue;
            }
            context.out << spec.name << ": " << context.style.removed(left.display) << " -> " << context.style.added(right.display) << "\n";
            auto side = [&](const char* label, const Cell& cell) {
                context.out << "    " << label << ": "
                            << (cell.changeset ? fmt::format("changeset {}, ", cell.changeset) : std::string())
                            << source_list(cell.sources) << "\n";
            };
            side("was", left);
            side("now", right);
        }
        if (context.options.json) {
            render::print_json(context.out, {{"cluster", id},
                                             {"from", from ? render::Json(*from) : render::Json(nullptr)},
                                             {"to", to ? render::Json(*to) : render::Json(nullptr)},
                                             {"changes", std::move(changes)}});
        } else if (!differs) {
            context.out << "no difference\n";
        }
        return differs ? ExitCode::differences : ExitCode::ok;
    }

    ExitCode against(Context& context) {
        // The snapshot side, by id: a database is read record by record, a file through its reader.
        std::map<std::string, std::map<std::string, Cell>> theirs;
        std::vector<std::string> problems;
        std::ifstream probe(against_, std::ios::binary);
        char header[16] = {};
        probe.read(header, sizeof header);
        if (probe.gcount() == 16 && std::string_view(header, 16) == std::string_view("SQLite format 3\0", 16)) {
            const auto other = store::Store::open(against_);
            other.for_each_record(std::nullopt, [&](model::Record& record) {
                auto& cells = theirs[record.id];
                for (const auto& spec : model::field_catalogue()) {
                    if (record.preferred(spec.name)) cells[std::string(spec.name)] = cell_of(record, spec.name);
                }
            });
        } else {
            std::error_code missing;
            if (against_ != "-" && !std::filesystem::exists(against_, missing)) {
                throw InputError(fmt::format("--against {}: no such file", against_));
            }
            std::optional<formats::Format> format;
            if (!format_.empty()) format = formats::format_from(format_);
            if (!format) format = formats::format_of_path(against_);
            if (!format) throw UsageError(fmt::format("--against {}: say which format it is with --format", against_));
            formats::read_records(against_, *format,
                                  {[&](formats::RecordDocument& document) { theirs[document.record.cluster_id] = cells_of(document); },
                                   [&](const std::string& problem) { problems.push_back(problem); }});
            if (!problems.empty()) throw InputError(fmt::format("--against: {}", problems.front()));
        }

        render::Json differences = render::Json::array();
        std::vector<std::string> only_here;
        bool differs = false;
        context.store->for_each_record(std::nullopt, [&](model::Record& record) {
            const auto found = theirs.find(record.id);
            if (found == theirs.end()) {
                only_here.push_back(record.id);
                return;
            }
            for (const auto& spec : model::field_catalogue()) {
                if (!wanted(spec.name)) continue;
                const Cell mine = record.preferred(spec.name) ? cell_of(record, spec.name) : Cell{};
                const auto other = found->second.find(std::string(spec.name));
                const Cell their = other == found->second.end() ? Cell{} : other->second;
                if (mine == their) continue;
                differs = true;
                differences.push_back({{"cluster", record.id}, {"field", spec.name}, {"left", mine.display}, {"right", their.display},
                                       {"left_sources", mine.sources}, {"right_sources", their.sources}});
            }
            theirs.erase(found);
        });
        std::vector<std::string> only_there;
        only_there.reserve(theirs.size());
        for (const auto& [id, cells] : theirs) only_there.push_back(id);
        differs = differs || !only_here.empty() || !only_there.empty();
        if (context.options.json) {
            render::print_json(context.out, {{"against", against_}, {"only_in_database", only_here}, {"only_in_snapshot", only_there},
                                             {"differences", std::move(differences)}});
            return differs ? ExitCode::differences : ExitCode::ok;
        }
        for (const auto& id : only_here) context.out << "only in the database: " << id << "\n";
        for (const auto& id : only_there) context.out << "only in " << against_ << ": " << id << "\n";
        for (const auto& difference : differences) {
            context.out << difference["cluster"].get<std::string>() << " " << difference["field"].get<std::string>() << ": "
                        << context.style.removed(difference["left"].get<std::string>()) << " -> "
                        << context.style.added(difference["right"].get<std::string>()) << "\n"
                        << "    here: " << source_list(difference["left_sources"].get<std::vector<std::string>>()) << "\n"
                        << "    there: " << source_list(difference["right_sources"].get<std::vector<std::string>>()) << "\n";
        }
        if (!differs) context.out << "no difference\n";
        return differs ? ExitCode::differences : ExitCode::ok;
    }

    std::vector<std::string> ids_;
    std::vector<std::string> fields_;
    std::string as_of_;
    std::string to_;
    std::string against_;
    std::string format_;
    bool no_derived_ = false;
};

}  // namespace

std::unique_ptr<Command> make_compare(CLI::App& app) { return std::make_unique<CompareCommand>(app); }

}  // namespace gpuclusters::commands
