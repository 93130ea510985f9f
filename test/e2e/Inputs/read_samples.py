"""Summarizes the sampling sections of a profile for line-sampling.c (until `hotline` reads
them): which sections there are, the sampling record, and where the hottest address is."""
import struct
import subprocess
import sys

NAMES = {1: "RUN", 2: "STRINGS", 3: "MODULES", 4: "SITES", 5: "SITE_COUNTS", 6: "THREADS",
         7: "CALL_TREE", 8: "TIMING_COST", 9: "TIMING_STOPPED", 10: "SAMPLING", 11: "OBJECTS",
         12: "SAMPLES", 13: "HEAP", 14: "MEMORY_SITES", 15: "FILES", 16: "IO_SITES",
         17: "SYSTEM", 18: "SYSTEM_SAMPLES", 19: "REGIONS",
         20: "COUNTERS", 21: "SYNC_SITES", 37: "OBJECT_BUILD_IDS"}

data = open(sys.argv[1], "rb").read()
_, _, header_size, section_count, _, file_size = struct.unpack_from("<8sIIIIQ", data, 0)
assert file_size == len(data)
offset, sections, order = header_size, {}, []
for _ in range(section_count):
    kind, entry_size, size = struct.unpack_from("<IIQ", data, offset)
    sections[kind] = data[offset + 16:offset + 16 + size]
    order.append(NAMES.get(kind, str(kind)))
    offset += 16 + size
print("sections", " ".join(order))
if 10 not in sections:
    sys.exit(0)

strings = sections[2]
def string(at):
    return strings[at:strings.index(b"\0", at)].decode()

period_ns, samples, dropped, method, _ = struct.unpack("<QQQII", sections[10])
print(f"period {period_ns} ns")
print(f'method "{string(method)}"' if not string(method) else f"method {string(method)}")
records = [struct.unpack_from("<QIIQ", sections[12], at) for at in range(0, len(sections[12]), 24)]
if samples == 0:
    print("no samples" if not records else "samples 0 but SAMPLES has records")
    sys.exit(0)
total = sum(count for _, _, _, count in records)
print(f"samples between 1500 and 2500, none dropped, all in SAMPLES"
      if 1500 <= samples <= 2500 and dropped == 0 and total == samples
      else f"samples {samples}, dropped {dropped}, SAMPLES total {total}")

run_program = struct.unpack_from("<I", sections[1], 64)[0]
load_address, path, _ = struct.unpack_from("<QII", sections[11], 0)
print("object 0 is the program" if string(path) == string(run_program) else f"object 0 is {string(path)}")
address, obj, _, _ = max(records, key=lambda record: record[3])
if obj == 0xffffffff:
    print(f"hottest address {address:#x} is in no object")
else:
    objects = sections[11]
    object_path = string(struct.unpack_from("<QII", objects, obj * 16)[1])
    symbolized = subprocess.run(["llvm-symbolizer", f"--obj={object_path}", f"{address:#x}"],
                                capture_output=True, text=True).stdout.split("\n")[0]
    print(f"hottest address in {symbolized}")
