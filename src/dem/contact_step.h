// One contact of the dem/* styles, between two balls (the pair styles) or a ball and a wall (fix
// wall/dem): everything a contact does once its caller has found it, written once for both:
//   contact_reach    how far the contact reaches (its parts' reach: holding, bonds, adhesion)
//   contact_step     a contact within reach: the law's step with its parts (parts/part.h), the
//                    storing of the history, and what the contact applies, stores and dissipates
//                    (StepOutcome)
//   release_contact  a contact that left the reach: its last half step of dashpot work and what its
//                    parts give up (ReleaseOutcome)
// The callers keep only what differs: how they find a contact and its history slots (the
// neighbour list and the pair's reach test; a wall's slots in a per-ball row), and where the forces,
// energies and events go. A wall is body 2 of its contacts: spin 0, immovable (frozen), infinite
// radius (dem/wall.h). No LAMMPS here: it runs inside Kokkos kernels.
//
// History slots of a contact (StepConstants): the law's values (Law::History) as seen from body 1,
// then the values of the law's parts that have some, in the order of Law::Parts (the rolling
// moment, 3; the parallel bond's, 8; the flat joint's, 41), each only where the run keeps them.
// Vectors are forces on body 2 and flip when the partner atom takes the contact over; both history
// fixes then negate every slot, so scalars, which must read back unchanged, are read times the
// record's orientation (the sign of its state slot, ContactHistory::orientation).
//
// Bodies: the two bodies as the step reads them, only where a part needs them (most contacts need
// none): w1(), w2() spins; m1(), m2() masses and frozen1(), frozen2() (Rocky's constant adhesion,
// rolling's inertia); id1(), id2() the atoms' IDs (a bond's drawn strengths); adhesion() the
// contact's adhesion (read only with ADHESION); and
// rolling<ENERGY>(p, n, r1, r2, kn, ks, fn, slots, step, store, dt), which calls rolling_contact
// (the CPU pair loop calls it out of line, so that loops without rolling keep their registers).
// A reach's source: adhesion(), params() and in_group(bit) (both bodies in the group).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "parts/adhesion.h"
#include "parts/bonds.h"
#include "parts/flat_joint.h"
#include "parts/holding.h"
#include "parts/parallel_bond.h"
#include "parts/rolling.h"

