// Run recording and the table / CSV / JSON forms of a run.
#include "genokit/neuro/trace.hpp"

#include <algorithm>
#include <cmath>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "neuro/data.hpp"
#include "neuro/json.hpp"

namespace genokit::neuro {
namespace {

std::string c_escape(std::string_view s) {
  std::string o;
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        o += "\\\"";
        break;
      case '\\':
        o += "\\\\";
        break;
      case '\n':
        o += "\\n";
        break;
      case '\t':
        o += "\\t";
        break;
      case '\r':
        o += "\\r";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          static const char* hex = "0123456789abcdef";
          o += "\\x";
          o += hex[c >> 4];
          o += hex[c & 15];
        } else {
          o += static_cast<char>(c);
        }
    }
  }
  return o;
}

}  // namespace

std::string utf8_safe(std::string_view s) {
  std::string out;
  while (!s.empty()) {
    const std::size_t bad = find_invalid_utf8(s);
    if (bad == std::string_view::npos || bad >= s.size()) {
      out.append(s);
      break;
    }
    out.append(s.substr(0, bad));
    out += "\xEF\xBF\xBD";
    s.remove_prefix(bad + 1);
  }
  return out;
}

Trace record(Network& net, std::size_t steps) {
  const auto n = static_cast<int>(net.size());
  // Channels of multichannel-capable neurons per step, to lay out the extra columns at the end.
  std::vector<int> multi;
  const auto& d = net.data();
  for (const auto& g : d.multi)
    for (auto i : g) multi.push_back(static_cast<int>(i));
  std::sort(multi.begin(), multi.end());
  std::vector<std::vector<std::vector<double>>> chans(multi.size());
  Trace t;
  t.rows.reserve(steps + 1);
  auto snap = [&] {
    std::vector<double> row(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) row[static_cast<std::size_t>(i)] = net.output(i);
    t.rows.push_back(std::move(row));
    for (std::size_t m = 0; m < multi.size(); ++m) {
      const int i = multi[m];
      std::vector<double> c(static_cast<std::size_t>(net.channels(i)));
      for (int k = 0; k < net.channels(i); ++k) c[static_cast<std::size_t>(k)] = net.channel(i, k);
      chans[m].push_back(std::move(c));
    }
  };
  snap();
  for (std::size_t s = 0; s < steps; ++s) {
    net.step();
    snap();
  }
  for (int i = 0; i < n; ++i) {
    t.columns.push_back("n" + std::to_string(i));
    t.column_neuron.push_back(i);
  }
  for (std::size_t m = 0; m < multi.size(); ++m) {
    const int i = multi[m];
    const int mc = net.max_channels(i);
    for (int k = 1; k < mc; ++k) {
      t.columns.push_back("n" + std::to_string(i) + ".ch" + std::to_string(k));
      t.column_neuron.push_back(i);
      for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const auto& c = chans[m][r];
        t.rows[r].push_back(c[std::min<std::size_t>(static_cast<std::size_t>(k), c.size() - 1)]);
      }
    }
  }
  return t;
}

std::string format_table(const Network& net, const Trace& t, const TableInfo& info) {
  std::string o;
  const auto n = static_cast<int>(net.size());
  const Settings& s = net.settings();
  o += "# neuro-oracle-table 1\n";
  o += "# genotype: " + info.genotype + "\n";
  o += std::string("# valid: ") + (info.valid ? "1" : "0") + "\n";
  o += "# steps: " + std::to_string(t.rows.empty() ? 0 : t.rows.size() - 1) + "\n";
  o += "# settings: randinit=" + format_double_g17(s.randinit) + " nnoise=" + format_double_g17(s.nnoise) +
       " seed=" + std::to_string(s.seed) + "\n";
  o += "# neurons: " + std::to_string(n) + "\n";
  for (int i = 0; i < n; ++i) {
    o += "# n" + std::to_string(i) + " class=" + net.class_name(i) + " details=\"" +
         c_escape(net.details(i)) + "\" p=" + std::to_string(net.part(i)) +
         " j=" + std::to_string(net.joint(i)) + " inputs=" + std::to_string(net.input_count(i)) +
         " status=" + std::string(to_string(net.status(i))) + " simorder=" + std::to_string(net.group(i)) +
         " channels=" + std::to_string(net.max_channels(i)) + "\n";
  }
  for (const auto& m : net.messages())
    if (m.origin != "genokit") o += "# message: " + m.sdk_line() + "\n";
  o += "# columns: step";
  for (const auto& c : t.columns) o += " " + c;
  o += "\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    o += std::to_string(r);
    for (double v : t.rows[r]) {
      o += ' ';
      o += format_double_g17(v);
    }
    o += '\n';
  }
  return o;
}

std::string format_csv(const Trace& t) {
  std::string o = "step";
  for (const auto& c : t.columns) o += "," + c;
  o += "\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    o += std::to_string(r);
    for (double v : t.rows[r]) {
      o += ',';
      o += format_double(v);
    }
    o += '\n';
  }
  return o;
}

nlohmann::json detail::number_json(double v) {
  if (std::isfinite(v)) return v;
  return format_double(v);
}

nlohmann::json detail::trace_json(const Network& net, const Trace& t, const TableInfo& info) {
  using nlohmann::json;
  json j;
  j["genotype"] = utf8_safe(info.genotype);
  j["valid"] = info.valid;
  const Settings& s = net.settings();
  j["settings"] = {{"randinit", s.randinit}, {"nnoise", s.nnoise}, {"seed", s.seed}};
  json ns = json::array();
  for (int i = 0; i < static_cast<int>(net.size()); ++i)
    ns.push_back({{"index", i},
                  {"class", utf8_safe(net.class_name(i))},
                  {"details", utf8_safe(net.details(i))},
                  {"part", net.part(i)},
                  {"joint", net.joint(i)},
                  {"inputs", net.input_count(i)},
                  {"status", to_string(net.status(i))},
                  {"group", net.group(i)},
                  {"channels", net.max_channels(i)}});
  j["neurons"] = std::move(ns);
  json ms = json::array();
  for (const auto& m : net.messages())
    ms.push_back({{"severity", to_string(m.severity)},
                  {"code", m.code},
                  {"origin", m.origin},
                  {"message", utf8_safe(m.text)},
                  {"neuron", m.neuron}});
  j["messages"] = std::move(ms);
  j["columns"] = t.columns;
  json rows = json::array();
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    json row = json::array();
    row.push_back(r);
    for (double v : t.rows[r]) row.push_back(number_json(v));
    rows.push_back(std::move(row));
  }
  j["rows"] = std::move(rows);
  return j;
}

std::string trace_json(const Network& net, const Trace& t, const TableInfo& info) {
  return detail::trace_json(net, t, info).dump();
}

}  // namespace genokit::neuro
