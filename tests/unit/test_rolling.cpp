// SPDX-License-Identifier: GPL-2.0-or-later
#include "dem/rolling.h"
#include "mix_helpers.h"

#include <gtest/gtest.h>

using namespace dem;

namespace {

Rolling model(int m, double mu, double damp = 0.0)
{
  Rolling r;
  r.model = m;
  r.mu = mu;
  r.damp = damp;
  return r;
}

// a contact along z, particle 2 rolling about x relative to 1 at rate w
RollingInput about_x(double w, double fn = 10.0, double ks = 100.0, double rbar = 0.5,
                     double inertia = 1.0)
{
  return {{w, 0.0, 0.0}, {0.0, 0.0, 1.0}, rbar, fn, ks, inertia};
}

}    // namespace

// slope k_r = k_s Rbar^2, plateau mu_r Rbar |F_n|, unloading along k_r (PFC rrlinear)
TEST(Rolling, PfcMomentRotationPath)
{
  const Rolling p = model(ROLL_PFC, 0.2);
  const double dt = 1e-3, w = 1.0, kr = 100.0 * 0.25, limit = 0.2 * 0.5 * 10.0;
  Vec3 m{0, 0, 0};
  RollingResult r = rolling_step<true>(p, about_x(w), dt, m);
  EXPECT_NEAR(r.moment.x, -kr * w * dt, 1e-15);
  EXPECT_NEAR(r.d_slip, 0.0, 1e-18);
  double theta = dt, dissipated = 0.0;
  for (int k = 0; k < 1000; k++) {
    r = rolling_step<true>(p, about_x(w), dt, m);
    theta += dt;
    dissipated += r.d_slip;
  }
  EXPECT_NEAR(m.x, -limit, 1e-12);    // theta = 1.001 rad >> limit / kr = 0.04
  // dissipation = work of the moment less the stored energy
  const double work = limit * theta - 0.5 * limit * limit / kr;
  EXPECT_NEAR(dissipated, work - 0.5 * limit * limit / kr, 1e-9);
  // reversal: unloads along k_r
  r = rolling_step<true>(p, about_x(-w), dt, m);
  EXPECT_NEAR(m.x, -limit + kr * w * dt, 1e-12);
  EXPECT_NEAR(r.d_slip, 0.0, 1e-15);
  EXPECT_NEAR(rolling_strain_energy(p, about_x(-w), m), 0.5 * m.x * m.x / kr, 1e-15);
}

TEST(Rolling, TwistIsNotResistedAndMomentFollowsThePlane)
{
  const Rolling p = model(ROLL_PFC, 0.2);
  Vec3 m{0, 0, 0};
  RollingInput in = about_x(0.0);
  in.wrel = {0.0, 0.0, 5.0};    // twist about n
  rolling_step<false>(p, in, 1e-3, m);
  EXPECT_EQ(m.x, 0.0);
  EXPECT_EQ(m.y, 0.0);
  EXPECT_EQ(m.z, 0.0);
  m = {0.1, 0.0, 0.0};
  in.wrel = {0.0, 0.0, 0.0};
  in.n = {std::sin(0.01), 0.0, std::cos(0.01)};    // the plane turned about y
  rolling_step<false>(p, in, 1e-3, m);
  EXPECT_NEAR(dot(m, in.n), 0.0, 1e-15);
  EXPECT_NEAR(norm(m), 0.1, 1e-15);
}

// type A: the constant moment opposing the relative rolling, capped where it would reverse it
TEST(Rolling, TypeAConstantMoment)
{
  const Rolling p = model(ROLL_A, 0.2);
  Vec3 m{0, 0, 0};
  RollingResult r = rolling_step<true>(p, about_x(2.0), 1e-3, m);
  EXPECT_NEAR(r.moment.x, -1.0, 1e-15);    // mu_r Rbar |F_n|
  EXPECT_NEAR(r.d_slip, 1.0 * 2.0 * 1e-3, 1e-15);
  EXPECT_EQ(rolling_strain_energy(p, about_x(2.0), m), 0.0);
  r = rolling_step<true>(p, about_x(-1e-4), 1e-3, m);    // I_r |w| / dt = 0.1 < 1
  EXPECT_NEAR(r.moment.x, 0.1, 1e-15);
  r = rolling_step<true>(p, about_x(0.0), 1e-3, m);
  EXPECT_EQ(r.moment.x, 0.0);
}

// type C: the PFC spring, plus a viscous moment below the limit
TEST(Rolling, TypeCViscousPartBelowTheLimitOnly)
{
  Vec3 m{0, 0, 0};
  const RollingResult spring = rolling_step<false>(model(ROLL_C, 0.2), about_x(1.0), 1e-3, m);
  m = {0, 0, 0};
  const RollingResult damped = rolling_step<false>(model(ROLL_C, 0.2, 0.5), about_x(1.0), 1e-3, m);
  const double kr = 25.0, cr = 2.0 * 0.5 * std::sqrt(3.5 * 1.0 * kr);
  EXPECT_NEAR(damped.moment.x - spring.moment.x, -cr * 1.0, 1e-12);
  m = {-1.0, 0, 0};    // at the limit: no viscous part
  const RollingResult slipping =
      rolling_step<false>(model(ROLL_C, 0.2, 0.5), about_x(1.0), 1e-3, m);
  EXPECT_NEAR(slipping.moment.x, -1.0, 1e-12);
}

