#include "view/chromium.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

extern char** environ;

namespace genokit::view::detail {

namespace {

using Clock = std::chrono::steady_clock;

int remaining_ms(Clock::time_point deadline) {
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return ms < 0 ? 0 : static_cast<int>(std::min<long long>(ms, 1000));
}

}  // namespace

Chromium::~Chromium() {
  stop();
}

bool Chromium::start(const std::string& program, const std::string& profile_dir, int width, int height,
                     const std::vector<std::string>& extra_args, std::string& error) {
  // Socket pairs rather than pipes: writes use MSG_NOSIGNAL, so a browser that died gives an error,
  // not a SIGPIPE for the whole program.
  int cmd[2], reply[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, cmd) != 0) {
    error = std::string("socketpair: ") + std::strerror(errno);
    return false;
  }
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, reply) != 0) {
    error = std::string("socketpair: ") + std::strerror(errno);
    close(cmd[0]);
    close(cmd[1]);
    return false;
  }
  if (mkdir(profile_dir.c_str(), 0700) != 0 && errno != EEXIST) {
    error = "cannot make the browser profile folder " + profile_dir + ": " + std::strerror(errno);
    return false;
  }
  log_file_ = profile_dir + "/chromium-stderr.log";
  std::vector<std::string> args = {
      program, "--headless", "--remote-debugging-pipe", "--user-data-dir=" + profile_dir,
      "--window-size=" + std::to_string(width) + "," + std::to_string(height),
      // software WebGL (SwiftShader) for a trusted local page, no GPU needed
      "--disable-gpu", "--enable-unsafe-swiftshader",
      // no traffic of the browser's own
      "--disable-quic", "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--disable-extensions", "--hide-scrollbars",
      "--mute-audio", "--force-device-scale-factor=1"};
  if (geteuid() == 0) args.push_back("--no-sandbox");  // Chromium refuses to run as root with its sandbox
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  args.push_back("about:blank");
  std::vector<char*> argv;
  for (std::string& s : args) argv.push_back(s.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, log_file_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&fa, cmd[1], 3);    // the browser reads commands on fd 3
  posix_spawn_file_actions_adddup2(&fa, reply[1], 4);  // and writes replies on fd 4
  // Its own process group, so that stop() can end the browser's helper processes with it.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  pid_t pid = -1;
  int rc = posix_spawnp(&pid, program.c_str(), &fa, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  close(cmd[1]);
  close(reply[1]);
  if (rc != 0) {
    error = "cannot start " + program + ": " + std::strerror(rc);
    close(cmd[0]);
    close(reply[0]);
    return false;
  }
  pid_ = pid;
  to_ = cmd[0];
  from_ = reply[0];
  return true;
}

bool Chromium::send(const std::string& text, std::string& error) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::send(to_, text.data() + done, text.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = "the browser closed its pipe";
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::optional<nlohmann::json> Chromium::call(const std::string& method, const nlohmann::json& params,
                                             const std::string& session, double timeout, std::string& error) {
  if (pid_ < 0) {
    error = "the browser is not running";
    return std::nullopt;
  }
  const int id = next_id_++;
  nlohmann::json msg = {{"id", id}, {"method", method}, {"params", params}};
  if (!session.empty()) msg["sessionId"] = session;
  if (!send(msg.dump() + std::string(1, '\0'), error)) return std::nullopt;
  const auto deadline = Clock::now() + std::chrono::milliseconds(static_cast<long long>(timeout * 1000));
  for (;;) {
    // Every complete message in the buffer: events are skipped, our reply is returned.
    for (std::size_t end; (end = buffer_.find('\0')) != std::string::npos;) {
      nlohmann::json m = nlohmann::json::parse(
          buffer_.begin(), buffer_.begin() + static_cast<std::ptrdiff_t>(end), nullptr, false);
      buffer_.erase(0, end + 1);
      if (!m.is_object() || !m.contains("id") || m["id"] != id) continue;
      if (m.contains("error")) {
        error = method + ": " + m["error"].value("message", std::string("error"));
        return std::nullopt;
      }
      return m.contains("result") ? m["result"] : nlohmann::json::object();
    }
    if (Clock::now() >= deadline) {
      error =
          method + ": no answer from the browser within " + std::to_string(static_cast<int>(timeout)) + " s";
      return std::nullopt;
    }
    pollfd p{from_, POLLIN, 0};
    int r = poll(&p, 1, remaining_ms(deadline));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) continue;
    char chunk[65536];
    ssize_t n = read(from_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = "the browser exited";
      return std::nullopt;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

void Chromium::stop() {
  if (pid_ < 0) return;
  std::string ignored;
  nlohmann::json close_msg = {
      {"id", next_id_++}, {"method", "Browser.close"}, {"params", nlohmann::json::object()}};
  send(close_msg.dump() + std::string(1, '\0'), ignored);
  close(to_);
  to_ = -1;
  int status = 0;
  bool exited = false;
  for (int i = 0; i < 50 && !exited; ++i) {  // up to 5 s politely
    if (waitpid(pid_, &status, WNOHANG) == pid_)
      exited = true;
    else
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (!exited) {
    kill(-pid_, SIGKILL);  // the browser's own process group (see start())
    waitpid(pid_, &status, 0);
  } else {
    kill(-pid_, SIGKILL);  // helpers that outlived the browser, if any
  }
  close(from_);
  from_ = -1;
  pid_ = -1;
}

std::string Chromium::log_tail() const {
  std::ifstream in(log_file_);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  if (s.size() > 600) s = "..." + s.substr(s.size() - 600);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

}  // namespace genokit::view::detail
