// This machine's single-thread peaks (FLOP rate, memory bandwidth) for the
// roofline of `hotline loops`: measured by `hotline calibrate`, cached per
// machine in a small JSON file.
#pragma once

#include "cli/json_writer.h"

#include <optional>
#include <stdexcept>
#include <string>

namespace hotline::calibration {

struct MachinePeaks {
  std::string cpu;          // this_cpu() where it was measured: the "model
                            // name" of /proc/cpuinfo (or "unknown cpu") and
                            // the logical CPU count
  std::string isa;          // widest vector ISA the FLOP kernel used:
                            // "avx512f", "avx2+fma", "sse2" ("generic" off x86)
  double flops32_per_s = 0; // single precision, one thread, FMA counted as 2
  double flops64_per_s = 0; // double precision, one thread
  double bytes_per_s = 0;   // STREAM-triad-like memory bandwidth, one thread,
                            // bytes read+written (no write-allocate counted,
                            // as STREAM)
  std::string measured;     // ISO-8601 UTC time of the measurement
};

// The cache file: {"format": kFileFormat, "version": kFileVersion, then the
// fields of MachinePeaks under their names}. docs/roofline.md describes it.
inline constexpr const char *kFileFormat = "hotline-machine-peaks";
inline constexpr int kFileVersion = 1;

// A calibration file that cannot be written; what() starts with its path.
// main turns it into status 2, like a profile that cannot be read.
class MachineFileError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Writes the fields of MachinePeaks, under their names, into the open JSON
// object (the cache file, `calibrate --format json`, `loops --format json`).
void write_fields(json::Writer &json, const MachinePeaks &peaks);

// What identifies the machine: cpu model name + logical CPU count, e.g.
// "AMD EPYC (2 CPUs)".
std::string this_cpu();

// $HOTLINE_MACHINE_FILE if set, else
// $XDG_CACHE_HOME/hotline/machine-peaks.json, else
// $HOME/.cache/hotline/machine-peaks.json.
std::string machine_peaks_path();

// Runs the kernels (FMA chains at the widest ISA, then a STREAM triad) on the
// calling thread: about 1 s.
MachinePeaks measure_machine_peaks();

// Creates the directories and replaces the file atomically (temp + rename);
// throws MachineFileError naming the path on failure.
void save_machine_peaks(const MachinePeaks &peaks, const std::string &path);

// The cached peaks for this machine, or nullopt with *why (if given) set to
// one line: no file, a file for another CPU, or a file that is not a
// calibration (with the line of the problem). Never throws.
std::optional<MachinePeaks> load_machine_peaks(const std::string &path, std::string *why);

} // namespace hotline::calibration
