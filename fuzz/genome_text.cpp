// Fuzzes the genome text-form assembler: no crash or hang on any text, diagnostics positioned in
// the text, and text that assembles round-trips through the reader and the text writer.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "genokit/genome/text.hpp"

using namespace genokit;
using namespace genokit::genome;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::string bytes;
  Diagnostics d;
  bool ok = assemble(text, bytes, d);
  for (const auto& x : d.items())
    if (x.where.line == 0 || x.where.offset < 0 || std::size_t(x.where.offset) > size) std::abort();
  if (!ok) return 0;
  Genome g;
  Diagnostics d2;
  if (!read(bytes, g, d2)) return 0;
  std::string again;
  Diagnostics d3;
  if (!assemble(to_text(g), again, d3) || again != bytes) std::abort();
  return 0;
}
