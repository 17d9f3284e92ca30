// libFuzzer target for the fn converter and its raw operators: any bytes convert without crashing,
// hanging or reading out of bounds; a valid model survives the f0 text round trip; mutation,
// crossover and repair run on any input (fuzz/encoding_check.hpp).
#include "encoding_check.hpp"
#include "genokit/fn/convert.hpp"
#include "genokit/fn/operators.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace genokit;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Diagnostics d;
  fn::ConvertOptions opt;
  opt.strict = size % 3 == 0;
  const auto c = fn::convert(text, d, opt);
  fuzz::check_model(c.model);
  Diagnostics v;
  if (fn::check(text, v) != (fn::check_validity(text) == 0)) std::abort();
  if (size < 4096)  // (the operators on the genes; a header is just more genes to them)
    fuzz::run_operators(text, fn::operator_table(), size, fn::mutate, fn::crossover, fn::repair);
  return 0;
}
