#include "differential/oracle_run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>

namespace genokit::differential {
namespace fs = std::filesystem;

namespace {

// An oracle process that works this long without printing is stuck on one genotype (it prints a
// genotype's block in well under a second; fB with a dimension count like 1e5300 makes it loop).
// The limit counts the process's own CPU time, so a busy machine cannot fake a stop (a stop
// reruns genotypes in other processes, where the SDK's undefined results may differ); a process
// silent and idle for kIdleFactor times as long in wall time is stopped too. The genotype it
// stopped on runs again alone with the longer limit.
constexpr int kSilenceSeconds = 5, kSilenceAloneSeconds = 20, kIdleFactor = 12;
// Its address space: a genotype that makes the SDK allocate without end crashes it instead of
// the machine.
constexpr rlim_t kMemoryLimit = rlim_t{3} << 30;
// Genotypes per oracle process.
constexpr std::size_t kWindow = 1000;

struct Run {
  std::string out;
  bool ok = false;  // exited with status 0
  std::string why;  // else: crashed / stuck
};

// Runs `oracle gen file` with line-buffered output (stdbuf), so the blocks printed before a crash
// or a stop are complete and the genotype it failed on is the one whose block is unfinished.
// stdbuf's path, looked up in $PATH ("" when there is none).
const std::string& stdbuf_path() {
  static const std::string path = [] {
    const char* env = std::getenv("PATH");
    std::string dirs = env && *env ? env : "/usr/bin:/bin";
    for (std::size_t at = 0; at <= dirs.size();) {
      std::size_t colon = dirs.find(':', at);
      if (colon == std::string::npos) colon = dirs.size();
      const fs::path p = fs::path(dirs.substr(at, colon - at)) / "stdbuf";
      if (::access(p.c_str(), X_OK) == 0) return p.string();
      at = colon + 1;
    }
    return std::string();
  }();
  return path;
}

// CPU time (user + system) a process has used so far, in seconds (0 when unknown).
double cpu_seconds(pid_t pid) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
  std::ifstream in(path);
  std::string stat;
  std::getline(in, stat);
  const std::size_t close = stat.rfind(')');  // (the command name may hold spaces)
  if (close == std::string::npos) return 0;
  std::istringstream fields(stat.substr(close + 1));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int k = 3; k <= 15 && fields >> field; ++k) {  // fields 14 and 15 of proc(5)
    if (k == 14) utime = std::strtoull(field.c_str(), nullptr, 10);
    if (k == 15) stime = std::strtoull(field.c_str(), nullptr, 10);
  }
  return static_cast<double>(utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

Run run_once(const std::string& oracle, const fs::path& file, int silence_seconds) {
  Run r;
  // Everything the child needs is made before fork: between fork and exec a child of a
  // multi-threaded process may only make async-signal-safe calls (no allocation).
  const std::string& stdbuf = stdbuf_path();
  const std::string file_s = file.string();
  char* const argv[] = {const_cast<char*>(stdbuf.c_str()), const_cast<char*>("-oL"),
                        const_cast<char*>(oracle.c_str()), const_cast<char*>("gen"),
                        const_cast<char*>(file_s.c_str()), nullptr};
  if (stdbuf.empty()) {
    r.why = "stdbuf or the oracle could not be started";
    return r;
  }
  int fd[2];
  // (close-on-exec: a process started by another thread must not hold this pipe open)
  if (::pipe2(fd, O_CLOEXEC) != 0) {
    r.why = "pipe failed";
    return r;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fd[0]), ::close(fd[1]);
    r.why = "fork failed";
    return r;
  }
  if (pid == 0) {
    ::dup2(fd[1], 1);
    ::close(fd[0]), ::close(fd[1]);
    if (const int null = ::open("/dev/null", O_WRONLY); null >= 0) ::dup2(null, 2);
    const rlimit lim{kMemoryLimit, kMemoryLimit};
    ::setrlimit(RLIMIT_AS, &lim);
    ::execv(argv[0], argv);
    ::_exit(127);
  }
  ::close(fd[1]);
  char buf[1 << 16];
  bool stuck = false;
  // Silence is measured at quarter-second ticks: CPU time used since the tick that followed the
  // last output, and wall time since that output.
  bool printed = true;
  double cpu_mark = 0, silent_wall = 0;
  for (;;) {
    pollfd p{fd[0], POLLIN, 0};
    const int n = ::poll(&p, 1, 250);
    if (n == 0) {
      const double cpu = cpu_seconds(pid);
      if (printed) cpu_mark = cpu, silent_wall = 0, printed = false;
      silent_wall += 0.25;
      if (cpu - cpu_mark >= silence_seconds || silent_wall >= silence_seconds * kIdleFactor) {
        stuck = true;
        ::kill(pid, SIGKILL);
        break;
      }
      continue;
    }
    if (n < 0) continue;  // (EINTR)
    const ssize_t got = ::read(fd[0], buf, sizeof buf);
    if (got <= 0) break;
    r.out.append(buf, static_cast<std::size_t>(got));
    printed = true;
  }
  ::close(fd[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
  }
  r.ok = !stuck && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (stuck)
    r.why = "the SDK oracle printed nothing for " + std::to_string(silence_seconds) +
            " s of its CPU time (stopped)";
  else if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
    r.why = "stdbuf or the oracle could not be started";
  else if (!r.ok)
    r.why = WIFSIGNALED(status) ? "the SDK oracle crashed (signal " + std::to_string(WTERMSIG(status)) + ")"
                                : "the SDK oracle exited with status " + std::to_string(WEXITSTATUS(status));
  return r;
}

// The dump is line-based, but an SDK message can hold a line break (a neuron's details, an fn
// value): only the first line of each message is kept (comparable_message cuts genokit's the same
// way), so the reader sees `messages: N` followed by N lines.
std::string first_lines_of_messages(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t pending = 0;  // messages still to come in the current list
  bool skipping = false;    // inside the continuation of the last message
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    if (pending > 0 || skipping) {
      if (line.rfind("  [", 0) == 0 && pending > 0) {
        --pending;
        skipping = pending == 0;
      } else if (!(skipping && line.rfind("m: se=", 0) == 0)) {
        continue;  // a continuation line
      } else {
        skipping = false;
      }
    } else if (line.rfind("messages: ", 0) == 0) {
      pending = std::strtoul(std::string(line.substr(10)).c_str(), nullptr, 10);
    }
    out.append(line);
    out += '\n';
  }
  return out;
}

// The blocks of a dump ("=== genotype" to the next one), in order.
std::vector<std::string_view> blocks_of(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t at = text.rfind("=== genotype ", 0) == 0 ? 0 : text.find("\n=== genotype ");
  if (at != 0 && at != std::string_view::npos) ++at;
  while (at != std::string_view::npos && at < text.size()) {
    std::size_t next = text.find("\n=== genotype ", at);
    if (next != std::string_view::npos) ++next;
    out.push_back(text.substr(at, (next == std::string_view::npos ? text.size() : next) - at));
    at = next;
  }
  return out;
}

// The index in a block's header: === genotype <k> name="g<index>" ...
std::optional<std::size_t> block_index(std::string_view block) {
  const auto at = block.find(" name=\"g");
  if (at == std::string_view::npos || at > block.find('\n')) return std::nullopt;
  std::size_t i = at + 8, v = 0;
  if (i >= block.size() || !std::isdigit(static_cast<unsigned char>(block[i]))) return std::nullopt;
  for (; i < block.size() && std::isdigit(static_cast<unsigned char>(block[i])); ++i)
    v = v * 10 + (block[i] - '0');
  if (i >= block.size() || block[i] != '"') return std::nullopt;
  return v;
}

void parse_block(std::string_view block, OracleResult& out) {
  f0::test::OracleFile f;
  std::string err;
  try {  // (the reader throws on some malformed dumps)
    if (f0::test::parse_oracle(first_lines_of_messages(block), f, err) && f.genotypes.size() == 1) {
      out.dump = std::move(f.genotypes[0]);
      return;
    }
  } catch (const std::exception& x) {
    err = x.what();
  }
  out.problem = "the SDK's dump cannot be read (" + (err.empty() ? "no block" : err) + ")";
}

}  // namespace

