// --compat pyode / pybrain: reproduces what Debian's PyODE XODE importer builds, deviations
// included (docs/xode.md lists them): an event-order walk with PyODE's handler per element,
// pass-through group/jointgroup/ext, row-vector 4x4 transforms composed parent*child, the body
// pose taken when its first non-transform child starts, only density mass shapes, links resolved
// when the joint type starts, and PyODE's exception (as a diagnostic) on the first problem.
//
// This runs on every load in the compat modes, so it walks pugixml's tree directly: element ids
// from a hash of the name, each element's attributes read in one pass into the few values its
// handler wants, plain decimals parsed inline (exactly as from_chars), the object path kept as a
// stack instead of rebuilt per object, and the transform of a container computed once.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <pugixml.hpp>
#include <string>

#include "core/fast_decimal.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "genokit/xode/scene.hpp"
#include "genokit/xode/schema.hpp"
#include "xode/build_common.hpp"
#include "xode/document_data.hpp"
#include "xode/element_id.hpp"
#include "xode/mass.hpp"
#include "xode/pugi_view.hpp"
#include "xode/xmath.hpp"

namespace genokit::xode {
namespace {

using math::Mat4;
using PN = pv::Node;  // a pugixml node, read through pugi_view.hpp

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

struct PyError {
  std::string category;  // the oracle's error categories
  std::string type;      // the Python exception
  std::string message;
  pugi::xml_node_struct* at = nullptr;
};

// PyODE's object tree (the nodes its handlers create).
enum class PKind : std::uint8_t { xode, world, space, body, geom, joint, mass };
constexpr std::array<std::string_view, 7> kPKindNames{"xode", "world", "space", "body",
                                                      "geom", "joint", "mass"};

struct PNode {
  PKind kind = PKind::xode;
  bool has_name = false;
  bool absolute = false;
  std::string_view name;  // into the document
  PNode* parent = nullptr;
  PNode* first_child = nullptr;
  PNode* last_child = nullptr;
  PNode* next = nullptr;   // next sibling
  int t = -1;              // its <transform> in transforms_ (-1: identity)
  unsigned t_version = 0;  // when t or absolute last changed (0: never)
  int memo = -1;           // world_transform(this) in memos_, computed at memo_version
  unsigned memo_version = 0;
  bool memo_identity = false;     // the memo is exactly the identity (up to the signs of zeros)
  std::array<int, 7> counters{};  // children made so far, per kind
  int ordinal = 0;                // among the parent's children of the same kind
  int index = -1;                 // into the scene's worlds/spaces/bodies/geoms/joints
  unsigned seq = 0;               // creation order (siblings are made in their order)
  PNode* next_named = nullptr;    // the next node made with the same name
};

// Equality of NUL-terminated strings (names are short and mostly differ in the first byte).
inline bool same(const char* a, const char* b) {
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}

// Element children in document order (text, comments and PIs are not PyODE events).
inline PN first_el(PN e) {
  return pv::first_element(e);
}
inline PN next_el(PN c) {
  return pv::next_element(c);
}
inline El id_of(PN e) {
  return element_id(pv::name(e));
}

// The value of the first attribute of each name (nullptr when absent), in one pass over the
// element's attributes.
// Names are compared by their first four bytes first (one integer compare; the names asked for
// are literals, so their keys are constants once this is inlined), then the rest.
template <std::size_t N>
[[gnu::always_inline]] inline std::array<const char*, N> attrs_of(PN e, const char* const (&names)[N]) {
  std::array<const char*, N> out{};
  std::array<std::uint32_t, N> keys;
  for (std::size_t i = 0; i < N; ++i) keys[i] = detail::prefix_of(std::string_view(names[i]));
  for (pv::Attr a = pv::first_attribute(e); a; a = pv::next_attribute(a)) {
    const char* an = pv::name(a);
    const std::uint32_t key = detail::prefix_of(an);
    for (std::size_t i = 0; i < N; ++i)
      if (!out[i] && key == keys[i] && (key >> 24 == 0 || same(an + 4, names[i] + 4))) {
        out[i] = pv::value(a);
        break;
      }
  }
  return out;
}

// Names seen so far: the first node with each name and how many share it (open addressing; the
// keys point into the document).
class NameTable {
 public:
  struct Entry {
    std::string_view key;
    PNode* node = nullptr;  // the first node with the name; the others follow its next_named
    int count = 0;
    unsigned generation = 0;  // the entry is in use when it equals the table's
    PNode* last = nullptr;
  };
  void add(std::string_view k, PNode* n) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    Entry& e = slot(k);
    if (used(e)) {
      ++e.count;
      e.last->next_named = n;
      e.last = n;
    } else {
      e = Entry{k, n, 1, generation_, n};
      ++size_;
    }
  }
  // Empties the table (a new generation: no pass over the slots), keeping a small allocation
  // for the next document.
  void clear() {
    if (slots_.size() > 4096) std::vector<Entry>().swap(slots_);
    if (++generation_ == 0) {
      std::fill(slots_.begin(), slots_.end(), Entry{});
      generation_ = 1;
    }
    size_ = 0;
  }
  const Entry* find(std::string_view k) const {
    if (slots_.empty()) return nullptr;
    const Entry& e = slots_[index(k)];
    return used(e) ? &e : nullptr;
  }

