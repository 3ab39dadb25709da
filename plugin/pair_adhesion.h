// Adhesion of one ball-ball contact of the dem/* pair styles (dem/adhesion.h, doc/adhesion.md):
// the decisions of the pair step (pair_step.h, which the CPU loop and the Kokkos kernel share)
// and of PairDEM::single, so that both reach, break and tally a contact alike. No LAMMPS here: it runs
// inside Kokkos kernels.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "dem/adhesion.h"
#include "dem/pfc.h"

namespace DEM_NS {

// An attached contact: one with a kept record (flag) that the law has stepped (its stored state,
// slot 4 of dem::ContactHistory, is not 0 "new"). The flag alone would do on the CPU, but
// LAMMPS's Kokkos history fix leaves nonzero flags on pairs without history after a neighbour
// rebuild (their slots are zero). A JKR contact holds past zero overlap only while attached.
template <class Slots> DEM_INLINE bool adhesion_attached(int flag, Slots slots)
{
  return flag != 0 && slots[4] != 0.0;
}

// The neighbour test's reach (centre distance) of a pair with adhesion a, touching at rsum:
// Rocky's models reach their adhesive distance, JKR its separation distance once attached.
template <class Slots> DEM_INLINE double adhesion_reach(const dem::Adhesion &a, double reach, double rsum, int flag, Slots slots)
{
  if (a.model == dem::ADH_NONE || (a.model == dem::ADH_JKR && !adhesion_attached(flag, slots))) return reach;
  const double r = rsum + a.range;
  return r > reach ? r : reach;
}

// What adhesion does to a contact within reach this step (PairAdhesion::what).
enum AdhesionCase {
  ADH_WITH_LAW,    // the law's contact is active; the adhesive force adds to its force
  ADH_ALONE,       // Rocky's adhesion at a gap where the law's contact is open (its history is released)
  ADH_BROKEN       // a JKR contact stretched past its separation distance breaks (history released)
};
struct PairAdhesion {
  double f = 0.0;      // attraction (>= 0): particle 2 receives -f n
  double phi = 0.0;    // its potential (dem/adhesion.h)
  int what = ADH_WITH_LAW;
};

// a: the pair's adhesion (a.estar set for JKR); m1, m2 and frozen1, frozen2: the particles' masses
// and whether they are frozen (Rocky's constant model weighs the lighter, or the free, particle).
template <class Law>
DEM_INLINE PairAdhesion pair_adhesion(const dem::Adhesion &a, const typename Law::Params &p, const dem::Contact &c,
                                      double m1, double m2, bool frozen1, bool frozen2)
{
  PairAdhesion out;
  if (a.model == dem::ADH_JKR) {
    const double reff = c.r1 * c.r2 / (c.r1 + c.r2);
    if (c.gap > -dem::jkr_separation(a.w, reff, a.estar)) out.what = ADH_BROKEN;
    else out.f = dem::jkr_adhesion(-c.gap, a.w, reff, a.estar, out.phi);
  } else if (a.model != dem::ADH_NONE) {
    double kn = 0.0, ks;
    if (a.model == dem::ADH_LINEAR) Law::stiffness(p, c, typename Law::History{}, kn, ks);
    const double m = frozen1 ? m2 : frozen2 ? m1 : (m1 < m2 ? m1 : m2);
    out.f = dem::rocky_adhesion(a, c.gap, m, kn, out.phi);
    if (c.gap - p.rgap > 0.0) out.what = ADH_ALONE;
  }
  return out;
}

// The adhesive energy lost when an attached contact between radii r1 and r2 ends (JKR: what is
// left of its potential at the break); 0 for Rocky's models, whose potential is 0 where they end.
DEM_INLINE double adhesion_loss(const dem::Adhesion &a, double r1, double r2)
{
  return a.model == dem::ADH_JKR ? dem::jkr_break_loss(a.w, r1 * r2 / (r1 + r2), a.estar) : 0.0;
}

}    // namespace DEM_NS
