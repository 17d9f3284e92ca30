// libFuzzer target for the fB converter (and, on valid genotypes, its operators): any bytes after
// a "//B" header must convert without crashing, hanging or reading out of bounds
// (fuzz/fhbl_check.hpp says what else must hold).
#include <cstdint>
#include <string>

#include "fhbl_check.hpp"
#include "genokit/fB/convert.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = "//B\n" + std::string(reinterpret_cast<const char*>(data), size);
  genokit::Diagnostics d;
  genokit::fB::ConvertOptions opt;
  opt.mapping = size % 2 == 0;
  opt.strict = size % 3 == 0;
  fuzz_fhbl::check(genokit::fB::convert(text, d, opt), text);
  fuzz_fhbl::operate(text, size);
  return 0;
}
