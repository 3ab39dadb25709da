// SPDX-License-Identifier: GPL-2.0-or-later
// The counter-based draws of bond strengths (dem/draw.h): a function of the pair, the seed, the
// stream and the counter only; uniform numbers inside (0, 1); draws inside their truncations.
#include "dem/draw.h"

#include <gtest/gtest.h>

using namespace dem;

TEST(Draw, DependsOnThePairNotItsOrder)
{
  EXPECT_EQ(pair_uniform(17, 4, 9, 0, 0), pair_uniform(4, 17, 9, 0, 0));
  EXPECT_NE(pair_uniform(4, 17, 9, 0, 0), pair_uniform(4, 18, 9, 0, 0));
  EXPECT_NE(pair_uniform(4, 17, 9, 0, 0), pair_uniform(4, 17, 10, 0, 0));    // the seed
  EXPECT_NE(pair_uniform(4, 17, 9, 0, 0), pair_uniform(4, 17, 9, 1, 0));     // the stream
  EXPECT_NE(pair_uniform(4, 17, 9, 0, 0), pair_uniform(4, 17, 9, 0, 1));     // the counter
  EXPECT_NE(pair_uniform(1, 2, 9, 0, 0), pair_uniform(2, 3, 9, 0, 0));
}

TEST(Draw, UniformInsideTheOpenInterval)
{
  double lo = 1.0, hi = 0.0, sum = 0.0;
  const int n = 100000;
  for (int k = 0; k < n; k++) {
    const double u = pair_uniform(k, k + 1, 3, 0, 0);
    lo = u < lo ? u : lo;
    hi = u > hi ? u : hi;
    sum += u;
  }
  EXPECT_GT(lo, 0.0);
  EXPECT_LT(hi, 1.0);
  // the mean of n uniforms: 1/2 with standard error 1/sqrt(12 n) = 9.1e-4; 4 of them
  EXPECT_NEAR(sum / n, 0.5, 4 * 9.2e-4);
}

TEST(Draw, StrengthsInsideTheirTruncations)
{
  const Spread none, normal{0.5, 0.0}, weibull{0.0, 2.0};
  EXPECT_EQ(draw_strength(3.0, none, 1, 2, 1, 0), 3.0);
  EXPECT_EQ(spread_bound(1.0, normal), 4.0);
  EXPECT_NEAR(spread_bound(1.0, weibull), std::sqrt(WEIBULL_BOUND_LOG), 1e-15);
  // a normal of mean 1 and sd 0.5: P(x < 0) = 2.3 %, drawn again
  int redrawn = 0;
  for (int k = 0; k < 20000; k++) {
    const double x = draw_strength(1.0, normal, k, k + 7, 5, 0);
    EXPECT_GE(x, 0.0);
    EXPECT_LE(x, 4.0);
    const double w = draw_strength(1.0, weibull, k, k + 7, 5, 1);
    EXPECT_GT(w, 0.0);
    EXPECT_LE(w, spread_bound(1.0, weibull));
    // the first draw of the polar method for this pair, as draw_strength makes it
    const double v1 = 2.0 * pair_uniform(k, k + 7, 5, 0, 0) - 1.0,
                 v2 = 2.0 * pair_uniform(k, k + 7, 5, 0, 1) - 1.0, r = v1 * v1 + v2 * v2;
    const double first = r < 1.0 ? 1.0 + 0.5 * v1 * std::sqrt(-2.0 * std::log(r) / r) : -1.0;
    if (first < 0.0) {
      redrawn++;
      EXPECT_NE(x, first);
    } else {
      EXPECT_EQ(x, first);
    }
  }
  // a first draw is not kept outside the unit disc (1 - pi/4 = 21.5 %) or, inside it, below zero
  // (2.3 % of the rest): 23.2 % of 20000 = 4649 (standard deviation 60)
  EXPECT_NEAR(redrawn, 4649, 4 * 60);
}
