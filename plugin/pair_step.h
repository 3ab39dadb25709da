// One neighbour pair of the dem/* pair styles: the reach test, the law's step, adhesion, rolling
// resistance, the release of a contact that opened, the tallies and the events. The CPU loop
// (PairDEM::loop_body) and the Kokkos kernel (DEMKernel::atom) both call pair_step, so they keep
// the same slots, call the law alike and add the same numbers in the same order; they keep only
// what differs between them, through two small objects:
//   Atoms  reads the atom data and the pair's tables (atom i is the caller's current atom):
//          v(k), omega(k), rmass(k), frozen(k), meff(i, j), params(j), adhesion(j),
//          and rolling<ENERGY>(...) (below: the CPU loop calls it out of line)
//   Tally  scatters the forces and sums: central(i, j, j_owned, F) (adhesion alone), contact(i, j,
//          j_owned, F, t_i, t_j, rolls, moment), virial(i, j, j_owned, energy, d, F) (energy and
//          virial of the pair, TALLY), deep(i, j, gap, rsq, rmin) (deeper than the smaller radius:
//          rare), stretched(i, j, gap) (a bond beyond the neighbour lists' reach: stops the run),
//          and its members sums (PairSums' names) and events (PairEvents).
// No LAMMPS here: it runs inside Kokkos kernels.
//
// History slots of a contact: the law's values (Law::History) as seen from atom i (particle 1),
// then the rolling moment (3, when some pair of types has rolling resistance). Vectors are forces
// on particle 2 and flip when the partner atom takes the contact over. Both history fixes (CPU and
// Kokkos) negate every slot when the partner takes a contact over, so scalars, which must read back
// unchanged, are read times the record's orientation (the sign of its state slot,
// dem::ContactHistory::orientation) and stored as they are.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "pair_adhesion.h"

#include "dem/pbond.h"
#include "dem/rolling.h"

