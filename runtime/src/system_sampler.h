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

// The process's CPU time so far, all threads, user and system.
uint64_t process_cpu_ns();

// The SYSTEM record and the SYSTEM_SAMPLES records, for the profile. `end_cpu_ns`: the
// process's CPU time read with the run's end, so that the record's CPU time covers the same
// interval as the run's wall time (from the runtime's start, not the process's).
hotline_system_record system_totals(uint64_t end_cpu_ns);
void copy_system_samples(ByteBuffer &out);

} // namespace hotline::rt
