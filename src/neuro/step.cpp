// One network step (simulation.md §1.3): for groups 0, 1, 2: update every neuron of the group from
// the committed values, then commit the whole group (plus Gaussian noise when nnoise > 0).
#include <cmath>

#include "neuro/data.hpp"

namespace genokit::neuro {
namespace {

inline double n_out(double a) {
  return a < -30 ? -1.0 : 2 / (1 + std::exp(-a)) - 1;
}
inline double nu_out(double a) {
  return a < -30 ? 0.0 : 1 / (1 + std::exp(-a));
}

void update(Network& net, Network::Data& d, Item& it) {
  const std::uint32_t i = it.i;
  switch (it.kind) {
    case Kind::N:
    case Kind::Nu:  // update_n()
    case Kind::Const:
      break;
    case Kind::D: {
      const double S = d.input_sum(it);
      d.p[i] = clamp_output(S - it.s0);
      it.s0 = S;
      break;
    }
    case Kind::Rnd:
      d.p[i] = clamp_output(2 * d.rng.uniform() - 1);
      break;
    case Kind::Sin: {
      const double S = d.input_sum(it);
      it.s0 = it.s0 + (it.s1 + S);
      d.p[i] = clamp_output(std::sin(it.s0));
      break;
    }
    case Kind::Ch: {
      const std::uint32_t n = it.in_e - it.in_b;
      if (n == 0) break;
      d.set_channel_count(i, static_cast<int>(std::min<std::uint32_t>(n, 1u << 20)));
      const int c = d.nch[i];
      for (int k = 0; k < c; ++k) {
        const InputLink& l = d.inputs[it.in_b + static_cast<std::uint32_t>(k)];
        d.set_pending_channel(i, k, l.w * d.y[l.src]);
      }
      break;
    }
    case Kind::ChSel: {
      if (it.in_e == it.in_b) break;
      const InputLink& l = d.inputs[it.in_b];
      const double ch = it.s0;  // an int parameter
      const int c = d.nch[l.src];
      const int k = ch <= 0 ? 0 : ch >= c - 1 ? c - 1 : static_cast<int>(ch);
      d.p[i] = clamp_output(l.w * d.read_channel(l.src, k));
      break;
    }
    case Kind::ChMux: {
      const std::uint32_t n = it.in_e - it.in_b;
      if (n < 2) {
        d.p[i] = 0.0;  // the multichannel input is missing and reads as 0
        break;
      }
      const InputLink& l0 = d.inputs[it.in_b];
      const InputLink& l1 = d.inputs[it.in_b + 1];
      const int c = d.nch[l1.src];
      double out;
      if (c < 2) {
        out = l1.w * d.y[l1.src];
      } else {
        double sel = l0.w * d.y[l0.src];
        if (sel < -1) sel = -1;
        if (sel > 1) sel = 1;
        const double s = (sel + 1) / 2;
        const double fi = std::trunc(s * (c - 1));
        int k = std::isnan(fi) ? 0 : fi < 0 ? 0 : fi > c - 2 ? c - 2 : static_cast<int>(fi);
        const double h = 1.0 / (c - 1);
        const double a = std::fabs((s - k * h) / h);
        out = l1.w * d.read_channel(l1.src, k) * (1 - a) + l1.w * d.read_channel(l1.src, k + 1) * a;
      }
      d.p[i] = clamp_output(out);
      break;
    }
    case Kind::Fuzzy:
      fuzzy_update(d, it, d.fuzzy[it.aux]);
      break;
    case Kind::Receptor:
      if (d.body)
        d.p[i] = clamp_output(d.body->sense(d.attachment(i)));
      else
        d.p[i] = 0.0;
      break;
    case Kind::Effector:  // only called with a body; the pending value stays 0
      d.body->actuate(d.attachment(i), d.input_sum(it));
      break;
    case Kind::Custom: {
      NeuronContext c(net, static_cast<int>(i));
      d.custom[it.aux]->update(c);
      break;
    }
  }
}

// Two passes: first every neuron's sigmoid argument (sums and state), then the outputs, so the
// independent exp() calls of a group follow each other and overlap in the CPU.
void update_n(Network::Data& d, std::vector<NItem>& items) {
  const InputLink* in = d.inputs.data();
  const double* y = d.y.data();
  double* p = d.p.data();
  double* arg = d.scratch.data();
  const std::size_t n = items.size();
  for (std::size_t k = 0; k < n; ++k) {
    NItem& it = items[k];
    double S = 0.0;
    for (std::uint32_t j = it.in_b; j < it.in_e; ++j) S += in[j].w * y[in[j].src];
    it.v = it.fo * (S - it.x) + it.in * it.v;
    double x = it.x + it.v;
    if (x > 10)
      x = 10;
    else if (x < -10)
      x = -10;
    it.x = x;
    arg[k] = x * it.si;
  }
  for (std::size_t k = 0; k < n; ++k) {
    const double a = arg[k];
    const bool uni = items[k].unipolar;
    double out;
    if (a < -30)
      out = uni ? 0.0 : -1.0;
    else if (a > 40)
      out = 1.0;  // exp(-a) < 2^-57, so 1 + exp(-a) rounds to 1: exactly 1 either way
    else
      out = uni ? nu_out(a) : n_out(a);
    p[items[k].i] = out;  // within [-1, 1] (or NaN): no clamp needed
  }
}

void commit(Network::Data& d, int g) {
  const auto& members = d.members[g];
  if (d.nnoise > 0) {
    for (const std::uint32_t i : members) {
      d.y[i] = d.p[i];
      const int c = d.nch[i];
      if (c > 1) std::copy(d.pch[i].begin(), d.pch[i].end(), d.ych[i].begin());
      d.y[i] += d.nnoise * d.rng.gauss();
      // The SDK adds the extra channels' noise to channel 1 (all of it): kept for compatibility.
      for (int k = 1; k < c; ++k) d.ych[i][0] += d.nnoise * d.rng.gauss();
    }
    return;
  }
  const double* p = d.p.data();
  double* y = d.y.data();
  for (const std::uint32_t i : members) y[i] = p[i];
  for (const std::uint32_t i : d.multi[g])
    if (d.nch[i] > 1) std::copy(d.pch[i].begin(), d.pch[i].end(), d.ych[i].begin());
}

}  // namespace

void Network::step() {
  Data& d = *d_;
  for (int g = 0; g < 3; ++g) {
    if (d.members[g].empty()) continue;
    update_n(d, d.nfast[g]);
    if (d.body) {
      for (Item& it : d.groups[g]) update(*this, d, it);
    } else {
      Item* items = d.groups[g].data();
      for (const std::uint32_t k : d.bodiless[g]) update(*this, d, items[k]);
    }
    commit(d, g);
  }
  ++d.steps;
}

void Network::run(std::size_t steps) {
  for (std::size_t k = 0; k < steps; ++k) step();
}

}  // namespace genokit::neuro
