// Rocky's load/unload choice of the hysteretic normal force (rocky_normal_force, one clamp with
// its bounds from the sign of the overlap's change) against the rule as the manual writes it,
// inside the envelope [lambda K_nl delta, K_nl delta] and outside it (a force carried over from
// other parameters), below zero, at a change of zero and at a zero or negative overlap.
// SPDX-License-Identifier: GPL-2.0-or-later
#include "dem/hysteretic.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using Force = double (*)(double, double, double, double);
// the clamp this CPU runs (SSE2) and the form of CUDA and other CPUs
const Force forms[] = {dem::rocky_normal_force, dem::rocky_normal_force_rule};

// Rocky DEM Technical Manual 2.1, eq. 2-1 and 2-2, and F >= 0
double rocky_rule(double f_trial, double f_cap, double f_floor, double dd)
{
  const double f = dd >= 0.0 ? std::min(f_trial, f_cap) : std::max(f_trial, f_floor);
  return std::max(f, 0.0);
}

}    // namespace

TEST(HystereticForce, ClampEqualsRockysChoice)
{
  const double cap = 2.0, floor = 0.002;    // K_nl delta, lambda K_nl delta (lambda = 0.001)
  const double trials[] = {-1.0, -1e-300, 0.0, 1e-3, floor, 0.5, 1.999999, cap, 2.5, 1e300};
  const double changes[] = {-1e-3, -1e-300, 0.0, 1e-300, 1e-3};
  for (double trial : trials)
    for (double dd : changes)
      for (Force rocky_normal_force : forms)
        EXPECT_EQ(rocky_normal_force(trial, cap, floor, dd), rocky_rule(trial, cap, floor, dd))
            << "F_trial " << trial << " dd " << dd;
  // the cases that tell the branches apart: above the cap it is the cap only while loading, below
  // the floor the floor only while unloading
  for (Force rocky_normal_force : forms) {
    EXPECT_EQ(rocky_normal_force(2.5, cap, floor, 1e-3), cap);
    EXPECT_EQ(rocky_normal_force(2.5, cap, floor, -1e-3), 2.5);
    EXPECT_EQ(rocky_normal_force(1e-3, cap, floor, -1e-3), floor);
    EXPECT_EQ(rocky_normal_force(1e-3, cap, floor, 1e-3), 1e-3);
    EXPECT_EQ(rocky_normal_force(-1.0, cap, floor, 1e-3), 0.0);
  }
}

TEST(HystereticForce, NegativeOverlap)
{
  // not a case of the laws' own steps (they run at delta >= 0), but the same numbers there too
  const double cap = -2.0, floor = -0.002;
  for (double trial : {-3.0, -1.0, -0.001, 0.0, 0.5, 3.0})
    for (double dd : {-1e-3, 0.0, 1e-3})
      for (Force rocky_normal_force : forms)
        EXPECT_EQ(rocky_normal_force(trial, cap, floor, dd), rocky_rule(trial, cap, floor, dd))
            << "F_trial " << trial << " dd " << dd;
}

TEST(HystereticForce, ZeroOverlap)
{
  // delta = 0: cap and floor are 0; loading gives 0, unloading keeps a positive trial force
  for (Force rocky_normal_force : forms) {
    EXPECT_EQ(rocky_normal_force(0.7, 0.0, 0.0, 0.0), 0.0);
    EXPECT_EQ(rocky_normal_force(0.7, 0.0, 0.0, -1e-3), 0.7);
    EXPECT_EQ(rocky_normal_force(-0.7, 0.0, 0.0, -1e-3), 0.0);
  }
}
