#include "gpuclusters/ledger/completion.hpp"

#include <string>

#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/rules/rules.hpp"

namespace gpuclusters::ledger {

std::vector<std::string> completion_candidates(const store::Store* store, CompletionKind kind, std::string_view prefix) {
    std::vector<std::string> words;
    auto offer = [&](std::string_view word) {
        if (word.starts_with(prefix)) words.emplace_back(word);
    };
    switch (kind) {
        case CompletionKind::fields:
            for (const auto& field : model::field_catalogue()) offer(field.name);
            break;
        case CompletionKind::rules:
            for (const auto& rule : rules::rule_catalogue()) offer(rule.id);
            break;
        case CompletionKind::ids:
            if (store == nullptr) break;
            for (const auto& id : store->cluster_ids(std::nullopt, std::string(prefix))) {
                // A row written by another program may break the grammar; such an id is not offered.
                if (!model::stored_cluster_id_problem(id)) words.push_back(id);
            }
            break;
        case CompletionKind::sources:
            if (store == nullptr) break;
            store->each_source("", [&](const model::SourceUse& use) { offer(std::to_string(use.source.id)); });
            break;
    }
    return words;
}

}  // namespace gpuclusters::ledger
