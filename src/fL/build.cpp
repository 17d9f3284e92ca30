// The fL turtle (develop.hpp): fL_Builder::buildModelFromSequence of SDK r909. Sticks grow from the
// current part along the turtle's direction, their properties squashed into the f0 ranges by a
// logistic curve; neurons are not attached; connections are made after the whole sequence.
#include <cmath>

#include "fH/finish.hpp"
#include "fL/develop.hpp"
#include "genokit/f0/neuron_classes.hpp"
#include "genokit/f0/properties.hpp"

namespace genokit::fL::detail {
namespace {

using f0::Vec3;

double sigmoid(double x, double lo, double hi) {
  return lo + (hi - lo) * (1.0 / (1.0 + std::exp(-x)));
}

struct Range {
  double lo, hi, def;
};
Range f0_range(std::string_view cls, std::string_view id) {
  const f0::ClassTable* t = f0::find_table(cls);
  const frams::Property& p = t->props[static_cast<std::size_t>(f0::find_prop(*t, id))];
  return {p.min, p.max, p.def};
}

struct Ranges {
  Range part[4], joint[3];
};
const Ranges& ranges() {
  static const Ranges r = {
      {f0_range("p", "dn"), f0_range("p", "fr"), f0_range("p", "ing"), f0_range("p", "as")},
      {f0_range("j", "stif"), f0_range("j", "rotstif"), f0_range("j", "stam")}};
  return r;
}

// Orient::rotate about one axis then Orient::transform of `d`, then Pt3D::normalize.
void turn(Vec3& d, int axis, double a) {
  Vec3 x{1, 0, 0}, y{0, 1, 0}, z{0, 0, 1};
  if (a != 0) {
    const double s = std::sin(a), c = std::cos(a);
    auto rot = [&](double& u, double& v) {
      const double t = c * u - s * v;
      v = s * u + c * v;
      u = t;
    };
    if (axis == 0) rot(x.y, x.z), rot(y.y, y.z), rot(z.y, z.z);
    if (axis == 1) rot(x.x, x.z), rot(y.x, y.z), rot(z.x, z.z);
    if (axis == 2) rot(x.x, x.y), rot(y.x, y.y), rot(z.x, z.y);
  }
  d = {d.x * x.x + d.y * y.x + d.z * z.x, d.x * x.y + d.y * y.y + d.z * z.y,
       d.x * x.z + d.y * y.z + d.z * z.z};
  const double len = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
  if (std::fabs(len) < 1e-50)
    d = {1, 0, 0};
  else
    d.x /= len, d.y /= len, d.z /= len;
}

struct State {
  Vec3 dir{1, 0, 0};
  int part = -1, neuron = -1;
};

class Builder {
 public:
  Builder(LSystem& ls, const std::vector<std::uint32_t>& seq, bool mapping)
      : ls_(ls), seq_(seq), mapping_(mapping) {}
  BuiltModel run();

 private:
  bool fail(const char* sdk_text, const char* code, std::string msg, const Word& w) {
    ls_.sdk.error("fL_Builder.developModel", sdk_text);
    ls_.error(code, std::move(msg), w.at);
    return false;
  }
  // A formula's value, or false (logged as the SDK's evaluator does) when it does not evaluate.
  bool value(const Formula& f, double& v) {
    ls_.work += f.rpn->size();
    return logged_value(f, v);
  }
  bool logged_value(const Formula& f, double& v) {
    if (f.value(v)) return true;
    ls_.sdk.error("MathEvaluation.convertString", kIncomplete);
    return false;
  }
  void blend(f0::Part& p, double& count, const Word& w);
  bool stick(State& st, const Word& w, std::uint32_t wi);
  int find_source(std::size_t pos, int target, int attractor);
  double distance(const Word& a, const Word& b);

