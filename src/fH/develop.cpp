// fH development (notes encodings.md §6.3): sticks joined by nearness into a tree, parts placed
// along golden-angle spiral directions, neurons attached and connected by nearness. The arithmetic
// follows fH_Builder of SDK r909 operation by operation (the positions are compared bit for bit).
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "fH/finish.hpp"
#include "genokit/core/text.hpp"
#include "genokit/f0/neuron_classes.hpp"
#include "genokit/fH/convert.hpp"

namespace genokit::fH {
namespace {

using f0::Vec3;

double dist(const double* a, const double* b, int d) {
  double sum = 0;
  for (int i = 0; i < d; ++i) sum += (a[i] - b[i]) * (a[i] - b[i]);
  return std::sqrt(sum);
}

double length(const Vec3& v) {
  return std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
}

// Pt3D::normalize (a vector shorter than 1e-50 becomes (1,0,0)).
void normalize(Vec3& v) {
  const double len = length(v);
  if (std::fabs(len) < 1e-50) {
    v = {1, 0, 0};
    return;
  }
  v.x /= len, v.y /= len, v.z /= len;
}

// Point `number` of `count` on the golden-angle spiral over the unit sphere.
Vec3 spiral(int count, int number) {
  const double golden = M_PI * (3.0 - std::sqrt(5.0));
  const double dz = 2.0 / static_cast<double>(count);
  const double z = 1 - (static_cast<double>(number) + 0.5) * dz;
  const double r = std::sqrt(1 - z * z);
  const double theta = golden * number;
  Vec3 v{r * std::cos(theta), r * std::sin(theta), z};
  normalize(v);
  return v;
}

// The rotation taking `from` onto `to` (R = I + [v]x + [v]x^2/(1+c)), applied to `p`.
Vec3 rotate_onto(Vec3 from, Vec3 to, const Vec3& p) {
  normalize(from);
  normalize(to);
  const double c = from.x * to.x + from.y * to.y + from.z * to.z;
  const Vec3 v{from.y * to.z - from.z * to.y, from.z * to.x - from.x * to.z, from.x * to.y - from.y * to.x};
  const double k = 1 + c;
  const Vec3 cx{1 - (v.y * v.y + v.z * v.z) / k, v.z + (v.x * v.y) / k, -v.y + (v.x * v.z) / k};
  const Vec3 cy{-v.z + (v.x * v.y) / k, 1 - (v.x * v.x + v.z * v.z) / k, v.x + (v.y * v.z) / k};
  const Vec3 cz{v.y + (v.x * v.z) / k, -v.x + (v.y * v.z) / k, 1 - (v.x * v.x + v.y * v.y) / k};
  return {p.x * cx.x + p.y * cy.x + p.z * cz.x, p.x * cx.y + p.y * cy.y + p.z * cz.y,
          p.x * cx.z + p.y * cy.z + p.z * cz.z};
}

// The most vector comparisons one development may take (about a second).
constexpr double kMaxWork = 3e8;

class Developer {
 public:
  Developer(const Handles& h, std::string_view text, Conversion& out, Diagnostics& diags,
            const ConvertOptions& opt, std::string_view prefix)
      : h_(h), t_(text), out_(out), m_(out.model), diags_(diags), opt_(opt), prefix_(prefix), d_(h.dims) {}

  void run();

 private:
  Location where(std::size_t off) {
    if (!lines_) lines_ = std::make_unique<LineIndex>(t_);
    return lines_->locate(off);
  }
  std::string code(const char* name) const { return std::string(prefix_) + "." + name; }
  void lint(const char* name, std::string msg, std::size_t off) {
    const std::string code = this->code(name);
    if (!opt_.lint) return;
    if (!diags_.keeps_next()) return diags_.count_dropped(opt_.strict ? Severity::error : Severity::warning);
    strict_failed_ |= opt_.strict;
    if (opt_.strict)
      diags_.error(code, std::move(msg), where(off));
    else
      diags_.warning(code, std::move(msg), where(off));
  }
  void map(std::uint32_t b, std::uint32_t e, ElementKind k, int i) {
    if (opt_.mapping) out_.map.push_back({b, e, k, i});
  }
  f0::SourcePos src(const Handle& x) const {
    f0::SourcePos s;
    s.offset = x.begin;
    s.length = x.end - x.begin;
    return s;
  }
  void body();
  void parts();
  bool brain();

  const Handles& h_;
  std::string_view t_;
  Conversion& out_;
  f0::Model& m_;
  Diagnostics& diags_;
  const ConvertOptions& opt_;
  std::string_view prefix_;
  std::unique_ptr<LineIndex> lines_;
  const int d_;
  bool strict_failed_ = false;

