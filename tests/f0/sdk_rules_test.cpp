// The f0 parser uses the SDK's number and single-line rules (frams::sdk, tested once in
// tests/frams/): one named test per kind of genotype where genokit and the SDK r909 differed
// before those rules had one home (issue #26's examples first). Every expectation is the SDK's
// (tools/sdk-r909 oracle).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "genokit/f0/parser.hpp"
#include "genokit/f0/writer.hpp"

using namespace genokit;
using namespace genokit::f0;

namespace {

struct Parsed {
  Model model;
  std::vector<std::string> codes;  // every diagnostic code, in order
};

Parsed read(const std::string& body) {
  Diagnostics d;
  ParseOptions opt;
  opt.lint = false;
  Parsed p{parse("//0\n" + body, d, opt), {}};
  for (const auto& x : d.items()) p.codes.push_back(x.code);
  return p;
}
using Codes = std::vector<std::string>;

}  // namespace

// "j:10, =11, stif=0.908": a field starting with '=' has no name, so its value is unnamed.
TEST(F0SdkRules, EmptyPropertyNameIsAnUnnamedValue) {
  const Parsed p = read("p:\np:\nj:0, =1, stif=0.908");
  ASSERT_TRUE(p.model.valid);
  EXPECT_EQ(p.codes, Codes{});
  EXPECT_EQ(p.model.joints[0].p2, 1);
  EXPECT_EQ(p.model.joints[0].stif, 0.908);
  const Parsed c = read("n:\nn:\nn:\nc:1, =2, 4.1177");
  ASSERT_TRUE(c.model.valid);
  EXPECT_EQ(c.model.connections[0].source, 2);
  EXPECT_EQ(c.model.connections[0].weight, 4.1177);
}

// "c:3, 15, 3\"3867": a quote starts the value, whatever stands before it.
TEST(F0SdkRules, QuoteInsideANumber) {
  const Parsed c = read("n:\nn:\nc:0, 1, 3\"3867");
  ASSERT_TRUE(c.model.valid);
  EXPECT_EQ(c.model.connections[0].weight, 3867);
  const Parsed p = read("p:0,0,0,rx=0,0,1.5\"707963267948966");
  ASSERT_TRUE(p.model.valid);
  EXPECT_EQ(p.model.parts[0].rot.z, 707963267948966.0);
}

// "p:-0.0,0.1,1e5300": a number that overflows (or underflows) cannot be read.
TEST(F0SdkRules, OverflowingNumberRejectsTheElement) {
  for (const char* body : {"p:-0.0,0.1,1e5300", "p:1e-310", "p:sh=2147483648"}) {
    const Parsed p = read(body);
    EXPECT_FALSE(p.model.valid) << body;
    EXPECT_TRUE(p.model.parts.empty()) << body;
  }
}

// "n:p=0, =T": the value goes to the next property (j, with a missing-name warning) and is not an
// integer there.
TEST(F0SdkRules, UnnamedValueFailsAsTheNextPropertysInteger) {
  const Parsed p = read("p:\nn:p=0, =T");
  EXPECT_FALSE(p.model.valid);
  EXPECT_EQ(p.codes, (Codes{"f0.missing-name", "f0.bad-integer"}));
}

// After an unknown name the SDK's slot index is -1; an empty field brings it back to 0.
TEST(F0SdkRules, EmptyFieldAfterAnUnknownNameRestartsTheSequence) {
  const Parsed p = read("p:foo=1,,5");
  ASSERT_TRUE(p.model.valid);
  EXPECT_EQ(p.model.parts[0].pos.x, 5);
  EXPECT_EQ(p.codes, Codes{"f0.unknown-property"});
  const Parsed c = read("n:\nc:foo=1,,0,0");  // n1 = n2 = 0
  EXPECT_TRUE(c.model.valid);
  EXPECT_EQ(c.model.connections.size(), 1u);
  const Parsed legacy = read("p:m=5,,7");  // p:m is unknown to the SDK's table too
  EXPECT_EQ(legacy.model.parts[0].pos.x, 7);
  EXPECT_EQ(legacy.codes, Codes{"f0.legacy-property"});
}

