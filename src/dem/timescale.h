// The time scale of a contact, for the timestep guard and the contact report (host code, run at
// init): the stiffest normal stiffness k_n a head-on collision meets, its collision time
// t_c = pi sqrt(m_c / k_n) and the restitution the damping settings give.
//   linear:      k_n = kn (or from emod); t_c is the duration of an undamped collision
//   Hertz:       k_n = alpha_h h_n delta_max^(alpha_h - 1), the tangent stiffness at the largest
//                overlap of an undamped impact at speed v (delta_max from the impact energy)
//   hysteretic:  k_n = K_nl / e^2, the unloading spring (the collision itself lasts
//                pi/2 (sqrt(m_c/K_nl) + sqrt(m_c/K_nu)))
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "hertz.h"
#include "hysteretic.h"
#include "linear.h"
#include "restitution.h"

#include <algorithm>

namespace dem {

struct Timescale {
  double kn = 0.0;         // the stiffest normal stiffness of the collision (0: none)
  double tc = INFINITY;    // pi sqrt(m_c / kn)
  double e = -1.0;         // restitution of a head-on collision (-1: no closed form)
};

inline Timescale timescale_of(double kn, double m, double e)
{
  Timescale t;
  t.kn = kn;
  t.e = e;
  if (kn > 0.0 && m > 0.0) t.tc = kPi * std::sqrt(m / kn);
  return t;
}

// restitution of the linear spring-dashpot with damping ratio zeta (no-tension or full dashpot)
inline double linear_restitution(const Dashpots &d, double zeta)
{
  return (d.mode & 1) ? restitution_no_tension(zeta) : restitution_full(zeta);
}

inline Timescale timescale(const LinearParams &p, double r1, double r2, double m, double)
{
  double kn, ks;
  linear_stiffness(p, r1, r2, kn, ks);
  // a parallel bond's normal spring acts beside the linear one (pbond.h)
  if (p.pb.on) {
    const BondGeometry g = bond_geometry(p.pb, r1, r2);
    kn += g.kn * g.area;
  }
  // a flat joint's interface acts instead of it (fjoint.h)
  if (p.fj.on) {
    const FjGeometry g = fj_geometry(p.fj, r1, r2);
    kn = std::max(kn, g.kn * fj_area(g));
  }
  return timescale_of(kn, m, linear_restitution(p.dp, p.dp.nratio));
}

// v: the impact speed (0: unknown, no time scale)
inline Timescale timescale(const HertzParams &p, double r1, double r2, double m, double v)
{
  const double hn = hertz_hn(p, hertz_reff(r1, r2));
  if (!(hn > 0.0 && v > 0.0 && m > 0.0)) return {};
  // 1/2 m v^2 = h_n delta_max^(alpha+1) / (alpha+1)
  const double a = p.alpha_h;
  const double delta_max = std::pow((a + 1.0) * m * v * v / (2.0 * hn), 1.0 / (a + 1.0));
  // Tsuji's dashpot (dp_alpha 0, alpha_h 1.5) is a linear one with zeta = beta sqrt(6/5)
  // (HertzLaw::mix); with other exponents e depends on the speed
  const double e = (a == 1.5 && p.alpha_d == 0.0)
      ? linear_restitution(p.dp, p.dp.nratio * std::sqrt(1.2))
      : -1.0;
  return timescale_of(a * hn * std::pow(delta_max, a - 1.0), m, e);
}

inline Timescale timescale(const HystParams &p, double r1, double r2, double m, double)
{
  double kl, ku;
  hysteretic_stiffness(p, r1, r2, kl, ku);
  return timescale_of(ku, m, p.e);
}

}    // namespace dem
