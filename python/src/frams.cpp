// genokit._genokit.frams: Framsticks object files (.gen, .sim, .expdef, ...): read from a path or
// text, objects as mappings, lossless and canonical writing, JSON and Python dicts, property types.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <memory>
#include <string>

#include "arrays.hpp"
#include "bindings.hpp"
#include "genokit/core/file_io.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/frams/json.hpp"
#include "genokit/frams/schema.hpp"

namespace genokit::python {

namespace {

using frams::Document;
using frams::Object;

// A document and what reading it reported; Python objects share it.
struct Doc {
  Document doc;
  Diagnostics diags;
};
using DocPtr = std::shared_ptr<Doc>;

// One object of a document (a view: it keeps the document alive).
struct ObjRef {
  DocPtr d;
  std::size_t i;
  Object& obj() const { return d->doc.objects.at(i); }
};

frams::LoadOptions load_options(const std::string& name, const std::string& includes,
                                const std::string& include_root, const std::string& schema, bool check_utf8) {
  frams::LoadOptions lo;
  lo.includes = static_cast<frams::LoadOptions::Includes>(
      choice("includes", includes, {"follow", "forbid", "confine"}));
  lo.include_root = include_root;
  lo.check_utf8 = check_utf8;
  std::string s = schema;
  if (s.empty() || s == "auto")  // as the CLI: .gen files are read by the SDK's GenotypeMiniLoader
    s = std::filesystem::path(name).extension() == ".gen" ? "gen" : "builtin";
  switch (choice("schema", s, {"builtin", "gen", "none", "auto"})) {
    case 0:
      lo.schema = &frams::builtin_schema();
      break;
    case 1:
      lo.schema = &frams::genotype_loader_schema();
      break;
    default:
      lo.schema = nullptr;
      break;
  }
  return lo;
}

DocPtr finish(DocPtr d, const std::string& errors) {
  if (raises(errors)) raise_if_errors(d->diags, ErrorKind::parse);
  return d;
}

DocPtr parse_text(py::handle text, const std::string& name, const std::string& includes,
                  const std::string& include_root, const std::string& schema, bool check_utf8,
                  const std::string& errors) {
  std::string bytes = text_bytes(text, "text");
  const frams::LoadOptions lo = load_options(name, includes, include_root, schema, check_utf8);
  raises(errors);  // a bad `errors` value is reported before any work
  auto d = std::make_shared<Doc>();
  {
    py::gil_scoped_release unlocked;
    d->doc = frams::parse_owned(std::move(bytes), name, d->diags, lo);
  }
  return finish(std::move(d), errors);
}

DocPtr load_path(const std::filesystem::path& path, const std::string& includes,
                 const std::string& include_root, const std::string& schema, bool check_utf8,
                 const std::string& errors) {
  const std::string name = path.string();
  const frams::LoadOptions lo = load_options(name, includes, include_root, schema, check_utf8);
  raises(errors);
  auto d = std::make_shared<Doc>();
  bool read = false;
  {
    py::gil_scoped_release unlocked;
    if (auto bytes = read_file(name, d->diags)) {
      d->doc = frams::parse_owned(std::move(*bytes), name, d->diags, lo);
      read = true;
    }
  }
  if (!read) raise_error(d->diags, ErrorKind::file);
  return finish(std::move(d), errors);
}

DocPtr from_json_text(const std::string& json, const std::string& name) {
  auto d = std::make_shared<Doc>();
  {
    py::gil_scoped_release unlocked;
    d->doc = frams::from_json(json, d->diags, {name});
  }
  raise_if_errors(d->diags, ErrorKind::parse);
  return d;
}

// A Python value as the text of a field: str as it is, bool as 1/0, int and float as the SDK writes
// numbers.
std::string field_text(py::handle v) {
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>() ? "1" : "0";
  frams::Value x;
  if (py::isinstance<py::int_>(v)) {
    x.kind = frams::Value::Kind::integer;
    try {
      x.i = v.cast<std::int64_t>();
    } catch (const py::cast_error&) {
      throw py::value_error("a field value must fit in 64 bits (got " + py::str(v).cast<std::string>() + ")");
    }
  } else if (py::isinstance<py::float_>(v)) {
    x.kind = frams::Value::Kind::floating;
    x.d = v.cast<double>();
  } else {
    throw py::type_error("a field value must be str, int, float or bool, not " +
                         py::str(py::type::of(v).attr("__name__")).cast<std::string>());
  }
  return frams::format_value(x);
}

// The keys of an object, each once, in the order of their first occurrence.
std::vector<std::string_view> unique_keys(const Object& o) {
  std::vector<std::string_view> keys;
  for (const auto& f : o.fields)
    if (std::find(keys.begin(), keys.end(), f.key) == keys.end()) keys.push_back(f.key);
  return keys;
}

py::dict object_dict(const Object& o) {
  py::dict out;
  out["_classname"] = text(o.class_name);
  for (const auto& f : o.fields) out[text(f.key)] = text(f.value);  // the last occurrence wins (SDK)
  return out;
}

}  // namespace

void bind_frams(py::module_& m) {
  py::class_<ObjRef>(m, "FramsObject",
                     "One object of a Framsticks file (`org:`, `sim_params:`, ...): a mapping from field "
                     "names to their text values (the last of repeated fields wins, as in the SDK).")
      .def_property_readonly(
          "class_name", [](const ObjRef& r) { return text(r.obj().class_name); },
          "the object's class, e.g. 'org'")
      .def_property_readonly(
          "line", [](const ObjRef& r) { return r.obj().line; },
          "1-based line of the object's header in its file")
      .def_property_readonly(
          "file", [](const ObjRef& r) { return r.d->doc.source(r.obj().source).name; },
          "the file the object was read from (an #included file for included objects)")
      .def("__getitem__",
           [](const ObjRef& r, const std::string& key) {
             const frams::Field* f = r.obj().find(key);
             if (!f) throw py::key_error(key);
             return text(f->value);
           })
      .def(
          "get",
          [](const ObjRef& r, const std::string& key, py::object fallback) -> py::object {
            const frams::Field* f = r.obj().find(key);
            return f ? py::object(text(f->value)) : fallback;
          },
          py::arg("key"), py::arg("default") = py::none(), "The value of field `key`, or `default`.")
      .def(
          "__setitem__",
          [](ObjRef& r, const std::string& key, py::handle value) {
            if (key.empty() || key.find_first_of(":\n\r") != std::string::npos)
              throw py::value_error("a field name must be non-empty and hold no ':' or line end (got '" +
                                    key + "')");
            r.d->doc.set(r.obj(), key, field_text(value));
          },
          "Sets (or appends) a field; numbers are written as the SDK writes them. The document's "
          "lossless text then re-emits this object.")
      .def("__contains__",
           [](const ObjRef& r, const std::string& key) { return r.obj().find(key) != nullptr; })
      .def("__len__", [](const ObjRef& r) { return unique_keys(r.obj()).size(); })
      .def("keys",
           [](const ObjRef& r) {
             auto k = unique_keys(r.obj());
             return strings(k.size(), [&](std::size_t i) { return k[i]; });
           })
      .def("__iter__",
           [](const ObjRef& r) {
             auto k = unique_keys(r.obj());
             return py::iter(strings(k.size(), [&](std::size_t i) { return k[i]; }));
           })
      .def("items",
           [](const ObjRef& r) {
             py::list out;
             for (std::string_view k : unique_keys(r.obj()))
               out.append(py::make_tuple(text(k), text(r.obj().get(k))));
             return out;
           })
      .def(
          "to_dict", [](const ObjRef& r) { return object_dict(r.obj()); },
          "The object as a dict: '_classname' and every field (text values).")
      .def("__repr__", [](const ObjRef& r) {
        const Object& o = r.obj();
        std::string name(o.get("name"));
        return "<genokit.frams.FramsObject " + std::string(o.class_name) +
               (name.empty() ? "" : " '" + name + "'") + " with " + std::to_string(unique_keys(o).size()) +
               " fields>";
      });

  py::class_<Doc, DocPtr>(m, "Document",
                          "A Framsticks file as read: its objects in reading order (#include expanded), "
                          "the diagnostics of reading it, and its text written back losslessly or "
                          "canonically.")
      .def_property_readonly(
          "file_name",
          [](const Doc& d) { return d.doc.sources().empty() ? std::string() : d.doc.file_name(); },
          "the name the file was read under (its path, or parse()'s name)")
      .def_property_readonly(
          "diagnostics", [](const Doc& d) { return to_python(d.diags); },
          "every diagnostic of reading the file (list of genokit.Diagnostic)")
      .def("__len__", [](const Doc& d) { return d.doc.objects.size(); })
      .def("__getitem__",
           [](const DocPtr& d, py::ssize_t i) {
             const auto n = static_cast<py::ssize_t>(d->doc.objects.size());
             if (i < 0) i += n;
             if (i < 0 || i >= n) throw py::index_error("object index out of range");
             return ObjRef{d, static_cast<std::size_t>(i)};
           })
      .def_property_readonly(
          "objects",
          [](const DocPtr& d) {
            py::list out;
            for (std::size_t i = 0; i < d->doc.objects.size(); ++i) out.append(ObjRef{d, i});
            return out;
          },
          "the objects (FramsObject), in reading order")
      .def(
          "select",
          [](const DocPtr& d, const std::string& cls) {
            py::list out;
            for (std::size_t i = 0; i < d->doc.objects.size(); ++i)
              if (d->doc.objects[i].class_name == cls) out.append(ObjRef{d, i});
            return out;
          },
          py::arg("class_name"), "The objects of one class, e.g. doc.select('org').")
      .def(
          "text",
          [](const Doc& d, bool canonical) {
            return text(canonical ? frams::write_canonical(d.doc) : frams::write_lossless(d.doc));
          },
          py::arg("canonical") = false,
          "The file's text: lossless (untouched bytes kept, edited objects re-emitted) or canonical "
          "(the SDK's saveMultiLine form, includes expanded, comments dropped).")
      .def(
          "to_bytes",
          [](const Doc& d, bool canonical) {
            return py::bytes(canonical ? frams::write_canonical(d.doc) : frams::write_lossless(d.doc));
          },
          py::arg("canonical") = false,
          "text() as bytes, exactly (text() replaces bytes that are not UTF-8; these are kept here).")
      .def(
          "save",
          [](const Doc& d, const std::filesystem::path& path, bool canonical) {
            const std::string t = canonical ? frams::write_canonical(d.doc) : frams::write_lossless(d.doc);
            Diagnostics diags;
            bool ok;
            {
              py::gil_scoped_release unlocked;
              ok = write_file_atomic(path.string(), t, diags);
            }
            if (!ok) raise_error(diags, ErrorKind::file);
          },
          py::arg("path"), py::arg("canonical") = false,
          "Writes text(canonical) to `path` atomically (the old file or the new one, never a mix).")
      .def(
          "to_json",
          [](const Doc& d, bool typed, std::optional<int> indent) {
            frams::JsonOptions jo;
            jo.typed = typed;
            jo.indent = indent.value_or(-1);
            return frams::to_json(d.doc, jo);
          },
          py::arg("typed") = false, py::arg("indent") = py::none(),
          "The JSON form [{\"_classname\": ..., field: value, ...}, ...]; with typed=True the d/f "
          "fields of known classes are numbers.")
      .def(
          "to_dicts",
          [](const Doc& d, bool typed) {
            frams::JsonOptions jo;
            jo.typed = typed;
            return json_loads(frams::to_json(d.doc, jo));
          },
          py::arg("typed") = false,
          "The objects as a list of dicts (the JSON form, fields in file order); typed=True gives "
          "numbers for the d/f fields of known classes.")
      .def("__repr__", [](const Doc& d) {
        return "<genokit.frams.Document " +
               (d.doc.sources().empty() ? std::string("(empty)") : d.doc.file_name()) + " with " +
               std::to_string(d.doc.objects.size()) + " objects>";
      });

  m.def(
      "parse", &parse_text, py::arg("text"), py::kw_only(), py::arg("name") = "<string>",
      py::arg("includes") = "follow", py::arg("include_root") = "", py::arg("schema") = "auto",
      py::arg("check_utf8") = true, py::arg("errors") = "raise",
      "Reads Framsticks text (str or bytes) into a Document.\n\n"
      "name: names the text in diagnostics and is the base folder of #include lines.\n"
      "includes: 'follow' (read included files), 'forbid' (warn, do not read) or 'confine' (read only "
      "files inside include_root, default the text's folder).\n"
      "schema: 'auto' ('gen' for names ending in .gen, else 'builtin'), 'builtin' (every class genokit "
      "knows: the SDK's warnings and typed checks), 'gen' (the SDK's genotype loader: org only) or 'none'.\n"
      "errors: 'raise' (genokit.ParseError when reading reported an error) or 'keep' (return the "
      "document; see its diagnostics).");
  m.def("load", &load_path, py::arg("path"), py::kw_only(), py::arg("includes") = "follow",
        py::arg("include_root") = "", py::arg("schema") = "auto", py::arg("check_utf8") = true,
        py::arg("errors") = "raise",
        "Reads a Framsticks file into a Document (options as for parse). genokit.FileError when the "
        "file cannot be read.");
  m.def("from_json", &from_json_text, py::arg("json"), py::kw_only(), py::arg("name") = "<json>",
        "A Document from the JSON form ([{\"_classname\": \"org\", \"genotype\": \"X\"}, ...]); numbers are "
        "written in shortest round-trip form, true/false as 1/0, null as an empty value. genokit.ParseError "
        "for text that is not JSON or not of that shape.");
  m.def(
      "json_to_text",
      [](const std::string& json, const std::string& name) {
        Diagnostics diags;
        std::optional<std::string> t = frams::json_to_text(json, diags, {name});
        if (!t) raise_error(diags, ErrorKind::parse);
        return *t;
      },
      py::arg("json"), py::kw_only(), py::arg("name") = "<json>",
      "The canonical Framsticks text of the JSON form (what from_json(json).text() gives).");
  m.def(
      "property_type", [](const std::string& type) { return json_loads(frams::type_json(type)); },
      py::arg("type"),
      "What a property type string means (e.g. 'd 0 3 1 ~a~b~c~d'), as `genokit frams type --json` "
      "prints it: base, meaning, normalised, min/max/default, labels, ...; 'valid' False (and 'error') "
      "for a bad string.");
  m.def(
      "properties",
      [](const Doc& d, const std::string& class_name) {
        Diagnostics diags;
        frams::ClassSchema cls = frams::props_from_document(d.doc, class_name, diags);
        raise_if_errors(diags, ErrorKind::parse);
        return json_loads(frams::props_json(cls));
      },
      py::arg("document"), py::arg("class_name") = "props",
      "The prop:/property: definitions of a document (e.g. an .expdef or .neuro file), checked, as "
      "`genokit frams props --json` lists them. genokit.ParseError for a bad definition.");
}

}  // namespace genokit::python
