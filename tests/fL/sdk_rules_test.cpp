// fL rules found by differential testing against the SDK r909 oracle (tools/sdk-r909); every
// expectation is the oracle's.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "genokit/fL/convert.hpp"

using namespace genokit;

// A formula variable whose index is not a 32-bit integer to the SDK ("$x1", "$1.5", "$",
// "$7777777771") makes it log "Getting integer value from null" before "Invalid variable"; an
// integer index out of range or followed by junk ("$9", "$1x", "$1e") does not.
TEST(FLSdkRules, AVariableIndexThatIsNoIntegerIsNull) {
  const std::string null_msg = "[ERROR] ExtValue.getInt: Getting integer value from null";
  for (const auto& [var, null_first] : std::vector<std::pair<std::string, bool>>{{"$$", true},
                                                                                 {"$", true},
                                                                                 {"$x1", true},
                                                                                 {"$_", true},
                                                                                 {"$.5", true},
                                                                                 {"$1.5", true},
                                                                                 {"$1e3", true},
                                                                                 {"$1.", true},
                                                                                 {"$7777777771", true},
                                                                                 {"$2147483648", true},
                                                                                 {"$2147483647", false},
                                                                                 {"$1e", false},
                                                                                 {"$1x", false},
                                                                                 {"$ 1", false},
                                                                                 {"$9", false}}) {
    const std::string g = "//L\nw:name=A,npar=1\ni:axiom=A(1)\nr:pred=A,cond=" + var + "<1";
    SCOPED_TRACE(g);
    Diagnostics d;
    const fL::Conversion r = fL::convert(g, d);
    std::vector<std::string> want;
    if (null_first) want.push_back(null_msg);
    want.push_back("[ERROR] MathEvaluation.convertString: Evaluation error: Invalid variable '" +
                   var.substr(1) + "<1'");
    want.push_back("[ERROR] fL_Rule.processDefinition: Parametric condition of rule invalid:  " + var + "<1");
    EXPECT_EQ(r.sdk_messages, want);
  }
}

// A '$' at the end of a formula reads no index: no null message.
TEST(FLSdkRules, ADollarAtTheEndReadsNoIndex) {
  Diagnostics d;
  const fL::Conversion r = fL::convert("//L\ni:S($)", d);
  EXPECT_EQ(r.sdk_messages,
            (std::vector<std::string>{
                "[WARN] Param.loadSingleLine: Missing property name in 'i' (assuming 'axiom')",
                "[ERROR] MathEvaluation.convertString: Evaluation error: Invalid variable ''",
                "[ERROR] fL_Builder.createWord: Word in sequence has invalid parameter:  $",
                "[ERROR] fL_Builder.tokenize: Error during parsing words sequence:  S($)",
                "[ERROR] fL_Builder.processDefinition: Unable to process axiom sequence"}));
}
