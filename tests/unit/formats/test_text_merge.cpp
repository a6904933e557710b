#include <doctest/doctest.h>

#include "formats/text_merge.hpp"

using namespace gpuclusters;

TEST_CASE("text merge: changes to different lines merge cleanly") {
    const auto merged = formats::merge_text("a\nb\nc\n", "A\nb\nc\n", "a\nb\nC\n", 7);
    CHECK(merged.clean);
    CHECK(merged.text == "A\nb\nC\n");
}

TEST_CASE("text merge: one line changed two ways is marked as git marks it") {
    const auto merged = formats::merge_text("a\nb\nc\n", "a\nours\nc\n", "a\ntheirs\nc\n", 7);
    CHECK_FALSE(merged.clean);
    CHECK(merged.text == "a\n<<<<<<< ours\nours\n=======\ntheirs\n>>>>>>> theirs\nc\n");
    // git passes %L, the marker size of the file's attributes.
    CHECK(formats::merge_text("b\n", "x\n", "y\n", 9).text.starts_with("<<<<<<<<< ours\n"));
}