TEST(Rolling, GeometryHelpers)
{
  EXPECT_DOUBLE_EQ(effective_radius(1.0, 3.0), 0.75);
  EXPECT_DOUBLE_EQ(effective_radius(1.0, INFINITY), 1.0);
  EXPECT_DOUBLE_EQ(rolling_inertia(2.0, 0.5, false, 0.0, 0.0, true), 0.4 * 2.0 * 0.25);
  EXPECT_DOUBLE_EQ(rolling_inertia(1.0, 1.0, false, 1.0, 1.0, false), 0.2);
}

namespace {
std::string mix_linear(DEM_NS::LinearProperties a, DEM_NS::LinearProperties b,
                       dem::LinearParams &out)
{
  return DEM_NS::linear_mix(a, b, DEM_NS::LinearProperties{}, false, out);
}
DEM_NS::LinearProperties linear_type(double ks, double mu_r)
{
  DEM_NS::LinearProperties p;
  EXPECT_EQ(DEM_NS::linear_set(p, "kn", 1e5), "");
  EXPECT_EQ(DEM_NS::linear_set(p, "ks", ks), "");
  if (mu_r >= 0.0) { EXPECT_EQ(DEM_NS::linear_set(p, "rr_fric", mu_r), ""); }
  return p;
}
}    // namespace

TEST(RollingProperties, InheritanceAndErrors)
{
  dem::LinearParams out;
  // no rr_fric: no rolling resistance
  EXPECT_EQ(mix_linear(linear_type(1e4, -1), linear_type(1e4, -1), out), "");
  EXPECT_EQ(out.roll.model, ROLL_NONE);
  // rr_fric alone: PFC rrlinear with the minimum mu_r
  EXPECT_EQ(mix_linear(linear_type(1e4, 0.3), linear_type(1e4, 0.1), out), "");
  EXPECT_EQ(out.roll.model, ROLL_PFC);
  EXPECT_DOUBLE_EQ(out.roll.mu, 0.1);
  // one type without: mu_r = 0, none
  EXPECT_EQ(mix_linear(linear_type(1e4, 0.3), linear_type(1e4, -1), out), "");
  EXPECT_EQ(out.roll.model, ROLL_NONE);
  // the spring needs k_s; type A does not
  EXPECT_NE(mix_linear(linear_type(0.0, 0.3), linear_type(0.0, 0.3), out).find("shear spring"),
            std::string::npos);
  auto a = linear_type(0.0, 0.3);
  EXPECT_EQ(DEM_NS::linear_set(a, "rr_model", 1), "");
  EXPECT_EQ(mix_linear(a, a, out), "");
  EXPECT_EQ(out.roll.model, ROLL_A);
  // ranges
  DEM_NS::LinearProperties p;
  EXPECT_NE(DEM_NS::linear_set(p, "rr_fric", -0.1).find("rr_fric"), std::string::npos);
  EXPECT_NE(DEM_NS::linear_set(p, "rr_model", 2).find("rr_model"), std::string::npos);
  EXPECT_NE(DEM_NS::linear_set(p, "rr_damp", 1.5).find("rr_damp"), std::string::npos);
  // rr_damp is type C's
  auto c = linear_type(1e4, 0.3);
  EXPECT_EQ(DEM_NS::linear_set(c, "rr_damp", 0.3), "");
  EXPECT_NE(mix_linear(c, c, out).find("rr_model 3"), std::string::npos);
  EXPECT_EQ(DEM_NS::linear_set(c, "rr_model", 3), "");
  EXPECT_EQ(mix_linear(c, c, out), "");
  EXPECT_EQ(out.roll.model, ROLL_C);
  EXPECT_DOUBLE_EQ(out.roll.damp, 0.3);
  // rr_model without rr_fric on the same type
  auto d = linear_type(1e4, -1);
  EXPECT_EQ(DEM_NS::linear_set(d, "rr_model", 1), "");
  EXPECT_NE(mix_linear(d, d, out).find("need rr_fric"), std::string::npos);
  // models differ: set it for the pair
  auto e = linear_type(1e4, 0.3);
  EXPECT_NE(mix_linear(a, e, out).find("differ in rr_model"), std::string::npos);
}

TEST(RollingProperties, HertzHasItsShearStiffness)
{
  DEM_NS::HertzProperties p;
  EXPECT_EQ(DEM_NS::hertz_set(p, "hz_shear", 1e7), "");
  EXPECT_EQ(DEM_NS::hertz_set(p, "rr_fric", 0.1), "");
  dem::HertzParams out;
  EXPECT_EQ(DEM_NS::hertz_mix(p, p, DEM_NS::HertzProperties{}, false, out), "");
  EXPECT_EQ(out.roll.model, ROLL_PFC);
}
