// The choice of ODE's allocator: ODE's own by default, genokit's free-list hooks when a program
// asks for them before its first world, never over handlers the program set itself. Each case
// runs in a fresh process (a "threadsafe" death test re-runs the test binary), because the choice
// is made once, when genokit first initialises ODE.
#include <gtest/gtest.h>
#include <ode/ode.h>

#include <cstdlib>

#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"
#include "physics/ode_memory.hpp"

using namespace genokit;

namespace {

// Loads and builds a one-body world; exits 0 when the allocator in use is the expected one and
// the world was built, 1 otherwise.
[[noreturn]] void build_and_exit(bool expect_hooks) {
  Diagnostics d;
  const char* doc =
      "<xode version='1.0r22'><world><space><body name='b'>"
      "<mass><mass_shape density='1'><sphere radius='0.5'/></mass_shape></mass>"
      "<geom><sphere radius='0.5'/></geom></body></space></world></xode>";
  bool ok = false;
  if (auto l = xode::load(doc, d)) {
    auto w = physics::build_world(l->scene, d);
    ok = w && w->body_count() == 1;
  }
  ok = ok && physics::ode_allocation_hooks_installed() == expect_hooks;
  std::exit(ok ? 0 : 1);
}

void* own_alloc(dsizeint n) {
  return std::malloc(n);
}
void own_free(void* p, dsizeint) {
  std::free(p);
}
void* own_realloc(void* p, dsizeint, dsizeint n) {
  return std::realloc(p, n);
}

class OdeAllocator : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(OdeAllocator, OdesOwnByDefault) {
  EXPECT_EXIT(build_and_exit(false), ::testing::ExitedWithCode(0), "");
}

TEST_F(OdeAllocator, HooksWhenAskedForBeforeTheFirstWorld) {
  EXPECT_EXIT(
      {
        if (!physics::use_ode_allocation_hooks(true)) std::exit(2);
        build_and_exit(!physics::kAddressSanitized);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(OdeAllocator, AskingAfterTheFirstWorldIsRefused) {
  EXPECT_EXIT(
      {
        Diagnostics d;
        { (void)physics::build_world(xode::Scene{}, d); }  // the first world initialises ODE
        const bool refused = !physics::use_ode_allocation_hooks(true);
        std::exit(refused && !physics::ode_allocation_hooks_installed() ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(OdeAllocator, HandlersOfTheProgramStay) {
  EXPECT_EXIT(
      {
        dSetAllocHandler(own_alloc);
        dSetFreeHandler(own_free);
        dSetReallocHandler(own_realloc);
        physics::use_ode_allocation_hooks(true);
        Diagnostics d;
        auto l = xode::load("<xode version='1.0r22'><world><space><body/></space></world></xode>", d);
        auto w = l ? physics::build_world(l->scene, d) : std::nullopt;
        bool ok = w && dGetAllocHandler() == own_alloc && dGetFreeHandler() == own_free &&
                  !physics::ode_allocation_hooks_installed();
        std::exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
