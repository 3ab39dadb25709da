// SPDX-License-Identifier: GPL-2.0-or-later
#include "dem/adhesion.h"
#include "dem/contact_step.h"
#include "dem/hertz.h"
#include "dem/linear.h"
#include "mix_helpers.h"

#include <gtest/gtest.h>

using namespace dem;

namespace {
constexpr double PI = 3.14159265358979323846;
constexpr double W = 0.2, R = 0.004, E = 5e6;
}    // namespace

// JKR's landmarks: -8/9 F_c at touching, -F_c the least force, -5/9 F_c at delta_c, and
// delta_c = -(3/4) (pi^2 w^2 R / E^2)^(1/3) (Johnson, Kendall & Roberts 1971)
TEST(Adhesion, JkrLandmarks)
{
  const double fc = jkr_pulloff(W, R);
  EXPECT_NEAR(fc, 1.5 * PI * W * R, 1e-15);
  const double dc = jkr_separation(W, R, E);
  EXPECT_NEAR(dc, -0.75 * std::cbrt(PI * PI * W * W * R / (E * E)), 1e-12 * std::fabs(dc));
  EXPECT_NEAR(jkr_force(jkr_radius(0.0, W, R, E), W, R, E) / fc, -8.0 / 9.0, 1e-12);
  // delta_c is a double root (the branch's end): Newton gets a to sqrt(eps) there, F to ~1e-8
  EXPECT_NEAR(jkr_force(jkr_radius(dc, W, R, E), W, R, E) / fc, -5.0 / 9.0, 1e-7);
  double fmin = 0.0;
  for (int k = 0; k <= 2000; k++) {
    const double d = dc + (0.5 * std::fabs(dc) - dc) * k / 2000.0;
    const double a = jkr_radius(d, W, R, E);
    EXPECT_NEAR(jkr_delta(a, W, R, E), d, 1e-12 * std::fabs(dc)) << "inverse at delta " << d;
    fmin = std::min(fmin, jkr_force(a, W, R, E));
  }
  EXPECT_NEAR(fmin / fc, -1.0, 1e-5);
}

// The add-on to Hertz vanishes without adhesion, and its potential is the integral of its force.
TEST(Adhesion, JkrAddOnAndPotential)
{
  double phi;
  EXPECT_NEAR(jkr_adhesion(1e-5, 1e-12, R, E, phi), 0.0,
              1e-6 * 4.0 / 3.0 * E * std::sqrt(R) * std::pow(1e-5, 1.5));
  const double dc = jkr_separation(W, R, E);
  double phi0, phi1;
  const double d0 = 0.3 * dc, d1 = 0.31 * dc, dm = 0.5 * (d0 + d1);
  jkr_adhesion(d0, W, R, E, phi0);
  jkr_adhesion(d1, W, R, E, phi1);
  double dummy;
  const double f =
      jkr_adhesion(dm, W, R, E, dummy);    // attraction; repulsive force -f: dphi/ddelta = -f
  EXPECT_NEAR((phi1 - phi0) / (d1 - d0), -f, 1e-4 * std::fabs(f));
  jkr_adhesion(0.0, W, R, E, phi);
  EXPECT_NEAR(phi, 0.0, 1e-18);    // zero at touching
}

TEST(Adhesion, RockyForms)
{
  Adhesion a;
  a.model = ADH_CONSTANT;
  a.frac = 0.5;
  a.dist = 1e-3;
  a.g = 9.81;
  double phi;
  EXPECT_DOUBLE_EQ(rocky_adhesion(a, 5e-4, 2.0, 0.0, phi), 0.5 * 2.0 * 9.81);
  EXPECT_DOUBLE_EQ(phi, -0.5 * 2.0 * 9.81 * 5e-4);
  EXPECT_EQ(rocky_adhesion(a, 1e-3, 2.0, 0.0, phi), 0.0);
  a.model = ADH_LINEAR;
  EXPECT_DOUBLE_EQ(rocky_adhesion(a, -1e-4, 0.0, 1e5, phi), 0.5 * 1e5 * 1.1e-3);
  EXPECT_DOUBLE_EQ(adhesive_reach(a, 1.0, 1.0), 1e-3);
}

