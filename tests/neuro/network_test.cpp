// Network semantics beyond the reference tables: body interface, parameter messages, custom classes,
// determinism, batch stepping and bad input (absurd parameters, huge and dense networks, NaN).
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "genokit/f0/parser.hpp"
#include "genokit/neuro/describe.hpp"
#include "genokit/neuro/network.hpp"
#include "genokit/neuro/plot.hpp"
#include "genokit/neuro/population.hpp"
#include "genokit/neuro/trace.hpp"

using namespace genokit;

namespace {

f0::Model parse(const std::string& text) {
  Diagnostics d;
  return f0::parse(text, d);
}

neuro::Settings exact() {
  return {0, 0, 0};
}

std::vector<std::string> sdk_lines(const neuro::Network& net) {
  std::vector<std::string> v;
  for (const auto& m : net.messages()) v.push_back(m.sdk_line());
  return v;
}

// A scripted body: receptors return per-class values that change each step; effectors record commands.
struct ScriptedBody : neuro::Body {
  int step = 0;
  std::map<std::string, double> base{{"T", 0.25}, {"G", -0.5}, {"S", 0.75}, {"Water", 0.1}, {"Energy", 2.0}};
  std::vector<std::tuple<int, std::string, int, int, double>> commands;
  std::vector<std::pair<int, double>> touch_ranges;
  double sense(const neuro::Attachment& a) override {
    if (a.class_name == "T") touch_ranges.push_back({a.neuron, a.params.empty() ? -1 : a.params[0]});
    return base[std::string(a.class_name)] * (step + 1);
  }
  void actuate(const neuro::Attachment& a, double command) override {
    commands.emplace_back(a.neuron, std::string(a.class_name), a.part, a.joint, command);
  }
};

const char* kBodyNet = R"(//0
p:
p:1
j:0,1
n:p=0,d="T:r=0.5"
n:j=0,d=G
n:p=1,d=S
n:p=0,d=Water
n:d=Energy
n:d=*
n:j=0,d="|:p=0.5,r=0.5"
n:j=0,d=@
n:j=0,d=LMu
n:p=1,d=Sti
n:d="N:in=0,fo=1,si=1"
c:6,0,2
c:6,5,-1
c:7,1
c:8,2,0.5
c:9,3
c:10,0
c:10,4
)";

}  // namespace

TEST(NeuroBody, WithoutBodyReceptorsAreZeroAndEffectorsIdle) {
  auto net = neuro::Network::build(parse(kBodyNet), exact());
  net.step();
  for (int i : {0, 1, 2, 3, 4, 6, 7, 8, 9}) EXPECT_EQ(net.output(i), 0.0) << i;
  EXPECT_EQ(net.output(5), 1.0);
}

TEST(NeuroBody, ScriptedBodyFeedsReceptorsAndReceivesCommands) {
  auto net = neuro::Network::build(parse(kBodyNet), exact());
  ScriptedBody body;
  net.set_body(&body);
  net.step();
  // Receptors (group 0) are committed before group 1 reads them in the same step.
  EXPECT_EQ(net.output(0), 0.25);
  EXPECT_EQ(net.output(1), -0.5);
  EXPECT_EQ(net.output(2), 0.75);
  EXPECT_EQ(net.output(3), 0.1);
  EXPECT_EQ(net.output(4), 2.0);  // Energy is in group 1
  // N reads T (this step's 0.25) and Energy (its value committed before group 1: 0).
  const double a = 1 * (0.25 - 0.0) + 0.0;
  EXPECT_EQ(net.output(10), 2 / (1 + std::exp(-a)) - 1);
  // Effectors get the weighted input sum of the values committed when their group runs: Sti is in
  // group 0 (sees Water's old 0), the muscles in group 2 (see this step's receptors).
  ASSERT_EQ(body.commands.size(), 4u);
  EXPECT_EQ(body.commands[0], std::make_tuple(9, std::string("Sti"), 1, -1, 0.0));
  EXPECT_EQ(body.commands[1], std::make_tuple(6, std::string("|"), -1, 0, 2 * 0.25 - 1.0));
  EXPECT_EQ(body.commands[2], std::make_tuple(7, std::string("@"), -1, 0, -0.5));
  EXPECT_EQ(body.commands[3], std::make_tuple(8, std::string("LMu"), -1, 0, 0.375));
  // Effector outputs stay 0 (they have no output).
  EXPECT_EQ(net.output(6), 0.0);
  EXPECT_EQ(body.touch_ranges.at(0), std::make_pair(0, 0.5));
}

