// A headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe: the
// browser reads commands from fd 3 and writes replies to fd 4, each a JSON text ended by '\0').
// Internal to the view module; POSIX only.
#pragma once

#include <sys/types.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace genokit::view::detail {

class Chromium {
 public:
  Chromium() = default;
  Chromium(const Chromium&) = delete;
  Chromium& operator=(const Chromium&) = delete;
  ~Chromium();

  // Starts `program` headless with a fresh profile in `profile_dir` and a window of the given size.
  // False (with `error`) when it cannot be started.
  bool start(const std::string& program, const std::string& profile_dir, int width, int height,
             const std::vector<std::string>& extra_args, std::string& error);
  // One command; the reply's "result", or std::nullopt (with `error`) on a protocol error, when the
  // browser is gone, or after `timeout` seconds.
  std::optional<nlohmann::json> call(const std::string& method, const nlohmann::json& params,
                                     const std::string& session, double timeout, std::string& error);
  // Closes the browser (politely, then by force) and waits for it.
  void stop();
  // What the browser wrote on stderr (its last lines), for error messages.
  std::string log_tail() const;

 private:
  bool send(const std::string& text, std::string& error);
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  int next_id_ = 1;
  std::string buffer_, log_file_;
};

}  // namespace genokit::view::detail
