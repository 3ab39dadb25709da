// PFC Hertz core and property inheritance (eq. 4-9, 18-19) without LAMMPS.
// SPDX-License-Identifier: GPL-2.0-or-later
#include "dem/hertz.h"
#include "mix_helpers.h"

#include <gtest/gtest.h>

using namespace DEM_NS;
using dem::Vec3;

namespace {
HertzProperties props(std::initializer_list<std::pair<const char *, double>> kv)
{
  HertzProperties p;
  for (auto [k, v] : kv) EXPECT_EQ(hertz_set(p, k, v), "") << k;
  return p;
}

dem::Contact head_on(double gap, Vec3 vrel, double r = 0.01)
{
  dem::Contact c{};
  c.n = {0, 0, 1};
  c.gap = gap;
  c.vrel = vrel;
  c.lever1 = c.lever2 = r + 0.5 * gap;
  c.meff = 1e-3;
  c.r1 = c.r2 = r;
  return c;
}
}    // namespace

TEST(HertzProperties, LikeTypesKeepTheirModuliAndMixedTypesGiveEStar)
{
  dem::HertzParams out;
  const auto a = props({{"hz_shear", 1e8}, {"hz_poiss", 0.3}, {"fric", 0.4}});
  const auto b = props({{"hz_shear", 3e8}, {"hz_poiss", 0.2}, {"fric", 0.2}});
  ASSERT_EQ(hertz_mix(a, a, HertzProperties{}, false, out), "");
  EXPECT_NEAR(out.hn_factor, 2.0 * 1e8 / (3.0 * 0.7), 1e-6);
  EXPECT_NEAR(out.ks_factor, 2.0 * 0.7 / 1.7, 1e-15);
  EXPECT_DOUBLE_EQ(out.alpha_h, 1.5);
  ASSERT_EQ(hertz_mix(a, b, HertzProperties{}, false, out), "");
  // h_n = 2G sqrt(2 Rbar)/(3(1-nu)) = 4/3 E* sqrt(R*): hn_factor = 2/3 E*
  const double e_star = 1.0 / (0.7 / 2e8 + 0.8 / 6e8);
  EXPECT_NEAR(out.hn_factor, 2.0 / 3.0 * e_star, 1e-6 * e_star);
  EXPECT_DOUBLE_EQ(out.tan.fric, 0.2);
}

TEST(HertzCore, ForceStiffnessAndShearScaling)
{
  dem::HertzParams p;
  p.hn_factor = 1e8;
  p.ks_factor = 0.8;
  p.tan.fric = p.tan.fric_dyn = 10.0;
  p.hz_mode = 1;
  dem::HertzHistory h;
  const double hn = dem::hertz_hn(p, dem::hertz_reff(0.01, 0.01));
  EXPECT_NEAR(hn, 1e8 * std::sqrt(0.02), 1e-6);
  dem::ContactResult r = dem::hertz_step(p, head_on(-1e-4, {1e-3, 0, 0}), 1e-3, h);
  EXPECT_NEAR(h.fn, -hn * 1e-6, 1e-9);         // F = h_n delta^1.5
  EXPECT_NEAR(r.kn, 1.5 * hn * 1e-2, 1e-6);    // tangent stiffness
  EXPECT_NEAR(r.ks, 0.8 * r.kn, 1e-9);
  const double fs = h.fs.x;
  EXPECT_NEAR(fs, -r.ks * 1e-6, 1e-12);
  // unloading to a quarter of the overlap: F_n drops by 8, the shear force by 8^(1/3) = 2
  r = dem::hertz_step(p, head_on(-2.5e-5, {0, 0, 0}), 1e-3, h);
  EXPECT_NEAR(h.fs.x, fs / 2.0, 1e-12 * std::fabs(fs));
  // no overlap: no force (active through rgap only)
  p.rgap = 1e-3;
  r = dem::hertz_step(p, head_on(5e-4, {0, 0, 0}), 1e-3, h);
  EXPECT_EQ(h.fn, 0.0);
  EXPECT_EQ(r.kn, 0.0);
}

// Mindlin-Deresiewicz (tan_mode 2) at constant overlap: F_s = mu F_n (1 - (1 - s/s_max)^(3/2)) up to
// s_max = mu delta / ks_factor, mu F_n beyond; the tangent stiffness starts at eq. 8's k_s.
TEST(HertzCore, MindlinDeresiewiczLoadingCurve)
{
  dem::HertzParams p;
  p.hn_factor = 1e8;
  p.ks_factor = 0.8;
  p.tan = {dem::TAN_MINDLIN, 0.4, 0.4, 0.001};
  dem::HertzHistory h;
  const double delta = 1e-4, dt = 1e-3, v = 0.97e-4;    // s_max is not a whole number of steps
  const double fn = dem::hertz_hn(p, dem::hertz_reff(0.01, 0.01)) * delta * std::sqrt(delta);
  const double smax = 0.4 * delta / 0.8;
  dem::ContactResult r = dem::hertz_step(p, head_on(-delta, {0, 0, 0}), dt, h);
  EXPECT_NEAR(r.ks, 0.8 * r.kn, 1e-9 * r.kn);
  EXPECT_EQ(h.fs.y, 0.0);
  for (int step = 1; step <= 600; step++) {
    r = dem::hertz_step(p, head_on(-delta, {0, v, 0}), dt, h);
    const double s = std::min(step * v * dt, smax);
    const double expected = 0.4 * fn * (1.0 - std::pow(1.0 - s / smax, 1.5));
    ASSERT_NEAR(-h.fs.y, expected, 1e-9 * fn) << "step " << step;
    ASSERT_EQ(h.slipping(), step * v * dt >= smax) << "step " << step;
  }
  // reversal from full slip unloads along the curve from s_max at once
  r = dem::hertz_step(p, head_on(-delta, {0, -v, 0}), dt, h);
  EXPECT_NEAR(-h.fs.y, 0.4 * fn * (1.0 - std::pow(v * dt / smax, 1.5)), 1e-9 * fn);
  EXPECT_FALSE(h.slipping());
}
