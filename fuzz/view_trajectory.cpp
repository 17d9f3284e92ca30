// libFuzzer target: the trajectory reader of genokit view on arbitrary bytes, then the page data
// built from what it accepts (thinning, JSON with the frame codec). Every error must carry a
// position; every accepted page must have frames of the sizes its body gives.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "genokit/view/html.hpp"
#include "genokit/view/read.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  genokit::Diagnostics d;
  auto page = genokit::view::read_trajectory(text, d, {"fuzz.json"});
  for (const auto& x : d.items())
    if (x.severity == genokit::Severity::error && x.where.line == 0) {
      std::fprintf(stderr, "error without a position: %s\n", x.message.c_str());
      std::abort();
    }
  if (!page) return 0;
  const auto& s = page->scenes.at(0);
  const auto& f = s.frames;
  if (!s.creature || f.parts.values.size() != 3 * s.creature->parts.size() * f.count ||
      f.com.values.size() != 3 * f.count) {
    std::fprintf(stderr, "frames do not match the body\n");
    std::abort();
  }
  genokit::view::thin_frames(*page, 1000);
  (void)genokit::view::page_json(*page);
  return 0;
}
