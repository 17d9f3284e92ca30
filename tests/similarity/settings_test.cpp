// Dissimilarity settings by their Framsticks names: defaults, `.sim` files (framspy's
// eval-allcriteria.sim), name=value strings, the SDK's clamping, refusals.
#include "genokit/similarity/settings.hpp"

#include <gtest/gtest.h>

#include "common/test_paths.hpp"

namespace genokit::similarity {
namespace {

TEST(SimilaritySettings, DefaultsAreTheSdks) {
  const SimilaritySettings s;
  EXPECT_EQ(s.selected(), Method::hungarian);  // simil_type 1
  Diagnostics d;
  for (Method m : {Method::greedy, Method::hungarian}) {
    const auto o = s.options(d, m);
    ASSERT_TRUE(o);
    EXPECT_EQ(o->method, m);
    EXPECT_EQ(o->weights.parts, 0);
    EXPECT_EQ(o->weights.degrees, 1);
    EXPECT_EQ(o->weights.neurons, 0.1);
    EXPECT_EQ(o->weights.geometry, 0);
    EXPECT_FALSE(o->fixed_z);
    EXPECT_FALSE(o->weighted_mds);
  }
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(settings_table().size(), 16u);
}

TEST(SimilaritySettings, FramspysEvalAllCriteria) {
  GENOKIT_REQUIRE_CORPUS();
  Diagnostics d;
  const frams::Document doc =
      frams::load_file((test::corpus_dir() / "framsticks" / "framspy-sim" / "eval-allcriteria.sim").string(), d);
  SimilaritySettings s;
  s.take_all(doc, d);
  EXPECT_FALSE(d.has_errors());
  EXPECT_EQ(s.selected(), Method::hungarian);
  const auto greedy = s.options(d, Method::greedy);
  EXPECT_EQ(greedy->weights.geometry, 1.0);  // SIM1303's greedy overrides
  EXPECT_TRUE(greedy->weighted_mds);
  const auto hungarian = s.options(d);
  EXPECT_EQ(hungarian->method, Method::hungarian);
  EXPECT_EQ(hungarian->weights.geometry, 0.0);
  EXPECT_FALSE(hungarian->weighted_mds);
}

TEST(SimilaritySettings, AssignClampAndRefuse) {
  SimilaritySettings s;
  Diagnostics d;
  EXPECT_TRUE(s.assign("simil_type=0", d));
  EXPECT_EQ(s.selected(), Method::greedy);
  EXPECT_TRUE(s.assign("simil_greedy_partgeom: 2.5", d));
  EXPECT_EQ(s.options(d)->weights.geometry, 2.5);
  EXPECT_TRUE(d.empty());
  // Out of range: clamped as the SDK does, with its warning.
  s.assign("simil_partgeom=500", d);
  EXPECT_EQ(s.options(d, Method::hungarian)->weights.geometry, 100.0);
  ASSERT_FALSE(d.items().empty());
  EXPECT_EQ(d.items().back().code, "frams.value-clamped");
  // Not a setting at all, an unknown simil_ name, the distribution measure.
  Diagnostics e;
  EXPECT_FALSE(s.assign("f1_smX=0.1", e));
  EXPECT_EQ(e.items().back().code, "similarity.bad-setting");
  EXPECT_FALSE(s.assign("simil_type", e));
  EXPECT_TRUE(s.take("simil_colour", "1", e));
  EXPECT_EQ(e.items().back().code, "similarity.unknown-setting");
  EXPECT_FALSE(s.take("world_size", "20", e));
  s.assign("simil_type=2", e);
  EXPECT_FALSE(s.selected());
  EXPECT_FALSE(s.options(e));
  EXPECT_EQ(e.items().back().code, "similarity.unsupported-measure");
  EXPECT_TRUE(s.options(e, Method::levenshtein));  // a named method still works
}

}  // namespace
}  // namespace genokit::similarity
