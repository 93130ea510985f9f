// HOTLINE_ALERT's rules (runtime/src/alerts.cpp): parsed from the variable's text, and fired
// once per crossing; one snapshot below the threshold (a call missed while it ended) does not
// re-arm a rule, kAlertRearmSnapshots in a row do.
#include "alerts.h"

#include <gtest/gtest.h>

#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

namespace hotline::rt {
// The runtime's one way to say something, here kept for the test to read.
std::vector<std::string> g_reported;
void report_problem(const char *format, ...) {
  char line[512];
  va_list args;
  va_start(args, format);
  vsnprintf(line, sizeof line, format, args);
  va_end(args);
  g_reported.push_back(line);
}
} // namespace hotline::rt

namespace hotline::test {
namespace {

using rt::AlertRule;
using rt::g_reported;

TEST(Alerts, ParsesEachKindOfRule) {
  AlertRule rules[rt::kMaxAlertRules];
  ASSERT_EQ(rt::parse_alert_rules("region:load>50%; function:parse>12.5, heap>2M", rules), 3u);
  EXPECT_EQ(rules[0].kind, rt::AlertKind::Region);
  EXPECT_STREQ(rules[0].name, "load");
  EXPECT_DOUBLE_EQ(rules[0].percent, 50);
  EXPECT_EQ(rules[1].kind, rt::AlertKind::Function);
  EXPECT_DOUBLE_EQ(rules[1].percent, 12.5);
  EXPECT_EQ(rules[2].kind, rt::AlertKind::Heap);
  EXPECT_EQ(rules[2].bytes, 2u << 20);
}

TEST(Alerts, OneLowSnapshotDoesNotFireTheRuleAgain) {
  AlertRule rules[rt::kMaxAlertRules];
  ASSERT_EQ(rt::parse_alert_rules("function:spin>90%", rules), 1u);
  g_reported.clear();
  rt::check_alert(rules[0], 95, 0);
  rt::check_alert(rules[0], 70, 0); // a snapshot that missed a call that was ending
  rt::check_alert(rules[0], 94, 0);
  EXPECT_EQ(g_reported.size(), 1u);
  for (uint32_t i = 0; i < rt::kAlertRearmSnapshots; ++i)
    rt::check_alert(rules[0], 80, 0); // really below
  rt::check_alert(rules[0], 92, 0);
  ASSERT_EQ(g_reported.size(), 2u);
  EXPECT_EQ(g_reported[1], "alert: function spin at 92% of the run (rule function:spin>90%)");
}

TEST(Alerts, ABadRuleTurnsThemAllOff) {
  AlertRule rules[rt::kMaxAlertRules];
  g_reported.clear();
  EXPECT_EQ(rt::parse_alert_rules("heap>1G, cpu>5%", rules), 0u);
  ASSERT_EQ(g_reported.size(), 1u);
  EXPECT_EQ(g_reported[0],
            "HOTLINE_ALERT: 'cpu>5%': expected region:NAME>PCT%, function:NAME>PCT% or heap>SIZE; "
            "alerts are off");
}

} // namespace
} // namespace hotline::test
