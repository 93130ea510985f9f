// Shares in percent, the one way every table and rule computes them.
#pragma once

namespace hotline::analysis {

// `part` as a percentage of `whole`; 0 when the whole is empty.
inline double percent_of(double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0; }

} // namespace hotline::analysis
