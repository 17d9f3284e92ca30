// The f1 converter uses the SDK's number and parameter rules (frams::sdk, tested once in
// tests/frams/): one case per kind of bracket where genokit and SDK r909 differed before those
// rules had one home (issue #26's `X[@,p:0m846]X` first). Every expectation (the bracket neuron's
// details and the SDK's log lines) is the SDK's (tools/sdk-r909 oracle).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "genokit/f1/convert.hpp"

using namespace genokit;

namespace {

struct Case {
  const char* genotype;
  const char* details;                // of the first neuron
  std::vector<std::string> messages;  // the SDK's log lines
};

void check(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    SCOPED_TRACE(c.genotype);
    Diagnostics d;
    f1::ConvertOptions opt;
    opt.lint = false;
    const f1::Conversion r = f1::convert(c.genotype, d, opt);
    ASSERT_TRUE(r.model.valid);
    ASSERT_FALSE(r.model.neurons.empty());
    EXPECT_EQ(r.model.neurons[0].details, c.details);
    EXPECT_EQ(r.sdk_messages, c.messages);
  }
}

const std::string kOverflowMax =
    "[ERROR] ExtValue.getInt: Overflow when converting floating point value to integer; using maximal "
    "allowed integer '2147483647' instead of ";

}  // namespace

// A named parameter is set from its text as Param::set does: a text that is not a number gives the
// parameter its default ("X[@,p:0m846]X" has p = 1, the default, not the muscle power 0.25).
TEST(F1SdkRules, UnreadableParameterGetsItsDefault) {
  check({
      {"X[@,p:0m846]X", "@", {"[ERROR] ExtValue.parseDouble: Could not parse '0m846'"}},
      {"X[N,in:0.5,in:abc]", "N", {"[ERROR] ExtValue.parseDouble: Could not parse 'abc'"}},
      {"X[N,in:0.5 ]", "N", {"[ERROR] ExtValue.parseDouble: Could not parse '0.5 '"}},
      {"X[N,in:1e-310]", "N", {"[ERROR] ExtValue.parseDouble: Could not parse '1e-310'"}},
      {"X[ChSel,ch:2,ch:abc]", "ChSel", {"[ERROR] ExtValue.parseInt: Could not parse 'abc'"}},
  });
}

// Integer parameters read non-strictly: any number, converted by getInt; a text that is not a
// number gives 0, not the default (Fuzzy's nr and ns default to 1).
TEST(F1SdkRules, IntegerParametersReadAnyNumber) {
  check({
      {"X[Fuzzy,nr:abc]", "Fuzzy:nr=0", {"[ERROR] ExtValue.parseInt: Could not parse 'abc'"}},
      {"X[Fuzzy,nr:]", "Fuzzy:nr=0", {"[ERROR] ExtValue.parseInt: Could not parse ''"}},
      {"X[Fuzzy,ns: ]", "Fuzzy:ns=0", {"[ERROR] ExtValue.parseInt: Could not parse ' '"}},
      {"X[Fuzzy,nr:5,nr:0x]", "Fuzzy:nr=0", {"[ERROR] ExtValue.parseInt: Could not parse '0x'"}},
      {"X[ChSel,ch:1.5]", "ChSel:ch=1", {}},
      {"X[ChSel,ch:1e3]", "ChSel:ch=1000", {}},
      {"X[ChSel,ch:0x80000000]", "ChSel:ch=-2147483648", {}},
      {"X[ChSel,ch:nan]", "ChSel:ch=-2147483648", {}},
      {"X[ChSel,ch:3000000000]", "ChSel:ch=2147483647", {kOverflowMax + "'3000000000.0'"}},
      {"X[Fuzzy,ns:99999999999,nr:2]", "Fuzzy:ns=2147483647, nr=2", {kOverflowMax + "'99999999999.0'"}},
  });
}

// The parameter table is the class current at the bracket's first set: parameters given before the
// class token are N's, and so are all later sets.
TEST(F1SdkRules, ParametersBeforeTheClassKeepClassNsTable) {
  check({
      {"X[!:0.5,|]", "|:fo=0.5", {}},
      {"MX[!:0.5,|]", "|:fo=0.5", {}},
      {"X[!:0.5,|,p:0.3]", "|:fo=0.5", {}},
      {"X[!:0.5,|,fo:0.3]", "|:fo=0.3", {}},
      // Any parameter set fixes the table, one the class lacks too (a name ending with a blank).
      {"X[o :,t,in:4]",
       "t:in=1.0",
       {"[WARN] Param.set: Setting N.in = '4.0' exceeded allowed range (too big). Adjusted to '1.0'."}},
      {"X[j :,0,=:]", "0:in=0.0", {"[ERROR] ExtValue.parseDouble: Could not parse ''"}},
      {"X[!:0.5,Nu,in:0.3]", "Nu:in=0.3, fo=0.5", {}},
      {"X[!:abc,|]", "|:fo=0.0", {"[ERROR] ExtValue.parseDouble: Could not parse 'abc'"}},
      {"X[!:0.5,|,!:5000]",
       "|:fo=999.0",
       {"[WARN] Param.set: Setting N.fo = '5000.0' exceeded allowed range (too big). Adjusted to '999.0'."}},
  });
}

