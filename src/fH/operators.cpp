// fH's genetic operators (operators.hpp), following Geno_fH of SDK r909 draw for draw.
#include "genokit/fH/operators.hpp"

#include <array>

#include "genokit/f0/neuron_classes.hpp"
#include "genokit/fH/handles.hpp"
#include "genokit/frams/operator_params.hpp"
#include "genokit/frams/sdk_random.hpp"

namespace genokit::fH {
namespace {

constexpr frams::Property weight(std::string_view id, double def, std::string_view name,
                                 std::string_view help) {
  return frams::operator_param(id, 'f', 0, 1, def, name, help);
}

constexpr std::array kTable{
    weight("fH_mut_addition", 0.3, "Add element", "Probability of adding new element to genotype"),
    weight("fH_mut_add_joint", 0.33, " - add joint", "Probability of adding new stick handle"),
    weight("fH_mut_add_neuron", 0.33, " - add neuron", "Probability of adding new neuron handle"),
    weight("fH_mut_add_connection", 0.33, " - add connection", "Probability of adding new connection handle"),
    weight("fH_mut_deletion", 0.1, "Delete element", "Probability of removing element from genotype"),
    weight("fH_mut_handle", 0.3, "Modify vectors of handles",
           "Probability of changing values in vectors of handle"),
    weight("fH_mut_property", 0.3, "Modify properties of handles",
           "Probability of changing properties of handles"),
};

// The handles of genes, or std::nullopt when fH_Builder::parseGenotype fails (quietly).
std::optional<ReadResult> parse_quiet(std::string_view genes) {
  Diagnostics quiet;
  quiet.set_limit(0);
  ReadOptions ro;
  ro.lint = false;
  ro.sdk_messages = false;
  ReadResult r = read(genes, quiet, ro);
  if (r.status != 0) return std::nullopt;
  return r;
}

// Geno_fH::changeDoubleProperty: creep within the property's range (3 decimals), a connection's
// weight by mutWeight (then clamped to the weight range by the SDK's setDouble).
void change_property(Handle& h, int dims, int index, frams::SdkRandom& rng) {
  const auto props = property_table(h.kind, dims);
  const frams::Property& p = props[static_cast<std::size_t>(index)];
  double& v = h.values[static_cast<std::size_t>(index)];
  if (h.kind == HandleKind::connection && p.id == "w") {
    v = frams::mut_weight(rng, v);
    if (v < p.min) v = p.min;
    if (v > p.max) v = p.max;
  } else {
    v = frams::creep(rng, 'f', v, p.min, p.max, true);
  }
}

// mutateNeuronHandleProperties: the class of the details (or a random active class), then
// mutNeuronDetails of its bare name.
bool mutate_neuron(Handle& h, bool random_class, const f0::OperatorCall& call) {
  std::string cls;
  if (random_class) {
    const f0::NeuronClass* c = f0::random_class(call.neurons.active, call.rng);
    if (!c) return false;
    cls = c->name;
  } else {
    const std::string_view d = h.details.empty() ? std::string_view("N") : std::string_view(h.details);
    const std::string_view name = d.substr(0, d.find(':'));
    cls.assign(name.empty() ? std::string_view("N") : name);
  }
  const auto det = f0::mut_neuron_details(cls, call.rng);
  if (!det) return false;
  h.details = *det;
  return true;
}

// Geno_fH::getRandomHandle (a lone stick is never chosen while other handles exist).
std::pair<HandleKind, std::size_t> random_handle(const Handles& h, frams::SdkRandom& rng) {
  std::size_t count = h.connections.size() + h.neurons.size();
  if (h.sticks.size() > 1) count += h.sticks.size();
  std::size_t k = rng.below(static_cast<std::uint32_t>(count));
  if (k < h.connections.size()) return {HandleKind::connection, k};
  k -= h.connections.size();
  if (k < h.neurons.size()) return {HandleKind::neuron, k};
  return {HandleKind::stick, k - h.neurons.size()};
}

std::vector<Handle>& group(Handles& h, HandleKind k) {
  return k == HandleKind::stick ? h.sticks : k == HandleKind::neuron ? h.neurons : h.connections;
}

}  // namespace

std::span<const frams::Property> operator_table() {
  return kTable;
}

std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call) {
  auto parsed = parse_quiet(genes);
  if (!parsed) {
    call.diags.error("fH.unreadable-parent", "The fH genes cannot be read, so they cannot be mutated");
    return std::nullopt;
  }
  Handles& h = parsed->handles;
  const int dims = h.dims;
  const std::size_t total = h.size();
  const frams::ParamValues& pv = call.params;
  // operations[FH_ADD, FH_HANDLE, FH_PROP, FH_DEL]; deletion is skipped for a single handle
  const std::array<double, 4> ops{pv.number("fH_mut_addition"), pv.number("fH_mut_handle"),
                                  pv.number("fH_mut_property"), pv.number("fH_mut_deletion")};
  const int method = call.rng.roulette(std::span<const double>(ops).first(total == 1 ? 3 : 4));
  f0::Mutation m;
  switch (method) {
    case 0: {
      const std::array<double, 3> add{pv.number("fH_mut_add_joint"), pv.number("fH_mut_add_neuron"),
                                      pv.number("fH_mut_add_connection")};
      int which = call.rng.roulette(add);
      if (call.neurons.active.empty()) which = 0;
      const HandleKind kind = which == 1   ? HandleKind::neuron
                              : which == 2 ? HandleKind::connection
                                           : HandleKind::stick;
      Handle nh = default_handle(kind, dims);
      for (int i = 0; i < dims; ++i) {  // (first and second component of each dimension in turn)
        nh.values[static_cast<std::size_t>(i)] = -1 + call.rng.uniform(2);
        nh.values[static_cast<std::size_t>(dims + i)] = -1 + call.rng.uniform(2);
      }
      if (kind == HandleKind::neuron) {
        if (!mutate_neuron(nh, true, call)) {
          call.diags.error("fH.no-neuron-class", "No neuron class can be added (neuadd_* are all 0)");
          return std::nullopt;
        }
      } else {
        const std::size_t own = property_table(kind, dims).size() - static_cast<std::size_t>(2 * dims);
        change_property(
            nh, dims, 2 * dims + static_cast<int>(call.rng.below(static_cast<std::uint32_t>(own))), call.rng);
      }
      group(h, kind).push_back(std::move(nh));
      m.method = 4 + (kind == HandleKind::stick ? 0 : kind == HandleKind::neuron ? 1 : 2);
      m.kind = kind == HandleKind::stick    ? "fH.add-stick"
               : kind == HandleKind::neuron ? "fH.add-neuron"
                                            : "fH.add-connection";
      break;
    }
    case 1: {
      const auto [kind, k] = random_handle(h, call.rng);
      change_property(group(h, kind)[k], dims,
                      static_cast<int>(call.rng.below(static_cast<std::uint32_t>(2 * dims))), call.rng);
      m.method = 1, m.kind = "fH.change-vector";
      break;
    }
    case 2: {
      const auto [kind, k] = random_handle(h, call.rng);
      Handle& x = group(h, kind)[k];
      if (kind == HandleKind::neuron) {
        if (!mutate_neuron(x, false, call)) {
          call.diags.error("fH.unknown-neuron-class",
                           "A neuron handle names a class the library does not have");
          return std::nullopt;
        }
      } else {
        const std::size_t own = property_table(kind, dims).size() - static_cast<std::size_t>(2 * dims);
        change_property(x, dims, 2 * dims + static_cast<int>(call.rng.below(static_cast<std::uint32_t>(own))),
                        call.rng);
      }
      m.method = 2, m.kind = "fH.change-property";
      break;
    }
    case 3: {
      const auto [kind, k] = random_handle(h, call.rng);
      auto& g = group(h, kind);
      g.erase(g.begin() + static_cast<std::ptrdiff_t>(k));
      m.method = 3, m.kind = "fH.delete";
      break;
    }
    default:
      call.diags.error("fH.no-mutation", "Every fH mutation probability is 0");
      return std::nullopt;
  }
  m.genes = write(h);
  m.chg = 1.0 / static_cast<double>(total);
  return m;
}

