// One contact of the dem/* styles, between two balls (the pair styles) or a ball and a wall (fix
// wall/dem): everything a contact does once its caller has found it, written once for both:
//   contact_step     a contact within reach: adhesion, the dem_bond requests, the law's step,
//                    rolling resistance, the parallel bond, the storing of the history, and what
//                    the contact applies, stores and dissipates (StepOutcome)
//   release_contact  a contact that left the reach: its last half step of dashpot work, the strain
//                    energy a holding contact or a bond takes along, the adhesive energy lost
// The callers keep only what differs: how they find a contact and its history slots (the
// neighbour list and the pair's reach test; a wall's slots in a per-ball row), and where the forces,
// energies and events go. A wall is body 2 of its contacts: spin 0, immovable (frozen), infinite
// radius (dem/wall.h). No LAMMPS here: it runs inside Kokkos kernels.
//
// History slots of a contact (StepConstants): the law's values (Law::History) as seen from body 1,
// then the rolling moment (3, when some pair of types has rolling resistance), then the parallel
// bond's values (8). Vectors are forces on body 2 and flip when the partner atom takes the contact
// over; both history fixes then negate every slot, so scalars, which must read back unchanged, are
// read times the record's orientation (the sign of its state slot, ContactHistory::orientation).
//
// Bodies: the two bodies as the step reads them, only where a part needs them (most contacts need
// none): w1(), w2() spins; m1(), m2() masses and frozen1(), frozen2() (Rocky's constant adhesion,
// rolling's inertia); adhesion() the contact's adhesion (read only with EXTRA); and
// rolling<ENERGY>(p, n, r1, r2, kn, ks, fn, slots, step, store, dt), which calls rolling_contact
// below (the CPU pair loop calls it out of line, so that loops without rolling keep their registers).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "adhesion.h"
#include "pbond.h"
#include "rolling.h"

