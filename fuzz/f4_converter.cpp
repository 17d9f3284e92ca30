// libFuzzer target for the f4 converter and its raw operators: any bytes convert without crashing,
// hanging or reading out of bounds; a valid model survives the f0 text round trip; mutation,
// crossover and repair run on any input (fuzz/encoding_check.hpp).
#include "encoding_check.hpp"
#include "genokit/f4/convert.hpp"
#include "genokit/f4/operators.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace genokit;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Diagnostics d;
  f4::ConvertOptions opt;
  opt.mapping = size % 2 == 0;
  opt.strict = size % 3 == 0;
  const auto c = f4::convert(text, d, opt);
  fuzz::check_map(c.map, size);
  fuzz::check_model(c.model);
  Diagnostics v;
  if (f4::check(text, v) != (f4::check_validity(text) == 0)) std::abort();
  if (size < 4096)  // (the operators on the genes; a header is just more genes to them)
    fuzz::run_operators(text, f4::operator_table(), size, f4::mutate, f4::crossover, f4::repair);
  return 0;
}
