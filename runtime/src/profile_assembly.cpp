// Lays out the profile file from its sections' payloads (profile_assembly.h).
#include "profile_assembly.h"

#include <string.h>

namespace hotline::rt {

void assemble_profile(const ProfileSections &sections, AssembledProfile &out) {
  hotline_file_header &header = out.header;
  header = {};
  memcpy(header.magic, HOTLINE_PROFILE_MAGIC, sizeof header.magic);
  header.version = HOTLINE_PROFILE_VERSION;
  header.header_size = sizeof header;
  header.file_size = sizeof header;
  out.piece_count = 0;
  out.out_of_memory = false;
  out.pieces[out.piece_count++] = {&header, sizeof header};
  auto add = [&](uint32_t kind, uint32_t entry_size, const SectionPayload &payload) {
    if (!payload.bytes || !payload.written)
      return;
    const ByteBuffer &bytes = *payload.bytes;
    hotline_section_header &section_header = out.section_headers[header.section_count++];
    section_header = {kind, entry_size, bytes.size()};
    out.pieces[out.piece_count++] = {&section_header, sizeof section_header};
    out.pieces[out.piece_count++] = {const_cast<char *>(bytes.data()), bytes.size()};
    header.file_size += sizeof section_header + bytes.size();
    out.out_of_memory |= bytes.failed();
  };
#define HOTLINE_SECTION_ADD(NAME, number, record, name)                                            \
  add(HOTLINE_SECTION_##NAME, hotline_entry_size<record>, sections.name);
  HOTLINE_SECTIONS(HOTLINE_SECTION_ADD)
#undef HOTLINE_SECTION_ADD
}

} // namespace hotline::rt
