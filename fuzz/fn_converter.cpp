// libFuzzer target for the fn converter and its raw operators: any bytes convert without crashing,
// hanging or reading out of bounds; a valid model survives the f0 text round trip; mutation,
// crossover and repair run on any input (fuzz/encoding_check.hpp).
#include "encoding_check.hpp"
#include "genokit/fn/convert.hpp"
#include "genokit/fn/operators.hpp"

namespace {
struct Encoding {
  using Options = genokit::fn::ConvertOptions;
  static constexpr auto convert = genokit::fn::convert;
  static constexpr auto check = genokit::fn::check;
  static constexpr auto check_validity = genokit::fn::check_validity;
  static constexpr auto operator_table = genokit::fn::operator_table;
  static constexpr auto mutate = genokit::fn::mutate;
  static constexpr auto crossover = genokit::fn::crossover;
  static constexpr auto repair = genokit::fn::repair;
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return genokit::fuzz::run_encoding<Encoding>(data, size);
}
