// genokit.Diagnostic and the bridge from C++ diagnostics to genokit.errors exceptions.
#include <pybind11/stl.h>

#include "bindings.hpp"

namespace genokit::python {

namespace {

const char* class_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::parse: return "ParseError";
    case ErrorKind::file: return "FileError";
    case ErrorKind::simulation: return "SimulationError";
    case ErrorKind::generic: break;
  }
  return "Error";
}

[[noreturn]] void raise_with(ErrorKind kind, const std::string& message, py::list diagnostics) {
  py::object cls = py::module_::import("genokit.errors").attr(class_name(kind));
  py::object exc = cls(message, diagnostics);
  PyErr_SetObject(cls.ptr(), exc.ptr());
  throw py::error_already_set();
}

}  // namespace

py::list to_python(const Diagnostics& d) {
  py::list out;
  for (const Diagnostic& x : d.items()) out.append(py::cast(x));
  return out;
}

void raise_error(const Diagnostics& d, ErrorKind kind) {
  std::string message;
  for (const Diagnostic& x : d.items())
    if (x.severity == Severity::error) {
      message = format_gcc(x);
      break;
    }
  if (message.empty()) message = "genokit reported an error";
  raise_with(kind, message, to_python(d));
}

void raise_error(const std::string& code, const std::string& message, ErrorKind kind) {
  Diagnostics d;
  d.error(code, message);
  raise_error(d, kind);
}

void bind_diagnostics(py::module_& m) {
  py::class_<Diagnostic>(m, "Diagnostic", "One message of genokit: severity, stable code, text and position.")
      .def_property_readonly("severity", [](const Diagnostic& d) { return std::string(to_string(d.severity)); },
                             "'error', 'warning' or 'note'")
      .def_readonly("code", &Diagnostic::code, "stable identifier, e.g. 'f0.unknown-property'")
      .def_readonly("message", &Diagnostic::message, "one sentence for a user")
      .def_property_readonly("file", [](const Diagnostic& d) { return d.where.file; })
      .def_property_readonly("line", [](const Diagnostic& d) { return d.where.line; }, "1-based; 0 when unknown")
      .def_property_readonly("column", [](const Diagnostic& d) { return d.where.column; },
                             "1-based; 0 when unknown")
      .def_property_readonly("offset", [](const Diagnostic& d) { return d.where.offset; },
                             "0-based byte offset in the input; -1 when unknown (binary formats give only this)")
      .def("__str__", [](const Diagnostic& d) { return format_gcc(d); })
      .def("__repr__", [](const Diagnostic& d) {
        return "<genokit.Diagnostic " + std::string(to_string(d.severity)) + " " + d.code + ": " + d.message + ">";
      });
}

}  // namespace genokit::python
