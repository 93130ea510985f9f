// The two printers of one result: text (one block per finding, as a compiler's diagnostics)
// and JSON.
#pragma once

#include "hot_places.h"
#include "scan.h"

#include <string>

namespace hotline::advise {

std::string format_text(const HotPlaces &places, const ScanResult &result);
std::string format_json(const HotPlaces &places, const ScanResult &result);

} // namespace hotline::advise
