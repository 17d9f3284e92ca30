#include "genokit/core/file_io.hpp"

#include <fcntl.h>
#include <sys/mman.h>
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

namespace {

// Opens `path` for reading: the descriptor (stat in `st`), or -1 with the diagnostic reported.
int open_input(const std::string& path, struct stat& st, Diagnostics& diags) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    diags.error("core.read-failed", "cannot open file: " + errno_text(), {path});
    return -1;
  }
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    diags.error("core.read-failed", "is a directory, not a file", {path});
    return -1;
  }
  return fd;
}

// read_all() of an open descriptor, reported as read_file() reports it; closes `fd`.
std::optional<std::string> read_and_close(int fd, const std::string& path, Diagnostics& diags) {
  std::string out;
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

// Files from this size on are mapped: below it a read is cheaper than setting up a mapping.
constexpr std::size_t kMapFrom = 256 * 1024;

}  // namespace

std::optional<std::string> read_file(const std::string& path, Diagnostics& diags) {
  if (path == "-") {
    std::string out;
    if (!read_all(STDIN_FILENO, out)) {
      diags.error("core.read-failed", "cannot read standard input: " + errno_text(), {"<stdin>"});
      return std::nullopt;
    }
    return out;
  }
  struct stat st {};
  const int fd = open_input(path, st, diags);
  if (fd < 0) return std::nullopt;
  return read_and_close(fd, path, diags);
}

// A string, or a file mapping followed by at least one zero byte: the mapping reserves one byte
// more than the file, and the file's last page is zero-filled past its end or, when the file ends
// on a page boundary, followed by an anonymous zero page.
struct Bytes::Storage {
  std::string text;
  std::string_view view;  // text, or the mapped file
  void* map = nullptr;
  std::size_t map_size = 0;
  Storage() = default;
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;
  ~Storage() {
    if (map) ::munmap(map, map_size);
  }
};

Bytes::Bytes(std::string s) {
  auto st = std::make_shared<Storage>();
  st->text = std::move(s);
  st->view = st->text;
  view_ = st->view;
  storage_ = std::move(st);
}

Bytes::Bytes(std::shared_ptr<const Storage> s) : storage_(std::move(s)), view_(storage_->view) {}

bool Bytes::mapped() const {
  return storage_ && storage_->map;
}

std::optional<Bytes> read_bytes(const std::string& path, Diagnostics& diags) {
  if (path == "-") {
    std::optional<std::string> s = read_file(path, diags);
    if (!s) return std::nullopt;
    return Bytes(std::move(*s));
  }
  struct stat st {};
  const int fd = open_input(path, st, diags);
  if (fd < 0) return std::nullopt;
  const auto size = static_cast<std::size_t>(st.st_size);
  if (S_ISREG(st.st_mode) && size >= kMapFrom) {
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const std::size_t span = (size + 1 + page - 1) / page * page;
    void* area = ::mmap(nullptr, span, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (area != MAP_FAILED) {
      if (::mmap(area, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) != MAP_FAILED) {
        ::close(fd);
        auto s = std::make_shared<Bytes::Storage>();
        s->map = area;
        s->map_size = span;
        s->view = std::string_view(static_cast<const char*>(area), size);
        return Bytes(std::move(s));
      }
      ::munmap(area, span);
    }
  }
  std::optional<std::string> s = read_and_close(fd, path, diags);
  if (!s) return std::nullopt;
  return Bytes(std::move(*s));
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
