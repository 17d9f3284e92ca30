// What the settings classes of genokit.sim, genokit.operators and genokit.similarity share: reading
// a table's values, converting Python values to .sim text, reporting what setting one reported.
#include "sim_settings.hpp"

#include "genokit/genotype/encoding.hpp"

namespace genokit::python {

py::object param_value(const frams::ParamValues& v, std::string_view key) {
  const int row = v.find(key);
  if (row < 0) return py::none();
  const char type = v.table()[static_cast<std::size_t>(row)].type;
  if (type == 's') return py::cast(v.text(row));
  if (type == 'd') return py::cast(static_cast<long long>(v.number(row)));
  return py::cast(v.number(row));
}

py::object operator_value(const genotype::OperatorSettings& s, std::string_view key) {
  for (const frams::ParamValues* v : {&s.genman(), &s.neuadd()}) {
    py::object o = param_value(*v, key);
    if (!o.is_none()) return o;
  }
  for (const genotype::Encoding& e : genotype::encodings())
    if (const frams::ParamValues* v = s.of(e)) {
      py::object o = param_value(*v, key);
      if (!o.is_none()) return o;
    }
  return py::none();
}

std::string setting_text(const py::handle& v) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>() ? "1" : "0";
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (py::isinstance<py::int_>(v) || py::isinstance<py::float_>(v)) return py::str(v).cast<std::string>();
  throw py::type_error("a setting's value must be a number, a bool or a str, not " +
                       py::str(py::type::handle_of(v).attr("__name__")).cast<std::string>());
}

py::dict property_dict(const frams::Property& p) {
  py::dict d;
  d["id"] = std::string(p.id);
  d["type"] = std::string(1, p.type);
  d["min"] = p.ranged ? py::cast(p.min) : py::none();
  d["max"] = p.ranged ? py::cast(p.max) : py::none();
  d["default"] = p.type == 's' ? py::cast(std::string(p.def_text)) : py::cast(p.def);
  d["name"] = std::string(p.name);
  d["help"] = std::string(p.help);
  return d;
}

void check_assignment(const Diagnostics& d, const std::string& key, const std::string& text, bool warn) {
  for (const Diagnostic& x : d.items())
    if (x.severity == Severity::error || x.code == "frams.bad-number" || x.code == "frams.non-finite-setting")
      throw py::value_error(key + " = " + text + ": " + x.message + " [" + x.code + "]");
  if (!warn) return;
  for (const Diagnostic& x : d.items())
    if (x.severity == Severity::warning && PyErr_WarnEx(PyExc_UserWarning, format_gcc(x).c_str(), 2) < 0)
      throw py::error_already_set();
}

}  // namespace genokit::python
