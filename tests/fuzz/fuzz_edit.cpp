// libFuzzer: edit's TOML round trip. The input's first lines are the values of a record's text
// fields and of a competing figure, then a count and a power in the input syntax (typed in the
// editor's format 2 text: a number and its qualifiers); the record goes to the text the editor
// opens and back, and every value must come back as it was. The whole input is also read as an edited file, which
// must end in a record or an InputError naming its place.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "formats/record_edit.hpp"
#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/fields.hpp"
#include "gpuclusters/model/text.hpp"
#include "gpuclusters/model/values.hpp"
#include "harness.hpp"

namespace gpuclusters::fuzz::edit {

namespace {

using namespace gpuclusters;

// The field inputs of a document, as field and raw value, in order.
std::vector<std::pair<std::string, std::string>> values_of(const model::RecordDocument& document) {
    std::vector<std::pair<std::string, std::string>> values;
    for (const auto& field : document.record.fields) values.emplace_back(field.field, field.raw_value);
    return values;
}

}  // namespace

int test_one_input(const std::uint8_t* data, std::size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    try {
        (void)formats::read_edited_record(input, "acme-one", "edit.toml");
    } catch (const InputError&) {
    }

    std::vector<std::string> lines;
    for (std::size_t from = 0; from <= input.size() && lines.size() < 7;) {
        const auto end = input.find('\n', from);
        lines.push_back(input.substr(from, end == std::string::npos ? std::string::npos : end - from));
        if (end == std::string::npos) break;
        from = end + 1;
    }
    model::Record record{"acme-one", 1, {}, {}};
    record.sources.emplace(1, model::Source{1, "https://example.org/a", {.kind = "operator"}});
    const char* fields[] = {"name", "owner", "summary", "gpu_count_notes", "owner", "gpus_installed", "power_mw"};
    std::vector<std::pair<std::string, std::string>> expected;
    std::vector<std::pair<std::string, model::FieldValue>> typed;
    for (std::size_t i = 5; i < lines.size(); ++i) {
        const auto& spec = model::require_field(fields[i]);
        model::FieldValue value;
        try {
            value = model::parse_field_value(spec, lines[i]);
        } catch (const InputError&) {
            continue;
        }
        record.claims.push_back({static_cast<long long>(i + 1),
                                 fields[i],
                                 model::ClaimState::set,
                                 value,
                                 model::Rank::preferred,
                                 1,
                                 1,
                                 {{static_cast<long long>(i + 1), 1, "", "quoted", 1}}});
        typed.emplace_back(fields[i], value);
    }
    for (std::size_t i = 0; i < lines.size() && i < 5; ++i) {
        const std::string& value = lines[i];
        // What the store could hold: valid UTF-8 without the controls a write refuses, not blank.
        if (value.empty() || text::find_invalid_utf8(value) || text::find_terminal_control(value, false) ||
            text::trim(value).empty() || text::trim(value) != value) {
            continue;
        }
        const bool competing = i == 4;
        if (competing && expected.end() == std::find_if(expected.begin(), expected.end(),
                                                        [](const auto& pair) { return pair.first == "owner"; }))
            continue;
        model::Claim claim{static_cast<long long>(i + 1),
                           fields[i],
                           model::ClaimState::set,
                           {value, {}},
                           competing ? model::Rank::normal : model::Rank::preferred,
                           1,
                           1,
                           {{static_cast<long long>(i + 1), 1, "", "quoted", 1}}};
        record.claims.push_back(claim);
        expected.emplace_back(fields[i], value);
    }
    const std::string text = formats::editable_text(record);
    model::RecordDocument back;
    try {
        back = formats::read_edited_record(text, "acme-one", "edit.toml");
    } catch (const InputError& error) {
        std::fprintf(stderr, "the editor's text of a valid record does not read back: %s\n%s\n", error.what(), text.c_str());
        std::abort();
    }
    for (const auto& pair : typed) {
        // Named, not bound: clang 14 cannot capture a structured binding in a lambda.
        const std::string& field = pair.first;
        const model::FieldValue& value = pair.second;
        const auto found = std::find_if(back.record.fields.begin(), back.record.fields.end(),
                                        [&field](const model::FieldInput& input) { return input.field == field; });
        if (found == back.record.fields.end() ||
            model::parse_field_value(model::require_field(field), found->raw_value) != value) {
            std::fprintf(stderr, "%s '%s' did not come back from:\n%s\n", field.c_str(), value.value.c_str(), text.c_str());
            std::abort();
        }
    }
    const auto got = values_of(back);
    for (const auto& pair : expected) {
        if (std::find(got.begin(), got.end(), pair) == got.end()) {
            std::fprintf(stderr, "%s '%s' did not come back from:\n%s\n", pair.first.c_str(), pair.second.c_str(), text.c_str());
            std::abort();
        }
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("edit", nullptr, test_one_input);

}  // namespace gpuclusters::fuzz::edit
