// SPDX-License-Identifier: GPL-2.0-or-later
// The flat joint's interface (dem/fjoint.h): the elements' areas and moments, and the exact moments
// of the closed part of an element (g < 0) against a fine midpoint sum over the element.
#include "dem/fjoint.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace dem;

namespace {
constexpr double kPiTest = 3.14159265358979323846;

// the moments of the part of a sector where g0 + bs x_s + bt x_t < 0, by a midpoint sum on an
// n x n polar grid (error ~ 1/n where the line g = 0 cuts cells: 3e-3 of R^2 holds at n = 1000,
// a wrong branch of the exact integration is off by tenths)
AreaMoments sum_closed(double ri, double ro, double a1, double a2, double g0, double bs, double bt,
                       int n)
{
  AreaMoments m;
  const double dr = (ro - ri) / n, da = (a2 - a1) / n;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      const double r = ri + (i + 0.5) * dr, a = a1 + (k + 0.5) * da;
      const double x = r * std::cos(a), y = r * std::sin(a), w = r * dr * da;
      if (g0 + bs * x + bt * y >= 0.0) continue;
      m.a += w;
      m.s += w * x;
      m.t += w * y;
      m.ss += w * x * x;
      m.st += w * x * y;
      m.tt += w * y * y;
    }
  return m;
}
}    // namespace

TEST(FlatJoint, ElementsTileTheDisk)
{
  FlatJoint j;
  j.on = true;
  j.kn = 1.0;
  for (int nr = 1; nr <= 4; nr++)
    for (int na = 1; na <= 4; na++) {
      j.nr = nr;
      j.na = na;
      const FjGeometry g = fj_geometry(j, 2.0, 3.0);    // Rbar = 2
      AreaMoments sum;
      for (int e = 0; e < g.count; e++) sum.add(element_moments(g, e, false, 0, 0, 0), 1.0);
      // as flat_joint_step turns the angles from sector to sector
      const double da = 2 * kPiTest / na;
      for (int e = 0; e < g.count; e++) {
        const int k = e % na;
        const AreaMoments turned =
            whole_element(g, fj_ring(g, e / na), da, std::cos(k * da), std::sin(k * da),
                          std::cos((k + 1) * da), std::sin((k + 1) * da));
        const AreaMoments exact = element_moments(g, e, false, 0, 0, 0);
        EXPECT_NEAR(turned.a, exact.a, 1e-13);
        EXPECT_NEAR(turned.s, exact.s, 1e-13);
        EXPECT_NEAR(turned.ss, exact.ss, 1e-13);
        EXPECT_NEAR(turned.st, exact.st, 1e-13);
      }
      const double i = kPiTest * 16.0 / 4.0;
      EXPECT_NEAR(sum.a, kPiTest * 4.0, 1e-12);
      EXPECT_NEAR(sum.s, 0.0, 1e-12);
      EXPECT_NEAR(sum.t, 0.0, 1e-12);
      EXPECT_NEAR(sum.ss, i, 1e-12);
      EXPECT_NEAR(sum.tt, i, 1e-12);
      EXPECT_NEAR(sum.st, 0.0, 1e-12);
    }
}

TEST(FlatJoint, ClosedPartOfASector)
{
  // sectors of inner rings (ri 0) and outer ones, narrow and wide, cut by lines in every direction
  // and at every distance (the line through both arcs, one arc, the radial sides, missing)
  const double sectors[][4] = {{0.0, 1.0, 0.0, kPiTest / 2},
                               {0.5, 1.0, 0.3, 1.2},
                               {0.5, 1.0, 1.0, 1.0 + 2 * kPiTest / 3},
                               {0.25, 0.75, 4.0, 4.0 + kPiTest},
                               {0.0, 1.0, 0.0, 2 * kPiTest}};
  int compared = 0;
  for (const auto &sec : sectors)
    for (int dir = 0; dir < 8; dir++)
      for (int off = -3; off <= 3; off++) {
        const double psi = dir * kPiTest / 4 + 0.1, bs = std::cos(psi), bt = std::sin(psi);
        const double g0 = 0.31 * off;
        const AreaMoments m = closed_sector_moments(sec[0], sec[1], sec[2], sec[3], g0, bs, bt);
        const AreaMoments q = sum_closed(sec[0], sec[1], sec[2], sec[3], g0, bs, bt, 1000);
        const double tol = 3e-3 * sec[1] * sec[1];
        // with the open part (where -g < 0), exactly the whole sector
        AreaMoments both = m;
        both.add(closed_sector_moments(sec[0], sec[1], sec[2], sec[3], -g0, -bs, -bt), 1.0);
        const AreaMoments whole = sector_moments(sec[0], sec[1], sec[2], sec[3]);
        EXPECT_NEAR(both.a, whole.a, 1e-12);
        EXPECT_NEAR(both.t, whole.t, 1e-12);
        EXPECT_NEAR(both.ss, whole.ss, 1e-12);
        EXPECT_NEAR(m.a, q.a, tol) << sec[2] << " " << psi << " " << g0;
        EXPECT_NEAR(m.s, q.s, tol);
        EXPECT_NEAR(m.t, q.t, tol);
        EXPECT_NEAR(m.ss, q.ss, tol);
        EXPECT_NEAR(m.st, q.st, tol);
        EXPECT_NEAR(m.tt, q.tt, tol);
        compared++;
      }
  EXPECT_EQ(compared, 5 * 8 * 7);
}

TEST(FlatJoint, ClosedPartOfASegment)
{
  // 2d: g = g0 + bs x on [-1, 0.5]: closed where x < 0.25 (bs 2, g0 -0.5)
  const AreaMoments m = closed_segment_moments(-1.0, 0.5, -0.5, 2.0);
  EXPECT_DOUBLE_EQ(m.a, 1.25);
  EXPECT_DOUBLE_EQ(m.s, 0.5 * (0.0625 - 1.0));
  EXPECT_DOUBLE_EQ(closed_segment_moments(-1.0, 0.5, 0.5, 0.0).a, 0.0);
  EXPECT_DOUBLE_EQ(closed_segment_moments(-1.0, 0.5, -0.5, 0.0).a, 1.5);
  EXPECT_DOUBLE_EQ(closed_segment_moments(-1.0, 0.5, -0.5, -2.0).a, 0.75);    // x > -0.25
}

TEST(FlatJoint, ElementStates)
{
  FjValues v;
  for (int e = 0; e < FJ_MAX_ELEMENTS; e++) v.set_state(e, e % 4);
  for (int e = 0; e < FJ_MAX_ELEMENTS; e++) EXPECT_EQ(v.state(e), e % 4);
  v.set_state(15, FJ_BONDED);
  v.set_state(0, FJ_BROKE_SHEAR);
  EXPECT_EQ(v.state(15), FJ_BONDED);
  EXPECT_EQ(v.state(0), FJ_BROKE_SHEAR);
  EXPECT_EQ(v.state(1), 1);
}
