// ODE allocates every body, geom, joint and space (and their small parts) through dAlloc/dFree,
// which pass the size back when freeing: small blocks go to per-thread free lists by 16-byte size
// class instead of back to malloc, so building and destroying worlds over and over (loading many
// scenes) reuses the same memory. Blocks are plain malloc blocks, classed by their usable size when
// freed (never by the size ODE says), so a block is only handed out for requests it can hold, and
// a block freed on another thread than it was allocated on simply joins that thread's lists.
#include "physics/ode_memory.hpp"

#include <malloc.h>
#include <ode/ode.h>

#include <cstdlib>
#include <cstring>
#include <mutex>

#include "genokit/physics/world.hpp"

namespace genokit::physics {
namespace {

constexpr std::size_t kGranule = 16;
constexpr std::size_t kClasses = 64;  // blocks up to 1 KB

// Trivially destructible, so it stays usable while other thread-local or static objects are
// destroyed after it (a World destroyed at exit); `closed` then sends everything to malloc.
struct FreeLists {
  void* head[kClasses];
  bool closed;
};
thread_local FreeLists lists{};

struct ReleaseAtExit {
  ~ReleaseAtExit() {
    lists.closed = true;
    for (void*& h : lists.head)
      while (h) {
        void* next = *static_cast<void**>(h);
        std::free(h);
        h = next;
      }
  }
};
thread_local ReleaseAtExit release_at_exit;

void* ode_alloc(dsizeint size) {
  std::size_t c = (size + kGranule - 1) / kGranule;
  if (c == 0 || c >= kClasses) return std::malloc(size);
  if (void* p = lists.head[c]) {
    lists.head[c] = *static_cast<void**>(p);
    return p;
  }
  return std::malloc(c * kGranule);
}

void ode_free(void* p, dsizeint) {
  if (!p) return;
  std::size_t c = malloc_usable_size(p) / kGranule;
  if (lists.closed || c == 0 || c >= kClasses) {
    std::free(p);
    return;
  }
  (void)&release_at_exit;  // constructed on first use: the thread's lists are freed at its exit
  *static_cast<void**>(p) = lists.head[c];
  lists.head[c] = p;
}

void* ode_realloc(void* p, dsizeint old_size, dsizeint new_size) {
  void* q = ode_alloc(new_size);
  if (q && p) std::memcpy(q, p, old_size < new_size ? old_size : new_size);
  ode_free(p, old_size);
  return q;
}

}  // namespace

namespace {
// One lock for the request and the decision, so a request that returns true is always honoured
// (even when another thread builds the first world at the same time). Off unless asked for.
std::mutex g_choice;
bool g_wanted = false;
bool g_decided = false;  // install_ode_memory() ran: too late to change
}  // namespace

bool use_ode_allocation_hooks(bool enabled) {
  std::lock_guard<std::mutex> lock(g_choice);
  if (g_decided) return false;
  g_wanted = enabled;
  return true;
}

bool ode_allocation_hooks_installed() {
  return dGetAllocHandler() == ode_alloc;
}

void install_ode_memory() {
  std::lock_guard<std::mutex> lock(g_choice);
  g_decided = true;
  if (kAddressSanitized || !g_wanted) return;
  // A handler the program set itself stays (with its partners: they must match).
  if (dGetAllocHandler() || dGetFreeHandler() || dGetReallocHandler()) return;
  dSetAllocHandler(ode_alloc);
  dSetFreeHandler(ode_free);
  dSetReallocHandler(ode_realloc);
}

}  // namespace genokit::physics
