// One neighbour pair of the dem/* pair styles: the reach test, then the contact step that ball-wall
// contacts share (dem/contact_step.h), the tallies and the events. The CPU loop
// (PairDEM::loop_body) and the Kokkos kernel (DEMKernel::atom) both call pair_step, so they keep
// the same slots, call the law alike and add the same numbers in the same order; they keep only
// what differs between them, through two small objects:
//   Atoms  reads the atom data and the pair's tables (atom i is the caller's current atom):
//          v(k), omega(k), rmass(k), frozen(k), meff(i, j), params(j), adhesion(j), in_group(k, bit),
//          id(k) (the atom's ID)
//          and rolling<ENERGY>(...) (dem::rolling_contact; the CPU loop calls it out of line)
//   Tally  scatters the forces and sums: central(i, j, j_owned, F) (adhesion alone), contact(i, j,
//          j_owned, F, t_i, t_j, rolls, moment), virial(i, j, j_owned, energy, d, F) (energy and
//          virial of the pair, TALLY), deep(i, j, gap, rsq, rmin) (deeper than the smaller radius:
//          rare), stretched(i, j, gap) (a bond beyond the neighbour lists' reach: stops the run),
//          cracked(i, j, c, mode, count, radius) (bonds or a flat joint's elements broke: once
//          per pair, CrackValue), and its members sums (PairSums<EXTRA>, entries PairSum) and
//          events (PairEvents).
// No LAMMPS here: it runs inside Kokkos kernels. The history slots are dem/contact_step.h's, as
// seen from atom i (particle 1).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "crack_record.h"
#include "dem/contact_step.h"
#include "step_sums.h"

