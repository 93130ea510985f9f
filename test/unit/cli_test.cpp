// The command's building blocks: argument parsing, number formatting, JSON,
// tables.
#include "cli/json_writer.h"
#include "cli/options.h"
#include "cli/readable_names.h"
#include "cli/text_format.h"

#include <gtest/gtest.h>

namespace hotline::test {
namespace {

const cli::CommandSpec kCommand = {"report",
                                   "hotline report [options] FILE...",
                                   "Test command.",
                                   {{"top", "N", "how many"}, {"quiet", nullptr, "say less"}}};

TEST(Cli, AcceptsBothValueForms) {
  cli::ParsedArgs args = cli::parse_args({"a.hotline", "--top", "5", "b.hotline"}, kCommand);
  EXPECT_EQ(args.value("top"), "5");
  EXPECT_EQ(args.positional, (std::vector<std::string>{"a.hotline", "b.hotline"}));
  EXPECT_EQ(cli::parse_args({"--top=7"}, kCommand).value("top"), "7");
  EXPECT_EQ(cli::parse_args({"--top="}, kCommand).value("top"), "");
  EXPECT_TRUE(cli::parse_args({"--quiet"}, kCommand).has("quiet"));
  EXPECT_FALSE(cli::parse_args({}, kCommand).has("top"));
}

// Typed options are checked as they are parsed, with the parse_* functions' messages, and read
// back as their type.
TEST(Cli, TypedOptionsAreCheckedAtParse) {
  const cli::CommandSpec typed = {
      "typed",
      "hotline typed [options]",
      "Test command.",
      {cli::OptionSpec::count("top", "N", "how many"),
       cli::OptionSpec::number("hot", "P", "how hot"),
       cli::OptionSpec::percent("fail-above", "PCT", "how much worse"),
       cli::OptionSpec::duration("floor", "LIMIT", "how long"),
       cli::OptionSpec::choice("sort", "KEY", "how", {"self", "total"})}};
  cli::ParsedArgs args = cli::parse_args(
      {"--top", "7", "--hot=2.5", "--fail-above", "10%", "--floor", "5ms", "--sort", "total"},
      typed);
  EXPECT_EQ(args.count("top"), 7u);
  EXPECT_EQ(args.number("hot"), 2.5);
  EXPECT_EQ(args.percent("fail-above"), 10.0);
  EXPECT_EQ(args.duration("floor"), 5000000u);
  EXPECT_EQ(args.value("sort"), "total");
  EXPECT_FALSE(cli::parse_args({}, typed).count("top").has_value());

  auto error = [&](std::vector<std::string> arguments) {
    try {
      cli::parse_args(arguments, typed);
    } catch (const cli::UsageError &e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error({"--top", "x"}), "invalid value 'x' for --top: expected a whole number");
  EXPECT_EQ(error({"--hot=-1"}), "invalid value '-1' for --hot: expected a number of at least 0");
  EXPECT_EQ(error({"--fail-above", "ten"}),
            "invalid value 'ten' for --fail-above: expected a percentage (10 or 10%)");
  EXPECT_EQ(error({"--floor", "5"}), "invalid value '5' for --floor: expected a duration such as "
                                     "5ms (ns, us, ms or s)");
  EXPECT_EQ(error({"--sort", "calls"}),
            "invalid value 'calls' for --sort: expected one of self, total");
  // The error comes before anything else the command would check.
  EXPECT_EQ(error({"--top", "x", "--help"}),
            "invalid value 'x' for --top: expected a whole number");
}

TEST(Cli, HelpAndDoubleDash) {
  EXPECT_TRUE(cli::parse_args({"--help"}, kCommand).help);
  EXPECT_TRUE(cli::parse_args({"x", "-h"}, kCommand).help);
  cli::ParsedArgs args = cli::parse_args({"--", "--top", "-"}, kCommand);
  EXPECT_EQ(args.positional, (std::vector<std::string>{"--top", "-"}));
  EXPECT_FALSE(args.has("top"));
}

TEST(Cli, RejectsMistakes) {
  EXPECT_THROW(cli::parse_args({"--bogus"}, kCommand), cli::UsageError);
  EXPECT_THROW(cli::parse_args({"--bogus=1"}, kCommand), cli::UsageError);
  EXPECT_THROW(cli::parse_args({"-t"}, kCommand), cli::UsageError);
  EXPECT_THROW(cli::parse_args({"--top"}, kCommand), cli::UsageError);
  EXPECT_THROW(cli::parse_args({"--quiet=yes"}, kCommand), cli::UsageError);
  try {
    cli::parse_args({"--bogus"}, kCommand);
  } catch (const cli::UsageError &e) {
    EXPECT_STREQ(e.what(), "unknown option '--bogus' for 'hotline report' (see "
                           "'hotline report --help')");
  }
}

TEST(Cli, ValueCheckers) {
  EXPECT_EQ(cli::parse_count("top", "20"), 20u);
  EXPECT_EQ(cli::parse_count("top", "0"), 0u);
  EXPECT_THROW(cli::parse_count("top", "abc"), cli::UsageError);
  EXPECT_THROW(cli::parse_count("top", "-1"), cli::UsageError);
  EXPECT_THROW(cli::parse_count("top", ""), cli::UsageError);
  EXPECT_THROW(cli::parse_count("top", "99999999999999999999999"), cli::UsageError);
  try {
    cli::parse_count("top", "abc");
  } catch (const cli::UsageError &e) {
    EXPECT_STREQ(e.what(), "invalid value 'abc' for --top: expected a whole number");
  }
  EXPECT_DOUBLE_EQ(cli::parse_non_negative("min-percent", "0.5"), 0.5);
  EXPECT_THROW(cli::parse_non_negative("min-percent", "-1"), cli::UsageError);
  EXPECT_THROW(cli::parse_non_negative("min-percent", "1x"), cli::UsageError);
  EXPECT_THROW(cli::parse_non_negative("min-percent", "nan"), cli::UsageError);
  EXPECT_EQ(cli::parse_choice("sort", "calls", {"self", "calls"}), "calls");
  EXPECT_THROW(cli::parse_choice("sort", "name", {"self", "calls"}), cli::UsageError);
}

TEST(Cli, Durations) {
  EXPECT_EQ(cli::parse_duration("floor", "5ms"), 5000000u);
  EXPECT_EQ(cli::parse_duration("floor", "1.5s"), 1500000000u);
  EXPECT_EQ(cli::parse_duration("floor", "200us"), 200000u);
  EXPECT_EQ(cli::parse_duration("floor", "200µs"), 200000u);
  EXPECT_EQ(cli::parse_duration("floor", "100ns"), 100u);
  EXPECT_EQ(cli::parse_duration("floor", "0s"), 0u);
  for (const char *bad :
       {"", "5", "ms", "5 ms", "-1ms", "5m", "5kb", "1.2.3s", ".s", "99999999999s"})
    EXPECT_THROW(cli::parse_duration("floor", bad), cli::UsageError) << bad;
  try {
    cli::parse_duration("floor", "5");
  } catch (const cli::UsageError &e) {
    EXPECT_STREQ(e.what(), "invalid value '5' for --floor: expected a "
                           "duration such as 5ms (ns, us, ms or s)");
  }
}

const cli::CommandSpec kShortCommand = {
    "merge",
    "hotline merge FILE... -o OUT",
    "Test command.",
    {{"output", "OUT", "where", 'o'}, {"quiet", nullptr, "say less", 'q'}}};

TEST(Cli, ShortOptions) {
  cli::ParsedArgs args = cli::parse_args({"a.hotline", "-o", "out.hotline", "-q"}, kShortCommand);
  EXPECT_EQ(args.value("output"), "out.hotline");
  EXPECT_TRUE(args.has("quiet"));
  EXPECT_EQ(args.positional, (std::vector<std::string>{"a.hotline"}));
  EXPECT_EQ(cli::parse_args({"-oout.hotline"}, kShortCommand).value("output"), "out.hotline");
  EXPECT_EQ(cli::parse_args({"--output=x"}, kShortCommand).value("output"), "x");
  EXPECT_THROW(cli::parse_args({"-o"}, kShortCommand), cli::UsageError);
  EXPECT_THROW(cli::parse_args({"-qx"}, kShortCommand), cli::UsageError);
  EXPECT_THROW(cli::parse_args({"-x"}, kShortCommand), cli::UsageError);
  // Only options that declare one have a short form.
  EXPECT_THROW(cli::parse_args({"-t", "3"}, kCommand), cli::UsageError);
  std::string help = cli::help_text(kShortCommand);
  EXPECT_NE(help.find("  -o, --output OUT  where\n"), std::string::npos) << help;
}

TEST(Cli, HelpListsOptions) {
  std::string help = cli::help_text(kCommand);
  EXPECT_NE(help.find("usage: hotline report [options] FILE..."), std::string::npos);
  EXPECT_NE(help.find("--top N"), std::string::npos);
  EXPECT_NE(help.find("--quiet"), std::string::npos);
}

TEST(TextFormat, DurationsHaveThreeSignificantDigits) {
  EXPECT_EQ(text::format_duration(0), "0 ns");
  EXPECT_EQ(text::format_duration(999), "999 ns");
  EXPECT_EQ(text::format_duration(1000), "1.00 µs");
  EXPECT_EQ(text::format_duration(1234), "1.23 µs");
  EXPECT_EQ(text::format_duration(12345), "12.3 µs");
  EXPECT_EQ(text::format_duration(123456), "123 µs");
  EXPECT_EQ(text::format_duration(999999), "1.00 ms");
  EXPECT_EQ(text::format_duration(45600000), "45.6 ms");
  EXPECT_EQ(text::format_duration(1500000000), "1.50 s");
  EXPECT_EQ(text::format_duration(7890000000000), "7890 s");
}

TEST(TextFormat, BytesHaveThreeSignificantDigits) {
  EXPECT_EQ(text::format_bytes(0), "0 B");
  EXPECT_EQ(text::format_bytes(999), "999 B");
  EXPECT_EQ(text::format_bytes(1000), "1.00 kB");
  EXPECT_EQ(text::format_bytes(1234), "1.23 kB");
  EXPECT_EQ(text::format_bytes(999999), "1.00 MB");
  EXPECT_EQ(text::format_bytes(45600000), "45.6 MB");
  EXPECT_EQ(text::format_bytes(789000000000), "789 GB");
  EXPECT_EQ(text::format_bytes(UINT64_MAX), "18.4 EB");
}

TEST(TextFormat, CountsAndPercents) {
  EXPECT_EQ(text::format_count(0), "0");
  EXPECT_EQ(text::format_count(999), "999");
  EXPECT_EQ(text::format_count(1000), "1,000");
  EXPECT_EQ(text::format_count(1234567), "1,234,567");
  EXPECT_EQ(text::format_percent(42.56), "42.6%");
  EXPECT_EQ(text::printable("a\nb\x1b[2J"), "a?b?[2J");
}

TEST(TextFormat, TableAlignsByDisplayWidth) {
  text::TextTable table(
      {{"time", text::TextTable::Align::Right}, {"name", text::TextTable::Align::Left}});
  table.add_row({"1.00 µs", "f"});
  table.add_row({"10 ns", "g"});
  EXPECT_EQ(table.render(), "   time  name\n"
                            "1.00 µs  f\n"
                            "  10 ns  g\n");
}

TEST(Json, EscapesStrings) {
  EXPECT_EQ(json::quote("plain"), "\"plain\"");
  EXPECT_EQ(json::quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(json::quote("\n\t\x01"), "\"\\n\\t\\u0001\"");
  EXPECT_EQ(json::quote("µs"), "\"µs\"");
  EXPECT_EQ(json::quote(std::string("\xff"
                                    "a\xc3",
                                    3)),
            "\"\\ufffda\\ufffd\"");
  EXPECT_EQ(json::quote("\xed\xa0\x80"),
            "\"\\ufffd\\ufffd\\ufffd\""); // a surrogate
}

TEST(Json, WritesNestedDocuments) {
  json::Writer w;
  w.begin_object();
  w.field("name", "fib(int)");
  w.field("calls", uint64_t(10946));
  w.field("timed", true);
  w.field("percent", 12.5);
  w.key("empty");
  w.begin_array();
  w.end_array();
  w.key("list");
  w.begin_array();
  w.value(1);
  w.value("two");
  w.end_array();
  w.end_object();
  EXPECT_EQ(w.text(), "{\n"
                      "  \"name\": \"fib(int)\",\n"
                      "  \"calls\": 10946,\n"
                      "  \"timed\": true,\n"
                      "  \"percent\": 12.5,\n"
                      "  \"empty\": [],\n"
                      "  \"list\": [\n"
                      "    1,\n"
                      "    \"two\"\n"
                      "  ]\n"
                      "}\n");
}

} // namespace
} // namespace hotline::test

namespace hotline::test {
namespace {

using text::readable_name;

TEST(ReadableNames, DropTheStandardLibrarysDefaultsAndInlineNamespaces) {
  EXPECT_EQ(readable_name("std::vector<int, std::allocator<int> >::push_back(int const&)"),
            "std::vector<int>::push_back(int const&)");
  EXPECT_EQ(readable_name("element(std::vector<int, std::allocator<int>> const&, unsigned long)"),
            "element(std::vector<int> const&, unsigned long)");
  EXPECT_EQ(readable_name("count(std::__cxx11::basic_string<char, std::char_traits<char>, "
                          "std::allocator<char> > const&)"),
            "count(std::string const&)");
  EXPECT_EQ(
      readable_name(
          "std::__1::basic_string_view<wchar_t, std::__1::char_traits<wchar_t>>::size() const"),
      "std::wstring_view::size() const");
  EXPECT_EQ(
      readable_name("lookup(std::unordered_map<std::__cxx11::basic_string<char, "
                    "std::char_traits<char>, std::allocator<char> >, int, "
                    "std::hash<std::__cxx11::basic_string<char, std::char_traits<char>, "
                    "std::allocator<char> > >, std::equal_to<std::__cxx11::basic_string<char, "
                    "std::char_traits<char>, std::allocator<char> > >, "
                    "std::allocator<std::pair<std::__cxx11::basic_string<char, "
                    "std::char_traits<char>, std::allocator<char> > const, int> > >&)"),
      "lookup(std::unordered_map<std::string, int>&)");
  EXPECT_EQ(readable_name("std::unique_ptr<Node, std::default_delete<Node>>::reset(Node*)"),
            "std::unique_ptr<Node>::reset(Node*)");
  // A first argument is never a default, whatever it is.
  EXPECT_EQ(
      readable_name("f(std::vector<std::allocator<int>, std::allocator<std::allocator<int>>>)"),
      "f(std::vector<std::allocator<int>>)");
  // Not the standard library's: left alone.
  EXPECT_EQ(readable_name("mystd::basic_string<char>::size()"),
            "mystd::basic_string<char>::size()");
}

TEST(ReadableNames, OperatorsAreNotBrackets) {
  EXPECT_EQ(readable_name("operator<(Key const&, Key const&)"),
            "operator<(Key const&, Key const&)");
  EXPECT_EQ(readable_name("Matrix::operator()(int, int) const"),
            "Matrix::operator()(int, int) const");
  EXPECT_EQ(readable_name("std::basic_ostream<char, std::char_traits<char> >& std::operator<< "
                          "<std::char_traits<char> >(std::basic_ostream<char, "
                          "std::char_traits<char> >&, char const*)"),
            "std::ostream& std::operator<< <std::char_traits<char>>(std::ostream&, char const*)");
  EXPECT_EQ(readable_name("Vec::operator[](unsigned long)"), "Vec::operator[](unsigned long)");
  EXPECT_EQ(readable_name("Iter::operator->() const"), "Iter::operator->() const");
  EXPECT_EQ(readable_name("a::operator>>=(int)"), "a::operator>>=(int)");
}

TEST(ReadableNames, LongNamesLoseTheirDeepestTemplateArgumentsFirst) {
  std::string name =
      "std::_Hashtable<Key, std::pair<Key const, std::vector<Value>>, Alloc, Select, Equal, "
      "Hasher>::_M_find_before_node(unsigned long, Key const&, unsigned long) const";
  EXPECT_EQ(readable_name(name, 200), name);
  EXPECT_EQ(
      readable_name(name, 158),
      "std::_Hashtable<Key, std::pair<Key const, std::vector<…>>, Alloc, Select, Equal, Hasher>::"
      "_M_find_before_node(unsigned long, Key const&, unsigned long) const");
  EXPECT_EQ(readable_name(name, 140), "std::_Hashtable<Key, std::pair<…>, Alloc, Select, Equal, "
                                      "Hasher>::_M_find_before_node(unsigned long, "
                                      "Key const&, unsigned long) const");
  EXPECT_EQ(
      readable_name(name, 90),
      "std::_Hashtable<…>::_M_find_before_node(unsigned long, Key const&, unsigned long) const");
  // The function's own namespaces leave its parameters first; the parameters go last.
  std::string batch = "vibration::preprocess_batch(vibration::Dataset const&, int, "
                      "std::vector<vibration::io::Batch>&)";
  EXPECT_EQ(readable_name(batch, 100), batch);
  EXPECT_EQ(readable_name(batch, 80),
            "vibration::preprocess_batch(Dataset const&, int, std::vector<io::Batch>&)");
  EXPECT_EQ(readable_name(batch, 70),
            "vibration::preprocess_batch(Dataset const&, int, std::vector<…>&)");
  EXPECT_EQ(readable_name(batch, 40), "vibration::preprocess_batch(…)");
  EXPECT_EQ(readable_name("std::sort(std::string*, std::string*)", 10), "std::sort(…)");
  EXPECT_EQ(readable_name("a::f(ba::T, a::T)", 15), "a::f(ba::T, T)");
  // Never `(anonymous namespace)`.
  EXPECT_EQ(
      readable_name("(anonymous namespace)::op_load(VirtualMachine&, Instruction const&)", 40),
      "(anonymous namespace)::op_load(…)");
  EXPECT_EQ(readable_name("main", 2), "main");
}

TEST(ReadableNames, WhatIsNotANameComesBackAsItWas) {
  EXPECT_EQ(readable_name("broken<(name"), "broken<(name");
  EXPECT_EQ(readable_name("a>b"), "a>b");
  EXPECT_EQ(readable_name(""), "");
  EXPECT_EQ(readable_name("{lambda(int)#1}::operator()(int) const"),
            "{lambda(int)#1}::operator()(int) const");
}

} // namespace
} // namespace hotline::test
