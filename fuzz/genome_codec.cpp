// Fuzzes the genome reader and everything built on it. Properties checked: no crash, no hang,
// write(read(x)) == x (the encoder rebuilds the file from the decoded genes), and
// assemble(to_text(g)) == write(g) for every input read() accepts (exports included).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "genokit/genome/ops.hpp"
#include "genokit/genome/text.hpp"

using namespace genokit;
using namespace genokit::genome;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  Diagnostics d;
  auto read_genome = read(bytes, d, {.accept_export = true});
  if (!read_genome) return 0;
  const Genome& g = *read_genome;
  validate(g, d);
  const std::string written = write(g);
  if (written.size() != g.size()) std::abort();
  for (const auto& x : d.items()) {  // errors and warnings are placed in the genome; a note may not be
    const bool placed = x.where.offset >= 0 && std::size_t(x.where.offset) <= written.size();
    if (!placed && (x.severity != Severity::note || x.where.offset >= 0)) std::abort();
  }
  if (detect_version(bytes) != Version::unknown && written != bytes) std::abort();  // not an export
  Diagnostics d2;
  if (assemble(to_text(g), d2) != written) std::abort();
  (void)to_summary(g);
  (void)to_json(g);
  if (!diff(g, g).empty()) std::abort();
  if (written.size() > 8192) return 0;  // the operators draw a random number per byte: keep runs fast
  Random rng(size);
  Genome m = mutate(g, rng);
  if (write(m).size() != written.size()) std::abort();  // mutation never changes lengths
  if (g.genes.size() < 64) {
    Genome child = cross(g, g, rng, {Scheme::c3(), "mum1", "dad1"});
    Diagnostics d3;
    (void)read(write(child), d3);
  }
  return 0;
}