  // Body tree: sticks in placement order, each with its parent (-1: the root).
  std::vector<int> order_, parent_;
  std::vector<std::vector<int>> children_;  // attachment order
  std::vector<int> first_part_, second_part_, joint_;
  std::vector<std::vector<double>> first_vec_, second_vec_;  // part vectors for neuron placement
  struct Made {  // a connection made: its line, target neuron and input index
    std::uint32_t begin, end;
    std::size_t target, input;
  };
  std::vector<Made> made_;
};

// buildBody: the pair with the smallest distance starts the tree; then the unplaced stick nearest
// to any placed one joins it (ties: earlier unplaced stick, then earlier placed one).
void Developer::body() {
  const auto& s = h_.sticks;
  const int n = static_cast<int>(s.size());
  parent_.assign(static_cast<std::size_t>(n), -1);
  children_.assign(static_cast<std::size_t>(n), {});
  auto stick_dist = [&](int a, int b) {  // a's second vector to b's first
    return dist(s[a].values.data() + d_, s[b].values.data(), d_);
  };
  if (n == 1) {
    order_.push_back(0);
    return;
  }
  int left = 0, right = 1;
  double best = stick_dist(0, 1);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      double x = stick_dist(i, j);
      if (x < best) best = x, left = i, right = j;
      x = stick_dist(j, i);
      if (x < best) best = x, left = j, right = i;
    }
  std::vector<char> placed(static_cast<std::size_t>(n), 0);
  // Per unplaced stick: its nearest placed stick so far (the first in placement order on ties).
  std::vector<double> near(static_cast<std::size_t>(n), std::numeric_limits<double>::max());
  std::vector<int> near_of(static_cast<std::size_t>(n), -1);
  auto place = [&](int k, int par) {
    placed[k] = 1;
    parent_[k] = par;
    if (par >= 0) children_[par].push_back(k);
    order_.push_back(k);
    for (int i = 0; i < n; ++i)
      if (!placed[i]) {
        const double x = stick_dist(k, i);
        if (x < near[i]) near[i] = x, near_of[i] = k;
      }
  };
  place(left, -1);
  place(right, left);
  for (int remaining = n - 2; remaining > 0; --remaining) {
    int pick = -1;
    double m = std::numeric_limits<double>::max();
    for (int i = 0; i < n; ++i)
      if (!placed[i] && near[i] < m) m = near[i], pick = i;
    if (pick < 0) {  // every distance is NaN or huge: the SDK attaches sticks[-1]; genokit: the first
      for (int i = 0; i < n && pick < 0; ++i)
        if (!placed[i]) pick = i;
      near_of[pick] = order_.back();
    }
    place(pick, near_of[pick]);
  }
}

// The parts and joints, sticks in placement order (buildModel).
void Developer::parts() {
  const auto& s = h_.sticks;
  const std::size_t n = s.size();
  first_part_.assign(n, -1), second_part_.assign(n, -1), joint_.assign(n, -1);
  first_vec_.assign(n, {}), second_vec_.assign(n, {});
  m_.parts.reserve(n + 1);
  m_.joints.reserve(n);
  auto props = [&](int k, int p) { return s[static_cast<std::size_t>(k)].prop(d_, p); };
  for (const int cur : order_) {
    const Handle& st = s[static_cast<std::size_t>(cur)];
    const int par = parent_[cur];
    if (par < 0) {
      f0::Part& p = m_.parts.emplace_back();
      p.dn = props(cur, dn), p.fr = props(cur, fr), p.ing = props(cur, ing), p.as = props(cur, as);
      p.src = src(st);
      map(st.begin, st.end, ElementKind::part, static_cast<int>(m_.parts.size() - 1));
      first_part_[cur] = static_cast<int>(m_.parts.size() - 1);
      first_vec_[cur].assign(st.values.begin(), st.values.begin() + d_);
    } else {
      first_part_[cur] = second_part_[par];
      first_vec_[cur] = second_vec_[par];
    }
    Vec3 dir{1, 0, 0};
    const Vec3 start = m_.parts[static_cast<std::size_t>(first_part_[cur])].pos;
    if (par >= 0) {
      const Vec3 a = m_.parts[static_cast<std::size_t>(first_part_[par])].pos;
      const Vec3 b = m_.parts[static_cast<std::size_t>(second_part_[par])].pos;
      dir = {b.x - a.x, b.y - a.y, b.z - a.z};
      normalize(dir);
      const auto& sib = children_[par];
      const int count = static_cast<int>(sib.size());
      int id = 0;
      while (sib[id] != cur) ++id;
      if (count > 1) {
        Vec3 back{a.x - b.x, a.y - b.y, a.z - b.z};
        normalize(back);
        dir = rotate_onto(spiral(count + 1, 0), back, spiral(count + 1, id + 1));
        normalize(dir);
      }
    }
    const double len = props(cur, l);
    const Vec3 end{start.x + dir.x * len, start.y + dir.y * len, start.z + dir.z * len};
    // The second part: the mean of this stick's and its children's part properties.
    double pp[4] = {props(cur, dn), props(cur, fr), props(cur, ing), props(cur, as)};
    std::vector<double>& vec = second_vec_[cur];
    vec.assign(st.values.begin() + d_, st.values.begin() + 2 * d_);
    for (const int c : children_[cur]) {
      for (int i = 0; i < 4; ++i) pp[i] += props(c, i);
      for (int i = 0; i < d_; ++i)
        vec[static_cast<std::size_t>(i)] += s[static_cast<std::size_t>(c)].first(i);
    }
    const double count = static_cast<double>(children_[cur].size()) + 1;
    const unsigned sticks = static_cast<unsigned>(children_[cur].size()) + 1;
    for (double& x : pp) x /= sticks;
    for (double& x : vec) x /= count;
    f0::Part& p = m_.parts.emplace_back();
    p.pos = end;
    p.dn = pp[0], p.fr = pp[1], p.ing = pp[2], p.as = pp[3];
    p.src = src(st);
    const int pi = static_cast<int>(m_.parts.size() - 1);
    second_part_[cur] = pi;
    map(st.begin, st.end, ElementKind::part, pi);
    for (const int c : children_[cur]) {
      const Handle& ch = s[static_cast<std::size_t>(c)];
      map(ch.begin, ch.end, ElementKind::part, pi);
    }
    f0::Joint& j = m_.joints.emplace_back();
    j.p1 = first_part_[cur], j.p2 = pi;
    j.stif = props(cur, stif), j.rotstif = props(cur, rotstif), j.stam = props(cur, stam);
    j.src = src(st);
    joint_[cur] = static_cast<int>(m_.joints.size() - 1);
    map(st.begin, st.end, ElementKind::joint, joint_[cur]);
  }
}

// developBrain: false when a neuron's class does not exist (the SDK abandons the model).
bool Developer::brain() {
  const auto& s = h_.sticks;
  const std::size_t nn = h_.neurons.size();
  std::vector<const f0::NeuronClass*> cls(nn, nullptr);
  std::vector<std::vector<double>> mean(nn);
  m_.neurons.reserve(nn);
  for (std::size_t k = 0; k < nn; ++k) {
    const Handle& hn = h_.neurons[k];
    f0::Neuron& nr = m_.neurons.emplace_back();
    const f0::NeuronClass* c = detail::neuron_with_details(nr, hn.details);
    if (!c) {
      out_.sdk_messages.push_back("[ERROR] fH_Builder.developBrain: NeuroClass given in details \"" +
                                  hn.details + "\" does not exist");
      diags_.error(code("unknown-neuron-class"),
                   "Unknown neuron class '" + nr.class_name + "' (details \"" + hn.details +
                       "\"): the SDK abandons the whole creature",
                   where(hn.begin));
      m_.neurons.clear();
      return false;
    }
    cls[k] = c;
    nr.src = src(hn);
    map(hn.begin, hn.end, ElementKind::neuron, static_cast<int>(k));
    auto& mv = mean[k];
    mv.resize(static_cast<std::size_t>(d_));
    for (int i = 0; i < d_; ++i) mv[static_cast<std::size_t>(i)] = (hn.first(i) + hn.second(i, d_)) / 2;
    if (c->pref_location == f0::NeuronLocation::joint) {
      auto stick_mean_dist = [&](std::size_t si) {
        std::vector<double> sm(static_cast<std::size_t>(d_));
        for (int i = 0; i < d_; ++i)
          sm[static_cast<std::size_t>(i)] = (s[si].first(i) + s[si].second(i, d_)) / 2;
        return dist(sm.data(), mv.data(), d_);
      };
      double best = stick_mean_dist(0);
      std::size_t pick = 0;
      for (std::size_t i = 1; i < s.size(); ++i) {
        const double x = stick_mean_dist(i);
        if (x < best) best = x, pick = i;
      }
      nr.joint = joint_[pick];
    } else if (c->pref_location == f0::NeuronLocation::part) {
      // (the first candidate is the first part of the first stick in genotype order)
      double best = dist(mv.data(), first_vec_[0].data(), d_);
      int pick = first_part_[0];
      for (std::size_t i = 0; i < s.size(); ++i) {
        const double x = dist(mv.data(), second_vec_[i].data(), d_);
        if (x < best) best = x, pick = second_part_[i];
      }
      nr.part = pick;
    }
  }
  // Connections: source = the nearest neuron with an output (its second vector to the
  // connection's first), target = the nearest neuron with a free input (the connection's second
  // vector to its first).
  for (const Handle& hc : h_.connections) {
    int from = -1, to = -1;
    double best = std::numeric_limits<double>::max();
    for (std::size_t k = 0; k < nn; ++k)
      if (cls[k]->pref_output > 0) {
        const double x = dist(h_.neurons[k].values.data() + d_, hc.values.data(), d_);
        if (x < best) best = x, from = static_cast<int>(k);
      }
    if (from >= 0) {
      best = std::numeric_limits<double>::max();
      for (std::size_t k = 0; k < nn; ++k) {
        const int pref = cls[k]->pref_inputs;
        if (pref == -1 || pref > static_cast<int>(m_.neurons[k].inputs.size())) {
          const double x = dist(hc.values.data() + d_, h_.neurons[k].values.data(), d_);
          if (x < best) best = x, to = static_cast<int>(k);
        }
      }
    }
    if (from < 0 || to < 0) {
      lint("connection-dropped",
           from < 0 ? "This connection has no neuron with an output to start from; the SDK drops it silently"
                    : "This connection has no neuron with a free input to end at; the SDK drops it silently",
           hc.begin);
      continue;
    }
    f0::Input& in = m_.neurons[static_cast<std::size_t>(to)].inputs.emplace_back();
    in.source = from;
    in.weight = hc.values.back();
    map(hc.begin, hc.end, ElementKind::neuron, to);
    made_.push_back({hc.begin, hc.end, static_cast<std::size_t>(to),
                     m_.neurons[static_cast<std::size_t>(to)].inputs.size() - 1});
  }
  return true;
}

void Developer::run() {
  if (h_.sticks.empty()) return;  // (the SDK's converter returns an empty genotype)
  // The development compares vectors pairwise: sticks with sticks, neurons with sticks,
  // connections with neurons. Beyond this much work it would take minutes: genokit stops.
  const double s = static_cast<double>(h_.sticks.size()), n = static_cast<double>(h_.neurons.size()),
               c = static_cast<double>(h_.connections.size());
  if ((s * s + n * s + 2 * c * n) * d_ > kMaxWork) {
    diags_.error(
        code("too-large"),
        "The genotype is too large for genokit to develop: its handles x handles x dimensions exceed " +
            std::to_string(static_cast<long long>(kMaxWork)) + " comparisons",
        where(h_.sticks.front().begin));
    return;
  }
  body();
  parts();
  if (!brain()) {
    m_.parts.clear(), m_.joints.clear();
    out_.map.clear();
    m_.valid = false;
    return;
  }
  out_.converted = true;
  // The connections as the SDK's f0 writer lists them (by target neuron, then input order).
  for (std::size_t t = 0; t < m_.neurons.size(); ++t)
    for (const f0::Input& in : m_.neurons[t].inputs) {
      f0::Connection& c = m_.connections.emplace_back();
      c.target = static_cast<int>(t), c.source = in.source, c.weight = in.weight;
    }
  {
    // Each connection's c: line (its src; in the map the connection too, where the SDK maps the
    // line to the target neuron only).
    std::vector<std::size_t> first_input(m_.neurons.size() + 1, 0);
    for (std::size_t t = 0; t < m_.neurons.size(); ++t)
      first_input[t + 1] = first_input[t] + m_.neurons[t].inputs.size();
    for (const Made& c : made_) {
      const std::size_t k = first_input[c.target] + c.input;
      m_.connections[k].src.offset = c.begin;
      m_.connections[k].src.length = c.end - c.begin;
      map(c.begin, c.end, ElementKind::connection, static_cast<int>(k));
    }
  }
  if (opt_.mapping) {
    auto fill = [&](f0::SourcePos& sp) {
      if (sp.offset < 0) return;
      const Location l = where(static_cast<std::size_t>(sp.offset));
      sp.line = l.line, sp.column = l.column;
    };
    for (auto& p : m_.parts) fill(p.src);
    for (auto& j : m_.joints) fill(j.src);
    for (auto& nr : m_.neurons) fill(nr.src);
    for (auto& c : m_.connections) fill(c.src);
    std::stable_sort(out_.map.begin(), out_.map.end(),
                     [](const MapEntry& a, const MapEntry& b) { return a.begin < b.begin; });
  }
  detail::finish_model(m_, {out_.converted, out_.sdk_messages, out_.sdk_error_pos, out_.sdk_warn_pos, t_},
                       diags_, std::string(prefix_), strict_failed_);
}

}  // namespace

void develop(const Handles& handles, std::string_view text, Conversion& out, Diagnostics& diags,
             const ConvertOptions& opt, std::string_view code_prefix) {
  Developer(handles, text, out, diags, opt, code_prefix).run();
}

}  // namespace genokit::fH
