// libFuzzer target: the XODE reader, validator and both scene builders (lenient and strict), and
// the writer's round trip. Nothing may crash, hang or leak; a document that reads must write back
// to a document that reads to an equal tree.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "genokit/xode/load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace genokit::xode;
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  for (Compat c : {Compat::standard, Compat::pyode, Compat::pybrain}) {
    LoadOptions lo;
    lo.compat = c;
    lo.lenient = c != Compat::pyode;
    Loaded l;
    genokit::Diagnostics d;
    load(bytes, lo, l, d);
    if (c != Compat::standard || !l.read_ok) continue;
    std::string text = write_document(l.doc);
    Document again;
    genokit::Diagnostics d2;
    ReadOptions ro;
    ro.lenient = true;
    if (!read_document(text, ro, again, d2) || !equal_documents(l.doc, again)) std::abort();
  }
  return 0;
}