namespace dem {

// The same for every contact of a step.
struct StepConstants {
  double dt;
  int parts;     // the HistoryParts of the law's values (a compile-time constant where possible)
  int nl, nh;    // slots of the law's values; of a contact, its parts' values included
  int at[MAX_PARTS];    // where part k of Law::Parts keeps its values (if kept)
  unsigned kept;        // bit k: part k's values are kept and the loop runs it
  bool rgap;            // some pair of types has a reference gap
  bool hold;            // some pair of types holds its contacts beyond g_s = 0 (holding, bonds)
  BondStep bond;
};

// A loop's StepConstants: the law's values (law_parts), then the parts' values that
// history_parts keeps; optional: the loop runs the optional parts (EXTRA, and not the common
// settings alone), else it runs the common ones only.
template <class Law>
DEM_INLINE StepConstants step_constants(double dt, int law_parts, int history_parts, bool optional,
                                        bool rgap, bool hold, const BondStep &bond)
{
  StepConstants k{dt, law_parts, Law::History::slots(law_parts), 0, {}, 0u, rgap, hold, bond};
  k.nh = Law::Parts::place(history_parts, optional, k.nl, k.at, k.kept);
  return k;
}

// What the parts see of a contact in the making (parts/part.h): its slots, where a part's values
// are, and the loop's flags
template <class Law_, bool STRAIN_, bool ENERGY_, int EXTRA_, bool ADHESION_, class Slots>
struct PartSlots {
  using Law = Law_;
  static constexpr bool STRAIN = STRAIN_, ENERGY = ENERGY_, ADHESION = ADHESION_;
  static constexpr int EXTRA = EXTRA_;
  Slots slot;
  const StepConstants &k;
  double orient;    // the record's orientation (ContactHistory::orientation)
  template <class P> DEM_INLINE bool kept() const
  {
    return (k.kept >> Law::Parts::template index<P>()) & 1u;
  }
  template <class P> DEM_INLINE Slots slots_of() const
  {
    return slot + k.at[Law::Parts::template index<P>()];
  }
  DEM_INLINE typename Law::History stored_history() const
  {
    return Law::History::load(slot, orient, k.parts);
  }
};

// A contact within reach, during contact_step (its history, the law's result and the outcome are
// contact_step's locals: a compiler keeps them in registers more readily than members)
template <class Law, bool STRAIN, bool ENERGY, int EXTRA, bool ADHESION, class Bodies, class Slots>
struct ContactWork : PartSlots<Law, STRAIN, ENERGY, EXTRA, ADHESION, Slots> {
  const typename Law::Params &p;
  const Bodies &b;
  const Contact &c;
  bool touched, advance;
  unsigned bond_pair;          // bit r: dem_bond request r applies (BondsPart)
  typename Law::History &h;    // as loaded, changed by the step
  ContactResult &r;            // the law's step
  StepOutcome &out;
  double f_adh = 0.0;    // the attraction (AdhesionPart)
  int state_before = 0;
};

// A contact that left the reach, during release_contact
template <class Law, bool ENERGY, int EXTRA, bool ADHESION, class Bodies, class Slots>
struct ReleaseWork : PartSlots<Law, false, ENERGY, EXTRA, ADHESION, Slots> {
  const typename Law::Params &p;
  const Bodies &b;
  const Contact &c;
  int flag;
  const typename Law::History &h;    // as stored
};

// A stored contact as compute pair/local reports it (PairDEM::single; host code): the parts'
// columns (PartList::columns) and what they add to the contact's energy and force
template <class Law, class Bodies, class Slots>
struct ColumnWork : PartSlots<Law, false, false, true, true, Slots> {
  const typename Law::Params &p;
  const Bodies &b;
  const Contact &c;
  const typename Law::History &h;    // as stored
  double kn, ks;                     // the law's stiffnesses now
  double f_adh;                      // the adhesive force of the last step
  double o;         // 1 if body 1 has the smaller ID, else -1 (the columns' particle 1)
  Vec3 s, t;        // the contact plane's axes, as seen from particle 1
  double strain;    // the stored energy: the law's, plus the parts'
  double fn;        // the normal force on body 2 along n: the law's (-h.fn), less the parts'
  Vec3 fs{0.0, 0.0, 0.0};    // the parts' shear force on body 2
};

// A contact's reach, during contact_reach
template <class Source, class Slots> struct ReachWork {
  const Source &src;
  const StepConstants &k;
  double rsum;      // the radii's sum (0 against a wall: the reach is a contact gap)
  double r1, r2;    // the radii (a wall's: INFINITY)
  int touch;        // the contact's flag: it has a record
  Slots slot;
  double reach;
  unsigned bond_pair = 0;
  DEM_INLINE decltype(auto) params() const { return src.params(); }
  DEM_INLINE decltype(auto) adhesion() const { return src.adhesion(); }
  DEM_INLINE bool in_group(int bit) const { return src.in_group(bit); }
};

// The reach of a contact of radii r1, r2 (against a wall r2 = INFINITY: the reach is then a contact
// gap) whose law reaches `reach` (the radii's sum and the reference gap), with the parts a loop
// with flags EXTRA and ADHESION runs; its bond_pair for contact_step
template <class Law, int EXTRA, bool ADHESION, class Source, class Slots>
DEM_INLINE ReachWork<Source, Slots> contact_reach(const Source &src, const StepConstants &k,
                                                  double r1, double r2, int touch, Slots slot,
                                                  double reach)
{
  ReachWork<Source, Slots> x{src, k, r2 == INFINITY ? 0.0 : r1 + r2, r1, r2, touch, slot, reach};
  Law::Parts::template reach<EXTRA, ADHESION>(x);
  return x;
}

// What a contact with a record (flag != 0, slots `slot`) gives up as it leaves the reach (ENERGY:
// its energies; EXTRA, ADHESION: the parts the loop runs). The caller clears its slots.
template <class Law, bool ENERGY, int EXTRA, bool ADHESION = (EXTRA != 0), class Bodies,
          class Slots>
DEM_INLINE ReleaseOutcome release_contact(const typename Law::Params &p, const Bodies &b,
                                          const Contact &c, Slots slot, int flag,
                                          const StepConstants &k)
{
  using History = typename Law::History;
  const double orient = History::orientation(slot);
  const History h = History::load(slot, orient, k.parts);
  const ReleaseWork<Law, ENERGY, EXTRA, ADHESION, Bodies, Slots> x{
      {slot, k, orient}, p, b, c, flag, h};
  ReleaseOutcome out;
  if constexpr (ENERGY) out.d_dashpot = release_dissipation(h, c, k.dt);
  Law::Parts::release(x, out);
  return out;
}

// The contact c of parameters p, within its caller's reach, its record in `slot` (touched: the
// record exists; else the slots are zero and become its record if the law's contact starts, unless
// room is false). bond_pair: bit r set if dem_bond request r of k.bond applies to the contact.
// STRAIN: the stored energies wanted; ENERGY: book the dissipation (energy tracking, and advance);
// EXTRA: the optional parts may be on (the law's own, holding, bonds; their code is compiled in only
// then); ADHESION: adhesion may be on (b.adhesion() is read only then). advance: a normal step
// (false during LAMMPS's setup: stored forces are replayed, see replay_force in pfc.h; the history
// is not advanced).
template <class Law, bool STRAIN, bool ENERGY, int EXTRA, bool ADHESION = (EXTRA != 0),
          class Bodies, class Slots>
DEM_INLINE StepOutcome contact_step(const typename Law::Params &p, const Bodies &b,
                                    const Contact &c, Slots slot, bool touched, bool room,
                                    unsigned bond_pair, const StepConstants &k, bool advance)
{
  using History = typename Law::History;
  using Parts = typename Law::Parts;
  StepOutcome out;
  History h;
  ContactResult r;
  ContactWork<Law, STRAIN, ENERGY, EXTRA, ADHESION, Bodies, Slots> x{
      {slot, k, History::orientation(slot)}, p, b, c, touched, advance, bond_pair, h, r, out};
  if (!Parts::engage(x)) return out;
  if (!room && !touched) {
    out.what = STEP_NO_ROOM;
    return out;
  }
  h = History::load(slot, x.orient, k.parts);
  Parts::before_law(x);
  x.state_before = h.state;
  // setup: what the layout keeps implicitly, and a restart file's conversions (stored)
  const bool converted = !advance && x.state_before != 0 && h.complete(c.n);
  const bool replaced = Parts::replaces_law(x);    // (a part carries the contact: the flat joint)
  if (replaced)
    r = ContactResult{};
  else if (!Parts::steps_law(x))
    r = advance ? Law::template step<ENERGY, (EXTRA != 0)>(p, c, k.dt, h)
                : Law::replay(p, c, k.dt, h);
  out.force = r.force;
  if constexpr (STRAIN) out.strain = replaced ? 0.0 : Law::strain_energy(p, h, r.kn, r.ks);
  Parts::after_law(x);
  if (advance || converted) h.store(slot, 1.0, k.parts);

  if constexpr (ENERGY) {
    out.d_slip = r.d_slip;
    out.d_dashpot = r.d_dashpot;
    out.d_plastic = r.d_plastic;
    if constexpr (EXTRA) out.d_break = r.d_break;
  }
  out.state_before = x.state_before;
  out.state = h.state;
  out.activated = r.activated;
  out.kn += r.kn;    // (a bond's stiffness added by its part)
  out.cn = r.cn;
  out.bonded = h.bonded;
  out.broke_tension += r.bond_broke == 1;
  out.broke_shear += r.bond_broke == 2;
  return out;
}

}    // namespace dem
