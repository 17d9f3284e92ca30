// libFuzzer target: the XODE reader, validator and both scene builders (lenient and strict), and
// the writer's round trip. Nothing may crash, hang or leak; a document that reads must write back
// to a document that reads to an equal tree. Scenes that resolve are also built in ODE
// (genokit_physics), read back and stepped, so every ODE abort genokit's checks must prevent is
// reached. (When ODE stops inside a step it keeps that step's job record: LeakSanitizer is told
// to ignore what is allocated during steps; AddressSanitizer still checks every access.)
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <sanitizer/lsan_interface.h>

#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace genokit::xode;
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  for (Compat c : {Compat::standard, Compat::pyode, Compat::pybrain}) {
    LoadOptions lo;
    lo.build.compat = c;
    lo.read.lenient = c != Compat::pyode;
    genokit::Diagnostics d;
    if (auto l = load(bytes, d, lo)) {
      genokit::Diagnostics dw;
      if (auto w = genokit::physics::build_world(l->scene, dw, {&l->doc})) {
        (void)w->snapshot();
        __lsan_disable();
        for (int i = 0; i < 2 && w->step(dw); ++i) {
        }
        __lsan_enable();
      }
    }
  }
  // The writer's round trip.
  ReadOptions ro;
  ro.lenient = true;
  genokit::Diagnostics d;
  auto doc = read_document(bytes, d, ro);
  if (!doc) return 0;
  std::string text = write_document(*doc);
  genokit::Diagnostics d2;
  auto again = read_document(text, d2, ro);
  if (!again || !equal_documents(*doc, *again)) std::abort();
  return 0;
}
