// The built-in encodings of the door, one function per encoding file (f0_encoding.cpp, ...).
#pragma once

#include <cstddef>

#include "genokit/genotype/encoding.hpp"

namespace genokit::genotype::detail {

Encoding f0_encoding();
Encoding f1_encoding();
Encoding f4_encoding();
Encoding f9_encoding();
Encoding fB_encoding();
Encoding fF_encoding();
Encoding fH_encoding();
Encoding fL_encoding();
Encoding fn_encoding();

// f1's strict genetic validity (f1_strict.cpp).
bool f1_check_strict(std::string_view text, Diagnostics& diags);

// The encoding `id` (empty: a malformed header), or nullptr after reporting genotype.bad-header /
// genotype.unsupported-encoding at `where`.
const Encoding* find_or_report(std::string_view id, Diagnostics& diags, Location where);

// Room in the registry: entries never move (find_encoding's pointers stay valid).
inline constexpr std::size_t kMaxEncodings = 64;

// Registers an encoding for the lifetime of the object (tests: a fake encoding exercising the
// operator wrapper). Not thread-safe: make it before any thread reads the registry. Does nothing
// when the id is taken or the registry is full. Scopes must end in reverse order.
class ScopedEncoding {
 public:
  explicit ScopedEncoding(Encoding e);
  ~ScopedEncoding();
  ScopedEncoding(const ScopedEncoding&) = delete;
  ScopedEncoding& operator=(const ScopedEncoding&) = delete;
  bool added() const { return added_; }

 private:
  bool added_ = false;
};

}  // namespace genokit::genotype::detail
