// SPDX-License-Identifier: GPL-2.0-or-later
#include "dem/linear.h"
#include "dem/restitution.h"

#include <gtest/gtest.h>

using namespace dem;

namespace {

LinearParams spring(double kn, double ks, double fric)
{
  LinearParams p;
  p.kn = kn;
  p.ks = ks;
  p.tan.fric = p.tan.fric_dyn = fric;
  return p;
}

// particle 2 above particle 1 along z with the given gap and relative velocity of 2
Contact head_on(double gap, Vec3 vrel, double meff = 1.0)
{
  const double r1 = 1.0, r2 = 1.0;
  return ball_ball({0, 0, r1 + r2 + gap}, r1 + r2 + gap, r1, r2, {0, 0, 0}, vrel, {0, 0, 0},
                   {0, 0, 0}, meff);
}

}    // namespace

TEST(LinearCore, AbsoluteNormalForceIsKnTimesGapAndNeverTensile)
{
  LinearParams p = spring(100.0, 0.0, 0.0);
  ContactHistory h;
  h.state = 1;
  ContactResult r = linear_step(p, head_on(-0.01, {0, 0, 0}), 1e-3, h);
  EXPECT_DOUBLE_EQ(h.fn, -1.0);
  EXPECT_DOUBLE_EQ(r.force.z, 1.0);    // pushes particle 2 away from 1
  r = linear_step(p, head_on(0.0, {0, 0, 0}), 1e-3, h);
  EXPECT_EQ(h.fn, 0.0);
}

TEST(LinearCore, IncrementalNormalForceUsesActivationFraction)
{
  LinearParams p = spring(100.0, 0.0, 0.0);
  p.lin_mode = 1;
  ContactHistory h;    // new contact: the gap went from +0.003 to -0.001 in this step
  linear_step(p, head_on(-0.001, {0, 0, -4.0}), 1e-3, h);
  // only the part with g_s < 0 counts (eq. 1); the gap r - R1 - R2 carries ~1e-16 round-off
  EXPECT_NEAR(h.fn, 100.0 * -0.001, 1e-12);
  linear_step(p, head_on(-0.002, {0, 0, -1.0}), 1e-3, h);
  EXPECT_NEAR(h.fn, -0.2, 1e-12);
  linear_step(p, head_on(0.0, {0, 0, 5.0}), 1e-3,
              h);    // unloading faster than the gap: no tension
  EXPECT_EQ(h.fn, 0.0);
}

TEST(LinearCore, CoulombLimitAndSlipEvents)
{
  LinearParams p = spring(100.0, 50.0, 0.5);
  ContactHistory h;
  h.state = 1;
  // normal force 1, shear increment 50 * 0.004 = 0.2 < 0.5: sticks
  ContactResult r = linear_step(p, head_on(-0.01, {4.0, 0, 0}), 1e-3, h);
  EXPECT_NEAR(h.fs.x, -0.2, 1e-14);
  EXPECT_FALSE(h.slipping());
  // next increment would reach 0.7 > 0.5: capped at mu |F_n|, slip starts
  r = linear_step(p, head_on(-0.01, {10.0, 0, 0}), 1e-3, h);
  EXPECT_NEAR(h.fs.x, -0.5, 1e-14);
  EXPECT_TRUE(r.slip_started);
  // slip part of the 0.01 increment: 0.01 - 0.3/50; times the mean shear force 0.35 (eq. 13)
  EXPECT_NEAR(r.d_slip, 0.35 * (0.01 - 0.3 / 50.0), 1e-15);
  // reversing: the spring unloads elastically, slip ends
  r = linear_step(p, head_on(-0.01, {-2.0, 0, 0}), 1e-3, h);
  EXPECT_NEAR(h.fs.x, -0.4, 1e-14);
  EXPECT_TRUE(r.slip_ended);
}

TEST(LinearCore, DashpotModes)
{
  LinearParams p = spring(100.0, 100.0, 0.1);
  p.dp.nratio = 0.5;
  p.dp.sratio = 0.5;
  const double c = 2.0 * 0.5 * std::sqrt(1.0 * 100.0);    // 2 beta sqrt(m k) = 10
  ContactHistory h;
  h.state = 1;
  // separating at 1 m/s with a small spring force: full dashpot pulls back with 10 N
  ContactResult r = linear_step(p, head_on(-0.001, {0.0, 0, 1.0}), 1e-6, h);
  EXPECT_NEAR(r.f_dashpot.z, -c, 1e-12);
  p.dp.mode = 1;    // no-tension: capped so that the total normal force stays >= 0
  h = ContactHistory{};
  h.state = 1;
  r = linear_step(p, head_on(-0.001, {0.0, 0, 1.0}), 1e-6, h);
  EXPECT_NEAR(r.force.z, 0.0, 1e-12);
  // slip-cut: no shear dashpot while sliding (dp_mode 2, 3)
  p.dp.mode = 2;
  h = ContactHistory{};
  h.state = 1;
  r = linear_step(p, head_on(-0.01, {5.0, 0, -1.0}), 1e-3, h);
  ASSERT_TRUE(h.slipping());
  EXPECT_EQ(r.f_dashpot.x, 0.0);
  p.dp.mode = 0;
  h = ContactHistory{};
  h.state = 1;
  r = linear_step(p, head_on(-0.01, {5.0, 0, -1.0}), 1e-3, h);
  EXPECT_NEAR(r.f_dashpot.x, -c * 5.0, 1e-12);
}

