// Fuzzes network construction and stepping: either f0 text (first byte even) or a model built
// directly from the bytes (classes, parameter texts, connections with extreme/NaN weights,
// attachments), then 40 steps with noise and random initial state, plus every output form.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "genokit/f0/parser.hpp"
#include "genokit/neuro/describe.hpp"
#include "genokit/neuro/network.hpp"
#include "genokit/neuro/plot.hpp"
#include "genokit/neuro/trace.hpp"

using namespace genokit;

namespace {

struct Reader {
  const std::uint8_t* p;
  std::size_t n;
  std::uint8_t byte() {
    if (!n) return 0;
    --n;
    return *p++;
  }
  double number() {
    static const double kVals[] = {0,      1,   -1,       0.5,       2,      1e10,   -1e10, 1e300,
                                   -1e300, NAN, INFINITY, -INFINITY, 1e-300, 999999, 0.04,  -30};
    return kVals[byte() % 16];
  }
  std::string text(std::size_t max) {
    std::size_t len = byte() % (max + 1);
    std::string s;
    for (std::size_t k = 0; k < len && n; ++k) s += static_cast<char>(byte());
    return s;
  }
};

const char* const kClasses[] = {"N",     "Nu",    "*",   "D",   "Rnd", "Sin",   "Ch",     "ChSel",
                                "ChMux", "Fuzzy", "G",   "T",   "S",   "Water", "Energy", "|",
                                "@",     "LMu",   "Sti", "Thr", "Foo", "VEye"};
const char* const kParams[] = {"",
                               "in=5,fo=-1",
                               "si=99999",
                               "s=2",
                               "f0=2,t=10",
                               "ch=1.5",
                               "ch=-7",
                               "ch=3",
                               "ns=2,nr=1,fs=-1;-1;0;0;0;0;1;1,fr=0;0:0;1/",
                               "ns=1,nr=1,fs=-1;0;0;1,fr=5;0:0;0/",
                               "zz=1,2,3",
                               "\"x,y\"",
                               "t=0.5,lo=-1,hi=1"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2 || size > 20000) return 0;
  Reader r{data, size};
  const std::uint8_t mode = r.byte();
  neuro::Settings s;
  s.randinit = (mode & 2) ? 0.01 : 0;
  s.nnoise = (mode & 4) ? 0.05 : 0;
  s.seed = r.byte();
  f0::Model m;
  if (mode & 1) {
    const int parts = r.byte() % 3, joints = parts > 1 ? r.byte() % 2 : 0;
    m.parts.resize(static_cast<std::size_t>(parts));
    m.joints.resize(static_cast<std::size_t>(joints));
    const int nn = r.byte() % 40;
    m.neurons.resize(static_cast<std::size_t>(nn));
    for (auto& nr : m.neurons) {
      nr.class_name = kClasses[r.byte() % (sizeof kClasses / sizeof *kClasses)];
      const std::uint8_t pk = r.byte();
      nr.params = pk < 200 ? std::string(kParams[pk % (sizeof kParams / sizeof *kParams)]) : r.text(40);
      nr.details = nr.params.empty() ? nr.class_name : nr.class_name + ":" + nr.params;
      nr.part = static_cast<int>(r.byte() % 4) - 1;
      nr.joint = static_cast<int>(r.byte() % 3) - 1;
    }
    const int nc = nn ? r.byte() : 0;
    for (int k = 0; k < nc && r.n; ++k) {
      const int a = r.byte() % (nn + 1), b = r.byte() % (nn + 1);  // may point past the end
      if (a < nn) m.neurons[static_cast<std::size_t>(a)].inputs.push_back({b, r.number(), ""});
    }
  } else {
    Diagnostics d;
    m = f0::parse(std::string_view(reinterpret_cast<const char*>(r.p), r.n), d);
  }
  neuro::Network net = neuro::Network::build(m, s);
  const neuro::Trace t = neuro::record(net, 40);
  (void)neuro::format_table(net, t, {"fuzz", m.valid});
  (void)neuro::format_csv(t);
  (void)neuro::trace_json(net, t, {"fuzz", m.valid});
  (void)neuro::describe_text(net);
  (void)neuro::describe_json(net);
  (void)neuro::plot_svg(net, t, {});
  return 0;
}
