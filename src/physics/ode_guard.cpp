#include "physics/ode_guard.hpp"

#include <ode/ode.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "physics/ode_memory.hpp"

namespace genokit::physics::detail {
namespace {

thread_local int g_depth = 0;  // guarded calls running on this thread

// The handlers a program installed before genokit's (null: ODE's defaults).
dMessageFunction* g_prev_error = nullptr;
dMessageFunction* g_prev_debug = nullptr;
dMessageFunction* g_prev_message = nullptr;

std::string vformat(const char* fmt, va_list ap) {
  char buf[1024];
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  return buf;
}

// Outside genokit's calls: the program's handler, else what ODE's default does (print; abort
// for errors).
void fallback(dMessageFunction* prev, const char* what, bool fatal, int num, const char* msg, va_list ap) {
  if (prev) {
    prev(num, msg, ap);
    if (!fatal) return;
  } else {
    std::fprintf(stderr, "\n%s %d: ", what, num);
    std::vfprintf(stderr, msg, ap);
    std::fprintf(stderr, "\n");
    std::fflush(stderr);
    if (!fatal) return;
  }
  std::abort();  // ODE does not continue after a fatal error either
}

void on_error(int num, const char* msg, va_list ap) {
  if (g_depth > 0) throw OdeError(vformat(msg, ap));
  fallback(g_prev_error, "ODE Error", true, num, msg, ap);
}
void on_debug(int num, const char* msg, va_list ap) {
  if (g_depth > 0) throw OdeError(vformat(msg, ap));
  fallback(g_prev_debug, "ODE INTERNAL ERROR", true, num, msg, ap);
}
void on_message(int num, const char* msg, va_list ap) {
  if (g_depth > 0) {
    ode_messages().push_back(vformat(msg, ap));
    return;
  }
  fallback(g_prev_message, "ODE Message", false, num, msg, ap);
}

}  // namespace

void init_ode() {
  static std::once_flag once;
  std::call_once(once, [] {
    install_ode_memory();
    dInitODE2(0);
    g_prev_error = dGetErrorHandler();
    g_prev_debug = dGetDebugHandler();
    g_prev_message = dGetMessageHandler();
    dSetErrorHandler(on_error);
    dSetDebugHandler(on_debug);
    dSetMessageHandler(on_message);
  });
}

GuardScope::GuardScope() {
  ++g_depth;
}
GuardScope::~GuardScope() {
  --g_depth;
}

std::vector<std::string>& ode_messages() {
  thread_local std::vector<std::string> messages;
  return messages;
}

}  // namespace genokit::physics::detail
