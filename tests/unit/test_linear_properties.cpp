// SPDX-License-Identifier: GPL-2.0-or-later
#include "dem/restitution.h"
#include "mix_helpers.h"

#include <gtest/gtest.h>

using namespace DEM_NS;

namespace {
LinearProperties props(std::initializer_list<std::pair<const char *, double>> kv)
{
  LinearProperties p;
  for (auto [k, v] : kv) EXPECT_EQ(linear_set(p, k, v), "") << k;
  return p;
}
}    // namespace

TEST(LinearProperties, RangesAreEnforcedWithTheKeywordInTheMessage)
{
  LinearProperties p;
  EXPECT_NE(linear_set(p, "kn", -1.0).find("kn"), std::string::npos);
  EXPECT_NE(linear_set(p, "dp_nratio", 1.5).find("[0, 1]"), std::string::npos);
  EXPECT_NE(linear_set(p, "dp_mode", 4).find("dp_mode"), std::string::npos);
  EXPECT_NE(linear_set(p, "dp_mode", 1.5).find("dp_mode"), std::string::npos);
  EXPECT_NE(linear_set(p, "lin_mode", 2).find("lin_mode"), std::string::npos);
  EXPECT_NE(linear_set(p, "restitution", 0.0).find("(0, 1]"), std::string::npos);
  EXPECT_NE(linear_set(p, "emod", 0.0).find("emod"), std::string::npos);
  EXPECT_NE(linear_set(p, "stiffness", 1.0).find("unknown keyword"), std::string::npos);
  EXPECT_EQ(p.set, 0u);
}

TEST(LinearProperties, InheritanceSeriesStiffnessAndMinimumFriction)
{
  dem::LinearParams out;
  const auto a = props({{"kn", 1e4}, {"ks", 5e3}, {"fric", 0.3}});
  const auto b = props({{"kn", 3e4}, {"ks", 5e3}, {"fric", 0.5}});
  ASSERT_EQ(linear_mix(a, b, LinearProperties{}, false, out), "");
  EXPECT_DOUBLE_EQ(out.kn, 1e4 * 3e4 / 4e4);
  EXPECT_DOUBLE_EQ(out.ks, 2.5e3);
  EXPECT_DOUBLE_EQ(out.tan.fric, 0.3);
  ASSERT_EQ(linear_mix(a, a, LinearProperties{}, false, out), "");
  EXPECT_DOUBLE_EQ(out.kn, 5e3);    // like types: two equal springs in series
  ASSERT_EQ(linear_mix(a, b, props({{"kn", 7.0}, {"fric", 0.9}}), false, out), "");
  EXPECT_DOUBLE_EQ(out.kn, 7.0);
  EXPECT_DOUBLE_EQ(out.tan.fric, 0.9);
}

TEST(LinearProperties, NonInheritablePropertiesMustAgreeOrBeSetForThePair)
{
  dem::LinearParams out;
  const auto a = props({{"kn", 1e4}, {"dp_nratio", 0.1}});
  const auto b = props({{"kn", 1e4}, {"dp_nratio", 0.2}});
  EXPECT_NE(linear_mix(a, b, LinearProperties{}, false, out).find("dp_nratio"), std::string::npos);
  ASSERT_EQ(linear_mix(a, b, props({{"dp_nratio", 0.15}}), false, out), "");
  EXPECT_DOUBLE_EQ(out.dp.nratio, 0.15);
}

TEST(LinearProperties, RestitutionSetsTheDampingRatioForTheDashpotMode)
{
  dem::LinearParams out;
  ASSERT_EQ(linear_mix(props({{"kn", 1.0}, {"restitution", 0.5}}),
                       props({{"kn", 1.0}, {"restitution", 0.5}}), LinearProperties{}, false, out),
            "");
  EXPECT_NEAR(out.dp.nratio, dem::damping_ratio_full(0.5), 1e-15);
  const auto nt = props({{"kn", 1.0}, {"restitution", 0.5}, {"dp_mode", 1}});
  ASSERT_EQ(linear_mix(nt, nt, LinearProperties{}, false, out), "");
  EXPECT_NEAR(dem::restitution_no_tension(out.dp.nratio), 0.5, 1e-12);
  const auto low = props({{"kn", 1.0}, {"restitution", 0.1}, {"dp_mode", 3}});
  EXPECT_NE(linear_mix(low, low, LinearProperties{}, false, out).find("restitution"),
            std::string::npos);
  const auto both = props({{"kn", 1.0}, {"restitution", 0.5}, {"dp_nratio", 0.1}});
  EXPECT_NE(linear_mix(both, both, LinearProperties{}, false, out).find("alternatives"),
            std::string::npos);
}

TEST(LinearProperties, MaterialStiffness)
{
  dem::LinearParams out;
  const auto a = props({{"emod", 1e6}, {"kratio", 2.0}});
  const auto b = props({{"emod", 4e6}, {"kratio", 3.0}});
  ASSERT_EQ(linear_mix(a, b, LinearProperties{}, false, out), "");
  EXPECT_TRUE(out.from_material);
  EXPECT_DOUBLE_EQ(out.inv_emod2, 0.25e-6);
  EXPECT_DOUBLE_EQ(out.kratio, 2.5);
  EXPECT_NE(linear_mix(a, props({{"kn", 1.0}}), LinearProperties{}, false, out).find("emod"),
            std::string::npos);
  EXPECT_NE(linear_mix(props({{"kn", 1.0}, {"kratio", 2.0}}), a, LinearProperties{}, false, out)
                .find("kratio"),
            std::string::npos);
}

TEST(LinearProperties, PairOverrideReplacesOnlyTheKeywordsItNames)
{
  dem::LinearParams out;
  const auto a = props({{"kn", 1e4}, {"ks", 5e3}, {"fric", 0.3}});
  const auto b = props({{"kn", 3e4}, {"ks", 5e3}, {"fric", 0.5}});
  ASSERT_EQ(linear_mix(a, b, props({{"kn", 7.0}}), false, out), "");
  EXPECT_DOUBLE_EQ(out.kn, 7.0);
  EXPECT_DOUBLE_EQ(out.ks, 2.5e3);    // inherited, not 0
  ASSERT_EQ(linear_mix(a, b, props({{"ks", 9.0}}), false, out), "");
  EXPECT_DOUBLE_EQ(out.kn, 7.5e3);
  EXPECT_DOUBLE_EQ(out.ks, 9.0);
  // emod types: kn and ks depend on the radii, so a pair replaces both or neither
  const auto m = props({{"emod", 1e6}, {"kratio", 2.0}});
  EXPECT_NE(linear_mix(m, m, props({{"kn", 7.0}}), false, out).find("both kn and ks"),
            std::string::npos);
  ASSERT_EQ(linear_mix(m, m, props({{"kn", 7.0}, {"ks", 3.0}}), false, out), "");
  EXPECT_FALSE(out.from_material);
  EXPECT_NE(linear_mix(a, b, props({{"emod", 1e6}}), false, out).find("properties of a type"),
            std::string::npos);
}

TEST(LinearProperties, OverflowingDerivedStiffnessIsAnErrorNamingTheKeyword)
{
  dem::LinearParams out;
  const auto a = props({{"kn", 1e308}, {"ks", 1e4}});
  EXPECT_NE(linear_mix(a, a, LinearProperties{}, false, out).find("keyword kn"), std::string::npos);
  const auto b = props({{"kn", 1e4}, {"ks", 1e308}});
  EXPECT_NE(linear_mix(b, b, LinearProperties{}, false, out).find("keyword ks"), std::string::npos);
}
