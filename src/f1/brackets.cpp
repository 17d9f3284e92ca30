// The converter's neurons (converter.hpp): brackets, their tokens (class, relative connections,
// receptors, outputs, parameters) with the SDK's number and parameter rules (frams::sdk), and
// old-style muscles. The pieces of a token (names, numbers) are trimmed of C whitespace
// (Blanks::space: the SDK skips VT and FF there), the text between brackets of f1 blanks only.
#include <algorithm>
#include <cstdio>

#include "core/fast_decimal.hpp"
#include "f0/build.hpp"
#include "f1/converter.hpp"
#include "frams/sdk_number.hpp"

namespace genokit::f1::detail {
namespace {

bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

bool is_char(std::string_view s, char c) {  // s == "c", without a library call
  return s.size() == 1 && s[0] == c;
}

std::string quoted(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else
      out += c;
  }
  return out + "'";
}

f0::NeuronLocation location_of(std::string_view cls) {
  const f0::NeuronClass* c = sdk_class(cls);
  return c ? c->pref_location : f0::NeuronLocation::none;
}
}  // namespace

const char* Converter::g6(double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  auto& e = sc_.g6[(bits * 0x9E3779B97F4A7C15ull) >> 55];
  if (!e.used || e.bits != bits) e.bits = bits, e.used = true, format_g6(v, e.text, sizeof e.text);
  return e.text;
}
double Converter::weight_value(std::string_view v, std::uint32_t pos) {
  double w = 0;
  // Plain decimals ("1", "-0.5"): the exact fast path frams::sdk::parse_double would take, inline.
  // `v` lies in the text, so the scanner may read ahead up to the text's end (8 digits at a time).
  const char* const end = v.data() + v.size();
  const char* const limit = std::max(end, t_.data() + n_);
  if (!v.empty() && scan_plain_decimal(v.data(), end, limit, w) == v.size()) return w;
  const auto d = frams::sdk::parse_double(v);
  if (!d) {
    sdk("[ERROR] ExtValue.parseDouble: " + frams::sdk::could_not_parse(v));
    warn("f1.bad-number", "Cannot read the number " + quoted(v) + "; the SDK uses 0", pos);
    return 0;
  }
  return *d;
}

// The messages of a parameter set (SDK log lines and genokit's warnings).
void Converter::report_set(const ParamSet& ps, std::string_view name, std::string_view text,
                           const SetOutcome& r, std::uint32_t pos, bool automatic) {
  if (r.int_overflow.overflow != frams::sdk::IntValue::Overflow::none) {
    sdk("[ERROR] ExtValue.getInt: " + frams::sdk::overflow_message(r.int_overflow));
    warn("f1.bad-number",
         "The value " + quoted(text) + " of parameter '" + std::string(name) +
             "' does not fit 32 bits; the SDK uses " + std::to_string(r.int_overflow.value),
         pos);
  }
  switch (r.result) {
    case SetResult::ok:
      break;
    case SetResult::clamped_high:
    case SetResult::clamped_low: {
      const bool big = r.result == SetResult::clamped_high;
      sdk("[WARN] Param.set: " + frams::sdk::clamp_message(r.table, name, r.given, big, r.adjusted));
      warn("f1.parameter-clamped",
           "Neuron parameter " + std::string(r.table) + "." + std::string(name) + " = " + r.given +
               " is out of range (" + (big ? "too big" : "too small") + "); the SDK uses " + r.adjusted,
           pos);
      break;
    }
    case SetResult::parse_failed:
      sdk(std::string("[ERROR] ") + (r.type == 'd' ? "ExtValue.parseInt: " : "ExtValue.parseDouble: ") +
          frams::sdk::could_not_parse(text));
      warn("f1.bad-number",
           "Cannot read the number " + quoted(text) + "; the SDK sets parameter '" + std::string(name) +
               "' to its default",
           pos);
      break;
    case SetResult::unknown_class:
      if (!automatic)
        lint("f1.ignored-parameter",
             "Parameter '" + std::string(name) + "' is ignored: neuron class " + quoted(ps.cls()) +
                 " is not in the SDK library",
             pos);
      break;
    case SetResult::unknown_param:
      if (automatic) break;
      if (r.table != ps.cls())
        lint("f1.ignored-parameter",
             "Parameter '" + std::string(name) +
                 "' is ignored: the parameters of this neuron were started for class " +
                 std::string(r.table) + " before the class token, and that class has no such parameter",
             pos);
      else
        lint("f1.ignored-parameter",
             "Neuron class " + std::string(ps.cls()) + " has no parameter " + quoted(name) +
                 "; the SDK ignores it",
             pos);
      break;
  }
}

