// libFuzzer target for the f4 converter and its raw operators: any bytes convert without crashing,
// hanging or reading out of bounds; a valid model survives the f0 text round trip; mutation,
// crossover and repair run on any input (fuzz/encoding_check.hpp).
#include "encoding_check.hpp"
#include "genokit/f4/convert.hpp"
#include "genokit/f4/operators.hpp"

namespace {
struct Encoding {
  using Options = genokit::f4::ConvertOptions;
  static constexpr auto convert = genokit::f4::convert;
  static constexpr auto check = genokit::f4::check;
  static constexpr auto check_validity = genokit::f4::check_validity;
  static constexpr auto operator_table = genokit::f4::operator_table;
  static constexpr auto mutate = genokit::f4::mutate;
  static constexpr auto crossover = genokit::f4::crossover;
  static constexpr auto repair = genokit::f4::repair;
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return genokit::fuzz::run_encoding<Encoding>(data, size);
}