TEST(LinearCore, StoredShearFollowsTheContactPlane)
{
  const Vec3 n{0.0, 0.6, 0.8};
  const Vec3 fs = rotate_into_plane({3.0, 0.0, 0.0 + 1.0}, n);
  EXPECT_NEAR(dot(fs, n), 0.0, 1e-15);
  EXPECT_NEAR(norm(fs), std::sqrt(10.0), 1e-14);
}

TEST(LinearCore, HistoryStorageIsOrientationConsistent)
{
  ContactHistory h;
  h.fs = {1.0, -2.0, 3.0};
  h.fn = -4.0;
  h.state = 2;
  h.e_slip = 5.0;
  h.e_dashpot = 6.0;
  double slot[ContactHistory::size];
  h.store(slot, -1.0);
  for (double &v : slot) v = -v;    // what LAMMPS does when the partner atom takes the contact
  const ContactHistory g = ContactHistory::load(slot, 1.0);
  EXPECT_EQ(g.fs.x, -1.0);    // force on the other particle
  EXPECT_EQ(g.fn, -4.0);
  EXPECT_EQ(g.state, 2);
  EXPECT_EQ(g.e_slip, 5.0);
  EXPECT_EQ(g.e_dashpot, 6.0);
}

// a record stored as it is and taken over by the partner (every slot negated, as LAMMPS's history
// fixes do) reads back its scalars through its own orientation, the sign of the state slot
TEST(LinearCore, HistoryRecordCarriesItsOrientation)
{
  ContactHistory h;
  h.fs = {1.0, -2.0, 3.0};
  h.fn = -4.0;
  h.state = 1;
  h.e_slip = 5.0;
  double slot[ContactHistory::size] = {};
  EXPECT_EQ(ContactHistory::orientation(slot), 1.0);    // no contact yet
  h.store(slot, 1.0);
  EXPECT_EQ(ContactHistory::orientation(slot), 1.0);
  for (double &v : slot) v = -v;
  EXPECT_EQ(ContactHistory::orientation(slot), -1.0);
  const ContactHistory g = ContactHistory::load(slot, ContactHistory::orientation(slot));
  EXPECT_EQ(g.fs.y, 2.0);
  EXPECT_EQ(g.fn, -4.0);
  EXPECT_EQ(g.state, 1);
  EXPECT_EQ(g.e_slip, 5.0);
}

TEST(LinearCore, StiffnessFromMaterialIsSeriesConnector)
{
  LinearParams p;
  p.from_material = true;
  p.inv_emod1 = 1.0 / 1e6;
  p.inv_emod2 = 1.0 / 2e6;
  p.kratio = 2.0;
  double kn, ks;
  linear_stiffness(p, 0.5, 1.0, kn, ks);
  EXPECT_NEAR(kn, kPi * 0.25 / (0.5 / 1e6 + 1.0 / 2e6), 1e-6);
  EXPECT_NEAR(ks, kn / 2.0, 1e-9);
  p.dim2 = true;
  linear_stiffness(p, 0.5, 1.0, kn, ks);
  EXPECT_NEAR(kn, 1.0 / (0.5 / 1e6 + 1.0 / 2e6), 1e-6);
}

// The relative velocity of the contact points, from its definition: x_c = x1 + l1 n = x2 - l2 n,
// v_c = v + w x (x_c - x_centre), with unequal radii and spins so that every term counts.
TEST(LinearCore, ContactPointVelocity)
{
  const Vec3 d{0.3, -1.1, 1.7}, v1{0.2, -0.4, 0.1}, v2{-0.3, 0.5, 0.7}, w1{2.0, -1.0, 3.0},
      w2{-4.0, 0.5, 1.5};
  const double r1 = 0.8, r2 = 1.4, r = norm(d);
  const Vec3 n = (1.0 / r) * d;
  const double l1 = r1 + 0.5 * (r - r1 - r2), l2 = r2 + 0.5 * (r - r1 - r2);
  const Vec3 expected = (v2 + cross(w2, (-l2) * n)) - (v1 + cross(w1, l1 * n));
  const Contact c = ball_ball(d, r, r1, r2, v1, v2, w1, w2, 1.0);
  EXPECT_NEAR(c.vrel.x, expected.x, 1e-14);
  EXPECT_NEAR(c.vrel.y, expected.y, 1e-14);
  EXPECT_NEAR(c.vrel.z, expected.z, 1e-14);
  EXPECT_DOUBLE_EQ(c.lever1, l1);
  EXPECT_DOUBLE_EQ(c.lever2, l2);
}
