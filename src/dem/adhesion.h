// Adhesive normal forces added on top of a contact law (doc/adhesion.rst has the sources).
//
//   Rocky DEM Technical Manual, "Adhesive force models" (section 2.2):
//   constant (eq. 2-27): F_a = f_c min(m1, m2) g        while the contact gap g_c < delta_adh
//   linear:              F_a = f_k K_n (delta_adh - g_c) while the contact gap g_c < delta_adh
//                        (K_n: the law's linear loading stiffness; with delta_adh = 0 this is
//                        f_k K_n times the overlap, a fraction of the elastic force)
//   JKR (Johnson, Kendall & Roberts 1971), dem/hertz only, with w the work of adhesion
//   (energy per area, "adh_gamma"), R = R1 R2/(R1+R2), E = the contact's E*:
//        F(a) = 4 E a^3 / (3 R) - sqrt(8 pi w E a^3),   delta(a) = a^2 / R - sqrt(2 pi w a / E)
//        pull-off (load control) F_c = 3/2 pi w R; the contact forms on touching (delta = 0,
//        F = -8/9 F_c) and breaks at delta_c = delta(a_c), a_c^3 = pi w R^2 / (8 E)
//        (F = -5/9 F_c), the end of the stable branch under displacement control.
//   The adhesive force returned is F_adh >= 0 for attraction (the pair applies -F_adh n to
//   particle 2); for JKR it is the JKR force less the Hertz force the law already applies, so
//   the law's friction limit and dashpots keep seeing the Hertz (repulsive) part alone.
// Energy: the adhesive force derives from a potential of the contact's state (phi <= 0 for the
// Rocky models, zero where the force starts acting); JKR's is the work along the attached branch
// since touching, and what is left of it when the contact breaks is the adhesive loss.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "macros.h"
#include <cmath>

