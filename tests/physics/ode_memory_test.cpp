// The choice of ODE's allocator: genokit's free-list hooks by default, ODE's own when the program
// opts out or has set handlers of its own. Each case runs in a fresh process (a "threadsafe"
// death test re-runs the test binary), because the choice is made once, when ODE is first
// initialised.
#include <gtest/gtest.h>
#include <ode/ode.h>

#include <cstdlib>

#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"
#include "physics/ode_memory.hpp"

using namespace genokit;

namespace {

// Loads and instantiates a one-body scene; exits 0 when the allocator in use is the expected one
// and the world was built, 1 otherwise.
[[noreturn]] void build_and_exit(bool expect_hooks) {
  xode::LoadOptions lo;
  xode::Loaded l;
  Diagnostics d;
  const char* doc =
      "<xode version='1.0r22'><world><space><body name='b'>"
      "<mass><mass_shape density='1'><sphere radius='0.5'/></mass_shape></mass>"
      "<geom><sphere radius='0.5'/></geom></body></space></world></xode>";
  bool ok = xode::load(doc, lo, l, d);
  {
    physics::World w;
    ok = ok && w.instantiate(l.scene, d) && w.body_count() == 1;
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

TEST_F(OdeAllocator, HooksByDefault) {
  EXPECT_EXIT(build_and_exit(!physics::kAddressSanitized), ::testing::ExitedWithCode(0), "");
}

TEST_F(OdeAllocator, OptOutBeforeTheFirstWorld) {
  EXPECT_EXIT(
      {
        if (!physics::use_ode_allocation_hooks(false)) std::exit(2);
        build_and_exit(false);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(OdeAllocator, OptOutAfterTheFirstWorldIsRefused) {
  EXPECT_EXIT(
      {
        { physics::World w; }  // the first World initialises ODE
        const bool refused = !physics::use_ode_allocation_hooks(false);
        std::exit(refused && physics::ode_allocation_hooks_installed() == !physics::kAddressSanitized ? 0
                                                                                                      : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(OdeAllocator, EnvironmentOptOut) {
  EXPECT_EXIT(
      {
        setenv("GENOKIT_ODE_ALLOC", "system", 1);
        build_and_exit(false);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(OdeAllocator, HandlersOfTheProgramStay) {
  EXPECT_EXIT(
      {
        dSetAllocHandler(own_alloc);
        dSetFreeHandler(own_free);
        dSetReallocHandler(own_realloc);
        xode::Loaded l;
        Diagnostics d;
        xode::load("<xode version='1.0r22'><world><space><body/></space></world></xode>", {}, l, d);
        physics::World w;
        bool ok = w.instantiate(l.scene, d) && dGetAllocHandler() == own_alloc &&
                  dGetFreeHandler() == own_free && !physics::ode_allocation_hooks_installed();
        std::exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
