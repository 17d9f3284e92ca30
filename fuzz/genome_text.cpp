// Fuzzes the genome text-form assembler: no crash or hang on any text, diagnostics positioned in
// the text, and text that assembles round-trips through the decoder, the text writer and the
// encoder.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "genokit/genome/text.hpp"

using namespace genokit;
using namespace genokit::genome;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  Diagnostics d;
  auto bytes = assemble(text, d);
  for (const auto& x : d.items())
    if (x.where.line == 0 || x.where.offset < 0 || std::size_t(x.where.offset) > size) std::abort();
  if (!bytes) return 0;
  Diagnostics d2;
  auto g = read(*bytes, d2);
  if (!g) return 0;
  if (write(*g) != *bytes) std::abort();
  Diagnostics d3;
  if (assemble(to_text(*g), d3) != *bytes) std::abort();
  return 0;
}
