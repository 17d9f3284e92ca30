// The scene's store: a bump allocator over an inline first block and heap blocks that double in
// size. Nothing is freed before the store goes (objects only point into it).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>

#include "genokit/xode/scene.hpp"

namespace genokit::xode {

struct SceneStore::Block {
  Block* next;
  std::size_t size;  // usable bytes after the header
};

SceneStore::~SceneStore() {
  while (blocks_) {
    Block* next = blocks_->next;
    std::free(blocks_);
    blocks_ = next;
  }
}

void* SceneStore::allocate(std::size_t bytes, std::size_t align) {
  // `align` is a power of two (an alignof).
  auto aligned = [&](char* p) {
    auto v = reinterpret_cast<std::uintptr_t>(p);
    return p + ((align - (v & (align - 1))) & (align - 1));
  };
  char* p = aligned(next_);
  if (p > end_ || static_cast<std::size_t>(end_ - p) < bytes) {
    std::size_t last = blocks_ ? blocks_->size : sizeof first_;
    std::size_t size = std::max(2 * last, bytes + align);
    void* raw = std::malloc(sizeof(Block) + size);
    if (!raw) throw std::bad_alloc();
    auto* b = static_cast<Block*>(raw);
    b->next = blocks_;
    b->size = size;
    blocks_ = b;
    next_ = reinterpret_cast<char*>(b + 1);
    end_ = next_ + size;
    p = aligned(next_);
  }
  next_ = p + bytes;
  return p;
}

SceneStore& Scene::storage() {
  if (!store) store = std::make_shared<SceneStore>();
  return *store;
}

std::string_view Scene::keep(std::string_view s) {
  if (s.empty()) return {};
  char* p = static_cast<char*>(storage().allocate(s.size(), 1));
  std::copy(s.begin(), s.end(), p);
  return {p, s.size()};
}

}  // namespace genokit::xode
