"""A profile's sections and records, read from the layout of docs/profile-format.md directly (for
the test scripts here, so that they check the runtime's writer independently of `hotline`)."""
import struct


def sections(data):
    """{section kind: (payload offset, entry size, payload size)}."""
    count = struct.unpack_from("<I", data, 16)[0]
    offset, found = 32, {}
    for _ in range(count):
        kind, entry_size, size = struct.unpack_from("<IIQ", data, offset)
        found[kind] = (offset + 16, entry_size, size)
        offset += 16 + size
    return found


def records(data, found, kind):
    """The records of section `kind` as byte strings; [] when the profile has none."""
    if kind not in found:
        return []
    start, entry_size, size = found[kind]
    return [data[start + i * entry_size:start + (i + 1) * entry_size] for i in range(size // entry_size)]
