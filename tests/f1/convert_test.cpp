// Behaviour of the f1 converter beyond the SDK dumps: the checked values of notes f1.md §4.2 and
// §6, the genotype-to-model map (§9), warnings with positions, --strict, headers, big inputs.
#include <gtest/gtest.h>

#include <string>

#include "f1/rounding.hpp"
#include "genokit/f0/writer.hpp"
#include "genokit/f1/convert.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace genokit;

namespace {

f1::Conversion conv(std::string_view g, Diagnostics* out = nullptr, f1::ConvertOptions opt = {}) {
  Diagnostics d;
  auto c = f1::convert(g, d, opt);
  if (out) *out = d;
  return c;
}

std::vector<std::string> codes(const Diagnostics& d) {
  std::vector<std::string> v;
  for (const auto& x : d.items())
    v.push_back(x.code + "@" + std::to_string(x.where.line) + ":" + std::to_string(x.where.column));
  return v;
}

}  // namespace

TEST(F1Values, StickLength) {
  EXPECT_EQ(conv("LX").model.joints[0].d.x, 1.3);
  EXPECT_EQ(conv("LLX").model.joints[0].d.x, 1.51);
  EXPECT_EQ(conv("LLLX").model.joints[0].d.x, 1.657);
  EXPECT_EQ(conv("LLLLLLLLLLX").model.joints[0].d.x, 1.97175);
  EXPECT_EQ(conv("lX").model.joints[0].d.x, 0.799);
  EXPECT_EQ(conv("llllllllllllX").model.joints[0].d.x, 0.339274);
  EXPECT_EQ(conv("LLLXX").model.joints[1].d.x, 1.3285);
}

TEST(F1Values, CurvednessTwistRotation) {
  EXPECT_EQ(conv("CX").model.joints[0].rot.z, 0.0);  // one stick late
  EXPECT_EQ(conv("CXX").model.joints[1].rot.z, 0.33);
  EXPECT_EQ(conv("CCXX").model.joints[1].rot.z, 0.5775);
  EXPECT_EQ(conv("QXX").model.joints[1].rot.x, 0.311018);
  EXPECT_EQ(conv("RX").model.joints[0].rot.x, 0.7853);
  EXPECT_EQ(conv("RRRRRRRRX").model.joints[0].rot.x, 6.2824);
  const auto cb = conv("CX(X,X)").model;  // counted twice at the branch point
  EXPECT_EQ(cb.joints[1].rot.z, -0.387198);
  EXPECT_EQ(cb.joints[2].rot.z, 1.7072);
  EXPECT_EQ(conv("CX(X)").model.joints[1].rot.z, 0.66);
  EXPECT_EQ(conv("QX(X,X)").model.joints[1].rot.x, 0.622035);
  const auto r = conv("RXX").model;
  EXPECT_EQ(r.joints[1].rot.x, 0.0);
}

TEST(F1Values, PartProperties) {
  EXPECT_EQ(conv("WX").model.parts[1].dn, 0.769231);
  EXPECT_EQ(conv("wwX").model.parts[1].dn, 1.34228);
  EXPECT_EQ(conv("FFX").model.parts[1].fr, 1.696);
  EXPECT_EQ(conv("ffX").model.parts[1].fr, 0.256);
  const auto a = conv("AX").model;
  EXPECT_EQ(a.parts[1].as, 0.53125);
  EXPECT_EQ(a.parts[1].ing, 0.15625);
  EXPECT_EQ(a.joints[0].stam, 0.15625);
  const auto s = conv("SSAX").model;
  EXPECT_EQ(s.parts[1].as, 0.481383);
  EXPECT_EQ(s.joints[0].stam, 0.385638);
  EXPECT_EQ(conv("DDXX").model.parts[2].color.x, 0.71875);
  EXPECT_EQ(conv("HXX").model.parts[2].vs, 0.2625);
  EXPECT_DOUBLE_EQ(conv("WXX").model.parts[1].dn, (0.769231 + 1 / 1.15) / 2);
  EXPECT_NEAR(conv("X(WX,wX)").model.parts[1].dn, 0.9819004525, 1e-10);
}

TEST(F1Values, StartEnergy) {
  EXPECT_DOUBLE_EQ(conv("EX").model.se, 1.81);
  EXPECT_DOUBLE_EQ(conv("XEX").model.se, 1.405);
  EXPECT_DOUBLE_EQ(conv("EX(eX,X)").model.se, (1.81 + 1.639 + 1.81) / 3);
}

TEST(F1Values, Muscles) {
  EXPECT_EQ(conv("MX[|]").model.neurons[0].details, "|:p=0.53125");
  EXPECT_EQ(conv("mX[|]").model.neurons[0].details, "|:p=0.16666666666666666");
  EXPECT_EQ(conv("X(X[|],X[|],X[|])").model.neurons[0].details, "|:r=0.3333333333333333");
  EXPECT_EQ(conv("X[@]").model.neurons[0].details, "@:p=0.25");
  EXPECT_EQ(conv("XM[|]").model.neurons[0].details, "|");  // power of the last joint's X
}

