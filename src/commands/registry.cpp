#include <array>

#include "commands/command.hpp"

namespace gpuclusters::commands {

std::span<const CommandInfo> command_registry() {
    static constexpr std::array commands{
        CommandInfo{"init", "create a database (and load the bundled sample)", make_init},
        CommandInfo{"add", "create a cluster or set its fields, with the source behind them", make_add},
        CommandInfo{"show", "print a cluster's record page: values, source numbers, sources", make_show},
        CommandInfo{"list", "a table of clusters, filtered, searched and sorted", make_list},
        CommandInfo{"fields", "the field catalogue with each field's type and definition", make_fields},
    };
    return commands;
}

}  // namespace gpuclusters::commands
