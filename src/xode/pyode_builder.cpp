// The PyODE-mode builder (pyode_builder.hpp): PyODE's errors, its object tree and paths, and the
// <transform> matrices, composed parent*child in PyODE's row-vector form.
#include "xode/pyode_builder.hpp"

#include <charconv>
#include <cmath>
#include <new>

namespace genokit::xode {
namespace pyode {
namespace {

// math::mul4 with a short cut for the identity on the left (the transform of a container without
// one): the same result bit for bit. With every entry of `b` finite, each sum has one term that
// is not a zero, which it returns unchanged, or only zeros, whose sum from +0 is +0.
bool is_identity(const Mat4& a) {
  for (int i = 0; i < 4; ++i)
    for (int k = 0; k < 4; ++k)
      if (a[i][k] != (i == k ? 1.0 : 0.0)) return false;
  return true;
}
// identity * b
Mat4 identity_times(const Mat4& b) {
  bool finite = true;
  for (const auto& row : b)
    for (double x : row) finite &= std::isfinite(x);
  if (!finite) return math::mul4(math::identity4(), b);
  Mat4 r = b;
  for (auto& row : r)
    for (double& x : row)
      if (x == 0) x = 0.0;
  return r;
}
Mat4 mul4_container(const Mat4& a, const Mat4& b) {
  return is_identity(a) ? identity_times(b) : math::mul4(a, b);
}

// Writes v into slot `idx` of `vec`, giving the owner a new slot (idx < 0) the first time.
template <class T>
void store_slot(std::vector<T>& vec, int& idx, const T& v) {
  if (idx < 0) {
    idx = static_cast<int>(vec.size());
    vec.push_back(v);
  } else {
    vec[static_cast<std::size_t>(idx)] = v;
  }
}

}  // namespace

Scratch& thread_scratch() {
  thread_local Scratch s;
  return s;
}

// ---- errors as PyODE raises them ---------------------------------------------------------------

// The messages are built by appending (GCC 12 warns falsely about "<" + std::string).
PyError child_error(std::string_view parent, PN child) {
  std::string msg = "<";
  msg += child.name();
  msg += "> is not a valid child of <";
  msg += parent;
  msg += ">.";
  return {"invalid-child", "ChildError", std::move(msg), child};
}
PyError invalid(std::string msg, PN at) {
  return {"invalid", "InvalidError", std::move(msg), at};
}
PyError unsupported(std::string msg, PN at) {
  return {"unsupported", "NotImplementedError", std::move(msg), at};
}
PyError key_error(const char* name, PN at) {
  std::string msg = "'";
  msg += name;
  msg += '\'';
  return {"missing-attribute", "KeyError", std::move(msg), at};
}
double pyfloat_value(PN e, const char* v) {
  double d;
  if (!number_value(v, d))
    throw PyError{"bad-value", "ValueError", "could not convert string to float: '" + std::string(v) + "'",
                  e};
  return d;
}
long long pyint_value(PN e, const char* v) {
  auto i = parse_int(trim_value(v));
  if (!i)
    throw PyError{"bad-value", "ValueError",
                  "invalid literal for int() with base 10: '" + std::string(v) + "'", e};
  return *i;
}
Vec3 vector(PN e) {
  auto [x, y, z] = attrs_of(e, {"x", "y", "z"});
  if (!x || !y || !z) throw invalid("Vector must have x, y and z attributes.", e);
  Vec3 v;
  if (!number_value(x, v[0]) || !number_value(y, v[1]) || !number_value(z, v[2]))
    throw invalid("Vector attributes must be numbers.", e);
  return v;
}

// ---- the build ---------------------------------------------------------------------------------

Builder::Builder(const Document& d, const BuildOptions& o, Scene& s, Diagnostics& g)
    : doc(d), data(Access::data(d)), sc(s), diags(g), pybrain(o.compat == Compat::pybrain) {
  scratch_.busy = true;
  scratch_.reset();
  // Room for the objects up front (growing moves every object built so far): a quarter of the
  // elements the reader counted is more than the corpus files need.
  std::size_t room = std::min<std::size_t>(data.element_count, 4096) / 4;
  sc.bodies.reserve(room);
  sc.geoms.reserve(room);
  sc.joints.reserve(room);
}

Builder::~Builder() {
  scratch_.trim();
  scratch_.busy = false;
}

bool Builder::run() {
  PN root = first_element(data.dom);
  try {
    if (!root || std::string_view(root.name()) != "xode") throw invalid("Root element must be <xode>.", root);
    PNode* top = make(nullptr, PKind::xode, nullptr);
    root_children(root, top);
    if (pybrain) pybrain_postprocess();
  } catch (const PyError& e) {
    diags.error("xode.pyode." + e.category, e.type + ": " + e.message, doc.locate(offset(e.at)));
    return false;
  }
  return true;
}

// ---- tree --------------------------------------------------------------------------------------

PNode* Builder::new_node() {
  if (block_ == blocks_.size()) blocks_.push_back(std::make_unique<PNode[]>(kBlock));
  // Default-initialised in place (the member initialisers; no zeroed temporary).
  PNode* n = ::new (&blocks_[block_][used_]) PNode;
  n->seq = seq_++;
  if (++used_ == kBlock) {
    ++block_;
    used_ = 0;
  }
  return n;
}

PNode* Builder::make(PNode* parent, PKind kind, const char* name) {
  PNode* n = new_node();
  n->kind = kind;
  n->parent = parent;
  if (!parent) {
    root_ = n;
    return n;
  }
  if (name) {
    n->has_name = true;
    n->name = name;
    named_.add(n->name, n);
  }
  n->ordinal = parent->counters[static_cast<std::size_t>(kind)]++;
  (parent->last_child ? parent->last_child->next : parent->first_child) = n;
  parent->last_child = n;
  return n;
}

Builder::Enter::Enter(Builder& b, const PNode* n) : b_(b) {
  b.starts_.push_back(b.path_.size());
  char part[32] = {'/'};  // "/kind[ordinal]", appended at once
  std::string_view kind = kPKindNames[static_cast<std::size_t>(n->kind)];
  std::copy(kind.begin(), kind.end(), part + 1);
  char* p = part + 1 + kind.size();
  *p++ = '[';
  p = std::to_chars(p, part + sizeof part - 1, n->ordinal).ptr;
  *p++ = ']';
  b.path_.append(part, p);
}

Builder::Enter::~Enter() {
  b_.path_.resize(b_.starts_.back());
  b_.starts_.pop_back();
}

// The innermost node's path (PyODE's names are cut to the 64 innermost components), kept in the
// scene.
std::string_view Builder::path() {
  std::size_t d = starts_.size();
  return sc.keep(std::string_view(path_).substr(d > 64 ? starts_[d - 64] : 0));
}

PNode* Builder::ancestor(PNode* n, PKind kind) {
  for (PNode* p = n; p; p = p->parent)
    if (p->kind == kind) return p;
  return nullptr;
}

const Mat4& Builder::t_of(const PNode* n) const {
  static const Mat4 kIdentity = math::identity4();
  return n->t >= 0 ? transforms_[static_cast<std::size_t>(n->t)] : kIdentity;
}

// PyODE's getTransform(): parent * own, up to the root, an absolute node or `until`.
Mat4 Builder::transform_of(const PNode* n, const PNode* until) const {
  const PNode* p = n->parent;
  if (!p || n->absolute || p == until) return t_of(n);
  return mul4_container(transform_of(p, until), t_of(n));
}

// The same up to the root, with the containers' products computed once (same operations, same
// order: the results are identical).
Mat4 Builder::world_transform(PNode* n) {
  if (!n->parent || n->absolute) return t_of(n);
  const Mat4 c = container_transform(n->parent);
  if (!n->parent->memo_identity) return math::mul4(c, t_of(n));
  return n->t < 0 ? math::identity4() : identity_times(t_of(n));  // I * I: +0 off the diagonal
}

// The memo of `p` is valid when neither `p` nor an ancestor it depends on (up to the first
// absolute one) changed its transform since the memo was made.
bool Builder::memo_valid(const PNode* p) const {
  if (p->memo < 0) return false;
  for (const PNode* q = p; q; q = q->parent) {
    if (q->t_version > p->memo_version) return false;
    if (q->absolute) break;
  }
  return true;
}

Mat4 Builder::container_transform(PNode* p) {
  if (memo_valid(p)) return memos_[static_cast<std::size_t>(p->memo)];
  const Mat4 m = world_transform(p);
  store_slot(memos_, p->memo, m);
  p->memo_version = version_;
  p->memo_identity = is_identity(m);
  return m;
}

void Builder::pose(const Mat4& m, Vec3& pos, Mat3& rot) {
  pos = {m[3][0], m[3][1], m[3][2]};
  rot = {m[0][0], m[0][1], m[0][2], m[1][0], m[1][1], m[1][2], m[2][0], m[2][1], m[2][2]};
}

// ---- transform ---------------------------------------------------------------------------------

void Builder::transform_child(PN c, TState& st) {
  const El cid = id_of(c);
  if (cid == El::matrix4f) {
    static constexpr const char* kNames[16] = {"m00", "m01", "m02", "m03", "m10", "m11", "m12", "m13",
                                               "m20", "m21", "m22", "m23", "m30", "m31", "m32", "m33"};
    auto v = attrs_of(c, kNames);
    for (std::size_t i = 0; i < 16; ++i) st.m[i / 4][i % 4] = pyfloat(c, v[i], kNames[i]);
  } else if (cid == El::position) {
    auto [x, y, z] = attrs_of(c, {"x", "y", "z"});
    st.position = Vec3{pyfloat(c, x, "x"), pyfloat(c, y, "y"), pyfloat(c, z, "z")};
  } else if (cid == El::euler) {
    auto [x, y, z, aformat] = attrs_of(c, {"x", "y", "z", "aformat"});
    double coeff = aformat && same(aformat, "degrees") ? M_PI / 180 : 1.0;
    st.euler = Vec3{coeff * pyfloat(c, x, "x"), coeff * pyfloat(c, y, "y"), coeff * pyfloat(c, z, "z")};
  } else if (cid == El::rotation) {
    // pass-through
  } else {
    throw PyError{"importer-bug", "AttributeError", "module 'xode.parser' has no attribute 'InvalidError'",
                  c};
  }
  for (PN g = first_el(c); g; g = next_el(g)) transform_child(g, st);
}

void Builder::transform(PN e, PNode* node) {
  auto [scale_v, absolute_v] = attrs_of(e, {"scale", "absolute"});
  double scale = scale_v ? pyfloat_value(e, scale_v) : 1.0;
  bool absolute = absolute_v && same(absolute_v, "true");
  TState st;
  for (PN c = first_el(e); c; c = next_el(c)) transform_child(c, st);
  Mat4 m = st.m;
  if (st.euler) {
    auto [x, y, z] = *st.euler;
    Mat4 rx = math::identity4(), ry = math::identity4(), rz = math::identity4();
    rx[1][1] = std::cos(x), rx[1][2] = std::sin(x), rx[2][1] = -std::sin(x), rx[2][2] = std::cos(x);
    ry[0][0] = std::cos(y), ry[0][2] = -std::sin(y), ry[2][0] = std::sin(y), ry[2][2] = std::cos(y);
    rz[0][0] = std::cos(z), rz[0][1] = std::sin(z), rz[1][0] = -std::sin(z), rz[1][1] = std::cos(z);
    m = math::mul4(math::mul4(math::mul4(m, rx), ry), rz);
  }
  if (st.position) {
    Mat4 t = math::identity4();
    t[3][0] = (*st.position)[0], t[3][1] = (*st.position)[1], t[3][2] = (*st.position)[2];
    m = math::mul4(m, t);
  }
  Mat4 s = math::identity4();
  s[0][0] = s[1][1] = s[2][2] = scale;
  m = math::mul4(m, s);
  store_slot(transforms_, node->t, m);
  node->absolute = absolute;
  node->t_version = ++version_;
}

}  // namespace pyode

bool build_pyode(const Document& doc, const BuildOptions& opt, Scene& scene, Diagnostics& diags) {
  pyode::Builder b(doc, opt, scene, diags);
  return b.run();
}

}  // namespace genokit::xode
