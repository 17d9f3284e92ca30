// Evaluations in forked worker processes. ODE's QuickStep reorders its constraints with one
// process-wide generator, so QuickStep runs in threads of one process must take turns (a lock,
// run_step.cpp); worker processes each own that generator and run truly in parallel, with the
// same results (every run restores its own generator state before each step). A worker that
// crashes fails one evaluation, never the caller. Each worker talks to the parent over a socket
// pair: the parent sends task numbers, the worker sends back one record per task.
#include <algorithm>
#include <cstring>
#include <string>

#include "physics/ode_guard.hpp"
#include "sim/evaluate_internal.hpp"

#if defined(__unix__) || defined(__APPLE__)
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#define GENOKIT_SIM_FORK 1
#endif

namespace genokit::sim {
namespace {

bool g_in_worker = false;

}  // namespace

bool in_worker_process() {
  return g_in_worker;
}

#ifdef GENOKIT_SIM_FORK
namespace {

// ---- records -----------------------------------------------------------------------------------
template <class T>
void put(std::string& b, const T& v) {
  b.append(reinterpret_cast<const char*>(&v), sizeof v);
}
void put_text(std::string& b, const std::string& s) {
  put(b, static_cast<std::uint32_t>(s.size()));
  b += s;
}

struct Cursor {
  const std::string& b;
  std::size_t i = 0;
  bool ok = true;
  template <class T>
  T get() {
    T v{};
    if (i + sizeof v > b.size()) {
      ok = false;
      return v;
    }
    std::memcpy(&v, b.data() + i, sizeof v);
    i += sizeof v;
    return v;
  }
  std::string text() {
    const auto n = get<std::uint32_t>();
    if (!ok || i + n > b.size()) {
      ok = false;
      return {};
    }
    std::string s = b.substr(i, n);
    i += n;
    return s;
  }
};

constexpr double Criteria::*kFields[] = {
    &Criteria::numparts,  &Criteria::numjoints, &Criteria::numneurons, &Criteria::numconnections,
    &Criteria::instances, &Criteria::lifespan,  &Criteria::velocity,   &Criteria::distance,
    &Criteria::vertvel,   &Criteria::vertpos,   &Criteria::fit,        &Criteria::fit_stdev};

std::string encode(const OneEvaluation& e, const Diagnostics& d) {
  std::string b;
  put(b, static_cast<std::uint8_t>(e.status));
  put_text(b, e.message);
  for (auto f : kFields) put(b, e.criteria.*f);
  put(b, e.seconds);
  put(b, static_cast<std::uint32_t>(d.items().size()));
  for (const Diagnostic& x : d.items()) {
    put(b, static_cast<std::uint8_t>(x.severity));
    put_text(b, x.code);
    put_text(b, x.message);
    put_text(b, x.where.file);
    put(b, x.where.line);
    put(b, x.where.column);
    put(b, x.where.offset);
  }
  return b;
}

bool decode(const std::string& b, OneEvaluation& e, Diagnostics& d) {
  Cursor c{b};
  e.status = static_cast<EvalStatus>(c.get<std::uint8_t>());
  e.message = c.text();
  for (auto f : kFields) e.criteria.*f = c.get<double>();
  e.seconds = c.get<double>();
  const auto n = c.get<std::uint32_t>();
  for (std::uint32_t k = 0; c.ok && k < n; ++k) {
    const auto sev = static_cast<Severity>(c.get<std::uint8_t>());
    std::string code = c.text(), message = c.text();
    Location where;
    where.file = c.text();
    where.line = c.get<std::uint32_t>();
    where.column = c.get<std::uint32_t>();
    where.offset = c.get<std::int64_t>();
    if (c.ok) d.report(sev, std::move(code), std::move(message), std::move(where));
  }
  return c.ok && c.i == b.size();
}

// ---- sockets -----------------------------------------------------------------------------------
bool write_all(int fd, const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    ssize_t w = ::send(fd, p, n, MSG_NOSIGNAL);  // a dead peer is an error, not SIGPIPE
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

bool read_all(int fd, void* data, std::size_t n) {
  char* p = static_cast<char*>(data);
  while (n > 0) {
    ssize_t r = ::read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    p += r;
    n -= static_cast<std::size_t>(r);
  }
  return true;
}

// A worker: receives task numbers, sends [u32 length][record] for each, until the socket closes.
[[noreturn]] void worker_loop(int fd, const std::function<OneEvaluation(std::size_t, Diagnostics&)>& task) {
  g_in_worker = true;
  std::uint64_t t = 0;
  while (read_all(fd, &t, sizeof t)) {
    Diagnostics d;
    OneEvaluation e = task(static_cast<std::size_t>(t), d);
    std::string rec = encode(e, d);
    const auto len = static_cast<std::uint32_t>(rec.size());
    if (!write_all(fd, &len, sizeof len) || !write_all(fd, rec.data(), rec.size())) break;
  }
  ::_exit(0);  // no atexit handlers, no flushing of the parent's stdio buffers
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  bool busy = false;
  std::size_t task = 0;
};

// A new worker in `w`. The child closes the other workers' sockets it inherited, or they would
// never see the end of their task stream.
bool spawn(Worker& w, const std::vector<Worker>& pool,
           const std::function<OneEvaluation(std::size_t, Diagnostics&)>& task) {
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) return false;
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(sv[0]);
    ::close(sv[1]);
    return false;
  }
  if (pid == 0) {
    ::close(sv[0]);
    for (const Worker& other : pool)
      if (&other != &w && other.fd >= 0) ::close(other.fd);
    worker_loop(sv[1], task);
  }
  ::close(sv[1]);
  w = Worker{pid, sv[0], false, 0};
  return true;
}

std::string ended(pid_t pid) {
  int status = 0;
  if (::waitpid(pid, &status, 0) == pid) {
    if (WIFSIGNALED(status))
      return "the evaluation's process was killed by signal " + std::to_string(WTERMSIG(status));
    if (WIFEXITED(status))
      return "the evaluation's process exited with status " + std::to_string(WEXITSTATUS(status));
  }
  return "the evaluation's process ended without a result";
}

}  // namespace

