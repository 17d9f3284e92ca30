// xode::load's path for --compat pyode/pybrain on plain files: the PyODE-mode builder walks a
// FastTree (fast_tree.hpp) instead of pugixml's tree, and pugixml parses the text only when
// something asks the loaded Document for its tree (Document::data()). The result is the same as
// read_document + build_pyode: the fast path accepts only files that read_document reads without
// a repair, a warning or an error (a UTF-8 BOM, noted the same way, is the one exception), and
// the builder makes the same scene from either tree. Every other file goes the usual way.
#include "xode/fast_load.hpp"

#include "xode/build_common.hpp"
#include "xode/document_data.hpp"
#include "xode/fast_tree.hpp"
#include "xode/reader_parts.hpp"

namespace genokit::xode {

bool load_fast(std::string_view bytes, const LoadOptions& opt, Loaded& out, Diagnostics& diags,
               bool& result) {
  if (opt.compat == Compat::standard) return false;
  std::string_view body = bytes;
  const bool bom = body.substr(0, 3) == "\xEF\xBB\xBF";
  if (bom) body.remove_prefix(3);
  FastTree& tree = thread_fast_tree();
  const ReadOptions limits;  // read_document's limits (load uses the defaults)
  if (!tree.scan(body, limits.max_depth, limits.max_elements)) return false;

  Document& doc = out.doc;
  doc.reset();
  doc.file = opt.file;
  doc.had_bom = bom;
  doc.declared_encoding = declared_encoding(body);
  DocumentData& data = doc.data();
  data.text.assign(body);
  data.element_count = tree.element_count();
  data.dom_pending = true;
  if (bom) note_bom(doc, diags);
  out.read_ok = true;

  const std::size_t before = diags.error_count();
  BuildOptions bo;
  bo.compat = opt.compat;
  bo.trimesh_index_base = opt.trimesh_index_base;
  out.scene = Scene{};
  out.scene.compat = opt.compat;
  PyodeTree t;
  t.root = tree.root();
  t.buffer = tree.buffer();
  t.buffer_size = tree.size();
  t.element_count = tree.element_count();
  out.scene_ok = build_pyode_tree(doc, t, bo, out.scene, diags) && diags.error_count() == before;
  tree.trim();
  result = out.scene_ok;
  return true;
}

}  // namespace genokit::xode