TEST(Adhesion, MixingRules)
{
  using namespace DEM_NS;
  AdhesionProperties t1, t2, pair;
  Adhesion out;
  EXPECT_EQ(adhesion_mix<LinearLaw>(t1, t2, pair, {}, out), "");
  EXPECT_EQ(out.model, ADH_NONE);
  EXPECT_EQ(adhesion_set(t1, "adh_model", 2.0), "");
  EXPECT_EQ(adhesion_set(t1, "adh_frac", 0.1), "");
  EXPECT_NE(adhesion_mix<LinearLaw>(t1, t2, pair, {}, out).find("differ in adh_model"),
            std::string::npos);
  EXPECT_EQ(adhesion_set(pair, "adh_model", 0.0), "");
  EXPECT_EQ(adhesion_mix<LinearLaw>(t1, t2, pair, {}, out), "");
  EXPECT_EQ(out.model, ADH_NONE);
  EXPECT_NE(adhesion_mix<HertzLaw>(t1, t1, AdhesionProperties{}, {}, out).find("adh_model 2"),
            std::string::npos);
  EXPECT_NE(adhesion_set(t1, "adh_model", 1.5).find("out of range"), std::string::npos);
}

// The decisions pair and wall contacts share, on the CPU and in Kokkos kernels (dem/contact_step.h).
TEST(Adhesion, ContactDecisions)
{
  Contact c{};
  c.n = {1.0, 0.0, 0.0};
  c.r1 = c.r2 = 2.0 * R;
  // attached: a kept record (flag) whose law state is not "new"; a flag alone (what LAMMPS's Kokkos
  // history fix leaves on pairs without history after a rebuild) is not
  const double stepped[8] = {0, 0, 0, 0, 1.0, 0, 0, 0}, fresh[8] = {};
  EXPECT_TRUE(adhesion_attached(1, stepped));
  EXPECT_FALSE(adhesion_attached(1, fresh));
  EXPECT_FALSE(adhesion_attached(0, stepped));

  Adhesion a;    // Rocky's constant model on dem/linear
  a.model = ADH_CONSTANT;
  a.frac = 2.0;
  a.dist = 1e-4;
  a.g = 9.81;
  a.range = a.dist;
  LinearParams p;
  p.kn = 1e4;
  EXPECT_EQ(adhesion_reach(a, 1.0, 1.0, 0, fresh), 1.0 + 1e-4);    // Rocky: always to adh_dist
  c.gap = 5e-5;    // at a gap: adhesion alone, the lighter (or the free) particle's weight
  ContactAdhesion pa = contact_adhesion<LinearLaw>(a, p, c, 3.0, 2.0, false, false);
  EXPECT_EQ(pa.what, ADH_ALONE);
  EXPECT_DOUBLE_EQ(pa.f, 2.0 * 2.0 * 9.81);
  EXPECT_DOUBLE_EQ(contact_adhesion<LinearLaw>(a, p, c, 3.0, 2.0, false, true).f, 2.0 * 3.0 * 9.81);
  c.gap = -5e-5;    // in overlap: with the law
  EXPECT_EQ(contact_adhesion<LinearLaw>(a, p, c, 3.0, 2.0, false, false).what, ADH_WITH_LAW);
  a.model = ADH_LINEAR;    // f_k K_n (adh_dist - gap), K_n of the contact
  a.frac = 0.1;
  pa = contact_adhesion<LinearLaw>(a, p, c, 3.0, 2.0, false, false);
  EXPECT_DOUBLE_EQ(pa.f, 0.1 * 1e4 * 1.5e-4);
  EXPECT_EQ(adhesion_loss(a, c.r1, c.r2), 0.0);

  Adhesion j;    // JKR on dem/hertz: E* = 1.5 hn_factor
  j.model = ADH_JKR;
  j.w = W;
  HertzParams hp;
  hp.hn_factor = E / 1.5;
  j.estar = hertz_estar(hp);
  const double reff = R, es = j.estar, dc = jkr_separation(W, reff, es);
  j.range = -dc;
  EXPECT_EQ(adhesion_reach(j, 1.0, 1.0, 1, fresh), 1.0);    // not attached: only on touching
  EXPECT_EQ(adhesion_reach(j, 1.0, 1.0, 1, stepped), 1.0 - dc);
  c.gap = 0.5 * -dc;    // stretched to a positive gap: still on the branch
  double phi;
  pa = contact_adhesion<HertzLaw>(j, hp, c, 1.0, 1.0, false, false);
  EXPECT_EQ(pa.what, ADH_WITH_LAW);
  EXPECT_DOUBLE_EQ(pa.f, jkr_adhesion(-c.gap, W, reff, es, phi));
  c.gap = -1.01 * dc;    // past delta_c: it breaks, and what is left of its potential is lost
  EXPECT_EQ(contact_adhesion<HertzLaw>(j, hp, c, 1.0, 1.0, false, false).what, ADH_BROKEN);
  jkr_adhesion(dc, W, reff, es, phi);
  EXPECT_DOUBLE_EQ(adhesion_loss(j, c.r1, c.r2), phi);
}
