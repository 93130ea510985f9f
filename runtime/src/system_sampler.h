// The process and the machine around it: CPU time, resident memory, CPU package energy
// (powercap) and, through NVML loaded with dlopen, the GPUs. Totals are read at start and at
// write; with HOTLINE_SAMPLE_MS, a sampler thread also keeps a time series.
#pragma once

#include "byte_buffer.h"

#include <hotline/profile_format.h>

namespace hotline::rt {

// Called once, from runtime_init: reads the energy counters and starts the sampler thread
// when HOTLINE_SAMPLE_MS asks for one.
void system_sampler_init();

// The SYSTEM record and the SYSTEM_SAMPLES records, for the profile. `start_mono_ns` is the
// run's start, which the samples' times are relative to.
hotline_system_record system_totals();
void copy_system_samples(ByteBuffer &out);

} // namespace hotline::rt
