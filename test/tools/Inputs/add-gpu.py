#!/usr/bin/env python3
"""Adds CUDA and GPU records to two-threads.hotline, for the GPU tests.

usage: add-gpu.py IN OUT [VARIANT]

  VARIANT traced (the default): CUDA (traced, 7 records dropped by CUPTI), one device, and
          the GPU sites, kernels, transfers, waits and allocations below
  VARIANT traced-slower: traced, with each normalize kernel taking 3 us instead of 2 (so
          they run back to back: 3 ms of GPU time instead of 2, for the diff tests); the
          device's busy and idle figures below are traced's
  VARIANT no-device: only a CUDA record saying that cuInit found no device
  VARIANT taken: only a CUDA record saying that another tool had subscribed to CUPTI

The records are made up, with round numbers, so that the tests can check exact figures; IN
must be two-threads.hotline (5,887,556 ns of wall time; its thread 0 is the helper, thread 1
the main thread; nodes 0-2 are helper > worker(int) > work(int) and main > worker(int) >
work(int)). The GPU sites name no object, so each is placed at its timed call. All times are
ns since the run's start, inside its wall time.

The traced device's story: cudaMalloc 64 + 64 + 16 MiB and cudaMallocHost 8 MiB; a 10 us
warm-up kernel launched before the runtime saw any call (no GPU site); the helper's
worker(int) copies 4 x 4 MiB from pageable memory (250 us each); a 16 MiB memset; the main
thread's work(int) launches normalize 1,000 times (2 us each, one every 3 us); after a
500 us gap main launches matmul 4 times (150 us each) and copies 2 x 4 MiB back into pinned
memory (100 us each), waits for its stream, and frees the two 64 MiB blocks. So the device is
busy 3,830,000 ns of the 5,887,556 (65.1%); between its first work (150,000) and its last
(5,819,000) it is idle 1,839,000 ns (32.4%) in 1,002 gaps: 500 us before matmul (main),
300 us before normalize (work(int)), 40 us before the first copy (worker(int)) and 999 of
1 us between the normalize kernels. Device memory peaks at 144 MiB; 16 MiB is left at exit.
Strings are appended to STRINGS; the new sections follow the last one. The layout is
docs/profile-format.md's (version 1).
"""
import struct
import sys

from profile_sections import KIND, section

NO = 0xffffffff
HELPER, MAIN = 0, 1
TOP, WORKER, WORK = 0, 1, 2  # node indices within their thread

CUDA_TRACED, CUDA_NO_DEVICE, CUDA_CUPTI_TAKEN = 1, 3, 5
LAUNCH, MEMCPY, MEMSET, ALLOC, FREE, SYNCHRONIZE = 1, 2, 3, 4, 5, 6
H2D, D2H, MEMSET_KIND = 1, 2, 7
PAGEABLE, PINNED, DEVICE = 1, 2, 3
SYNC_STREAM, SYNC_DEVICE = 3, 4
ALLOCATE, RELEASE = 1, 2
MIB = 1 << 20

# state, device_count, message, driver_version, dropped_records, lost_records, cupti_version
CUDA = {
    "traced": (CUDA_TRACED, 1, "", 13000, 7, 0, 26),
    "traced-slower": (CUDA_TRACED, 1, "", 13000, 7, 0, 26),
    "no-device": (CUDA_NO_DEVICE, 0, "cuInit: CUDA_ERROR_NO_DEVICE", 13000, 0, 0, 0),
    "taken": (CUDA_CUPTI_TAKEN, 1,
              "cuptiSubscribe: CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED", 13000, 0, 0, 0),
}

# device, name, compute major, minor, multiprocessors, memory bytes
DEVICES = [(0, "NVIDIA H100 80GB HBM3", 9, 0, 132, 85520809984)]

# thread, node, api, function, calls, host ns (index: the site's GPU_SITES index)
GPU_SITES = [
    (MAIN, WORK, LAUNCH, "cudaLaunchKernel", 1000, 2500000),     # 0: normalize
    (MAIN, TOP, LAUNCH, "cudaLaunchKernel", 4, 20000),           # 1: matmul
    (HELPER, WORKER, MEMCPY, "cudaMemcpy", 4, 1100000),          # 2: pageable uploads
    (MAIN, TOP, MEMCPY, "cudaMemcpyAsync", 2, 10000),            # 3: pinned downloads
    (MAIN, TOP, SYNCHRONIZE, "cudaStreamSynchronize", 1, 200000),  # 4
    (MAIN, WORKER, SYNCHRONIZE, "cudaDeviceSynchronize", 1, 20000),  # 5
    (MAIN, TOP, ALLOC, "cudaMalloc", 3, 150000),                 # 6
    (MAIN, TOP, FREE, "cudaFree", 2, 40000),                     # 7
    (MAIN, TOP, MEMSET, "cudaMemsetAsync", 1, 5000),             # 8
    (MAIN, TOP, ALLOC, "cudaMallocHost", 1, 100000),             # 9
]

