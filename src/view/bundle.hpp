// The viewer script (three.js + genokit's page code, bundled and minified at build time), embedded
// in the library by a generated source (cmake/GenokitViewer.cmake). Empty when genokit was built
// without it.
#pragma once

#include <string_view>

namespace genokit::view::detail {
std::string_view bundle();
}