TEST(F1Structure, BranchesAndIgnoredText) {
  EXPECT_EQ(conv("X(X,X)XX").model.joints.size(), 3u);
  EXPECT_EQ(conv("XX,XX").model.joints.size(), 2u);
  EXPECT_EQ(conv("XX)X").model.joints.size(), 2u);
  EXPECT_EQ(conv("X(X,X(X").model.joints.size(), 4u);
  EXPECT_EQ(conv("X(,,X,)").model.joints.size(), 2u);
  EXPECT_EQ(conv("X(X(X)LLX,X)").model.joints.size(), 4u);
  const auto m = conv("(X,X,X,X)").model;
  ASSERT_EQ(m.joints.size(), 4u);
  for (const auto& j : m.joints) EXPECT_EQ(j.p1, 0);
  EXPECT_FALSE(conv("X(X],X)").model.valid);
  EXPECT_TRUE(conv("([G),X)").model.valid);
}

TEST(F1Neurons, AttachmentAndConnections) {
  const auto m = conv("X(X,[T]X)").model;  // the last created joint, not the visual one
  EXPECT_EQ(m.neurons[0].part, 2);
  const auto f = conv("X[1:3,G:2][]").model;
  ASSERT_EQ(f.neurons[0].inputs.size(), 2u);
  EXPECT_EQ(f.neurons[0].inputs[0].source, 1);  // receptor first
  EXPECT_EQ(f.neurons[0].inputs[1].source, 2);  // then relative (f1 #1 = f0 #2)
  EXPECT_EQ(f.neurons[0].inputs[1].weight, 3.0);
  EXPECT_EQ(conv("X[0:0x10]").model.connections[0].weight, 16.0);
  EXPECT_EQ(conv("X[!:0.5,G]").model.neurons[0].details, "G:fo=0.5");
  EXPECT_EQ(conv("X[N,in:abc]").model.neurons[0].details, "N");
  EXPECT_EQ(conv("X[N,!:abc]").model.neurons[0].details, "N:fo=0.0");
  EXPECT_EQ(conv("X[|,0:1]").model.neurons.size(), 1u);
  EXPECT_EQ(conv("X[||]").model.neurons.size(), 2u);
}

TEST(F1Map, NotesExample) {
  // notes §9: RLX(X[G:1],FX)
  f1::ConvertOptions o;
  o.mapping = true;
  const auto c = conv("RLX(X[G:1],FX)", nullptr, o);
  auto at = [&](std::uint32_t off) {
    std::string s;
    for (const auto& e : f1::elements_at(c, off))
      s += std::string(e.kind == f1::ElementKind::part    ? "p"
                       : e.kind == f1::ElementKind::joint ? "j"
                                                          : "n") +
           std::to_string(e.index) + " ";
    return s;
  };
  EXPECT_EQ(at(0), "p0 ");     // R
  EXPECT_EQ(at(1), "p0 ");     // L
  EXPECT_EQ(at(2), "p1 j0 ");  // X
  EXPECT_EQ(at(3), "p1 ");     // (
  EXPECT_EQ(at(4), "p2 j1 ");  // X
  EXPECT_EQ(at(5), "n0 ");     // [
  EXPECT_EQ(at(6), "n0 n1 ");  // G of G:1
  EXPECT_EQ(at(10), "p1 ");    // ,
  EXPECT_EQ(at(11), "p1 ");    // F
  EXPECT_EQ(at(12), "p3 j2 ");
  EXPECT_EQ(at(13), "p1 ");  // )
  const auto r = f1::ranges_of(c, f1::ElementKind::neuron, 1);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].begin, 6u);
  EXPECT_EQ(r[0].end, 9u);
  // The very first X also maps to part 0 when nothing before it did.
  const auto x = conv("X", nullptr, o);
  EXPECT_EQ(x.map.size(), 3u);
}

TEST(F1Diagnostics, PositionsInTheF1Text) {
  Diagnostics d;
  EXPECT_FALSE(conv("XX\n X Y", &d).model.valid);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.invalid-character@2:4"});
  conv("XX,XX", &d);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.ignored-text@1:3"});
  conv("X(X,X", &d);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.unclosed-branch@1:2"});
  conv("X(X)  XX", &d);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.ignored-text@1:5"});
  EXPECT_FALSE(conv("XX]X", &d).model.valid);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.stray-bracket@1:3"});
  EXPECT_FALSE(conv("[G]XX", &d).model.valid);
  EXPECT_EQ(codes(d), (std::vector<std::string>{"f1.neuron-before-stick@1:1", "f1.stray-bracket@1:3"}));
  conv("X[T :1]", &d);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.receptor-name-blank@1:3"});
  conv("X[>@:0.5]", &d);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.output-name-quirk@1:3"});
  conv("X[G", &d);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.unterminated-neuron@1:2"});
  conv("X[-1:2]", &d);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.bad-connection@1:3"});
  EXPECT_FALSE(conv("RRLL", &d).model.valid);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.no-sticks@1:1"});
  EXPECT_FALSE(conv("X[0:inf]", &d).model.valid);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.non-finite-weight@1:2"});
  EXPECT_EQ(d.items()[0].message,
            "Connection weight Inf.0 is not a finite number: the SDK cannot write and re-read it, so the "
            "genotype is "
            "invalid");
}

