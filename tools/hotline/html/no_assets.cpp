// The HTML report's assets when hotline was built without npm: there are none.
#include "html/assets.h"

namespace hotline::html {

bool assets_built() { return false; }

std::string asset(std::string_view) { return {}; }

} // namespace hotline::html
