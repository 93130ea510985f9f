// How GPU results print, the same in `hotline gpu` and `hotline report`: the
// CUDA status line, devices, kernels and transfers, as text and as JSON.
#pragma once

#include "analysis/gpu.h"
#include "cli/json_writer.h"
#include "profile/reader.h"

#include <string>
#include <vector>

namespace hotline {

// What the CUDA module could do, in one line: "CUDA: traced on 1 device (NVIDIA
// H100 80GB HBM3), 7 activity records dropped by CUPTI", "CUDA present, no
// device (cuInit: CUDA_ERROR_NO_DEVICE)", ..., "no CUDA in this run".
std::string cuda_status_line(const profile::Profile &profile);
// One status line per profile, each named first when there are several;
// `cuda_only` leaves out the profiles without a CUDA section.
std::string cuda_status_lines(const std::vector<profile::Profile> &profiles, bool cuda_only);

// "device 0 (...): busy 3.83 ms, 65.1% of the run's 5.89 ms; idle 2.06 ms".
std::string device_busy_line(const analysis::DeviceTimeline &device, bool with_profile);

// Kernels with their share and launch site; `detailed` adds mean, min and max.
std::string kernels_table(const std::vector<analysis::KernelStats> &kernels, bool detailed);
// Transfers by direction with bandwidth and what came from pageable memory.
std::string transfers_table(const std::vector<analysis::TransferStats> &transfers);

// JSON. write_cuda_json writes an array (one object per profile with a CUDA
// section); the others write one value, except write_gpu_site_fields, which
// writes "known" and the place's fields into the object being written.
void write_cuda_json(json::Writer &json, const std::vector<profile::Profile> &profiles);
void write_gpu_site_fields(json::Writer &json, const analysis::GpuCallPlace &site);
void write_kernels_json(json::Writer &json, const std::vector<analysis::KernelStats> &kernels);
void write_transfers_json(json::Writer &json,
                          const std::vector<analysis::TransferStats> &transfers);
void write_device_json(json::Writer &json, const analysis::DeviceTimeline &device);

} // namespace hotline
