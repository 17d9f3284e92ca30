// Fuzzes the genome reader and everything built on it. Properties checked: no crash, no hang,
// write(read(x)) == x, and assemble(to_text(read(x))) == x for every input read() accepts.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "genokit/genome/text.hpp"

using namespace genokit;
using namespace genokit::genome;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  Genome g;
  Diagnostics d;
  if (!read_any(bytes, g, d)) return 0;
  validate(g, d);
  for (const auto& x : d.items())
    if (x.where.offset < 0 || std::size_t(x.where.offset) > g.bytes.size())
      std::abort();  // offsets stay in range
  if (!looks_like_export(bytes) && write(g) != bytes) std::abort();
  std::string back;
  Diagnostics d2;
  if (!assemble(to_text(g), back, d2) || back != g.bytes) std::abort();
  (void)to_summary(g);
  (void)to_json(g).dump();
  if (!diff(g, g).empty()) std::abort();
  if (g.bytes.size() > 8192) return 0;  // the operators draw a random number per byte: keep runs fast
  Random rng(size);
  std::string m = mutate(g, Scheme::c1(), rng);
  if (m.size() != g.bytes.size()) std::abort();  // mutation never changes lengths
  if (g.genes.size() < 64) {
    std::string child = cross(g, g, "mum1", "dad1", Scheme::c3(), rng);
    Genome c;
    Diagnostics d3;
    read(child, c, d3);
  }
  return 0;
}
