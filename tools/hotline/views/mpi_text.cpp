// The MPI and Ranks sections.
#include "views/mpi_text.h"

#include "analysis/percent.h"
#include "cli/places.h"
#include "cli/readable_names.h"
#include "cli/text_format.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace hotline {

namespace {

using Align = text::TextTable::Align;

std::string mean_duration(double ns) { return text::format_duration(uint64_t(std::llround(ns))); }

// The rows in rank order (profiles outside a job last, by name).
std::vector<const analysis::RankRow *> rows_by_rank(const analysis::RankTable &table) {
  std::vector<const analysis::RankRow *> rows;
  for (const analysis::RankRow &row : table.rows)
    rows.push_back(&row);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const analysis::RankRow *a, const analysis::RankRow *b) {
                     return std::make_tuple(!a->has_rank, a->rank, a->label) <
                            std::make_tuple(!b->has_rank, b->rank, b->label);
                   });
  return rows;
}

std::string spread_name(const analysis::RankSpread &s) {
  std::string name = text::printable(s.name);
  if (s.kind == analysis::RankSpreadKind::Function && !s.file.empty())
    name += fmt::format(" ({}:{})", text::printable(s.file), s.line);
  return name;
}

} // namespace

std::string mpi_text(const analysis::MpiTable &table, size_t rows_shown) {
  if (table.functions.empty())
    return "";
  std::string out = fmt::format(
      "\nMPI ({} calls, {} inside them: {} of the wall time; {} in messages)\n\n",
      text::format_count(table.calls), text::format_duration(table.ns),
      text::format_percent(analysis::percent_of(double(table.ns), double(table.wall_ns))),
      text::format_bytes(table.bytes));
  text::TextTable functions({{"time", Align::Right},
                             {"time%", Align::Right},
                             {"calls", Align::Right},
                             {"bytes", Align::Right},
                             {"MPI function", Align::Left}});
  for (const analysis::MpiCallStats &f : table.functions)
    functions.add_row({text::format_duration(f.ns),
                       text::format_percent(analysis::percent_of(double(f.ns), double(table.ns))),
                       text::format_count(f.calls), f.bytes ? text::format_bytes(f.bytes) : "-",
                       text::display_name(f.function)});
  out += functions.render();
  out +=
      fmt::format("\nMPI calls by place (top {})\n\n", std::min(rows_shown, table.places.size()));
  text::TextTable places({{"time", Align::Right},
                          {"calls", Align::Right},
                          {"bytes", Align::Right},
                          {"MPI function", Align::Left},
                          {"place", Align::Left}});
  for (size_t i = 0; i < table.places.size() && i < rows_shown; ++i) {
    const analysis::MpiPlaceStats &p = table.places[i];
    std::string place = text::place_location(p.place);
    places.add_row({text::format_duration(p.ns), text::format_count(p.calls),
                    p.bytes ? text::format_bytes(p.bytes) : "-", text::display_name(p.function),
                    place.empty() ? "(outside timed calls)" : place});
  }
  return out + places.render();
}