TEST(F0SdkRules, NamesAreNotTrimmedAndTextsKeepTheirLeadingBlank) {
  const Parsed p = read("p:x =1, i= ab ");
  EXPECT_EQ(p.model.parts[0].pos.x, 0);
  EXPECT_EQ(p.model.parts[0].info, " ab");
  EXPECT_EQ(p.codes, Codes{"f0.unknown-property"});
}

TEST(F0SdkRules, QuotedTexts) {
  EXPECT_EQ(read("p:i=a\"b\"c").model.parts[0].info, "b");
  EXPECT_EQ(read("p:i=\"a\\qb\"").model.parts[0].info, "aqb");  // an unknown escape keeps the character
  EXPECT_FALSE(read("p:x=\"5 \"").model.valid);                 // no trimming inside quotes
}

TEST(F0SdkRules, HexIntegersWrapTo32Bits) {
  const Parsed p = read("p:sh=0xFFFFFFFF");  // -1, clamped to 0
  ASSERT_TRUE(p.model.valid);
  EXPECT_EQ(p.model.parts[0].sh, 0);
  EXPECT_EQ(p.codes, Codes{"f0.value-clamped"});
  EXPECT_EQ(read("p:sh=-0xFFFFFFFF").model.parts[0].sh, 1);
  EXPECT_EQ(read("p:0x+10").model.parts[0].pos.x, 16);
}

// Read-only slots of n: are found by name and silently not set.
TEST(F0SdkRules, ReadOnlyPropertiesAreIgnoredSilently) {
  const Parsed p = read("n:getInputCount=5");
  EXPECT_TRUE(p.model.valid);
  EXPECT_EQ(p.codes, Codes{});
  // Not the other read-only slots: the SDK reads no value for them.
  EXPECT_TRUE(read("n:getInputNeuroDef=W, getInputWeight=1.5, classObject=x").model.valid);
}

// ... but the integer one (getInputCount) is still read strictly first: a text that is no
// integer rejects the element, by name or as the unnamed value after Vstyle (SDK: "Could not
// parse 'W' (strict)", "Invalid 'n:'").
TEST(F0SdkRules, ReadOnlyIntegerIsStillParsed) {
  for (const char* body : {"p:\nn:p=0, getInputCount=W", "p:\nn:p=0, getInputCount=1.5",
                           "p:\nn:p=0, getInputCount=", "p:\nn:p=0, getInputCount=99999999999"}) {
    const Parsed p = read(body);
    EXPECT_FALSE(p.model.valid) << body;
    EXPECT_EQ(p.codes, Codes{"f0.bad-integer"}) << body;
  }
  const Parsed u = read("p:\nn:p=0, d=N, i=x, V, W");
  EXPECT_FALSE(u.model.valid);
  EXPECT_EQ(u.codes, (Codes{"f0.missing-name", "f0.missing-name", "f0.bad-integer"}));
  const Parsed ok = read("p:\nn:p=0, d=N, i=x, V, 0x5, W");  // W goes to getInputNeuroDef: unread
  ASSERT_TRUE(ok.model.valid);
  EXPECT_EQ(write_body(ok.model), "p:\nn:p=0, i=x, Vstyle=V\n");
}

// The line's trailing CRs are not part of it; a CR inside a field is.
TEST(F0SdkRules, CarriageReturns) {
  EXPECT_EQ(read("p:1\r\n").model.parts[0].pos.x, 1);
  EXPECT_EQ(read("p:1\r\r\n").model.parts[0].pos.x, 1);
  EXPECT_EQ(read("p:i=ab\r\n").model.parts[0].info, "ab");
  EXPECT_EQ(read("p:i=\"a\r\"\r\n").model.parts[0].info, "a\r");
  EXPECT_FALSE(read("p:1\r,2\n").model.valid);
  EXPECT_FALSE(read("p:1\r \n").model.valid);
}

TEST(F0SdkRules, NanKeepsSignAndPayloadInTheText) {
  EXPECT_EQ(write_body(read("p:-nan").model), "p:-NaN8000000000000.0\n");
  EXPECT_EQ(write_body(read("p:nan(123)").model), "p:NaN800000000007b.0\n");
}