namespace DEM_NS {

// A pair of types' parameters, or with PLAIN the law's common settings as constants (Law::plain),
// so that a pair loop for which every pair of types is plain compiles the mode tests away
template <class Law, int PLAIN> DEM_INLINE decltype(auto) params_of(const typename Law::Params &q)
{
  if constexpr (PLAIN)
    return Law::plain(q);
  else
    return (q);
}

// What a pair loop or kernel sums (the entries of its StepSums, step_sums.h), each contact times
// its weight (1 for a pair of owned atoms, 1/2 with a ghost, whose pair is computed on two ranks):
// the energy and virial of LAMMPS's tally (the kernels; the CPU loop calls ev_tally); the strain
// energy now; the slip, dashpot and plastic dissipation of the step (ENERGY); the events (the
// kernels: half units, from PairEvents); the neighbours and those within reach (the kernels' choice
// of kernel); then, in the loops with the optional parts (EXTRA), the adhesive potential now, the
// adhesive energy lost and the strain energy of holding contacts that broke, and the bond events.
// Records: the deepest contact beyond the smaller radius (coincident centres: value INFINITY), and
// a bond stretched beyond the lists' reach (EXTRA).
enum PairSum {
  PS_EVDWL,
  PS_VIRIAL,
  PS_STRAIN = PS_VIRIAL + 6,
  PS_SLIP,
  PS_DASHPOT,
  PS_PLASTIC,
  PS_ACTIVATED,
  PS_SLIP_START,
  PS_SLIP_END,
  PS_NEIGHBOURS,
  PS_TOUCHING,
  PS_COMMON,
  PS_ADHESIVE = PS_COMMON,
  PS_ADH_LOSS,
  PS_BREAK,
  PS_BONDED,
  PS_BONDS_MADE,
  PS_BROKE_TENSION,
  PS_BROKE_SHEAR,
  PS_ALL
};
enum PairRecord { PR_DEEP, PR_STRETCHED };
template <int EXTRA> using PairSums = StepSums<EXTRA ? PS_ALL : PS_COMMON, EXTRA ? 2 : 1>;

// Event counts in half units (2 per owned pair, 1 per pair with a ghost), exact and cheap; and the
// pairs within reach (touching). Count: an integer type.
template <class Count> struct PairEvents {
  Count activated = 0, slip_start = 0, slip_end = 0, touching = 0;
  Count bonded = 0, bonds_made = 0, broke_tension = 0,
        broke_shear = 0;    // contact bonds (BondStep::any)
};

// A loop's or kernel's events (half units) into its sums (whole units); the rare ones only when
// there are some (the kernels call it per atom)
template <class Sums, class Count>
DEM_INLINE void add_events(Sums &sums, const PairEvents<Count> &e)
{
  sums[PS_TOUCHING] += e.touching;
  if (e.activated | e.slip_start | e.slip_end) {
    sums[PS_ACTIVATED] += 0.5 * e.activated;
    sums[PS_SLIP_START] += 0.5 * e.slip_start;
    sums[PS_SLIP_END] += 0.5 * e.slip_end;
  }
  if constexpr (Sums::size > PS_COMMON)
    if (e.bonded | e.bonds_made | e.broke_tension | e.broke_shear) {
      sums[PS_BONDED] += 0.5 * e.bonded;
      sums[PS_BONDS_MADE] += 0.5 * e.bonds_made;
      sums[PS_BROKE_TENSION] += 0.5 * e.broke_tension;
      sums[PS_BROKE_SHEAR] += 0.5 * e.broke_shear;
    }
}

// The cracks of a pair's step (tension, then shear), on the one rank that records them when two
// compute the pair (the one of the smaller ID's atom i)
template <class Atoms, class Params, class Tally>
DEM_INLINE void pair_cracks(const Atoms &a, int i, int j, bool j_owned, const dem::Contact &c,
                            const Params &p, int tension, int shear, Tally &tally)
{
  if (!j_owned && a.id(i) > a.id(j)) return;
  if (tension) tally.cracked(i, j, c, 1, tension, dem::crack_radius(p, c.r1, c.r2, tension));
  if (shear) tally.cracked(i, j, c, 2, shear, dem::crack_radius(p, c.r1, c.r2, shear));
}

using PairStepConstants = dem::StepConstants;

// A loop's PairStepConstants from the pair style's history layout (history_parts), as
// compile-time constants where the loop's flags fix them, which frees registers: the energy values
// exist iff energy tracking is on (so not without TALLY, and with ENERGY), and only dem/hertz has
// optional values of its own. The parts' values follow the law's (dem::step_constants), only for
// the parts some pair of types uses (a runtime layout, kept apart so that the law's stays a constant).
template <class Law, bool TALLY, bool ENERGY, int PLAIN, int EXTRA>
DEM_INLINE PairStepConstants pair_step_constants(double dt, int history_parts, bool any_rgap,
                                                 bool any_hold, const dem::BondStep &bond)
{
  constexpr bool OPTIONAL =
      !PLAIN && EXTRA;    // (constants false otherwise: their code compiles away)
  constexpr int ENERGY_BIT = !TALLY ? 0 : ENERGY ? dem::HIST_ENERGY : -1;
  const int parts = ENERGY_BIT < 0 ? history_parts
      : Law::optional_extra        ? (history_parts & dem::HIST_EXTRA) | ENERGY_BIT
                                   : ENERGY_BIT;
  return dem::step_constants<Law>(dt, parts, history_parts, OPTIONAL, !PLAIN && any_rgap,
                                  OPTIONAL && any_hold, OPTIONAL ? bond : dem::BondStep{});
}

// The contact of neighbours i and j at d = x_j - x_i, |d|^2 = rsq (dem/contact.h)
template <class Law, class Atoms>
DEM_INLINE dem::Contact pair_contact(const Atoms &a, int i, int j, dem::Vec3 d, double rsq,
                                     double ri, double rj)
{
  return dem::ball_ball(d, std::sqrt(rsq), ri, rj, a.v(i), a.v(j), a.omega(i), a.omega(j),
                        a.meff(i, j));
}

// The two atoms of a pair as the contact step reads them (dem/contact_step.h's Bodies)
template <class Atoms> struct PairBodies {
  const Atoms &a;
  int i, j;
  DEM_INLINE dem::Vec3 w1() const { return a.omega(i); }
  DEM_INLINE dem::Vec3 w2() const { return a.omega(j); }
  DEM_INLINE double m1() const { return a.rmass(i); }
  DEM_INLINE double m2() const { return a.rmass(j); }
  DEM_INLINE bool frozen1() const { return a.frozen(i); }
  DEM_INLINE bool frozen2() const { return a.frozen(j); }
  DEM_INLINE const dem::Adhesion &adhesion() const { return a.adhesion(j); }
  DEM_INLINE decltype(auto) params() const { return a.params(j); }
  DEM_INLINE bool in_group(int bit) const { return a.in_group(i, bit) && a.in_group(j, bit); }
  DEM_INLINE long long id1() const { return a.id(i); }
  DEM_INLINE long long id2() const { return a.id(j); }
  template <bool ENERGY, class Params, class Slots>
  DEM_INLINE dem::RollingOutcome rolling(const Params &p, dem::Vec3 n, double r1, double r2,
                                         double kn, double ks, double fn, Slots m, bool step,
                                         bool store, double dt) const
  {
    return a.template rolling<ENERGY>(i, j, p, n, r1, r2, kn, ks, fn, m, step, store, dt);
  }
};

// Neighbour j of atom i: d = x_j - x_i, ri and rj the radii; touch, the pair's contact flag, and
// slot, its history slots; j_owned: j's forces are added here (newton pair on, or j is owned).
// TALLY: energies and virial wanted; ENERGY: book the dissipation (energy tracking, and advance);
// EXTRA: some pair of types has one of the optional contact parts: adhesion, contacts that hold
// (hold_gap, no_slip) or bonds; their code is compiled in only then (the loops without them stay as
// they were). PLAIN: the law's common settings as constants (params_of).
// advance: a normal step (false during LAMMPS's setup: stored forces are replayed, see
// replay_force in pfc.h). Most neighbours do not touch: their path reads d, the radii and the flag.
template <class Law, bool TALLY, bool ENERGY, int EXTRA, int PLAIN, class Atoms, class Slots,
          class Tally>
DEM_INLINE void pair_step(const Atoms &a, int i, int j, dem::Vec3 d, double ri, double rj,
                          bool j_owned, int &touch, Slots slot, const PairStepConstants &k,
                          bool advance, Tally &tally)
{
  const double w = j_owned ? 1.0 : 0.5;
  const PairBodies<Atoms> bodies{a, i, j};
  // the reference gap is usually 0 everywhere: then most neighbours need no per-type data at all;
  // the parts' reach (dem::contact_reach): holding, bonds (and this step's dem_bond requests), adhesion
  double reach = ri + rj;
  if (k.rgap) reach += a.params(j).rgap;
  unsigned bond_pair = 0;    // bit r: dem_bond request r applies to the pair
  if constexpr (EXTRA) {
    const auto x =
        dem::contact_reach<Law, EXTRA, (EXTRA != 0)>(bodies, k, ri, rj, touch, slot, reach);
    reach = x.reach;
    bond_pair = x.bond_pair;
  }
  const double rsq = dem::dot(d, d);
  if (rsq > reach * reach || reach <= 0.0) {    // surface gap > 0: inactive contact
    if (!touch) return;                         // its history is already zero
    if (ENERGY || EXTRA) {                      // the contact just opened: what it gives up
      const dem::Contact c = pair_contact<Law>(a, i, j, d, rsq, ri, rj);
      const dem::ReleaseOutcome out =
          dem::release_contact<Law, ENERGY, EXTRA>(a.params(j), bodies, c, slot, touch, k);
      if constexpr (ENERGY) {
        tally.sums[PS_DASHPOT] += w * out.d_dashpot;
        if constexpr (EXTRA) {
          tally.sums[PS_BREAK] += w * out.d_break;
          tally.sums[PS_ADH_LOSS] += w * out.d_adh_loss;
        }
      }
      if (EXTRA && out.bond_broke) {    // a bond carried beyond its reach broke in tension
        if (out.stretched) tally.stretched(i, j, std::sqrt(rsq) - ri - rj);
        tally.events.broke_tension += j_owned ? 2 : 1;
        pair_cracks(a, i, j, j_owned, c, a.params(j), 1, 0, tally);
      }
    }
    touch = 0;
    dem::clear_slots(slot, k.nh);
    return;
  }
  const bool touched = EXTRA ? touch : 1;
  touch = 1;
  tally.events.touching++;
  const auto &p = params_of<Law, PLAIN>(a.params(j));
  const dem::Contact c = pair_contact<Law>(a, i, j, d, rsq, ri, rj);
  const double rmin = ri < rj ? ri : rj;
  if (c.gap < -rmin)
    tally.deep(i, j, c.gap, rsq, rmin);    // coincident centres stop the run, else a warning
  const dem::StepOutcome out = dem::contact_step<Law, TALLY, ENERGY, EXTRA>(
      p, bodies, c, slot, touched, true, bond_pair, k, advance);
  const int w2 = j_owned ? 2 : 1;    // (events count in halves)
  if constexpr (EXTRA) {
    if (out.what !=
        dem::STEP_CONTACT) {    // the law's contact ended (adhesion broke it, or acts alone)
      touch = 0;
      if constexpr (ENERGY) {
        tally.sums[PS_DASHPOT] += w * out.d_dashpot;
        tally.sums[PS_ADH_LOSS] += w * out.d_adh_loss;
      }
      if (out.what != dem::STEP_ADHESION) return;
      tally.central(i, j, j_owned, out.force);
      if constexpr (TALLY) {
        tally.sums[PS_ADHESIVE] += w * out.phi;
        tally.virial(i, j, j_owned, out.phi, d, out.force);
      }
      return;
    }
    if (out.bond_made) tally.events.bonds_made += w2;
  }
  dem::Vec3 ti, tj;
  dem::contact_torques(c, out.force, ti, tj);
  tally.contact(i, j, j_owned, out.force, ti, tj, out.couple, out.moment);
  if constexpr (TALLY) {
    double strain = out.strain;
    tally.sums[PS_STRAIN] += w * strain;
    if constexpr (
        EXTRA) {    // the pair's energy is the stored energy, the adhesive potential included
      tally.sums[PS_ADHESIVE] += w * out.phi;
      strain += out.phi;
    }
    tally.virial(i, j, j_owned, strain, d, out.force);
  }
  if constexpr (ENERGY) {
    tally.sums[PS_SLIP] += w * out.d_slip;
    tally.sums[PS_DASHPOT] += w * out.d_dashpot;
    tally.sums[PS_PLASTIC] += w * out.d_plastic;
    if constexpr (EXTRA) tally.sums[PS_BREAK] += w * out.d_break;
  }
  if (EXTRA && k.bond.any) {
    tally.events.bonded += out.bonded ? w2 : 0;
    tally.events.broke_tension += out.broke_tension * w2;
    tally.events.broke_shear += out.broke_shear * w2;
    if (out.broke_tension | out.broke_shear)
      pair_cracks(a, i, j, j_owned, c, p, out.broke_tension, out.broke_shear, tally);
  }
  // events change the state (0 new, 1 active, 2 slipping), so one rare test finds them
  if (advance && out.state != out.state_before) {
    tally.events.activated += out.state_before == 0 ? w2 : 0;
    tally.events.slip_start += out.state == 2 ? w2 : 0;
    tally.events.slip_end += out.state_before == 2 ? w2 : 0;
  }
}

}    // namespace DEM_NS