TEST(NeuroParams, ClampingAndSdkMessages) {
  auto net = neuro::Network::build(parse("//"
                                         "0\nn:d=\"N:in=5,fo=-1,si=1e9\"\nn:d=\"Sin:f0=2,t=-1\"\nn:d=\"ChSel:"
                                         "ch=1.5\"\nn:d=\"N:zz=3,0.5\"\n"),
                                   exact());
  EXPECT_EQ(
      sdk_lines(net),
      (std::vector<std::string>{
          "[WARN] Param.set: Setting N.in = '5.0' exceeded allowed range (too big). Adjusted to '1.0'.",
          "[WARN] Param.set: Setting N.fo = '-1.0' exceeded allowed range (too small). Adjusted to '0.0'.",
          "[WARN] Param.set: Setting N.si = '1000000000.0' exceeded allowed range (too big). Adjusted to "
          "'99999.0'.",
          "[WARN] Param.set: Setting Sin.f0 = '2.0' exceeded allowed range (too big). Adjusted to '1.0'.",
          "[WARN] Param.set: Setting Sin.t = '-1.0' exceeded allowed range (too small). Adjusted to '0.0'.",
          "[ERROR] ExtValue.parseInt: Could not parse '1.5' (strict)",
          "[WARN] Param.loadSingleLine: Unknown property 'N.zz' (ignored)",
          "[WARN] Param.loadSingleLine: Value '0.5' has no property of 'N' to go to (ignored)",
      }));
  EXPECT_EQ(net.params(0), (std::vector<double>{1.0, 0.0, 99999, 0}));
  EXPECT_EQ(net.params(2), (std::vector<double>{0}));
  EXPECT_EQ(net.messages()[0].code, "neuro.param-clamped");
  EXPECT_EQ(net.messages()[5].code, "neuro.bad-integer");
}

TEST(NeuroParams, UnnamedValuesFillTableOrderWithWarning) {
  auto net = neuro::Network::build(parse("//0\nn:d=\"N:0.5,0.1\"\n"), exact());
  EXPECT_EQ(net.params(0), (std::vector<double>{0.5, 0.1, 2.0, 0}));
  EXPECT_EQ(sdk_lines(net),
            (std::vector<std::string>{
                "[WARN] Param.loadSingleLine: Missing property name in 'N' (assuming 'in')",
                "[WARN] Param.loadSingleLine: Missing property name in 'N' (assuming 'fo')"}));
}

TEST(NeuroInit, FailuresAreDiagnostics) {
  Diagnostics d;
  auto net = neuro::Network::build(
      parse("//0\nn:d=T\nn:d=\"Fuzzy:ns=1,nr=1,fs=0;1;0;1,fr=0;0:0;0/\"\nn:d=Foo\nn:d=\"|\"\n"), exact(), &d);
  EXPECT_EQ(net.status(0), neuro::Status::init_error);
  EXPECT_EQ(net.status(1), neuro::Status::init_error);  // set not ordered
  EXPECT_EQ(net.status(2), neuro::Status::no_impl);
  EXPECT_EQ(net.group(2), -1);
  ASSERT_GE(d.items().size(), 5u);
  EXPECT_EQ(d.items()[0].code, "neuro.no-implementation");
  EXPECT_EQ(d.items()[0].message, "neuron #2 (Foo) implementation not available");
  EXPECT_EQ(d.items()[1].message, "neuron #0 (T) initialization failed");
  EXPECT_EQ(d.items()[2].message, "neuron #1 (Fuzzy) initialization failed");
  EXPECT_EQ(d.items()[3].code, "neuro.bad-fuzzy");
  EXPECT_EQ(d.items()[3].message, "neuron #1 (Fuzzy): fuzzy set 0 is not ordered (l <= ml <= mr <= r)");
}