// An empty class is N, in the details too ("d=:p=1" is "N:p=1"; "d=" and "d=:" are "N").
TEST(F0SdkRules, EmptyNeuronClassIsN) {
  EXPECT_EQ(write_body(read("n:d=").model), "n:\n");
  EXPECT_EQ(write_body(read("n:d=:").model), "n:\n");
  EXPECT_EQ(write_body(read("n:d=:p=1").model), "n:d=N:p=1\n");
  EXPECT_EQ(read("n:d=\":p=1, r=2\"").model.neurons[0].details, "N:p=1, r=2");
}

// Param.set keeps the current value when the new one is equal (==), so a -0 stays after a later 0
// or a clamp to 0, and the clamp message names the kept value (SDK: "p:fr=-0,fr=-5" is
// "p:fr=-0.0", "Setting p.fr = '-5.0' exceeded allowed range (too small). Adjusted to '-0.0'.").
TEST(F0SdkRules, EqualValueKeepsTheCurrentOne) {
  EXPECT_EQ(write_body(read("p:fr=-0, fr=0").model), "p:fr=-0.0\n");
  Diagnostics d;
  ParseOptions opt;
  opt.lint = false;
  const Model m = parse("//0\np:fr=-0,fr=-5", d, opt);
  EXPECT_EQ(write_body(m), "p:fr=-0.0\n");
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].message,
            "Setting p.fr = '-5.0' exceeded allowed range (too small). Adjusted to '-0.0'.");
  EXPECT_FALSE(std::signbit(read("p:x=-0").model.parts[0].pos.x));  // the default 0 is kept
}

// A later m: line sets only what it names on the one model object (SDK: "m:se=1e16" then
// "m:Vstyle=nan" is written "m:10000000000000000.0, Vstyle=nan").
TEST(F0SdkRules, LaterModelLinesKeepEarlierValues) {
  EXPECT_EQ(write_body(read("m:1e16\np:\nm:Vstyle=nan").model), "m:10000000000000000.0, Vstyle=nan\np:\n");
  EXPECT_EQ(write_body(read("m:Vstyle=x\nm:se=2\np:").model), "m:2.0, Vstyle=x\np:\n");
  EXPECT_EQ(write_body(read("m:-0\np:\nm:").model), "m:-0.0\np:\n");
}

// A number that cannot be read is still set, to 0, before the line fails: visible on the model's
// own m: properties (SDK dump: "m:se=2" then "m:se=x" leaves se = 0; "m:se=x,se=2" leaves 2).
TEST(F0SdkRules, UnreadableModelNumberIsZero) {
  const Parsed a = read("m:se=2\nm:se=x\np:");
  EXPECT_FALSE(a.model.valid);
  EXPECT_EQ(a.model.se, 0);
  EXPECT_EQ(read("m:se=x,se=2\np:").model.se, 2);
  EXPECT_EQ(read("m:se10.3\np:").model.se, 0);
}

// ... except a joint's first dx/dy/dz: the SDK's delta does not start as 0 (j:0,1,dx=-0 is written
// "dx=-0.0"; "dx=-0, dx=0" keeps -0 too).
TEST(F0SdkRules, FirstJointDeltaAlwaysSets) {
  EXPECT_EQ(write_body(read("p:\np:\nj:0, 1, dx=-0").model), "p:\np:\nj:0, 1, dx=-0.0, 0.0, 0.0\n");
  EXPECT_EQ(write_body(read("p:\np:\nj:0, 1, dx=-0, dx=0").model), "p:\np:\nj:0, 1, dx=-0.0, 0.0, 0.0\n");
  EXPECT_EQ(write_body(read("p:\np:\nj:0, 1, dz=-0").model), "p:\np:\nj:0, 1, dx=0.0, 0.0, -0.0\n");
}