int Converter::add_neuron(std::string_view details, f0::NeuronLocation loc, std::uint32_t pos, bool bracket) {
  f0::Neuron& nr = new_neuron(loc, pos);
  if (!bracket) {
    nr.details.assign(details);
    f0::set_neuron_class(nr);  // the class, parameters and known flag, as the SDK's f0 re-parse reads them
  }                            // a bracket neuron is described when its bracket ends
  return static_cast<int>(m_.neurons.size() - 1);
}

// A neuron with default details, attached as `loc` says to the last joint or its end part.
f0::Neuron& Converter::new_neuron(f0::NeuronLocation loc, std::uint32_t pos) {
  f0::Neuron& nr = m_.neurons.emplace_back();
  if (loc == f0::NeuronLocation::joint)
    nr.joint = static_cast<int>(m_.joints.size() - 1);
  else if (loc == f0::NeuronLocation::part)
    nr.part = m_.joints.back().p2;
  nr.src = {0, 0, static_cast<std::int64_t>(pos), 1};
  return nr;
}

// One token of a bracket, [b, e) (notes §7.2).
// `colon`: the token's last ':' (relative to b), npos when none.
void Converter::token(std::uint32_t b, std::uint32_t e, std::size_t colon, int bn, int f1num, ParamSet& ps,
                      bool& class_set, bool old_style, const GeneProps& g) {
  const std::string_view tok(t_.data() + b, e - b);
  if (colon == std::string_view::npos) {
    const std::string_view name = trim(tok, Blanks::space);
    // An empty token is skipped, but a blank one is a class token naming no class ("X[, ,Ch]" is an
    // N whose later class and parameter tokens the SDK ignores; blanks after '[' are skipped).
    if (tok.empty()) return;
    if (name.empty() && !old_style && !class_set) {
      class_set = true;
      ps.set_class(name);
      lint("f1.blank-class",
           "A blank token names the neuron's class (none: N); the SDK ignores the class and parameter tokens "
           "after it",
           b);
      return;
    }
    if (name.empty()) return;
    if (old_style) {
      lint("f1.ignored-token",
           "Token " + quoted(name) +
               " is ignored: an old-style muscle bracket ([|...] or [@...]) takes no class name",
           b);
      return;
    }
    if (class_set) {
      lint("f1.ignored-token", "Token " + quoted(name) + " is ignored: this neuron's class was already given",
           b);
      return;
    }
    class_set = true;
    if (!ps.params().empty())
      lint("f1.parameters-before-class",
           "Parameters given before the class name were set for class N and are kept as text; put the class "
           "first",
           b);
    ps.set_class(name);
    if (!ps.klass())
      lint("f1.unknown-neuron-class", "Neuron class " + quoted(name) + " is not in the SDK r909 library", b);
    const double power = last_power_;
    if (is_char(ps.cls(), '|')) {
      report_set(ps, "p", {}, ps.set("p", power), b, true);
      report_set(ps, "r", {}, ps.set("r", g.bend_range), b, true);
    } else if (is_char(ps.cls(), '@')) {
      report_set(ps, "p", {}, ps.set("p", power), b, true);
    }
    return;
  }
  std::string_view name(tok.data(), colon);
  const std::size_t lead = name.size() - trim_left(name, Blanks::space).size();
  name.remove_prefix(lead);
  const std::string_view value(tok.data() + colon + 1, tok.size() - colon - 1);
  const std::uint32_t nb = b + static_cast<std::uint32_t>(lead);
  if (name.empty()) {
    lint("f1.ignored-token",
         "Token " + quoted(trim(tok, Blanks::space)) + " is ignored: it has no name before ':'", b);
    return;
  }
  const char c0 = name[0];
  if (is_digit(c0) || c0 == '-') {  // relative connection
    // The SDK reads the weight before the offset (its messages come in that order).
    const double w = weight_value(trim(value, Blanks::space), b + static_cast<std::uint32_t>(colon) + 1);
    const std::string_view nm = trim(name, Blanks::space);
    std::int64_t off = 0;
    if (nm.empty() || scan_plain_int(nm.data(), nm.data() + nm.size(), off) != nm.size() ||
        off != std::int32_t(off)) {
      const auto v = frams::sdk::parse_int(nm);  // non-strict: 1.5 is 1
      off = v ? v->value : 0;
      if (!v) {
        sdk("[ERROR] ExtValue.parseInt: " + frams::sdk::could_not_parse(nm));
        warn("f1.bad-number",
             "Cannot read the neuron offset " + quoted(nm) + "; the SDK uses 0 (a self-connection)", nb);
      } else if (v->overflow != frams::sdk::IntValue::Overflow::none) {
        sdk("[ERROR] ExtValue.getInt: " + frams::sdk::overflow_message(*v));
        warn("f1.bad-number",
             "The neuron offset " + quoted(nm) + " does not fit 32 bits; the SDK uses " + std::to_string(off),
             nb);
      }
    }
    rel_.push_back({bn, f1num, off, w, nb, e});
  } else if (is_upper(c0) || c0 == '*' || c0 == '|' || c0 == '@') {  // receptor
    const double w = weight_value(trim(value, Blanks::space), b + static_cast<std::uint32_t>(colon) + 1);
    const f0::NeuronClass* rc = sdk_class(name);
    const bool known = rc != nullptr;
    if (trim(name, Blanks::space).size() != name.size())
      lint("f1.receptor-name-blank",
           "Receptor class " + quoted(name) + " ends with a blank, so the SDK creates an unknown class", nb);
    else if (!known)
      lint("f1.unknown-neuron-class", "Neuron class " + quoted(name) + " is not in the SDK r909 library", nb);
    const f0::NeuronLocation loc = known ? rc->pref_location : f0::NeuronLocation::none;
    int rn;
    if (!std::memchr(name.data(), ':', name.size())) {  // describe()'s result, directly
      f0::Neuron& nr = new_neuron(loc, nb);
      nr.details.assign(name);
      nr.class_name.assign(name);
      nr.known_class = known;
      rn = static_cast<int>(m_.neurons.size() - 1);
    } else {
      rn = add_neuron(name, loc, nb);
      if (m_.neurons[static_cast<std::size_t>(rn)].details != name) raw_details_.emplace_back(rn, name);
    }
    sc_.receptors.push_back({rn, w});  // bn's inputs, added when its bracket ends
    map(nb, e, ElementKind::neuron, rn);
  } else if (c0 == '>') {  // output (">:12" too: its class is ":1", i.e. N with parameters "1")
    const double w = weight_value(trim(value, Blanks::space), b + static_cast<std::uint32_t>(colon) + 1);
    // SDK quirk (notes §7.4): the class name is as long as the weight text (blanks included).
    const std::uint32_t from = nb + 1;
    const std::uint32_t len = std::min<std::uint32_t>(static_cast<std::uint32_t>(value.size()), n_ - from);
    const std::string_view qname = t_.substr(from, len);
    const std::string_view real = name.substr(1);
    if (qname != real)
      warn("f1.output-name-quirk",
           "The SDK reads this output's class as " + quoted(qname) + " instead of " + quoted(real) +
               " (it takes as many characters as the weight has)",
           nb);
    std::string details(qname);
    // The SDK looks at the name's first character only: ">|x:12" is class "|x" with the bend
    // muscle's p and r appended, ">@:1>T:2" class "@" with p.
    if (!real.empty() && real[0] == '|') {
      details.append(":p=").append(g6(last_power_)).append(",r=").append(g6(g.bend_range));
    } else if (!real.empty() && real[0] == '@') {
      details.append(":p=").append(g6(last_power_));
    }
    // An empty class with parameters is "N:..." in the SDK's converted text, as for a blank class
    // token (error positions count it): ">|:" with an empty weight writes "N:p=0.25,r=1".
    if (qname.empty() && !details.empty()) details.insert(0, "N");
    const int on = add_neuron(details, location_of(qname), nb);
    if (m_.neurons[static_cast<std::size_t>(on)].details != details)
      raw_details_.emplace_back(on, std::move(details));
    add_input(on, bn, w);
    map(nb, e, ElementKind::neuron, on);
  } else if (c0 == '!' || c0 == '=' || c0 == '/') {
    const std::string_view v = trim(value, Blanks::space);
    const auto d = frams::sdk::parse_double(v);
    if (!d) {
      sdk("[ERROR] ExtValue.parseDouble: " + frams::sdk::could_not_parse(v));
      warn("f1.bad-number", "Cannot read the number " + quoted(v) + "; the SDK sets the parameter to 0", nb);
    }
    const std::string_view pname = c0 == '!' ? "fo" : c0 == '=' ? "in" : "si";
    report_set(ps, pname, v, ps.set(pname, d ? *d : 0.0), nb, false);
  } else if (is_lower(c0)) {
    if (trim(name, Blanks::space).size() != name.size()) {
      lint("f1.ignored-parameter",
           "Parameter name " + quoted(name) + " ends with a blank; the SDK ignores it", nb);
      ps.set_text(name, value);  // (no such parameter, but the set still fixes the bracket's table)
      return;
    }
    report_set(ps, name, value, ps.set_text(name, value), nb, false);  // (Param::set on the text)
  } else {
    lint("f1.ignored-token",
         "Token " + quoted(trim(tok, Blanks::space)) + " is ignored: it matches no neuron token kind", nb);
  }
}

