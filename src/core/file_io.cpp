#include "genokit/core/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace genokit {
namespace {

std::string errno_text() {
  return std::strerror(errno);
}

bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

bool read_all(int fd, std::string& out) {
  out.clear();
  std::size_t have = 0;
  struct stat st {};
  // A regular file is read straight into the string (no second copy through a buffer); anything
  // else, or a file that grows meanwhile, through a small probe buffer into a string that grows
  // geometrically.
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    out.resize(static_cast<std::size_t>(st.st_size));
  for (;;) {
    ssize_t n;
    if (have == out.size()) {
      // Full (a regular file: read to its size): look for more through a small buffer, so the end
      // of the file does not cost growing, and copying, the whole string.
      char probe[4096];
      n = ::read(fd, probe, sizeof probe);
      if (n > 0) {
        out.append(probe, static_cast<std::size_t>(n));
        out.resize(out.capacity());  // the room the append made is read into directly
      }
    } else {
      n = ::read(fd, out.data() + have, out.size() - have);
    }
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (n == 0) break;
    have += static_cast<std::size_t>(n);
  }
  out.resize(have);
  return true;
}

}  // namespace

std::string display_name(const std::string& path) {
  return path == "-" ? "<stdin>" : path;
}

std::optional<std::string> read_file(const std::string& path, Diagnostics& diags) {
  std::string out;
  if (path == "-") {
    if (!read_all(STDIN_FILENO, out)) {
      diags.error("core.read-failed", "cannot read standard input: " + errno_text(), {"<stdin>"});
      return std::nullopt;
    }
    return out;
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    diags.error("core.read-failed", "cannot open file: " + errno_text(), {path});
    return std::nullopt;
  }
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    diags.error("core.read-failed", "is a directory, not a file", {path});
    return std::nullopt;
  }
  bool ok = read_all(fd, out);
  int saved = errno;
  ::close(fd);
  if (!ok) {
    errno = saved;
    diags.error("core.read-failed", "cannot read file: " + errno_text(), {path});
    return std::nullopt;
  }
  return out;
}

bool write_file_atomic(const std::string& path, std::string_view data, Diagnostics& diags) {
  if (path == "-") {
    std::cout.flush();
    if (!write_all(STDOUT_FILENO, data)) {
      diags.error("core.write-failed", "cannot write standard output: " + errno_text(), {"<stdout>"});
      return false;
    }
    return true;
  }
  std::string tmp = path + ".genokit-XXXXXX";
  int fd = ::mkstemp(tmp.data());
  if (fd < 0) {
    diags.error("core.write-failed", "cannot create a temporary file beside the output: " + errno_text(),
                {path});
    return false;
  }
  // Keep the permissions of the file we replace; new files get 0666 & ~umask like fopen would.
  struct stat st {};
  mode_t mode;
  if (::stat(path.c_str(), &st) == 0) {
    mode = st.st_mode & 07777;
  } else {
    mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  ::fchmod(fd, mode);
  bool ok = write_all(fd, data) && ::fsync(fd) == 0;
  int saved = errno;
  ok = (::close(fd) == 0) && ok;
  if (ok && ::rename(tmp.c_str(), path.c_str()) != 0) {
    saved = errno;
    ok = false;
  }
  if (!ok) {
    ::unlink(tmp.c_str());
    errno = saved;
    diags.error("core.write-failed", "cannot write file (left unchanged): " + errno_text(), {path});
  }
  return ok;
}

}  // namespace genokit