// The SDK checks the main model at the first checkpoint: line; a later build error leaves the
// shape type found then (SDK dump: "p:sh=1 / checkpoint: / x" is invalid with shape type solids).
TEST(F0SdkRules, ShapeTypeFromTheFirstCheckpoint) {
  EXPECT_EQ(read("p:\ncheckpoint:\nx").model.shape_type, ShapeType::ball_and_stick);
  EXPECT_EQ(read("p:sh=1\ncheckpoint:\np:\nx").model.shape_type, ShapeType::solids);
  EXPECT_EQ(read("p:\np:sh=1\ncheckpoint:\nx").model.shape_type, ShapeType::illegal);
  EXPECT_EQ(read("checkpoint:\np:\nx").model.shape_type, ShapeType::unknown);
  EXPECT_EQ(read("p:\nx").model.shape_type, ShapeType::unknown);
}

// ... and a main model that fails that check gets the warning position of the checkpoint: line
// (the end of the last element line before it; SDK dump: warnpos 18 for the body below).
TEST(F0SdkRules, FailedCheckAtACheckpointSetsWarnPos) {
  const Parsed p = read("p:\np:\nj:0,1\nj:0,1\n\ncheckpoint:\np:\np:");
  EXPECT_FALSE(p.model.valid);
  EXPECT_EQ(p.model.error_pos, -1);
  EXPECT_EQ(p.model.warn_pos, 18);
  EXPECT_EQ(read("p:\np:1\nj:0,1\ncheckpoint:\np:").model.warn_pos, -1);  // valid
  EXPECT_EQ(read("p:\np:\nj:0,1\nj:0,1").model.warn_pos, -1);             // no checkpoint
  // A main model with no parts and no neurons fails the check without a position.
  EXPECT_EQ(read("checkpoint:").model.warn_pos, -1);
  EXPECT_EQ(read("checkpoint:\np:\np:1\nj:0,1").model.warn_pos, -1);
  EXPECT_EQ(read("p:\np:\ncheckpoint:\n").model.warn_pos, 6);
}

// A neuron given a part and a joint is attached to the joint (p=-1) when the model is checked;
// when its build fails first, the SDK's model keeps both.
TEST(F0SdkRules, AJointAttachmentWinsOnlyInABuiltModel) {
  const Parsed built = read("p:\np:1\nj:0,1\nn:p=1,j=0");
  ASSERT_EQ(built.model.neurons.size(), 1u);
  EXPECT_EQ(built.model.neurons[0].part, -1);
  EXPECT_EQ(built.model.neurons[0].joint, 0);
  EXPECT_EQ(write_body(built.model), "p:\np:1.0\nj:0, 1\nn:j=0\n");
  for (const char* failing : {"p:\np:1\nj:0,1\nn:p=1,j=0\nn:p=x", "p:\np:1\nj:0,1\nn:p=1,j=0\nc:0,5"}) {
    SCOPED_TRACE(failing);
    const Parsed p = read(failing);
    EXPECT_FALSE(p.model.valid);
    EXPECT_EQ(p.model.error_pos, 23);
    ASSERT_EQ(p.model.neurons.size(), 1u);
    EXPECT_EQ(p.model.neurons[0].part, 1);
    EXPECT_EQ(p.model.neurons[0].joint, 0);
  }
}

// A checkpoint whose shapes or joint structure fail the SDK's check is written empty; one that
// fails only later checks (a joint too long, parts not connected) is written as read.
TEST(F0SdkRules, CheckpointFailingItsStructureIsEmptied) {
  EXPECT_EQ(write_body(read("p:\ncheckpoint:\np:\np:1\nj:1,1").model), "p:\ncheckpoint:\n");
  EXPECT_EQ(write_body(read("p:\ncheckpoint:\np:sh=1\np:1\nj:0,1").model), "p:\ncheckpoint:\n");
  EXPECT_EQ(write_body(read("p:\ncheckpoint:\np:\np:1\nj:0,1,sh=1").model), "p:\ncheckpoint:\n");
  EXPECT_EQ(write_body(read("p:\ncheckpoint:\np:\np:\nj:0,1,dx=1\nj:1,0,dx=1").model), "p:\ncheckpoint:\n");
  EXPECT_EQ(write_body(read("p:\ncheckpoint:\np:\np:5\nj:0,1").model),
            "p:\ncheckpoint:\np:\np:5.0\nj:0, 1\n");
  EXPECT_EQ(write_body(read("p:\ncheckpoint:\np:\np:").model), "p:\ncheckpoint:\np:\np:\n");
}