NORMALIZE, MATMUL, WARMUP = "_Z9normalizePfi", "_Z6matmulPKfS0_Pfi", "_Z12warmupKernelv"
NORMALIZE_NS = {"traced": 2000, "traced-slower": 3000}


# start, end, site, name, stream, grid, block, shared bytes, registers
def kernels(normalize_ns):
    return ([(150000, 160000, NO, WARMUP, 7, (1, 1, 1), (32, 1, 1), 0, 8)] +
            [(1520000 + 3000 * i, 1520000 + 3000 * i + normalize_ns, 0, NORMALIZE, 13,
              (4096, 1, 1), (256, 1, 1), 0, 16) for i in range(1000)] +
            [(5019000 + 150000 * i, 5169000 + 150000 * i, 1, MATMUL, 13, (64, 64, 1),
              (16, 16, 1), 2048, 64) for i in range(4)])


# start, end, bytes, site, stream, kind, source, destination
TRANSFERS = ([(200000 + 250000 * i, 450000 + 250000 * i, 4 * MIB, 2, 14, H2D, PAGEABLE, DEVICE)
              for i in range(4)] +
             [(1200000, 1220000, 16 * MIB, 8, 13, MEMSET_KIND, DEVICE, DEVICE)] +
             [(5619000 + 100000 * i, 5719000 + 100000 * i, 4 * MIB, 3, 13, D2H, DEVICE, PINNED)
              for i in range(2)])

# start, end, site, kind, stream
SYNCS = [(4500000, 4520000, 5, SYNC_DEVICE, NO), (5619000, 5819000, 4, SYNC_STREAM, 13)]

# time, address, bytes, site, operation, memory
MEMORY = [
    (100000, 0x7f4a00000000, 64 * MIB, 6, ALLOCATE, DEVICE),
    (110000, 0x7f4a04000000, 64 * MIB, 6, ALLOCATE, DEVICE),
    (120000, 0x7f4a08000000, 16 * MIB, 6, ALLOCATE, DEVICE),
    (130000, 0x7f4b00000000, 8 * MIB, 9, ALLOCATE, PINNED),
    (5830000, 0x7f4a00000000, 64 * MIB, 7, RELEASE, DEVICE),
    (5840000, 0x7f4a04000000, 64 * MIB, 7, RELEASE, DEVICE),
]



def main(argv):
    if len(argv) not in (3, 4):
        sys.exit(__doc__)
    variant = argv[3] if len(argv) == 4 else "traced"
    if variant not in CUDA:
        sys.exit("add-gpu.py: unknown variant " + variant)
    with open(argv[1], "rb") as f:
        data = bytearray(f.read())

    header_size, section_count = struct.unpack_from("<II", data, 12)
    offset, strings_at = header_size, None
    for _ in range(section_count):
        kind, _, size = struct.unpack_from("<IIQ", data, offset)
        if kind == KIND["STRINGS"]:
            strings_at = offset
        offset += 16 + size
    _, _, strings_size = struct.unpack_from("<IIQ", data, strings_at)
    added = bytearray()
    offsets = {"": 0}

    def string(text):
        if text not in offsets:
            offsets[text] = strings_size + len(added)
            added.extend(text.encode() + b"\0")
        return offsets[text]

    state, device_count, message, driver, dropped, lost, cupti = CUDA[variant]
    sections = [section("CUDA", "<IIIIQQII", [(state, device_count, string(message), driver,
                                                dropped, lost, cupti, 0)])]
    if variant in NORMALIZE_NS:
        sections.append(section("GPU_DEVICES", "<IIIIIIQ", [
            (d[0], string(d[1]), d[2], d[3], d[4], 0, d[5]) for d in DEVICES]))
        sections.append(section("GPU_SITES", "<IIQIIIIQQ", [
            (s[0], s[1], 0, NO, s[2], string(s[3]), 0, s[4], s[5]) for s in GPU_SITES]))
        sections.append(section("GPU_KERNELS", "<QQIIII3I3III", [
            (k[0], k[1], k[2], string(k[3]), 0, k[4], *k[5], *k[6], k[7], k[8])
            for k in kernels(NORMALIZE_NS[variant])]))
        sections.append(section("GPU_TRANSFERS", "<QQQIIIBBBB", [
            (t[0], t[1], t[2], t[3], 0, t[4], t[5], t[6], t[7], 0) for t in TRANSFERS]))
        sections.append(section("GPU_SYNCS", "<QQIIII", [
            (s[0], s[1], s[2], s[3], s[4], 0) for s in SYNCS]))
        sections.append(section("GPU_MEMORY", "<QQQIIBBHI", [
            (m[0], m[1], m[2], m[3], 0, m[4], m[5], 0, 0) for m in MEMORY]))

    payload_end = strings_at + 16 + strings_size
    data[payload_end:payload_end] = added
    struct.pack_into("<Q", data, strings_at + 8, strings_size + len(added))
    data += b"".join(sections)
    struct.pack_into("<I", data, 16, section_count + len(sections))
    struct.pack_into("<Q", data, 24, len(data))
    with open(argv[2], "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main(sys.argv)
