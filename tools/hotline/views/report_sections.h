// The report's sections about what to change: Bottlenecks and Suggestions;
// its Regions, Time by category, Synchronization and GPU sections, and call durations; as text,
// Markdown and JSON.
#pragma once

#include "analysis/bottlenecks.h"
#include "analysis/durations.h"
#include "analysis/gpu.h"
#include "analysis/regions.h"
#include "analysis/sync.h"
#include "cli/json_writer.h"
#include "cli/text_format.h"
#include "profile/reader.h"
#include "rules/rules.h"

#include <string>
#include <vector>

namespace hotline {

// A function's or loop's call durations (HOTLINE_HISTOGRAMS) as the field "durations" of the
// JSON object being written, unless they counted no call.
void write_durations_json(json::Writer &json, const analysis::DurationStats &durations);
// A table of durations: `count` (calls, entries), mean, p50, p90, p99 and longest, then `rest`;
// a row starts with durations_cells (the mean as the caller has it, from the totals).
text::TextTable durations_table(const char *count, std::vector<text::TextTable::Column> rest);
std::vector<std::string> durations_cells(const analysis::DurationStats &durations,
                                         std::string mean);

std::string bottlenecks_text(const std::vector<analysis::Bottleneck> &items, double threshold);
std::string bottlenecks_markdown(const std::vector<analysis::Bottleneck> &items, double threshold);
void write_bottlenecks_json(json::Writer &json, const std::vector<analysis::Bottleneck> &items);

std::string suggestions_text(const std::vector<rules::Finding> &findings);
std::string suggestions_markdown(const std::vector<rules::Finding> &findings);
void write_findings_json(json::Writer &json, const std::vector<rules::Finding> &findings);

// Empty when no profile recorded a region.
std::string regions_text(const analysis::RegionTable &table);
// Time by category; empty when all the time is Other (no region, no blocked time).
std::string categories_text(const analysis::RegionTable &table);
// NVTX start/end ranges by name; "" without any.
std::string ranges_text(const analysis::RegionTable &table);
void write_regions_json(json::Writer &json, const analysis::RegionTable &table);

// Empty when no wait was recorded.
std::string sync_text(const analysis::SyncTable &table, size_t rows);
void write_sync_json(json::Writer &json, const analysis::SyncTable &table, size_t rows);

// The CUDA status of the profiles with a CUDA section, each device's busy
// share, the top `rows` kernels with their launch sites, and the transfers.
// `profiles` are those the table was computed from.
std::string gpu_text(const analysis::GpuTable &table, const std::vector<profile::Profile> &profiles,
                     size_t rows);
void write_gpu_json(json::Writer &json, const analysis::GpuTable &table,
                    const std::vector<profile::Profile> &profiles, size_t rows);

} // namespace hotline
