// libFuzzer target: the XODE reader, validator and both scene builders (lenient and strict), and
// the writer's round trip. Nothing may crash, hang or leak; a document that reads must write back
// to a document that reads to an equal tree; the direct reads of pugi_view.hpp must agree with
// pugixml's API on every tree. Scenes that resolve are also built in ODE (genokit_physics).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"
#include "xode/document_data.hpp"
#include "xode/pugi_view.hpp"

namespace {

// pugi_view.hpp reads pugixml's nodes without the API: it must agree with the API on every tree
// (repaired ones included).
void check_view(pugi::xml_node n) {
  namespace pv = genokit::xode::pv;
  pv::Node p = n.internal_object();
  if (pv::first_child(p) != n.first_child().internal_object() ||
      pv::next_sibling(p) != n.next_sibling().internal_object() ||
      pv::parent(p) != n.parent().internal_object() || pv::type(p) != n.type() ||
      std::string_view(pv::name(p)) != n.name() || std::string_view(pv::value(p)) != n.value() ||
      pv::first_attribute(p) != n.first_attribute().internal_object())
    std::abort();
  for (pugi::xml_attribute a = n.first_attribute(); a; a = a.next_attribute()) {
    pv::Attr q = a.internal_object();
    if (std::string_view(pv::name(q)) != a.name() || std::string_view(pv::value(q)) != a.value() ||
        pv::next_attribute(q) != a.next_attribute().internal_object())
      std::abort();
  }
  for (pugi::xml_node c = n.first_child(); c; c = c.next_sibling()) check_view(c);
}

// ODE allocates a geom before its constructor checks the sizes, so a rejected size (negative,
// NaN) leaks the geom when the error handler jumps out (a diagnostic, physics.ode-error, not a
// crash). Such scenes are not built here, so that LeakSanitizer keeps reporting genokit's leaks.
bool ode_accepts_sizes(const genokit::xode::Scene& s) {
  for (const auto& g : s.geoms)
    if (g.shape != genokit::xode::Shape::plane)
      for (double p : g.params)
        if (!(p >= 0)) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace genokit::xode;
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  Loaded l;  // reused across the modes: reading into a used Document must start afresh
  for (Compat c : {Compat::standard, Compat::pyode, Compat::pybrain}) {
    LoadOptions lo;
    lo.compat = c;
    lo.lenient = c != Compat::pyode;
    genokit::Diagnostics d;
    load(bytes, lo, l, d);
    if (l.read_ok) check_view(l.doc.data().dom);
    if (l.scene_ok && ode_accepts_sizes(l.scene)) {  // in ODE (Worlds reuse memory per thread)
      genokit::physics::World w;
      genokit::Diagnostics dw;
      w.instantiate(l.scene, dw, &l.doc);
    }
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
