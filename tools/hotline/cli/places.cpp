#include "cli/places.h"

#include "cli/readable_names.h"
#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::text {

std::string file_line(const std::string &file, uint32_t line) {
  if (file.empty())
    return "-";
  if (line == 0)
    return printable(file);
  return fmt::format("{}:{}", printable(file), line);
}

std::string place_location(const analysis::RecordPlace &place) {
  if (place.source == analysis::PlaceSource::None)
    return "";
  std::string at =
      place.line ? fmt::format("{}:{}", printable(place.file), place.line) : printable(place.file);
  if (place.source == analysis::PlaceSource::TimedCall)
    return fmt::format("{} ({})", at, display_name(place.function));
  return at;
}

std::string gpu_call_location(const analysis::GpuCallPlace &site) {
  if (!site.known)
    return "unknown launch site";
  std::string at = place_location(site.place);
  if (!at.empty())
    return at;
  return site.place.via.empty() ? "(outside timed calls)"
                                : "(outside timed calls, via " + printable(site.place.via) + ")";
}

std::string device_label(const analysis::DeviceTimeline &device, bool with_profile) {
  std::string label = fmt::format("device {}", device.device);
  if (!device.name.empty())
    label += " (" + printable(device.name) + ")";
  if (with_profile)
    label = printable(device.profile) + ": " + label;
  return label;
}

} // namespace hotline::text
