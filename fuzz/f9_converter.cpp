// libFuzzer target for the f9 converter and its raw operators: any bytes convert without crashing,
// hanging or reading out of bounds; a valid model survives the f0 text round trip; mutation,
// crossover and repair run on any input (fuzz/encoding_check.hpp).
#include "encoding_check.hpp"
#include "genokit/f9/convert.hpp"
#include "genokit/f9/operators.hpp"

namespace {
struct Encoding {
  using Options = genokit::f9::ConvertOptions;
  static constexpr auto convert = genokit::f9::convert;
  static constexpr auto check = genokit::f9::check;
  static constexpr auto check_validity = genokit::f9::check_validity;
  static constexpr auto operator_table = genokit::f9::operator_table;
  static constexpr auto mutate = genokit::f9::mutate;
  static constexpr auto crossover = genokit::f9::crossover;
  static constexpr auto repair = genokit::f9::repair;
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return genokit::fuzz::run_encoding<Encoding>(data, size);
}