namespace dem {

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
struct StepConstants {
  double dt;
  int parts;       // the HistoryParts of the law's values (a compile-time constant where possible)
  int nl, nh;      // slots of the law's values; of a contact, the rolling moment and the bond included
  int nb;          // where the parallel bond's values start (pbond)
  bool rgap;       // some pair of types has a reference gap
  bool hold;       // some pair of types holds its contacts beyond g_s = 0 (Law::hold_gap)
  bool rolling;    // some pair of types has rolling resistance: its moment follows at slot nl
  bool pbond;      // some pair of types takes parallel bonds: their values follow at slot nb
  BondStep bond;
};

// ---- adhesion (adhesion.h has the models) ------------------------------------------------------

// An attached contact: one with a kept record (flag) that the law has stepped (its stored state is
// not 0 "new"). A JKR contact holds past zero overlap only while attached.
template <class Slots> DEM_INLINE bool adhesion_attached(int flag, Slots slots)
{
  return flag != 0 && slots[ContactHistory::STATE_SLOT] != 0.0;
}

// The reach (centre distance, or contact gap with rsum 0) of a contact with adhesion a, touching at
// rsum, whose law reaches `reach`: Rocky's models reach their adhesive distance, JKR its separation
// distance once attached (a.range: the farthest for the radii in the run)
template <class Slots>
DEM_INLINE double adhesion_reach(const Adhesion &a, double reach, double rsum, int flag, Slots slots)
{
  if (a.model == ADH_NONE || (a.model == ADH_JKR && !adhesion_attached(flag, slots))) return reach;
  const double r = rsum + a.range;
  return r > reach ? r : reach;
}

// What adhesion does to a contact within reach this step.
enum AdhesionCase {
  ADH_WITH_LAW,    // the law's contact is active; the adhesive force adds to its force
  ADH_ALONE,       // Rocky's adhesion at a gap where the law's contact is open (its history is released)
  ADH_BROKEN       // a JKR contact stretched past its separation distance breaks (history released)
};
struct ContactAdhesion {
  double f = 0.0;      // attraction (>= 0): body 2 receives -f n
  double phi = 0.0;    // its potential (adhesion.h)
  int what = ADH_WITH_LAW;
};

// a: the contact's adhesion (a.estar set for JKR); R* = effective_radius (R1 against a wall); m1,
// m2 and frozen1, frozen2: the bodies' masses and whether they are frozen (Rocky's constant model
// weighs the lighter, or the free, body).
template <class Law>
DEM_INLINE ContactAdhesion contact_adhesion(const Adhesion &a, const typename Law::Params &p, const Contact &c,
                                            double m1, double m2, bool frozen1, bool frozen2)
{
  ContactAdhesion out;
  if (a.model == ADH_JKR) {
    const double reff = effective_radius(c.r1, c.r2);
    if (c.gap > -jkr_separation(a.w, reff, a.estar)) out.what = ADH_BROKEN;
    else out.f = jkr_adhesion(-c.gap, a.w, reff, a.estar, out.phi);
  } else if (a.model != ADH_NONE) {
    double kn = 0.0, ks;
    if (a.model == ADH_LINEAR) Law::stiffness(p, c, typename Law::History{}, kn, ks);
    const double m = frozen1 ? m2 : frozen2 ? m1 : (m1 < m2 ? m1 : m2);
    out.f = rocky_adhesion(a, c.gap, m, kn, out.phi);
    if (c.gap - p.rgap > 0.0) out.what = ADH_ALONE;
  }
  return out;
}

// The adhesive energy lost when an attached contact between radii r1 and r2 ends (JKR: what is
// left of its potential at the break); 0 for Rocky's models, whose potential is 0 where they end.
DEM_INLINE double adhesion_loss(const Adhesion &a, double r1, double r2)
{
  return a.model == ADH_JKR ? jkr_break_loss(a.w, effective_radius(r1, r2), a.estar) : 0.0;
}

// ---- rolling resistance (rolling.h) ---------------------------------------------------------

// The rolling moment on body 2 (body 1 receives -moment), the rolling dissipation of the step and
// the rolling spring's energy.
struct RollingOutcome {
  Vec3 moment;
  double d_slip, strain;
};

// The rolling resistance of a contact, the one way its input is built: w1, w2, m1, m2 and
// frozen1, frozen2 of the bodies, kn and ks the law's stiffnesses of the step, fn its normal
// force. The moment in slots m is advanced by a step if `step` (and stored if `store`), else the
// stored one acts.
template <class Law, bool ENERGY, class Slots>
DEM_INLINE RollingOutcome rolling_contact(const typename Law::Params &p, Vec3 n, double r1, double r2, Vec3 w1, Vec3 w2,
                                          double m1, bool frozen1, double m2, bool frozen2, double kn, double ks,
                                          double fn, Slots m, bool step, bool store, double dt)
{
  ContactResult r;    // (what Law::rolling_ks reads)
  r.kn = kn;
  r.ks = ks;
  const RollingInput in{w2 - w1, n, effective_radius(r1, r2), -fn, Law::rolling_ks(p, r),
                        rolling_inertia(m1, r1, frozen1, m2, r2, frozen2)};
  Vec3 moment = load_rolling(m);
  RollingOutcome out{moment, 0.0, 0.0};
  if (step) {
    const RollingResult rr = rolling_step<ENERGY>(p.roll, in, dt, moment);
    out.moment = rr.moment;
    out.d_slip = rr.d_slip;
    if (store) store_rolling(m, moment);
  }
  out.strain = rolling_strain_energy(p.roll, in, moment);
  return out;
}

// ---- holding contacts and bonds -------------------------------------------------------------

// How far beyond the gap it was made at a bond of particles of radii summing to rsum is kept in the
// neighbour lists (the pair cutoff): its reach (Law::hold_gap: a weaker bond breaks in tension
// sooner), but no more than rsum, so that a bond too strong to break in tension (an "unbreakable"
// one) runs with a cutoff of at most twice the contact's. A bond stretched farther without breaking
// stops the run rather than leave the lists unnoticed.
DEM_INLINE double listed_bond_reach(double reach, double rsum) { return reach < rsum ? reach : rsum; }

// How far beyond g_s = 0 the contact in `slot` of a pair of parameters p holds, if it has formed
// (its flag and its state set): bonded, Law::hold_gap(p, true, rsum) beyond the largest gap of the
// bonds (bond_gap_max), else Law::hold_gap(p); 0 if it has not formed
template <class Law, class Slots>
DEM_INLINE double held_gap(const typename Law::Params &p, int touch, Slots slot, double bond_gap_max, double rsum)
{
  if (touch == 0 || slot[ContactHistory::STATE_SLOT] == 0.0) return 0.0;
  return ContactHistory::bonded_in(slot) ? listed_bond_reach(Law::hold_gap(p, true, rsum), rsum) + bond_gap_max
                                         : Law::hold_gap(p);
}

// The strain energy a holding contact (bonded, or with Law::hold_gap) takes along when it breaks
// (else 0: the others open at g_s = 0 with no force): from its history as stored; for one that
// holds (hold_gap) the mean of that and of the energy the step would have brought it to, the work
// velocity Verlet lets its forces do over the step, as for a bond that breaks (pbond.h)
template <class Law, class Slots>
DEM_INLINE double break_energy(const typename Law::Params &p, const Contact &c, Slots slot, int parts, double dt)
{
  using History = typename Law::History;
  if (slot[ContactHistory::STATE_SLOT] == 0.0) return 0.0;    // never formed: no state
  const History h = History::load(slot, History::orientation(slot), parts);
  if (!h.bonded && !(Law::hold_gap(p) > 0.0)) return 0.0;
  double kn, ks;
  Law::stiffness(p, c, h, kn, ks);
  const double stored = Law::strain_energy(p, h, kn, ks);
  if (h.bonded) return stored;
  History end = h;
  const ContactResult r = Law::template step<false>(p, c, dt, end);
  return 0.5 * (stored + Law::strain_energy(p, end, r.kn, r.ks));
}

template <class Slots> DEM_INLINE void clear_slots(Slots s, int n)
{
  for (int k = 0; k < n; k++) s[k] = 0.0;
}

// ---- a contact that left the reach ----------------------------------------------------------

struct ReleaseOutcome {
  double d_dashpot = 0.0;     // the last half of its dashpot work
  double d_break = 0.0;       // the strain energy a holding contact or a bond took along
  double d_adh_loss = 0.0;    // the adhesive energy an attached contact lost
};

// What a contact with a record (flag != 0, slots `slot`) gives up as it leaves the reach (EXTRA:
// holding and bonds may be on; ADHESION: adhesion may be on, b.adhesion() is read only then). The
// caller clears its slots.
template <class Law, bool EXTRA, bool ADHESION = EXTRA, class Bodies, class Slots>
DEM_INLINE ReleaseOutcome release_contact(const typename Law::Params &p, const Bodies &b, const Contact &c, Slots slot,
                                          int flag, const StepConstants &k)
{
  using History = typename Law::History;
  ReleaseOutcome out;
  out.d_dashpot = release_dissipation(History::load(slot, History::orientation(slot), k.parts), c, k.dt);
  if constexpr (EXTRA) {
    if (k.hold) out.d_break += break_energy<Law>(p, c, slot, k.parts, k.dt);
    if (k.pbond && Law::parallel_bond(p).on && ContactHistory::bonded_in(slot)) {
      const ParallelBond pb = Law::parallel_bond(p);
      const BondForces f = BondForces::load(slot + k.nb, History::orientation(slot));
      out.d_break += bond_strain_energy(bond_geometry(pb, c.r1, c.r2), f);
    }
  }
  if constexpr (ADHESION)
    if (adhesion_attached(flag, slot)) out.d_adh_loss = adhesion_loss(b.adhesion(), c.r1, c.r2);
  return out;
}

// ---- a contact within reach ------------------------------------------------------------------

enum StepEnd {
  STEP_CONTACT,     // the law's contact acts (force, couple), with adhesion and bond
  STEP_ADHESION,    // Rocky's adhesion alone acts (a central force); the law's contact is open
  STEP_ENDED,       // nothing acts: a JKR contact broke, or adhesion alone with no force
  STEP_NO_ROOM      // the law's contact would start but the caller has no slots for it (room false)
};

// What a contact applies and what its step did. Energies are this contact's, unweighted.
struct StepOutcome {
  int what = STEP_CONTACT;
  bool released = false;            // its record was cleared (a contact that had one and ended)
  Vec3 force{0.0, 0.0, 0.0};        // on body 2 (body 1 receives -force)
  Vec3 moment{0.0, 0.0, 0.0};       // the couple on body 2 (rolling, parallel bond; body 1: -moment)
  bool couple = false;              // moment may be nonzero
  double strain = 0.0;              // stored energy now: the law's, rolling's, the bond's (STRAIN)
  double phi = 0.0;                 // the adhesive potential now
  double d_slip = 0.0, d_dashpot = 0.0, d_plastic = 0.0, d_break = 0.0, d_adh_loss = 0.0;    // (ENERGY)
  int state_before = 0, state = 0;  // the law's state (0 new, 1 active, 2 slipping) before and after
  bool activated = false;           // the law's activation flag (ContactResult::activated)
  bool bonded = false;              // bonded after the step
  int bond_broke = 0;               // a bond broke: 1 in tension, 2 in shear
  bool bond_made = false;           // a dem_bond request bonded it
};

// The contact c of parameters p, within its caller's reach, its record in `slot` (touched: the
// record exists; else the slots are zero and become its record if the law's contact starts, unless
// room is false). bond_pair: bit r set if dem_bond request r of k.bond applies to the contact.
// STRAIN: the stored energies wanted; ENERGY: book the dissipation (energy tracking, and advance);
// EXTRA: the optional parts may be on (the law's own, holding, bonds; their code is compiled in only
// then); ADHESION: adhesion may be on (b.adhesion() is read only then). advance: a normal step
// (false during LAMMPS's setup: stored forces are replayed, see replay_force in pfc.h; the history
// is not advanced).
template <class Law, bool STRAIN, bool ENERGY, bool EXTRA, bool ADHESION = EXTRA, class Bodies, class Slots>
DEM_INLINE StepOutcome contact_step(const typename Law::Params &p, const Bodies &b, const Contact &c, Slots slot,
                                    bool touched, bool room, unsigned bond_pair, const StepConstants &k, bool advance)
{
  using History = typename Law::History;
  StepOutcome out;
  const double orient = History::orientation(slot);
  double f_adh = 0.0;    // the attraction (along -n on body 2)
  if constexpr (ADHESION) {
    const ContactAdhesion pa = contact_adhesion<Law>(b.adhesion(), p, c, b.m1(), b.m2(), b.frozen1(), b.frozen2());
    f_adh = pa.f;
    out.phi = pa.phi;
    if (pa.what != ADH_WITH_LAW) {    // broken (JKR) or Rocky's adhesion alone: the law's contact ends
      const bool broken = pa.what == ADH_BROKEN;    // (only an attached contact reaches it)
      if (ENERGY && touched) out.d_dashpot = release_dissipation(History::load(slot, orient, k.parts), c, k.dt);
      if (ENERGY && broken) out.d_adh_loss = adhesion_loss(b.adhesion(), c.r1, c.r2);
      if (touched) clear_slots(slot, k.nh);
      out.released = touched;
      out.what = broken || f_adh == 0.0 ? STEP_ENDED : STEP_ADHESION;
      out.force = (-f_adh) * c.n;    // central: no torque
      return out;
    }
  }
  if (!room && !touched) {
    out.what = STEP_NO_ROOM;
    return out;
  }
  History h = History::load(slot, orient, k.parts);
  if (EXTRA && bond_pair)
    for (int r = 0; r < BondStep::MAX_REQUESTS; r++) {    // (a constant bound: unrolled, the
      if (r >= k.bond.requests) break;                      // request arrays stay in registers)
      if (!(bond_pair >> r & 1u)) continue;
      if (k.bond.mode[r] == 1 && !h.bonded && c.gap <= k.bond.gap[r]) {
        h.bonded = true;
        if (h.state == 0) h.state = 1;    // the bond makes the contact active, at any gap within the bond's
        if (k.pbond) clear_slots(slot + k.nb, 8);    // a parallel bond starts without force or moment
        out.bond_made = true;
      } else if (k.bond.mode[r] == 2) {
        h.bonded = false;
      }
    }
  const int state_before = h.state;
  // setup: what the layout keeps implicitly, and a restart file's conversions (stored)
  const bool converted = !advance && state_before != 0 && h.complete(c.n);
  ContactResult r = advance ? Law::template step<ENERGY, EXTRA>(p, c, k.dt, h) : Law::replay(p, c, k.dt, h);
  // rolling resistance: only contacts whose parameters have it have its slots; at setup a new
  // contact takes a first step (not stored)
  RollingOutcome roll{{0.0, 0.0, 0.0}, 0.0, 0.0};
  const bool rolls = k.rolling && p.roll.model != ROLL_NONE;
  if (rolls) {
    const bool step = advance || state_before == 0;
    roll = b.template rolling<ENERGY>(p, c.n, c.r1, c.r2, r.kn, r.ks, h.fn, slot + k.nl, step, advance, k.dt);
    if (step) {
      r.d_slip += roll.d_slip;
      h.e_slip += roll.d_slip;
    }
  }
  // a parallel bond, in parallel with the law's contact while bonded
  BondOutcome pb;
  const bool pbonded = EXTRA && k.pbond && h.bonded && Law::parallel_bond(p).on;
  if (pbonded) {
    pb = parallel_bond_step(Law::parallel_bond(p), c, b.w2() - b.w1(), k.dt, slot + k.nb, orient, advance, advance);
    if (pb.broke) h.bonded = false;
    r.d_break += pb.released;
    if (!r.bond_broke) r.bond_broke = pb.broke;
  }
  if (advance || converted) h.store(slot, 1.0, k.parts);

  const Vec3 Fc = ADHESION ? r.force - f_adh * c.n : r.force;
  out.force = pbonded ? Fc + pb.force : Fc;
  out.couple = rolls || pbonded;
  out.moment = pbonded ? roll.moment + pb.moment : roll.moment;
  if constexpr (STRAIN) {
    out.strain = Law::strain_energy(p, h, r.kn, r.ks);
    if (rolls) out.strain += roll.strain;
    if (pbonded) out.strain += pb.strain;
  }
  if constexpr (ENERGY) {
    out.d_slip = r.d_slip;
    out.d_dashpot = r.d_dashpot;
    out.d_plastic = r.d_plastic;
    if constexpr (EXTRA) out.d_break = r.d_break;
  }
  out.state_before = state_before;
  out.state = h.state;
  out.activated = r.activated;
  out.bonded = h.bonded;
  out.bond_broke = r.bond_broke;
  return out;
}

}    // namespace dem
