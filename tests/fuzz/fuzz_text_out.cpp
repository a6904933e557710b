// libFuzzer: what reaches a terminal and what names a source. escaped_for_terminal leaves no
// byte that drives a terminal and is valid UTF-8 whatever it is given, and the EscapingBuffer
// writes the same however the text is split; a normalised URL is http(s) and normalises to
// itself.
#include <cstdint>
#include <sstream>
#include <string>

#include "gpuclusters/model/error.hpp"
#include "gpuclusters/model/record.hpp"
#include "gpuclusters/model/text.hpp"
#include "harness.hpp"
#include "render/escaping_buffer.hpp"

namespace gpuclusters::fuzz::text_out {

int test_one_input(const std::uint8_t* data, std::size_t size) {
    using namespace gpuclusters;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::string escaped = render::escaped_for_terminal(text);
    if (text::find_invalid_utf8(escaped) || text::find_terminal_control(escaped, true)) __builtin_trap();
    if (text.find('\xff') == std::string::npos) {
        std::ostringstream target;
        {
            render::EscapingBuffer buffer(target.rdbuf());
            std::ostream out(&buffer);
            // Split where the bytes say: a write per chunk, a flush between.
            std::size_t at = 0;
            while (at < text.size()) {
                const std::size_t length = 1 + static_cast<unsigned char>(text[at]) % 7;
                out << text.substr(at, length) << std::flush;
                at += length;
            }
        }
        if (target.str() != escaped) __builtin_trap();
    }
    try {
        const std::string url = model::normalise_source_url(text);
        if (!url.starts_with("http://") && !url.starts_with("https://")) __builtin_trap();
        if (model::normalise_source_url(url) != url) __builtin_trap();
    } catch (const InputError&) {
    }
    return 0;
}

[[maybe_unused]] const bool registered = register_harness("text_out", nullptr, test_one_input);

}  // namespace gpuclusters::fuzz::text_out
