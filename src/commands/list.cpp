// gpuclusters list [--where FIELD=VALUE]... [--search TEXT] [--sort FIELD]: a table of clusters.
#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <set>

#include "commands/command.hpp"
#include "gpuclusters/ledger/history.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

const std::vector<std::string> columns{"name", "owner", "gpu_model", "gpus_installed", "status"};

struct Filter {
    const model::FieldSpec* field;
    std::string value;  ///< canonical
};

// Words of the search, each quoted, so FTS5 syntax in the user's text is matched literally.
std::string fts_query(const std::string& search) {
    std::string query;
    std::string word;
    auto flush = [&] {
        if (word.empty()) return;
        std::string quoted = "\"";
        for (char c : word) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
        query += (query.empty() ? "" : " ") + quoted + "\"";
        word.clear();
    };
    for (char c : search) {
        if (c == ' ' || c == '\t') {
            flush();
        } else {
            word += c;
        }
    }
    flush();
    return query;
}

class ListCommand : public Command {
public:
    explicit ListCommand(CLI::App& app) {
        app.add_option("--where", where_, "only clusters whose FIELD equals VALUE (repeatable; all must hold)")
            ->allow_extra_args(false);
        app.add_option("--search", search_, "full-text search over names, owners, summaries and notes");
        app.add_option("--sort", sort_, "sort by FIELD (default: id)");
        app.add_flag("--reverse", reverse_, "reverse the order");
        app.add_option("--as-of", as_of_, "the clusters as of a changeset number, date or timestamp");
        app.add_option("--verified", verified_, "only clusters whose Verified badge is: yes (current), stale, or no")
            ->check(CLI::IsMember({"yes", "stale", "no"}));
    }
    DbAccess access() const override { return DbAccess::open; }

    ExitCode run(Context& context) override {
        std::vector<Filter> filters;
        for (const auto& condition : where_) {
            const auto equals = condition.find('=');
            if (equals == std::string::npos) throw UsageError(fmt::format("--where '{}': expected FIELD=VALUE", condition));
            try {
                const auto& field = model::require_field(condition.substr(0, equals));
                filters.push_back({&field, model::parse_field_value(field, condition.substr(equals + 1)).value});
            } catch (const InputError& error) {
                throw InputError(fmt::format("--where {}: {}", condition.substr(0, equals), error.what()));
            }
        }
        const auto as_of = ledger::resolve_as_of(*context.store, as_of_);
        if (as_of && !search_.empty()) {
            throw UsageError("--search reads the current index and cannot be combined with --as-of");
        }
        const model::FieldSpec* sort_field = sort_.empty() || sort_ == "id" ? nullptr : &model::require_field(sort_);
        if (const auto bad = text::find_invalid_utf8(search_)) throw InputError(fmt::format("--search: invalid UTF-8 at byte {}", *bad));

        std::set<std::string> wanted(columns.begin(), columns.end());
        for (const auto& filter : filters) wanted.insert(std::string(filter.field->name));
        if (sort_field) wanted.insert(std::string(sort_field->name));
        std::map<std::string, std::map<std::string, store::FieldRow>> values;
        for (auto& row : context.store->preferred_fields({wanted.begin(), wanted.end()}, as_of)) {
            values[row.cluster_id][row.field] = row;
        }

        std::vector<std::string> ids = context.store->cluster_ids(as_of);
        if (!search_.empty()) {
            const std::string query = fts_query(search_);
            std::set<std::string> found;
            if (!query.empty()) {
                for (auto& id : context.store->search(query)) found.insert(id);
            }
            std::erase_if(ids, [&](const std::string& id) { return !found.contains(id); });
        }
        std::erase_if(ids, [&](const std::string& id) {
            for (const auto& filter : filters) {
                const auto* row = find(values, id, filter.field->name);
                if (!row || row->state != model::ClaimState::set) return true;
                if (!model::value_matches(*filter.field, row->value, filter.value)) return true;
            }
            return false;
        });
        if (!verified_.empty()) {
            const auto signed_in = context.store->verifications(as_of);
            const auto changed_in = context.store->last_changes(as_of);
            std::erase_if(ids, [&](const std::string& id) {
                const auto badge = signed_in.find(id);
                std::string state = "no";
                if (badge != signed_in.end()) {
                    const auto change = changed_in.find(id);
                    state = change != changed_in.end() && change->second > badge->second ? "stale" : "yes";
                }
                return state != verified_;
            });
        }
        if (sort_field) {
            const bool numeric = sort_field->type == model::FieldType::count || sort_field->type == model::FieldType::decimal;
            std::stable_sort(ids.begin(), ids.end(), [&](const std::string& a, const std::string& b) {
                const auto* left = find(values, a, sort_field->name);
                const auto* right = find(values, b, sort_field->name);
                if (left && left->state != model::ClaimState::set) left = nullptr;
                if (right && right->state != model::ClaimState::set) right = nullptr;
                if (!left || !right) return left != nullptr;  // unknown and not published last
                if (numeric) return std::stod(left->value.value) < std::stod(right->value.value);
                return text::lower_ascii(left->value.value) < text::lower_ascii(right->value.value);
            });
        }
        if (reverse_) std::reverse(ids.begin(), ids.end());

        if (context.options.json) {
            render::Json list = render::Json::array();
            for (const auto& id : ids) {
                render::Json entry{{"id", id}};
                for (const auto& column : columns) {
                    const auto* row = find(values, id, column);
                    entry[column] = row && row->state == model::ClaimState::set
                                        ? render::typed_value(*model::find_field(column), row->value)
                                        : render::Json(nullptr);
                }
                list.push_back(std::move(entry));
            }
            render::print_json(context.out, list);
            return ExitCode::ok;
        }
        std::vector<std::vector<std::string>> rows;
        for (const auto& id : ids) {
            std::vector<std::string> row{id};
            for (const auto& column : columns) {
                const auto* value = find(values, id, column);
                const auto& spec = *model::find_field(column);
                std::string shown = !value ? "—"
                                    : value->state == model::ClaimState::not_published ? "not published"
                                                                                      : model::display_value(spec, value->value);
                if (spec.type == model::FieldType::count && value && value->state == model::ClaimState::set) {
                    shown = text::group_thousands(std::stoll(value->value.value));
                }
                row.push_back(shown);
            }
            rows.push_back(std::move(row));
        }
        render::print_table(context.out, context.style, {"ID", "NAME", "OWNER", "GPU MODEL", "GPUS", "STATUS"}, rows);
        return ExitCode::ok;
    }

private:
    static const store::FieldRow* find(const std::map<std::string, std::map<std::string, store::FieldRow>>& values,
                                       const std::string& id, std::string_view field) {
        const auto cluster = values.find(id);
        if (cluster == values.end()) return nullptr;
        const auto row = cluster->second.find(std::string(field));
        return row == cluster->second.end() ? nullptr : &row->second;
    }

    std::vector<std::string> where_;
    std::string search_;
    std::string sort_;
    bool reverse_ = false;
    std::string as_of_;
    std::string verified_;
};

}  // namespace

std::unique_ptr<Command> make_list(CLI::App& app) { return std::make_unique<ListCommand>(app); }

}  // namespace gpuclusters::commands
