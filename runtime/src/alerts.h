// HOTLINE_ALERT: rules on a running program's figures (a region's or a function's share of the
// run, the heap in use), checked by the live thread at each interval; a rule that is crossed
// prints one line on stderr, and again only after its figure stayed below for
// kAlertRearmSnapshots snapshots in a row and crossed again.
#pragma once

#include <stdint.h>

namespace hotline::rt {

constexpr uint32_t kMaxAlertRules = 16;
// A snapshot reads running threads without stopping them: a call that ends while one is taken
// can be missed by it (out of the open calls, not yet in the ended ones), which on a loaded
// machine dropped a function's share by a whole call for one snapshot. One low snapshot does
// not re-arm a rule; this many in a row do.
constexpr uint32_t kAlertRearmSnapshots = 3;
constexpr uint32_t kMaxAlertNameBytes = 256;

enum class AlertKind : uint8_t { Region, Function, Heap };

struct AlertRule {
  AlertKind kind;
  bool above;                         // crossed, and not yet back below for long
  uint32_t snapshots_below;           // in a row, while `above`
  char name[kMaxAlertNameBytes];      // the region or function; "" for heap
  double percent;                     // region and function: a share of the wall time since start
  uint64_t bytes;                     // heap
  char text[kMaxAlertNameBytes + 32]; // the rule as written, for the message
};

// Parses HOTLINE_ALERT: rules separated by ',' or ';', each `region:NAME>PCT%`,
// `function:NAME>PCT%` or `heap>SIZE` (bytes, or with a K, M or G suffix, powers of 1024).
// Returns the number of rules. A bad rule is said in one line naming it and what was
// expected, and then no rule is kept (returns 0).
uint32_t parse_alert_rules(const char *spec, AlertRule *rules);

// Whether a function called `function` (as the site table names it: "ns::f(int)") is the one
// a rule names: the whole name, or the name without its parameter list ("ns::f").
bool alert_names_function(const AlertRule &rule, const char *function);

// Checks a rule against its figure now: `percent` for region and function rules, `bytes` for
// heap. Prints the alert line when the rule is crossed.
void check_alert(AlertRule &rule, double percent, uint64_t bytes);

} // namespace hotline::rt
