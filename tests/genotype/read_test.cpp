// The genotype door on one text: which encoding, the model, the map and the registry.
#include "genokit/genotype/read.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "genokit/f1/convert.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/json.hpp"
#include "genokit/genotype/operators.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype {
namespace {

// The text read with its map (no diagnostics expected).
Genotype read_mapped(std::string_view text) {
  Diagnostics d;
  ReadOptions ro;
  ro.mapping = true;
  auto r = read(text, d, ro);
  EXPECT_TRUE(r && !d.has_errors()) << text;
  return r ? std::move(*r) : Genotype{};
}

TEST(GenotypeFormat, HeaderExplicitFormatAndBareRule) {
  EXPECT_EQ(format_of("//0\np:\n"), "0");
  EXPECT_EQ(format_of("/*1*/X"), "1");
  EXPECT_EQ(format_of("//4\nX"), "4");
  EXPECT_EQ(format_of("// 0\n"), "");   // malformed
  EXPECT_EQ(format_of("X(X,X)"), "1");  // the SDK's rule
  ReadOptions o;
  o.bare = Bare::f0;
  EXPECT_EQ(format_of("p:\n", o), "0");
  EXPECT_EQ(format_of("//1\nX", o), "1");  // a header wins over the bare rule
  o.bare = Bare::guess;
  EXPECT_EQ(format_of("# a comment\np:\np:1\nj:0,1\n", o), "0");
  EXPECT_EQ(format_of("RX(X,X[|G:1])", o), "1");
  EXPECT_EQ(format_of("???", o), "1");  // nothing fits: the SDK's rule
  o.format = "0";
  EXPECT_EQ(format_of("/*1*/X", o), "0");
}

TEST(GenotypeRead, F0AndF1GiveTheirModels) {
  Diagnostics d;
  const auto f0 = read("//0\np:\np:1\nj:0,1\n", d);
  ASSERT_TRUE(f0);
  EXPECT_EQ(f0->format, "0");
  EXPECT_TRUE(f0->model.valid);
  EXPECT_EQ(f0->model.parts.size(), 2u);
  EXPECT_TRUE(f0->map.empty());  // no mapping asked for
  const auto f1 = read("X(X,X)", d);
  ASSERT_TRUE(f1);
  EXPECT_EQ(f1->format, "1");
  EXPECT_EQ(f1->model.parts.size(), 4u);
  EXPECT_TRUE(f1->converted);
  EXPECT_TRUE(d.empty());
}

TEST(GenotypeRead, SameModelAsTheEncodingsOwnCalls) {
  const std::string g = "RLX(X[G:1],FX[|-1:2])";
  Diagnostics a, b;
  f1::ConvertOptions co;
  co.mapping = true;
  const f1::Conversion c = f1::convert(g, a, co);
  ReadOptions ro;
  ro.mapping = true;
  const auto r = read(g, b, ro);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->map.size(), c.map.size());
  for (std::size_t i = 0; i < c.map.size(); ++i) {
    EXPECT_EQ(r->map[i].begin, c.map[i].begin);
    EXPECT_EQ(r->map[i].end, c.map[i].end);
    EXPECT_EQ(static_cast<int>(r->map[i].kind), static_cast<int>(c.map[i].kind));
    EXPECT_EQ(r->map[i].index, c.map[i].index);
  }
  EXPECT_EQ(r->sdk_messages, c.sdk_messages);
  EXPECT_EQ(r->model.parts.size(), c.model.parts.size());
  ASSERT_EQ(a.items().size(), b.items().size());
  for (std::size_t i = 0; i < a.items().size(); ++i) EXPECT_EQ(a.items()[i].message, b.items()[i].message);
  // The G of "G:1" made neuron 0 (and what it feeds): the door answers like f1::elements_at.
  for (std::uint32_t off = 0; off < g.size(); ++off)
    EXPECT_EQ(elements_at(*r, off).size(), f1::elements_at(c, off).size()) << off;
  EXPECT_EQ(ranges_of(*r, ElementKind::part, 1).size(), f1::ranges_of(c, f1::ElementKind::part, 1).size());
}

TEST(GenotypeRead, F0MapIsEachElementLine) {
  const std::string text = "//0\np:\np:1\nj:0,1\nn:j=0,d=|\nn:d=Sin\nc:0,1\n";
  const Genotype g = read_mapped(text);
  const Genotype* r = &g;
  ASSERT_EQ(r->map.size(), 6u);
  const std::vector<std::pair<std::string, ElementKind>> want = {
      {"p:", ElementKind::part},        {"p:1", ElementKind::part},
      {"j:0,1", ElementKind::joint},    {"n:j=0,d=|", ElementKind::neuron},
      {"n:d=Sin", ElementKind::neuron}, {"c:0,1", ElementKind::connection}};
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(text.substr(r->map[i].begin, r->map[i].end - r->map[i].begin), want[i].first);
    EXPECT_EQ(r->map[i].kind, want[i].second);
  }
  EXPECT_EQ(r->map[1].index, 1);
  EXPECT_EQ(r->map[4].index, 1);
  ASSERT_EQ(elements_at(*r, 13).size(), 1u);  // inside "j:0,1"
  EXPECT_EQ(elements_at(*r, 13)[0].kind, ElementKind::joint);
}

