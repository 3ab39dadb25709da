// The contact parts and what they share. A contact is its law plus the parts its pair of types
// uses (rolling resistance, adhesion, holding, bonds, the parallel bond); each part is one header
// in this folder, a struct with this fixed interface (all static, each hook optional: PartBase
// has empty ones):
//   keywords       its pair_coeff keywords and the values each allows (keyword_count of them);
//                  own_keywords: they are kept apart from the law's (adhesion's, the same for every law)
//   group          the loops that compile it in: PART_COMMON every loop, PART_EXTRA the loops with
//                  the optional parts (EXTRA), PART_ADHESION those with adhesion (ADHESION),
//                  PART_JOINT those with the optional parts and joints (EXTRA == EXTRA_JOINTS: the
//                  flat joint's step, kept out of the kernels of runs without joints)
//   history_bit    its HistoryParts bit (0: no values of its own), slots: its values per contact,
//                  is_vector_slot(k): which are vector components, history_text: what they are
//   uses(p)        whether a pair of types' parameters use it; holds(p), hold_reach(p, rsum,
//                  gap_max): whether and how far its contacts hold beyond touching (the cutoff)
//   reach(x)       what it adds to the reach of a contact (x: a ReachWork, contact_step.h)
//   engage(x)      before the contact's history is read: may end the contact (returns false)
//   before_law(x)  on the contact's history before the law's step (x: a ContactWork)
//   replaces_law(x)  whether it carries the contact instead of the law (the flat joint): the law's
//                  step is skipped, its force and history stay 0
//   steps_law(x)   whether it took the law's step itself, into x.r, with values of the contact's
//                  own (drawn contact-bond strengths); else the contact step takes it
//   after_law(x)   after the law's step: adds its force, moment and energies to x.out
//   release(x, o)  a contact that left the reach: what it gives up (x: a ReleaseWork, o: a
//                  ReleaseOutcome)
//   column_count, columns(x, out)   its columns of compute pair/local, from the stored contact
//                  (x: a ColumnWork; host code)
//   outputs        the names of the energies and events of compute pair it books into (the
//                  energy balance's terms, shared by every part: StepOutcome, ReleaseOutcome)
//   finite(x)      whether its force, moment and energies stay finite on a probe contact at the
//                  particles' scale (x: a ProbeWork; host code, the pair styles' check at init)
//   mix<Law>(m, x), check<Law>(m, x)   its mixing (mixing.h): the pair's parameters x.p (and its
//                  adhesion x.adhesion) from the types' keyword values; check runs once every part
//                  of the list has mixed (for what excludes another part; host code)
// A law lists its parts in its Parts member (one line, e.g. LinearLaw::Parts): the contact step,
// the history layout, the reach and the checks that follow are folds over that list, in its order.
// No LAMMPS here: it runs inside Kokkos kernels.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "../adhesion.h"
#include "../keywords.h"
#include "../mixing.h"
#include "../pfc.h"

#include <type_traits>