namespace dem {

enum AdhesionModel { ADH_NONE = 0, ADH_CONSTANT = 1, ADH_LINEAR = 2, ADH_JKR = 3 };

// Per type-pair adhesion after mixing (host code fills a table; kernels only read it).
struct Adhesion {
  int model = ADH_NONE;
  double frac = 0.0;     // Rocky's force fraction f_c (constant) or stiffness fraction f_k (linear)
  double dist = 0.0;     // Rocky's adhesive distance delta_adh (a contact gap)
  double w = 0.0;        // JKR work of adhesion (energy per area)
  double g = 0.0;        // gravity magnitude of the constant model's weight
  double range = 0.0;    // the pair style's neighbour reach beyond touching (adhesive_reach)
  double estar = 0.0;    // JKR: the contact's E* (set by the glue from the Hertz law)
};

// ---- Rocky's constant and linear models --------------------------------------------------

// Attractive force (>= 0) of contact gap g_c; mass: the constant model's mass; kn: the linear
// model's stiffness. phi: the potential (<= 0), zero at g_c = delta_adh.
DEM_INLINE double rocky_adhesion(const Adhesion &a, double gap, double mass, double kn, double &phi)
{
  phi = 0.0;
  if (!(gap < a.dist)) return 0.0;
  const double reach = a.dist - gap;
  if (a.model == ADH_CONSTANT) {
    const double f = a.frac * mass * a.g;
    phi = -f * reach;
    return f;
  }
  const double k = a.frac * kn;    // ADH_LINEAR
  phi = -0.5 * k * reach * reach;
  return k * reach;
}

// ---- JKR ----------------------------------------------------------------------------------

DEM_INLINE double jkr_pulloff(double w, double reff)
{
  return 1.5 * 3.14159265358979323846 * w * reff;
}

// overlap delta(a) of contact radius a
DEM_INLINE double jkr_delta(double a, double w, double reff, double estar)
{
  return a * a / reff - std::sqrt(2.0 * 3.14159265358979323846 * w * a / estar);
}

// a_c, where d delta / d a = 0: the end of the stable branch under displacement control
DEM_INLINE double jkr_radius_break(double w, double reff, double estar)
{
  return std::cbrt(3.14159265358979323846 * w * reff * reff / (8.0 * estar));
}

// delta_c (< 0): the overlap at which an attached contact breaks
DEM_INLINE double jkr_separation(double w, double reff, double estar)
{
  return jkr_delta(jkr_radius_break(w, reff, estar), w, reff, estar);
}

// Contact radius on the stable branch for overlap delta >= delta_c. With x = sqrt(a):
// f(x) = x^4 - R c x - R delta = 0, c = sqrt(2 pi w / E), f convex and increasing past its
// minimum x_c, so Newton from a start with f >= 0 falls monotonically onto the root.
DEM_INLINE double jkr_radius(double delta, double w, double reff, double estar)
{
  const double rc = reff * std::sqrt(2.0 * 3.14159265358979323846 * w / estar);
  const double rd = reff * delta;
  // x0^3 >= 2 R c and x0^4 >= 2 R |delta| make x0^4 >= R c x0 + R |delta|, so f(x0) >= 0
  double x = std::cbrt(2.0 * rc);
  const double xd = std::sqrt(std::sqrt(2.0 * std::fabs(rd)));
  if (xd > x) x = xd;
  const double xmin = std::cbrt(0.25 * rc);    // f'(x) = 0: the branch's end
  for (int it = 0; it < 60; it++) {
    const double x2 = x * x;
    const double fx = x2 * x2 - rc * x - rd;
    const double dfx = 4.0 * x2 * x - rc;
    if (!(fx > 0.0) || !(dfx > 0.0)) break;
    const double step = fx / dfx;
    x -= step;
    if (x < xmin) {
      x = xmin;
      break;
    }
    if (step <= 1e-15 * x) break;
  }
  return x * x;
}

DEM_INLINE double jkr_force(double a, double w, double reff, double estar)
{
  return 4.0 * estar * a * a * a / (3.0 * reff) -
      std::sqrt(8.0 * 3.14159265358979323846 * w * estar * a * a * a);
}

// The work of the JKR force along the branch from a = 0 to a (integral of F d delta):
// 8 E a^5 / (15 R^2) - 8/3 sqrt(pi w E / 2) a^(7/2) / R + pi w a^2.
DEM_INLINE double jkr_work(double a, double w, double reff, double estar)
{
  const double a2 = a * a;
  return 8.0 * estar * a2 * a2 * a / (15.0 * reff * reff) -
      8.0 / 3.0 * std::sqrt(0.5 * 3.14159265358979323846 * w * estar) * a2 * a * std::sqrt(a) /
      reff +
      3.14159265358979323846 * w * a2;
}

// JKR adhesion of an attached contact at overlap delta (>= delta_c): the attraction to add to the
// Hertz force h_n max(delta, 0)^(3/2) of the law (>= 0 means attraction), and phi, the potential
// of this add-on relative to the touching state (the law counts the Hertz part in its strain).
DEM_INLINE double jkr_adhesion(double delta, double w, double reff, double estar, double &phi)
{
  const double a = jkr_radius(delta, w, reff, estar);
  const double d = delta > 0.0 ? delta : 0.0;
  const double hertz = 4.0 / 3.0 * estar * std::sqrt(reff) * d * std::sqrt(d);
  const double hertz_work = 0.4 * hertz * d;
  const double a_touch =
      std::cbrt(2.0 * 3.14159265358979323846 * w * reff * reff / estar);    // delta(a) = 0
  phi = jkr_work(a, w, reff, estar) - jkr_work(a_touch, w, reff, estar) - hertz_work;
  return hertz - jkr_force(a, w, reff, estar);
}

// The energy an attached JKR contact loses when it breaks: its potential (relative to touching)
// at delta_c, the adhesion hysteresis.
DEM_INLINE double jkr_break_loss(double w, double reff, double estar)
{
  double phi;
  jkr_adhesion(jkr_separation(w, reff, estar), w, reff, estar, phi);
  return phi;
}

// Gap beyond the touching distance up to which the adhesion of this pair may act: the Rocky
// models' adhesive distance, JKR's separation distance for the largest contact radius reff_max
// and smallest E* (the pair style's neighbour cutoff).
DEM_INLINE double adhesive_reach(const Adhesion &a, double reff_max, double estar)
{
  if (a.model == ADH_CONSTANT || a.model == ADH_LINEAR) return a.dist;
  if (a.model == ADH_JKR) return -jkr_separation(a.w, reff_max, estar);
  return 0.0;
}

// Sticking velocity of a sphere (mass m) hitting at normal speed v with a purely elastic JKR
// contact: it stays attached if 1/2 m v^2 <= the energy lost by the JKR cycle, the work from
// touching to breaking, U_c = phi(delta_c) (the energy argument of Thornton & Ning 1998, here
// with the exact branch integral). m: the contact's effective mass.
DEM_INLINE double jkr_sticking_velocity(double m, double w, double reff, double estar)
{
  const double ac = jkr_radius_break(w, reff, estar);
  const double a_touch = std::cbrt(2.0 * 3.14159265358979323846 * w * reff * reff / estar);
  const double loss = jkr_work(a_touch, w, reff, estar) - jkr_work(ac, w, reff, estar);
  return std::sqrt(2.0 * std::fabs(loss) / m);
}

}    // namespace dem
