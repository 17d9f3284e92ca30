// ODE's error handling. ODE 0.16 calls its error or debug handler on a failed assertion and
// aborts the process when the handler returns. genokit checks its inputs before calling ODE
// (checks.hpp), so that should not happen; should it happen anyway, genokit's handler throws
// OdeError inside a guarded call, which unwinds through ODE's frames (Debian's libode is built
// with unwind tables and exception tables: tests/physics/ode_guard_test.cpp) back to the guard.
// Outside guarded calls (a program using ODE directly) the program's own handler runs if it had
// one, otherwise the message is printed and the process aborts, as ODE's default does.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace genokit::physics::detail {

struct OdeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Initialises ODE once per process: dInitODE2, the allocation hooks when they were asked for,
// genokit's error, debug and message handlers.
void init_ode();

// Marks the calling thread as inside a guarded call for the scope's lifetime.
class GuardScope {
 public:
  GuardScope();
  ~GuardScope();
  GuardScope(const GuardScope&) = delete;
  GuardScope& operator=(const GuardScope&) = delete;
};

// Runs `f`; ODE's fatal errors become its message (std::nullopt when none occurred).
template <class F>
std::optional<std::string> guarded(F&& f) {
  GuardScope scope;
  try {
    f();
  } catch (const OdeError& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

// The non-fatal messages (dMessage) ODE gave inside guarded calls on this thread, oldest first.
std::vector<std::string>& ode_messages();

}  // namespace genokit::physics::detail