namespace dem {

enum PartGroup { PART_COMMON, PART_EXTRA, PART_ADHESION, PART_JOINT };
constexpr int MAX_PARTS = 8;    // parts in a law's list
// a loop's EXTRA: 0 without the optional parts, EXTRA_PARTS with them, EXTRA_JOINTS also with the
// parts of group PART_JOINT (flat joints)
constexpr int EXTRA_PARTS = 1, EXTRA_JOINTS = 2;

template <class Slots> DEM_INLINE void clear_slots(Slots s, int n)
{
  for (int k = 0; k < n; k++) s[k] = 0.0;
}

// A record (flag set) whose law has stepped (its state is not 0 "new"): a contact that has formed
template <class Slots> DEM_INLINE bool formed(int flag, Slots slot)
{
  return flag != 0 && slot[ContactHistory::STATE_SLOT] != 0.0;
}

// The strain energy the law's history h of contact c stores, at the contact's stiffnesses
template <class Law>
DEM_INLINE double stored_strain_energy(const typename Law::Params &p, const Contact &c,
                                       const typename Law::History &h)
{
  double kn, ks;
  Law::stiffness(p, c, h, kn, ks);
  return Law::strain_energy(p, h, kn, ks);
}

enum StepEnd {
  STEP_CONTACT,     // the law's contact acts (force, couple), with its parts
  STEP_ADHESION,    // Rocky's adhesion alone acts (a central force); the law's contact is open
  STEP_ENDED,       // nothing acts: a JKR contact broke, or adhesion alone with no force
  STEP_NO_ROOM      // the law's contact would start but the caller has no slots for it (room false)
};

// What a contact applies and what its step did (contact_step): the law's and its parts'. Energies
// are this contact's, unweighted.
struct StepOutcome {
  int what = STEP_CONTACT;
  bool released = false;         // its record was cleared (a contact that had one and ended)
  Vec3 force{0.0, 0.0, 0.0};     // on body 2 (body 1 receives -force)
  Vec3 moment{0.0, 0.0, 0.0};    // the couple on body 2 (rolling, parallel bond; body 1: -moment)
  bool couple = false;           // moment may be nonzero
  double strain = 0.0;           // stored energy now: the law's, rolling's, the bond's (STRAIN)
  double phi = 0.0;              // the adhesive potential now
  double d_slip = 0.0, d_dashpot = 0.0, d_plastic = 0.0, d_break = 0.0,
         d_adh_loss = 0.0;    // (ENERGY)
  int state_before = 0,
      state = 0;                // the law's state (0 new, 1 active, 2 slipping) before and after
  bool activated = false;       // the law's activation flag (ContactResult::activated)
  double kn = 0.0, cn = 0.0;    // the contact's normal stiffness now: the law's (Hertz: tangent)
                                // and a bond's (parallel bond; a flat joint's instead of the
                                // law's), and the law's dashpot coefficient (a wall servo's gain)
  bool bonded = false;          // bonded after the step
  int broke_tension = 0;        // bonds (a flat joint: its elements) that broke in tension
  int broke_shear = 0;          // ... in shear
  bool bond_made = false;       // a dem_bond request bonded it
};

// What a contact that left the reach gives up (release_contact): energies with ENERGY
struct ReleaseOutcome {
  double d_dashpot = 0.0;     // the last half of its dashpot work
  double d_break = 0.0;       // the strain energy a holding contact or a bond took along
  double d_adh_loss = 0.0;    // the adhesive energy an attached contact lost
  bool bond_broke = false;    // a bond carried beyond its reach broke in tension
  bool stretched = false;     // ... beyond the reach the neighbour lists hold (listed_bond_reach)
};

// What the mixing of a pair of types makes: its parameters and its adhesion (kept apart: adhesion's
// keywords are the same for every law)
template <class Params> struct Mixed {
  Params &p;
  Adhesion &adhesion;
};

// A probe contact (the pair styles' and the wall fix's check that the values given stay finite at
// the particles' scale): the law's result r of probe step `step` (0, 1) of contact c between
// masses m1, m2 (a wall: m2 0, wall true) with relative spin wrel; a part's finite() adds the
// magnitude of a force it applies to `force`, which must not move the particles out of scale
template <class L> struct ProbeWork {
  using Law = L;
  const typename Law::Params &p;
  const Adhesion &adhesion;
  const Contact &c;
  const ContactResult &r;
  double m1, m2;
  bool wall;
  Vec3 wrel;
  double dt;
  int step;
  double force = 0.0;
};

struct PartBase {
  static constexpr Keyword keywords[1] = {{"", 0}};
  static constexpr int keyword_count = 0;
  static constexpr bool own_keywords = false;
  static constexpr const char *outputs[1] = {""};
  static constexpr int output_count = 0;
  static constexpr int group = PART_EXTRA;
  static constexpr int history_bit = 0, slots = 0;
  static constexpr const char *history_text = "";
  static bool is_vector_slot(int) { return false; }    // whether its value k is a vector component
  template <class Params> DEM_INLINE static bool uses(const Params &) { return false; }
  // whether a contact of these parameters, once formed, holds beyond g_s = 0; how far at most
  // (rsum: the largest radii's sum; gap_max: the largest gap bonds were made at), for the cutoff
  template <class Params> DEM_INLINE static bool holds(const Params &) { return false; }
  template <class Params> DEM_INLINE static double hold_reach(const Params &, double, double)
  {
    return 0.0;
  }
  template <class X> DEM_INLINE static void reach(X &) {}
  template <class X> DEM_INLINE static bool engage(X &) { return true; }
  template <class X> DEM_INLINE static void before_law(X &) {}
  template <class X> DEM_INLINE static bool replaces_law(const X &) { return false; }
  template <class X> DEM_INLINE static bool steps_law(X &) { return false; }
  template <class X> DEM_INLINE static void after_law(X &) {}
  template <class X, class Out> DEM_INLINE static void release(const X &, Out &) {}
  static constexpr int column_count = 0;
  template <class X> static void columns(X &, double *) {}
  template <class Law, class M, class X> static bool mix(M &, X &) { return true; }
  template <class Law, class M, class X> static bool check(M &, X &) { return true; }
  template <class X> static bool finite(X &) { return true; }
};

// A loop with these flags compiles part P in
template <class P, int EXTRA, bool ADHESION>
inline constexpr bool compiled_in = P::group == PART_COMMON || (P::group == PART_EXTRA && EXTRA) ||
    (P::group == PART_ADHESION && ADHESION) || (P::group == PART_JOINT && EXTRA == EXTRA_JOINTS);

template <class... P> struct PartList {
  static constexpr int count = sizeof...(P);
  static_assert(count <= MAX_PARTS);

  // the position of part Q in the list (count if absent)
  template <class Q> DEM_INLINE static constexpr int index()
  {
    constexpr bool same[] = {std::is_same_v<P, Q>..., false};
    int k = 0;
    while (k < count && !same[k]) k++;
    return k;
  }
  template <class Q> DEM_INLINE static constexpr bool has() { return index<Q>() < count; }

  // the keywords of the parts, after the law's (not those the parts keep apart): their number, and
  // a copy into out from position n (returns the position after them)
  static constexpr int keyword_count = (0 + ... + (P::own_keywords ? 0 : P::keyword_count));
  static constexpr int copy_keywords(Keyword *out, int n)
  {
    ((n = copy_keywords_of<P>(out, n)), ...);
    return n;
  }

  // the parts' columns of compute pair/local, after the law's: their number, where part Q's start
  // (after the law's), and their values (out: the first of the parts' columns)
  static constexpr int column_count = (0 + ... + P::column_count);
  template <class Q> static constexpr int column_of()
  {
    constexpr int counts[] = {P::column_count..., 0};
    int n = 0;
    for (int k = 0; k < index<Q>(); k++) n += counts[k];
    return n;
  }
  template <class X> static void columns(X &x, double *out)
  {
    ((P::columns(x, out), out += P::column_count), ...);
  }

  // the HistoryParts bits of the parts with values, and the values a layout's parts keep
  static constexpr int history_bits = (0 | ... | P::history_bit);
  DEM_INLINE static constexpr int slots(int parts)
  {
    return (0 + ... + ((parts & P::history_bit) ? P::slots : 0));
  }

  // where the values of the parts whose bits history_parts keeps go, after the first n slots (at[k]:
  // part k's first; kept: bit k where the loop runs part k, a common one or any with `optional`);
  // returns the slots of a contact
  DEM_INLINE static int place(int history_parts, bool optional, int n, int (&at)[MAX_PARTS],
                              unsigned &kept)
  {
    int k = 0;
    ((place_one<P>(history_parts, optional, k++, n, at, kept)), ...);
    return n;
  }
  // whether value k after the law's values of a layout with parts `parts` is a vector component
  static bool is_vector_slot(int k, int parts)
  {
    const int bits[] = {P::history_bit..., 0}, values[] = {P::slots..., 0};
    bool (*const vector[])(int) = {&P::is_vector_slot..., nullptr};
    for (int m = 0; m < count; m++) {
      if (!(parts & bits[m])) continue;
      if (k < values[m]) return vector[m](k);
      k -= values[m];
    }
    return false;
  }
  // the names of the optional values a layout with parts `parts` keeps, for messages
  template <class Out> static void describe(int parts, Out &&out)
  {
    ((parts & P::history_bit ? out(P::history_text) : void()), ...);
  }

  // the HistoryParts bits of the parts a pair of types uses
  template <class Params> DEM_INLINE static int history_bits_of(const Params &p)
  {
    return (0 | ... | (P::uses(p) ? P::history_bit : 0));
  }
  // whether a pair of types uses an optional part (one of group PART_EXTRA or PART_JOINT); a joint
  template <class Params> DEM_INLINE static bool uses_optional(const Params &p)
  {
    return (false || ... || ((P::group == PART_EXTRA || P::group == PART_JOINT) && P::uses(p)));
  }
  template <class Params> DEM_INLINE static bool uses_joint(const Params &p)
  {
    return (false || ... || (P::group == PART_JOINT && P::uses(p)));
  }
  template <class Params> DEM_INLINE static bool holds(const Params &p)
  {
    return (false || ... || P::holds(p));
  }
  template <class Params>
  DEM_INLINE static double hold_reach(const Params &p, double rsum, double gap_max)
  {
    double r = 0.0;
    ((r = r > P::hold_reach(p, rsum, gap_max) ? r : P::hold_reach(p, rsum, gap_max)), ...);
    return r;
  }

  // whether part Q is in the list and a pair of types' parameters use it
  template <class Q, class Params> DEM_INLINE static bool uses(const Params &p)
  {
    if constexpr (has<Q>())
      return Q::uses(p);
    else
      return false;
  }

  template <int EXTRA, bool ADHESION, class X> DEM_INLINE static void reach(X &x)
  {
    (reach_one<P, EXTRA, ADHESION>(x), ...);
  }
  template <class X> DEM_INLINE static bool engage(X &x) { return (engage_one<P>(x) && ...); }
  template <class X> DEM_INLINE static void before_law(X &x) { (before_one<P>(x), ...); }
  template <class X> DEM_INLINE static bool replaces_law(const X &x)
  {
    return (false || ... || replaces_one<P>(x));
  }
  template <class X> DEM_INLINE static bool steps_law(X &x)
  {
    return (false || ... || steps_one<P>(x));
  }
  template <class X> DEM_INLINE static void after_law(X &x) { (after_one<P>(x), ...); }
  template <class X, class Out> DEM_INLINE static void release(const X &x, Out &o)
  {
    (release_one<P>(x, o), ...);
  }

  template <class X> static bool finite(X &x) { return (P::finite(x) && ...); }
  // whether f(Part{}) holds for every part (compile-time checks)
  template <class F> static constexpr bool all(F f) { return (f(P{}) && ...); }

  // the parts' mixing, in the list's order, then their checks (m.part<Q>(at): the mixer of part Q,
  // whose keywords start at `at` in the law's table unless it keeps its own)
  template <class Law, class M, class X> static bool mix(M &m, X &x)
  {
    int at = Law::keyword_count;
    if (!(mix_one<P, Law, false>(m, at, x) && ...)) return false;
    at = Law::keyword_count;
    return (mix_one<P, Law, true>(m, at, x) && ...);
  }

 private:
  // part Q's mix (or, CHECK, its check), its keywords at `at`; moves `at` past them
  template <class Q, class Law, bool CHECK, class M, class X>
  static bool mix_one(M &m, int &at, X &x)
  {
    auto mq = m.template part<Q>(at);
    if (!Q::own_keywords) at += Q::keyword_count;
    if constexpr (CHECK)
      return Q::template check<Law>(mq, x);
    else
      return Q::template mix<Law>(mq, x);
  }
  template <class Q> static constexpr int copy_keywords_of(Keyword *out, int n)
  {
    if (!Q::own_keywords)
      for (int k = 0; k < Q::keyword_count; k++) out[n++] = Q::keywords[k];
    return n;
  }
  template <class Q>
  DEM_INLINE static void place_one(int history_parts, bool optional, int k, int &n,
                                   int (&at)[MAX_PARTS], unsigned &kept)
  {
    if (!Q::history_bit || !(history_parts & Q::history_bit)) return;
    at[k] = n;
    n += Q::slots;
    if (Q::group == PART_COMMON || optional) kept |= 1u << k;
  }
  template <class Q, int EXTRA, bool ADHESION, class X> DEM_INLINE static void reach_one(X &x)
  {
    if constexpr (compiled_in<Q, EXTRA, ADHESION>) Q::reach(x);
  }
  template <class Q, class X> DEM_INLINE static bool engage_one(X &x)
  {
    if constexpr (compiled_in<Q, X::EXTRA, X::ADHESION>)
      return Q::engage(x);
    else
      return true;
  }
  template <class Q, class X> DEM_INLINE static void before_one(X &x)
  {
    if constexpr (compiled_in<Q, X::EXTRA, X::ADHESION>) Q::before_law(x);
  }
  template <class Q, class X> DEM_INLINE static bool replaces_one(const X &x)
  {
    if constexpr (compiled_in<Q, X::EXTRA, X::ADHESION>)
      return Q::replaces_law(x);
    else
      return false;
  }
  template <class Q, class X> DEM_INLINE static bool steps_one(X &x)
  {
    if constexpr (compiled_in<Q, X::EXTRA, X::ADHESION>)
      return Q::steps_law(x);
    else
      return false;
  }
  template <class Q, class X> DEM_INLINE static void after_one(X &x)
  {
    if constexpr (compiled_in<Q, X::EXTRA, X::ADHESION>) Q::after_law(x);
  }
  template <class Q, class X, class Out> DEM_INLINE static void release_one(const X &x, Out &o)
  {
    if constexpr (compiled_in<Q, X::EXTRA, X::ADHESION>) Q::release(x, o);
  }
};

}    // namespace dem
