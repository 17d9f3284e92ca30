// f4 development (notes encodings.md §2.4), as SDK r909's f4_Cells runs it: all cells that exist
// at the start of a step run in array order until a code ends their step; an error stops
// everything. Afterwards neurons hang on the nearest non-neuron ancestor, undifferentiated cells
// become sticks, and each stick gets its angles and freedom from its dad.
#include <cmath>

#include "f4/cells.hpp"

namespace genokit::f4::detail {
namespace {

using f1::detail::apply_modifier;
using f1::detail::find_modifier;
constexpr double kPi = 3.14159265358979323846;

bool is_stick_modifier(char c) {  // f1 modifiers that change stick properties (R/r roll in f4)
  const auto* m = find_modifier(c);
  return m && c != 'R' && c != 'r';
}

}  // namespace

void Development::fail(DevError::Kind k, int cell, int node, DevError::Repair r, std::string sdk) {
  error_.kind = k;
  error_.cell = cell;
  error_.node = node;
  error_.repair = r;
  error_.sdk_message = std::move(sdk);
}

bool Development::run() {
  cells_.clear();
  cells_.reserve(kMaxCells + 1);
  Cell& first = cells_.emplace_back();
  first.code = t_.top();
  while (true) {
    const int old = static_cast<int>(cells_.size());
    bool any_active = false;
    for (int i = 0; i < old; ++i) {
      if (!step(i)) return false;
      any_active |= cells_[static_cast<std::size_t>(i)].active;
    }
    if (!any_active) break;
  }
  finish();
  return true;
}

void Development::divide(int i, const Node& n) {
  Cell& c = cells_[static_cast<std::size_t>(i)];
  Cell d;
  d.code = n.child2;
  d.angle = c.commas;
  d.born_at = static_cast<int>(&n - t_.nodes.data());
  d.stack = c.stack, d.depth = c.depth;
  c.depth = 0;
  if (mapping_) d.ranges = c.ranges;
  if (c.type == CellType::undiff) {
    d.dad = i;
    d.P = c.P;
    f1::detail::decay(d.P);
  } else {  // a neuron: the daughter is a neuron of the same class with the same dad and inputs
    d.type = CellType::neuron;
    d.dad = c.dad;
    d.P = c.P;
    d.cls = c.cls;
    d.links = c.links;
  }
  if (d.dad != kNone && cells_[static_cast<std::size_t>(d.dad)].type == CellType::neuron) {
    const Cell& dad = cells_[static_cast<std::size_t>(d.dad)];
    d.inertia = dad.inertia, d.force = dad.force, d.sigmoid = dad.sigmoid;
  }
  if (static_cast<int>(cells_.size()) < kMaxCells)
    cells_.push_back(std::move(d));
  else
    cell_limit_ = true;  // the SDK makes the daughter and drops it
}

bool Development::add_link(int i, int from, std::string_view sensor, double w, int node) {
  Cell& c = cells_[static_cast<std::size_t>(i)];
  if (from != kNone && cells_[static_cast<std::size_t>(from)].cls->pref_output == 0) return false;
  if (c.cls->pref_inputs != -1 && static_cast<int>(c.links.size()) >= c.cls->pref_inputs) return false;
  if (static_cast<int>(c.links.size()) >= kMaxInputs) return false;
  c.links.push_back({from, sensor, w, node});
  return true;
}

Development::LinkResult Development::relative_link(int i, const Node& n) {
  const int nc = static_cast<int>(cells_.size());
  int own = 0;
  for (int k = 0, rank = 0; k < nc; ++k) {
    if (cells_[static_cast<std::size_t>(k)].type == CellType::neuron) ++rank;
    if (k == i) {
      own = rank - 1;
      break;
    }
  }
  const std::int64_t want = static_cast<std::int64_t>(own) + n.offset;
  if (want >= 0 && want < nc) {
    for (int k = 0, rank = 0; k < nc; ++k) {
      if (cells_[static_cast<std::size_t>(k)].type != CellType::neuron) continue;
      if (rank++ == want)
        return add_link(i, k, {}, n.weight, static_cast<int>(&n - t_.nodes.data())) ? LinkResult::added
                                                                                    : LinkResult::failed;
    }
  }
  return LinkResult::wait;
}

// One cell's step: codes until one ends the step. False on an error.
bool Development::step(int i) {
  using K = DevError::Kind;
  using Rp = DevError::Repair;
  auto cell = [&]() -> Cell& { return cells_[static_cast<std::size_t>(i)]; };
  if (cell().code == kNone) {
    cell().active = false;
    return true;
  }
  while (cell().code != kNone) {
    if (++executed_ > budget_) {
      fail(K::budget, i, cell().code, Rp::none);
      return false;
    }
    Cell& c = cell();
    const int ni = c.code;
    const Node& n = t_.nodes[static_cast<std::size_t>(ni)];
    if (mapping_) c.ranges.emplace_back(n.pos, n.pos + n.len);
    const char code = n.name.size() == 1 ? n.name[0] : '\0';
    const bool class_name = n.name.size() != 1;  // "", "Sin", ...: the neuron-class case
    if (!class_name && code == '<') {
      if (c.type == CellType::stick) {
        fail(K::stick_divides, i, ni, Rp::none);
        return false;
      }
      c.code = n.child;
      divide(i, n);
      return true;
    }
    if (!class_name && code == '>') {
      if (c.depth > 0) {
        Repeat& top = c.stack[static_cast<std::size_t>(c.depth - 1)];
        if (top.count <= 0) {
          // A count of 0 or less: the SDK pops it and then runs this '>' as if it were a '#'
          // (pushing the '>' with count 0 and moving to its child, normally none: the cell
          // executes nothing more).
          top = {ni, n.reps};
          c.code = n.child;
          continue;
        }
        const Node& rep = t_.nodes[static_cast<std::size_t>(top.node)];
        if (--top.count > 0) {
          c.code = rep.child;
        } else {
          c.code = rep.child2;
          --c.depth;
        }
        continue;
      }
      if (c.type == CellType::undiff) {
        fail(K::undifferentiated, i, ni, Rp::insert_x);
        return false;
      }
      c.active = false;
      c.code = kNone;
      return true;
    }
    if (!class_name && code == '#') {
      if (c.depth >= kRepeatDepth) {
        fail(K::repetition_depth, i, ni, Rp::remove);
        return false;
      }
      c.stack[static_cast<std::size_t>(c.depth++)] = {ni, n.reps};
      c.code = n.child;
      continue;
    }
    if (!class_name && code == ',') {
      ++c.commas;
      c.code = n.child;
      continue;
    }
    if (!class_name && (code == 'R' || code == 'r' || is_stick_modifier(code))) {
      if (c.type == CellType::neuron) {
        fail(K::neuron_code, i, ni, Rp::remove);
        return false;
      }
      if (code == 'R')
        c.rolling += kRolling;
      else if (code == 'r')
        c.rolling -= kRolling;
      else
        apply_modifier(c.P, *find_modifier(code));
      c.code = n.child;
      continue;
    }
    if (!class_name && code == 'X') {
      if (c.type != CellType::undiff) {
        fail(K::differentiated, i, ni, Rp::remove);
        return false;
      }
      c.type = CellType::stick;
      c.made_by = ni;
      if (c.dad != kNone) {
        Cell& dad = cells_[static_cast<std::size_t>(c.dad)];
        c.angle = ++dad.commas;
      }
      c.code = n.child;
      return true;
    }
    if (!class_name && code == 'N') {
      if (c.type != CellType::undiff) {
        fail(K::differentiated, i, ni, Rp::remove);
        return false;
      }
      if (c.dad == kNone) {
        fail(K::no_parent, i, ni, Rp::remove);
        return false;
      }
      c.type = CellType::neuron;
      c.cls = f0::find_neuron_class("N");
      c.made_by = ni;
      c.code = n.child;
      return true;
    }
    if (!class_name && (code == '@' || code == '|') && c.type != CellType::undiff) {
      if (c.type == CellType::stick) {
        fail(K::control_on_stick, i, ni, Rp::remove);
        return false;
      }
      if (c.ctrl != 0) {
        fail(K::second_control, i, ni, Rp::remove);
        return false;
      }
      c.ctrl = code == '@' ? 1 : 2;
      c.ctrl_node = ni;
      c.code = n.child;
      continue;
    }
    if (!class_name && code == '[') {
      if (c.type != CellType::neuron) {
        fail(K::not_a_neuron, i, ni, Rp::remove);
        return false;
      }
      if (n.link == 0) {
        const LinkResult r = relative_link(i, n);
        if (r == LinkResult::failed) {
          fail(K::link_failed, i, ni, Rp::none);
          return false;
        }
        if (r == LinkResult::wait) {
          cell().active = false;
          bool others = false;
          for (const Cell& o : cells_) others |= o.active;
          if (others) return true;  // try again next step
          dropped_.push_back(ni);   // nobody left to become that neuron: dropped silently
        }
      } else {
        const f0::NeuronClass* s = n.link == 1 ? f0::find_neuron_class(n.link_class) : nullptr;
        if (!s || !s->sdk || s->pref_inputs != 0) {
          fail(K::wrong_sensor, i, ni, Rp::remove,
               "[ERROR] f4_Cell.onestep: wrong sensor in link '" + std::string(n.link_class) + "'");
          return false;
        }
        if (!add_link(i, kNone, s->name, n.weight, ni)) {
          fail(K::link_failed, i, ni, Rp::none);
          return false;
        }
      }
      cell().code = n.child;
      continue;
    }
    if (!class_name && code == ':') {
      if (c.type != CellType::neuron) {
        fail(K::not_a_neuron, i, ni, Rp::remove);
        return false;
      }
      const bool up = n.sign == '+';
      double& v = n.kind == '!' ? c.force : c.inertia;
      if (n.kind == '/')
        c.sigmoid = up ? c.sigmoid * 1.4 : c.sigmoid / 1.4;
      else if (up)
        v += (1 - v) * 0.2;
      else
        v -= v * 0.2;
      c.code = n.child;
      continue;
    }
    // Everything else names a neuron class ("N:Sin", a bare "T" or "*", "N:|", or an unknown code).
    if (c.type != CellType::undiff) {
      fail(K::differentiated, i, ni, Rp::remove);
      return false;
    }
    if (c.dad == kNone) {
      fail(K::no_parent, i, ni, Rp::remove);
      return false;
    }
    const f0::NeuronClass* cls = f0::find_neuron_class(n.name);
    if (!cls || !cls->sdk) {
      fail(K::unknown_code, i, ni, Rp::remove,
           "[ERROR] f4_Cell.onestep: unknown code '" + std::string(n.name) + "'");
      return false;
    }
    c.type = CellType::neuron;
    c.cls = cls;
    c.made_by = ni;
    c.code = n.child;
    return true;
  }
  // The code ran out without a '>' (a partial tree after a parse error, e.g. a '#' without a
  // count or child): the SDK ends this cell's development in this very step (issue #26).
  cell().active = false;
  return true;
}

void Development::finish() {
  const int nc = static_cast<int>(cells_.size());
  auto at = [&](int k) -> Cell& { return cells_[static_cast<std::size_t>(k)]; };
  for (int k = 0; k < nc; ++k)
    if (at(k).type == CellType::neuron)
      while (at(k).dad != kNone && at(at(k).dad).type == CellType::neuron) at(k).dad = at(at(k).dad).dad;
  for (int k = 0; k < nc; ++k)
    if (at(k).type == CellType::undiff) at(k).type = CellType::stick;
  // Angles and freedoms, each cell after its dad (dads can have higher indices).
  std::vector<char> done(static_cast<std::size_t>(nc), 0);
  std::vector<int> chain;
  for (int start = 0; start < nc; ++start) {
    chain.clear();
    for (int k = start; k != kNone && !done[static_cast<std::size_t>(k)]; k = at(k).dad) {
      done[static_cast<std::size_t>(k)] = 1;
      chain.push_back(k);
    }
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      Cell& c = at(*it);
      c.children = 0;
      for (int k = 0; k < nc; ++k)
        if (at(k).dad == *it && at(k).type == CellType::stick) ++c.children;
      if (c.type != CellType::stick) continue;
      if (c.dad == kNone) {
        c.xrot = c.rolling;
        c.mz = 1;
        continue;
      }
      const Cell& dad = at(c.dad);
      GeneProps adj = dad.P;
      f1::detail::decay(adj);
      c.xrot = c.rolling + dad.P[f1::detail::twist];
      c.zrot = adj[f1::detail::curvedness];
      if (dad.commas > 1)
        c.zrot = adj[f1::detail::curvedness] + (c.angle * 1.0 / (dad.commas + 1) - 0.5) * kPi * 2.0;
      c.mz = dad.mz / dad.children;
    }
  }
}

}  // namespace genokit::f4::detail
