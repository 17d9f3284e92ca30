// Every fH reference case of oracle-sdk-r909/encodings against the SDK r909 dumps.
#include "fH/oracle_cases.hpp"
#include "genokit/fH/convert.hpp"

using namespace genokit;

TEST(FHOracle, ReferenceCases) {
  GENOKIT_REQUIRE_CORPUS();
  enc_test::check_reference_cases("fH", ".fH", 16, [](const std::string& text) {
    Diagnostics d;
    return fH::convert(text, d);
  });
}