// A bracket at `open`; returns where the segment continues.
std::uint32_t Converter::neuron(std::uint32_t open, const GeneProps& g) {
  const std::uint32_t q = static_cast<std::uint32_t>(link_[open]);  // the first ']' or ')' (prepass)
  if (m_.joints.empty()) {
    sdk("[WARN] GenoConv_F1.grow: Illegal neuron position (ignored)");
    warn("f1.neuron-before-stick",
         "A neuron must follow a stick (X); the SDK ignores this one but not its closing bracket", open);
    return q;  // the closer is read by the segment (a ']' then makes the genotype invalid)
  }
  if (q >= n_)
    warn("f1.unterminated-neuron",
         "Neuron bracket is not closed; genokit ends it at the end of the text (the SDK reads past the end "
         "of the genotype: undefined result)",
         open);
  else if (t_[q] == ')')
    lint("f1.neuron-closed-by-paren", "Neuron bracket closed by ')' instead of ']' (the SDK accepts it)", q);

  const int f1num = static_cast<int>(bracket_.size());
  const int bn = add_neuron("N", f0::NeuronLocation::none, open, true);
  bracket_.push_back(bn);
  map(open, std::min(q + 1, n_), ElementKind::neuron, bn);
  std::uint32_t b = open + 1;
  while (b < q && is_blank(t_[b], Blanks::space)) ++b;
  bool old_style = false;
  if (b < q && (t_[b] == '|' || t_[b] == '@') && !(b + 1 < n_ && t_[b + 1] == ':')) {
    std::uint32_t c2 = b + 1;
    while (c2 < n_ && is_blank(t_[c2], Blanks::space)) ++c2;
    old_style = c2 >= n_ || (t_[c2] != ',' && t_[c2] != ']');
  }
  if (old_style) {
    char buf[80];  // "|:p=<%g>,r=<%g>" (each %g text is at most 13 characters)
    std::size_t len = 0;
    auto put = [&](std::string_view s) { std::memcpy(buf + len, s.data(), s.size()), len += s.size(); };
    put({&t_[b], 1});
    put(":p=");
    put(g6(last_power_));
    if (t_[b] == '|') put(",r="), put(g6(g.bend_range));
    // describe()'s result, directly: class '|' or '@' (both in the library), then the parameters.
    f0::Neuron& nr = new_neuron(f0::NeuronLocation::joint, b);
    nr.details.assign(buf, len);
    nr.params.assign(buf + 2, len - 2);
    nr.class_name.assign(buf, 1);
    static const bool muscles_known = sdk_class("|") && sdk_class("@");
    nr.known_class = muscles_known;
    const int mn = static_cast<int>(m_.neurons.size() - 1);
    add_input(mn, bn, 1.0);
    map(b, b + 1, ElementKind::neuron, mn);
    ++b;
  }
  ParamSet ps;
  bool class_set = false;
  const std::size_t rel_before = rel_.size();
  for (std::uint32_t s = b; s <= q && s <= n_;) {
    // The token ends at the next ',' (or at the bracket's end); its last ':' found on the way
    // (tokens are a few bytes: a loop is cheaper than memchr + rfind).
    std::uint32_t e = s;
    std::size_t colon = std::string_view::npos;
    for (; e < q; ++e) {
      const char ch = t_[e];
      if (ch == ',') break;
      if (ch == ':') colon = e - s;
    }
    token(s, e, colon, bn, f1num, ps, class_set, old_style, g);
    s = e + 1;
  }
  f0::Neuron& nr = m_.neurons[bn];
  // The receptors' inputs, with room for the relative connections added at the end (one
  // allocation instead of several).
  auto& rec = sc_.receptors;
  if (const std::size_t total = rec.size() + (rel_.size() - rel_before)) nr.inputs.reserve(total);
  for (const auto& r : rec) add_input(bn, r.source, r.weight);
  rec.clear();
  // What describe() would derive from the details: the class token has no ':'.
  ps.describe(nr.details, nr.params);
  const f0::NeuronClass* cls = ps.klass();
  if (ps.cls().empty()) {  // a blank class token: the SDK's f0 text has no class, which reads as N
    // (without parameters its converter writes "d=" there, which error positions count)
    if (nr.params.empty()) raw_details_.emplace_back(bn, std::string());
    nr.details = nr.params.empty() ? std::string("N") : "N:" + nr.params;
    cls = class_n();
  }
  const std::string_view cname = ps.cls().empty() ? std::string_view("N") : ps.cls();
  if (nr.class_name != cname) nr.class_name.assign(cname);
  nr.known_class = cls != nullptr;
  const f0::NeuronLocation loc = nr.known_class ? cls->pref_location : f0::NeuronLocation::none;
  if (loc == f0::NeuronLocation::joint)
    nr.joint = static_cast<int>(m_.joints.size() - 1);
  else
    nr.part = m_.joints.back().p2;
  return q < n_ ? q + 1 : n_;
}

}  // namespace genokit::f1::detail
