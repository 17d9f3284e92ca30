// The PyODE-mode builder (pyode_builder.hpp): joints, resolved as PyODE resolves them when the
// joint type starts (no postlink), with its search for a name several objects share.
#include "xode/pyode_builder.hpp"

#include <algorithm>

namespace genokit::xode::pyode {

// ---- joint ---------------------------------------------------------------------------------
// PyODE's lookup from the root: a node's named children (the last of equal names), then each
// child's subtree in order. With one node of that name the search can only find it.
PNode* Builder::find_named(std::string_view name) const {
  const NameTable::Entry* e = named_.find(name);
  if (!e) return nullptr;
  return e->count == 1 ? e->node : search_named(e->node);
}
// That search over the nodes of one name only (`first` and its next_named chain, in creation
// order): at node n, the last child of n with the name; else the same at the first child of n
// (in order) whose subtree holds one.
PNode* Builder::search_named(PNode* first) const {
  PNode* n = root_;
  for (;;) {
    PNode* direct = nullptr;
    PNode* branch = nullptr;
    for (PNode* m = first; m; m = m->next_named) {
      if (m->parent == n) {
        direct = m;  // a later one is a later sibling
        continue;
      }
      PNode* a = m;  // the child of n on the way up from m, if any
      while (a->parent && a->parent != n) a = a->parent;
      if (a->parent == n && (!branch || a->seq < branch->seq)) branch = a;
    }
    if (direct) return direct;
    if (!branch) return nullptr;
    n = branch;
  }
}
int Builder::link_body(std::string_view name, PN at) const {
  PNode* target = find_named(name);
  if (!target || target->index < 0) throw invalid("Joint link must reference an already parsed body.", at);
  if (target->kind != PKind::body) throw invalid("Joint link must reference a body.", at);
  return target->index;
}

void Builder::joint(PN e, PNode* parent) {
  auto [name] = attrs_of(e, {"name"});
  PNode* n = make(parent, PKind::joint, name);
  Enter in(*this, n);
  JointState st{n, ancestor(parent, PKind::body)};
  for (PN c = first_el(e); c; c = next_el(c)) joint_child(c, st);
  if (!st.has_object) throw invalid("No joint type element found.", e);
}
void Builder::joint_child(PN c, JointState& st) {
  const El k = id_of(c);
  if (k == El::link1 || k == El::link2) {
    auto [b] = attrs_of(c, {"body"});
    if (!b) throw key_error("body", c);
    (k == El::link1 ? st.link1 : st.link2) = b;
    for (PN g = first_el(c); g; g = next_el(g)) joint_child(g, st);
  } else if (k == El::ext) {
    for (PN g = first_el(c); g; g = next_el(g)) joint_child(g, st);
  } else if (k == El::amotor || k == El::ball || k == El::fixed || k == El::hinge || k == El::hinge2 ||
             k == El::slider || k == El::universal) {
    // _getLinks
    int env_or_body = st.enclosing ? st.enclosing->index : -1;
    int l1, l2;
    if (st.link1) {
      l1 = link_body(st.link1, c);
    } else {
      l1 = env_or_body;
      env_or_body = -1;
    }
    l2 = st.link2 ? link_body(st.link2, c) : env_or_body;
    if (l1 == l2) throw invalid("Joint requires two objects.", c);
    joint_type(c, k, st.node, l1, l2);
    st.has_object = true;
  } else {
    throw child_error("joint", c);
  }
}

void Builder::joint_type(PN e, El k, PNode* n, int b1, int b2) {
  const std::string_view kname = kElementNames[static_cast<std::size_t>(k)];
  AxesState st{k, k == El::ball || k == El::hinge || k == El::hinge2 || k == El::universal,
               k != El::ball && k != El::fixed};
  if (k == El::fixed) {  // created at the start tag; no child allowed
    new_joint(e, k, n, b1, b2);
    if (PN c = first_el(e)) throw child_error("fixed", c);
    return;
  }
  for (PN c = first_el(e); c; c = next_el(c)) joint_type_child(c, kname, st);
  std::size_t want = k == El::hinge || k == El::slider ? 1 : (k == El::hinge2 || k == El::universal) ? 2 : 3;
  bool count_ok = k == El::ball || (k == El::amotor ? st.count <= 3 : st.count == want);
  if (!count_ok) {
    std::string sep = (k == El::hinge || k == El::slider) ? " " : "  ";  // PyODE's messages
    throw invalid("Wrong number of axes for" + sep + std::string(kname) + " joint.", e);
  }
  std::array<JointAxis, 3> axes;
  for (std::size_t i = 0; i < st.count; ++i) axes[i] = axis(st.axes[i]);
  SceneJoint& j = new_joint(e, k, n, b1, b2);
  j.has_anchor = st.has_anchor;
  j.anchor = st.anchor;
  j.axes = sc.keep(std::span<const JointAxis>(axes.data(), st.count));
}
void Builder::joint_type_child(PN c, std::string_view kname, AxesState& st) {
  const El cid = id_of(c);
  if (cid == El::anchor && st.accepts_anchor) {
    st.anchor = vector(c);
    st.has_anchor = true;
  } else if (cid == El::axis && st.accepts_axis) {
    if (st.count < st.axes.size()) st.axes[st.count] = c;
    ++st.count;
  } else {
    throw child_error(kname, c);
  }
  for (PN g = first_el(c); g; g = next_el(g)) joint_type_child(g, kname, st);
}
// An <axis>: its direction and parameters, in the order PyODE applies them (document order,
// except that the LowStop alias is applied last, as LoStop, replacing any LoStop).
JointAxis Builder::axis(PN a) {
  JointAxis ax;
  ax.direction = vector(a);
  constexpr int kLoStop = 0;  // axis_param_names()[0]
  bool has_lo = false, has_low = false;
  double low = 0;
  auto& params = axis_params_;
  params.clear();
  for (pugi::xml_attribute at = a.first_attribute(); at; at = at.next_attribute()) {
    const char* an = at.name();
    if (same(an, "x") || same(an, "y") || same(an, "z")) continue;
    int i = axis_param_index(an);
    if (i < 0) throw invalid("Invalid attribute '" + std::string(an) + "' of <axis> element.", a);
    double v = pyfloat_value(a, at.value());
    if (i == kLowStop) {
      has_low = true;
      low = v;
      continue;
    }
    if (i == kLoStop) has_lo = true;
    params.push_back({i, v});
  }
  if (has_low) {
    if (has_lo)
      params.erase(
          std::remove_if(params.begin(), params.end(), [](const AxisParam& p) { return p.index == kLoStop; }),
          params.end());
    params.push_back({kLoStop, low});
  }
  ax.params = sc.keep(std::span<const AxisParam>(params));
  return ax;
}
SceneJoint& Builder::new_joint(PN e, El k, PNode* n, int b1, int b2) {
  SceneJoint& j = sc.joints.emplace_back();
  j.path = path();
  j.name = name_of(n);
  j.world = ancestor(n, PKind::world)->index;
  j.body1 = b1;
  j.body2 = b2;
  j.offset = offset(e);
  j.type = joint_type_of(k);
  n->index = static_cast<int>(sc.joints.size()) - 1;
  return j;
}

}  // namespace genokit::xode::pyode
