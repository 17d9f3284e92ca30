// The neuron helpers of the genetic operators: neuadd_ flags and the derived class lists, property
// choice and mutation, mutNeuronDetails. Expected details texts come from an independent
// implementation of the notes' rules (encodings.md §0) on CPython's MT19937.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "genokit/f0/neuron_mutation.hpp"

namespace genokit::f0 {
namespace {

std::vector<std::string> names(const std::vector<const NeuronClass*>& l) {
  std::vector<std::string> out;
  for (const NeuronClass* c : l) out.emplace_back(c->name);
  return out;
}

TEST(NeuronMutation, NeuaddTableNamesEveryClass) {
  const auto t = neuadd_params();
  auto def = [&](std::string_view id) {
    const int i = frams::find_property(t, id);
    EXPECT_GE(i, 0) << id;
    return i < 0 ? -1 : t[static_cast<std::size_t>(i)].def;
  };
  EXPECT_EQ(def("neuadd_N"), 1);
  EXPECT_EQ(def("neuadd_Constant"), 1);
  EXPECT_EQ(def("neuadd_Bend_muscle"), 1);
  EXPECT_EQ(def("neuadd_Rotation_muscle"), 1);
  EXPECT_EQ(def("neuadd_Sin"), 0);
  EXPECT_EQ(def("neuadd_Gpart"), 0);  // a full-application class: accepted, no effect
  EXPECT_EQ(frams::find_property(t, "neuadd_|"), -1);
  for (const frams::Property& p : t)
    EXPECT_TRUE(p.type == 'd' && p.ranged && p.min == 0 && p.max == 1) << p.id;
}

TEST(NeuronMutation, DefaultListsAreTheSdkOnes) {
  const NeuronClassLists& l = default_neuron_class_lists();
  using V = std::vector<std::string>;
  EXPECT_EQ(names(l.active), (V{"N", "G", "T", "S", "*", "|", "@"}));
  EXPECT_EQ(names(l.with_output), (V{"N", "G", "T", "S", "*"}));
  EXPECT_EQ(names(l.with_inputs), (V{"N", "|", "@"}));
  EXPECT_EQ(names(l.sensors), (V{"G", "T", "S", "*"}));
}

TEST(NeuronMutation, ListsHonourTheFlags) {
  frams::ParamValues v(neuadd_params());
  Diagnostics d;
  v.set(v.find("neuadd_G"), "0", d);
  v.set(v.find("neuadd_Bend_muscle"), "0", d);
  v.set(v.find("neuadd_Sin"), "1", d);
  v.set(v.find("neuadd_Gpart"), "1", d);
  EXPECT_TRUE(d.empty());
  const NeuronClassLists l = neuron_class_lists(v);
  using V = std::vector<std::string>;
  EXPECT_EQ(names(l.active), (V{"N", "T", "S", "*", "@", "Sin"}));
  EXPECT_EQ(names(l.with_inputs), (V{"N", "@", "Sin"}));
  EXPECT_EQ(names(l.sensors), (V{"T", "S", "*"}));
  // None enabled: no class, and no draw.
  frams::ParamValues none(neuadd_params());
  for (int i = 0; i < static_cast<int>(none.table().size()); ++i) none.set_number(i, 0);
  const NeuronClassLists e = neuron_class_lists(none);
  frams::SdkRandom a(1), b(1);
  EXPECT_EQ(random_class(e.active, a), nullptr);
  EXPECT_EQ(a.next32(), b.next32());
}

TEST(NeuronMutation, RandomClassIsUniform) {
  const NeuronClassLists& l = default_neuron_class_lists();
  frams::SdkRandom r(8);
  std::vector<int> count(l.active.size());
  constexpr int n = 70000;
  for (int i = 0; i < n; ++i) {
    const NeuronClass* c = random_class(l.active, r);
    for (std::size_t k = 0; k < l.active.size(); ++k)
      if (l.active[k] == c) ++count[k];
  }
  double chi2 = 0;
  for (int c : count) chi2 += (c - n / 7.0) * (c - n / 7.0) / (n / 7.0);
  EXPECT_LT(chi2, 22.46);  // 6 degrees of freedom, p = 0.001
}

TEST(NeuronMutation, SelectRandomPropertyDrawsOverTheClassTable) {
  frams::SdkRandom r(4);
  const NeuronClass& n = *find_neuron_class("N");
  std::vector<int> seen(n.props.size());
  for (int i = 0; i < 400; ++i) ++seen[static_cast<std::size_t>(select_random_property(n, r))];
  for (int s : seen) EXPECT_GT(s, 50);
  frams::SdkRandom a(4), b(4);
  EXPECT_EQ(select_random_property(*find_neuron_class("G"), a), -1);  // no properties: no draw
  EXPECT_EQ(a.next32(), b.next32());
}

TEST(NeuronMutation, ParamsReadAndWriteAsTheSdk) {
  const NeuronParams p = read_neuron_params("N:in=0.5, fo=0.2, si=3");
  ASSERT_NE(p.cls, nullptr);
  EXPECT_EQ(p.numbers, (std::vector<double>{0.5, 0.2, 3, 0}));
  EXPECT_EQ(write_neuron_params(p), "in=0.5, fo=0.2, si=3.0");
  // Clamped to the range, unknown names dropped, unreadable numbers give the default.
  const NeuronParams q = read_neuron_params("N:in=5,zz=1,si=abc");
  EXPECT_EQ(q.numbers, (std::vector<double>{1, 0.04, 2, 0}));
  EXPECT_EQ(write_neuron_params(q), "in=1.0");
  EXPECT_EQ(read_neuron_params("").class_name, "N");
  EXPECT_EQ(read_neuron_params("Xyz:a=1").cls, nullptr);
}

TEST(NeuronMutation, MutNeuronDetails) {
  const char* want[] = {"N: si=-2.139242540113628",
                        "N: fo=1.0",
                        "N: fo=0.006159319354919717",
                        "N: si=-999.0",
                        "N: s=0.184",
                        "N: in=0.0"};
  for (int seed = 0; seed < 6; ++seed) {
    frams::SdkRandom r(static_cast<std::uint64_t>(seed));
    EXPECT_EQ(mut_neuron_details("", r), want[seed]) << seed;
  }
  frams::SdkRandom r4(4);
  EXPECT_EQ(mut_neuron_details("@:p=0.5", r4), "@: p=0.591");
  frams::SdkRandom r2(2);
  EXPECT_EQ(mut_neuron_details("N:in=0.5,si=3", r2), "N: in=0.5, fo=0.006159319354919717, si=3.0");
  // No properties: the bare class name, no draw; unknown class: nothing.
  frams::SdkRandom a(1), b(1);
  EXPECT_EQ(mut_neuron_details("G", a), "G");
  EXPECT_EQ(mut_neuron_details("Xyz", a), std::nullopt);
  EXPECT_EQ(a.next32(), b.next32());
}

}  // namespace
}  // namespace genokit::f0
