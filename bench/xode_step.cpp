// Stepping overhead of genokit's World::step over a hand-written ODE loop for the same world:
// 30 boxes falling on a plane, a chain of 10 hinged boxes, simple contacts (mode 0, mu 1).
#include <benchmark/benchmark.h>
#include <ode/ode.h>

#include <set>

#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"

using namespace genokit;

namespace {

constexpr int kFree = 30, kChain = 10;
constexpr int kSteps = 200;

double fx(int i) {
  return (i % 6) * 0.7;
}
double fy(int i) {
  return 1.0 + (i / 6) * 0.7;
}
double fz(int i) {
  return (i % 3) * 0.3;
}

std::string scene_text() {
  std::string s = "<xode version=\"1.0r22\"><world><space>";
  for (int i = 0; i < kFree + kChain; ++i) {
    double x = i < kFree ? fx(i) : 10.0 + (i - kFree) * 0.6, y = i < kFree ? fy(i) : 3.0,
           z = i < kFree ? fz(i) : 0;
    s += "<body name=\"b" + std::to_string(i) + "\"><transform><position x=\"" + std::to_string(x) +
         "\" y=\"" + std::to_string(y) + "\" z=\"" + std::to_string(z) +
         "\"/></transform><geom><box sizex=\"0.5\" sizey=\"0.5\" sizez=\"0.5\"/></geom>"
         "<mass><mass_shape density=\"1\"><box sizex=\"0.5\" sizey=\"0.5\" "
         "sizez=\"0.5\"/></mass_shape></mass></body>";
  }
  for (int i = kFree + 1; i < kFree + kChain; ++i)
    s += "<joint><link1 body=\"b" + std::to_string(i - 1) + "\"/><link2 body=\"b" + std::to_string(i) +
         "\"/><hinge><anchor x=\"" + std::to_string(10.0 + (i - kFree) * 0.6 - 0.3) +
         "\" y=\"3\" z=\"0\" absolute=\"true\"/><axis x=\"0\" y=\"0\" z=\"1\"/></hinge></joint>";
  s += "<geom><plane a=\"0\" b=\"1\" c=\"0\" d=\"0\"/></geom></space></world></xode>";
  return s;
}

void BM_Step_Genokit(benchmark::State& state) {
  Diagnostics d;
  auto l = xode::load(scene_text(), d);
  if (!l) return state.SkipWithError("load failed");
  for (auto _ : state) {
    state.PauseTiming();
    auto w = physics::build_world(l->scene, d);
    w->configure({}, d);
    state.ResumeTiming();
    for (int i = 0; i < kSteps; ++i) w->step(d);
    benchmark::DoNotOptimize(w->body_pose(0).position[1]);
    state.PauseTiming();
    w.reset();  // destroyed outside the timing, as on the other side
    state.ResumeTiming();
  }
}

// ---- the same world and loop written directly against ODE --------------------------------------
struct Hand {
  dWorldID world;
  dSpaceID space;
  dJointGroupID contacts;
  std::vector<dBodyID> bodies;
  std::set<std::pair<dBodyID, dBodyID>> linked;
};

void near_cb(void* data, dGeomID a, dGeomID b) {
  auto* h = static_cast<Hand*>(data);
  dBodyID b1 = dGeomGetBody(a), b2 = dGeomGetBody(b);
  if (!b1 && !b2) return;
  if (b1 == b2) return;
  if (b1 && b2 && h->linked.count({std::min(b1, b2), std::max(b1, b2)})) return;
  dContactGeom cg[150];
  int n = dCollide(a, b, 150, cg, sizeof(dContactGeom));
  for (int i = 0; i < std::min(n, 8); ++i) {
    dContact c{};
    c.geom = cg[i];
    c.surface.mode = 0;
    c.surface.mu = 1.0;
    dJointAttach(dJointCreateContact(h->world, h->contacts, &c), b1, b2);
  }
}

void BM_Step_HandWrittenOde(benchmark::State& state) {
  dInitODE2(0);
  for (auto _ : state) {
    state.PauseTiming();
    Hand h;
    h.world = dWorldCreate();
    h.space = dSimpleSpaceCreate(nullptr);
    h.contacts = dJointGroupCreate(0);
    dWorldSetGravity(h.world, 0, -9.81, 0);
    std::vector<dGeomID> geoms;
    for (int i = 0; i < kFree + kChain; ++i) {
      double x = i < kFree ? fx(i) : 10.0 + (i - kFree) * 0.6, y = i < kFree ? fy(i) : 3.0,
             z = i < kFree ? fz(i) : 0;
      dBodyID b = dBodyCreate(h.world);
      dBodySetPosition(b, std::stod(std::to_string(x)), std::stod(std::to_string(y)),
                       std::stod(std::to_string(z)));
      dMass m;
      dMassSetBox(&m, 1, 0.5, 0.5, 0.5);
      dBodySetMass(b, &m);
      dGeomID g = dCreateBox(h.space, 0.5, 0.5, 0.5);
      dGeomSetBody(g, b);
      geoms.push_back(g);
      h.bodies.push_back(b);
    }
    for (int i = kFree + 1; i < kFree + kChain; ++i) {
      dJointID j = dJointCreateHinge(h.world, nullptr);
      dJointAttach(j, h.bodies[i - 1], h.bodies[i]);
      dJointSetHingeAnchor(j, std::stod(std::to_string(10.0 + (i - kFree) * 0.6 - 0.3)), 3, 0);
      dJointSetHingeAxis(j, 0, 0, 1);
      h.linked.insert({std::min(h.bodies[i - 1], h.bodies[i]), std::max(h.bodies[i - 1], h.bodies[i])});
    }
    geoms.push_back(dCreatePlane(h.space, 0, 1, 0, 0));
    state.ResumeTiming();
    for (int i = 0; i < kSteps; ++i) {
      dSpaceCollide(h.space, &h, near_cb);
      dWorldStep(h.world, 0.01);
      dJointGroupEmpty(h.contacts);
    }
    benchmark::DoNotOptimize(dBodyGetPosition(h.bodies[0])[1]);
    state.PauseTiming();
    dJointGroupDestroy(h.contacts);
    for (auto g : geoms) dGeomDestroy(g);
    dSpaceDestroy(h.space);
    dWorldDestroy(h.world);
    state.ResumeTiming();
  }
}

}  // namespace

BENCHMARK(BM_Step_Genokit)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_Step_HandWrittenOde)->Unit(benchmark::kMillisecond)->MinTime(2.0);

BENCHMARK_MAIN();
