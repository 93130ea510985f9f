// Lays out the profile file from its sections' payloads: the pure step of writing a profile,
// between collecting the runtime's state and publishing the file (profile_writer.cpp).
#pragma once

#include "byte_buffer.h"

#include <hotline/profile_format.h>

#include <sys/uio.h>

namespace hotline::rt {

// One section's payload as collected: absent (bytes null, the default) or left out
// (written false) means the file has no such section, which readers tell from an empty one.
struct SectionPayload {
  const ByteBuffer *bytes = nullptr;
  bool written = true;
};

// Every section the file may hold, one field per HOTLINE_SECTIONS line, named by it.
struct ProfileSections {
#define HOTLINE_SECTION_PAYLOAD(NAME, number, record, name) SectionPayload name;
  HOTLINE_SECTIONS(HOTLINE_SECTION_PAYLOAD)
#undef HOTLINE_SECTION_PAYLOAD
};

#define HOTLINE_SECTION_ONE(NAME, number, record, name) +1
constexpr int kSectionKinds = 0 HOTLINE_SECTIONS(HOTLINE_SECTION_ONE);
#undef HOTLINE_SECTION_ONE

// The profile's bytes as the pieces of one writev, in order: the file header, then each
// written section's header and payload, in HOTLINE_SECTIONS' order. The payloads are not
// copied: the pieces point into them, and into this object (which therefore stays put).
struct AssembledProfile {
  AssembledProfile() = default;
  AssembledProfile(const AssembledProfile &) = delete;
  AssembledProfile &operator=(const AssembledProfile &) = delete;

  hotline_file_header header{};
  hotline_section_header section_headers[kSectionKinds]{};
  iovec pieces[1 + 2 * kSectionKinds]{};
  int piece_count = 0;
  bool out_of_memory = false; // a written payload ran out of memory while it was collected
};

// Fills `out` from the payloads: no allocation, no system call.
void assemble_profile(const ProfileSections &sections, AssembledProfile &out);

} // namespace hotline::rt
