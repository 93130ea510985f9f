// The HTML report's assets, compiled into hotline: the page template, its
// script and style, and the libraries it inlines (d3, d3-flame-graph), which
// CMake installs with `npm ci` and embed.js turns into C++ (docs/html-report.md).
#pragma once

#include <string>
#include <string_view>

namespace hotline::html {

// False when hotline was built without npm: `hotline html` then says so.
bool assets_built();

// The text of the asset named like its file ("report.js", "d3.min.js"); "" for
// an unknown name or when the assets were not built.
std::string asset(std::string_view name);

} // namespace hotline::html
