#include "views/lines_json.h"

#include "cli/readable_names.h"

namespace hotline {

void write_lines_fields(json::Writer &json, const analysis::LineTable &table,
                        const std::vector<analysis::LineStats> &shown) {
  json.field("sampled", table.sampled);
  json.field("sample_period_ns", table.period_ns);
  json.field("sampling_method", table.method);
  json.field("samples", table.samples);
  json.field("profiler_samples", table.profiler);
  json.field("samples_dropped", table.dropped);
  json.field("samples_unplaced", table.unplaced);
  json.field("line_count", table.lines.size());
  json.key("lines");
  json.begin_array();
  for (const analysis::LineStats &line : shown) {
    json.begin_object();
    json.field("file", line.file);
    json.field("line", line.line);
    json.field("function", line.function);
    if (std::string short_name = text::shorter_name(line.function); !short_name.empty())
      json.field("short_function", short_name);
    json.field("function_line", line.function_line);
    json.field("counted", line.counted);
    json.field("count", line.count);
    json.field("samples", line.samples);
    json.field("time_ns", line.time_ns);
    json.field("percent", json::rounded(line.percent));
    json.field("loop", line.loop);
    json.end_object();
  }
  json.end_array();
}

} // namespace hotline