std::string gen_file_text(const std::vector<std::string>& genotypes, std::size_t first_index) {
  std::string text;
  for (std::size_t i = 0; i < genotypes.size(); ++i) {
    text += "org:\nname:g" + std::to_string(first_index + i) + "\ngenotype:~\n";
    for (char c : genotypes[i]) {
      if (c == '~') text += '\\';  // (the SDK's loader unescapes only "\~": a '\' elsewhere stays)
      text += c;
    }
    text += "~\n\n";
  }
  return text;
}

void make_writable(std::string& genotype) {
  std::erase(genotype, '\r');
  if (!genotype.empty() && genotype.back() == '\\') genotype += '\n';
}

std::vector<OracleResult> run_oracle(const std::string& oracle, const fs::path& file,
                                     const std::vector<std::string>& genotypes, std::string& error) {
  std::vector<OracleResult> out(genotypes.size());
  if (!fs::exists(oracle)) {
    error = "the SDK oracle program was not found at " + oracle;
    return out;
  }
  // After a crash or a stop, the genotypes around the unfinished block run alone: the one that
  // fails alone gets no result (crashed), the others their own; the rest of the batch runs again
  // (in files of their own, so a kept batch file stays whole).
  const fs::path rest = file.parent_path() / (file.stem().string() + ".rest.gen");
  const fs::path single = file.parent_path() / (file.stem().string() + ".single.gen");
  auto alone = [&](std::size_t i) {
    std::ofstream(single, std::ios::binary) << gen_file_text({genotypes[i]}, i);
    const Run r = run_once(oracle, single, kSilenceAloneSeconds);
    const auto blocks = blocks_of(r.out);
    if (r.ok && blocks.size() == 1) return parse_block(blocks[0], out[i]), true;
    out[i].crashed = true;
    out[i].problem = r.ok ? "the SDK printed no block for it" : r.why;
    return false;
  };
  for (std::size_t a = 0; a < genotypes.size();) {
    // (at most kWindow genotypes per process: a crash reruns at most that many)
    const fs::path f = a == 0 ? file : rest;
    const std::size_t z = std::min(genotypes.size(), a + kWindow);
    std::ofstream(f, std::ios::binary) << gen_file_text({genotypes.begin() + static_cast<std::ptrdiff_t>(a),
                                                         genotypes.begin() + static_cast<std::ptrdiff_t>(z)},
                                                        a);
    const Run r = run_once(oracle, f, kSilenceSeconds);
    if (r.why == "stdbuf or the oracle could not be started") {
      error = r.why + " (" + oracle + ")";
      return out;
    }
    // Blocks pair with genotypes by their org name ("g<index>"), never by position: a genotype
    // the loader does not deliver must not shift the others.
    auto blocks = blocks_of(r.out);
    std::size_t fail_at = z;         // the genotype the oracle failed on (crash or stop)
    if (!r.ok && !blocks.empty()) {  // unfinished, or the last one before the failure
      fail_at = block_index(blocks.back()).value_or(z);
      blocks.pop_back();
    }
    std::size_t next = a;  // after the last genotype with a block
    for (const auto& b : blocks) {
      const auto i = block_index(b);
      if (!i || *i < a || *i >= z) continue;
      parse_block(b, out[*i]);
      next = std::max(next, *i + 1);
    }
    if (!r.ok && fail_at == z) fail_at = next;
    const std::size_t done = r.ok ? z : std::min(fail_at, z);
    for (std::size_t i = a; i < done; ++i)
      if (!out[i].dump && out[i].problem.empty()) out[i].problem = "the SDK printed no block for it";
    a = done;
    if (r.ok || a >= z) continue;
    if (r.why.find("printed nothing") != std::string::npos) {  // stuck on the block it started
      alone(a++);
      continue;
    }
    // A crash: its block may be the one started last or the next one (the SDK can fail before
    // printing anything of a genotype).
    if (alone(a++) && a < z) alone(a++);
  }
  return out;
}

}  // namespace genokit::differential
