// gpuclusters fields: the field catalogue, with types and the policy's definitions.
#include "commands/command.hpp"
#include "gpuclusters/model/fields.hpp"
#include "render/render.hpp"

namespace gpuclusters::commands {
namespace {

class FieldsCommand : public Command {
public:
    explicit FieldsCommand(CLI::App&) {}
    DbAccess access() const override { return DbAccess::none; }

    ExitCode run(Context& context) override {
        if (context.options.json) {
            render::Json list = render::Json::array();
            for (const auto& field : model::field_catalogue()) {
                render::Json entry{{"name", field.name},
                                   {"label", field.label},
                                   {"type", model::type_name(field.type)},
                                   {"required", field.required},
                                   {"definition", field.definition}};
                if (!field.choices.empty()) {
                    render::Json choices = render::Json::array();
                    for (const auto& choice : field.choices) choices.push_back(choice.stored);
                    entry["choices"] = std::move(choices);
                }
                list.push_back(std::move(entry));
            }
            render::print_json(context.out, list);
            return ExitCode::ok;
        }
        for (const auto& field : model::field_catalogue()) {
            context.out << context.style.bold(std::string(field.name)) << "  " << field.label << "  ("
                        << model::type_name(field.type) << (field.required ? ", required" : "") << ")\n";
            if (!field.choices.empty()) {
                std::string choices;
                for (const auto& choice : field.choices) choices += (choices.empty() ? "" : ", ") + std::string(choice.stored);
                context.out << "    one of: " << choices << "\n";
            }
            context.out << "    " << field.definition << "\n";
        }
        return ExitCode::ok;
    }
};

}  // namespace

std::unique_ptr<Command> make_fields(CLI::App& app) { return std::make_unique<FieldsCommand>(app); }

}  // namespace gpuclusters::commands
