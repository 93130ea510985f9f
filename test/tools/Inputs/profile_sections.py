"""The section kinds and record sizes of runtime/include/hotline/profile_format.h, read from
the header itself (its HOTLINE_SECTIONS list and its static_asserts), for the scripts here
that write sections into test profiles.

KIND["SYSTEM"] is 17; RECORD_SIZE["SYSTEM"] is sizeof(hotline_system_record), 32.
section(name, record_format, records) packs a section of records, and refuses a format whose
size is not the header's record size (older_size: a record's earlier version, which readers
still accept).
"""
import os
import re
import struct

HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "runtime",
                      "include", "hotline", "profile_format.h")

with open(HEADER) as _f:
    _TEXT = _f.read()

_SECTIONS = re.findall(r"X\((\w+), (\d+), ([\w ]+), \w+\)", _TEXT)
_SIZES = {m[0]: int(m[1]) for m in re.findall(r"static_assert\(sizeof\((\w+)\) == (\d+)", _TEXT)}
_SIZES.update({"uint64_t": 8, "uint32_t": 4, "void": 0})

KIND = {name: int(number) for name, number, _ in _SECTIONS}
RECORD_SIZE = {name: _SIZES[record.replace("struct ", "")] for name, _, record in _SECTIONS}
if not KIND or "SYSTEM" not in KIND:
    raise SystemExit("profile_sections.py: no HOTLINE_SECTIONS list in " + HEADER)


def section(name, record_format, records, older_size=None):
    """Section NAME holding RECORDS (tuples) packed with RECORD_FORMAT."""
    entry_size = struct.calcsize(record_format)
    expected = older_size if older_size is not None else RECORD_SIZE[name]
    if entry_size != expected:
        raise SystemExit("profile_sections.py: a %s record packed as %r is %d bytes, "
                         "profile_format.h's is %d" % (name, record_format, entry_size, expected))
    if older_size is not None and older_size >= RECORD_SIZE[name]:
        raise SystemExit("profile_sections.py: %d bytes is not an older %s record"
                         % (older_size, name))
    payload = b"".join(struct.pack(record_format, *record) for record in records)
    return struct.pack("<IIQ", KIND[name], entry_size, len(payload)) + payload
