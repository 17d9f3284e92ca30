// Canonical f0 (notes §5.8), driven by the property tables: defaults omitted, a name when an earlier
// property was skipped or the property lacks flag 1024, delta components always for delta joints.
#include "genokit/f0/writer.hpp"

#include "f0/field_slots.hpp"
#include "frams/sdk_number.hpp"
#include "frams/single_line.hpp"
#include "genokit/f0/properties.hpp"

namespace genokit::f0 {
namespace {

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
    if (p.readonly() || is_legacy(p)) {
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
    if (skipped || !p.can_omit_name() || i >= t.positional) {
      out += p.id;
      out += '=';
    }
    skipped = false;
    if (v.is_string)
      frams::sdk::append_text(out, v.text);
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
  const ClassTable& jt = *find_table("j", PropertyOrder::sdk, Joints::hinges);  // any model's joints
  const ClassTable& jnd = joint_table_nondelta();
  const ClassTable& nt = *find_table("n");
  const ClassTable& ct = *find_table("c");
  auto never = [](std::size_t) { return false; };
  if (with_m && (m.se != 1.0 || !m.vstyle.empty()))
    write_element(
        out, "m", mt,
        [&](std::size_t i) { return field_of(mt.props[i]) == Field::m_se ? num(m.se) : str(m.vstyle); },
        never);
  for (const auto& p : m.parts)
    write_element(
        out, "p", pt, [&](std::size_t i) { return slot_value(&p, field_of(pt.props[i])); }, never);
  for (const auto& j : m.joints) {
    if (j.use_delta) {
      write_element(
          out, "j", jt, [&](std::size_t i) { return slot_value(&j, field_of(jt.props[i])); },
          [&](std::size_t i) {
            const Field f = field_of(jt.props[i]);
            return f == Field::j_dx || f == Field::j_dy || f == Field::j_dz;
          });
    } else {
      write_element(
          out, "j", jnd, [&](std::size_t i) { return slot_value(&j, field_of(jnd.props[i])); }, never);
    }
  }
  for (const auto& n : m.neurons) {
    write_element(
        out, "n", nt,
        [&](std::size_t i) -> Out {
          switch (field_of(nt.props[i])) {
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
            switch (field_of(ct.props[i])) {
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
            return field_of(ct.props[i]) == Field::c_n1 || field_of(ct.props[i]) == Field::c_n2;
          });
}

}  // namespace

std::string format_number(double v) {
  return frams::sdk::format_double(v);
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
