// Canonical f0 (notes §5.8), driven by the property tables: defaults omitted, a name when an earlier
// property was skipped or the property lacks flag 1024, delta components always for delta joints.
#include "genokit/f0/writer.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>

#include "f0/field_slots.hpp"
#include "genokit/f0/properties.hpp"

namespace genokit::f0 {
namespace {

bool needs_quotes(std::string_view s) {
  for (char c : s)
    if (c == ',' || c == ' ' || c == '\\' || c == '\r' || c == '\n' || c == '\t' || c == '"') return true;
  return false;
}

void append_string(std::string& out, std::string_view s) {
  if (!needs_quotes(s)) {
    out += s;
    return;
  }
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += c;
    }
  }
  out += '"';
}

// One property's value for writing: numbers as double (integers exact), strings as text.
struct Out {
  bool is_string = false;
  bool is_int = false;
  double num = 0;
  std::string_view text;
};

// Appends "cls:" and the properties; `get(i)` returns the value of table property i, `force(i)`
// says it must be written even when it equals the default.
template <class Get, class Force>
void write_element(std::string& out, std::string_view cls, const ClassTable& t, Get get, Force force) {
  out += cls;
  out += ':';
  bool skipped = false, first = true;
  for (std::size_t i = 0; i < t.props.size(); ++i) {
    const PropDef& p = t.props[i];
    if (p.type == PropType::readonly || p.kind == PropKind::legacy) {
      skipped = true;
      continue;
    }
    const Out v = get(i);
    bool is_default;
    if (v.is_string)
      is_default = v.text == p.def_text;
    else
      is_default = v.num == p.def;  // NaN is never a default
    if (is_default && !force(i)) {
      skipped = true;
      continue;
    }
    if (!first) out += ", ";
    first = false;
    if (skipped || !(p.flags & kCanOmitName) || p.kind != PropKind::positional) {
      out += p.id;
      out += '=';
    }
    skipped = false;
    if (v.is_string)
      append_string(out, v.text);
    else if (v.is_int)
      out += std::to_string(static_cast<long long>(v.num));
    else
      out += format_number(v.num);
  }
  out += '\n';
}

Out num(double v) {
  return {false, false, v, {}};
}
Out integer(int v) {
  return {false, true, static_cast<double>(v), {}};
}
Out str(const std::string& s) {
  return {true, false, 0, s};
}

// A property's value read from its model slot (field_slots.hpp, shared with the parser).
Out slot_value(const void* element, Field f) {
  const FieldSlot slot = field_slot(f);
  switch (slot.type) {
    case SlotType::real:
      return num(real_at(element, slot));
    case SlotType::integer:
      return integer(int_at(element, slot));
    case SlotType::text:
      return str(text_at(element, slot));
    case SlotType::none:
      break;
  }
  return num(0);
}

void write_model(std::string& out, const Model& m, bool with_m) {
  const ClassTable& mt = *find_table("m");
  const ClassTable& pt = *find_table("p");
  const ClassTable& jt = *find_table("j");
  const ClassTable& jnd = joint_table_nondelta();
  const ClassTable& nt = *find_table("n");
  const ClassTable& ct = *find_table("c");
  auto never = [](std::size_t) { return false; };
  if (with_m && (m.se != 1.0 || !m.vstyle.empty()))
    write_element(
        out, "m", mt,
        [&](std::size_t i) { return mt.props[i].field == Field::m_se ? num(m.se) : str(m.vstyle); }, never);
  for (const auto& p : m.parts)
    write_element(
        out, "p", pt, [&](std::size_t i) { return slot_value(&p, pt.props[i].field); }, never);
  for (const auto& j : m.joints) {
    if (j.use_delta) {
      write_element(
          out, "j", jt, [&](std::size_t i) { return slot_value(&j, jt.props[i].field); },
          [&](std::size_t i) {
            const Field f = jt.props[i].field;
            return f == Field::j_dx || f == Field::j_dy || f == Field::j_dz;
          });
    } else {
      write_element(
          out, "j", jnd, [&](std::size_t i) { return slot_value(&j, jnd.props[i].field); }, never);
    }
  }
  for (const auto& n : m.neurons) {
    write_element(
        out, "n", nt,
        [&](std::size_t i) -> Out {
          switch (nt.props[i].field) {
            case Field::n_p:
              return integer(n.joint >= 0 ? -1 : n.part);
            case Field::n_j:
              return integer(n.joint);
            case Field::n_d:
              return str(n.details);
            case Field::n_i:
              return str(n.info);
            case Field::n_vstyle:
              return str(n.vstyle);
            default:
              return num(0);
          }
        },
        never);
  }
  for (std::size_t t = 0; t < m.neurons.size(); ++t)
    for (const auto& in : m.neurons[t].inputs)
      write_element(
          out, "c", ct,
          [&](std::size_t i) -> Out {
            switch (ct.props[i].field) {
              case Field::c_n1:
                return integer(static_cast<int>(t));
              case Field::c_n2:
                return integer(in.source);
              case Field::c_w:
                return num(in.weight);
              case Field::c_i:
                return str(in.info);
              default:
                return num(0);
            }
          },
          [&](std::size_t i) {  // n1, n2 are always written (-1 is their default)
            return ct.props[i].field == Field::c_n1 || ct.props[i].field == Field::c_n2;
          });
}

}  // namespace

std::string format_number(double v) {
  if (std::isnan(v)) return "NaN8000000000000.0";  // what the SDK writer prints (its bug)
  if (std::isinf(v)) return v < 0 ? "-Inf.0" : "Inf.0";
  // Shortest round-trip digits, in plain notation for decimal exponents -4..16 (as the SDK prints
  // 2000000.0, not 2e+6) and scientific outside it (1e-5, 1e+20).
  char buf[400];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  const std::size_t e = s.find('e');
  if (e == std::string::npos) {
    if (s.find('.') == std::string::npos) s += ".0";
    return s;
  }
  const int exp = std::atoi(s.c_str() + e + 1);
  if (exp < -4 || exp >= 17) {
    std::size_t d = e + 1;
    if (s[d] == '+' || s[d] == '-') ++d;
    std::size_t z = d;
    while (z + 1 < s.size() && s[z] == '0') ++z;
    s.erase(d, z - d);
    return s;
  }
  r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
  s.assign(buf, r.ptr);
  if (s.find('.') == std::string::npos) s += ".0";
  return s;
}

std::string write_body(const Model& m) {
  std::string out;
  out.reserve(64 * (m.parts.size() + m.joints.size() + m.neurons.size() + m.connections.size() + 1));
  write_model(out, m, true);
  for (const auto& ck : m.checkpoints) {
    out += "checkpoint:\n";
    write_model(out, ck, true);
  }
  return out;
}

std::string write_genotype(const Model& m) {
  return "//0\n" + write_body(m);
}

}  // namespace genokit::f0
