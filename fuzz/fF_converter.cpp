// libFuzzer target for the fF converter and its raw operators: any bytes convert without crashing,
// hanging or reading out of bounds; a valid model survives the f0 text round trip; mutation,
// crossover and repair run on any input (fuzz/encoding_check.hpp).
#include "encoding_check.hpp"
#include "genokit/fF/convert.hpp"
#include "genokit/fF/operators.hpp"

namespace {
struct Encoding {
  using Options = genokit::fF::ConvertOptions;
  static constexpr auto convert = genokit::fF::convert;
  static constexpr auto check = genokit::fF::check;
  static constexpr auto check_validity = genokit::fF::check_validity;
  static constexpr auto operator_table = genokit::fF::operator_table;
  static constexpr auto mutate = genokit::fF::mutate;
  static constexpr auto crossover = genokit::fF::crossover;
  static constexpr auto repair = genokit::fF::repair;
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return genokit::fuzz::run_encoding<Encoding>(data, size);
}