TEST(NeuroInit, FuzzyOutputBeyondChannelsIsRejected) {
  // One reader = one channel; the rule writes output 1.
  auto net = neuro::Network::build(
      parse("//0\nn:d=\"Fuzzy:ns=1,nr=1,fs=-1;0;0;1,fr=0;0:1;0/\"\nn:d=ChSel\nc:1,0\n"), exact());
  EXPECT_EQ(net.status(0), neuro::Status::init_error);
  EXPECT_EQ(net.messages().back().text,
            "neuron #0 (Fuzzy): fr: rule 0 writes output 1 but the neuron has 1 output channel(s) (one per "
            "reader)");
}

TEST(NeuroCustom, ThrClassFromItsOwnFileIsRegistered) {
  auto net = neuro::Network::build(parse("//0\nn:d=Sin\nn:d=\"Thr:t=0.5,lo=-1,hi=1\"\nc:1,0\n"), exact());
  EXPECT_EQ(net.status(1), neuro::Status::ok);
  EXPECT_EQ(net.group(1), 1);
  for (int k = 0; k < 30; ++k) {
    const double in = net.output(0);
    net.step();
    EXPECT_EQ(net.output(1), in >= 0.5 ? 1.0 : -1.0) << k;
  }
}

TEST(NeuroCustom, RuntimeRegistrationWithChannelsAndRandom) {
  struct Split : neuro::NeuronBehavior {
    void update(neuro::NeuronContext& c) override {
      c.set_channel_count(3);
      c.set_channel(0, c.weighted_input_sum());
      c.set_channel(1, c.uniform());
      c.set_channel(2, 5e11);  // clamped
    }
  };
  neuro::ClassSpec s;
  s.name = "TestSplit";
  s.make = [] { return std::make_unique<Split>(); };
  neuro::register_class(std::move(s));
  auto net = neuro::Network::build(parse("//0\nn:d=*\nn:d=TestSplit\nn:d=\"ChSel:ch=2\"\nc:1,0,3\nc:2,1\n"),
                                   exact());
  net.step();
  EXPECT_EQ(net.channels(1), 3);
  EXPECT_EQ(net.output(1), 3.0);
  EXPECT_EQ(net.channel(1, 2), 1e10);
  net.step();
  EXPECT_EQ(net.output(2), 1e10);
  EXPECT_EQ(neuro::class_group("TestSplit"), 1);
}

TEST(NeuroRandom, SameSeedSameRunDifferentSeedDifferentRun) {
  const auto m = parse("//0\nn:d=Rnd\nn:d=N\nn:d=Ch\nc:1,0\nc:2,0\nc:2,1\n");
  auto a = neuro::Network::build(m, {0.01, 0.05, 7});
  auto b = neuro::Network::build(m, {0.01, 0.05, 7});
  auto c = neuro::Network::build(m, {0.01, 0.05, 8});
  const auto ta = neuro::record(a, 50), tb = neuro::record(b, 50), tc = neuro::record(c, 50);
  EXPECT_EQ(ta.rows, tb.rows);
  EXPECT_NE(ta.rows, tc.rows);
}

TEST(NeuroRandom, Mt19937StreamAndPolarGauss) {
  neuro::Random r(0);
  EXPECT_EQ(r.uniform(), 2357136044.0 / 4294967296.0);  // std::mt19937(0)'s first output
  neuro::Random g(5489);
  const double g1 = g.gauss(), g2 = g.gauss();
  EXPECT_TRUE(std::isfinite(g1) && std::isfinite(g2));
}

