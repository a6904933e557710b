#pragma once
// What every TOML reader of the project shares: parsing with errors that name file:line:column.
#include <string>
#include <string_view>
#include <toml++/toml.h>
#include <vector>

namespace gpuclusters::formats {

/// "file:line:column" of a node.
std::string toml_place(const std::string& file, const toml::node& node);

/// Throws InputError "file:line:column: what".
[[noreturn]] void toml_fail(const std::string& file, const toml::node& node, const std::string& what);

/// What a node holds as toml++'s as<T>() gives it (T: toml::table, toml::array, std::string, ...);
/// else toml_fail(file, node, what).
template <typename T>
const auto& node_as(const std::string& file, const toml::node& node, const std::string& what) {
    const auto* value = node.template as<T>();
    if (!value) toml_fail(file, node, what);
    return *value;
}

/// The table a node holds; else toml_fail "NAME must be a table".
const toml::table& table_of(const std::string& file, const toml::node& node, std::string_view name);

/// Parses a document, refusing invalid UTF-8; a syntax error becomes an InputError with its place.
toml::table parse_toml(std::string_view content, const std::string& file);

/// The text of a parsed document, for what toml++ does not keep: it holds a float as a double
/// only, so a reader that must know the digits as written looks them up here.
class TomlSource {
public:
    /// `content` is the valid UTF-8 that was parsed; it must outlive this.
    explicit TomlSource(std::string_view content);
    /// The digits of a number node as written, without its underscores or a leading '+':
    /// "0.3270", "1e-05", "-3.5".
    std::string number_token(const toml::node& node) const;

private:
    std::string_view content_;
    std::vector<std::size_t> line_starts_;  ///< byte offset of each line
};

}  // namespace gpuclusters::formats
