// Building a network from an f0 model (simulation.md §1.2) and the accessors.
#include "genokit/neuro/network.hpp"

#include <algorithm>
#include <cmath>

#include "neuro/data.hpp"

namespace genokit::neuro {

std::string_view to_string(Status s) {
  switch (s) {
    case Status::ok:
      return "ok";
    case Status::init_error:
      return "initerror";
    case Status::no_impl:
      return "noimpl";
  }
  return "?";
}

std::string BuildMessage::sdk_line() const {
  const char* sev = severity == Severity::error     ? "[ERROR] "
                    : severity == Severity::warning ? "[WARN] "
                                                    : "[INFO] ";
  return sev + origin + ": " + text;
}

void Network::Data::set_channel_count(std::uint32_t i, int c) {
  if (c < 1) c = 1;
  const int old = nch[i];
  if (c == old) return;
  auto& yc = ych[i];
  auto& pc = pch[i];
  const double ylast = old > 1 ? yc.back() : y[i];
  const double plast = old > 1 ? pc.back() : p[i];
  yc.resize(static_cast<std::size_t>(c - 1), ylast);
  pc.resize(static_cast<std::size_t>(c - 1), plast);
  nch[i] = c;
  if (c > maxch[i]) maxch[i] = c;
}

namespace {

double n_output(double x, double si, bool unipolar) {
  const double a = x * si;
  if (unipolar) return a < -30 ? 0.0 : 1 / (1 + std::exp(-a));
  return a < -30 ? -1.0 : 2 / (1 + std::exp(-a)) - 1;
}

bool attached(const f0::Model& m, const Meta& mt, f0::NeuronLocation needs) {
  switch (needs) {
    case f0::NeuronLocation::part:
      return mt.part >= 0 && static_cast<std::size_t>(mt.part) < m.parts.size();
    case f0::NeuronLocation::joint:
      return mt.joint >= 0 && static_cast<std::size_t>(mt.joint) < m.joints.size();
    default:
      return true;
  }
}

}  // namespace

Network::Network() : d_(std::make_unique<Data>()) {}
Network::~Network() = default;
Network::Network(Network&&) noexcept = default;
Network& Network::operator=(Network&&) noexcept = default;

Network Network::build(const f0::Model& m, const Settings& s, Diagnostics* diags) {
  Network net;
  Data& d = *net.d_;
  d.settings = s;
  d.rng = Random(s.seed);
  d.nnoise = s.nnoise;
  const std::size_t n = m.neurons.size();
  d.y.assign(n, 0.0);
  d.p.assign(n, 0.0);
  d.nch.assign(n, 1);
  d.maxch.assign(n, 1);
  d.ych.resize(n);
  d.pch.resize(n);
  d.meta.resize(n);
  d.in_begin.assign(n + 1, 0);

  std::vector<std::uint32_t> readers(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    d.in_begin[i] = static_cast<std::uint32_t>(d.inputs.size());
    for (const f0::Input& in : m.neurons[i].inputs) {
      if (in.source < 0 || static_cast<std::size_t>(in.source) >= n) {
        d.messages.push_back({Severity::warning, "NeuroNetImpl.create",
                              "neuron #" + std::to_string(i) + " has an input from neuron #" +
                                  std::to_string(in.source) + ", which does not exist (ignored)",
                              "neuro.bad-input", static_cast<int>(i)});
        continue;
      }
      d.inputs.push_back({in.weight, static_cast<std::uint32_t>(in.source)});
      ++readers[static_cast<std::size_t>(in.source)];
    }
  }
  d.in_begin[n] = static_cast<std::uint32_t>(d.inputs.size());

  // Pass 1: implementation and parameters (the SDK creates every implementation first).
  std::vector<const RegistryEntry*> entry(n, nullptr);
  for (std::size_t i = 0; i < n; ++i) {
    const f0::Neuron& nr = m.neurons[i];
    Meta& mt = d.meta[i];
    mt.class_name = nr.class_name;
    mt.details = nr.details;
    mt.part = nr.part;
    mt.joint = nr.joint;
    entry[i] = find_entry(nr.class_name);
    if (!entry[i]) {
      mt.status = Status::no_impl;
      mt.group = -1;
      d.messages.push_back(
          {Severity::warning, "NeuroNetImpl.create",
           "neuron #" + std::to_string(i) + " (" + nr.class_name + ") implementation not available",
           "neuro.no-implementation", static_cast<int>(i)});
      continue;
    }
    mt.defs = entry[i]->props;
    parse_class_params(nr.class_name, nr.params, *mt.defs, static_cast<int>(i), mt.params, mt.texts,
                       d.messages);
  }

  // Pass 2: random initial state, class initialisation, update group.
  for (std::size_t i = 0; i < n; ++i) {
    const double u = d.rng.uniform();
    d.y[i] = d.y[i] + (u - 0.5) * s.randinit;
    const RegistryEntry* e = entry[i];
    if (!e) continue;
    Meta& mt = d.meta[i];
    const auto ui = static_cast<std::uint32_t>(i);
    Item it{};
    it.i = ui;
    it.kind = e->kind;
    it.in_b = d.in_begin[i];
    it.in_e = d.in_begin[i + 1];
    bool ok = attached(m, mt, e->needs);
    std::string why;
    const auto P = [&](std::size_t k) { return k < mt.params.size() ? mt.params[k] : 0.0; };
    if (ok) switch (e->kind) {
        case Kind::N:
        case Kind::Nu:
          // in fo si s
          it.s2 = P(0), it.s3 = P(1), it.s4 = P(2);
          it.s0 = P(3) + d.y[i];
          it.s1 = 0;
          d.y[i] = n_output(it.s0, it.s4, e->kind == Kind::Nu);
          d.p[i] = P(3);
          break;
        case Kind::Const:
          d.y[i] = d.p[i] = 1;
          break;
        case Kind::D:
          it.s0 = d.y[i];
          break;
        case Kind::Sin:
          it.s1 = P(0), it.s0 = P(1);
          break;
        case Kind::ChSel:
          it.s0 = P(0);
          break;
        case Kind::Ch:
          it.multi = true;
          break;
        case Kind::Fuzzy: {
          it.multi = true;
          const int channels =
              readers[i] > 0 ? static_cast<int>(std::min<std::uint32_t>(readers[i], 1u << 20)) : 1;
          FuzzySystem f;
          const std::string fs = mt.texts.size() > 2 ? mt.texts[2] : "",
                            fr = mt.texts.size() > 3 ? mt.texts[3] : "";
          ok = parse_fuzzy(static_cast<int>(P(0)), static_cast<int>(P(1)), fs, fr, channels, f, why);
          if (ok) {
            d.set_channel_count(ui, channels);
            it.aux = static_cast<std::uint32_t>(d.fuzzy.size());
            d.fuzzy.push_back(std::move(f));
          }
          break;
        }
        case Kind::Custom: {
          it.multi = true;
          it.aux = static_cast<std::uint32_t>(d.custom.size());
          d.custom.push_back(e->make ? e->make() : nullptr);
          if (!d.custom.back()) {
            ok = false;
            break;
          }
          NeuronContext c(net, static_cast<int>(i));
          ok = d.custom.back()->init(c);
          break;
        }
        default:
          break;
      }
    if (!ok) {
      mt.status = Status::init_error;
      mt.group = 1;  // what the SDK reports; the neuron is never updated
      d.messages.push_back({Severity::warning, "NeuroNetImpl.create",
                            "neuron #" + std::to_string(i) + " (" + mt.class_name + ") initialization failed",
                            "neuro.init-failed", static_cast<int>(i)});
      if (!why.empty())
        d.messages.push_back({Severity::note, "genokit", "neuron #" + std::to_string(i) + " (Fuzzy): " + why,
                              "neuro.bad-fuzzy", static_cast<int>(i)});
      continue;
    }
    mt.group = e->group;
    d.members[e->group].push_back(ui);
    if (it.multi) d.multi[e->group].push_back(ui);
    if (it.kind == Kind::N || it.kind == Kind::Nu)
      d.nfast[e->group].push_back(
          {it.s0, it.s1, it.s2, it.s3, it.s4, ui, it.in_b, it.in_e, it.kind == Kind::Nu});
    else {
      if (it.kind != Kind::Const && it.kind != Kind::Receptor && it.kind != Kind::Effector)
        d.bodiless[e->group].push_back(static_cast<std::uint32_t>(d.groups[e->group].size()));
      d.groups[e->group].push_back(it);
    }
  }

  d.scratch.assign(std::max({d.nfast[0].size(), d.nfast[1].size(), d.nfast[2].size(), std::size_t{1}}), 0.0);
  if (diags)
    for (const auto& msg : d.messages) diags->report(msg.severity, msg.code, msg.text);
  return net;
}

void Network::set_body(Body* b) {
  d_->body = b;
  if (b) return;
  // Without a body receptors are not updated and commit their pending value: make it the SDK's 0.
  for (const auto& g : d_->groups)
    for (const Item& it : g)
      if (it.kind == Kind::Receptor) d_->p[it.i] = 0.0;
}
Body* Network::body() const {
  return d_->body;
}
std::uint64_t Network::steps_done() const {
  return d_->steps;
}
std::size_t Network::size() const {
  return d_->y.size();
}
double Network::output(int i) const {
  return d_->y[static_cast<std::size_t>(i)];
}
int Network::channels(int i) const {
  return d_->nch[static_cast<std::size_t>(i)];
}
double Network::channel(int i, int k) const {
  return d_->read_channel(static_cast<std::uint32_t>(i), k);
}
int Network::max_channels(int i) const {
  return d_->maxch[static_cast<std::size_t>(i)];
}
Status Network::status(int i) const {
  return d_->meta[static_cast<std::size_t>(i)].status;
}
int Network::group(int i) const {
  return d_->meta[static_cast<std::size_t>(i)].group;
}
const std::string& Network::class_name(int i) const {
  return d_->meta[static_cast<std::size_t>(i)].class_name;
}
const std::string& Network::details(int i) const {
  return d_->meta[static_cast<std::size_t>(i)].details;
}
int Network::part(int i) const {
  return d_->meta[static_cast<std::size_t>(i)].part;
}
int Network::joint(int i) const {
  return d_->meta[static_cast<std::size_t>(i)].joint;
}
int Network::input_count(int i) const {
  return static_cast<int>(d_->in_begin[static_cast<std::size_t>(i) + 1] -
                          d_->in_begin[static_cast<std::size_t>(i)]);
}
int Network::input_source(int i, int k) const {
  return static_cast<int>(
      d_->inputs[d_->in_begin[static_cast<std::size_t>(i)] + static_cast<std::size_t>(k)].src);
}
double Network::input_weight(int i, int k) const {
  return d_->inputs[d_->in_begin[static_cast<std::size_t>(i)] + static_cast<std::size_t>(k)].w;
}
const std::vector<double>& Network::params(int i) const {
  return d_->meta[static_cast<std::size_t>(i)].params;
}
const std::vector<std::string>& Network::param_texts(int i) const {
  return d_->meta[static_cast<std::size_t>(i)].texts;
}
std::span<const f0::NeuronProp> Network::param_defs(int i) const {
  const auto& defs = d_->meta[static_cast<std::size_t>(i)].defs;
  if (!defs) return {};
  return {defs->data(), defs->size()};
}
const std::vector<BuildMessage>& Network::messages() const {
  return d_->messages;
}
const Settings& Network::settings() const {
  return d_->settings;
}

// ---- NeuronContext ---------------------------------------------------------------------------

int NeuronContext::input_count() const {
  return net_.input_count(i_);
}
int NeuronContext::input_source(int k) const {
  return net_.input_source(i_, k);
}
double NeuronContext::input_weight(int k) const {
  return net_.input_weight(i_, k);
}
double NeuronContext::input_value(int k, int ch) const {
  return net_.data().read_channel(static_cast<std::uint32_t>(input_source(k)), ch);
}
double NeuronContext::weighted_input_sum() const {
  const auto& d = net_.data();
  double s = 0.0;
  for (auto k = d.in_begin[static_cast<std::size_t>(i_)]; k < d.in_begin[static_cast<std::size_t>(i_) + 1];
       ++k)
    s += d.inputs[k].w * d.y[d.inputs[k].src];
  return s;
}
double NeuronContext::output() const {
  return net_.output(i_);
}
void NeuronContext::set_output(double v) {
  net_.data().set_pending_channel(static_cast<std::uint32_t>(i_), 0, v);
}
int NeuronContext::channel_count() const {
  return net_.channels(i_);
}
void NeuronContext::set_channel_count(int n) {
  net_.data().set_channel_count(static_cast<std::uint32_t>(i_), std::min(n, 1 << 20));
}
void NeuronContext::set_channel(int ch, double v) {
  net_.data().set_pending_channel(static_cast<std::uint32_t>(i_), ch, v);
}
double NeuronContext::param(std::string_view id) const {
  const Meta& m = net_.data().meta[static_cast<std::size_t>(i_)];
  if (!m.defs) return 0;
  for (std::size_t k = 0; k < m.defs->size(); ++k)
    if ((*m.defs)[k].id == id) return m.params[k];
  return 0;
}
std::string_view NeuronContext::param_text(std::string_view id) const {
  const Meta& m = net_.data().meta[static_cast<std::size_t>(i_)];
  if (!m.defs) return {};
  for (std::size_t k = 0; k < m.defs->size(); ++k)
    if ((*m.defs)[k].id == id) return m.texts[k];
  return {};
}
double NeuronContext::uniform() {
  return net_.data().rng.uniform();
}
Body* NeuronContext::body() const {
  return net_.data().body;
}
Attachment NeuronContext::attachment() const {
  return net_.data().attachment(static_cast<std::uint32_t>(i_));
}

}  // namespace genokit::neuro
