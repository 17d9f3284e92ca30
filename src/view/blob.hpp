// The compact encoding of frame data in a page and base64 (internal to the view module).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace genokit::view::detail {

std::string base64_encode(std::string_view bytes);
// std::nullopt for a character outside the alphabet or a bad length (padding optional).
std::optional<std::string> base64_decode(std::string_view text);

// Float32 rows of `cols` values: with `compress`, each row XOR-ed with the previous one (bit
// patterns), the four byte planes one after the other, then deflated (zlib stream); else the plain
// little-endian bytes. The page's decode.js undoes it (lossless).
std::string encode_rows(const std::vector<float>& values, std::size_t cols, bool compress);
// The inverse (for tests): std::nullopt when the bytes do not decode to values.size() floats.
std::optional<std::vector<float>> decode_rows(std::string_view bytes, std::size_t count, std::size_t cols,
                                              bool compressed);

}  // namespace genokit::view::detail
