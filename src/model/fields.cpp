#include "gpuclusters/model/fields.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/text.hpp"

namespace gpuclusters::model {
namespace {

constexpr std::array segment_choices{
    Choice{"big-tech", "Big tech"}, Choice{"ai-lab", "AI lab"},
    Choice{"cloud", "Cloud"},       Choice{"government-lab", "Government/lab"},
    Choice{"academic", "Academic"}, Choice{"enterprise", "Enterprise"},
    Choice{"other", "Other"},
};

constexpr std::array status_choices{
    Choice{"operational", "operational"},
    Choice{"partly operational", "partly operational"},
    Choice{"under construction", "under construction"},
    Choice{"announced", "announced"},
};

// The makers of the catalogue's GPUs (db/gpu_models.tsv, kind gpu).
constexpr std::array maker_choices{
    Choice{"NVIDIA", "NVIDIA"}, Choice{"AMD", "AMD"},
    Choice{"Intel", "Intel"},   Choice{"Biren", "Biren"},
    Choice{"Hygon", "Hygon"},   Choice{"Iluvatar CoreX", "Iluvatar CoreX"},
    Choice{"MetaX", "MetaX"},   Choice{"Moore Threads", "Moore Threads"},
};

using enum FieldType;

// Definitions follow the published record page (shared/seeds) word for word where it has one.
constexpr std::array<FieldSpec, 20> catalogue{{
    {"name", "Name", text, "Display name of the cluster.", false, true},
    {"summary", "Summary", text, "One line: what it is, and who describes it.", false, true},
    {"owner", "Owner / operator", text,
     "Organization that owns or operates the GPUs. Hosting and facility roles are listed under "
     "Partners.",
     true, true},
    {"segment", "Segment", enumeration,
     "Kind of operator: big tech, AI lab, cloud, government/lab, academic, enterprise or other.", false, false, segment_choices},
    {"gpu_maker", "GPU maker", gpu_maker,
     "NVIDIA, AMD, Intel or another GPU maker, taken from the GPU model (the catalogue in "
     "db/gpu_models.tsv); never set directly.",
     false, false, maker_choices, true},
    {"gpu_model", "GPU model", gpu_model,
     "Accelerator model or family as disclosed. A GH200 is one GPU on a superchip; an MI300A is an "
     "APU that contains a GPU.",
     true, false},
    {"gpu_model_canonical",
     "GPU model (catalogue)",
     text,
     "The catalogue's name for the GPU model as disclosed (db/gpu_models.tsv): every spelling of one "
     "model has one, so \"NVIDIA H100 SXM5 80GB\" and \"H100 PCIe\" are both NVIDIA H100. Taken from the GPU "
     "model, never set directly; unknown when the catalogue does not know the model.",
     false,
     false,
     {},
     true},
    {"gpus_installed", "GPUs installed", count,
     "Physical GPUs in the cluster, from the operator or a deterministic sum of disclosed quantities "
     "(nodes x GPUs per node). Planned counts, H100-equivalents and unaudited press totals are never "
     "counted here.",
     true, false},
    {"gpu_count_notes", "GPU count notes", text,
     "What the count covers (one partition, one site, a design limit), qualifiers and competing "
     "figures.",
     false, true},
    {"total_cores", "Total cores", count,
     "All the cores a list gives for the system, CPU and accelerator cores together (e.g. TOP500's "
     "Total Cores): a check on GPUs installed, which verify compares with it, never a GPU count.",
     false, false},
    {"city", "City", text, "City where the cluster sits. Not published when the operator does not name the site.", false, false},
    {"region", "Region", text, "Region, state or province where the cluster sits.", false, false},
    {"country", "Country", country, "Country where the cluster sits, as an ISO 3166-1 alpha-2 code.", false, false},
    {"power_mw", "Live power MW", decimal,
     "Power in service, in megawatts of IT load where the source says so. Basis `reported` for "
     "company figures; `estimate` with the estimator for estimates (e.g. Epoch AI satellite "
     "estimates).",
     false, false},
    {"status", "Status", enumeration,
     "operational = running and named as such by the operator or a primary source; partly "
     "operational = a phase is live and more is coming; under construction = building underway; "
     "announced = disclosed or contracted with no confirmed go-live.",
     true, false, status_choices},
    {"status_notes", "Status notes", text, "The source's wording on status, with the date.", false, true},
    {"interconnect", "Interconnect", text, "Cluster network fabric.", false, false},
    {"partners", "Partners", partners,
     "Organisations with hosting, facility and other roles, each as `Organisation (role)`, "
     "separated by `;`.",
     false, false},
    {"first_operational", "First operational", partial_date, "When the cluster first ran: YYYY, YYYY-MM or YYYY-MM-DD.", false,
     false},
    {"related", "Related clusters", related,
     "Other records of the same site or lineage, each as `cluster-id (relation)` with relation "
     "builds-upon, superseded-by or same-site, separated by `;`.",
     false, false},
}};

}  // namespace

std::span<const FieldSpec> field_catalogue() { return catalogue; }

const FieldSpec* find_field(std::string_view name) {
    const auto found = std::ranges::find(catalogue, name, &FieldSpec::name);
    return found == catalogue.end() ? nullptr : &*found;
}

const FieldSpec& require_field(std::string_view name) {
    if (const auto* field = find_field(name)) return *field;
    std::vector<std::string> names;
    for (const auto& field : catalogue) names.emplace_back(field.name);
    const auto suggestion = text::closest(name, names, 3);
    throw InputError(fmt::format("unknown field '{}'{}; `gpuclusters fields` lists them", name,
                                 suggestion ? fmt::format(" (did you mean '{}'?)", *suggestion) : ""));
}

std::string_view type_name(FieldType type) {
    constexpr std::string_view names[]{"text",    "enum",     "integer", "decimal",          "partial date",
                                       "country", "partners", "related", "text, catalogued", "enum"};
    static_assert(std::size(names) == static_cast<std::size_t>(gpu_maker) + 1);
    return names[static_cast<std::size_t>(type)];
}

}  // namespace gpuclusters::model