 private:
  std::vector<Entry> slots_;
  std::size_t size_ = 0;
  unsigned generation_ = 1;
  bool used(const Entry& e) const { return e.generation == generation_; }
  // The slot holding `k`, or the empty slot where it would go.
  std::size_t index(std::string_view k) const {
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = name_hash(k) & mask;; i = (i + 1) & mask)
      if (!used(slots_[i]) || detail::same_name(slots_[i].key, k)) return i;
  }
  Entry& slot(std::string_view k) { return slots_[index(k)]; }
  void grow() {
    std::vector<Entry> old = std::move(slots_);
    slots_.assign(old.empty() ? 32 : 2 * old.size(), Entry{});
    for (const Entry& e : old)
      if (used(e)) slot(e.key) = e;
  }
};

// The builder's working memory, kept per thread between builds: once warm, a build allocates
// only what the scene keeps. Large allocations are released after a build.
struct Scratch {
  std::vector<std::unique_ptr<PNode[]>> blocks;  // PyODE's nodes, 64 per block
  NameTable named;
  std::vector<Mat4> transforms, memos;
  std::string path;
  std::vector<std::size_t> starts;
  std::vector<AxisParam> axis_params;
  bool busy = false;
  void reset() {
    named.clear();
    transforms.clear();
    memos.clear();
    path.clear();
    starts.clear();
    axis_params.clear();
  }
  void trim() {
    if (blocks.size() > 64) blocks.resize(64);
    if (transforms.capacity() > 4096) std::vector<Mat4>().swap(transforms);
    if (memos.capacity() > 4096) std::vector<Mat4>().swap(memos);
    if (path.capacity() > 4096) std::string().swap(path);
    if (starts.capacity() > 4096) std::vector<std::size_t>().swap(starts);
    if (axis_params.capacity() > 4096) std::vector<AxisParam>().swap(axis_params);
  }
};
Scratch& thread_scratch() {
  thread_local Scratch s;
  return s;
}

class PyodeBuilder {
 public:
  PyodeBuilder(const Document& d, const PyodeTree& t, const BuildOptions& o, Scene& s, Diagnostics& g)
      : doc(d), tree_(t), sc(s), diags(g), pybrain(o.compat == Compat::pybrain) {
    scratch_.busy = true;
    scratch_.reset();
    // Room for the objects up front (growing moves every object built so far): a quarter of the
    // elements the reader counted is more than the corpus files need.
    std::size_t room = std::min<std::size_t>(tree_.element_count, 4096) / 4;
    sc.bodies.reserve(room);
    sc.geoms.reserve(room);
    sc.joints.reserve(room);
  }
  ~PyodeBuilder() {
    scratch_.trim();
    scratch_.busy = false;
  }
  PyodeBuilder(const PyodeBuilder&) = delete;
  PyodeBuilder& operator=(const PyodeBuilder&) = delete;

  bool run() {
    PN root = tree_.root;
    try {
      if (!root || std::string_view(pv::name(root)) != "xode")
        throw invalid("Root element must be <xode>.", root);
      PNode* top = make(nullptr, PKind::xode, nullptr);
      root_children(root, top);
      if (pybrain) pybrain_postprocess();
    } catch (const PyError& e) {
      diags.error("xode.pyode." + e.category, e.type + ": " + e.message, doc.locate(offset(e.at)));
      return false;
    }
    return true;
  }

