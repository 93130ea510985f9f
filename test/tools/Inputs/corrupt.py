#!/usr/bin/env python3
"""Derives a broken (or oddly shaped) profile from a good one, for the reader's tests.

usage: corrupt.py IN OUT ACTION ARGS...

  truncate N                       keep only the first N bytes (N < 0: drop the last -N)
  set-u32 OFFSET VALUE             overwrite the little-endian u32 at OFFSET
  set-field SECTION INDEX FIELD VALUE
                                   overwrite the u32 at byte FIELD of record INDEX of the
                                   section named SECTION (RUN, STRINGS, ...: profile_sections.py)
  add-section KIND SIZE            append a section of kind KIND with SIZE zero bytes,
                                   updating section_count and file_size
  widen SECTION EXTRA              append EXTRA zero bytes to every record of SECTION, as a
                                   newer writer that added fields would, updating its
                                   entry_size and size and the file_size

A VALUE is a number (0x... for hex) or size-of:SECTION, the payload size of that section.
It prints one line saying where it wrote, so a test can capture the offset with FileCheck:
  set-field: VALUE at offset F in the record at offset R
The layout it walks is the one in docs/profile-format.md (version 1).
"""
import struct
import sys

from profile_sections import KIND

SECTION_KINDS = KIND  # by name, from profile_format.h


def sections(data):
    """Yields (kind, entry_size, header_offset, payload_offset, size) for each section."""
    header_size, section_count = struct.unpack_from("<II", data, 12)
    offset = header_size
    for _ in range(section_count):
        kind, entry_size, size = struct.unpack_from("<IIQ", data, offset)
        yield kind, entry_size, offset, offset + 16, size
        offset += 16 + size


def value_of(text, data):
    if text.startswith("size-of:"):
        kind = SECTION_KINDS[text[len("size-of:"):]]
        for section_kind, _, _, _, size in sections(data):
            if section_kind == kind:
                return size
        sys.exit("corrupt.py: no section " + text)
    return int(text, 0)


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    source, target, action, args = argv[1], argv[2], argv[3], argv[4:]
    with open(source, "rb") as f:
        data = bytearray(f.read())

    if action == "truncate":
        data = data[:int(args[0])]
        print("truncate: kept {} bytes".format(len(data)))
    elif action == "set-u32":
        offset, value = int(args[0], 0), value_of(args[1], data)
        struct.pack_into("<I", data, offset, value)
        print("set-u32: {} at offset {}".format(value, offset))
    elif action == "set-field":
        kind = SECTION_KINDS[args[0]]
        index, field, value = int(args[1]), int(args[2]), value_of(args[3], data)
        for section_kind, entry_size, _, payload, size in sections(data):
            if section_kind == kind:
                if (index + 1) * entry_size > size:
                    sys.exit("corrupt.py: {} has no record {}".format(args[0], index))
                record = payload + index * entry_size
                struct.pack_into("<I", data, record + field, value)
                print("set-field: {} at offset {} in the record at offset {}".format(
                    value, record + field, record))
                break
        else:
            sys.exit("corrupt.py: no section " + args[0])
    elif action == "add-section":
        kind, size = int(args[0]), int(args[1])
        data += struct.pack("<IIQ", kind, 0, size) + bytes(size)
        section_count = struct.unpack_from("<I", data, 16)[0]
        struct.pack_into("<I", data, 16, section_count + 1)
        struct.pack_into("<Q", data, 24, len(data))
        print("add-section: {} bytes in all".format(len(data)))
    elif action == "widen":
        kind, extra = SECTION_KINDS[args[0]], int(args[1])
        for section_kind, entry_size, header, payload, size in sections(data):
            if section_kind == kind:
                records = [bytes(data[at:at + entry_size]) + bytes(extra)
                           for at in range(payload, payload + size, entry_size)]
                wider = b"".join(records)
                data[header:payload + size] = struct.pack(
                    "<IIQ", kind, entry_size + extra, len(wider)) + wider
                struct.pack_into("<Q", data, 24, len(data))
                print("widen: {} records of {} bytes".format(len(records), entry_size + extra))
                break
        else:
            sys.exit("corrupt.py: no section " + args[0])
    else:
        sys.exit("corrupt.py: unknown action " + action)

    with open(target, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main(sys.argv)
