// ODE's fatal errors inside genokit's calls unwind as a C++ exception through ODE's own frames
// (Debian's libode has unwind and exception tables) to the guard, running the destructors on the
// way; outside genokit's calls the program's own handler runs, or the process aborts with ODE's
// message as ODE's default handler does.
#include <gtest/gtest.h>
#include <ode/ode.h>

#include <cstdlib>

#include "physics/ode_guard.hpp"

using namespace genokit::physics::detail;

namespace {

// A ball joint asked for a hinge anchor: ODE's "joint type is not Hinge" assertion. It allocates
// nothing before it asserts.
void wrong_joint_call(dJointID ball) {
  dJointSetHingeAnchor(ball, 0, 0, 0);
}

struct World {
  dWorldID w;
  dJointID ball;
  World() : w(dWorldCreate()), ball(dJointCreateBall(w, nullptr)) {}
  ~World() { dWorldDestroy(w); }
};

}  // namespace

TEST(OdeGuard, AssertionsUnwindThroughOdeToTheGuard) {
  init_ode();
  World world;
  bool destroyed = false;
  struct Flag {
    bool& f;
    ~Flag() { f = true; }
  };
  auto error = guarded([&] {
    Flag flag{destroyed};  // a C++ frame between the guard and ODE
    wrong_joint_call(world.ball);
    ADD_FAILURE() << "ODE returned from its assertion";
  });
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("joint type is not Hinge"), std::string::npos) << *error;
  EXPECT_TRUE(destroyed);
  // Nested guards and a call that succeeds.
  EXPECT_FALSE(guarded([&] { EXPECT_TRUE(guarded([&] { wrong_joint_call(world.ball); })); }));
  EXPECT_FALSE(guarded([&] { dJointSetBallAnchor(world.ball, 1, 2, 3); }));
}

TEST(OdeGuard, MessagesInsideGuardsAreKept) {
  init_ode();
  ode_messages().clear();
  dMass m;
  dMassSetZero(&m);  // mass 0: dMassCheck says why through dMessage and returns 0
  int ok = 1;
  EXPECT_FALSE(guarded([&] { ok = dMassCheck(&m); }));
  EXPECT_EQ(ok, 0);
  ASSERT_FALSE(ode_messages().empty());
  EXPECT_NE(ode_messages().back().find("mass must be > 0"), std::string::npos) << ode_messages().back();
}

TEST(OdeGuardDeathTest, OutsideGuardsOdesErrorAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        init_ode();
        World world;
        wrong_joint_call(world.ball);
      },
      "joint type is not Hinge");
}

namespace {
[[noreturn]] void program_handler(int, const char*, va_list) {
  std::exit(3);
}
}  // namespace

TEST(OdeGuardDeathTest, OutsideGuardsTheProgramsHandlerRuns) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        dSetDebugHandler(program_handler);  // before genokit initialises ODE
        init_ode();
        World world;
        if (!guarded([&] { wrong_joint_call(world.ball); })) std::exit(1);  // genokit's own calls
        wrong_joint_call(world.ball);
        std::exit(2);
      },
      ::testing::ExitedWithCode(3), "");
}