 private:
  const Document& doc;
  const PyodeTree& tree_;
  Scene& sc;
  Diagnostics& diags;
  bool pybrain;
  // The thread's scratch, or a private one for a build inside a build.
  Scratch own_;
  Scratch& scratch_ = thread_scratch().busy ? own_ : thread_scratch();
  // Nodes in blocks (a deque would allocate every second node).
  static constexpr std::size_t kBlock = 64;
  std::vector<std::unique_ptr<PNode[]>>& blocks_ = scratch_.blocks;
  std::size_t block_ = 0, used_ = 0;
  unsigned seq_ = 0;
  PNode* new_node() {
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
  PNode* root_ = nullptr;
  NameTable& named_ = scratch_.named;
  // <transform> results and memoised world_transform() of containers; version_ counts transform
  // changes, so a memo is valid when no node it depends on changed after it was made.
  std::vector<Mat4>& transforms_ = scratch_.transforms;
  std::vector<Mat4>& memos_ = scratch_.memos;
  unsigned version_ = 1;
  // PyODE's object path of the innermost node being built (/world[0]/space[0]/body[2]) and where
  // each of its components starts.
  std::string& path_ = scratch_.path;
  std::vector<std::size_t>& starts_ = scratch_.starts;
  std::vector<AxisParam>& axis_params_ = scratch_.axis_params;

  // ---- errors as PyODE raises them ---------------------------------------------------------
  static PyError child_error(std::string_view parent, PN child) {
    return {"invalid-child", "ChildError",
            "<" + std::string(pv::name(child)) + "> is not a valid child of <" + std::string(parent) + ">.",
            child};
  }
  static PyError invalid(std::string msg, PN at) { return {"invalid", "InvalidError", std::move(msg), at}; }
  static PyError unsupported(std::string msg, PN at) {
    return {"unsupported", "NotImplementedError", std::move(msg), at};
  }
  static PyError key_error(const char* name, PN at) {
    return {"missing-attribute", "KeyError", "'" + std::string(name) + "'", at};
  }

  // Python's float(attrs[name]) for a value found by attrs_of (nullptr: missing).
  [[gnu::always_inline]] static double pyfloat(PN e, const char* v, const char* name) {
    if (!v) throw key_error(name, e);
    return pyfloat_value(e, v);
  }
  [[gnu::always_inline]] static double pyfloat_value(PN e, const char* v) {
    double d;
    if (!number_value(v, d)) throw not_a_float(e, v);
    return d;
  }
  [[gnu::noinline]] static PyError not_a_float(PN e, const char* v) {
    return {"bad-value", "ValueError", "could not convert string to float: '" + std::string(v) + "'", e};
  }
  static long long pyint_value(PN e, const char* v) {
    auto i = parse_int(trim_value(v));
    if (!i)
      throw PyError{"bad-value", "ValueError",
                    "invalid literal for int() with base 10: '" + std::string(v) + "'", e};
    return *i;
  }
  // parser.parseVector
  static Vec3 vector(PN e) {
    auto [x, y, z] = attrs_of(e, {"x", "y", "z"});
    if (!x || !y || !z) throw invalid("Vector must have x, y and z attributes.", e);
    Vec3 v;
    if (!number_value(x, v[0]) || !number_value(y, v[1]) || !number_value(z, v[2]))
      throw invalid("Vector attributes must be numbers.", e);
    return v;
  }
  // XmlNode::offset() without a call into pugixml per element: names read from the parse buffer
  // give it directly ('<' is just before the name); others (made by a repair) go the long way.
  std::size_t offset(PN e) const {
    if (!e) return kNoOffset;
    auto name = reinterpret_cast<std::uintptr_t>(pv::name(e));
    const std::uintptr_t buffer = tree_.buffer;
    if (buffer != 0 && name > buffer && name - buffer <= tree_.buffer_size) return name - buffer - 1;
    return tree_.dom ? tree_.dom->node(pugi::xml_node(e)).offset() : kNoOffset;
  }

  // ---- tree ----------------------------------------------------------------------------------
  PNode* make(PNode* parent, PKind kind, const char* name) {
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
  // The path component of a node, for as long as it is being built.
  class Enter {
   public:
    Enter(PyodeBuilder& b, const PNode* n) : b_(b) {
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
    ~Enter() {
      b_.path_.resize(b_.starts_.back());
      b_.starts_.pop_back();
    }
    Enter(const Enter&) = delete;
    Enter& operator=(const Enter&) = delete;

   private:
    PyodeBuilder& b_;
  };
  // The innermost node's path (PyODE's names are cut to the 64 innermost components), kept in
  // the scene.
  std::string_view path() {
    std::size_t d = starts_.size();
    return sc.keep(std::string_view(path_).substr(d > 64 ? starts_[d - 64] : 0));
  }
  // The node's name kept in the scene ("" when it has none).
  std::string_view name_of(const PNode* n) { return n->has_name ? sc.keep(n->name) : std::string_view(); }
  static PNode* ancestor(PNode* n, PKind kind) {
    for (PNode* p = n; p; p = p->parent)
      if (p->kind == kind) return p;
    return nullptr;
  }
  const Mat4& t_of(const PNode* n) const {
    static const Mat4 kIdentity = math::identity4();
    return n->t >= 0 ? transforms_[static_cast<std::size_t>(n->t)] : kIdentity;
  }
  // PyODE's getTransform(): parent * own, up to the root, an absolute node or `until`.
  Mat4 transform_of(const PNode* n, const PNode* until) const {
    const PNode* p = n->parent;
    if (!p || n->absolute || p == until) return t_of(n);
    return mul4_container(transform_of(p, until), t_of(n));
  }
  // The same up to the root, with the containers' products computed once (same operations, same
  // order: the results are identical).
  Mat4 world_transform(PNode* n) {
    if (!n->parent || n->absolute) return t_of(n);
    const Mat4 c = container_transform(n->parent);
    if (!n->parent->memo_identity) return math::mul4(c, t_of(n));
    return n->t < 0 ? math::identity4() : identity_times(t_of(n));  // I * I: +0 off the diagonal
  }
  // The memo of `p` is valid when neither `p` nor an ancestor it depends on (up to the first
  // absolute one) changed its transform since the memo was made.
  bool memo_valid(const PNode* p) const {
    if (p->memo < 0) return false;
    for (const PNode* q = p; q; q = q->parent) {
      if (q->t_version > p->memo_version) return false;
      if (q->absolute) break;
    }
    return true;
  }
  Mat4 container_transform(PNode* p) {
    if (memo_valid(p)) return memos_[static_cast<std::size_t>(p->memo)];
    const Mat4 m = world_transform(p);
    store_slot(memos_, p->memo, m);
    p->memo_version = version_;
    p->memo_identity = is_identity(m);
    return m;
  }
  static void pose(const Mat4& m, Vec3& pos, Mat3& rot) {
    pos = {m[3][0], m[3][1], m[3][2]};
    rot = {m[0][0], m[0][1], m[0][2], m[1][0], m[1][1], m[1][2], m[2][0], m[2][1], m[2][2]};
  }

  // ---- transform -----------------------------------------------------------------------------
  struct TState {
    Mat4 m = math::identity4();
    std::optional<Vec3> position, euler;
  };
  void transform_child(PN c, TState& st) {
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
  void transform(PN e, PNode* node) {
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

  // ---- containers ----------------------------------------------------------------------------
  void root_children(PN e, PNode* root) {
    for (PN c = first_el(e); c; c = next_el(c)) {
      const El cid = id_of(c);
      if (cid == El::world)
        world(c, root);
      else if (cid == El::ext)
        root_children(c, root);
      else
        throw child_error("xode", c);
    }
  }

  void world(PN e, PNode* parent) {
    auto [name] = attrs_of(e, {"name"});
    PNode* n = make(parent, PKind::world, name);
    Enter in(*this, n);
    SceneWorld& w = sc.worlds.emplace_back();
    w.path = path();
    w.name = name_of(n);
    w.offset = offset(e);
    n->index = static_cast<int>(sc.worlds.size()) - 1;
    world_children(e, n);
  }
  void world_children(PN e, PNode* n) {
    for (PN c = first_el(e); c; c = next_el(c)) {
      const El cid = id_of(c);
      if (cid == El::transform)
        transform(c, n);
      else if (cid == El::space)
        space(c, n);
      else if (cid == El::ext)
        world_children(c, n);
      else
        throw child_error("world", c);
    }
  }

  void space(PN e, PNode* parent) {
    auto [name] = attrs_of(e, {"name"});
    PNode* n = make(parent, PKind::space, name);
    Enter in(*this, n);
    SceneSpace& s = sc.spaces.emplace_back();
    s.path = path();
    s.name = name_of(n);
    s.world = ancestor(n, PKind::world)->index;
    s.offset = offset(e);
    n->index = static_cast<int>(sc.spaces.size()) - 1;
    space_children(e, n);
  }
  void space_children(PN e, PNode* n) {
    for (PN c = first_el(e); c; c = next_el(c)) {
      const El cid = id_of(c);
      if (cid == El::transform)
        transform(c, n);
      else if (cid == El::geom)
        geom(c, n);
      else if (cid == El::group || cid == El::jointgroup || cid == El::ext)
        space_children(c, n);
      else if (cid == El::body)
        body(c, n);
      else if (cid == El::joint)
        joint(c, n);
      else
        throw child_error("space", c);
    }
  }

  // ---- body ----------------------------------------------------------------------------------
  struct BodyState {
    PNode* node;
    bool transformed = false;
    std::optional<MassParams> mass;
  };

  SceneBody& body_of(const PNode* n) { return sc.bodies[static_cast<std::size_t>(n->index)]; }

  void body(PN e, PNode* parent) {
    auto [name, enabled_v, gravity_v] = attrs_of(e, {"name", "enabled", "gravitymode"});
    PNode* n = make(parent, PKind::body, name);
    Enter in(*this, n);
    std::string_view enabled = enabled_v ? std::string_view(enabled_v) : "true";
    if (enabled != "true" && enabled != "false")
      throw invalid("Enabled attribute must be either 'true' or 'false'.", e);
    int gravity_mode = 1;
    if (gravity_v) gravity_mode = pyint_value(e, gravity_v) == 0 ? 0 : 1;
    SceneBody& b = sc.bodies.emplace_back();
    b.path = path();
    b.name = name_of(n);
    b.world = ancestor(n, PKind::world)->index;
    b.offset = offset(e);
    b.enabled = enabled == "true";
    b.gravity_mode = gravity_mode;
    n->index = static_cast<int>(sc.bodies.size()) - 1;
    BodyState st;
    st.node = n;
    body_children(e, st);
    apply_body_pose(st);
    if (st.mass) {
      SceneBody& sb = body_of(n);
      sb.has_mass = true;
      sb.mass = *st.mass;
    }
  }
  void apply_body_pose(BodyState& st) {
    if (st.transformed) return;
    SceneBody& b = body_of(st.node);
    pose(world_transform(st.node), b.position, b.rotation);
    st.transformed = true;
  }
  void body_children(PN e, BodyState& st) {
    for (PN c = first_el(e); c; c = next_el(c)) {
      const El cid = id_of(c);
      if (cid == El::transform) {
        transform(c, st.node);
        continue;
      }
      apply_body_pose(st);
      if (cid == El::torque)
        body_of(st.node).torque = vector(c);
      else if (cid == El::force)
        body_of(st.node).force = vector(c);
      else if (cid == El::finiteRotation) {
        auto [mode_v, xa, ya, za] = attrs_of(c, {"mode", "xaxis", "yaxis", "zaxis"});
        if (!mode_v) throw key_error("mode", c);
        long long mode = pyint_value(c, mode_v);
        if (!xa || !ya || !za)
          throw invalid("finiteRotation element must have xaxis, yaxis and zaxis attributes", c);
        Vec3 axis{pyfloat_value(c, xa), pyfloat_value(c, ya), pyfloat_value(c, za)};
        if (mode != 0 && mode != 1) throw invalid("finiteRotation mode attribute must be either 0 or 1.", c);
        SceneBody& b = body_of(st.node);
        b.finite_rotation_set = true;
        b.finite_rotation_mode = static_cast<int>(mode);
        b.finite_rotation_axis = axis;
      } else if (cid == El::linearVel)
        body_of(st.node).linear_velocity = vector(c);
      else if (cid == El::angularVel)
        body_of(st.node).angular_velocity = vector(c);
      else if (cid == El::mass)
        st.mass = mass_node(c, st.node);
      else if (cid == El::joint)
        joint(c, st.node);
      else if (cid == El::body)
        body(c, st.node);
      else if (cid == El::geom)
        geom(c, st.node);
      else
        throw child_error("body", c);
      if (cid == El::torque || cid == El::force || cid == El::linearVel || cid == El::angularVel ||
          cid == El::finiteRotation)
        body_children(c, st);  // these push no handler: their children reach the body's
    }
  }

  // ---- mass ----------------------------------------------------------------------------------
  MassParams mass_node(PN e, PNode* parent) {
    auto [name] = attrs_of(e, {"name"});
    PNode* n = make(parent, PKind::mass, name);
    MassParams m = mass::sphere(1.0, 1.0);
    mass_children(e, n, m);
    return m;
  }
  void mass_children(PN e, PNode* n, MassParams& m) {
    for (PN c = first_el(e); c; c = next_el(c)) {
      const El cid = id_of(c);
      if (cid == El::mass_struct || cid == El::transform) {
        mass_children(c, n, m);
      } else if (cid == El::mass_shape) {
        auto [density] = attrs_of(c, {"density"});
        for (PN s = first_el(c); s; s = next_el(s)) mass_shape(s, c, density, m);
      } else if (cid == El::adjust) {
        auto [total] = attrs_of(c, {"total"});
        mass::adjust(m, pyfloat(c, total, "total"));
        mass_children(c, n, m);
      } else if (cid == El::mass) {
        MassParams child = mass_node(c, n);
        mass::add(m, child);
      } else {
        throw child_error("mass", c);
      }
    }
  }
  // A shape inside <mass_shape> `e` (and the shapes nested in it).
  void mass_shape(PN c, PN e, const char* density, MassParams& m) {
    const El cid = id_of(c);
    if (cid == El::sphere) {
      auto [radius] = attrs_of(c, {"radius"});
      double r = radius ? pyfloat_value(c, radius) : 1.0;
      if (density) m = mass::sphere(pyfloat_value(e, density), r);
    } else if (cid == El::box) {
      auto [sx, sy, sz] = attrs_of(c, {"sizex", "sizey", "sizez"});
      double lx = pyfloat(c, sx, "sizex"), ly = pyfloat(c, sy, "sizey"), lz = pyfloat(c, sz, "sizez");
      if (density) m = mass::box(pyfloat_value(e, density), lx, ly, lz);
    } else if (pybrain && (cid == El::cappedCylinder || cid == El::cylinder)) {
      auto [radius, length] = attrs_of(c, {"radius", "length"});
      double r = radius ? pyfloat_value(c, radius) : 1.0;
      double len = pyfloat(c, length, "length");
      if (density)
        m = cid == El::cylinder ? mass::cylinder(pyfloat_value(e, density), r, len)
                                : mass::capsule(pyfloat_value(e, density), r, len);
    } else {
      throw unsupported(pybrain ? "mass_shape <" + std::string(pv::name(c)) + "> not supported" : "", c);
    }
    for (PN g = first_el(c); g; g = next_el(g)) mass_shape(g, e, density, m);
  }

  // ---- geom ----------------------------------------------------------------------------------
  struct GeomState {
    PNode* node;
    PNode* body;
    int space;
    bool transformed = false;
    bool has_object = false;
  };

  void geom(PN e, PNode* parent) {
    auto [name] = attrs_of(e, {"name"});
    PNode* n = make(parent, PKind::geom, name);
    Enter in(*this, n);
    GeomState st{n, ancestor(parent, PKind::body), ancestor(parent, PKind::space)->index};
    geom_children(e, st);
    if (!st.has_object) throw invalid("No geom type element found.", e);
  }
  void geom_children(PN e, GeomState& st) {
    for (PN c = first_el(e); c; c = next_el(c)) {
      const El kid = id_of(c);
      const std::string_view k =
          kid == El::unknown ? std::string_view() : kElementNames[static_cast<std::size_t>(kid)];
      if (kid == El::transform) {
        transform(c, st.node);
        st.transformed = true;
      } else if (kid == El::box) {
        auto [sx, sy, sz] = attrs_of(c, {"sizex", "sizey", "sizez"});
        double lx = pyfloat(c, sx, "sizex"), ly = pyfloat(c, sy, "sizey"), lz = pyfloat(c, sz, "sizez");
        place(st, c, Shape::box, {lx, ly, lz});
        shape_children(c, k);
      } else if (kid == El::cappedCylinder) {
        auto [radius, length] = attrs_of(c, {"radius", "length"});
        double r = pyfloat(c, radius, "radius"), len = pyfloat(c, length, "length");
        place(st, c, Shape::capsule, {r, len});
        shape_children(c, k);
      } else if (kid == El::cone) {
        throw unsupported("", c);
      } else if (kid == El::cylinder) {
        if (!pybrain) throw unsupported("", c);
        auto [radius, length] = attrs_of(c, {"radius", "length"});
        double r = pyfloat(c, radius, "radius"), len = pyfloat(c, length, "length");
        place(st, c, Shape::cylinder, {r, len});
        shape_children(c, k);
      } else if (kid == El::plane) {
        auto [av, bv, cv, dv] = attrs_of(c, {"a", "b", "c", "d"});
        double a = pyfloat(c, av, "a"), b = pyfloat(c, bv, "b"), cc = pyfloat(c, cv, "c"),
               d = pyfloat(c, dv, "d");
        SceneGeom& g = add_geom(st, c, Shape::plane);
        g.params = sc.keep({a, b, cc, d});
        g.placement = Placement::none;
        shape_children(c, k);
      } else if (kid == El::ray) {
        auto [length] = attrs_of(c, {"length"});
        double len = pyfloat(c, length, "length");
        SceneGeom& g = add_geom(st, c, Shape::ray);
        g.params = sc.keep({len});
        g.placement = Placement::none;
        shape_children(c, k);
      } else if (kid == El::sphere) {
        auto [radius] = attrs_of(c, {"radius"});
        double r = pyfloat(c, radius, "radius");
        place(st, c, Shape::sphere, {r});
        shape_children(c, k);
      } else if (kid == El::trimesh) {
        trimesh_children(c);
        // Debian's PyODE is built without trimesh support (ode.TriMeshData raises).
        throw unsupported("Trimesh support is disabled", c);
      } else if (kid == El::geom) {
        geom(c, st.node);
      } else if (kid == El::body) {
        body(c, st.node);
      } else if (kid == El::joint) {
        if (!pybrain) throw PyError{"importer-bug", "NameError", "name 'nodename' is not defined", c};
        joint(c, st.node);
      } else if (kid == El::jointgroup || kid == El::ext) {
        geom_children(c, st);
      } else {
        throw child_error("geom", c);
      }
    }
  }
  void shape_children(PN e, std::string_view shape) {
    for (PN c = first_el(e); c; c = next_el(c)) {
      if (id_of(c) != El::ext) throw child_error(shape, c);
      shape_children(c, shape);
    }
  }
  void trimesh_children(PN e) {
    for (PN c = first_el(e); c; c = next_el(c)) {
      const El cid = id_of(c);
      if (cid == El::vertices || cid == El::triangles) {
      } else if (cid == El::v) {
        vector(c);
      } else if (cid == El::t) {
        static constexpr const char* kNames[3] = {"ia", "ib", "ic"};
        auto v = attrs_of(c, kNames);
        for (std::size_t i = 0; i < 3; ++i) {
          if (!v[i]) throw key_error(kNames[i], c);
          pyint_value(c, v[i]);
        }
      } else {
        throw child_error("trimesh", c);
      }
      trimesh_children(c);
    }
  }
  // A new geom for the shape element `shape` of the geom being built.
  SceneGeom& add_geom(GeomState& st, PN shape, Shape s) {
    SceneGeom& g = sc.geoms.emplace_back();
    g.path = path();
    g.name = name_of(st.node);
    g.shape = s;
    g.space = st.space;
    g.world = ancestor(st.node, PKind::world)->index;
    g.offset = offset(shape);
    // PyBrain's collision filter names: a body's first geom takes the body's name, a body-less
    // geom keeps its own.
    PNode* parent = st.node->parent;
    if (st.body == nullptr) {
      g.has_pybrain_name = st.node->has_name;
      g.pybrain_name = g.name;
    } else if (parent->kind == PKind::body) {
      PNode* first = parent->first_child;
      while (first && first->kind != PKind::geom) first = first->next;
      if (first == st.node && parent->has_name) {
        g.has_pybrain_name = true;
        g.pybrain_name = body_of(parent).name;
      }
    }
    st.node->index = static_cast<int>(sc.geoms.size()) - 1;
    st.has_object = true;
    return g;
  }
  void place(GeomState& st, PN shape, Shape s, std::initializer_list<double> params) {
    SceneGeom& g = add_geom(st, shape, s);
    g.params = sc.keep(params);
    if (!st.body) {
      g.placement = Placement::world;
      pose(world_transform(st.node), g.position, g.rotation);
    } else if (st.transformed) {
      g.placement = Placement::geom_transform;
      g.body = st.body->index;
      pose(transform_of(st.node, st.body), g.position, g.rotation);
    } else {
      g.placement = Placement::body_origin;
      g.body = st.body->index;
    }
  }

  // ---- joint ---------------------------------------------------------------------------------
  // PyODE's lookup from the root: a node's named children (the last of equal names), then each
  // child's subtree in order. With one node of that name the search can only find it.
  PNode* find_named(std::string_view name) const {
    const NameTable::Entry* e = named_.find(name);
    if (!e) return nullptr;
    return e->count == 1 ? e->node : search_named(e->node);
  }
  // That search over the nodes of one name only (`first` and its next_named chain, in creation
  // order): at node n, the last child of n with the name; else the same at the first child of n
  // (in order) whose subtree holds one.
  PNode* search_named(PNode* first) const {
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
  int link_body(std::string_view name, PN at) const {
    PNode* target = find_named(name);
    if (!target || target->index < 0) throw invalid("Joint link must reference an already parsed body.", at);
    if (target->kind != PKind::body) throw invalid("Joint link must reference a body.", at);
    return target->index;
  }

  struct JointState {
    PNode* node;
    PNode* enclosing;  // the nearest body around the joint
    const char* link1 = nullptr;
    const char* link2 = nullptr;
    bool has_object = false;
  };
  void joint(PN e, PNode* parent) {
    auto [name] = attrs_of(e, {"name"});
    PNode* n = make(parent, PKind::joint, name);
    Enter in(*this, n);
    JointState st{n, ancestor(parent, PKind::body)};
    for (PN c = first_el(e); c; c = next_el(c)) joint_child(c, st);
    if (!st.has_object) throw invalid("No joint type element found.", e);
  }
  void joint_child(PN c, JointState& st) {
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

  struct AxesState {
    El type;
    bool accepts_anchor, accepts_axis;
    bool has_anchor = false;
    Vec3 anchor{0, 0, 0};
    std::array<PN, 3> axes{};  // the first three <axis> (more is always an error)
    std::size_t count = 0;
  };
  void joint_type(PN e, El k, PNode* n, int b1, int b2) {
    const std::string_view kname = kElementNames[static_cast<std::size_t>(k)];
    AxesState st{k, k == El::ball || k == El::hinge || k == El::hinge2 || k == El::universal,
                 k != El::ball && k != El::fixed};
    if (k == El::fixed) {  // created at the start tag; no child allowed
      new_joint(e, k, n, b1, b2);
      if (PN c = first_el(e)) throw child_error("fixed", c);
      return;
    }
    for (PN c = first_el(e); c; c = next_el(c)) joint_type_child(c, kname, st);
    std::size_t want = k == El::hinge || k == El::slider         ? 1
                       : (k == El::hinge2 || k == El::universal) ? 2
                                                                 : 3;
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
  void joint_type_child(PN c, std::string_view kname, AxesState& st) {
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
  JointAxis axis(PN a) {
    JointAxis ax;
    ax.direction = vector(a);
    constexpr int kLoStop = 0;  // axis_param_names()[0]
    bool has_lo = false, has_low = false;
    double low = 0;
    auto& params = axis_params_;
    params.clear();
    for (pv::Attr at = pv::first_attribute(a); at; at = pv::next_attribute(at)) {
      const char* an = pv::name(at);
      if (same(an, "x") || same(an, "y") || same(an, "z")) continue;
      int i = axis_param_index(an);
      if (i < 0) throw invalid("Invalid attribute '" + std::string(an) + "' of <axis> element.", a);
      double v = pyfloat_value(a, pv::value(at));
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
        params.erase(std::remove_if(params.begin(), params.end(),
                                    [](const AxisParam& p) { return p.index == kLoStop; }),
                     params.end());
      params.push_back({kLoStop, low});
    }
    ax.params = sc.keep(std::span<const AxisParam>(params));
    return ax;
  }
  SceneJoint& new_joint(PN e, El k, PNode* n, int b1, int b2) {
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

  // ---- PyBrain ---------------------------------------------------------------------------------
  // The sections PyBrain reads from its trailing "<!--odeenvironment parameters ... <end>-->"
  // comment (the first such comment after the root): the lines of <affixToEnvironment> and of
  // <passpairs>, trimmed, in file order.
  void pybrain_sections(std::vector<std::string_view>& affix,
                        std::vector<std::string_view>& passpairs) const {
    for (PN c = tree_.root ? pv::next_sibling(tree_.root) : nullptr; c; c = pv::next_sibling(c)) {
      if (pv::type(c) != pugi::node_comment) continue;
      std::string_view v = pv::value(c);
      constexpr std::string_view kTag = "odeenvironment parameters";
      if (v.substr(0, kTag.size()) != kTag) continue;
      std::string_view current;
      std::size_t pos = kTag.size();
      while (pos <= v.size()) {
        std::size_t nl = v.find('\n', pos);
        std::string_view line =
            genokit::trim(v.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos));
        pos = nl == std::string_view::npos ? v.size() + 1 : nl + 1;
        if (line.empty()) continue;
        if (line.size() > 2 && line.front() == '<' && line.back() == '>' &&
            line.find_first_of(" \t") == std::string_view::npos) {
          current = line.substr(1, line.size() - 2);
          if (current == "end") break;
        } else if (current == "affixToEnvironment") {
          affix.push_back(line);
        } else if (current == "passpairs") {
          passpairs.push_back(line);
        }
      }
      break;
    }
  }

  void pybrain_postprocess() {
    for (auto& j : sc.joints) {
      if (j.type == JointType::fixed) j.set_fixed = true;
      if (j.type == JointType::amotor) j.amotor_mode = 1;
    }
    std::vector<std::string_view> affix, passpairs;
    pybrain_sections(affix, passpairs);
    int i = 0;
    for (std::string_view name : affix) {
      PNode* t = find_named(name);
      if (t && t->kind == PKind::joint && t->index >= 0) {
        sc.joints[static_cast<std::size_t>(t->index)].reattach_to_environment = true;
      } else if (t && t->kind == PKind::body && t->index >= 0) {
        SceneJoint j;
        j.type = JointType::fixed;
        j.path = sc.keep("/pybrain/affix[" + std::to_string(i) + "]");
        j.world = sc.bodies[static_cast<std::size_t>(t->index)].world;
        j.body1 = t->index;
        j.body2 = -1;
        j.set_fixed = true;
        j.extra = true;
        sc.joints.push_back(j);
      }
      ++i;
    }
    // passpairs: Python literals, a string or a tuple of strings per line.
    sc.passpairs.reserve(passpairs.size());
    for (std::string_view s : passpairs) {
      std::vector<std::string_view> group;
      group.reserve(static_cast<std::size_t>(std::count(s.begin(), s.end(), '\'') +
                                             std::count(s.begin(), s.end(), '"')) /
                    2);
      for (std::size_t p = 0; p < s.size(); ++p) {
        char q = s[p];
        if (q != '\'' && q != '"') continue;
        std::size_t e = s.find(q, p + 1);
        if (e == std::string_view::npos) break;
        group.push_back(sc.keep(s.substr(p + 1, e - p - 1)));
        p = e;
      }
      if (!group.empty()) sc.passpairs.push_back(std::move(group));
    }
  }
};

}  // namespace

bool build_pyode_tree(const Document& doc, const PyodeTree& tree, const BuildOptions& opt, Scene& scene,
                      Diagnostics& diags) {
  PyodeBuilder b(doc, tree, opt, scene, diags);
  return b.run();
}

bool build_pyode(const Document& doc, const BuildOptions& opt, Scene& scene, Diagnostics& diags) {
  PyodeTree t;
  DocumentData& data = doc.data();
  t.root = DocumentData::pugi_node(doc.root()).internal_object();
  t.element_count = data.element_count;
  t.dom = &data;
  // pugixml's parse buffer, from the offset of the root's name.
  std::ptrdiff_t off = t.root ? pugi::xml_node(t.root).offset_debug() : -1;
  if (off > 0) {
    t.buffer = reinterpret_cast<std::uintptr_t>(pv::name(t.root)) - static_cast<std::uintptr_t>(off);
    t.buffer_size = data.text.size();
  }
  return build_pyode_tree(doc, t, opt, scene, diags);
}

std::string_view to_string(Compat c) {
  switch (c) {
    case Compat::standard:
      return "standard";
    case Compat::pyode:
      return "pyode";
    case Compat::pybrain:
      return "pybrain";
  }
  return "?";
}
std::string_view to_string(Shape s) {
  switch (s) {
    case Shape::box:
      return "box";
    case Shape::sphere:
      return "sphere";
    case Shape::cylinder:
      return "cylinder";
    case Shape::capsule:
      return "cappedCylinder";
    case Shape::cone:
      return "cone";
    case Shape::plane:
      return "plane";
    case Shape::ray:
      return "ray";
    case Shape::trimesh:
      return "trimesh";
  }
  return "?";
}
std::string_view to_string(JointType t) {
  switch (t) {
    case JointType::amotor:
      return "amotor";
    case JointType::ball:
      return "ball";
    case JointType::fixed:
      return "fixed";
    case JointType::hinge:
      return "hinge";
    case JointType::hinge2:
      return "hinge2";
    case JointType::slider:
      return "slider";
    case JointType::universal:
      return "universal";
  }
  return "?";
}

bool build_scene(const Document& doc, const BuildOptions& opt, Scene& scene, Diagnostics& diags) {
  scene = Scene{};
  scene.compat = opt.compat;
  if (opt.compat == Compat::standard) return build_standard(doc, opt, scene, diags);
  return build_pyode(doc, opt, scene, diags);
}

}  // namespace genokit::xode
