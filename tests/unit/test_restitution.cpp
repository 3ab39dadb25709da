// SPDX-License-Identifier: GPL-2.0-or-later
#include "dem/restitution.h"

#include <gtest/gtest.h>

using namespace dem;

// Reference values of doc/verification.rst, section 2 (4 significant digits there).
TEST(Restitution, FullDashpotKnownValues)
{
  EXPECT_NEAR(restitution_full(0.1), 0.7292, 5e-5);
  EXPECT_NEAR(restitution_full(0.5), 0.1630, 5e-5);
  EXPECT_EQ(restitution_full(0.0), 1.0);
  EXPECT_EQ(restitution_full(1.0), 0.0);
}

TEST(Restitution, NoTensionKnownValues)
{
  EXPECT_NEAR(restitution_no_tension(0.1), 0.7441, 5e-5);
  EXPECT_NEAR(restitution_no_tension(0.5), 0.2984, 5e-5);
  EXPECT_NEAR(restitution_no_tension(1.0), std::exp(-2.0), 1e-15);
}

TEST(Restitution, NoTensionIsContinuousAcrossBranches)
{
  const double z = 1.0 / std::sqrt(2.0);
  EXPECT_NEAR(restitution_no_tension(z - 1e-9), restitution_no_tension(z + 1e-9), 1e-7);
  EXPECT_NEAR(restitution_no_tension(1.0 - 1e-9), restitution_no_tension(1.0 + 1e-9), 1e-6);
}

TEST(Restitution, InversesRoundTrip)
{
  for (double e : {0.05, 0.2, 0.5, 0.7292, 0.9, 0.999}) {
    EXPECT_NEAR(restitution_full(damping_ratio_full(e)), e, 1e-12) << e;
    if (e >= std::exp(-2.0))
      EXPECT_NEAR(restitution_no_tension(damping_ratio_no_tension(e)), e, 1e-12) << e;
  }
  EXPECT_NEAR(damping_ratio_full(0.1630), 0.5, 1e-4);
}
