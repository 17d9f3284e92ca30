// The converters' last step (finish.hpp).
#include "fH/finish.hpp"

#include <cmath>
#include <cstdio>

#include "f0/build.hpp"
#include "frams/sdk_number.hpp"
#include "genokit/core/text.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/f0/properties.hpp"
#include "genokit/f0/writer.hpp"

namespace genokit::fH::detail {
namespace {

// (a mean of tiny values can be subnormal: frams::sdk::reads_back)
bool readable(double v) {
  return frams::sdk::reads_back(v);
}
bool readable(const f0::Vec3& v) {
  return readable(v.x) && readable(v.y) && readable(v.z);
}

bool all_readable(const f0::Model& m) {
  for (const auto& p : m.parts)
    if (!readable(p.pos) || !readable(p.dn) || !readable(p.fr) || !readable(p.ing) || !readable(p.as))
      return false;
  for (const auto& j : m.joints)
    if (!readable(j.stif) || !readable(j.rotstif) || !readable(j.stam)) return false;
  for (const auto& c : m.connections)
    if (!readable(c.weight)) return false;
  return true;
}

// The element (by f0 line number, 1-based) whose source position a round-trip error points to.
f0::SourcePos element_src(const f0::Model& m, std::size_t line) {
  std::size_t k = line - 1;
  if (k < m.parts.size()) return m.parts[k].src;
  k -= m.parts.size();
  if (k < m.joints.size()) return m.joints[k].src;
  k -= m.joints.size();
  if (k < m.neurons.size()) return m.neurons[k].src;
  return {};
}

// True when a property the converter set lies outside its f0 range (a mean of values at a bound
// can fall a rounding error below it): the SDK's f0 re-read then clamps it.
bool out_of_range(const f0::Model& m) {
  struct R {
    double lo, hi;
  };
  static const auto range = [](std::string_view cls, std::string_view id) {
    const f0::ClassTable* t = f0::find_table(cls);
    const auto& p = t->props[static_cast<std::size_t>(f0::find_prop(*t, id))];
    return R{p.min, p.max};
  };
  static const R dn = range("p", "dn"), fr = range("p", "fr"), ing = range("p", "ing"), as = range("p", "as"),
                 stif = range("j", "stif"), rotstif = range("j", "rotstif"), stam = range("j", "stam"),
                 w = range("c", "w");
  auto out = [](double v, const R& r) { return v < r.lo || v > r.hi; };
  for (const auto& p : m.parts)
    if (out(p.dn, dn) || out(p.fr, fr) || out(p.ing, ing) || out(p.as, as)) return true;
  for (const auto& j : m.joints)
    if (out(j.stif, stif) || out(j.rotstif, rotstif) || out(j.stam, stam)) return true;
  for (const auto& c : m.connections)
    if (out(c.weight, w)) return true;
  return false;
}

// Where an element's src offset is in the genotype text.
Location locate(std::string_view text, std::int64_t offset) {
  if (offset < 0 || text.empty()) return {};
  return LineIndex(text).locate(static_cast<std::size_t>(offset));
}

void keep_sources(f0::Model& m, const f0::Model& from) {
  for (std::size_t i = 0; i < m.parts.size() && i < from.parts.size(); ++i)
    m.parts[i].src = from.parts[i].src;
  for (std::size_t i = 0; i < m.joints.size() && i < from.joints.size(); ++i)
    m.joints[i].src = from.joints[i].src;
  for (std::size_t i = 0; i < m.neurons.size() && i < from.neurons.size(); ++i)
    m.neurons[i].src = from.neurons[i].src;
  for (std::size_t i = 0; i < m.connections.size() && i < from.connections.size(); ++i)
    m.connections[i].src = from.connections[i].src;
}

// The clamps of the SDK's f0 re-read (its Param.set warnings), in the order of the text's lines.
void report_clamps(const Diagnostics& reread, Finish& out, Diagnostics& diags, const std::string& prefix) {
  for (const Diagnostic& d : reread.items())
    if (d.code == "f0.value-clamped") {
      out.sdk_messages.push_back("[WARN] Param.set: " + d.message);
      if (!diags.keeps_next()) {
        diags.count_dropped(Severity::warning);
        continue;
      }
      diags.warning(
          prefix + ".value-clamped",
          "A developed value is outside its f0 range; the SDK's f0 re-read clamps it (" + d.message + ")",
          {});
    }
}

}  // namespace

void finish_neuron(f0::Neuron& n) {
  f0::set_neuron_class(n);
}

const f0::NeuronClass* neuron_with_details(f0::Neuron& n, const std::string& details) {
  n.details = details.empty() ? std::string("N") : details;
  finish_neuron(n);
  if (!details.empty() && details.front() == ':') return nullptr;
  return n.known_class ? f0::find_neuron_class(n.class_name) : nullptr;
}

bool finish_model(f0::Model& m, Finish out, Diagnostics& diags, const std::string& prefix,
                  bool strict_failed) {
  if (all_readable(m)) {
    // Model::internalCheck raises a density below the minimum (a mean of densities at the minimum
    // can fall a rounding error below it) before the model is written.
    static const double min_density = [] {
      const f0::ClassTable* t = f0::find_table("p");
      return t->props[static_cast<std::size_t>(f0::find_prop(*t, "dn"))].min;
    }();
    for (std::size_t i = 0; i < m.parts.size(); ++i)
      if (m.parts[i].dn < min_density) {
        m.parts[i].dn = min_density;
        out.sdk_messages.push_back("[WARN] Model.internalCheck: density too small in Part #" +
                                   std::to_string(i) + " (adjusted)");
        if (!diags.keeps_next()) {
          diags.count_dropped(Severity::warning);
          continue;
        }
        const Location l = locate(out.text, m.parts[i].src.offset);
        diags.warning(
            prefix + ".density-adjusted",
            "Part #" + std::to_string(i) +
                "'s density (a mean of its sticks') falls a rounding error below the minimum; the SDK "
                "raises it to " +
                frams::sdk::format_double(min_density),
            l);
      }
    Diagnostics check;
    f0::ParseOptions po;
    po.lint = false;
    f0::final_check(m, check, po);
    if (m.valid && out_of_range(m)) {
      // The SDK's f0 re-read clamps the values (with its Param.set warnings): read back the same way.
      const std::string text = f0::write_body(m);
      Diagnostics scratch;
      const f0::Model keep = m;
      const std::size_t body = m.body_offset;
      m = f0::parse(text, scratch, po);
      m.body_offset = body;
      keep_sources(m, keep);
      report_clamps(scratch, out, diags, prefix);
      out.sdk_warn_pos = m.warn_pos;
      out.sdk_error_pos = m.error_pos;
    }
    if (m.valid) {
      if (strict_failed) m.valid = false;
      return m.valid;
    }
    // The converter's model fails Model::internalCheck: the SDK logs each joint that is too long and
    // writes no f0 text (the conversion fails).
    for (std::size_t i = 0; i < m.joints.size(); ++i)
      if (m.joints[i].sh != 1 && m.joints[i].length > 2.0) {
        char len[64];
        std::snprintf(len, sizeof len, "%g", m.joints[i].length);
        out.sdk_messages.push_back("[ERROR] Model.internalCheck: Joint #" + std::to_string(i) +
                                   " too long (its length " + len + " exceeds allowed 2)");
      }
    for (const Diagnostic& d : check.items())
      if (d.severity == Severity::error) {
        std::string msg = d.code == "f0.empty"
                              ? std::string("The genotype makes no part and no neuron, so no creature")
                              : "The developed body fails the f0 check: " + d.message;
        diags.error(
            prefix + "." + (d.code == "f0.empty" ? std::string("empty") : "model-" + d.code.substr(3)),
            std::move(msg), locate(out.text, d.where.offset));
        break;
      }
    const std::size_t body = m.body_offset;
    m = f0::Model();
    m.body_offset = body;
    out.converted = false;
    return false;
  }
  // A number the SDK writes and cannot read back (NaN, infinite, subnormal): the model fails at
  // that line, with one message per such value in it.
  const std::string text = f0::write_body(m);
  Diagnostics scratch;
  f0::ParseOptions po;
  po.lint = false;
  const f0::Model keep = m;
  m = f0::parse(text, scratch, po);
  // (the lines before the one that fails are read: their values clamped, with the SDK's warnings)
  report_clamps(scratch, out, diags, prefix);
  std::size_t line = 0, start = 0;
  for (std::size_t b = 0, n = 1; b < text.size() && line == 0; ++n) {
    std::size_t e = text.find('\n', b);
    if (e == std::string::npos) e = text.size();
    const std::string_view ln(text.data() + b, e - b);
    // (the converters write numbers only in p:, j: and c: lines; n: lines hold the d= text)
    const bool numbers = ln.size() >= 2 && ln[1] == ':' && (ln[0] == 'p' || ln[0] == 'j' || ln[0] == 'c');
    for (std::size_t f = 2; numbers && f < ln.size();) {  // after "p:"
      std::size_t g = ln.find(", ", f);
      if (g == std::string_view::npos) g = ln.size();
      std::string_view field = ln.substr(f, g - f);
      if (const auto eq = field.find('='); eq != std::string_view::npos) field.remove_prefix(eq + 1);
      if (!frams::sdk::parse_double(field)) {
        line = n, start = b;
        out.sdk_messages.push_back("[ERROR] ExtValue.parseDouble: Could not parse '" + std::string(field) +
                                   "'");
      }
      f = g + 2;
    }
    if (line)
      out.sdk_messages.push_back("[ERROR] Model.build: Invalid '" + std::string(ln.substr(0, 2)) +
                                 "', line #" + std::to_string(n));
    b = e + 1;
  }
  out.sdk_error_pos = out.sdk_warn_pos = static_cast<std::int64_t>(start);
  diags.error(prefix + ".not-finite",
              "The converted body has a value that is not a finite number, or too small to be a normal one "
              "(a mean of tiny values); the SDK cannot write and re-read it, so the genotype is invalid",
              line ? locate(out.text, element_src(keep, line).offset) : Location{});
  // Keep the source positions of the elements that were read back.
  for (std::size_t i = 0; i < m.parts.size() && i < keep.parts.size(); ++i)
    m.parts[i].src = keep.parts[i].src;
  for (std::size_t i = 0; i < m.joints.size() && i < keep.joints.size(); ++i)
    m.joints[i].src = keep.joints[i].src;
  for (std::size_t i = 0; i < m.neurons.size() && i < keep.neurons.size(); ++i)
    m.neurons[i].src = keep.neurons[i].src;
  m.valid = false;
  return false;
}

}  // namespace genokit::fH::detail