TEST(GenotypeRead, OptionsReachTheEncodings) {
  Diagnostics lint, quiet;
  ReadOptions ro;
  ASSERT_TRUE(read("//0\np:\nn:d=Foo\n", lint, ro));
  EXPECT_EQ(lint.warning_count(), 1u);  // f0.unknown-neuron-class
  ro.lint = false;
  ASSERT_TRUE(read("//0\np:\nn:d=Foo\n", quiet, ro));
  EXPECT_EQ(quiet.warning_count(), 0u);
  Diagnostics strict;
  ro.strict = true;
  const auto r = read("XX,\nYY", strict, ro);
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->model.valid);  // f1: the ignored text is an error with strict
  Diagnostics spec;
  ReadOptions so;
  so.f0.order = f0::PropertyOrder::spec;
  ASSERT_TRUE(read("//0\np:0,0,0,1.57\n", spec, so)->model.valid);
}

TEST(GenotypeRead, UnreadableTextsGiveNothingWithAReason) {
  Diagnostics d;
  EXPECT_EQ(read("//S\nE", d), std::nullopt);
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "genotype.unsupported-encoding");
  EXPECT_EQ(d.items()[0].message, "genokit cannot read fS genotypes yet (it reads " + encoding_names() + ")");
  EXPECT_EQ(d.items()[0].where.line, 1u);
  Diagnostics h;
  EXPECT_EQ(read("//10\nX", h), std::nullopt);
  EXPECT_EQ(h.items()[0].code, "genotype.bad-header");
}

TEST(GenotypeRegistry, F0AndF1AreRegisteredWithEmptyOperatorSlots) {
  ASSERT_GE(encodings().size(), 2u);
  EXPECT_EQ(encodings()[0].id, "0");
  EXPECT_EQ(encodings()[1].name, "f1");
  EXPECT_FALSE(encodings()[0].converts);
  EXPECT_TRUE(encodings()[1].converts);
  EXPECT_EQ(find_encoding("1"), &encodings()[1]);
  EXPECT_EQ(find_encoding("S"), nullptr);
  EXPECT_EQ(encoding_names("or").substr(0, 8), "f0, f1, ");
  for (const Encoding& e : encodings()) {
    EXPECT_TRUE(e.to_model);
    EXPECT_TRUE(e.sniff);
    EXPECT_TRUE(e.simplest) << e.name;
    EXPECT_FALSE(e.params.empty()) << e.name;
  }
  EXPECT_TRUE(encodings()[1].check_strict);
}

TEST(GenotypeRegistry, EmptySlotsAreReportedNotCrashed) {
  // An encoding with no operator slots filled (f0 and f1 have them all).
  Encoding bare;
  bare.id = "Z";
  bare.name = "fZ";
  bare.to_model = [](std::string_view, Diagnostics&, const ReadOptions&) {
    Genotype g;
    g.converted = true;
    g.model.valid = true;
    return g;
  };
  const detail::ScopedEncoding scope(bare);
  ASSERT_TRUE(scope.added());
  Diagnostics d;
  EXPECT_EQ(simplest("1", d), "X");
  EXPECT_EQ(mutate("/*Z*/a", d), std::nullopt);
  EXPECT_EQ(crossover("/*Z*/a", "/*Z*/b", d), std::nullopt);
  EXPECT_EQ(crossover("X", "//0\np:\n", d), std::nullopt);
  EXPECT_EQ(simplest("Q", d), std::nullopt);
  std::vector<std::string> codes;
  for (const auto& x : d.items()) codes.push_back(x.code);
  EXPECT_EQ(codes, (std::vector<std::string>{"genotype.unsupported-operator", "genotype.unsupported-operator",
                                             "genotype.mixed-encodings", "genotype.unsupported-encoding"}));
  EXPECT_EQ(d.items()[0].message, "genokit has no mutation for fZ genotypes yet");
  // Strict validity without a strict check (f0): the model's verdict.
  Diagnostics v;
  EXPECT_TRUE(is_valid_strict("//0\np:\np:1\nj:0,1\n", v));
  EXPECT_FALSE(is_valid_strict("//0\np:\nj:0,1\n", v));
}

TEST(GenotypeJson, ConvertingEncodingsCarryTheirMap) {
  const std::string text = "X[G:1]";
  const auto j = nlohmann::json::parse(to_json(read_mapped(text), text));
  EXPECT_EQ(j["f1_converted"], true);
  ASSERT_TRUE(j.contains("f1_map"));
  EXPECT_EQ(j["f1_map"][0]["kind"], "part");
  EXPECT_EQ(j["f1_map"][0]["line"], 1);
  EXPECT_TRUE(j["sdk_messages"].is_array());
  EXPECT_EQ(j["parts"].size(), 2u);
  const auto j0 = nlohmann::json::parse(to_json(read_mapped("//0\np:\n"), "//0\np:\n"));
  EXPECT_FALSE(j0.contains("f0_map"));  // f0's map is its own lines: the element "source" says it
  EXPECT_EQ(j0["parts"][0]["source"]["line"], 2);
}

}  // namespace
}  // namespace genokit::genotype