namespace DEM_NS {

// A pair of types' parameters, or with PLAIN the law's common settings as constants (Law::plain),
// so that a pair loop for which every pair of types is plain compiles the mode tests away
template <class Law, int PLAIN> DEM_INLINE decltype(auto) params_of(const typename Law::Params &q)
{
  if constexpr (PLAIN) return Law::plain(q);
  else return (q);
}

// What the tallies sum over the contacts, each times its weight (1 for a pair of owned atoms,
// 1/2 with a ghost, whose pair is computed on two ranks): the strain energy now; the slip, dashpot
// and plastic dissipation of the step and the strain energy of holding contacts that broke
// (ENERGY); the adhesive potential now and the adhesive energy lost by contacts that broke (EXTRA).
struct PairSums {
  double e_strain = 0.0, e_slip = 0.0, e_dashpot = 0.0, e_plastic = 0.0, e_break = 0.0;
  double e_adhesive = 0.0, e_adh_loss = 0.0;
};

// Event counts in half units (2 per owned pair, 1 per pair with a ghost), exact and cheap; and the
// pairs within reach (touching). Count: an integer type.
template <class Count> struct PairEvents {
  Count activated = 0, slip_start = 0, slip_end = 0, touching = 0;
  Count bonded = 0, bonds_made = 0, broke_tension = 0, broke_shear = 0;    // contact bonds (BondStep::any)
};

// What the pair style asks of the contact bonds this step (the dem_bond commands given since the
// last step, carried out in their order) and keeps for them (Law::takes_bonds)
struct BondStep {
  static constexpr int MAX_REQUESTS = 8;
  int requests = 0;                  // this step: how many dem_bond commands (0: none)
  int mode[MAX_REQUESTS] = {};       // 1 bond, 2 unbond the contacts of atoms in group groupbit
  int groupbit[MAX_REQUESTS] = {};
  double gap[MAX_REQUESTS] = {};     // bond: the contacts of contact gap g_c <= gap
  double gap_max = 0.0;    // the largest gap contacts were bonded at: a bond's reach beyond Law::hold_gap
  bool any = false;        // some pair of types takes bonds: count them
};

// The same for every contact of a step.
struct PairStepConstants {
  double dt;
  int parts;       // the dem::HistoryParts of the law's values (a compile-time constant where possible)
  int nl, nh;      // slots of the law's values; of a contact, the rolling moment and the bond included
  int nb;          // where the parallel bond's values start (pbond)
  bool rgap;       // some pair of types has a reference gap (none with PLAIN)
  bool hold;       // some pair of types holds its contacts beyond g_s = 0 (Law::hold_gap; none with PLAIN)
  bool rolling;    // some pair of types has rolling resistance: its moment follows at slot nl
  bool pbond;      // some pair of types takes parallel bonds: their values follow at slot nb
  BondStep bond;   // (none with PLAIN)
};

// A loop's PairStepConstants from the pair style's history layout (history_parts), as
// compile-time constants where the loop's flags fix them, which frees registers: the energy values
// exist iff energy tracking is on (so not without TALLY, and with ENERGY), and only dem/hertz has
// optional values of its own. The rolling moment follows the law's values, only if some pair of
// types uses it (a runtime flag, kept apart so that the law's layout stays a constant).
template <class Law, bool TALLY, bool ENERGY, int PLAIN, bool EXTRA>
DEM_INLINE PairStepConstants pair_step_constants(double dt, int history_parts, bool any_rgap, bool any_hold,
                                                 const BondStep &bond)
{
  constexpr bool OPTIONAL = !PLAIN && EXTRA;    // (constants false otherwise: their code compiles away)
  constexpr int ENERGY_BIT = !TALLY ? 0 : ENERGY ? dem::HIST_ENERGY : -1;
  const int parts = ENERGY_BIT < 0        ? history_parts
                    : Law::optional_extra ? (history_parts & dem::HIST_EXTRA) | ENERGY_BIT
                                          : ENERGY_BIT;
  const bool rolling = history_parts & dem::HIST_ROLLING, pbond_slots = history_parts & dem::HIST_PBOND;
  const int nl = Law::History::slots(parts), nb = nl + (rolling ? 3 : 0);
  return {dt,      parts, nl, nb + (pbond_slots ? 8 : 0), nb, !PLAIN && any_rgap, OPTIONAL && any_hold, rolling,
          OPTIONAL && pbond_slots, OPTIONAL ? bond : BondStep{}};
}

// The rolling moment on particle 2 (particle 1 receives -moment), the rolling dissipation of the
// step and the rolling spring's energy.
struct RollingOutcome {
  dem::Vec3 moment;
  double d_slip, strain;
};

// The rolling resistance of contact (i, j) (dem/rolling.h), the one way both loops build its
// input: w_i, w_j, m_i, m_j and frozen_i, frozen_j of the atoms, kn and ks the law's stiffnesses
// of the step, fn its normal force. The moment in slots m is advanced by a step if `step` (and
// stored if `store`), else the stored one acts.
template <class Law, bool ENERGY, class Slots>
DEM_INLINE RollingOutcome rolling_contact(const typename Law::Params &p, dem::Vec3 n, double r1, double r2,
                                          dem::Vec3 wi, dem::Vec3 wj, double mi, bool frozen_i, double mj,
                                          bool frozen_j, double kn, double ks, double fn, Slots m, bool step,
                                          bool store, double dt)
{
  dem::ContactResult r;    // (what Law::rolling_ks reads)
  r.kn = kn;
  r.ks = ks;
  const dem::RollingInput in{wj - wi, n, dem::rolling_radius(r1, r2), -fn, Law::rolling_ks(p, r),
                             dem::rolling_inertia(mi, r1, frozen_i, mj, r2, frozen_j)};
  dem::Vec3 moment = dem::load_rolling(m);
  RollingOutcome out{moment, 0.0, 0.0};
  if (step) {
    const dem::RollingResult rr = dem::rolling_step<ENERGY>(p.roll, in, dt, moment);
    out.moment = rr.moment;
    out.d_slip = rr.d_slip;
    if (store) dem::store_rolling(m, moment);
  }
  out.strain = dem::rolling_strain_energy(p.roll, in, moment);
  return out;
}

// How far beyond the gap it was made at a bond of particles of radii summing to rsum is kept in the
// neighbour lists (the pair cutoff): its reach (Law::hold_gap: a weaker bond breaks in tension
// sooner), but no more than rsum, so that a bond too strong to break in tension (an "unbreakable"
// one) runs with a cutoff of at most twice the contact's. A bond stretched farther without breaking
// stops the run (Tally::stretched) rather than leave the lists unnoticed.
DEM_INLINE double listed_bond_reach(double reach, double rsum) { return reach < rsum ? reach : rsum; }

// How far beyond g_s = 0 the contact in `slot` of a pair of parameters p holds, if it has formed
// (its flag and its state set: LAMMPS's Kokkos history fix can leave a flag on a pair without
// history): bonded, Law::hold_gap(p, true, rsum) beyond the largest gap of the bonds (bond_gap_max),
// else Law::hold_gap(p); 0 if it has not formed
template <class Law, class Slots>
DEM_INLINE double held_gap(const typename Law::Params &p, int touch, Slots slot, double bond_gap_max, double rsum)
{
  if (touch == 0 || slot[dem::ContactHistory::STATE_SLOT] == 0.0) return 0.0;
  return dem::ContactHistory::bonded_in(slot) ? listed_bond_reach(Law::hold_gap(p, true, rsum), rsum) + bond_gap_max
                                               : Law::hold_gap(p);
}

// The strain energy a holding contact (bonded, or with Law::hold_gap) takes along when it breaks
// (else 0: the others open at g_s = 0 with no force): from its history as stored; for one that
// holds (hold_gap) the mean of that and of the energy the step would have brought it to, the work
// velocity Verlet lets its forces do over the step, as for a bond that breaks (pbond.h)
template <class Law, class Slots>
DEM_INLINE double break_energy(const typename Law::Params &p, const dem::Contact &c, Slots slot, int parts, double dt)
{
  using History = typename Law::History;
  // (a contact that never formed has no state: a flag LAMMPS's Kokkos history fix left after a
  // rebuild, or one set at setup and never stored)
  if (slot[dem::ContactHistory::STATE_SLOT] == 0.0) return 0.0;
  const History h = History::load(slot, History::orientation(slot), parts);
  if (!h.bonded && !(Law::hold_gap(p) > 0.0)) return 0.0;
  double kn, ks;
  Law::stiffness(p, c, h, kn, ks);
  const double stored = Law::strain_energy(p, h, kn, ks);
  if (h.bonded) return stored;
  History end = h;
  const dem::ContactResult r = Law::template step<false>(p, c, dt, end);
  return 0.5 * (stored + Law::strain_energy(p, end, r.kn, r.ks));
}

template <class Slots> DEM_INLINE void clear_slots(Slots s, int n)
{
  for (int k = 0; k < n; k++) s[k] = 0.0;
}

// The contact of neighbours i and j at d = x_j - x_i, |d|^2 = rsq (dem/contact.h)
template <class Law, class Atoms>
DEM_INLINE dem::Contact pair_contact(const Atoms &a, int i, int j, dem::Vec3 d, double rsq, double ri, double rj)
{
  return dem::ball_ball(d, std::sqrt(rsq), ri, rj, a.v(i), a.v(j), a.omega(i), a.omega(j), a.meff(i, j));
}

// Neighbour j of atom i: d = x_j - x_i, ri and rj the radii; touch, the pair's contact flag, and
// slot, its history slots; j_owned: j's forces are added here (newton pair on, or j is owned).
// TALLY: energies and virial wanted; ENERGY: book the dissipation (energy tracking, and advance);
// EXTRA: some pair of types has one of the optional contact parts: adhesion, contacts that hold
// (hold_gap, no_slip) or bonds; their code is compiled in only then (the loops without them stay as
// they were). PLAIN: the law's common settings as constants (params_of).
// advance: a normal step (false during LAMMPS's setup: stored forces are replayed, see
// replay_force in pfc.h). Most neighbours do not touch: their path reads d, the radii and the flag.
template <class Law, bool TALLY, bool ENERGY, bool EXTRA, int PLAIN, class Atoms, class Slots, class Tally>
DEM_INLINE void pair_step(const Atoms &a, int i, int j, dem::Vec3 d, double ri, double rj, bool j_owned, int &touch,
                          Slots slot, const PairStepConstants &k, bool advance, Tally &tally)
{
  using History = typename Law::History;
  using dem::Vec3;
  const double w = j_owned ? 1.0 : 0.5;
  // the reference gap is usually 0 everywhere: then most neighbours need no per-type data at all
  double reach = ri + rj;
  if (k.rgap) reach += a.params(j).rgap;
  // the dem_bond commands' pairs: atoms of their groups, types that take bonds (bond: within its gap)
  unsigned bond_pair = 0;    // bit r: request r applies to the pair
  if constexpr (EXTRA) {
    if (k.hold) reach += held_gap<Law>(a.params(j), touch, slot, k.bond.gap_max, ri + rj);
    if (k.bond.requests && Law::takes_bonds(a.params(j)))
      for (int r = 0; r < k.bond.requests; r++) {
        if (!a.in_group(i, k.bond.groupbit[r]) || !a.in_group(j, k.bond.groupbit[r])) continue;
        bond_pair |= 1u << r;
        if (k.bond.mode[r] == 1 && reach < ri + rj + k.bond.gap[r]) reach = ri + rj + k.bond.gap[r];
      }
  }
  if constexpr (EXTRA)    // Rocky's models reach to their adhesive distance, JKR once attached
    reach = adhesion_reach(a.adhesion(j), reach, ri + rj, touch, slot);
  const double rsq = dem::dot(d, d);
  if (rsq > reach * reach || reach <= 0.0) {    // surface gap > 0: inactive contact
    // (after a rebuild LAMMPS's Kokkos history fix leaves nonzero flags on pairs without history:
    // their zero history makes the terms below 0)
    if (!touch) return;    // its history is already zero
    if (ENERGY) {          // the contact just opened: the last half of its dashpot work
      const dem::Contact c = pair_contact<Law>(a, i, j, d, rsq, ri, rj);
      tally.sums.e_dashpot += w * dem::release_dissipation(History::load(slot, History::orientation(slot), k.parts), c, k.dt);
      if constexpr (EXTRA) {
        if (k.hold) tally.sums.e_break += w * break_energy<Law>(a.params(j), c, slot, k.parts, k.dt);
        if (k.pbond && Law::parallel_bond(a.params(j)).on && dem::ContactHistory::bonded_in(slot)) {
          const dem::ParallelBond b = Law::parallel_bond(a.params(j));
          const dem::BondForces f = dem::BondForces::load(slot + k.nb, History::orientation(slot));
          tally.sums.e_break += w * dem::bond_strain_energy(dem::bond_geometry(b, c.r1, c.r2), f);
        }
        if (adhesion_attached(touch, slot)) tally.sums.e_adh_loss += w * adhesion_loss(a.adhesion(j), c.r1, c.r2);
      }
    }
    // a bond carried beyond its reach (a zero tensile strength) broke in tension; one whose reach the
    // lists do not hold (listed_bond_reach) was stretched beyond them without breaking
    if constexpr (EXTRA)
      if (k.bond.any && dem::ContactHistory::bonded_in(slot)) {
        if (Law::hold_gap(a.params(j), true, ri + rj) > ri + rj) tally.stretched(i, j, std::sqrt(rsq) - ri - rj);
        tally.events.broke_tension += j_owned ? 2 : 1;
      }
    touch = 0;
    clear_slots(slot, k.nh);
    return;
  }
  const int touched = EXTRA ? touch : 1;
  touch = 1;
  tally.events.touching++;
  const auto &p = params_of<Law, PLAIN>(a.params(j));
  const dem::Contact c = pair_contact<Law>(a, i, j, d, rsq, ri, rj);
  const double rmin = ri < rj ? ri : rj;
  if (c.gap < -rmin) tally.deep(i, j, c.gap, rsq, rmin);    // coincident centres stop the run, else a warning
  const double orient = History::orientation(slot);
  // adhesion: the attraction f_adh (along -n on j), its potential phi
  double f_adh = 0.0, phi = 0.0;
  if constexpr (EXTRA) {
    const dem::Adhesion &ad = a.adhesion(j);
    const PairAdhesion pa = pair_adhesion<Law>(ad, p, c, a.rmass(i), a.rmass(j), a.frozen(i), a.frozen(j));
    f_adh = pa.f;
    phi = pa.phi;
    if (pa.what != ADH_WITH_LAW) {    // broken (JKR) or Rocky's adhesion alone: the law's contact ends
      const bool broken = pa.what == ADH_BROKEN;    // (only an attached contact reaches it)
      if (ENERGY && (broken || touched)) {
        tally.sums.e_dashpot += w * dem::release_dissipation(History::load(slot, orient, k.parts), c, k.dt);
        if (broken) tally.sums.e_adh_loss += w * adhesion_loss(ad, c.r1, c.r2);
      }
      touch = 0;
      if (broken || touched) clear_slots(slot, k.nh);
      if (broken) return;
      const Vec3 F = (-f_adh) * c.n;    // central: no torque
      tally.central(i, j, j_owned, F);
      if constexpr (TALLY) {
        tally.sums.e_adhesive += w * phi;
        tally.virial(i, j, j_owned, phi, d, F);
      }
      return;
    }
  }
  History h = History::load(slot, orient, k.parts);
  const int w2 = j_owned ? 2 : 1;    // (events count in halves)
  if (EXTRA && bond_pair)
    for (int r = 0; r < k.bond.requests; r++) {
      if (!(bond_pair >> r & 1u)) continue;
      if (k.bond.mode[r] == 1 && !h.bonded && c.gap <= k.bond.gap[r]) {
        h.bonded = true;
        if (h.state == 0) h.state = 1;    // the bond makes the contact active, at any gap within the bond's
        if (k.pbond) clear_slots(slot + k.nb, 8);    // a parallel bond starts without force or moment
        tally.events.bonds_made += w2;
      } else if (k.bond.mode[r] == 2) {
        h.bonded = false;
      }
    }
  const int state_before = h.state;
  // setup: what the layout keeps implicitly, and a restart file's conversions (stored)
  const bool converted = !advance && state_before != 0 && h.complete(c.n);
  dem::ContactResult r = advance ? Law::template step<ENERGY, EXTRA>(p, c, k.dt, h) : Law::replay(p, c, k.dt, h);
  // rolling resistance: only pairs of types with it have its slots; at setup a new contact takes a
  // first step (not stored)
  RollingOutcome roll{{0.0, 0.0, 0.0}, 0.0, 0.0};
  const bool rolls = k.rolling && p.roll.model != dem::ROLL_NONE;
  if (rolls) {
    const bool step = advance || state_before == 0;
    roll = a.template rolling<ENERGY>(i, j, p, c.n, c.r1, c.r2, r.kn, r.ks, h.fn, slot + k.nl, step, advance, k.dt);
    if (step) {
      r.d_slip += roll.d_slip;
      h.e_slip += roll.d_slip;
    }
  }
  // a parallel bond, in parallel with the law's contact while bonded
  dem::BondOutcome pb;
  const bool pbonded = EXTRA && k.pbond && h.bonded && Law::parallel_bond(p).on;
  if (pbonded) {
    pb = dem::parallel_bond_step(Law::parallel_bond(p), c, a.omega(j) - a.omega(i), k.dt, slot + k.nb, orient, advance,
                                 advance);
    if (pb.broke) h.bonded = false;
    r.d_break += pb.released;
    if (!r.bond_broke) r.bond_broke = pb.broke;
  }
  if (advance || converted) h.store(slot, 1.0, k.parts);

  const Vec3 Fc = EXTRA ? r.force - f_adh * c.n : r.force;    // on j; i gets -F
  const Vec3 F = pbonded ? Fc + pb.force : Fc;
  Vec3 ti, tj;
  dem::contact_torques(c, F, ti, tj);
  tally.contact(i, j, j_owned, F, ti, tj, rolls || pbonded, pbonded ? roll.moment + pb.moment : roll.moment);
  if constexpr (TALLY) {
    double strain = Law::strain_energy(p, h, r.kn, r.ks);
    if (rolls) strain += roll.strain;
    if (pbonded) strain += pb.strain;
    tally.sums.e_strain += w * strain;
    if constexpr (EXTRA) {    // the pair's energy is the stored energy, the adhesive potential included
      tally.sums.e_adhesive += w * phi;
      strain += phi;
    }
    tally.virial(i, j, j_owned, strain, d, F);
  }
  if constexpr (ENERGY) {
    tally.sums.e_slip += w * r.d_slip;
    tally.sums.e_dashpot += w * r.d_dashpot;
    tally.sums.e_plastic += w * r.d_plastic;
    if constexpr (EXTRA) tally.sums.e_break += w * r.d_break;
  }
  if (EXTRA && k.bond.any) {
    tally.events.bonded += h.bonded ? w2 : 0;
    tally.events.broke_tension += r.bond_broke == 1 ? w2 : 0;
    tally.events.broke_shear += r.bond_broke == 2 ? w2 : 0;
  }
  // events change the state (0 new, 1 active, 2 slipping), so one rare test finds them
  if (advance && h.state != state_before) {
    tally.events.activated += state_before == 0 ? w2 : 0;
    tally.events.slip_start += h.slipping() ? w2 : 0;
    tally.events.slip_end += state_before == 2 ? w2 : 0;
  }
}

}    // namespace DEM_NS