TEST(NeuroPopulation, ThreadsGiveIdenticalResults) {
  const auto m = parse("//0\nn:d=Rnd\nn:d=N\nn:d=Sin\nc:1,0\nc:2,1\n");
  std::vector<neuro::Network> p1, p2;
  for (std::uint32_t k = 0; k < 5; ++k) {
    p1.push_back(neuro::Network::build(m, {0.01, 0.01, k}));
    p2.push_back(neuro::Network::build(m, {0.01, 0.01, k}));
  }
  neuro::step_population(p1, 100, 1);
  neuro::step_population(p2, 100, 2);
  for (int k = 0; k < 5; ++k)
    for (int i = 0; i < 3; ++i) EXPECT_EQ(p1[k].output(i), p2[k].output(i));
  EXPECT_EQ(p1[0].steps_done(), 100u);
}

// ---- bad input --------------------------------------------------------------------------------

TEST(NeuroBadInput, NanAndInfiniteWeightsAreDefined) {
  f0::Model m = parse("//0\nn:d=*\nn:d=N\nn:d=Ch\nn:d=ChMux\nn:d=\"ChSel:ch=1\"\nn:d=Sin\nn:d=D\n");
  m.neurons[1].inputs = {{0, NAN, ""}};
  m.neurons[2].inputs = {{0, INFINITY, ""}, {0, -INFINITY, ""}, {1, 1, ""}};
  m.neurons[3].inputs = {{1, 1, ""}, {2, NAN, ""}};
  m.neurons[4].inputs = {{2, 1, ""}};
  m.neurons[5].inputs = {{0, NAN, ""}};
  m.neurons[6].inputs = {{0, -INFINITY, ""}};
  auto net = neuro::Network::build(m, exact());
  net.run(3);
  EXPECT_TRUE(std::isnan(net.output(1)));
  EXPECT_EQ(net.channel(2, 0), 1e10);  // +inf clamped
  EXPECT_EQ(net.channel(2, 1), -1e10);
  EXPECT_TRUE(std::isnan(net.output(3)));  // NaN selector: defined (first channel pair), NaN result
  EXPECT_EQ(net.output(4), -1e10);
  EXPECT_TRUE(std::isnan(net.output(5)));
  EXPECT_TRUE(std::isnan(net.output(6)));  // D: -inf - (-inf) at step 2
}

TEST(NeuroBadInput, AbsurdParameters) {
  auto net = neuro::Network::build(
      parse("//0\nn:d=\"N:si=1e308,fo=1e308,in=-1e308\"\nn:d=\"ChSel:ch=99999999999999\"\n"
            "n:d=\"Fuzzy:ns=2000000000,nr=2000000000,fs=1,fr=0;0:0;0/\"\nn:d=\"Sin:f0=nan,t=inf\"\n"
            "n:d=\"Fuzzy:ns=-5\"\nn:d=ChSel\nc:5,2\n"),
      exact());
  net.run(5);
  EXPECT_EQ(net.params(0), (std::vector<double>{0, 999, 99999, 0}));
  EXPECT_EQ(net.status(2), neuro::Status::init_error);
  EXPECT_EQ(net.status(4), neuro::Status::init_error);
  EXPECT_EQ(net.messages()[3].text, "Could not parse '99999999999999' (strict)");
  EXPECT_EQ(net.params(3)[1], 6.283185307);  // inf clamped to the max
  EXPECT_TRUE(std::isnan(net.output(3)));    // NaN frequency: NaN output, no crash
}

TEST(NeuroBadInput, HundredThousandNeurons) {
  f0::Model m;
  m.neurons.resize(100000);
  for (std::size_t i = 0; i < m.neurons.size(); ++i) {
    auto& n = m.neurons[i];
    n.class_name = i % 3 == 0 ? "Sin" : i % 3 == 1 ? "N" : "D";
    n.details = n.class_name;
    if (i) n.inputs.push_back({static_cast<int>(i - 1), 0.5, ""});
  }
  auto net = neuro::Network::build(m, {});
  net.run(3);
  EXPECT_EQ(net.size(), 100000u);
  EXPECT_TRUE(std::isfinite(net.output(99999)));
}

