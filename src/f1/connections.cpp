// The converter's last step (converter.hpp): relative connections, resolved after the whole
// text, and the effects of the SDK's f0 re-parse (weight clamping, non-finite weights) applied
// directly; the final check of an f1 body.
#include <algorithm>
#include <cmath>

#include "f1/converter.hpp"
#include "frams/sdk_number.hpp"
#include "genokit/f0/writer.hpp"

namespace genokit::f1::detail {

void Converter::finish() {
  // Relative connections, resolved after the whole text (forward references work).
  const int nb = static_cast<int>(bracket_.size());
  for (const RelConn& r : rel_) {
    // (the SDK's int arithmetic: an offset near the 32-bit limits wraps)
    const std::int64_t src =
        static_cast<std::int32_t>(static_cast<std::uint32_t>(r.own) + static_cast<std::uint32_t>(r.offset));
    if (src < 0 || src >= nb) {
      sdk("[WARN] GenoConvF1.addInput: illegal neuron connection " + std::to_string(r.own) + " <- " +
          std::to_string(src) + " (ignored)");
      warn("f1.bad-connection",
           "Neuron " + std::to_string(r.own) + " has no neuron at offset " + std::to_string(r.offset) +
               " (there are " + std::to_string(nb) + " bracket neurons); the SDK drops this connection",
           r.begin);
      continue;
    }
    add_input(r.target, bracket_[src], r.weight);
  }
  m_.se = energy_div_ > 0 ? energy_ / energy_div_ : 1.0;
  // The connections in one pass when every weight reads back as it is (the usual case).
  m_.connections.reserve(inputs_total_);
  bool odd_weight = false;
  for (std::size_t ti = 0; ti < m_.neurons.size() && !odd_weight; ++ti)
    for (const auto& in : m_.neurons[ti].inputs) {
      if (!(std::fabs(in.weight) <= kMaxWeight)) {  // also NaN
        odd_weight = true;
        break;
      }
      f0::Connection& cn = m_.connections.emplace_back();
      cn.target = static_cast<int>(ti), cn.source = in.source, cn.weight = in.weight;
    }
  const bool bad_weight = odd_weight && finish_odd_weights();
  // Final check (notes f0 §5.6): an f1 body is a tree of delta joints no longer than 2, so only
  // the empty model remains to decide (the masses were counted while the sticks were made).
  if (m_.parts.empty()) {
    error("f1.no-sticks", "The genotype has no stick (X), so it makes no body: the SDK rejects it", body_);
    m_.valid = false;
    m_.shape_type = f0::ShapeType::unknown;
  } else if (bad_weight) {
    m_.valid = false;
    m_.shape_type = f0::ShapeType::unknown;
  } else {
    m_.valid = !strict_failed_;
    m_.shape_type = f0::ShapeType::ball_and_stick;
  }
  if (opt_.mapping) {  // line/column of each element's X or '[' (for tables and JSON)
    auto fill = [&](f0::SourcePos& sp) {
      if (sp.offset < 0) return;
      const Location l = where(static_cast<std::size_t>(sp.offset));
      sp.line = l.line, sp.column = l.column;
    };
    for (auto& p : m_.parts) fill(p.src);
    for (auto& j : m_.joints) fill(j.src);
    for (auto& nr : m_.neurons) fill(nr.src);
  }
  if (opt_.mapping)
    std::stable_sort(out_.map.begin(), out_.map.end(),
                     [](const MapEntry& a, const MapEntry& b) { return a.begin < b.begin; });
}

// Clamped or non-finite weights (rare): the connections again, as the SDK's f0 re-parse makes
// them; true when the model fails.
bool Converter::finish_odd_weights() {
  // The SDK's f0 re-parse: weights are clamped to the c:w range; a non-finite weight cannot be
  // written and read back, so the model fails at that c: line.
  std::int64_t bad_line = -1;
  std::size_t line = (m_.se != 1.0 ? 1 : 0) + m_.parts.size() + m_.joints.size() + m_.neurons.size();
  // The SDK reports positions in the f0 text its converter wrote, weights not yet clamped.
  m_.connections.clear();
  for (std::size_t ti = 0; ti < m_.neurons.size(); ++ti)
    for (const auto& in : m_.neurons[ti].inputs)
      m_.connections.push_back({static_cast<int>(ti), in.source, in.weight, {}, {}});
  for (auto& [i, d] : raw_details_) std::swap(m_.neurons[static_cast<std::size_t>(i)].details, d);
  const std::string f0text = f0::write_body(m_);
  for (auto& [i, d] : raw_details_) std::swap(m_.neurons[static_cast<std::size_t>(i)].details, d);
  std::vector<std::size_t> warn_lines;
  for (std::size_t ti = 0; ti < m_.neurons.size() && bad_line < 0; ++ti) {
    auto& ins = m_.neurons[ti].inputs;
    for (std::size_t i = 0; i < ins.size(); ++i) {
      ++line;
      double& w = ins[i].weight;
      if (!std::isfinite(w)) {
        const std::string text = frams::sdk::format_double(w);
        sdk("[ERROR] ExtValue.parseDouble: Could not parse '" + text + "'");
        sdk("[ERROR] Model.build: Invalid 'c:', line #" + std::to_string(line));
        error("f1.non-finite-weight",
              "Connection weight " + text +
                  " is not a finite number: the SDK cannot write and re-read it, so the "
                  "genotype is invalid",
              m_.neurons[ti].src.offset >= 0 ? static_cast<std::size_t>(m_.neurons[ti].src.offset) : 0);
        bad_line = static_cast<std::int64_t>(line);
        ins.resize(i);
        for (std::size_t later = ti + 1; later < m_.neurons.size(); ++later) m_.neurons[later].inputs.clear();
        break;
      }
      if (w > kMaxWeight || w < -kMaxWeight) {
        const double to = w > 0 ? kMaxWeight : -kMaxWeight;
        sdk("[WARN] Param.set: Setting c.w = '" + frams::sdk::format_double(w) +
            "' exceeded allowed range (" + (w > 0 ? "too big" : "too small") + "). Adjusted to '" +
            frams::sdk::format_double(to) + "'.");
        warn("f1.weight-clamped",
             "Connection weight " + frams::sdk::format_double(w) +
                 " is beyond +-999999; the SDK clamps it to " + frams::sdk::format_double(to),
             m_.neurons[ti].src.offset >= 0 ? static_cast<std::size_t>(m_.neurons[ti].src.offset) : 0);
        w = to;
        warn_lines.push_back(line);
      }
    }
  }
  m_.connections.clear();
  {
    std::size_t total = 0;
    for (const auto& nr : m_.neurons) total += nr.inputs.size();
    m_.connections.reserve(total);
  }
  for (std::size_t ti = 0; ti < m_.neurons.size(); ++ti)
    for (const auto& in : m_.neurons[ti].inputs) {
      f0::Connection& cn = m_.connections.emplace_back();
      cn.target = static_cast<int>(ti), cn.source = in.source, cn.weight = in.weight;
    }
  if (bad_line >= 0 || !warn_lines.empty()) {
    auto line_start = [&](std::size_t l) -> std::int64_t {
      std::size_t off = 0;
      for (std::size_t i = 1; i < l; ++i) {
        const std::size_t nl = f0text.find('\n', off);
        if (nl == std::string::npos) return static_cast<std::int64_t>(f0text.size());
        off = nl + 1;
      }
      return static_cast<std::int64_t>(off);
    };
    if (!warn_lines.empty()) out_.sdk_warn_pos = line_start(warn_lines.front());
    if (bad_line >= 0)
      out_.sdk_error_pos = out_.sdk_warn_pos = line_start(static_cast<std::size_t>(bad_line));
  }
  return bad_line >= 0;
}

}  // namespace genokit::f1::detail
