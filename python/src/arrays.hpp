// Small conversions the binding files of genokit.frams, .genotype, .genome, .xode and .neuro share:
// numpy arrays from C++ columns, keyword choices ("simple" | "pybrain") checked with a clear
// ValueError, the errors="raise"|"keep" policy and the pure-Python Table of columns.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bindings.hpp"

namespace genokit::python {

// A new 1-D array of n values, each value_of(i).
template <class T, class Fn>
py::array_t<T> column(std::size_t n, Fn&& value_of) {
  py::array_t<T> a(static_cast<py::ssize_t>(n));
  auto w = a.template mutable_unchecked<1>();
  for (std::size_t i = 0; i < n; ++i) w(static_cast<py::ssize_t>(i)) = static_cast<T>(value_of(i));
  return a;
}

// A new (n, K) float64 array, row i filled by row_of(i, double* out) with K values.
template <std::size_t K, class Fn>
py::array_t<double> rows(std::size_t n, Fn&& row_of) {
  py::array_t<double> a({static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(K)});
  double* p = a.mutable_data();
  for (std::size_t i = 0; i < n; ++i) row_of(i, p + i * K);
  return a;
}

// A Python list of n strings, each text_of(i) (invalid UTF-8 replaced, never an exception).
template <class Fn>
py::list strings(std::size_t n, Fn&& text_of) {
  py::list out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& value = text_of(i);  // a std::string returned by value lives until the end of the loop body
    const std::string_view s(value);
    PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
    if (!o) throw py::error_already_set();
    out[i] = py::reinterpret_steal<py::object>(o);
  }
  return out;
}

// A Python str from bytes that should be UTF-8 (invalid bytes replaced).
inline py::str text(std::string_view s) {
  PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
  if (!o) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

// The bytes of a text argument: a str (as UTF-8), bytes or bytearray; TypeError for anything else.
inline std::string text_bytes(py::handle v, std::string_view what) {
  if (PyUnicode_Check(v.ptr())) {
    Py_ssize_t n = 0;
    const char* p = PyUnicode_AsUTF8AndSize(v.ptr(), &n);
    if (!p) throw py::error_already_set();  // lone surrogates
    return std::string(p, static_cast<std::size_t>(n));
  }
  if (PyBytes_Check(v.ptr()) || PyByteArray_Check(v.ptr())) return v.cast<std::string>();
  throw py::type_error(std::string(what) + " must be str or bytes, not " +
                       py::str(py::type::of(v).attr("__name__")).cast<std::string>());
}

// The index of `value` among `choices`; otherwise ValueError "<what> must be one of 'a', 'b' (got 'x')".
inline std::size_t choice(std::string_view what, const std::string& value,
                          std::initializer_list<std::string_view> choices) {
  std::size_t i = 0;
  std::string list;
  for (std::string_view c : choices) {
    if (c == value) return i;
    list += (i ? ", '" : "'") + std::string(c) + "'";
    ++i;
  }
  throw py::value_error(std::string(what) + " must be one of " + list + " (got '" + value + "')");
}

// errors="raise" (true) or errors="keep" (false): whether input with errors raises or is returned
// with its diagnostics.
inline bool raises(const std::string& errors) {
  return choice("errors", errors, {"raise", "keep"}) == 0;
}

// A genokit.Table (python/genokit/_table.py) of `rows` rows from a dict of columns.
inline py::object table(const char* name, std::size_t n, py::dict columns) {
  return py::module_::import("genokit._table").attr("Table")(name, n, columns);
}

// json.loads(text): the Python form of the library's JSON texts.
inline py::object json_loads(const std::string& text) {
  return py::module_::import("json").attr("loads")(py::str(text));
}

}  // namespace genokit::python
