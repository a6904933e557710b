#include <doctest/doctest.h>

#include "render/pager.hpp"

using namespace gpuclusters;

TEST_CASE("a pager that cannot be run is not started, says why, and leaves standard output alone") {
    render::Pager missing("gpuclusters-no-such-pager --flag");
    CHECK_FALSE(missing.started());
    CHECK(missing.failure() == "No such file or directory");
    CHECK(missing.finish().empty());
    render::Pager folder("/");  // run directly: exec says why it cannot
    CHECK_FALSE(folder.started());
    CHECK(folder.failure() == "Permission denied");
}
