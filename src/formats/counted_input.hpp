#pragma once
// A stream buffer that counts the bytes it takes from another, for the import's progress line.
#include <array>
#include <streambuf>

#include "formats/stream.hpp"

namespace gpuclusters::formats {

class CountedInput : public std::streambuf {
public:
    /// Reads from `source`, adding what it takes to `counter` (which may be null).
    CountedInput(std::streambuf& source, BytesRead* counter) : source_(source), counter_(counter) {}

protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        const std::streamsize got = source_.sgetn(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
        if (got <= 0) return traits_type::eof();
        if (counter_ != nullptr) counter_->fetch_add(static_cast<std::uint64_t>(got), std::memory_order_relaxed);
        setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
        return traits_type::to_int_type(*gptr());
    }

private:
    std::streambuf& source_;
    BytesRead* counter_;
    std::array<char, std::size_t{64} * 1024> buffer_{};
};

}  // namespace gpuclusters::formats