TEST(NeuroBadInput, DenseThousandByThousand) {
  f0::Model m;
  m.neurons.resize(1000);
  for (int i = 0; i < 1000; ++i) {
    m.neurons[static_cast<std::size_t>(i)].inputs.reserve(1000);
    for (int k = 0; k < 1000; ++k)
      m.neurons[static_cast<std::size_t>(i)].inputs.push_back({k, 0.001 * (k % 7 - 3), ""});
  }
  auto net = neuro::Network::build(m, {});
  net.run(2);
  EXPECT_EQ(net.input_count(999), 1000);
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(std::isfinite(net.output(i)));
}

TEST(NeuroBadInput, InputsFromMissingNeuronsAreIgnoredWithAMessage) {
  f0::Model m = parse("//0\nn:d=N\n");
  m.neurons[0].inputs = {{5, 1, ""}, {-1, 1, ""}};
  auto net = neuro::Network::build(m, exact());
  net.step();
  EXPECT_EQ(net.input_count(0), 0);
  EXPECT_EQ(net.messages().size(), 2u);
  EXPECT_EQ(net.messages()[0].code, "neuro.bad-input");
}

TEST(NeuroOutput, DescribeAndPlot) {
  auto net = neuro::Network::build(parse("//0\nn:d=*\nn:d=\"N:si=1\"\nn:d=Foo\nc:1,0,0.5\n"), exact());
  EXPECT_EQ(
      neuro::describe_text(net),
      "network: 3 neuron(s), 1 connection(s); update groups: receptors 1, ordinary 1, effectors 0; never "
      "updated 1\n"
      "n0  *  group 0\n"
      "n1  N  group 1  in=0.8 fo=0.04 si=1 s=0\n"
      "    inputs: n0*0.5\n"
      "n2  Foo  group -  [noimpl]\n"
      "warning: neuron #2 (Foo) implementation not available [neuro.no-implementation]\n");
  const auto j = nlohmann::json::parse(neuro::describe_json(net));
  EXPECT_EQ(j["neurons"][1]["params"]["si"], 1.0);
  EXPECT_EQ(j["neurons"][1]["inputs"][0]["weight"], 0.5);
  EXPECT_TRUE(j["neurons"][2]["group"].is_null());
  const auto t = neuro::record(net, 10);
  neuro::PlotOptions po;
  po.title = "demo";
  const std::string svg = neuro::plot_svg(net, t, po);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find(">n1 N</text>"), std::string::npos);
  EXPECT_NE(svg.find(">demo</text>"), std::string::npos);
  EXPECT_EQ(neuro::format_csv(t).substr(0, 20), "step,n0,n1,n2\n0,1,0,");
}

TEST(NeuroOutput, InvalidUtf8InClassNamesStillGivesValidJsonAndSvg) {
  f0::Model m;
  m.neurons.resize(1);
  m.neurons[0].class_name = "d\xff\x04";
  m.neurons[0].details = "d\xff\x04:x";
  auto net = neuro::Network::build(m, {});
  const auto t = neuro::record(net, 2);
  EXPECT_NO_THROW((void)nlohmann::json::parse(neuro::trace_json(net, t, {"x\xff", true})));
  EXPECT_EQ(nlohmann::json::parse(neuro::describe_json(net))["neurons"][0]["class"],
            std::string("d\xEF\xBF\xBD\x04"));
  EXPECT_EQ(neuro::plot_svg(net, t, {}).find('\x04'), std::string::npos);
}

TEST(NeuroBody, DetachingTheBodyGoesBackToSdkZeros) {
  auto net = neuro::Network::build(parse(kBodyNet), exact());
  ScriptedBody body;
  net.set_body(&body);
  net.step();
  EXPECT_EQ(net.output(0), 0.25);
  net.set_body(nullptr);
  net.step();
  EXPECT_EQ(net.output(0), 0.0);
  EXPECT_EQ(net.output(4), 0.0);
}
