// File input and safe output. "-" means standard input / standard output.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"

namespace genokit {

// The whole file (or stdin for "-"). On failure reports core.read-failed and returns std::nullopt.
std::optional<std::string> read_file(const std::string& path, Diagnostics& diags);

// Immutable bytes that copies share: a string moved in, or a read-only mapping of a file
// (read_bytes). The bytes stay at one address while any copy lives, and the byte after the last
// one reads as '\0', as after std::string::data().
class Bytes {
 public:
  Bytes() = default;
  explicit Bytes(std::string s);
  std::string_view view() const { return view_; }
  operator std::string_view() const { return view_; }
  const char* data() const { return view_.data(); }
  std::size_t size() const { return view_.size(); }
  bool empty() const { return view_.empty(); }
  bool mapped() const;  // a file mapping (else a string)

  struct Storage;  // defined in file_io.cpp

 private:
  explicit Bytes(std::shared_ptr<const Storage> s);
  std::shared_ptr<const Storage> storage_;
  std::string_view view_{""};  // never a null pointer
  friend std::optional<Bytes> read_bytes(const std::string& path, Diagnostics& diags);
};

// read_file() without a copy: a large regular file is mapped (no byte copied, pages read only when
// touched), anything else is read. Reports and returns as read_file() does. Changing the file while
// its mapping is held shows the change, and truncating it ends the process (SIGBUS), as for every
// mapped file; genokit reads its inputs once and then drops them.
std::optional<Bytes> read_bytes(const std::string& path, Diagnostics& diags);

// Writes `data` to `path` atomically: a temporary file in the same folder is written, flushed and
// renamed over the target, so the target is either the old or the new content, never a mix. The
// mode of an existing target is kept. "-" writes to stdout. On failure reports core.write-failed,
// removes the temporary file and returns false.
bool write_file_atomic(const std::string& path, std::string_view data, Diagnostics& diags);

// The name to show for a path in messages ("<stdin>" for "-").
std::string display_name(const std::string& path);

}  // namespace genokit
