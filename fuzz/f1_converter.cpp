// libFuzzer target for the f1 converter: any bytes must convert without crashing, hanging or
// reading out of bounds, and a valid model must survive the SDK's f0 text round trip unchanged
// (which is what the converter models directly instead of writing and re-parsing f0).
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "genokit/f0/parser.hpp"
#include "genokit/f0/writer.hpp"
#include "genokit/f1/convert.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  genokit::Diagnostics d;
  genokit::f1::ConvertOptions opt;
  opt.mapping = size % 2 == 0;
  opt.strict = size % 3 == 0;
  const auto c = genokit::f1::convert(text, d, opt);
  for (const auto& e : c.map)
    if (e.begin > e.end || e.end > size) std::abort();
  const auto& m = c.model;
  if (!m.valid) return 0;
  for (const auto& j : m.joints)
    if (j.p1 < 0 || j.p2 <= j.p1 || static_cast<std::size_t>(j.p2) >= m.parts.size()) std::abort();
  const std::string f0 = genokit::f0::write_body(m);
  genokit::Diagnostics d2;
  genokit::f0::ParseOptions po;
  po.lint = false;
  const auto back = genokit::f0::parse(f0, d2, po);
  if (!back.valid || back.parts.size() != m.parts.size() || back.joints.size() != m.joints.size() ||
      back.neurons.size() != m.neurons.size() || back.connections.size() != m.connections.size())
    std::abort();
  for (std::size_t i = 0; i < m.parts.size(); ++i)
    if (back.parts[i].pos.x != m.parts[i].pos.x || back.parts[i].pos.y != m.parts[i].pos.y ||
        back.parts[i].pos.z != m.parts[i].pos.z || back.parts[i].dn != m.parts[i].dn)
      std::abort();
  for (std::size_t i = 0; i < m.neurons.size(); ++i)
    if (back.neurons[i].class_name != m.neurons[i].class_name ||
        back.neurons[i].details != m.neurons[i].details || back.neurons[i].part != m.neurons[i].part ||
        back.neurons[i].joint != m.neurons[i].joint)
      std::abort();
  if (genokit::f0::write_body(back) != f0) std::abort();
  return 0;
}