// Unknown classes and names are never parsed (no message).
TEST(F1SdkRules, UnknownParametersAreNotRead) {
  check({
      {"X[Foo,in:abc]", "Foo", {}},
      {"X[N,zz:abc]", "N", {}},
      {"X[!:0.5,|,p:abc]", "|:fo=0.5", {}},
  });
}

TEST(F1SdkRules, TextParametersAndPersistentValues) {
  check({
      {"X[Fuzzy,fs:a b,ns:3]", "Fuzzy:ns=3, fs=\"a b\"", {}},
      {"X[Fuzzy,fs:a,fs:b c]", "Fuzzy:fs=\"b c\"", {}},
      {"X[Fuzzy,fs:a=b]", "Fuzzy:fs=a=b", {}},
      {"X[N,in:nan,fo:0.5]", "N:in=NaN8000000000000.0, fo=0.5", {}},  // values persist between sets
  });
}

// Weights, offsets and `!` values are trimmed of C whitespace (vertical tab included) and read
// with the SDK's rules; offsets beyond 32 bits are clamped by getInt.
TEST(F1SdkRules, WeightsAndOffsets) {
  auto weight = [](const char* g) {
    Diagnostics d;
    return f1::to_f0(g, d).connections.at(0).weight;
  };
  EXPECT_EQ(weight("X[N,0:\v2]"), 2.0);
  EXPECT_EQ(weight("X[N,0:2\v]"), 2.0);
  EXPECT_EQ(weight("X[N,0:1e-310]"), 0.0);
  check({
      {"X[N,!:\v0.5\v]", "N:fo=0.5", {}},
      {"X[N,0\v:1]", "N", {}},
      {"X[|\v,r:1,p:0.25]", "|", {}},  // (a class token, not an old-style muscle)
      {"X[N,99999999999:1]",
       "N",
       {kOverflowMax + "'99999999999.0'",
        "[WARN] GenoConvF1.addInput: illegal neuron connection 0 <- 2147483647 (ignored)"}},
      {"X[N,-nan:1]",
       "N",
       {"[WARN] GenoConvF1.addInput: illegal neuron connection 0 <- -2147483648 (ignored)"}},
  });
  Diagnostics d;
  EXPECT_EQ(f1::to_f0("X[>N: 2 ]", d).neurons.at(1).details, "N: ");  // the class is as long as " 2 "
}

// An output token `>Name:w` (also `>:w`) gets the muscle's parameters when the name's first character is `|`
// or
// `@`, whatever follows (the class itself is as long as the weight text).
TEST(F1SdkRules, OutputMuscleParametersFollowTheFirstCharacter) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"X[>|x:1]", "|:p=0.25,r=1"},
      {"X[>|x:12]", "|x:p=0.25,r=1"},
      {"X[>|x:123]", "|x::p=0.25,r=1"},
      {"X[>@x:1]", "@:p=0.25"},
      {"X[>@x:12]", "@x:p=0.25"},
      {"X[>x|:12]", "x|"},
      {"X[>|:1>T:2]", "|:p=0.25,r=1"},
      {"X[>||:12]", "||:p=0.25,r=1"},
      {"X[>| :12]", "| :p=0.25,r=1"},
      {"X[> @:1]", " "},
      // No name: the class is still as long as the weight text, from the ':' on.
      {"X[>:1]", "N"},
      {"X[>:12]", "N:1"},
      {"X[>: 1]", "N: "},
      {"X[>:]", "N"},
  };
  for (const auto& [g, details] : cases) {
    SCOPED_TRACE(g);
    Diagnostics d;
    const f0::Model m = f1::to_f0(g, d);
    ASSERT_TRUE(m.valid);
    EXPECT_EQ(m.neurons.at(1).details, details);
  }
}

