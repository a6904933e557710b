#pragma once
// Files of db/ compiled into the binary (see cmake/embed.cmake).
#include <string_view>
#include <vector>

namespace gpuclusters::embedded {

struct EmbeddedFile {
    std::string_view name;
    std::string_view content;
};

extern const std::string_view schema_sql;
extern const std::string_view gpu_models_tsv;
extern const std::string_view gpu_name_words_tsv;
extern const std::string_view countries_tsv;
extern const std::string_view rules_toml;
extern const std::string_view rule_catalogue_toml;
extern const std::string_view gpu_performance_tsv;
/// db/sample/verified.txt: the sample records that carry the Verified badge.
extern const std::string_view sample_verified_txt;
/// db/completion/: the completion scripts' drivers, which render/ writes after their tables.
extern const std::string_view completion_common_sh;
extern const std::string_view completion_bash;
extern const std::string_view completion_zsh;
extern const std::string_view completion_fish;
/// db/sample/*.toml, sorted by file name.
extern const std::vector<EmbeddedFile> samples;
/// db/migrations/NNNN-*.sql, sorted: file NNNN brings a database to schema version NNNN.
extern const std::vector<EmbeddedFile> migrations;
/// db/site/*: the default templates and style sheet of `gpuclusters site`, sorted by file name.
extern const std::vector<EmbeddedFile> site_templates;

}  // namespace gpuclusters::embedded