void write_mpi_json(json::Writer &json, const analysis::MpiTable &table, size_t rows) {
  json.begin_object();
  json.field("calls", table.calls);
  json.field("ns", table.ns);
  json.field("bytes", table.bytes);
  json.field("wall_ns", table.wall_ns);
  json.key("functions");
  json.begin_array();
  for (const analysis::MpiCallStats &f : table.functions) {
    json.begin_object();
    json.field("function", f.function);
    if (std::string short_name = text::shorter_name(f.function); !short_name.empty())
      json.field("short_function", short_name);
    json.field("calls", f.calls);
    json.field("ns", f.ns);
    json.field("bytes", f.bytes);
    json.end_object();
  }
  json.end_array();
  json.key("top_places");
  json.begin_array();
  for (size_t i = 0; i < table.places.size() && (rows == 0 || i < rows); ++i) {
    const analysis::MpiPlaceStats &p = table.places[i];
    json.begin_object();
    json.field("file", p.place.file);
    json.field("line", p.place.line);
    json.field("function", p.place.function);
    if (std::string short_name = text::shorter_name(p.place.function); !short_name.empty())
      json.field("short_function", short_name);
    json.field("mpi_function", p.function);
    json.field("calls", p.calls);
    json.field("ns", p.ns);
    json.field("bytes", p.bytes);
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

std::string slowest_rank_sentence(const analysis::RankTable &table) {
  if (!table.has_slowest)
    return "";
  const analysis::RankRow &slowest = table.rows[table.slowest_row];
  std::string out = fmt::format(
      "{} is the slowest: {} outside MPI, against a mean of {}", text::printable(slowest.label),
      text::format_duration(slowest.busy_ns), mean_duration(table.mean_busy_ns));
  if (!table.slowest_function.empty())
    out += fmt::format("; {} takes {} there, {} on average",
                       text::display_name(table.slowest_function),
                       text::format_duration(table.slowest_function_ns),
                       mean_duration(table.slowest_function_mean_ns));
  if (table.mean_mpi_ns > 0)
    out += fmt::format("; it spends {} in MPI, the ranks {} on average",
                       text::format_duration(slowest.mpi_ns), mean_duration(table.mean_mpi_ns));
  return out + ".";
}

std::string ranks_text(const analysis::RankTable &table, size_t rank_rows, size_t spread_rows) {
  if (table.rows.size() < 2)
    return "";
  std::string out = fmt::format(
      "\nRanks ({} profiles; wall time {} on average, {} of it in MPI)\n", table.rows.size(),
      mean_duration(table.mean_wall_ns),
      text::format_percent(analysis::percent_of(table.mean_mpi_ns, table.mean_wall_ns)));
  out += slowest_rank_sentence(table) + "\n\n";
  if (rank_rows == 0 || table.rows.size() <= rank_rows) {
    text::TextTable rows({{"rank", Align::Left},
                          {"wall", Align::Right},
                          {"in MPI", Align::Right},
                          {"MPI%", Align::Right},
                          {"outside MPI", Align::Right},
                          {"most MPI time in", Align::Left}});
    for (const analysis::RankRow *row : rows_by_rank(table))
      rows.add_row(
          {text::printable(row->label), text::format_duration(row->wall_ns),
           text::format_duration(row->mpi_ns),
           text::format_percent(analysis::percent_of(double(row->mpi_ns), double(row->wall_ns))),
           text::format_duration(row->busy_ns),
           row->top_mpi_function.empty() ? "-" : text::printable(row->top_mpi_function)});
    out += rows.render() + "\n";
  } else {
    out += fmt::format("({} ranks: 'hotline ranks' lists each one)\n\n", table.rows.size());
  }
  size_t shown =
      spread_rows == 0 ? table.spreads.size() : std::min(spread_rows, table.spreads.size());
  out += fmt::format(
      "Imbalance (top {} of {}: functions and regions, then MPI; each by the time the others\n"
      "wait for the rank with the most, which is the most less the mean)\n\n",
      shown, table.spreads.size());
  text::TextTable spreads({{"kind", Align::Left},
                           {"min", Align::Right},
                           {"on", Align::Left},
                           {"mean", Align::Right},
                           {"max", Align::Right},
                           {"on", Align::Left},
                           {"max/mean", Align::Right},
                           {"name", Align::Left}});
  for (size_t i = 0; i < shown; ++i) {
    const analysis::RankSpread &s = table.spreads[i];
    spreads.add_row({analysis::rank_spread_kind_name(s.kind), text::format_duration(s.min_ns),
                     text::printable(table.rows[s.min_row].label), mean_duration(s.mean_ns),
                     text::format_duration(s.max_ns), text::printable(table.rows[s.max_row].label),
                     fmt::format("{:.2f}", s.imbalance()), spread_name(s)});
  }
  return out + spreads.render();
}

void write_ranks_json(json::Writer &json, const analysis::RankTable &table, size_t spread_rows) {
  json.begin_object();
  json.field("mean_wall_ns", uint64_t(std::llround(table.mean_wall_ns)));
  json.field("mean_mpi_ns", uint64_t(std::llround(table.mean_mpi_ns)));
  json.field("mean_outside_mpi_ns", uint64_t(std::llround(table.mean_busy_ns)));
  json.key("ranks");
  json.begin_array();
  for (const analysis::RankRow *row : rows_by_rank(table)) {
    json.begin_object();
    json.field("label", row->label);
    if (row->has_rank)
      json.field("rank", row->rank);
    json.field("wall_ns", row->wall_ns);
    json.field("mpi_ns", row->mpi_ns);
    json.field("outside_mpi_ns", row->busy_ns);
    json.field("top_mpi_function", row->top_mpi_function);
    json.end_object();
  }
  json.end_array();
  if (table.has_slowest) {
    const analysis::RankRow &slowest = table.rows[table.slowest_row];
    json.key("slowest");
    json.begin_object();
    json.field("label", slowest.label);
    if (slowest.has_rank)
      json.field("rank", slowest.rank);
    json.field("outside_mpi_ns", slowest.busy_ns);
    json.field("function", table.slowest_function);
    json.field("function_ns", table.slowest_function_ns);
    json.field("function_mean_ns", uint64_t(std::llround(table.slowest_function_mean_ns)));
    json.field("text", slowest_rank_sentence(table));
    json.end_object();
  }
  json.key("imbalance");
  json.begin_array();
  for (size_t i = 0; i < table.spreads.size() && (spread_rows == 0 || i < spread_rows); ++i) {
    const analysis::RankSpread &s = table.spreads[i];
    json.begin_object();
    json.field("kind", analysis::rank_spread_kind_name(s.kind));
    json.field("name", s.name);
    if (s.kind == analysis::RankSpreadKind::Function) {
      json.field("file", s.file);
      json.field("line", s.line);
    }
    json.field("min_ns", s.min_ns);
    json.field("min_on", table.rows[s.min_row].label);
    json.field("mean_ns", uint64_t(std::llround(s.mean_ns)));
    json.field("max_ns", s.max_ns);
    json.field("max_on", table.rows[s.max_row].label);
    json.field("imbalance", json::rounded(s.imbalance()));
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

} // namespace hotline
