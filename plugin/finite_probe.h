// Whether a contact law gives finite forces at the scales of the particles it will meet. A value
// can be finite as given and still overflow once the law multiplies it with another value or with
// a particle's size or mass (adh_frac 1e300 with adh_g 1e10, adh_gamma 1e308), or give a force
// so far out of scale that one step throws a particle out of the box: two steps of a probe
// contact show it, whichever derived quantity is at fault, and replacing the given values one at
// a time names the keywords responsible. Host code, run at init.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/adhesion.h"
#include "dem/wall.h"
#include "law_style.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace DEM_NS {

// Two steps of contact c between particles of masses m1 and m2 (a wall: r2 = inf, m2 = 0) whose
// relative spin is wrel: the law's force and energies, and its parts' (their finite hooks), must be
// finite, and the force must not move the particles apart by more than `far` in one step (as a
// value finite but out of scale does: adh_g 1e308, hz_emod 1e300).
template <class Law>
bool finite_contact(const typename Law::Params &p, const dem::Adhesion &a, const dem::Contact &c,
                    double m1, double m2, dem::Vec3 wrel, double dt, double far)
{
  typename Law::History h{};
  for (int step = 0; step < 2; step++) {
    const dem::ContactResult r = Law::template step<true>(p, c, dt, h);
    if (!all_finite(r.force) || !all_finite(r.f_dashpot) ||
        !std::isfinite(r.kn + r.ks + r.d_slip + r.d_dashpot + r.d_plastic) ||
        !std::isfinite(Law::strain_energy(p, h, r.kn, r.ks)))
      return false;
    dem::ProbeWork<Law> x{p, a, c, r, m1, m2, c.r2 == INFINITY, wrel, dt, step};
    if (!Law::Parts::finite(x)) return false;
    if ((dem::norm(r.force) + x.force) * dt * dt / c.meff > far) return false;
  }
  return true;
}

// The probe contact: spheres of radii r1 and r2 (r2 = inf: a wall) overlapping by half the
// smaller radius, approaching and sliding at the speed that moves them by a hundredth of it per
// step (the fastest a contact the timestep resolves moves), and spinning. far: the box's largest
// edge.
template <class Law>
bool finite_probe(const typename Law::Params &p, const dem::Adhesion &a, double r1, double m1,
                  double r2, double m2, double dt, double far)
{
  const double overlap = 0.5 * std::min(r1, r2);
  const double v = 0.01 * std::min(r1, r2) / dt;
  if (r2 == INFINITY) {    // (in the xy plane and spinning about z, as a 2d contact must)
    const dem::Vec3 n{0.0, 1.0, 0.0};
    const dem::Vec3 spin{0.0, 0.0, v / r1};
    const dem::Contact c =
        dem::ball_wall(n, r1 - overlap, r1, {v, v, 0.0}, spin, {0.0, 0.0, 0.0}, m1);
    return finite_contact<Law>(dem::wall_params(p, r1), a, c, m1, 0.0, -1.0 * spin, dt, far);
  }
  const dem::Vec3 d{r1 + r2 - overlap, 0.0, 0.0}, spin{0.0, 0.0, v / r2};
  const dem::Contact c =
      dem::ball_ball(d, d.x, r1, r2, {0.0, 0.0, 0.0}, {-v, v, 0.0}, {0.0, 0.0, 0.0}, spin,
                     dem::effective_mass(m1, m2, false, false, false));
  return finite_contact<Law>(p, a, c, m1, m2, spin, dt, far);
}

// The keywords given in the three property sets `props` (type 1, type 2 and the pair; a law's P
// or the adhesion's) whose values, each replaced by 1 on its own, make `finite(props)` true: those
// whose values overflow, joined with "and" ("" if none alone does).
template <class P, class Finite>
std::string overflowing_keywords(const P (&props)[3], const char *const *names, Finite finite)
{
  std::string found;
  for (int k = 0; k < P::count; k++) {
    if (!props[0].has(k) && !props[1].has(k) && !props[2].has(k)) continue;
    P trial[3] = {props[0], props[1], props[2]};
    for (P &t : trial)
      if (t.has(k)) t.value[k] = 1.0;
    if (finite(trial)) found += (found.empty() ? "" : " and ") + std::string(names[k]);
  }
  return found;
}

// The start of the error for a probe that failed: the law's keywords (names) and the adhesion's
// whose values overflow, from `finite(p, q)` on the properties p of the law and q of the adhesion.
template <class P, class Finite>
std::string overflow_culprits(const P (&p)[3], const AdhesionProperties (&q)[3],
                              const char *const *names, Finite finite)
{
  std::string keys = overflowing_keywords(p, names, [&](const P(&t)[3]) {
    return finite(t, q);
  });
  const std::string adh_keys =
      overflowing_keywords(q, adhesion_keywords, [&](const AdhesionProperties(&t)[3]) {
        return finite(p, t);
      });
  if (!adh_keys.empty()) keys += (keys.empty() ? "" : " and ") + adh_keys;
  if (keys.empty()) return "the values given give";
  if (keys.find(" and ") == std::string::npos) return "keyword " + keys + ": its value gives";
  return "keywords " + keys + ": their values give";
}

}    // namespace DEM_NS