TEST(F1Diagnostics, StrictMakesWarningsErrors) {
  Diagnostics d;
  f1::ConvertOptions o;
  o.strict = true;
  EXPECT_TRUE(conv("XX,XX", &d).model.valid);
  EXPECT_FALSE(conv("XX,XX", &d, o).model.valid);
  EXPECT_EQ(d.error_count(), 1u);
  EXPECT_TRUE(conv("X(X,X)", &d, o).model.valid);
  EXPECT_TRUE(d.empty());
}

TEST(F1Headers, SingleAndMultiLine) {
  const auto a = conv("/*1*/LX(X,LX)").model;
  EXPECT_TRUE(a.valid);
  EXPECT_EQ(a.joints.size(), 3u);
  const auto b = conv("//1\nX\n(X,\n X)").model;
  EXPECT_TRUE(b.valid);
  EXPECT_EQ(b.joints.size(), 3u);
  Diagnostics d;
  EXPECT_FALSE(conv("/*4*/X", &d).model.valid);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.not-f1@1:1"});
  EXPECT_TRUE(f1::is_f1_genotype("X"));
  EXPECT_FALSE(f1::is_f1_genotype("//0\np:"));
  // Positions count from the start of the text, header included.
  conv("/*1*/XX,X", &d);
  EXPECT_EQ(codes(d), std::vector<std::string>{"f1.ignored-text@1:8"});
}

TEST(F1BadInput, DeepNesting) {  // 10,000-deep nesting: no recursion
  std::string g;
  for (int i = 0; i < 10000; ++i) g += "X(";
  g += "X";
  for (int i = 0; i < 10000; ++i) g += ")";
  const auto m = conv(g).model;
  EXPECT_TRUE(m.valid);
  EXPECT_EQ(m.joints.size(), 10001u);
}

TEST(F1BadInput, OneMegabyteGenotype) {
  std::string g;
  // unclosed groups: ~19,000 levels deep
  std::size_t reps = 0;
  while (g.size() < (1u << 20)) g += "LLLLCCQQRRWWFFAAIISSMMEEDDGGBBHH  X(rX[|G:1],X[T][-1:2]", ++reps;
  Diagnostics d;
  const auto m = conv(g, &d).model;
  EXPECT_TRUE(m.valid);
  EXPECT_GT(m.joints.size(), 37000u);
  EXPECT_GT(m.neurons.size(), 74000u);
  EXPECT_EQ(d.warning_count(), reps);  // one unclosed '(' each
}

TEST(F1BadInput, OneMegabyteOfOpeners) {
  std::string g(1u << 20, '(');
  g[0] = 'X';
  Diagnostics d;
  EXPECT_TRUE(conv(g, &d).model.valid);
  std::string h(1u << 20, '[');
  h[0] = 'X';
  EXPECT_TRUE(conv(h, &d).model.valid);
}

TEST(F1BadInput, HundredThousandNeurons) {
  std::string g = "X";
  for (int i = 0; i < 100000; ++i) g += "[-1:1]";
  Diagnostics d;
  const auto m = conv(g, &d).model;
  EXPECT_EQ(m.neurons.size(), 100000u);
  EXPECT_EQ(m.connections.size(), 99999u);
  EXPECT_EQ(d.warning_count(), 1u);
}

TEST(F1Numbers, Round6MatchesTheTextRoundTrip) {
  // The fast path must equal strtod("%g") everywhere, ties included.
  std::uint64_t x = 88172645463325252ull;
  for (int i = 0; i < 200000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const double mant = static_cast<double>(x >> 11) / 9007199254740992.0;  // [0, 1)
    const int e = static_cast<int>(x % 24) - 12;
    double v = (mant + 0.05) * std::pow(10.0, e) * ((x & 1) ? -1 : 1);
    if (i % 7 == 0) v = std::round(v * 1e7) / 1e7 + 5e-7;  // near ties
    char buf[40];
    std::snprintf(buf, sizeof buf, "%g", v);
    ASSERT_EQ(f1::detail::round6(v), std::strtod(buf, nullptr)) << buf << " from " << v;
  }
  EXPECT_EQ(f1::detail::round6(0.5390625), 0.539062);
  EXPECT_EQ(f1::detail::round6(1.0471975511965976), 1.0472);
}
