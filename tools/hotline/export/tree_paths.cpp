// Call paths shared by the stack formats: where each call node went in the
// merged call tree, and function names as frames.
#include "export/export.h"

#include <hotline/profile_format.h>

namespace hotline::exports {

std::string frame_name(const std::string &name, bool inlined) {
  std::string frame = inlined ? name + kInlinedFrameSuffix : name;
  for (char &c : frame)
    if (c == ';')
      c = ',';
    else if (c == '\n' || c == '\r')
      c = ' ';
  return frame;
}

} // namespace hotline::exports