  LSystem& ls_;
  const std::vector<std::uint32_t>& seq_;
  const bool mapping_;
  BuiltModel out_;
  void made(std::uint32_t word, int kind, int index) {
    if (mapping_) out_.made.push_back({word, kind, index});
  }
  std::vector<double> counters_;
  int first_part_ = -1;
};

void Builder::blend(f0::Part& p, double& count, const Word& w) {
  double* props[4] = {&p.dn, &p.fr, &p.ing, &p.as};
  const Formula* f = ls_.formulas(w);
  for (int i = 0; i < 4; ++i) {
    const Range& r = ranges().part[i];
    double v = r.def;
    if (i < w.count && f[i].rpn) {
      double x;
      if (value(f[i], x)) {
        v = sigmoid(x, r.lo, r.hi);
      } else {
        static const char* names[4] = {"dn", "fr", "ing", "as"};
        ls_.warn(
            "fL.undefined-value",
            std::string("This stick's ") + names[i] +
                " formula does not evaluate after a rule copied it; the SDK then uses an undefined value "
                "(genokit uses the default)",
            w.at);
      }
    }
    *props[i] = (*props[i] * count + v) / (count + 1.0);
  }
}

bool Builder::stick(State& st, const Word& w, std::uint32_t wi) {
  f0::Model& m = out_.model;
  if (st.part < 0) {
    if (first_part_ < 0) {
      f0::Part& p = m.parts.emplace_back();
      p.src.offset = w.at;
      counters_.push_back(0);
      first_part_ = static_cast<int>(m.parts.size() - 1);
      made(wi, 0, first_part_);
    }
    st.part = first_part_;
  }
  blend(m.parts[static_cast<std::size_t>(st.part)], counters_[static_cast<std::size_t>(st.part)], w);
  counters_[static_cast<std::size_t>(st.part)] += 1;
  f0::Part np;
  double zero = 0;
  blend(np, zero, w);
  const Formula* f = ls_.formulas(w);
  double length = 1.0;
  if (w.count > 7 && f[7].rpn) {
    double x;
    if (!value(f[7], x))
      return fail("Error parsing word parameter", "fL.bad-value",
                  "This stick's length formula cannot be evaluated after the rules copied it", w);
    length = sigmoid(x, 0.0, 2.0);
  }
  const Vec3 a = m.parts[static_cast<std::size_t>(st.part)].pos;
  np.pos = {a.x + st.dir.x * length, a.y + st.dir.y * length, a.z + st.dir.z * length};
  np.src.offset = w.at;
  m.parts.push_back(std::move(np));
  counters_.push_back(1);
  const int pi = static_cast<int>(m.parts.size() - 1);
  made(wi, 0, pi);
  f0::Joint j;
  j.p1 = st.part, j.p2 = pi;
  double* props[3] = {&j.stif, &j.rotstif, &j.stam};
  for (int i = 0; i < 3; ++i) {
    const Range& r = ranges().joint[i];
    double v = r.def;
    if (w.count > 4 + i && f[4 + i].rpn) {
      double x;
      if (!value(f[4 + i], x))
        return fail("Error parsing word parameter", "fL.bad-value",
                    "This stick's joint formula cannot be evaluated after the rules copied it", w);
      v = sigmoid(x, r.lo, r.hi);
    }
    *props[i] = v;
  }
  j.src.offset = w.at;
  m.joints.push_back(std::move(j));
  made(wi, 1, static_cast<int>(m.joints.size() - 1));
  st.part = pi;
  return true;
}

double Builder::distance(const Word& a, const Word& b) {
  if (a.def != b.def) return -1;
  const int npar = ls_.def_of(a).npar;
  double sum = 0;
  for (int i = 0; i < npar; ++i) {
    double l = 0, r = 0;
    // (a formula a rule's copy broke is logged for every attractor it is compared with; it counts
    // as 0; not counted as work: the development's limit stays the same)
    if (i < a.count && ls_.formulas(a)[i].rpn) logged_value(ls_.formulas(a)[i], l);
    if (i < b.count && ls_.formulas(b)[i].rpn) logged_value(ls_.formulas(b)[i], r);
    sum += (l - r) * (l - r);
  }
  return std::sqrt(sum);
}

// fL_Builder::findInputNeuron: the neuron a connection at sequence position `pos` comes from.
int Builder::find_source(std::size_t pos, int target, int attractor) {
  const std::size_t n = seq_.size();
  auto neuron_at = [&](std::size_t k) -> const Word& { return ls_.pool[seq_[k]]; };
  if (attractor < 0) {
    std::size_t fwd = pos + 1;
    std::ptrdiff_t back = static_cast<std::ptrdiff_t>(pos) - 1;
    while (back >= 0 || fwd < n) {
      if (fwd < n) {
        const Word& w = neuron_at(fwd);
        if (w.def == kNeuron && w.neuron != target) return w.neuron;
        ++fwd;
      }
      if (back >= 0) {
        const Word& w = neuron_at(static_cast<std::size_t>(back));
        if (w.def == kNeuron && w.neuron != target) return w.neuron;
        --back;
      }
    }
    return -1;
  }
  const Word& a = ls_.pool[static_cast<std::size_t>(attractor)];
  double best = -1;
  std::size_t at = n;
  for (std::size_t k = 0; k < n; ++k) {
    const double d = distance(a, neuron_at(k));
    if (d != -1 && (d < best || best == -1)) best = d, at = k;
  }
  for (; at < n; ++at) {
    const Word& w = neuron_at(at);
    if (w.def == kNeuron && w.neuron >= 0) {
      const f0::Neuron& nr = out_.model.neurons[static_cast<std::size_t>(w.neuron)];
      const f0::NeuronClass* c = f0::find_neuron_class(nr.class_name);
      if (c && c->pref_output != 0) return w.neuron;
    }
  }
  return -1;
}

BuiltModel Builder::run() {
  f0::Model& m = out_.model;
  State st;
  std::vector<State> stack;
  std::vector<std::pair<std::size_t, int>> conns;  // (sequence position, target neuron)
  {  // (room for every element: parts are large, and growing the vector moves them)
    std::size_t sticks = 0, neurons = 0;
    for (const std::uint32_t k : seq_) {
      const int d = ls_.pool[k].def;
      sticks += d == kStick, neurons += d == kNeuron;
    }
    m.parts.reserve(sticks + 1);
    m.joints.reserve(sticks);
    m.neurons.reserve(neurons);
    counters_.reserve(sticks + 1);
    if (mapping_) out_.made.reserve(2 * sticks + neurons + 1);
  }
  for (std::size_t k = 0; k < seq_.size(); ++k) {
    if (ls_.work > LSystem::kMaxWork) {  // (checked by the caller: too large)
      out_.too_large = true;
      return std::move(out_);
    }
    Word& w = ls_.pool[seq_[k]];
    switch (w.def) {
      case kStick:
        if (!stick(st, w, seq_[k])) return std::move(out_);
        break;
      case kNeuron: {
        f0::Neuron nr;
        // (f0 takes an empty class name before ':' for "N"; the builders find no such class)
        const f0::NeuronClass* c = fH::detail::neuron_with_details(nr, w.text);
        const bool no_name = !w.text.empty() && w.text.front() == ':';
        if (!c) {
          fail("Error parsing neuron class", "fL.unknown-neuron-class",
               "Unknown neuron class '" + (no_name ? std::string() : nr.class_name) + "' (d=" + w.text +
                   "): the SDK abandons the creature",
               w);
          return std::move(out_);
        }
        nr.src.offset = w.at;
        m.neurons.push_back(std::move(nr));
        const int ni = static_cast<int>(m.neurons.size() - 1);
        made(seq_[k], 2, ni);
        if (c->pref_inputs != 0) st.neuron = ni;
        w.neuron = ni;
        break;
      }
      case kConnection:
        conns.push_back({k, st.neuron});
        break;
      case kRotX:
      case kRotY:
      case kRotZ: {
        double rot = 0;
        if (w.count > 0 && ls_.formulas(w)[0].rpn && !value(ls_.formulas(w)[0], rot)) {
          fail("Error parsing rotation word", "fL.bad-value",
               "This rotation's formula cannot be evaluated after the rules copied it", w);
          return std::move(out_);
        }
        turn(st.dir, w.def - kRotX, sigmoid(rot, -M_PI, M_PI));
        break;
      }
      case kOpen:
        stack.push_back(st);
        break;
      case kClose:
        if (!stack.empty()) st = stack.back(), stack.pop_back();
        break;
      default:
        break;  // user words make nothing
    }
  }
  std::vector<std::pair<int, std::uint32_t>> made_conns;  // (target, C word) in order of making
  for (const auto& [pos, target] : conns) {
    const Word& cw = ls_.pool[seq_[pos]];
    if (target < 0) {
      ls_.warn(
          "fL.connection-dropped",
          "This connection has no neuron taking inputs before it (N of a class with inputs); the SDK drops "
          "it silently",
          cw.at);
      continue;
    }
    f0::Neuron& t = m.neurons[static_cast<std::size_t>(target)];
    const f0::NeuronClass* tc = f0::find_neuron_class(t.class_name);
    if (tc->pref_inputs != -1 && static_cast<int>(t.inputs.size()) >= tc->pref_inputs) {
      ls_.warn(
          "fL.connection-dropped",
          "This connection's neuron (" + t.class_name + ") takes no more inputs; the SDK drops it silently",
          cw.at);
      continue;
    }
    int attractor = -1;
    const std::size_t pool_before = ls_.pool.size();
    if (!cw.text.empty()) attractor = ls_.create_word(cw.text, 0, cw.begin, cw.end, cw.at, false);
    const int source = find_source(pos, target, attractor);
    ls_.pool.resize(pool_before);
    double weight = 0;
    const Word& c2 = ls_.pool[seq_[pos]];
    if (c2.count > 0 && ls_.formulas(c2)[0].rpn && !value(ls_.formulas(c2)[0], weight)) {
      fail("Error parsing word parameter", "fL.bad-value",
           "This connection's weight formula cannot be evaluated after the rules copied it", c2);
      return std::move(out_);
    }
    f0::Input& in = m.neurons[static_cast<std::size_t>(target)].inputs.emplace_back();
    in.source = source >= 0 ? source : target;
    in.weight = weight;
    if (source < 0)
      ls_.warn("fL.self-connection",
               "No neuron was found for this connection to come from; the SDK connects the neuron to itself",
               c2.at);
    made_conns.push_back({target, seq_[pos]});
  }
  if (made_conns.empty()) {
    out_.ok = true;
    return std::move(out_);
  }
  // The connections as the SDK's f0 writer lists them (by target neuron, then input order).
  std::vector<std::size_t> first(m.neurons.size() + 1, 0);
  for (std::size_t t = 0; t < m.neurons.size(); ++t) first[t + 1] = first[t] + m.neurons[t].inputs.size();
  m.connections.resize(first.back());
  std::vector<std::size_t> used(m.neurons.size(), 0);
  for (const auto& [target, word] : made_conns) {
    const std::size_t k = first[static_cast<std::size_t>(target)] + used[static_cast<std::size_t>(target)]++;
    const f0::Input& in =
        m.neurons[static_cast<std::size_t>(target)].inputs[k - first[static_cast<std::size_t>(target)]];
    f0::Connection& c = m.connections[k];
    c.target = target, c.source = in.source, c.weight = in.weight;
    c.src.offset = ls_.pool[word].at;
    made(word, 3, static_cast<int>(k));
    made(word, 2, in.source);  // (the SDK maps a connection to its source neuron)
  }
  out_.ok = true;
  return std::move(out_);
}

}  // namespace

BuiltModel build(LSystem& ls, const std::vector<std::uint32_t>& seq, bool mapping) {
  return Builder(ls, seq, mapping).run();
}

}  // namespace genokit::fL::detail