// A value equal to the current one changes nothing (Param.set): -0 survives a later 0, also when
// the 0 comes from clamping or from a number that cannot be read, and the message names -0.
TEST(F1SdkRules, AnEqualValueKeepsTheCurrentOne) {
  check({
      {"X[N,in:-0,in:0]", "N:in=-0.0", {}},
      {"X[N,in:-0,=:0]", "N:in=-0.0", {}},
      {"X[N,in:0,in:-0]", "N:in=0.0", {}},
      {"X[/:-0,/:0]", "N:si=-0.0", {}},
      {"X[/:-0,/:abc]", "N:si=-0.0", {"[ERROR] ExtValue.parseDouble: Could not parse 'abc'"}},
      {"X[/:5,/:abc]", "N:si=0.0", {"[ERROR] ExtValue.parseDouble: Could not parse 'abc'"}},
      {"X[N,in:-0,in:-1]",
       "N:in=-0.0",
       {"[WARN] Param.set: Setting N.in = '-1.0' exceeded allowed range (too small). Adjusted to '-0.0'."}},
      {"X[N,fo:-0,fo:-5]",
       "N:fo=-0.0",
       {"[WARN] Param.set: Setting N.fo = '-5.0' exceeded allowed range (too small). Adjusted to '-0.0'."}},
      {"X[N,fo:-5]",
       "N:fo=0.0",
       {"[WARN] Param.set: Setting N.fo = '-5.0' exceeded allowed range (too small). Adjusted to '0.0'."}},
  });
}

// A blank token after a ',' is a class token naming no class: the neuron is N and the class and
// parameter tokens after it are ignored (an empty token, or blanks right after '[', are skipped).
TEST(F1SdkRules, ABlankTokenNamesNoClass) {
  check({
      {"X[, ,Ch]", "N", {}},
      {"X[,,Ch]", "Ch", {}},
      {"X[ ,Ch]", "Ch", {}},
      {"X[1:1, ,Ch]", "N", {"[WARN] GenoConvF1.addInput: illegal neuron connection 0 <- 1 (ignored)"}},
      {"X[, ,in:0.5]", "N", {}},
      {"X[, ,!:0.5]", "N", {}},
      {"X[,\t,Ch]", "N", {}},
      {"X[in:0.3, ,Ch]", "N:in=0.3", {}},
      {"X[Ch, ]", "Ch", {}},
  });
  Diagnostics d;
  const f0::Model m = f1::to_f0("X[, ,T:2]", d);  // receptors still count
  ASSERT_EQ(m.neurons.size(), 2u);
  EXPECT_EQ(m.neurons[1].details, "T");
  EXPECT_EQ(m.connections.size(), 1u);
}

// The SDK reads a relative connection's weight before its offset: the messages come in that order.
TEST(F1SdkRules, AConnectionsWeightIsReadBeforeItsOffset) {
  check({
      {"X[-:n]",
       "N",
       {"[ERROR] ExtValue.parseDouble: Could not parse 'n'",
        "[ERROR] ExtValue.parseInt: Could not parse '-'"}},
      {"X[0-:nf]",
       "N",
       {"[ERROR] ExtValue.parseDouble: Could not parse 'nf'",
        "[ERROR] ExtValue.parseInt: Could not parse '0-'"}},
  });
}

// A character that is not f1 ends its segment and fails the genotype, but the SDK still reads the
// other branches (their messages are logged); so does a stray ']' (next test).
TEST(F1SdkRules, AnInvalidCharacterStopsOnlyItsBranch) {
  const std::string big = "[WARN] Param.set: Setting N.in = '";
  const std::string adjusted = ".0' exceeded allowed range (too big). Adjusted to '1.0'.";
  struct Case {
    const char* genotype;
    std::vector<std::string> messages;
  };
  for (const Case& c :
       {Case{"X(Xx[N,in:5],X[N,in:6])", {big + "6" + adjusted}},
        Case{"X(X[N,in:5]x[N,in:6])", {big + "5" + adjusted}}, Case{"Xx(X[N,in:5])", {}},
        Case{"X(X(Xx,X[N,in:5]),X[N,in:6])", {big + "5" + adjusted, big + "6" + adjusted}},
        Case{"X(X[N,in:2],Xx,X[N,in:3])", {big + "2" + adjusted, big + "3" + adjusted}},
        Case{"X(X,X[N,in:2]]X[N,in:3],X[N,in:4])", {big + "2" + adjusted}}, Case{"X(Xx,X[N,9:1])", {}}}) {
    SCOPED_TRACE(c.genotype);
    Diagnostics d;
    const f1::Conversion r = f1::convert(c.genotype, d);
    EXPECT_FALSE(r.model.valid);
    EXPECT_FALSE(r.converted);
    EXPECT_TRUE(r.model.parts.empty());
    EXPECT_EQ(r.sdk_messages, c.messages);
  }
}

