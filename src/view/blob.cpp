#include "view/blob.hpp"

#include <zlib.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace genokit::view::detail {

namespace {
constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::uint32_t bits(float f) {
  return std::bit_cast<std::uint32_t>(f);
}
}  // namespace

std::string base64_encode(std::string_view in) {
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  std::size_t i = 0;
  auto byte = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(in[k])); };
  for (; i + 3 <= in.size(); i += 3) {
    std::uint32_t v = byte(i) << 16 | byte(i + 1) << 8 | byte(i + 2);
    out += kAlphabet[v >> 18];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
    out += kAlphabet[v & 63];
  }
  if (std::size_t rest = in.size() - i) {
    std::uint32_t v = byte(i) << 16 | (rest == 2 ? byte(i + 1) << 8 : 0);
    out += kAlphabet[v >> 18];
    out += kAlphabet[(v >> 12) & 63];
    out += rest == 2 ? kAlphabet[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::optional<std::string> base64_decode(std::string_view in) {
  static const std::array<signed char, 256> table = [] {
    std::array<signed char, 256> t{};
    t.fill(-1);
    for (int k = 0; k < 64; ++k) t[static_cast<unsigned char>(kAlphabet[k])] = static_cast<signed char>(k);
    return t;
  }();
  while (!in.empty() && in.back() == '=') in.remove_suffix(1);
  if (in.size() % 4 == 1) return std::nullopt;
  std::string out;
  out.reserve(in.size() / 4 * 3 + 2);
  std::uint32_t acc = 0;
  int n = 0;
  for (char c : in) {
    int v = table[static_cast<unsigned char>(c)];
    if (v < 0) return std::nullopt;
    acc = acc << 6 | static_cast<std::uint32_t>(v);
    if (++n == 4) {
      out += static_cast<char>(acc >> 16);
      out += static_cast<char>((acc >> 8) & 255);
      out += static_cast<char>(acc & 255);
      acc = 0;
      n = 0;
    }
  }
  if (n == 2) out += static_cast<char>(acc >> 4);
  if (n == 3) {
    out += static_cast<char>(acc >> 10);
    out += static_cast<char>((acc >> 2) & 255);
  }
  return out;
}

std::string encode_rows(const std::vector<float>& values, std::size_t cols, bool compress) {
  const std::size_t n = values.size();
  std::string raw(4 * n, '\0');
  if (!compress) {
    for (std::size_t i = 0; i < n; ++i) {
      std::uint32_t w = bits(values[i]);
      for (int b = 0; b < 4; ++b)
        raw[4 * i + static_cast<std::size_t>(b)] = static_cast<char>((w >> (8 * b)) & 255);
    }
    return raw;
  }
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t w = bits(values[i]);
    if (cols && i >= cols) w ^= bits(values[i - cols]);
    for (std::size_t b = 0; b < 4; ++b) raw[b * n + i] = static_cast<char>((w >> (8 * b)) & 255);
  }
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::string out(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(raw.data()),
                static_cast<uLong>(raw.size()), 6) != Z_OK)
    return {};
  out.resize(size);
  return out;
}

std::optional<std::vector<float>> decode_rows(std::string_view bytes, std::size_t count, std::size_t cols,
                                              bool compressed) {
  std::string raw;
  if (compressed) {
    raw.assign(4 * count, '\0');
    uLongf size = static_cast<uLongf>(raw.size());
    if (uncompress(reinterpret_cast<Bytef*>(raw.data()), &size, reinterpret_cast<const Bytef*>(bytes.data()),
                   static_cast<uLong>(bytes.size())) != Z_OK ||
        size != raw.size())
      return std::nullopt;
  } else {
    if (bytes.size() != 4 * count) return std::nullopt;
    raw.assign(bytes);
  }
  std::vector<float> out(count);
  std::vector<std::uint32_t> words(count);
  for (std::size_t i = 0; i < count; ++i) {
    std::uint32_t w = 0;
    for (std::size_t b = 0; b < 4; ++b) {
      const std::size_t at = compressed ? b * count + i : 4 * i + b;
      w |= static_cast<std::uint32_t>(static_cast<unsigned char>(raw[at])) << (8 * b);
    }
    if (compressed && cols && i >= cols) w ^= words[i - cols];
    words[i] = w;
    out[i] = std::bit_cast<float>(w);
  }
  return out;
}

}  // namespace genokit::view::detail
