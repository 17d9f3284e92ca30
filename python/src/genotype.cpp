// genokit._genokit.genotype: genotypes of every encoding through the genotype door -> Model (parts,
// joints, neurons and connections as numpy columns), validation, canonical/converted f0 text, SVG,
// format detection, the genotypes of a file, and batches parsed on every core without the GIL.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arrays.hpp"
#include "bindings.hpp"
#include "genokit/core/file_io.hpp"
#include "genokit/core/parallel.hpp"
#include "genokit/f0/batch.hpp"
#include "genokit/f0/render.hpp"
#include "genokit/f0/writer.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/genotype/json.hpp"
#include "genokit/genotype/rewrite.hpp"
#include "model.hpp"

namespace genokit::python {

genotype::ReadOptions read_options(const std::optional<std::string>& format, const std::string& bare,
                                   bool lint, bool strict, bool mapping, bool f0_hinges) {
  genotype::ReadOptions opt;
  if (format) {
    std::string f = *format;
    if (f.size() > 1 && f[0] == 'f') f.erase(0, 1);  // "f1" means encoding "1"
    if (!genotype::find_encoding(f))
      throw py::value_error("format must be an encoding genokit reads (" + genotype::encoding_names("or") +
                            "), not '" + *format + "'");
    opt.format = f;
  }
  opt.bare = static_cast<genotype::Bare>(choice("bare", bare, {"f1", "f0", "guess"}));
  opt.lint = lint;
  opt.strict = strict;
  opt.mapping = mapping;
  if (f0_hinges) opt.f0.joints = f0::Joints::hinges;  // Framsticks 5.x hinge joints (docs/f0.md)
  return opt;
}

namespace {

using genotype::ElementKind;

// The door's verdict as an error: an invalid model whose reader gave no error still raises.
void raise_if_invalid(const PyModel& m) {
  if (m.g.model.valid && !m.diags.has_errors()) return;
  if (m.diags.has_errors()) raise_error(m.diags, ErrorKind::parse);
  Diagnostics d = m.diags;
  d.error("genotype.invalid", "the genotype does not make a valid creature");
  raise_error(d, ErrorKind::parse);
}

// Reads `text` (GIL released). nullptr when the door could not read it at all (reasons in diags).
ModelPtr read_text(std::string text, const genotype::ReadOptions& opt, const std::string& name) {
  auto m = std::make_shared<PyModel>();
  m->text = std::move(text);
  m->opt = opt;
  std::optional<genotype::Genotype> g;
  {
    py::gil_scoped_release unlocked;
    g = genotype::read(m->text, m->diags, opt);
  }
  if (!name.empty()) m->diags.set_file(name);
  if (!g) raise_error(m->diags, ErrorKind::parse);
  m->g = std::move(*g);
  return m;
}

ModelPtr parse(py::handle text, const std::optional<std::string>& format, const std::string& bare, bool lint,
               bool strict, bool mapping, const std::string& name, const std::string& errors,
               bool f0_hinges) {
  const genotype::ReadOptions opt = read_options(format, bare, lint, strict, mapping, f0_hinges);
  const bool raise = raises(errors);
  ModelPtr m = read_text(text_bytes(text, "genotype"), opt, name);
  if (raise) raise_if_invalid(*m);
  return m;
}

// A file's bare rule: as given, else f0 for a .f0 file and f1 otherwise (as `genokit render`).
std::string file_bare(const std::filesystem::path& path, const std::optional<std::string>& bare) {
  return bare ? *bare : path.extension() == ".f0" ? "f0" : "f1";
}

ModelPtr load(const std::filesystem::path& path, const std::string& selector,
              const std::optional<std::string>& format, const std::optional<std::string>& bare_arg, bool lint,
              bool strict, bool mapping, const std::string& errors, bool f0_hinges) {
  const std::string bare = file_bare(path, bare_arg);
  genotype::PickOptions po;
  po.read = read_options(std::nullopt, bare, lint, strict, mapping, f0_hinges);
  if (format) po.file.format = read_options(format, bare, lint, strict, mapping).format;
  po.file.bare = po.read.bare;
  const bool raise = raises(errors);
  auto m = std::make_shared<PyModel>();
  const std::string name = path.string();
  std::optional<std::string> bytes;
  std::optional<genotype::Picked> picked;
  {
    py::gil_scoped_release unlocked;
    bytes = read_file(name, m->diags);
    if (bytes) picked = genotype::pick(*bytes, name, selector, m->diags, po);
  }
  if (!bytes) raise_error(m->diags, ErrorKind::file);
  if (!picked) raise_error(m->diags, ErrorKind::parse);
  m->text = std::string(picked->source->text);
  m->g = std::move(picked->genotype);
  m->opt = po.read;
  if (raise) raise_if_invalid(*m);
  return m;
}

py::list read_file_genotypes(const std::filesystem::path& path, const std::optional<std::string>& format,
                             const std::optional<std::string>& bare_arg) {
  const std::string bare = file_bare(path, bare_arg);
  genotype::FileOptions fo;
  fo.bare = read_options(std::nullopt, bare, true, false, false).bare;
  if (format) fo.format = read_options(format, bare, true, false, false).format;
  Diagnostics diags;
  const std::string name = path.string();
  std::optional<std::string> bytes;
  genotype::GenotypeFile file;
  {
    py::gil_scoped_release unlocked;
    bytes = read_file(name, diags);
    if (bytes) file = genotype::read_genotypes(*bytes, name, diags, fo);
  }
  if (!bytes) raise_error(diags, ErrorKind::file);
  raise_if_errors(diags, ErrorKind::parse);
  py::list out;
  for (std::size_t i = 0; i < file.genotypes.size(); ++i) {
    const genotype::FileGenotype& g = file.genotypes[i];
    py::dict d;
    d["index"] = i;
    d["name"] = text(g.name);
    d["format"] = g.bad_header ? py::object(py::none()) : py::object(py::str(g.format));
    d["text"] = text(g.text);
    d["line"] = file.locate(g, 0).line;
    d["readable"] = g.readable();
    out.append(d);
  }
  return out;
}

std::string_view shape_name(f0::ShapeType t) {
  switch (t) {
    case f0::ShapeType::illegal:
      return "illegal";
    case f0::ShapeType::ball_and_stick:
      return "ball-and-stick";
    case f0::ShapeType::solids:
      return "solids";
    case f0::ShapeType::unknown:
      break;
  }
  return "unknown";
}

void put(double* out, const f0::Vec3& v) {
  out[0] = v.x, out[1] = v.y, out[2] = v.z;
}

template <class T, class Member>
py::array_t<double> vec_rows(const std::vector<T>& v, Member member) {
  return rows<3>(v.size(), [&](std::size_t i, double* out) { put(out, v[i].*member); });
}

template <class T, class Member>
py::array_t<double> num_col(const std::vector<T>& v, Member member) {
  return column<double>(v.size(), [&](std::size_t i) { return v[i].*member; });
}

template <class T>
py::array_t<std::int32_t> line_col(const std::vector<T>& v) {
  return column<std::int32_t>(v.size(), [&](std::size_t i) { return v[i].src.line; });
}

py::object parts_table(const f0::Model& m) {
  const auto& p = m.parts;
  py::dict c;
  c["position"] = vec_rows(p, &f0::Part::pos);
  c["rotation"] = vec_rows(p, &f0::Part::rot);
  py::array_t<double> orient({static_cast<py::ssize_t>(p.size()), py::ssize_t{3}, py::ssize_t{3}});
  double* o = orient.mutable_data();
  for (std::size_t i = 0; i < p.size(); ++i) {
    put(o + 9 * i, p[i].orient.x);
    put(o + 9 * i + 3, p[i].orient.y);
    put(o + 9 * i + 6, p[i].orient.z);
  }
  c["orientation"] = orient;
  c["sh"] = column<std::int32_t>(p.size(), [&](std::size_t i) { return p[i].sh; });
  c["s"] = num_col(p, &f0::Part::s);
  c["scale"] = vec_rows(p, &f0::Part::scale);
  c["h"] = num_col(p, &f0::Part::h);
  c["dn"] = num_col(p, &f0::Part::dn);
  c["fr"] = num_col(p, &f0::Part::fr);
  c["ing"] = num_col(p, &f0::Part::ing);
  c["as"] = num_col(p, &f0::Part::as);
  c["vs"] = num_col(p, &f0::Part::vs);
  c["color"] = vec_rows(p, &f0::Part::color);
  c["mass"] = num_col(p, &f0::Part::mass);
  c["info"] = strings(p.size(), [&](std::size_t i) { return std::string_view(p[i].info); });
  c["vstyle"] = strings(p.size(), [&](std::size_t i) { return std::string_view(p[i].vstyle); });
  c["line"] = line_col(p);
  return table("parts", p.size(), c);
}

py::object joints_table(const f0::Model& m) {
  const auto& j = m.joints;
  py::dict c;
  c["p1"] = column<std::int32_t>(j.size(), [&](std::size_t i) { return j[i].p1; });
  c["p2"] = column<std::int32_t>(j.size(), [&](std::size_t i) { return j[i].p2; });
  c["rotation"] = vec_rows(j, &f0::Joint::rot);
  c["delta"] = vec_rows(j, &f0::Joint::d);
  c["use_delta"] = column<bool>(j.size(), [&](std::size_t i) { return j[i].use_delta; });
  c["sh"] = column<std::int32_t>(j.size(), [&](std::size_t i) { return j[i].sh; });
  c["length"] = num_col(j, &f0::Joint::length);
  c["stif"] = num_col(j, &f0::Joint::stif);
  c["rotstif"] = num_col(j, &f0::Joint::rotstif);
  c["stam"] = num_col(j, &f0::Joint::stam);
  c["hinge_position"] = vec_rows(j, &f0::Joint::hinge_pos);
  c["hinge_rotation"] = vec_rows(j, &f0::Joint::hinge_rot);
  c["hxn"] = num_col(j, &f0::Joint::hxn);
  c["hxp"] = num_col(j, &f0::Joint::hxp);
  c["hyn"] = num_col(j, &f0::Joint::hyn);
  c["hyp"] = num_col(j, &f0::Joint::hyp);
  c["color"] = vec_rows(j, &f0::Joint::color);
  c["info"] = strings(j.size(), [&](std::size_t i) { return std::string_view(j[i].info); });
  c["vstyle"] = strings(j.size(), [&](std::size_t i) { return std::string_view(j[i].vstyle); });
  c["line"] = line_col(j);
  return table("joints", j.size(), c);
}

py::object neurons_table(const f0::Model& m) {
  const auto& n = m.neurons;
  py::dict c;
  c["class_name"] = strings(n.size(), [&](std::size_t i) { return std::string_view(n[i].class_name); });
  c["details"] = strings(n.size(), [&](std::size_t i) { return std::string_view(n[i].details); });
  c["params"] = strings(n.size(), [&](std::size_t i) { return std::string_view(n[i].params); });
  c["part"] = column<std::int32_t>(n.size(), [&](std::size_t i) { return n[i].part; });
  c["joint"] = column<std::int32_t>(n.size(), [&](std::size_t i) { return n[i].joint; });
  c["input_count"] = column<std::int32_t>(n.size(), [&](std::size_t i) { return n[i].inputs.size(); });
  c["known_class"] = column<bool>(n.size(), [&](std::size_t i) { return n[i].known_class; });
  c["info"] = strings(n.size(), [&](std::size_t i) { return std::string_view(n[i].info); });
  c["vstyle"] = strings(n.size(), [&](std::size_t i) { return std::string_view(n[i].vstyle); });
  c["line"] = line_col(n);
  return table("neurons", n.size(), c);
}

py::object connections_table(const f0::Model& m) {
  const auto& k = m.connections;
  py::dict c;
  c["target"] = column<std::int32_t>(k.size(), [&](std::size_t i) { return k[i].target; });
  c["source"] = column<std::int32_t>(k.size(), [&](std::size_t i) { return k[i].source; });
  c["weight"] = num_col(k, &f0::Connection::weight);
  c["info"] = strings(k.size(), [&](std::size_t i) { return std::string_view(k[i].info); });
  c["line"] = line_col(k);
  return table("connections", k.size(), c);
}

// A table, made once.
py::object cached(py::object& slot, const f0::Model& m, py::object (*make)(const f0::Model&)) {
  if (!slot) slot = make(m);
  return slot;
}

ElementKind element_kind(const std::string& kind) {
  return static_cast<ElementKind>(choice("kind", kind, {"part", "joint", "neuron", "connection"}));
}

py::tuple map_entry(const genotype::MapEntry& e) {
  return py::make_tuple(e.begin, e.end, std::string(genotype::to_string(e.kind)), e.index);
}

// ---- batches ------------------------------------------------------------------------------------

// The results of many genotypes, in input order.
struct Batch {
  std::vector<f0::BatchResult> results;
  std::vector<std::string> formats;  // per genotype ("" when its header is malformed)
  bool kept_models = false;
  py::tuple texts;  // the genotypes (with keep_models: the models' texts)
  genotype::ReadOptions opt;
};

// The texts of a sequence of str/bytes, and a tuple holding them (their bytes stay valid while it
// lives, whatever the caller does with its list meanwhile).
struct Texts {
  py::tuple owner;
  std::vector<std::string_view> views;
};

Texts texts_arg(py::handle seq) {
  if (PyUnicode_Check(seq.ptr()) || PyBytes_Check(seq.ptr()))
    throw py::type_error("expected a sequence of genotypes (a list of str), not one " +
                         std::string(PyUnicode_Check(seq.ptr()) ? "str" : "bytes"));
  PyObject* t = PySequence_Tuple(seq.ptr());
  if (!t) {
    PyErr_Clear();
    throw py::type_error("expected a sequence of genotypes (a list of str), not " +
                         py::str(py::type::of(seq).attr("__name__")).cast<std::string>());
  }
  Texts out;
  out.owner = py::reinterpret_steal<py::tuple>(t);
  const Py_ssize_t n = PyTuple_GET_SIZE(t);
  out.views.reserve(static_cast<std::size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* o = PyTuple_GET_ITEM(t, i);
    Py_ssize_t len = 0;
    if (PyUnicode_Check(o)) {
      const char* p = PyUnicode_AsUTF8AndSize(o, &len);
      if (!p) throw py::error_already_set();
      out.views.emplace_back(p, static_cast<std::size_t>(len));
    } else if (PyBytes_Check(o)) {
      char* p = nullptr;
      PyBytes_AsStringAndSize(o, &p, &len);
      out.views.emplace_back(p, static_cast<std::size_t>(len));
    } else {
      throw py::type_error("genotype " + std::to_string(i) + " must be str or bytes, not " +
                           py::str(py::type::of(py::handle(o)).attr("__name__")).cast<std::string>());
    }
  }
  return out;
}

std::shared_ptr<Batch> parse_many(py::handle seq, const std::optional<std::string>& format,
                                  const std::string& bare, bool lint, unsigned threads, bool keep_models) {
  const genotype::ReadOptions opt = read_options(format, bare, lint, false, false);
  const Texts texts = texts_arg(seq);
  auto b = std::make_shared<Batch>();
  b->kept_models = keep_models;
  b->opt = opt;
  if (keep_models) b->texts = texts.owner;
  {
    py::gil_scoped_release unlocked;
    const std::size_t n = texts.views.size();
    b->formats.resize(n);
    bool all_f0 = true;
    for (std::size_t i = 0; i < n; ++i) {
      b->formats[i] = genotype::format_of(texts.views[i], opt);
      all_f0 = all_f0 && b->formats[i] == "0";
    }
    if (all_f0) {
      // f0 is the model's own text: the library's batch parser, every core.
      f0::BatchOptions bo;
      bo.parse = opt.f0;
      bo.parse.lint = opt.lint;
      bo.threads = threads;
      bo.keep_models = keep_models;
      b->results = f0::parse_many(texts.views, bo);
    } else {
      b->results.resize(n);
      parallel_for(n, threads, [&](std::size_t i) {
        f0::BatchResult& r = b->results[i];
        std::optional<genotype::Genotype> g = genotype::read(texts.views[i], r.diags, opt);
        if (!g) return;
        r.valid = g->model.valid;
        r.parts = g->model.parts.size();
        r.joints = g->model.joints.size();
        r.neurons = g->model.neurons.size();
        r.connections = g->model.connections.size();
        if (keep_models) r.model = std::move(g->model);
      });
    }
  }
  return b;
}

// Index `i` of a batch (negative: from the end); IndexError outside it.
std::size_t item(const Batch& b, py::ssize_t i) {
  const auto n = static_cast<py::ssize_t>(b.results.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw py::index_error("genotype index out of range");
  return static_cast<std::size_t>(i);
}

}  // namespace

ModelPtr model_arg(py::handle genotype, const genotype::ReadOptions& opt, bool raise_invalid) {
  if (py::isinstance<PyModel>(genotype)) {
    ModelPtr m = genotype.cast<ModelPtr>();
    if (raise_invalid) raise_if_invalid(*m);
    return m;
  }
  if (!PyUnicode_Check(genotype.ptr()) && !PyBytes_Check(genotype.ptr()))
    throw py::type_error("expected a genotype (str) or a genokit.genotype.Model, not " +
                         py::str(py::type::of(genotype).attr("__name__")).cast<std::string>());
  ModelPtr m = read_text(text_bytes(genotype, "genotype"), opt, "");
  if (raise_invalid) raise_if_invalid(*m);
  return m;
}

py::dict encoding_info(const genotype::Encoding& e) {
  py::dict d;
  d["id"] = e.id;
  d["name"] = e.name;
  d["description"] = e.description;
  d["converts"] = e.converts;
  d["mutate"] = static_cast<bool>(e.mutate);
  d["crossover"] = static_cast<bool>(e.crossover);
  d["repair"] = static_cast<bool>(e.repair);
  d["simplest"] = static_cast<bool>(e.simplest);
  return d;
}

void bind_genotype(py::module_& m) {
  py::class_<PyModel, ModelPtr>(
      m, "Model",
      "A genotype read through the genotype door: the f0 model (parts, joints, neurons, connections as "
      "genokit.Table columns of numpy arrays), the verdict, the diagnostics and, for converted "
      "encodings, the conversion's map and SDK log.")
      .def_property_readonly(
          "format", [](const PyModel& p) { return p.g.format; },
          "the encoding it was read as: '0', '1', '4', '9', 'B', 'F', 'H', 'L', 'n'")
      .def_property_readonly(
          "valid", [](const PyModel& p) { return p.g.model.valid; }, "the SDK's verdict on the model")
      .def_property_readonly(
          "converted", [](const PyModel& p) { return p.g.converted; },
          "False when a converting encoding's conversion itself failed")
      .def_property_readonly(
          "text", [](const PyModel& p) { return text(p.text); }, "the genotype text")
      .def_property_readonly(
          "diagnostics", [](const PyModel& p) { return to_python(p.diags); },
          "every diagnostic of reading it (list of genokit.Diagnostic)")
      .def_property_readonly(
          "sdk_messages", [](const PyModel& p) { return p.g.sdk_messages; },
          "the SDK r909 log lines of the conversion (f1)")
      .def_property_readonly(
          "shape_type", [](const PyModel& p) { return std::string(shape_name(p.g.model.shape_type)); },
          "'ball-and-stick', 'solids', 'illegal' or 'unknown'")
      .def_property_readonly(
          "se", [](const PyModel& p) { return p.g.model.se; }, "start energy (m:se)")
      .def_property_readonly(
          "error_pos", [](const PyModel& p) { return p.g.model.error_pos; },
          "the SDK's error position (byte offset in the genotype body), -1 none")
      .def_property_readonly(
          "warn_pos", [](const PyModel& p) { return p.g.model.warn_pos; },
          "the SDK's first-warning position, -1 none")
      .def_property_readonly(
          "parts", [](PyModel& p) { return cached(p.parts, p.g.model, parts_table); },
          "genokit.Table: position (n,3), rotation (n,3), orientation (n,3,3: rows are the "
          "part's X, Y, Z axes in world coordinates), sh, s, scale (n,3), h, dn, fr, ing, "
          "as, vs, color (n,3), mass, info, vstyle, line")
      .def_property_readonly(
          "joints", [](PyModel& p) { return cached(p.joints, p.g.model, joints_table); },
          "genokit.Table: p1, p2, rotation (n,3), delta (n,3), use_delta, sh, length, "
          "stif, rotstif, stam, hinge_position (n,3), hinge_rotation (n,3), hxn, hxp, "
          "hyn, hyp, color (n,3), info, vstyle, line")
      .def_property_readonly(
          "neurons", [](PyModel& p) { return cached(p.neurons, p.g.model, neurons_table); },
          "genokit.Table: class_name, details, params (lists of str), part, joint (-1: "
          "none), input_count, known_class, info, vstyle, line")
      .def_property_readonly(
          "connections", [](PyModel& p) { return cached(p.connections, p.g.model, connections_table); },
          "genokit.Table: target, source (neuron indices), weight, info, line")
      .def_property_readonly(
          "map",
          [](const PyModel& p) {
            py::list out;
            for (const auto& e : p.g.map) out.append(map_entry(e));
            return out;
          },
          "(begin, end, kind, index) per text range and element it made, sorted by begin (read with "
          "mapping=True; begin/end are byte offsets in the genotype text)")
      .def(
          "elements_at",
          [](const PyModel& p, std::uint32_t offset) {
            py::list out;
            for (const auto& e : genotype::elements_at(p.g, offset)) out.append(map_entry(e));
            return out;
          },
          py::arg("offset"), "The map entries whose text range holds byte `offset`.")
      .def(
          "ranges_of",
          [](const PyModel& p, const std::string& kind, int index) {
            py::list out;
            for (const auto& e : genotype::ranges_of(p.g, element_kind(kind), index))
              out.append(py::make_tuple(e.begin, e.end));
            return out;
          },
          py::arg("kind"), py::arg("index"),
          "The (begin, end) text ranges that made element `index` of `kind` ('part', 'joint', 'neuron', "
          "'connection').")
      .def(
          "f0",
          [](const PyModel& p, bool header) {
            return header ? f0::write_genotype(p.g.model) : f0::write_body(p.g.model);
          },
          py::arg("header") = true,
          "The model as canonical f0 text, exactly as the SDK r909 writes it ('//0\\n' + lines; "
          "header=False: the lines only).")
      .def(
          "svg",
          [](const PyModel& p, const std::string& title, int width, bool projections, bool labels) {
            if (width < 200 || width > 10000) throw py::value_error("width must be 200..10000 pixels");
            f0::RenderOptions ro;
            ro.title = title;
            ro.width = width;
            ro.projections = projections;
            ro.labels = labels;
            py::gil_scoped_release unlocked;
            return f0::render_svg(p.g.model, ro);
          },
          py::arg("title") = "", py::arg("width") = 960, py::arg("projections") = true,
          py::arg("labels") = true,
          "An SVG picture of the creature (isometric view, plus top/front/side projections).")
      .def(
          "to_json", [](const PyModel& p) { return genotype::to_json(p.g, p.text); },
          "What `genokit show --json` prints for the genotype (without the network).")
      .def(
          "to_dict", [](const PyModel& p) { return json_loads(genotype::to_json(p.g, p.text)); },
          "to_json() as Python objects.")
      .def(py::pickle(
          [](const PyModel& p) {
            // The text and how it was read: unpickling reads it again (the same model, bit for bit).
            return py::make_tuple(py::bytes(p.text), p.g.format, p.opt.lint, p.opt.strict, p.opt.mapping);
          },
          [](const py::tuple& t) {
            if (t.size() != 5) throw py::value_error("not a pickled genokit.genotype.Model");
            genotype::ReadOptions opt;
            opt.format = t[1].cast<std::string>();
            opt.lint = t[2].cast<bool>();
            opt.strict = t[3].cast<bool>();
            opt.mapping = t[4].cast<bool>();
            return read_text(t[0].cast<std::string>(), opt, "");
          }))
      .def("__repr__", [](const PyModel& p) {
        const f0::Model& x = p.g.model;
        return "<genokit.genotype.Model f" + p.g.format + (x.valid ? " valid" : " invalid") + ": " +
               std::to_string(x.parts.size()) + " parts, " + std::to_string(x.joints.size()) + " joints, " +
               std::to_string(x.neurons.size()) + " neurons, " + std::to_string(x.connections.size()) +
               " connections>";
      });

  py::class_<Batch, std::shared_ptr<Batch>>(
      m, "Batch",
      "The results of parse_many: one entry per genotype, in input order. Bulk facts are numpy arrays; "
      "diagnostics and models are made on request.")
      .def("__len__", [](const Batch& b) { return b.results.size(); })
      .def_property_readonly(
          "valid",
          [](const Batch& b) {
            return column<bool>(b.results.size(), [&](std::size_t i) { return b.results[i].valid; });
          },
          "bool array: each genotype's verdict")
      .def_property_readonly(
          "counts",
          [](const Batch& b) {
            py::array_t<std::int64_t> a({static_cast<py::ssize_t>(b.results.size()), py::ssize_t{4}});
            auto w = a.mutable_unchecked<2>();
            for (std::size_t i = 0; i < b.results.size(); ++i) {
              const auto& r = b.results[i];
              const auto k = static_cast<py::ssize_t>(i);
              w(k, 0) = static_cast<std::int64_t>(r.parts), w(k, 1) = static_cast<std::int64_t>(r.joints);
              w(k, 2) = static_cast<std::int64_t>(r.neurons),
                   w(k, 3) = static_cast<std::int64_t>(r.connections);
            }
            return a;
          },
          "int array (n, 4): parts, joints, neurons, connections of each model")
      .def_property_readonly(
          "error_counts",
          [](const Batch& b) {
            return column<std::int64_t>(b.results.size(),
                                        [&](std::size_t i) { return b.results[i].diags.error_count(); });
          },
          "int array: errors per genotype")
      .def_property_readonly(
          "warning_counts",
          [](const Batch& b) {
            return column<std::int64_t>(b.results.size(),
                                        [&](std::size_t i) { return b.results[i].diags.warning_count(); });
          },
          "int array: warnings per genotype")
      .def_property_readonly(
          "formats", [](const Batch& b) { return b.formats; },
          "each genotype's encoding id ('' for a malformed header)")
      .def(
          "diagnostics", [](const Batch& b, py::ssize_t i) { return to_python(b.results[item(b, i)].diags); },
          py::arg("index"), "The diagnostics of genotype `index` (list of genokit.Diagnostic).")
      .def(
          "model",
          [](const Batch& b, py::ssize_t i) {
            if (!b.kept_models)
              throw py::value_error("the batch kept no models: call parse_many(..., keep_models=True)");
            const std::size_t k = item(b, i);
            auto p = std::make_shared<PyModel>();
            p->g.model = b.results[k].model;
            p->g.format = b.formats[k];
            p->diags = b.results[k].diags;
            p->text = text_bytes(b.texts[k], "genotype");
            p->opt = b.opt;
            return p;
          },
          py::arg("index"), "Genotype `index` as a Model (only with keep_models=True).")
      .def("__repr__", [](const Batch& b) {
        std::size_t valid = 0;
        for (const auto& r : b.results) valid += r.valid;
        return "<genokit.genotype.Batch of " + std::to_string(b.results.size()) + " genotypes, " +
               std::to_string(valid) + " valid>";
      });

  m.def("parse", &parse, py::arg("genotype"), py::kw_only(), py::arg("format") = py::none(),
        py::arg("bare") = "f1", py::arg("lint") = true, py::arg("strict") = false, py::arg("mapping") = false,
        py::arg("name") = "", py::arg("errors") = "raise", py::arg("f0_hinges") = false,
        "Reads one genotype text of any encoding genokit reads into a Model.\n\n"
        "format: read as this encoding ('0', '1', 'f4', ...) whatever the header; None = the header "
        "('//0', '/*4*/', ...), else `bare`.\n"
        "bare: what a text without a header is: 'f1' (the SDK's rule), 'f0' or 'guess'.\n"
        "lint: genokit's warnings on top of the SDK's. strict: every warning is an error (f1).\n"
        "mapping: fill Model.map (text ranges -> elements). name: names the text in diagnostics.\n"
        "errors: 'raise' (genokit.ParseError for an invalid genotype) or 'keep' (return the invalid "
        "model; see valid and diagnostics). A malformed header or an encoding genokit cannot read "
        "always raises genokit.ParseError.\n"
        "f0_hinges: read Framsticks 5.x hinge joints in f0 (j:sh 2, 3 and hx .. hyp); default: SDK r909's "
        "joints (sh above 1 clamps to 1 with a warning, the hinge names are unknown).");
  m.def("load", &load, py::arg("path"), py::arg("selector") = "", py::kw_only(),
        py::arg("format") = py::none(), py::arg("bare") = py::none(), py::arg("lint") = true,
        py::arg("strict") = false, py::arg("mapping") = false, py::arg("errors") = "raise",
        py::arg("f0_hinges") = false,
        "Reads one genotype of a file: a bare genotype file, or the org picked by `selector` (its name, "
        "or its 0-based index among the readable genotypes; '' = the first) of a Framsticks .gen file. "
        "Diagnostics are positioned in the file. bare=None: a bare .f0 file is f0, any other f1 (as "
        "`genokit render`). Other options as for parse; genokit.FileError when the file cannot be read.");
  m.def("read_file", &read_file_genotypes, py::arg("path"), py::kw_only(), py::arg("format") = py::none(),
        py::arg("bare") = py::none(),
        "The genotypes of a file, without reading them: a list of dicts with index, name (the org's; '' "
        "for a bare file), format (None for a malformed header), text, line (where the genotype starts "
        "in the file) and readable (genokit reads the encoding).");
  m.def(
      "validate",
      [](py::handle text, const std::optional<std::string>& format, const std::string& bare, bool lint,
         bool strict, const std::string& name, bool f0_hinges) {
        const genotype::ReadOptions opt = read_options(format, bare, lint, strict, false, f0_hinges);
        const std::string bytes = text_bytes(text, "genotype");
        Diagnostics diags;
        {
          py::gil_scoped_release unlocked;
          std::optional<genotype::Genotype> g = genotype::read(bytes, diags, opt);
          if (g && !g->model.valid && !diags.has_errors())
            diags.error("genotype.invalid", "the genotype does not make a valid creature");
        }
        if (!name.empty()) diags.set_file(name);
        return to_python(diags);
      },
      py::arg("genotype"), py::kw_only(), py::arg("format") = py::none(), py::arg("bare") = "f1",
      py::arg("lint") = true, py::arg("strict") = false, py::arg("name") = "", py::arg("f0_hinges") = false,
      "Every diagnostic of reading a genotype (list of genokit.Diagnostic, never raising for a bad "
      "genotype): it is valid when none has severity 'error'. Options as for parse.");
  m.def("parse_many", &parse_many, py::arg("genotypes"), py::kw_only(), py::arg("format") = py::none(),
        py::arg("bare") = "f1", py::arg("lint") = true, py::arg("threads") = 0u,
        py::arg("keep_models") = false,
        "Reads many genotypes (a sequence of str or bytes) on `threads` threads (0 = every core) without "
        "the GIL and returns a Batch: valid and counts as numpy arrays, diagnostics(i), and model(i) with "
        "keep_models=True. f0 genotypes go through the library's batch parser. Never raises for a bad "
        "genotype; TypeError for an item that is not str or bytes.");
  m.def(
      "detect_format",
      [](py::handle text, const std::string& bare) -> py::object {
        const std::string f = genotype::format_of(text_bytes(text, "genotype"),
                                                  read_options(std::nullopt, bare, true, false, false));
        return f.empty() ? py::object(py::none()) : py::object(py::str(f));
      },
      py::arg("genotype"), py::kw_only(), py::arg("bare") = "f1",
      "The encoding id a text is read as: its header's ('//0' -> '0', '/*4*/' -> '4'), else the `bare` "
      "rule ('f1', 'f0' or 'guess': the encoding the text looks most like). None for a malformed header.");
  m.def(
      "encodings",
      [] {
        py::list out;
        for (const genotype::Encoding& e : genotype::encodings()) out.append(encoding_info(e));
        return out;
      },
      "The encodings genokit reads: dicts with id, name, description, converts (read by conversion to "
      "f0), mutate, crossover, repair and simplest (operators available).");
  m.def(
      "rewrite",
      [](py::handle file_text, const std::vector<std::string>& formats, const std::string& name,
         bool keep_invalid, const std::string& bare) {
        genotype::RewriteOptions ro;
        ro.formats.clear();
        for (const std::string& f : formats)
          ro.formats.push_back(read_options(f, bare, true, false, false).format);
        ro.read = read_options(std::nullopt, bare, true, false, false);
        ro.file.bare = ro.read.bare;
        ro.keep_invalid = keep_invalid;
        const std::string bytes = text_bytes(file_text, "text");
        Diagnostics diags;
        std::optional<genotype::Rewritten> r;
        {
          py::gil_scoped_release unlocked;
          r = genotype::rewrite(bytes, name, diags, ro);
        }
        if (!r) raise_error(diags, ErrorKind::parse);
        return text(r->text);
      },
      py::arg("text"), py::kw_only(), py::arg("formats") = std::vector<std::string>{"0"},
      py::arg("name") = "<string>", py::arg("keep_invalid") = false, py::arg("bare") = "f1",
      "A file's text (a bare genotype or a Framsticks .gen file) with every genotype of the encodings in "
      "`formats` written as the SDK writes f0 ('0': canonical f0, '1': f1 converted, ...); every other "
      "byte is kept. genokit.ParseError when a genotype is invalid, unless keep_invalid=True (it is "
      "then left as it is).");
}

}  // namespace genokit::python
