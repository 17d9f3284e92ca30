// The PyODE-mode builder's data: PyODE's object tree (the nodes its handlers create), the table
// of names links are resolved in, and the builder's per-thread working memory.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/xode/scene.hpp"
#include "xode/build_common.hpp"
#include "xode/xmath.hpp"

namespace genokit::xode::pyode {

using math::Mat4;

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
// The calling thread's Scratch.
Scratch& thread_scratch();

}  // namespace genokit::xode::pyode