// The SDK's error position is in the f0 text its converter wrote, where clamped weights still have
// their given values (9999903.0, one character longer than 999999.0).
TEST(F1SdkRules, ErrorPositionsCountUnclampedWeights) {
  for (const auto& [g, pos] : std::vector<std::pair<const char*, std::int64_t>>{
           {"X[N,0:9999903][N,-1:nan]", 116}, {"X[N,0:-12345678][N,0:7777777,-1:inf]", 136}}) {
    SCOPED_TRACE(g);
    Diagnostics d;
    const f1::Conversion r = f1::convert(g, d);
    EXPECT_FALSE(r.model.valid);
    EXPECT_EQ(r.sdk_error_pos, pos);
    EXPECT_EQ(r.sdk_warn_pos, pos);
  }
}

// ... and the class texts of receptors and outputs as read (">:1" is ":", ">T:11" is "T:", "N::"
// is "N:"), not as its f0 re-parse names them ("N", "T", "N"; an "N" is not written at all).
TEST(F1SdkRules, ErrorPositionsCountNeuronClassesAsRead) {
  for (const auto& [g, pos] : std::vector<std::pair<const char*, std::int64_t>>{{"X[>:nan]", 100},
                                                                                {"X[>T:nan]", 100},
                                                                                {"X[>:1,>T:nan]", 113},
                                                                                {"X[>N:1,>T:nan]", 110},
                                                                                {"X[>:11,>T:nan]", 120},
                                                                                {"X[>T:11,>T:nan]", 120},
                                                                                {"X[N::nan]", 99},
                                                                                // a blank class token: "d="
                                                                                {"X[, ][0:inf]", 102},
                                                                                {"X[,][0:inf]", 98},
                                                                                {"X[in:1, ][0:inf]", 110}}) {
    SCOPED_TRACE(g);
    Diagnostics d;
    const f1::Conversion r = f1::convert(g, d);
    EXPECT_FALSE(r.model.valid);
    EXPECT_EQ(r.sdk_error_pos, pos);
  }
}

// An output whose class the SDK reads as empty (its weight text is empty: ">|:" reads class "")
// but which gets the muscle's parameters is "N:p=...,r=..." in the SDK's converted text, as a blank
// class token with parameters is; without parameters it is empty (issue #26, seed 32).
TEST(F1SdkRules, AnEmptyOutputClassWithParametersIsWrittenN) {
  for (const auto& [g, pos] :
       std::vector<std::pair<const char*, std::int64_t>>{{"X[>T:,>:-21474836]", 123},
                                                         {"X[>@:,>:-21474836]", 131},
                                                         {"X[>|:,>:-21474836]", 137},
                                                         {"X[>|x:,>:-21474836]", 137},
                                                         {"X[>|: ,>:-21474836]", 142},
                                                         {"X[>@:,>@:,>:-21474836]", 156},
                                                         {"X[>|:,>:-2147483649,>@:05]", 153}}) {
    SCOPED_TRACE(g);
    Diagnostics d;
    const f1::Conversion r = f1::convert(g, d);
    EXPECT_TRUE(r.model.valid);
    EXPECT_EQ(r.sdk_warn_pos, pos);
  }
}

// The SDK counts a branch group's branches with '(' and '[' opening and ')' and ']' closing: a
// stray ']' closes the innermost open group (its later ',' belong to the group around it). Reading
// the branch, the ']' ends it like an invalid character: the genotype fails, the other branches
// are still read and log their messages. (Issue #26: `(X[[[)]),[1:`.)
TEST(F1SdkRules, AStrayBracketClosesTheInnermostGroupAndEndsItsBranch) {
  const auto no = [](char c) {
    return "[ERROR] ExtValue.parseDouble: Could not parse '" + std::string(1, c) + "'";
  };
  struct Case {
    const char* genotype;
    std::vector<std::string> messages;
  };
  for (const Case& c :
       {Case{"((X],X[1:a]),X[1:b])", {no('a')}}, Case{"(((X],X[1:a]),X[1:b]),X[1:c])", {no('a'), no('b')}},
        Case{"((X]X[1:d],X[1:a]),X[1:b])", {no('a')}}, Case{"(X],X[1:a])", {}}, Case{"((X]),X[1:a])", {}},
        Case{"(X[[[)]),[1:a]", {no('a')}}}) {
    SCOPED_TRACE(c.genotype);
    Diagnostics d;
    const f1::Conversion r = f1::convert(c.genotype, d);
    EXPECT_FALSE(r.model.valid);
    EXPECT_FALSE(r.converted);
    EXPECT_EQ(r.sdk_messages, c.messages);
    EXPECT_TRUE(std::any_of(d.items().begin(), d.items().end(),
                            [](const Diagnostic& x) { return x.code == "f1.stray-bracket"; }));
  }
}