// A part rotated by inf or nan has a NaN orientation; the SDK's joint angles then take its pole
// branch (SDK dump for "p: / p:1,rx=inf / j:0,1": rx=-nan ry=1.5707963267948966 rz=0).
TEST(F0SdkRules, NanOrientationGivesPoleJointAngles) {
  for (const char* body : {"p:\np:1,rx=inf\nj:0,1", "p:rx=inf\np:1\nj:0,1", "p:\np:1,rz=nan\nj:0,1"}) {
    const Parsed p = read(body);
    ASSERT_EQ(p.model.joints.size(), 1u) << body;
    EXPECT_TRUE(std::isnan(p.model.joints[0].rot.x)) << body;
    EXPECT_EQ(p.model.joints[0].rot.y, 1.5707963267948966) << body;
    EXPECT_EQ(p.model.joints[0].rot.z, 0) << body;
  }
}

// The SDK reads a genotype as a C string: a NUL byte ends it (SDK oracle, .gen and file modes:
// "p:\np:1\0zz\nj:0,1" has 2 parts and no joint).
TEST(F0SdkRules, NulByteEndsTheGenotype) {
  const Parsed p = read(std::string("p:\np:1\0zz\nj:0,1", 15));
  EXPECT_EQ(p.model.parts.size(), 2u);
  EXPECT_TRUE(p.model.joints.empty());
  EXPECT_FALSE(p.model.valid);
  EXPECT_EQ(p.codes.front(), "f0.nul-byte");
  const Parsed q = read(std::string("p:\n\0\n", 5));
  EXPECT_TRUE(q.model.valid);
}

// "j:0,1,sh=2,hx=0.5": r909 predates the Framsticks 5.x hinge joints. It clamps sh to 1 ("Setting
// j.sh = '2' exceeded allowed range (too big). Adjusted to '1'.") and calls hx unknown; in a
// ball-and-stick model the fixed joint then mixes shapes. Unnamed (`j:0,1,dz=,3`: "Missing property
// name in 'j' (assuming 'sh')") the same clamp. Parts 5 apart: a fixed joint has no length limit
// (invalid only for the mixed shapes). Joints::hinges reads them the 5.x way.
TEST(F0SdkRules, HingeJointsAreR909UnlessAsked) {
  const Parsed a = read("p:\np:1\nj:0,1,sh=2,hx=0.5");
  EXPECT_FALSE(a.model.valid);
  EXPECT_EQ(a.codes, (Codes{"f0.value-clamped", "f0.unknown-property", "f0.mixed-joint-shapes"}));
  ASSERT_EQ(a.model.joints.size(), 1u);
  EXPECT_EQ(a.model.joints[0].sh, 1);
  EXPECT_EQ(a.model.joints[0].hinge_pos.x, 0.0);
  const Parsed far = read("p:\np:5\nj:0,1,sh=3");
  EXPECT_EQ(far.codes, (Codes{"f0.value-clamped", "f0.mixed-joint-shapes"}));
  ASSERT_EQ(far.model.joints.size(), 1u);
  EXPECT_EQ(far.model.joints[0].sh, 1);
  const Parsed unnamed = read("p:\np:1\nj:0,1,dz=,3");
  EXPECT_FALSE(unnamed.model.valid);
  EXPECT_TRUE(unnamed.model.joints.empty());  // "Invalid 'j:'": the empty dz fails the element

  Diagnostics d;
  ParseOptions opt;
  opt.lint = false;
  opt.joints = Joints::hinges;
  const Model h = parse("//0\np:sh=1\np:1,sh=1\nj:0,1,sh=2,hx=0.5", d, opt);
  EXPECT_TRUE(h.valid);
  EXPECT_TRUE(d.items().empty());
  ASSERT_EQ(h.joints.size(), 1u);
  EXPECT_EQ(h.joints[0].sh, 2);
  EXPECT_EQ(h.joints[0].hinge_pos.x, 0.5);
  EXPECT_NE(write_body(h).find("hx=0.5"), std::string::npos);  // the writer knows the hinges
}
