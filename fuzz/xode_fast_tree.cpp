// libFuzzer target: xode::load's fast path for the PyODE modes (src/xode/fast_tree.cpp,
// fast_load.cpp) against the usual path. Whatever the scan accepts, pugixml must read into the
// same elements, attributes and trailing comments; and a load in --compat pyode/pybrain must give
// the same result, diagnostics, scene and document as read_document + build_scene.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "genokit/xode/load.hpp"
#include "xode/build_common.hpp"
#include "xode/document_data.hpp"
#include "xode/fast_tree.hpp"
#include "xode/pugi_view.hpp"
#include "xode/tree_dump.hpp"

namespace {

std::string diags_text(const genokit::Diagnostics& d) {
  std::string s;
  for (const auto& x : d.items())
    s += std::to_string(x.where.line) + ":" + std::to_string(x.where.column) + " " + x.code + " " +
         x.message + "\n";
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace genokit::xode;
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::string_view body = bytes.substr(0, 3) == "\xEF\xBB\xBF" ? bytes.substr(3) : bytes;
  FastTree t;
  if (t.scan(body, 256, 5'000'000)) {
    pugi::xml_document d;
    const std::string copy(body);
    if (!d.load_buffer(copy.data(), copy.size(), kParseFlags, pugi::encoding_utf8)) std::abort();
    if (!d.document_element() || dump_tree(t.root()) != dump_tree(d.document_element().internal_object()))
      std::abort();
  }
  for (Compat c : {Compat::pyode, Compat::pybrain}) {
    for (bool lenient : {false, true}) {
      Loaded a, b;
      genokit::Diagnostics da, db;
      LoadOptions lo;
      lo.compat = c;
      lo.lenient = lenient;
      const bool ok_a = load(bytes, lo, a, da);
      ReadOptions ro;
      ro.lenient = lenient;
      b.read_ok = read_document(bytes, ro, b.doc, db);
      bool ok_b = false;
      if (b.read_ok && db.error_count() == 0) {
        BuildOptions bo;
        bo.compat = c;
        ok_b = build_scene(b.doc, bo, b.scene, db) && db.error_count() == 0;
      }
      if (ok_a != ok_b || a.read_ok != b.read_ok || diags_text(da) != diags_text(db)) std::abort();
      // As text: NaN fields compare unequal as JSON values.
      if (scene_json(a.scene).dump() != scene_json(b.scene).dump()) std::abort();
      if (a.read_ok && (a.doc.text() != b.doc.text() || !equal_documents(a.doc, b.doc))) std::abort();
    }
  }
  return 0;
}