bool run_in_processes(std::size_t count, unsigned jobs,
                      const std::function<OneEvaluation(std::size_t, Diagnostics&)>& task,
                      std::vector<OneEvaluation>& results, std::vector<Diagnostics>& notes,
                      const std::function<void(std::size_t)>& finished) {
  results.assign(count, {});
  notes.assign(count, {});
  physics::detail::init_ode();  // once, here, not in every worker
  std::vector<Worker> pool(std::min<std::size_t>(jobs, count));
  for (Worker& w : pool)
    if (!spawn(w, pool, task)) {
      for (Worker& x : pool)
        if (x.fd >= 0) {
          ::close(x.fd);
          ::waitpid(x.pid, nullptr, 0);
        }
      return false;
    }
  std::size_t next = 0, done = 0;
  auto give = [&](Worker& w) {
    if (next >= count) return;
    std::uint64_t t = next;
    w.task = next++;
    w.busy = true;
    write_all(w.fd, &t, sizeof t);  // a dead worker is seen when its result is read
  };
  for (Worker& w : pool) give(w);
  std::vector<pollfd> fds;
  while (done < count) {
    fds.clear();
    for (Worker& w : pool) fds.push_back({w.fd, POLLIN, 0});
    if (::poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (std::size_t k = 0; k < pool.size(); ++k) {
      Worker& w = pool[k];
      if (!(fds[k].revents & (POLLIN | POLLHUP | POLLERR)) || !w.busy) continue;
      std::uint32_t len = 0;
      std::string rec;
      bool ok = read_all(w.fd, &len, sizeof len);
      if (ok) {
        rec.resize(len);
        ok = read_all(w.fd, rec.data(), len) && decode(rec, results[w.task], notes[w.task]);
      }
      if (!ok) {  // the worker died: its task fails, a new worker takes the rest
        ::close(w.fd);
        results[w.task] = {};
        results[w.task].status = EvalStatus::failed;
        results[w.task].message = ended(w.pid);
        notes[w.task] = {};
        notes[w.task].error("sim.worker-died", results[w.task].message);
        const std::size_t t = w.task;
        if (!spawn(w, pool, task)) w = Worker{-1, -1, false, 0};
        ++done;
        finished(t);
      } else {
        w.busy = false;
        ++done;
        finished(w.task);
      }
      if (w.fd >= 0) give(w);
    }
    // Every worker gone (fork failing): what is left fails.
    if (std::all_of(pool.begin(), pool.end(), [](const Worker& w) { return w.fd < 0; })) {
      for (; next < count; ++next, ++done) {
        results[next].status = EvalStatus::failed;
        results[next].message = "no worker process could be started";
        finished(next);
      }
      break;
    }
  }
  for (Worker& w : pool)
    if (w.fd >= 0) {
      ::close(w.fd);  // the worker reads end-of-file and exits
      ::waitpid(w.pid, nullptr, 0);
    }
  return true;
}

#else

bool run_in_processes(std::size_t, unsigned, const std::function<OneEvaluation(std::size_t, Diagnostics&)>&,
                      std::vector<OneEvaluation>&, std::vector<Diagnostics>&,
                      const std::function<void(std::size_t)>&) {
  return false;
}

#endif

}  // namespace genokit::sim
