// dem/hysteretic's contact history: its two layouts (7 values without the energies, 13 with them)
// and the conversions of restart records between them and the forms of earlier versions (9 and 11
// values), whose dashpot force F^d is a vector: the 7 values keep F^d . n, which needs the normal,
// so the conversion is finished in the setup pass (HystHistory::complete).
// SPDX-License-Identifier: GPL-2.0-or-later
#include "dem/hysteretic.h"
#include "history_layout.h"

#include <gtest/gtest.h>

using namespace dem;
using DEM_NS::convert_record;
using DEM_NS::HistoryLayout;

namespace {

const Vec3 N = {0.36, -0.48, 0.8};    // a unit normal whose largest component is z
constexpr double FD_N = -0.25;        // F^d . n (repulsive: the overlap grows)

// a contact after a step: state 1, both cycle flags, F^d = FD_N n
HystHistory stepped()
{
  HystHistory h;
  h.fs = {0.8, 0.6, 0.0};
  h.fn = -3.0;
  h.state = 1;
  h.flags = HystHistory::UNLOADED | HystHistory::SECONDARY;
  h.fd_n = FD_N;
  h.fd = FD_N * N;
  h.delta_old = 1e-4;
  h.e_slip = 0.5;
  h.e_dashpot = 0.25;
  h.e_plastic = 0.125;
  return h;
}

HistoryLayout layout(int parts, int size)
{
  return HistoryLayout("dem/hysteretic", parts, size, 0);
}

// record of `from` (its values) -> layout `to` -> loaded and completed along N
HystHistory converted(const double *in, const HistoryLayout &from, const HistoryLayout &to,
                      bool &changed)
{
  double out[16];
  convert_record(in, from, to, out);
  HystHistory h = HystHistory::load(out, 1.0, to.parts);
  changed = h.complete(N);
  return h;
}

void expect_same_contact(const HystHistory &g, const HystHistory &want)
{
  EXPECT_EQ(g.fs.x, want.fs.x);
  EXPECT_EQ(g.fs.y, want.fs.y);
  EXPECT_EQ(g.fn, want.fn);
  EXPECT_EQ(g.state, want.state);
  EXPECT_EQ(g.flags, want.flags);
  EXPECT_EQ(g.delta_old, want.delta_old);
}

}    // namespace

// the 7 values round-trip, F^d comes back along n exactly (the product the step computed)
TEST(HystHistory, CompactLayoutKeepsNormalDashpotForce)
{
  EXPECT_EQ(HystHistory::slots(0), 7);
  EXPECT_EQ(HystHistory::slots(HIST_ENERGY), 13);
  const HystHistory h = stepped();
  double slot[7];
  h.store(slot, -1.0, 0);
  for (double &v : slot) v = -v;    // the partner takes the contact: F_s flips, F^d . n does not
  HystHistory g = HystHistory::load(slot, 1.0, 0);
  EXPECT_EQ(g.fs.x, -0.8);
  EXPECT_EQ(g.fn, -3.0);
  EXPECT_EQ(g.state, 1);
  EXPECT_EQ(g.flags, 3);
  EXPECT_EQ(g.fd_n, FD_N);
  EXPECT_EQ(g.delta_old, 1e-4);
  EXPECT_FALSE(g.complete(N));    // nothing pending: the values are as stored
  EXPECT_EQ(g.fd.x, FD_N * N.x);
  EXPECT_EQ(g.fd.z, FD_N * N.z);
  for (int k = 0; k < 7; k++) EXPECT_EQ(HystHistory::is_vector_slot(k, 0), k < 3);
}

// energy tracking switched on and off across a restart: 7 -> 13 needs the normal for the vector,
// 13 -> 7 for F^d . n; the energies start at 0 or are dropped
TEST(HystHistory, EnergyLayoutConvertsBothWays)
{
  const HystHistory h = stepped();
  double seven[7], thirteen[13];
  h.store(seven, 1.0, 0);
  bool changed = false;
  HystHistory g = converted(seven, layout(0, 7), layout(HIST_ENERGY, 13), changed);
  EXPECT_TRUE(changed);
  expect_same_contact(g, h);
  EXPECT_EQ(g.fd.x, h.fd.x);    // the step's product, exactly
  EXPECT_EQ(g.fd.z, h.fd.z);
  EXPECT_EQ(g.e_slip, 0.0);
  EXPECT_EQ(g.e_plastic, 0.0);

  h.store(thirteen, 1.0, HIST_ENERGY);
  g = converted(thirteen, layout(HIST_ENERGY, 13), layout(0, 7), changed);
  EXPECT_TRUE(changed);
  expect_same_contact(g, h);
  EXPECT_NEAR(g.fd_n, FD_N, 1e-16);

  // unchanged layout, nothing pending: as stored
  g = converted(thirteen, layout(HIST_ENERGY, 13), layout(HIST_ENERGY, 13), changed);
  EXPECT_FALSE(changed);
  EXPECT_EQ(g.fd.y, h.fd.y);
  EXPECT_EQ(g.e_plastic, 0.125);
}

// a record still pending (a restart file written before any run) converts again unchanged
TEST(HystHistory, PendingConversionSurvivesAnotherConversion)
{
  const HystHistory h = stepped();
  double thirteen[13], seven[7], back[13], again[7];
  h.store(thirteen, 1.0, HIST_ENERGY);
  convert_record(thirteen, layout(HIST_ENERGY, 13), layout(0, 7), seven);
  convert_record(seven, layout(0, 7), layout(HIST_ENERGY, 13), back);
  convert_record(back, layout(HIST_ENERGY, 13), layout(0, 7), again);
  for (int k = 0; k < 7; k++) EXPECT_EQ(again[k], seven[k]);
  HystHistory g = HystHistory::load(back, 1.0, HIST_ENERGY);
  EXPECT_TRUE(g.complete(N));
  EXPECT_NEAR(g.fd.z, h.fd.z, 1e-16);
}
