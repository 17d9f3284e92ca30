// libFuzzer target: the f0 parser, model builder, validator, lint, writer, JSON, table and renderer
// on arbitrary bytes. Valid genotypes must survive a write/parse round trip unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "genokit/f0/json.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/f0/render.hpp"
#include "genokit/f0/table.hpp"
#include "genokit/f0/writer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  genokit::f0::ParseOptions opt;
  if (size > 0 && (data[0] & 1)) opt.order = genokit::f0::PropertyOrder::spec;
  genokit::Diagnostics d;
  genokit::f0::Model m = genokit::f0::parse(text, d, opt);
  (void)genokit::f0::to_table(m);
  (void)genokit::f0::to_json(m);
  if (m.parts.size() < 200) (void)genokit::f0::render_svg(m);
  if (!m.valid) return 0;
  const std::string once = genokit::f0::write_genotype(m);
  // NaN/inf are written as the SDK does (not readable back), so only finite models must round-trip.
  if (once.find("NaN") != std::string::npos || once.find("Inf") != std::string::npos) return 0;
  genokit::Diagnostics d2;
  genokit::f0::Model again = genokit::f0::parse(once, d2);
  if (!again.valid) {
    std::fprintf(stderr, "canonical text is invalid:\n%s\n", once.c_str());
    std::abort();
  }
  const std::string twice = genokit::f0::write_genotype(again);
  if (twice != once) {
    std::fprintf(stderr, "not a fixed point:\n%s---\n%s\n", once.c_str(), twice.c_str());
    std::abort();
  }
  return 0;
}