std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call) {
  auto p1 = parse_quiet(genes1), p2 = parse_quiet(genes2);
  if (!p1 || !p2 || p1->handles.dims != p2->handles.dims) {
    call.diags.error("fH.crossover-mismatch", !p1 || !p2
                                                  ? "A parent cannot be read"
                                                  : "The parents have different numbers of dimensions");
    return std::nullopt;
  }
  const Handles& a = p1->handles;
  const Handles& b = p2->handles;
  Handles c1, c2;
  c1.dims = c2.dims = a.dims;
  std::size_t from1 = 0, from2 = 0;  // parent 1's handles kept in child 1, parent 2's in child 2
  for (const Handle& x : a.sticks)
    call.rng.below(2) == 0 ? (c1.sticks.push_back(x), ++from1) : (c2.sticks.push_back(x), 0);
  for (const Handle& x : b.sticks)
    call.rng.below(2) == 0 ? (c1.sticks.push_back(x), 0) : (c2.sticks.push_back(x), ++from2);
  const bool skip1 = c1.sticks.empty(), skip2 = c2.sticks.empty();
  // (the SDK draws for every other handle, even when a child without sticks forces the choice)
  auto spread = [&](const std::vector<Handle>& from, std::vector<Handle> Handles::*list, bool first) {
    for (const Handle& x : from) {
      const bool to1 = (call.rng.below(2) == 0 || skip2) && !skip1;
      ((to1 ? c1 : c2).*list).push_back(x);
      if (to1 == first) ++(first ? from1 : from2);
    }
  };
  spread(a.neurons, &Handles::neurons, true);
  spread(b.neurons, &Handles::neurons, false);
  spread(a.connections, &Handles::connections, true);
  spread(b.connections, &Handles::connections, false);
  f0::Crossing x;
  x.chg1 = static_cast<double>(from1) / static_cast<double>(a.size());
  x.chg2 = static_cast<double>(from2) / static_cast<double>(b.size());
  if (skip1 != skip2) {  // one child has every stick: the only child
    x.child1 = write(skip1 ? c2 : c1);
    x.two_children = false;
  } else {
    x.child1 = write(c1);
    x.child2 = write(c2);
  }
  return x;
}

std::optional<std::string> canonical(std::string_view genes) {
  auto parsed = parse_quiet(genes);
  if (!parsed) return std::nullopt;
  return write(parsed->handles);
}

std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call) {
  Diagnostics quiet;
  quiet.set_limit(0);
  ReadOptions ro;
  ro.lint = false;
  ro.sdk_messages = false;
  ReadResult r = read(genes, quiet, ro);
  if (r.status != 0) {
    call.diags.error("fH.unrepairable", "fH genes that cannot be read cannot be repaired");
    return std::nullopt;
  }
  // removeNeuronsWithInvalidClasses: neurons naming a class the library lacks go
  auto& n = r.handles.neurons;
  const std::size_t before = n.size();
  std::erase_if(n, [](const Handle& x) {
    if (x.details.empty()) return false;
    const std::string_view d = x.details;
    std::string_view cls = d.substr(0, d.find(':'));
    if (cls.empty()) cls = "N";
    const f0::NeuronClass* c = f0::find_neuron_class(cls);
    return !c || !c->sdk;
  });
  if (r.warned || n.size() != before) return write(r.handles);  // (clamped values written as clamped)
  return std::string(genes);
}

}  // namespace genokit::fH
