// Internal: one string from pieces (texts, characters and integers), allocated once. Messages
// built with `a + b + c` allocate and copy at each step; a file's lint warnings build thousands.
#pragma once

#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

namespace genokit::detail {

template <class T>
std::size_t piece_size(const T& p) {
  if constexpr (std::is_same_v<T, char>)
    return 1;
  else if constexpr (std::is_integral_v<T>)
    return 20;  // (at most: a 64-bit integer with its sign)
  else
    return std::string_view(p).size();
}

template <class T>
void append_piece(std::string& out, const T& p) {
  if constexpr (std::is_same_v<T, char>) {
    out += p;
  } else if constexpr (std::is_integral_v<T>) {
    char buf[24];
    out.append(buf, std::to_chars(buf, buf + sizeof buf, p).ptr);
  } else {
    out.append(std::string_view(p));
  }
}

template <class... Pieces>
std::string concat(const Pieces&... pieces) {
  std::string out;
  out.reserve((piece_size(pieces) + ...));
  (append_piece(out, pieces), ...);
  return out;
}

}  // namespace genokit::detail
